import type { ComponentType } from "react";
import { EmbedForm } from "@/components/links/embed-form";
import { LinkForm } from "@/components/links/link-form";
import { PixForm } from "@/components/links/pix-form";
import { ProductForm } from "@/components/links/product-form";
import { SubscribeForm } from "@/components/links/subscribe-form";
import { TipForm } from "@/components/links/tip-form";
import type { BlockKindName } from "@/lib/blocks/registry";
import type { LinkDto } from "@/lib/links/link-dto";

// Each block kind's editor (the one part of a kind kept apart from its module
// in lib/blocks, because it runs only in the dashboard's browser). Typed by
// the registry's names: a kind without an editor does not compile.

export interface BlockEditorProps {
  /** The kind's name (the map's key: an editor may serve several kinds, as the link form does a section). */
  kind: string;
  /** The block being edited; absent when adding one. */
  link?: LinkDto;
  /** An address and title to start a new one from (shared from another app). */
  initial?: { url?: string; title?: string };
}

export const BLOCK_EDITORS: { [K in BlockKindName]: { Editor: ComponentType<BlockEditorProps>; wide: boolean } } = {
  link: { Editor: LinkForm, wide: false },
  header: { Editor: LinkForm, wide: false },
  pix: { Editor: PixForm, wide: true },
  embed: { Editor: EmbedForm, wide: true },
  subscribe: { Editor: SubscribeForm, wide: false },
  product: { Editor: ProductForm, wide: false },
  tip: { Editor: TipForm, wide: false },
};
