import { EMBED_FRAME_ORIGINS, embedTitle, parseEmbedUrl } from "./embed/embed-url";
import { blocksStrings } from "@/lib/strings/blocks";
import { defineBlockKind } from "../block-kind";
import { embedLook } from "./embed-look";
import playEmbedScript from "./embed/play-embed.min";

// The embed kind (lib/blocks/block-kind.ts): its look (embed-look.tsx), its part of the public page's script
// (embed/play-embed.browser.ts) and what checks and shows its data.

export const embedKind = defineBlockKind({
  ...embedLook,
  address: {
    parse: (url) => parseEmbedUrl(url)?.url ?? null,
    invalid: blocksStrings.notEmbeddable,
    titleFrom: (url) => {
      const embed = parseEmbedUrl(url);
      return embed ? embedTitle(embed) : "";
    },
  },
  data: null,
  counts: true,
  can: { highlight: true, sensitive: true, thumbnail: true, openInApp: false },
  poster: true,
  csv: false,
  // Play swaps the stand-in for the player's frame (./embed/play-embed.browser.ts), from the players' hosts alone.
  script: playEmbedScript,
  csp: { "frame-src": EMBED_FRAME_ORIGINS },
  claims: (url) => parseEmbedUrl(url) !== null,
  example: { kind: "embed", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" },
});
