import { z } from "zod";
import { pixStrings } from "@/lib/strings/pix";
import { parsePixKey } from "./pix-key";
import { toBrCodeText } from "./br-code";

// One schema, two users: the Pix block form and the links API.

const t = pixStrings;

const text = (required: string, max: number, maxMessage: string) =>
  z
    .string({ error: required })
    .transform((v) => v.trim())
    .pipe(z.string().min(1, required).max(max, maxMessage))
    // The code carries ASCII only: a name of accents alone would be empty.
    .refine((v) => toBrCodeText(v, max).length > 0, required);

export const pixSchema = z.object({
  key: z.string({ error: t.invalidKey }).transform((v, ctx) => {
    const key = parsePixKey(v);
    if (!key) {
      ctx.addIssue({ code: "custom", message: t.invalidKey });
      return z.NEVER;
    }
    return key.value;
  }),
  name: text(t.nameRequired, 25, t.nameMax),
  city: text(t.cityRequired, 15, t.cityMax),
  amount: z
    .number({ error: t.invalidAmount })
    .min(0.01, t.invalidAmount)
    .max(999999.99, t.invalidAmount)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, t.invalidAmount)
    .nullish(),
  message: z
    .string({ error: t.messageMax })
    .transform((v) => v.trim())
    .pipe(z.string().max(40, t.messageMax))
    .nullish()
    .transform((v) => v || null),
});

export type PixData = z.output<typeof pixSchema>;
