import { z } from "zod";
import { sellingDataStrings } from "@/lib/strings/selling-kinds";

// A tip block's own data (Link.data; api.md, Selling with Pix): one to three
// suggested amounts in centavos and whether a supporter may type another. A
// typed amount is checked against the same bounds at checkout (tipAmount).

const t = sellingDataStrings;

export const TIP_MIN_CENTS = 100;
export const TIP_MAX_CENTS = 1_000_000;
export const MAX_TIP_AMOUNTS = 3;

const amount = z.number({ error: t.invalidTipAmount }).int(t.invalidTipAmount).min(TIP_MIN_CENTS, t.invalidTipAmount).max(TIP_MAX_CENTS, t.invalidTipAmount);

export const tipSchema = z.object({
  amountsCents: z.array(amount, { error: t.amountsCount }).min(1, t.amountsCount).max(MAX_TIP_AMOUNTS, t.amountsCount),
  allowCustom: z.boolean({ error: t.invalidAllowCustom }).default(false),
});

export type TipData = z.output<typeof tipSchema>;

/** What a supporter pays for `asked` centavos: a suggested amount, or any within bounds where the block allows it; else null. */
export function tipAmount(data: TipData, asked: number | null): number | null {
  if (asked === null || !Number.isSafeInteger(asked)) return null;
  if (data.amountsCents.includes(asked)) return asked;
  return data.allowCustom && asked >= TIP_MIN_CENTS && asked <= TIP_MAX_CENTS ? asked : null;
}
