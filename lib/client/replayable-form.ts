import { startTransition, useLayoutEffect, useRef, type FormEvent } from "react";

/**
 * The props of a form sent by its script (JSON to a route handler): one press
 * sends one request, before and after the page's scripts start.
 *
 * Once React has the page, `onSubmit` prevents the browser's own submit and
 * sends inside a transition, as react.dev's requestFormReset page describes
 * ("onSubmit + startTransition"): React marks the form pending meanwhile, and
 * its submit buttons, which read that with useFormStatus
 * (components/ui/submit-button.tsx, components/auth/form-field.tsx), are
 * disabled: a second press lands on a disabled button. React does not reset
 * a form whose submit was prevented.
 *
 * Before React has the page, the form is React's own: its `action` is a
 * function, so the server draws it with React's form-replaying script, which
 * keeps each submit (by its button, or Enter in a field) and makes it through
 * this `action` once React has the form. However many presses were kept, one
 * request leaves: the later ones find the first on its way (one at a time).
 * After a function action React resets the form's uncontrolled fields; that
 * reset is refused, so the fields keep what was sent (React Hook Form's own
 * reset() goes through).
 *
 * Text typed before hydration is kept by the fields themselves
 * (lib/client/kept-typing.ts).
 */
export function useReplayableForm(submit: () => unknown) {
  const refuseReset = useRef(false);
  const sending = useRef(false);
  // A replayed submit runs through the action of the render that hydrated the
  // form; it sends what the form holds now (a field's text handed over since).
  const latest = useRef(submit);
  useLayoutEffect(() => {
    latest.current = submit;
  });
  const send = async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      await latest.current();
    } finally {
      sending.current = false;
    }
  };
  return {
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      startTransition(() => send());
    },
    action: async () => {
      refuseReset.current = true;
      await send();
    },
    onReset: (event: FormEvent<HTMLFormElement>) => {
      if (!refuseReset.current) return;
      refuseReset.current = false;
      event.preventDefault();
    },
  };
}
