import type { z } from "zod";
import type { BlockKind } from "./block-kind";
import { embedKind } from "./kinds/embed";
import { headerKind } from "./kinds/header";
import { linkKind } from "./kinds/link";
import { pixKind } from "./kinds/pix";
import { subscribeKind } from "./kinds/subscribe";

// The block kinds, in the order the dashboard offers them. Adding a kind:
// write its module in lib/blocks/kinds/ (see block-kind.ts), add it here and
// give it an editor in components/blocks/block-editors.tsx (README, "Adding
// a block kind"). Everything else asks this file.

export const BLOCK_KINDS = [linkKind, headerKind, pixKind, embedKind, subscribeKind] as const;

export type AnyBlockKind = (typeof BLOCK_KINDS)[number];
export type BlockKindName = AnyBlockKind["name"];

/** The data fields kinds show in the API (`pix`, `subscribe`): every link object carries each, null for other kinds. */
type FieldOf<K extends AnyBlockKind> = NonNullable<K["data"]> extends { field: infer F extends string } ? F : never;
type DataOf<K extends AnyBlockKind> = NonNullable<K["data"]> extends { schema: z.ZodType<infer D, unknown> } ? D : never;
export type BlockDataFields = { [K in AnyBlockKind as FieldOf<K>]: DataOf<K> | null };

/** A set of kinds and what the app asks of it. The app has one (`blocks`); a test may build one with a kind of its own. */
export interface BlockRegistry {
  kinds: readonly BlockKind[];
  names: [string, ...string[]];
  /** A stored or sent kind's module; an unknown name is not a kind (callers refuse it, or leave the row off). */
  get: (name: string) => BlockKind | undefined;
  /** The kinds whose presses count as clicks. */
  counted: string[];
  /** The kinds with their own data (each one's API field and schema). */
  withData: BlockKind[];
}

export function createBlockRegistry(kinds: readonly BlockKind[]): BlockRegistry {
  const byName = new Map(kinds.map((k) => [k.name, k]));
  if (byName.size !== kinds.length) throw new Error("Two block kinds share a name");
  return {
    kinds,
    names: kinds.map((k) => k.name) as [string, ...string[]],
    get: (name) => byName.get(name),
    counted: kinds.filter((k) => k.counts).map((k) => k.name),
    withData: kinds.filter((k) => k.data !== null),
  };
}

export const blocks: BlockRegistry = createBlockRegistry(BLOCK_KINDS as unknown as readonly BlockKind[]);

export function isBlockKind(name: string): name is BlockKindName {
  return blocks.get(name) !== undefined;
}
