import { buildPixCode } from "@/lib/pix/br-code";
import { pixSchema } from "@/lib/pix/pix-schemas";
import { defineBlockKind } from "../block-kind";
import { pixLook } from "./pix-look";
import copyPixCodeScript from "./pix/copy-pix-code.min";

// The pix kind (lib/blocks/block-kind.ts): its look (pix-look.tsx), its part of the public page's script
// (pix/copy-pix-code.browser.ts) and what checks and shows its data.

export const pixKind = defineBlockKind({
  ...pixLook,
  address: null,
  data: { field: "pix", schema: pixSchema },
  counts: true,
  can: { highlight: true, sensitive: false, thumbnail: false, openInApp: false },
  csv: false,
  toPublic: (data) => ({ pixCode: buildPixCode(data) }),
  // The copy button, hidden without it (./pix/copy-pix-code.browser.ts).
  script: copyPixCodeScript,
  example: {
    kind: "pix",
    title: "Me pague um café",
    pix: { key: "123e4567-e12b-12d1-a456-426655440000", name: "Ana Souza", city: "Recife", amount: 10, message: null },
  },
});
