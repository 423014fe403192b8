import { useRef, useState, type FormEvent } from "react";
import { ApiError } from "./api";

/** The messages the server gave each field, by the form's field names. */
export type FieldMessages<F extends string> = Partial<Record<F, string>>;

/**
 * A form whose only validation is the server's (the shared zod schema in its
 * route handler, the same one that answers the form sent with JavaScript off),
 * so the page's first script carries neither zod nor a form library and the
 * request leaves at the first press.
 *
 * `send` gets the form's fields; a refusal that names fields puts their pt-BR
 * messages on them and focuses the first (then calls `onFieldErrors`, when
 * given), any other goes to `onFailure`. A
 * second submit while one is on its way is dropped (two quick presses send one
 * request).
 */
export function useServerForm<F extends string>({
  fields,
  send,
  onFailure,
  onFieldErrors,
}: {
  fields: readonly F[];
  send: (data: FormData) => Promise<void>;
  onFailure: (error: unknown) => void;
  onFieldErrors?: () => void;
}) {
  const [errors, setErrors] = useState<FieldMessages<F>>({});
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setErrors({});
    const form = event.currentTarget;
    try {
      await send(new FormData(form));
    } catch (error) {
      const named = fieldMessages(error, fields);
      if (named) {
        setErrors(named);
        const first = fields.find((f) => named[f]);
        form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
        onFieldErrors?.();
      } else onFailure(error);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return { errors, busy, onSubmit, clearErrors: () => setErrors({}) };
}

/** The refusal's messages for the given fields, or null when it names none of them. */
export function fieldMessages<F extends string>(error: unknown, fields: readonly F[]): FieldMessages<F> | null {
  if (!(error instanceof ApiError)) return null;
  const named: FieldMessages<F> = {};
  let any = false;
  for (const f of fields) {
    const message = error.errors[f];
    if (message) {
      named[f] = message;
      any = true;
    }
  }
  return any ? named : null;
}

/** A form field's text as sent. */
export const textOf = (data: FormData, name: string): string => {
  const value = data.get(name);
  return typeof value === "string" ? value : "";
};
