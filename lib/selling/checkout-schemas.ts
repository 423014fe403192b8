import { z } from "zod";
import { emailSchema } from "@/lib/accounts/account-schemas";
import { parseReais } from "@/lib/money/money";
import { sellingStrings } from "@/lib/strings/selling";
import { cpfDigits, isValidCpf } from "./cpf";

// The checkout's input (api.md, Buying): POST /api/checkout/{blockId}
// {name, email, cpf?, amountCents?}, the same schema for the JSON call and the
// checkout page's form (posted without JavaScript: its fields are strings,
// and a tip's amount is typed in reais or chosen among the suggested ones).

const s = sellingStrings;

const optionalText = z
  .string()
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : null));

/**
 * The checkout page's form names a tip's amount `valor` (a suggested amount in
 * centavos, or "outro" with `outroValor` typed in reais): read as amountCents.
 */
function formAmount(raw: unknown): unknown {
  if (!raw || typeof raw !== "object" || !("valor" in raw)) return raw;
  const { valor, outroValor, ...rest } = raw as { valor?: unknown; outroValor?: unknown };
  if (valor !== "outro") return { ...rest, amountCents: valor };
  const typed = typeof outroValor === "string" ? parseReais(outroValor) : null;
  return { ...rest, amountCents: typed ?? -1 };
}

const checkoutFields = z.object({
  name: z
    .string({ error: s.buyerNameMin })
    .transform((v) => v.trim().replace(/\s+/g, " "))
    .pipe(z.string().min(1, s.buyerNameMin).max(100, s.buyerNameMax)),
  email: emailSchema.pipe(z.string().max(254)),
  cpf: optionalText.refine((v) => v === null || isValidCpf(v), s.invalidCpf).transform((v) => (v === null ? null : cpfDigits(v))),
  amountCents: z
    .union([z.number(), z.string()], { error: s.invalidAmount })
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === "") return null;
      const n = typeof v === "number" ? v : Number(v);
      if (!Number.isSafeInteger(n) || n <= 0) {
        ctx.addIssue({ code: "custom", message: s.invalidAmount });
        return z.NEVER;
      }
      return n;
    }),
});

export const checkoutSchema = z.preprocess(formAmount, checkoutFields);

export type CheckoutInput = z.output<typeof checkoutFields>;

/** The order link's token (`?t=`): 43 base64url characters. */
export const orderTokenSchema = z.string().regex(/^[\w-]{43}$/);
export const orderIdSchema = z.object({ id: z.string().min(1).max(64) });
