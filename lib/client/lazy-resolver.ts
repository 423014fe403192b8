import type { FieldValues, Resolver } from "react-hook-form";
import type { ZodType } from "zod";

/**
 * zodResolver(schema) for react-hook-form, with the schema and zod loaded at
 * the first validation (the first submit) instead of with the page: the same
 * shared schema as the handler, not shipped to visitors who never submit.
 */
export function lazyZodResolver<T extends FieldValues>(loadSchema: () => Promise<ZodType<T, T>>): Resolver<T> {
  let loading: Promise<Resolver<T>> | null = null;
  return (values, context, options) => {
    loading ??= Promise.all([import("@hookform/resolvers/zod"), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Resolver<T>,
      (error: unknown) => {
        loading = null; // a failed download is tried again at the next submit
        throw error;
      },
    );
    return loading.then((resolve) => resolve(values, context, options));
  };
}
