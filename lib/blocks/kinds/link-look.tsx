import { BrandIcon } from "@/components/profile/brand-icon";
import { linkIconKind } from "./link/link-icon";
import { linksStrings } from "@/lib/strings/links";
import { defineBlockLook, type BlockViewProps } from "../block-kind";

/**
 * A plain link: a button to an address. A link flagged sensitive, or set to
 * open in the app, goes through its short link (which warns first, or
 * answers an in-app browser with the app's address, and counts the click
 * there); any other is followed directly and counted by the page's beacon.
 */
function LinkView({ block, look, preview, page, homeUrl }: BlockViewProps) {
  const url = block.url ?? "";
  const viaShortLink = !preview && (block.sensitive || block.openInApp);
  return (
    <li>
      <a
        className={look.className}
        href={viaShortLink ? `${homeUrl}${page.username}/${block.id}` : url}
        target={/^(mailto|tel):/i.test(url) ? undefined : "_blank"}
        rel="noopener noreferrer"
        data-link-id={preview || viaShortLink ? undefined : block.id}
        style={look.style}
      >
        {block.thumbnailUrl ? (
          <img className="vp-thumb" src={block.thumbnailUrl} alt="" width={40} height={40} loading="lazy" />
        ) : (
          <BrandIcon kind={linkIconKind(url)} />
        )}
        <span>{block.title}</span>
      </a>
    </li>
  );
}

export const linkLook = defineBlockLook({
  name: "link",
  View: LinkView,
  text: { add: linksStrings.addTitle, addHint: linksStrings.addSubtitle, edit: linksStrings.editTitle },
});
