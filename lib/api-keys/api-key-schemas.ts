import { z } from "zod";
import { apiStrings } from "@/lib/strings/api";
import { API_SCOPES } from "@/lib/permissions/api-scopes";

// POST /api/keys: the form 'Chaves de API' and the handler share it.

export const createApiKeySchema = z.object({
  name: z.string({ error: apiStrings.nameRequired }).trim().min(1, apiStrings.nameRequired).max(60),
  scopes: z
    .array(z.enum(API_SCOPES, { error: apiStrings.unknownScope }), { error: apiStrings.scopesRequired })
    .min(1, apiStrings.scopesRequired)
    .transform((s) => [...new Set(s)]),
  /** Usernames; absent or empty: every page the account manages. */
  pages: z.array(z.string().trim().toLowerCase().min(1).max(40)).max(50).optional(),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

export const apiKeyIdParams = z.object({ id: z.string().min(1).max(64) });
