import { HandCoins } from "lucide-react";
import { formatReais } from "@/lib/money/money";
import { sellingLookStrings } from "@/lib/strings/selling-kinds";
import { defineBlockLook, type BlockViewProps } from "../block-kind";
import { CheckoutButton } from "./checkout-button";

const t = sellingLookStrings;

/** What the drawing reads of `block.tip`: the public fields (toPublic) or, in the owner's preview, the stored data. */
interface ShownTip {
  amountsCents?: number[];
  allowCustom?: boolean;
  paused?: boolean;
}

/**
 * A tip (api.md, Selling with Pix): its title and each suggested amount as a
 * link to the checkout with that amount (`?valor=` in centavos), and 'Outro
 * valor' where the supporter may type one. No script needed.
 */
function TipView({ block, look, preview, page, homeUrl }: BlockViewProps) {
  const tip = (block.tip ?? {}) as ShownTip;
  const checkout = `${homeUrl}${page.username}/comprar/${block.id}`;
  const button = (text: string, href: string, label?: string) => (
    <CheckoutButton key={href} text={text} href={href} label={label} look={look} preview={preview} />
  );
  return (
    <li className="vp-tip">
      <p className="vp-tipt">{block.title}</p>
      {tip.paused ? (
        <p className="vp-tips">{t.paused}</p>
      ) : (
        <div className="vp-tipa">
          {(tip.amountsCents ?? []).map((cents) => button(formatReais(cents), `${checkout}?valor=${cents}`, t.tipWith(formatReais(cents))))}
          {tip.allowCustom ? button(t.otherAmount, checkout) : null}
        </div>
      )}
    </li>
  );
}

export const tipLook = defineBlockLook({
  name: "tip",
  View: TipView,
  text: { add: t.addTipTitle, addHint: t.addTipSubtitle, edit: t.editTipTitle, badge: t.tipBadge, added: t.tipAdded },
  rowIcon: HandCoins,
  menu: { icon: HandCoins, sells: true },
  css:
    ".vp-tip{padding:16px;border-radius:16px;background:#fff;color:#1c1917;box-shadow:0 1px 3px rgba(0,0,0,.12)}" +
    ".vp-tipt{margin:0 0 10px;font-size:17px;font-weight:700;overflow-wrap:anywhere}" +
    ".vp-tipa{display:flex;flex-wrap:wrap;gap:8px}" +
    ".vp-tipa .vp-btn{flex:1 1 28%;min-width:96px;min-height:44px;padding:10px 12px;justify-content:center}" +
    ".vp-tipa .vp-btn::after{display:none}" +
    ".vp-tipa .vp-btn span{flex:none;text-align:center;white-space:nowrap}" +
    ".vp-tips{margin:0;padding:10px 16px;border-radius:999px;background:#e7e5e4;color:#44403c;font-weight:700}",
});
