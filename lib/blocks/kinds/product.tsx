import { defineBlockKind } from "../block-kind";
import { productSchema } from "./product/product-data";
import { productLook } from "./product-look";

// The product kind (lib/blocks/block-kind.ts): its look (product-look.tsx),
// its data (product/product-data.ts) and what the page and the checkout ask of
// it. Its public fields leave out its address and anything of its file.

export const productKind = defineBlockKind({
  ...productLook,
  address: null,
  data: { field: "product", schema: productSchema },
  // The checkout counts its own starts and sales (api.md, The creator's sales).
  counts: false,
  // Its image is the block's thumbnail, through the images' pipeline.
  can: { highlight: false, sensitive: false, thumbnail: true, openInApp: false },
  csv: false,
  toPublic: (data, _page, sale) => ({
    product: {
      description: data.description,
      priceCents: data.priceCents,
      delivery: data.delivery,
      soldOut: sale?.soldOut ?? false,
      paused: !(sale?.open ?? false),
    },
  }),
  sale: {
    stock: (data) => data.stock,
    price: (data) => data.priceCents,
    delivery: (data) => (data.delivery === "link" && data.url ? { type: "link", url: data.url } : { type: "file" }),
  },
  example: { kind: "product", title: "E-book de receitas", product: { description: "40 receitas de família", priceCents: 2990, delivery: "file" } },
});
