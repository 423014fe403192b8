import type { BlockLook } from "./block-kind";
import { embedLook } from "./kinds/embed-look";
import { headerLook } from "./kinds/header-look";
import { linkLook } from "./kinds/link-look";
import { pixLook } from "./kinds/pix-look";
import { productLook } from "./kinds/product-look";
import { subscribeLook } from "./kinds/subscribe-look";
import { tipLook } from "./kinds/tip-look";
import type { BlockKindName } from "./registry";

// What the browser's screens that only draw blocks need of each kind (its
// `<name>Look`: drawing, styles, words, icons), without the schemas that
// check its data: the dashboard's rows, its 'Outros blocos' menu and the
// phone preview, and the public page's drawing. Typed by the registry's
// names: a kind without its look does not compile; in the registry's order.

export const BLOCK_LOOKS: { [K in BlockKindName]: BlockLook } = {
  link: linkLook,
  header: headerLook,
  pix: pixLook,
  embed: embedLook,
  subscribe: subscribeLook,
  product: productLook,
  tip: tipLook,
};

const looks = new Map<string, BlockLook>(Object.entries(BLOCK_LOOKS));

/** A kind's look; undefined for a name this build does not know. */
export function blockLook(name: string): BlockLook | undefined {
  return looks.get(name);
}

/** Every kind's look, in the registry's order. */
export const LOOKS: BlockLook[] = [...looks.values()];

/** A test's own kind's look, beside the app's (lib/blocks/registry.ts, registerBlockKind); returns its removal. */
export function addBlockLook(look: BlockLook): () => void {
  looks.set(look.name, look);
  LOOKS.push(look);
  return () => {
    looks.delete(look.name);
    LOOKS.splice(LOOKS.indexOf(look), 1);
  };
}
