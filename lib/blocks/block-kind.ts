import type { ComponentType, CSSProperties, ReactNode } from "react";
import type { z } from "zod";
import type { FormFlash } from "@/lib/server/form-post";

// A block kind is one module (lib/blocks/kinds/<name>.tsx, its look beside
// it in <name>-look.tsx, what its blocks do in the visitor's browser in
// kinds/<name>/) that says everything the app needs to know about it: what it
// stores, how its input is checked, whether its presses count, what the
// public page shows and runs, how it is exported and how the dashboard names
// it. The rest of the app asks the registry (lib/blocks/registry.ts) or, to
// draw only, the looks (lib/blocks/looks.ts). A module is server-safe and
// client-safe: no database, no browser API. Its editor is kept apart, in
// components/blocks/block-editors.tsx, typed so that every kind has one.

/** What a block's public drawing is given. */
export interface BlockViewProps {
  block: PublicBlockView;
  /** The page's button look for this block (highlighted or not). */
  look: { className: string; style: CSSProperties };
  /** The dashboard's phone preview: no form, no player, no counting marks. */
  preview: boolean;
  /** The page's owner-facing facts a drawing may need. */
  page: { username: string; name: string };
  /** The app's address with a trailing slash (short links, forms). */
  homeUrl: string;
  /** The page's section heading element (h2 on the page, p in the preview). */
  Section: "h2" | "p";
  /** What the server offers a drawing on the public page (absent in the browser's preview). */
  tools?: PageTools;
}

/** The server's drawing tools (components/profile/render-profile.ts): a QR code as inline SVG markup. */
export interface PageTools {
  qrSvg: (text: string) => string;
}

/** A block's answer after its form was posted without JavaScript (the kind's `notice`). */
export type BlockNotice = { error: boolean } & Pick<FormFlash, "message" | "errors" | "values">;

/**
 * A block as the page draws it: the public JSON's link, with the public
 * fields its kind adds (`toPublic`), which only its own drawing reads.
 */
export interface PublicBlockView {
  id: string;
  kind?: string;
  title: string;
  url: string | null;
  highlighted?: boolean;
  thumbnailUrl?: string | null;
  sensitive?: boolean;
  openInApp?: boolean;
  /** Its answer after a form post without JavaScript (the kind's `notice`). */
  notice?: BlockNotice;
  /** The kind's own public fields: only its drawing reads them. */
  [field: string]: unknown;
}

/** An icon the dashboard draws for a kind (its row, its 'Outros blocos' entry). */
export type BlockIcon = ComponentType<{ className?: string }>;

/**
 * How a kind's form, posted without JavaScript, comes back: its handler
 * answers with a 303 to the page with `?<param>=…`, and the page is drawn for
 * that visitor alone with each block's answer. `read` gets the parameter's
 * value, the address's other parameters and the refused form's flash (its
 * messages, lib/server/form-post.ts), and says what one block of the kind
 * shows, or null.
 */
export interface BlockNoticeSource {
  param: string;
  read: (answer: { value: string; search: URLSearchParams; flash: FormFlash | null }, blockId: string) => BlockNotice | null;
}

/** How a kind stores and checks its `url`. */
export interface BlockAddress {
  /** The stored form of what was typed, or null when this kind refuses it. */
  parse: (url: string) => string | null;
  /** The field message when refused. */
  invalid: string;
  /** A title when none is given (a player is named after its provider); absent: the title is required. */
  titleFrom?: (url: string) => string;
}

/** Whether a sold block may be bought now: what the public page's query reads for each block of a kind that sells (lib/selling/selling-status.ts). */
export interface SaleState {
  /** Selling is on, the page's Mercado Pago account is connected, and a product delivered as a file has its file uploaded. */
  open: boolean;
  /** Its stock is gone (every unit held by a pending or paid order). */
  soldOut: boolean;
}

/** What a paid order of a block gets: the block's private file, an address, or a thank-you. */
export type SaleDelivery = { type: "file" } | { type: "link"; url: string } | { type: "thanks" };

/** A kind whose blocks are sold (api.md, Selling with Pix): what the public page and the checkout ask of one. */
export interface BlockSale<Data = unknown> {
  /** The units it may sell; null: no limit. */
  stock: (data: Data) => number | null;
  /** What a buyer pays (centavos) for the amount asked (a tip's `?valor=`; null when none), or null when that is not on offer. */
  price: (data: Data, asked: number | null) => number | null;
  delivery: (data: Data) => SaleDelivery;
}

