import { BrandIcon } from "@/components/profile/brand-icon";
import { blocksStrings } from "@/lib/strings/blocks";
import { defineBlockLook, type BlockViewProps } from "../block-kind";

const t = blocksStrings;

/**
 * A Pix block: a button that opens the code, its QR code and a copy button.
 * <details> opens without any script; the page's script counts the opening
 * as a click and shows the copy button (hidden without it: the code can still
 * be selected and copied by hand).
 */
function PixView({ block, look, preview }: BlockViewProps) {
  const button = (
    <>
      <BrandIcon kind="pix" />
      <span>{block.title}</span>
    </>
  );
  if (preview || !block.pixCode) {
    return (
      <li>
        <div {...look}>{button}</div>
      </li>
    );
  }
  const field = `pix-${block.id}`;
  return (
    <li>
      <details className="vp-pix" data-link-id={block.id}>
        <summary {...look}>{button}</summary>
        <div className="vp-pixb">
          {/* pixQr is SVG markup drawn by the server from the code (lib/pix/pix-qr.ts), never user text. */}
          {block.pixQr ? <div className="vp-qr" role="img" aria-label={t.pixQrAlt} dangerouslySetInnerHTML={{ __html: block.pixQr }} /> : null}
          <p>{t.pixHowTo}</p>
          <label htmlFor={field}>{t.pixCodeLabel}</label>
          <textarea id={field} readOnly rows={3} defaultValue={block.pixCode} spellCheck={false} />
          <button type="button" data-copy={field} data-ok={t.pixCopied} hidden>
            {t.pixCopy}
          </button>
          <p className="vp-ok" role="status" />
        </div>
      </details>
    </li>
  );
}

export const pixLook = defineBlockLook({
  name: "pix",
  View: PixView,
  text: { add: t.addPixTitle, addHint: t.addPixSubtitle, edit: t.editPixTitle, badge: t.pixBadge, added: t.pixAdded },
  rowIcon: "pix",
  menu: { icon: "qr" },
});
