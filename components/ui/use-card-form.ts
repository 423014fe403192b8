"use client";

import { useRef, useState } from "react";
import { useForm, type DefaultValues, type FieldValues, type Path } from "react-hook-form";
import type * as z4 from "zod/v4/core";
import { withErrorToast } from "@/components/ui/use-confirmed-removal";
import { ApiError } from "@/lib/client/api";
import { lazyResolver } from "@/lib/client/lazy-resolver";

// The creator's tools' cards (API keys, webhooks, the custom domain, the
// Linktree import): a form checked by its route's own zod schema, one message
// for what went wrong, and row actions that say when they fail.

/** The route's zod schema as a form's checks, loaded with zod when the form is about to be used (lib/client/lazy-resolver.ts). */
export function schemaChecks<I extends FieldValues, O>(load: () => Promise<z4.$ZodType<O, I>>) {
  return lazyResolver<I, unknown, O>(async () => {
    const [{ zodResolver }, schema] = await Promise.all([import("@hookform/resolvers/zod"), load()]);
    return zodResolver(schema);
  });
}

/** A refusal's own message, or `fallback` (the network failed, the answer was not ours). */
export const refusalText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

type FieldError = { message?: unknown } | undefined;
const textOf = (error: FieldError | FieldError[]): string | undefined => {
  const found = Array.isArray(error) ? error.find((e) => typeof e?.message === "string") : error;
  return typeof found?.message === "string" && found.message ? found.message : undefined;
};

/**
 * A card's form: react-hook-form with the route's schema (`checks`), sending
 * the schema's output with `send`; once sent, the form is emptied (unless
 * `keep`) and `afterSent` runs, the form still busy (a list refreshed). What went
 * wrong is one `message`: the first of `fields` the schema or the server
 * refused (in that order), else `failure(error)` (by default the server's
 * message). Focus stays where it is and the message stays until the next
 * press; a press while one is on its way sends nothing.
 */
export function useCardForm<I extends FieldValues, O>({
  checks,
  defaultValues,
  fields,
  send,
  keep = false,
  afterSent,
  failure = (error) => refusalText(error, String(error)),
}: {
  checks: ReturnType<typeof schemaChecks<I, O>>;
  defaultValues: DefaultValues<I>;
  fields: readonly Path<I>[];
  send: (values: O) => unknown;
  keep?: boolean;
  afterSent?: () => Promise<unknown>;
  failure?: (error: unknown) => string;
}) {
  const form = useForm<I, unknown, O>({ resolver: checks.resolver, defaultValues, shouldFocusError: false, reValidateMode: "onSubmit" });
  const sending = useRef(false);

  const submit = async (event: React.FormEvent) => {
    if (sending.current) {
      event.preventDefault();
      return;
    }
    sending.current = true;
    try {
      await form.handleSubmit(async (values) => {
        try {
          await send(values);
          if (!keep) form.reset();
          await afterSent?.();
        } catch (error) {
          refuse(error);
        }
      })(event);
    } finally {
      sending.current = false;
    }
  };

  /** Puts a refusal on the fields it names (by their first segment, `pages.0` on `pages`), else on the form. */
  const refuse = (error: unknown) => {
    const named = error instanceof ApiError ? Object.entries(error.errors) : [];
    let any = false;
    for (const field of fields) {
      const message = named.find(([path]) => path.split(".")[0] === field)?.[1];
      if (!message) continue;
      form.setError(field, { type: "server", message });
      any = true;
    }
    if (!any) form.setError("root.server", { type: "server", message: failure(error) });
  };

  const { errors, isSubmitting, submitCount } = form.formState;
  const byField = errors as Record<string, FieldError | FieldError[]>;
  const message = fields.map((f) => textOf(byField[f])).find(Boolean) ?? textOf(errors.root?.server);
  const onSubmit = (event: React.FormEvent) => void submit(event);
  return { form, onSubmit, sending: isSubmitting, message, attempts: submitCount, refuse, preload: checks.preload };
}

/**
 * A card's other actions (a row's switch, 'Verificar', 'Importar'): `busy(key)`
 * while that one is on its way (`busy()`: any), a second press of it sends
 * nothing. A failure is the house toast with the server's message (`failed`
 * when it gives none), or goes to the card's own handler. With `done: "stay
 * busy"` a success keeps the action busy (the screen is leaving).
 */
export function useCardActions<K extends string>() {
  const [pending, setPending] = useState<readonly K[]>([]);
  const running = useRef(new Set<K>());

  const run = async (key: K, action: () => Promise<unknown>, failed: string | ((error: unknown) => void), done: "idle" | "stay busy" = "idle") => {
    if (running.current.has(key)) return false;
    running.current.add(key);
    setPending((keys) => [...keys, key]);
    const ok = await settle(action, failed);
    if (ok && done === "stay busy") return true;
    running.current.delete(key);
    setPending((keys) => keys.filter((k) => k !== key));
    return ok;
  };

  const busy = (key?: K) => (key === undefined ? pending.length > 0 : pending.includes(key));
  return { run, busy };
}

/** Runs the action; a failure goes to the house toast (`failed`: its text when the server gives none) or to the card's handler. */
async function settle(action: () => Promise<unknown>, failed: string | ((error: unknown) => void)): Promise<boolean> {
  if (typeof failed === "string") return withErrorToast(action, failed);
  try {
    await action();
    return true;
  } catch (error) {
    failed(error);
    return false;
  }
}
