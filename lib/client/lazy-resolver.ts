import type { FieldValues, Resolver } from "react-hook-form";

/**
 * A form resolver whose schema (zod and the shared schema module) is not in
 * the page's first script: `preload` loads it when the form is about to be
 * used (a field gets focus, the pointer comes over the form), and the
 * resolver waits for it only if a check comes first. The checks are the
 * same: the loaded resolver is the one the form had before.
 */
export function lazyResolver<TFieldValues extends FieldValues, TContext, TTransformed>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformed>>,
): { resolver: Resolver<TFieldValues, TContext, TTransformed>; preload: () => void } {
  let loading: Promise<Resolver<TFieldValues, TContext, TTransformed>> | null = null;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null; // a failed load (the network) is tried again at the next check
      throw error;
    }));
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => void get().catch(() => {}),
  };
}
