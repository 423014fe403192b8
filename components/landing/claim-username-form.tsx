"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { ArrowRightIcon, SpinnerIcon } from "@/components/ui/light-icons";
import { landingUsernameError, normalizeUsernameInput } from "@/lib/accounts/username";
import { usernameStrings } from "@/lib/strings/username";
import { landingStrings } from "@/lib/strings/landing";
import { clsx } from "clsx";
import { buttonVariants } from "@/components/ui/styles";

const strings = { username: usernameStrings, landing: landingStrings };

// The hero's large button: ui/button's look at h-14 (each size carries its own
// height, corner and text size, so none here conflicts with the base).
const CLAIM_BUTTON = buttonVariants({ size: null, className: "h-14 rounded-xl px-6 text-base has-[>svg]:px-4" });

type State = { status: "idle" } | { status: "checking" } | { status: "error"; message: string };

/** The landing page's 'Começar Grátis' flow: check availability, then go register. */
export function ClaimUsernameForm({ hostPrefix }: { hostPrefix: string }) {
  const router = useRouter();
  const id = useId();
  const [username, setUsername] = useState("");
  const field = useRef<HTMLInputElement>(null);
  // A name typed before the page's script ran is in the field, not in the state: taken over once.
  useEffect(() => {
    const early = field.current?.value;
    if (early) setUsername(normalizeUsernameInput(early));
  }, []);
  const [state, setState] = useState<State>({ status: "idle" });
  const checking = state.status === "checking";
  const errorId = `${id}-error`;

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (checking) return;
    const problem = landingUsernameError(username);
    if (problem) return setState({ status: "error", message: problem });
    setState({ status: "checking" });
    try {
      const res = await fetch(`/api/username-check/${encodeURIComponent(username)}`, {
        credentials: "include",
        headers: { accept: "application/json" },
      });
      if (!res.ok) throw new Error(`${res.status}`);
      const data = (await res.json()) as { available?: unknown };
      if (data.available !== true) return setState({ status: "error", message: strings.username.taken });
      router.push(`/register?username=${encodeURIComponent(username)}`);
    } catch {
      setState({ status: "error", message: strings.username.checkFailed });
    }
  }

  return (
    // Without JavaScript (or before it starts) the browser goes to /register?username=…, which checks it.
    <form method="get" action="/register" onSubmit={onSubmit} noValidate className="w-full max-w-xl" aria-busy={checking}>
      <label htmlFor={id} className="sr-only">
        {strings.landing.usernameLabel}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <div
          className={clsx(
            "flex h-14 w-full items-center overflow-hidden rounded-xl sm:flex-1 border bg-background shadow-sm transition focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/40",
            state.status === "error" && "border-destructive focus-within:border-destructive focus-within:ring-destructive/30",
          )}
        >
          <span className="select-none pl-4 text-base text-muted-foreground" aria-hidden="true">
            {hostPrefix}
          </span>
          <input
            ref={field}
            id={id}
            name="username"
            value={username}
            onChange={(e) => {
              setUsername(normalizeUsernameInput(e.target.value));
              if (state.status === "error") setState({ status: "idle" });
            }}
            placeholder={strings.landing.usernamePlaceholder}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            inputMode="text"
            maxLength={40}
            aria-invalid={state.status === "error"}
            aria-describedby={state.status === "error" ? errorId : undefined}
            className="h-full min-w-0 flex-1 bg-transparent pr-4 text-base font-medium outline-none placeholder:text-muted-foreground/60"
          />
        </div>
        <button type="submit" data-slot="button" className={CLAIM_BUTTON} disabled={!username || checking}>
          {checking ? (
            <>
              <SpinnerIcon className="animate-spin" />
              {strings.landing.checking}
            </>
          ) : (
            <>
              {strings.landing.start}
              <ArrowRightIcon />
            </>
          )}
        </button>
      </div>
      <p id={errorId} role="status" aria-live="polite" className="mt-2 min-h-5 text-sm font-medium text-destructive">
        {state.status === "error" ? state.message : ""}
      </p>
    </form>
  );
}
