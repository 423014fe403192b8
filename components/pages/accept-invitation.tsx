"use client";

import { useEffect, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { buttonVariants } from "@/components/ui/styles";
import { api, ApiError } from "@/lib/client/api";
import { withPage } from "@/lib/client/page-scope";
import { layoutStrings } from "@/lib/strings/layout";
import { pagesStrings } from "@/lib/strings/pages";

const t = pagesStrings;
/** Where the token waits while the person signs in (the sign-in page's return address drops the `#` part). */
const KEPT = "vitrine-invite";

/**
 * A POST form to /api/invitations/accept. With JavaScript the token comes from
 * the address's `#` part (kept in this tab's sessionStorage across a
 * sign-in), rides in a hidden field and is sent with fetch; without it (or
 * with no token in the address) the person pastes the code the e-mail
 * writes out, and the server answers with a 303 to the page's dashboard or
 * back here with the message (`refusal`).
 */
export function AcceptInvitation({ who, refusal }: { who: { email: string; verified: boolean } | null; refusal?: string | null }) {
  // undefined until the address has been read (in the browser only).
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(refusal ?? null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const fromHash = decodeURIComponent(window.location.hash.slice(1));
    if (fromHash) {
      sessionStorage.setItem(KEPT, fromHash);
      // The token leaves the address bar (and the history entry).
      history.replaceState(null, "", window.location.pathname + window.location.search);
    }
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the hash and sessionStorage exist only in the browser: read after hydration
    setToken(fromHash || sessionStorage.getItem(KEPT));
  }, []);

  const accept = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const token = new FormData(event.currentTarget).get("token");
    const sent = (typeof token === "string" ? token : "").trim();
    setBusy(true);
    setError(null);
    try {
      const { page } = await api<{ page: { username: string } }>("/api/invitations/accept", { body: { token: sent } });
      sessionStorage.removeItem(KEPT);
      window.location.assign(withPage("/dashboard", page.username));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
      setBusy(false);
    }
  };

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
    <form method="post" action="/api/invitations/accept" onSubmit={(event) => void accept(event)} className="grid gap-4">
      {who.verified ? null : <p className="text-sm">{t.acceptNeedsVerified}</p>}
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      {token ? (
        <input type="hidden" name="token" value={token} />
      ) : (
        <div className="grid gap-2">
          <Label htmlFor="invite-token">{t.tokenLabel}</Label>
          <Input id="invite-token" name="token" required autoComplete="off" spellCheck={false} aria-describedby="invite-token-hint" />
          <p id="invite-token-hint" className="text-sm text-muted-foreground">
            {t.tokenHint}
          </p>
        </div>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? t.accepting : t.accept}
      </Button>
    </form>
  );
}
