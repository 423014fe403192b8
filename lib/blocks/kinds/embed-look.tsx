import { Music2 } from "lucide-react";
import { BrandIcon } from "@/components/profile/brand-icon";
import { embedShape, parseEmbedUrl } from "./embed/embed-url";
import { blocksStrings } from "@/lib/strings/blocks";
import { defineBlockLook, type BlockViewProps } from "../block-kind";
import { linkLook } from "./link-look";

const t = blocksStrings;

/**
 * A YouTube or Spotify player. Nothing is asked of the provider until play:
 * the page's script swaps the stand-in for the player's frame. A player
 * flagged sensitive is drawn as a plain button to its short link, which warns
 * before sending the visitor to the provider.
 */
function EmbedView(props: BlockViewProps) {
  const { block, preview } = props;
  const embed = block.url && !block.sensitive ? parseEmbedUrl(block.url) : null;
  if (!embed || !block.url) return linkLook.View({ ...props, block: { ...block, openInApp: false } });
  return (
    <li className={`vp-emb vp-emb-${embedShape(embed)}`}>
      <a
        className="vp-embp"
        href={block.url}
        target="_blank"
        rel="noopener noreferrer"
        data-link-id={preview ? undefined : block.id}
        data-embed={preview ? undefined : embed.playerUrl}
        aria-label={t.play(block.title)}
      >
        {block.thumbnailUrl ? <img src={block.thumbnailUrl} alt="" width={640} height={360} loading="lazy" /> : null}
        <span className="vp-play" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
            <path d="M8 5.5v13l11-6.5z" fill="currentColor" />
          </svg>
        </span>
        <span className="vp-embt">
          <BrandIcon kind={embed.provider === "spotify" ? "spotify" : "youtube"} size={18} />
          <span>{block.title}</span>
        </span>
      </a>
    </li>
  );
}

export const embedLook = defineBlockLook({
  name: "embed",
  View: EmbedView,
  text: { add: t.addEmbedTitle, addHint: t.addEmbedSubtitle, edit: t.editEmbedTitle, badge: t.embedBadge, added: t.embedAdded },
  menu: { icon: Music2 },
});
