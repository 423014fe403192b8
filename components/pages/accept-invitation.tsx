"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { buttonVariants } from "@/components/ui/styles";
import { api, ApiError } from "@/lib/client/api";
import { withPage } from "@/lib/client/page-scope";
import { layoutStrings } from "@/lib/strings/layout";
import { pagesStrings } from "@/lib/strings/pages";

const t = pagesStrings;
/** Where the token waits while the person signs in (the sign-in page's return address drops the `#` part). */
const KEPT = "vitrine-invite";

/**
 * Reads the token from the address's `#` part (kept in this tab's
 * sessionStorage across a sign-in) and accepts it with a POST.
 */
export function AcceptInvitation({ who }: { who: { email: string; verified: boolean } | null }) {
  // undefined until the address has been read (in the browser only): nothing is said before.
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const fromHash = decodeURIComponent(window.location.hash.slice(1));
    if (fromHash) {
      sessionStorage.setItem(KEPT, fromHash);
      // The token leaves the address bar (and the history entry).
      history.replaceState(null, "", window.location.pathname);
    }
    setToken(fromHash || sessionStorage.getItem(KEPT));
  }, []);

  const accept = async () => {
    if (!token) return;
    setBusy(true);
    setError(null);
    try {
      const { page } = await api<{ page: { username: string } }>("/api/invitations/accept", { body: { token } });
      sessionStorage.removeItem(KEPT);
      window.location.assign(withPage("/dashboard", page.username));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
      setBusy(false);
    }
  };

  if (token === undefined) return <p className="text-sm text-muted-foreground" aria-busy="true">{t.reading}</p>;
  if (token === null) return <p className="text-sm text-muted-foreground">{t.noToken}</p>;
  if (!who) {
    return (
      <div className="grid gap-4">
        <p className="text-sm">{t.acceptNeedsSignIn}</p>
        <a href="/login?callbackUrl=%2Finvite" className={buttonVariants()}>
          {layoutStrings.signIn}
        </a>
        <a href="/register" className={buttonVariants({ variant: "outline" })}>
          {layoutStrings.signUp}
        </a>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      {who.verified ? null : <p className="text-sm">{t.acceptNeedsVerified}</p>}
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="button" onClick={() => void accept()} disabled={busy}>
        {busy ? t.accepting : t.accept}
      </Button>
    </div>
  );
}
