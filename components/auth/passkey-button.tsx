"use client";

import { useState } from "react";
import { SpinnerIcon } from "@/components/ui/light-icons";
import { buttonVariants } from "@/components/ui/styles";
import { preloadPasskeys } from "@/lib/passkeys/passkey-client";

/** lucide's key-round (ISC licence), as plain SVG like components/ui/light-icons.tsx. */
export function PasskeyIcon({ className }: { className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      <path d="M2.586 17.414A2 2 0 0 0 2 18.828V21a1 1 0 0 0 1 1h3a1 1 0 0 0 1-1v-1a1 1 0 0 1 1-1h1a1 1 0 0 0 1-1v-1a1 1 0 0 1 1-1h.172a2 2 0 0 0 1.414-.586l.814-.814a6.5 6.5 0 1 0-4-4z" />
      <circle cx="16.5" cy="7.5" r=".5" fill="currentColor" />
    </svg>
  );
}

/**
 * A button that runs a passkey ceremony: busy (and saying so) from the press
 * until it ends; the library loads ahead when the pointer or focus reaches it.
 * Hidden without JavaScript, where no passkey can be used.
 */
export function PasskeyButton({
  label,
  busyLabel,
  run,
  variant = "outline",
}: {
  label: string;
  busyLabel: string;
  run: () => Promise<void>;
  variant?: "outline" | "secondary";
}) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      data-slot="button"
      disabled={busy}
      aria-busy={busy}
      onPointerEnter={preloadPasskeys}
      onFocus={preloadPasskeys}
      onClick={() => {
        setBusy(true);
        void run().finally(() => setBusy(false));
      }}
      className={buttonVariants({ variant, size: "lg", className: "w-full noscript:hidden" })}
    >
      {busy ? <SpinnerIcon className="animate-spin" /> : <PasskeyIcon />}
      {busy ? busyLabel : label}
    </button>
  );
}
