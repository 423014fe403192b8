import { defineBlockKind } from "../block-kind";
import { headerLook } from "./header-look";

// The header kind (lib/blocks/block-kind.ts): its look (header-look.tsx) and what checks and shows its data.

export const headerKind = defineBlockKind({
  ...headerLook,
  address: null,
  data: null,
  counts: false,
  can: { highlight: false, sensitive: false, thumbnail: false, openInApp: false },
  csv: false,
  example: { kind: "header", title: "Meus cursos" },
});
