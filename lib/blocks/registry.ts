import type { z } from "zod";
import type { BlockKind } from "./block-kind";
import { addBlockLook } from "./looks";
import { embedKind } from "./kinds/embed";
import { headerKind } from "./kinds/header";
import { linkKind } from "./kinds/link";
import { pixKind } from "./kinds/pix";
import { productKind } from "./kinds/product";
import { subscribeKind } from "./kinds/subscribe";
import { tipKind } from "./kinds/tip";

// The block kinds, in the order the dashboard offers them. Adding a kind:
// write its module in lib/blocks/kinds/ (see block-kind.ts), add it here, its
// look to looks.ts and give it an editor in components/blocks/block-editors.tsx
// (README, "Adding a block kind"). Everything else asks this file; no other
// file names a kind (lib/blocks/kind-names.test.ts).

export const BLOCK_KINDS = [linkKind, headerKind, pixKind, embedKind, subscribeKind, productKind, tipKind] as const;

export type AnyBlockKind = (typeof BLOCK_KINDS)[number];
export type BlockKindName = AnyBlockKind["name"];

/** The data fields kinds show in the API (`pix`, `subscribe`): every link object carries each, null for other kinds. */
type FieldOf<K extends AnyBlockKind> = NonNullable<K["data"]> extends { field: infer F extends string } ? F : never;
type DataOf<K extends AnyBlockKind> = NonNullable<K["data"]> extends { schema: z.ZodType<infer D, unknown> } ? D : never;
export type BlockDataFields = { [K in AnyBlockKind as FieldOf<K>]: DataOf<K> | null };

/** A set of kinds and what the app asks of it. The app has one (`blocks`); a test may build one with a kind of its own, or register one in the app's. */
export interface BlockRegistry {
  readonly kinds: readonly BlockKind[];
  readonly names: [string, ...string[]];
  /** A stored or sent kind's module; an unknown name is not a kind (callers refuse it, or leave the row off). */
  get: (name: string) => BlockKind | undefined;
  /** The kinds whose presses count as clicks. */
  readonly counted: string[];
  /** The kinds with their own data (each one's API field and schema). */
  readonly withData: BlockKind[];
}

interface GrowingRegistry extends BlockRegistry {
  add(kind: BlockKind): () => void;
}

function growingRegistry(initial: readonly BlockKind[]): GrowingRegistry {
  let kinds = [...initial];
  const byName = new Map<string, BlockKind>();
  for (const k of kinds) {
    if (byName.has(k.name)) throw new Error("Two block kinds share a name");
    byName.set(k.name, k);
  }
  return {
    get kinds() {
      return kinds;
    },
    get names() {
      return kinds.map((k) => k.name) as [string, ...string[]];
    },
    get: (name) => byName.get(name),
    get counted() {
      return kinds.filter((k) => k.counts).map((k) => k.name);
    },
    get withData() {
      return kinds.filter((k) => k.data !== null);
    },
    add(kind) {
      if (byName.has(kind.name)) throw new Error("Two block kinds share a name");
      byName.set(kind.name, kind);
      kinds = [...kinds, kind];
      return () => {
        byName.delete(kind.name);
        kinds = kinds.filter((k) => k !== kind);
      };
    },
  };
}

export function createBlockRegistry(kinds: readonly BlockKind[]): BlockRegistry {
  return growingRegistry(kinds);
}

const appRegistry = growingRegistry(BLOCK_KINDS as unknown as readonly BlockKind[]);

export const blocks: BlockRegistry = appRegistry;

/**
 * Adds a kind to the app's own registry, and its look to the looks, while a
 * test runs (a kind written in the test alone goes through the whole app:
 * lib/blocks/kind-module.integration.test.ts). Returns its removal. The API's
 * POST schema was built at start with the app's kinds and does not take it.
 */
export function registerBlockKind(kind: BlockKind): () => void {
  const removeKind = appRegistry.add(kind);
  const removeLook = addBlockLook(kind);
  return () => {
    removeLook();
    removeKind();
  };
}

export function isBlockKind(name: string): name is BlockKindName {
  return blocks.get(name) !== undefined;
}