/** The kind's own fields, kept in Link.data and shown in the API under `field`. */
export interface BlockData<Field extends string = string, Data = unknown> {
  field: Field;
  schema: z.ZodType<Data, unknown>;
}

export interface BlockKind<Name extends string = string, Field extends string = string, Data = unknown> {
  name: Name;
  /** Its `url`: an address (a link, a player's page) or none (stored as ""; the API shows null). */
  address: BlockAddress | null;
  /** Its own fields, or null. */
  data: BlockData<Field, Data> | null;
  /** A section title: it groups the blocks after it and is not one of them (the preview's "more" count). */
  section?: boolean;
  /** A press counts as a click (and reaches the short link, the click beacon). */
  counts: boolean;
  /** What the owner may set on it. */
  can: { highlight: boolean; sensitive: boolean; thumbnail: boolean; openInApp: boolean };
  /** Its url changing refreshes a picture fetched from its provider (lib/links/embed-poster.ts). */
  poster?: boolean;
  /** A row of the links CSV (title, url): only plain links have one. */
  csv: boolean;
  /**
   * The public fields it adds from its data (the public page's drawing and the
   * API's link object carry them), read on the server (the page's name
   * given); null leaves a row that no longer reads off the page. A kind that
   * sells is also given its block's `sale` state.
   */
  toPublic?: (data: Data, page: { name: string }, sale?: SaleState) => Record<string, unknown> | null;
  /** Its blocks are sold: the page's query reads their state (toPublic's `sale`), the checkout asks this. */
  sale?: BlockSale<Data>;
  /**
   * Its part of the public page's inline script, sent only on a page that
   * shows one of its blocks (the page's CSP hash is computed from what is
   * sent, lib/profile/page-script.ts): the built text of its typed source,
   * `kinds/<name>/<verb-noun>.browser.ts` (one default function given the
   * window, tested as source), which `npm run build` minifies into the
   * `.min.ts` beside it (scripts/build-page-scripts.mjs).
   */
  script?: string;
  /** CSP sources its blocks need on the public page beyond the page's own (a player's frames, a worker). */
  csp?: Partial<Record<"frame-src" | "worker-src", readonly string[]>>;
  /** Its form's answer without JavaScript (a sign-up form's). */
  notice?: BlockNoticeSource;
  /** A shared address (the app's share target) it suits better than a plain link (a player's page). */
  claims?: (url: string) => boolean;
  /** Its drawing on the public page and in the phone preview. */
  View: (props: BlockViewProps) => ReactNode;
  /** A valid POST /api/links body of this kind (the registry's test, the README). */
  example: Record<string, unknown>;
  /** The dashboard's words for it (lib/strings). */
  text: { add: string; addHint: string; edit: string; badge?: string; added?: string };
  /** Its public page styles (added to the page's one stylesheet, components/profile/profile-css.ts). */
  css?: string;
  /** The dashboard row's icon when not drawn from its address or thumbnail. */
  rowIcon?: BlockIcon;
  /** Offered in the dashboard's 'Outros blocos' menu (a plain link is the main button); `sells`: only where selling is on (api.md, Selling with Pix). */
  menu?: { icon: BlockIcon; sells?: boolean };
}

/**
 * What the dashboard and the page draw of a kind: its drawing, styles, words
 * and icons, and nothing that checks data. A module exports it apart
 * (`<name>Look`) so the browser's screens that only draw blocks (the
 * dashboard's rows, menu and phone preview: lib/blocks/looks.ts) take no
 * schema with them. It lives in its own file (`<name>-look.tsx`), so that
 * importing it imports no schema.
 */
export type BlockLook<Name extends string = string> = Pick<BlockKind<Name>, "name" | "section" | "View" | "css" | "text" | "rowIcon" | "menu">;

export function defineBlockLook<Name extends string>(look: BlockLook<Name>): BlockLook<Name> {
  return look;
}

/** A kind, typed by its literal name and data (each module calls this). */
export function defineBlockKind<Name extends string, Field extends string = never, Data = never>(
  kind: BlockKind<Name, Field, Data>,
): BlockKind<Name, Field, Data> {
  return kind;
}
