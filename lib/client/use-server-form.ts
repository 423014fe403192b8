import { useRef, useState } from "react";
import { ApiError } from "./api";
import { useReplayableForm } from "./replayable-form";

/** The messages the server gave each field, by the form's field names. */
export type FieldMessages<F extends string> = Partial<Record<F, string>>;

/**
 * A form whose only validation is the server's (the shared zod schema in its
 * route handler, the same one that answers the form sent with JavaScript off),
 * so the page's first script carries neither zod nor a form library and the
 * request leaves at the first press.
 *
 * `form` goes on the <form>: with the page's scripts, it is sent as
 * lib/client/replayable-form.ts says (a press before they start is kept by
 * React and made once they have; one press, one request, before and after).
 * Without JavaScript the form is posted by its <NoScriptSubmit> button
 * (components/auth/form-field.tsx) to the same route handler.
 *
 * `send` gets the form's fields; a refusal that names fields puts their pt-BR
 * messages on them and focuses the first (then calls `onFieldErrors`, when
 * given), any other goes to `onFailure`.
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
  const ref = useRef<HTMLFormElement>(null);

  const submit = async () => {
    const form = ref.current;
    if (!form) return;
    setErrors({});
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
    }
  };
  const replayable = useReplayableForm(submit);

  return { errors, form: { ref, ...replayable }, clearErrors: () => setErrors({}) };
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
