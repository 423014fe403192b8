import { defineBlockKind } from "../block-kind";
import { tipAmount, tipSchema } from "./tip/tip-data";
import { tipLook } from "./tip-look";

// The tip kind (lib/blocks/block-kind.ts): its look (tip-look.tsx), its data
// (tip/tip-data.ts) and what the page and the checkout ask of it.

export const tipKind = defineBlockKind({
  ...tipLook,
  address: null,
  data: { field: "tip", schema: tipSchema },
  // The checkout counts its own starts and sales (api.md, The creator's sales).
  counts: false,
  can: { highlight: false, sensitive: false, thumbnail: false, openInApp: false },
  csv: false,
  toPublic: (data, _page, sale) => ({ tip: { amountsCents: data.amountsCents, allowCustom: data.allowCustom, paused: !(sale?.open ?? false) } }),
  sale: {
    stock: () => null,
    price: tipAmount,
    delivery: () => ({ type: "thanks" }),
  },
  example: { kind: "tip", title: "Apoie meu trabalho", tip: { amountsCents: [500, 1000, 2000], allowCustom: true } },
});
