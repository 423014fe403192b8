import { z } from "zod";
import { linktreeStrings } from "@/lib/strings/linktree";

// POST /api/import/linktree's body; the form in 'Adicionar link' sends the same.

export const linktreeImportSchema = z.object({
  url: z.string({ error: linktreeStrings.invalidAddress }).trim().max(300, linktreeStrings.invalidAddress),
  dryRun: z.boolean().default(false),
});

export type LinktreeImportInput = z.infer<typeof linktreeImportSchema>;
