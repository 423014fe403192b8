import { useLayoutEffect, useRef, type FormEvent } from "react";

/**
 * The props of a form of the owner's or the admin's pages, which send what
 * they hold with their scripts (JSON to a route handler) and have no route of
 * their own to post to.
 *
 * Once React has the page, `onSubmit` prevents the browser's own submit and
 * calls `submit` (React Hook Form's handleSubmit(), say), one at a time: a
 * second press while the first is on its way sends nothing.
 *
 * Before React has it, the form is React's own: its `action` is a function,
 * so the server draws it with React's inert action and React's small
 * form-replaying script, which keeps a submit made before hydration (by its
 * button, or Enter in a field) and makes it through this `action` once React
 * has the form: once, however many times it was submitted meanwhile (React
 * keeps each; the later ones find the first on its way). Nothing is put in
 * the address, nothing is posted to the page.
 *
 * React resets a form's uncontrolled fields once its actions are done (one
 * reset for the actions it made together): that reset is refused (the fields
 * keep what was sent, and what React Hook Form has saved). A reset asked for
 * otherwise (React Hook Form's reset()) goes through.
 *
 * Text typed before hydration is kept by the fields themselves
 * (lib/client/kept-typing.ts).
 */
export function useReplayableForm(submit: () => unknown) {
  const refuseReset = useRef(false);
  const sending = useRef(false);
  // React replays a submit through the action of the render that hydrated the
  // form; what it sends is the form's latest (a field's text handed over since).
  const latest = useRef(submit);
  useLayoutEffect(() => {
    latest.current = submit;
  });
  // One at a time: a second press while the first is on its way sends nothing.
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
      void send();
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
