import { ShoppingBag } from "lucide-react";
import { formatReais } from "@/lib/money/money";
import { sellingLookStrings } from "@/lib/strings/selling-kinds";
import { defineBlockLook, type BlockViewProps } from "../block-kind";
import { CheckoutButton } from "./checkout-button";

const t = sellingLookStrings;

/** What the drawing reads of `block.product`: the public fields (toPublic) or, in the owner's preview, the stored data. */
interface ShownProduct {
  description?: string | null;
  priceCents?: number;
  soldOut?: boolean;
  paused?: boolean;
}

/**
 * A product (api.md, Selling with Pix): its image (the block's thumbnail),
 * title, description and price, and a 'Comprar' link to its checkout page,
 * which works without any script. Sold out or not for sale now, a plain
 * notice takes the link's place. Never its address nor its file: the public
 * fields have neither.
 */
function ProductView({ block, look, preview, page, homeUrl }: BlockViewProps) {
  const product = (block.product ?? {}) as ShownProduct;
  const notice = product.paused ? t.paused : product.soldOut ? t.soldOut : null;
  const label = `${t.buy}: ${block.title}`;
  const action = notice ? (
    <p className="vp-prods">{notice}</p>
  ) : (
    <CheckoutButton text={t.buy} href={`${homeUrl}${page.username}/comprar/${block.id}`} label={label} look={look} preview={preview} />
  );
  return (
    <li className="vp-prod">
      {block.thumbnailUrl ? <img className="vp-prodi" src={block.thumbnailUrl} alt="" width={88} height={88} loading="lazy" /> : null}
      <div className="vp-prodb">
        <p className="vp-prodt">{block.title}</p>
        {product.description ? <p className="vp-prodd">{product.description}</p> : null}
        {typeof product.priceCents === "number" ? <p className="vp-price">{formatReais(product.priceCents)}</p> : null}
        {action}
      </div>
    </li>
  );
}

export const productLook = defineBlockLook({
  name: "product",
  View: ProductView,
  text: { add: t.addProductTitle, addHint: t.addProductSubtitle, edit: t.editProductTitle, badge: t.productBadge, added: t.productAdded },
  rowIcon: ShoppingBag,
  menu: { icon: ShoppingBag, sells: true },
  css:
    ".vp-prod{display:flex;gap:12px;padding:12px;border-radius:16px;background:#fff;color:#1c1917;text-align:left;box-shadow:0 1px 3px rgba(0,0,0,.12)}" +
    ".vp-prodi{flex:none;width:88px;height:88px;border-radius:12px;object-fit:cover}" +
    ".vp-prodb{flex:1;min-width:0}" +
    ".vp-prodt{margin:0;font-size:17px;font-weight:700;overflow-wrap:anywhere}" +
    ".vp-prodd{margin:4px 0 0;font-size:14px;white-space:pre-line;overflow-wrap:anywhere}" +
    ".vp-price{margin:6px 0 10px;font-size:18px;font-weight:800;white-space:nowrap}" +
    ".vp-prod .vp-btn{min-height:44px;padding:10px 16px;justify-content:center}" +
    ".vp-prod .vp-btn::after{display:none}" +
    ".vp-prod .vp-btn span{flex:none;text-align:center}" +
    ".vp-prods{margin:0;padding:10px 16px;border-radius:999px;background:#e7e5e4;color:#44403c;font-weight:700;text-align:center}",
});
