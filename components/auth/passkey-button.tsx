"use client";

import { useState } from "react";
import { PasskeyIcon, SpinnerIcon } from "@/components/ui/light-icons";
import { buttonVariants } from "@/components/ui/styles";
import { preloadPasskeys } from "@/lib/passkeys/passkey-client";

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
