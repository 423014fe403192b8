import { normalizeLinkUrl } from "./link/link-url";
import { linksStrings } from "@/lib/strings/links";
import { defineBlockKind } from "../block-kind";
import { linkLook } from "./link-look";

// The link kind (lib/blocks/block-kind.ts): its look (link-look.tsx) and what checks and shows its data.

export const linkKind = defineBlockKind({
  ...linkLook,
  address: { parse: normalizeLinkUrl, invalid: linksStrings.invalidUrl },
  data: null,
  counts: true,
  can: { highlight: true, sensitive: true, thumbnail: true, openInApp: true },
  csv: true,
  example: { kind: "link", title: "Meu site", url: "https://exemplo.com.br" },
});
