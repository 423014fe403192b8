import { z } from "zod";
import { sellingDataStrings } from "@/lib/strings/selling-kinds";
import { normalizeLinkUrl } from "../link/link-url";

// A product block's own data (Link.data; api.md, Selling with Pix): its
// description, price in centavos, how a paid order receives it (a private
// file uploaded apart, POST /api/products/{id}/file, or an https address) and
// its stock. Its title is the block's; its image is the block's thumbnail
// (POST /api/links/{id}/thumbnail: the images' pipeline re-encodes it). The
// address and the file never leave the owner's screens (toPublic).

const t = sellingDataStrings;

export const PRICE_MIN_CENTS = 100;
export const PRICE_MAX_CENTS = 1_000_000;
export const DESCRIPTION_MAX = 500;
export const STOCK_MAX = 100_000;
export const DELIVERIES = ["file", "link"] as const;

/** An https address (a bare "exemplo.com/curso" is completed), or null. */
export function deliveryUrl(typed: string): string | null {
  const url = normalizeLinkUrl(typed);
  return url?.startsWith("https://") ? url : null;
}

type Raw = { delivery?: unknown; url?: unknown };

export const productSchema = z
  .object({
    description: z
      .string({ error: t.descriptionMax })
      .transform((v) => v.trim())
      .pipe(z.string().max(DESCRIPTION_MAX, t.descriptionMax))
      .nullish()
      .transform((v) => v || null),
    priceCents: z.number({ error: t.invalidPrice }).int(t.invalidPrice).min(PRICE_MIN_CENTS, t.invalidPrice).max(PRICE_MAX_CENTS, t.invalidPrice),
    delivery: z.enum(DELIVERIES, { error: t.invalidDelivery }),
    url: z.string({ error: t.invalidDeliveryUrl }).nullish(),
    stock: z
      .number({ error: t.invalidStock })
      .int(t.invalidStock)
      .min(1, t.invalidStock)
      .max(STOCK_MAX, t.invalidStock)
      .nullish()
      .transform((v) => v ?? null),
  })
  // Checked even when another field failed, so a form shows every message at once.
  .refine((v) => (v as Raw).delivery !== "link" || deliveryUrl(typeof (v as Raw).url === "string" ? String((v as Raw).url) : "") !== null, {
    path: ["url"],
    message: t.invalidDeliveryUrl,
    when: (payload) => typeof payload.value === "object" && payload.value !== null,
  })
  // An address only for a product delivered by link; a file product keeps none.
  .transform((v) => ({ ...v, url: v.delivery === "link" ? deliveryUrl(v.url ?? "") : null }));

export type ProductData = z.output<typeof productSchema>;
