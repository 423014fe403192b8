import type { BlockViewProps } from "../block-kind";

/**
 * A selling block's button: a link to its checkout page on the public page,
 * the same look without a link in the owner's preview (nothing there is
 * bought). The product and the tip draw theirs with it.
 */
export function CheckoutButton({
  text,
  href,
  label,
  look,
  preview,
}: {
  text: string;
  href: string;
  label?: string;
  look: BlockViewProps["look"];
  preview?: boolean;
}) {
  return preview ? (
    <div {...look}>
      <span>{text}</span>
    </div>
  ) : (
    <a className={look.className} style={look.style} href={href} aria-label={label}>
      <span>{text}</span>
    </a>
  );
}
