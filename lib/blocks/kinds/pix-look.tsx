import { QrCode } from "lucide-react";
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
function PixView({ block, look, preview, tools }: BlockViewProps) {
  const code = typeof block.pixCode === "string" ? block.pixCode : null;
  const button = (
    <>
      <BrandIcon kind="pix" />
      <span>{block.title}</span>
    </>
  );
  if (preview || !code) {
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
          {/* SVG markup drawn by the server from the code (lib/qr/pix-qr.ts), never user text. */}
          {tools ? <div className="vp-qr" role="img" aria-label={t.pixQrAlt} dangerouslySetInnerHTML={{ __html: tools.qrSvg(code) }} /> : null}
          <p>{t.pixHowTo}</p>
          <label htmlFor={field}>{t.pixCodeLabel}</label>
          <textarea id={field} readOnly rows={3} defaultValue={code} spellCheck={false} />
          <button type="button" data-copy={field} data-ok={t.pixCopied} hidden>
            {t.pixCopy}
          </button>
          <p className="vp-ok" role="status" />
        </div>
      </details>
    </li>
  );
}

/** The Pix mark, the dashboard row's icon. */
function PixIcon() {
  return <BrandIcon kind="pix" size={18} />;
}

export const pixLook = defineBlockLook({
  name: "pix",
  View: PixView,
  text: { add: t.addPixTitle, addHint: t.addPixSubtitle, edit: t.editPixTitle, badge: t.pixBadge, added: t.pixAdded },
  rowIcon: PixIcon,
  menu: { icon: QrCode },
});
