"use client";

import Script from "next/script";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "@/components/ui/use-toast";
import { ApiError, api } from "@/lib/client/api";
import { GOOGLE_TOKEN_KEY } from "@/lib/client/logout";
import type { UserDto } from "@/lib/accounts/user-dto";
import { googleAuthStrings } from "@/lib/strings/google-auth";

const strings = { googleAuth: googleAuthStrings };

type GsiId = {
  initialize(config: { client_id: string; callback: (r: { credential?: string }) => void; ux_mode?: string }): void;
  renderButton(el: HTMLElement, options: Record<string, unknown>): void;
};
const gsi = () => (window as unknown as { google?: { accounts?: { id?: GsiId } } }).google?.accounts?.id;

/**
 * Google's own sign-in button (its script is the only thing loaded from
 * Google). The credential goes to POST /api/auth/google.
 */
export function GoogleButton({
  clientId,
  callbackUrl = "/dashboard",
  onTwoFactorRequired,
}: {
  clientId: string;
  callbackUrl?: string;
  /** Google said who it is, and the account asks for a code; without a handler, off to /login for it. */
  onTwoFactorRequired?: () => void;
}) {
  const router = useRouter();
  const host = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const a = strings.googleAuth;

  const onCredential = useCallback(
    async ({ credential }: { credential?: string }) => {
      if (!credential) {
        toast({ variant: "destructive", title: a.googleFailedTitle, description: a.googleMissingCredential });
        return;
      }
      try {
        const result = await api<{ user?: UserDto; twoFactorRequired?: boolean }>("/api/auth/google", { body: { credential } });
        localStorage.setItem(GOOGLE_TOKEN_KEY, credential);
        if (result.twoFactorRequired || !result.user) {
          if (onTwoFactorRequired) onTwoFactorRequired();
          else router.push(`/login?etapa=codigo&callbackUrl=${encodeURIComponent(callbackUrl)}`);
          return;
        }
        const { user } = result;
        toast({ title: a.googleSuccess, description: a.googleGreeting(user.name || a.googleFallbackName) });
        router.replace(callbackUrl);
        router.refresh();
      } catch (error) {
        toast({
          variant: "destructive",
          title: a.googleFailedTitle,
          description: error instanceof ApiError ? error.message : a.googleFailedText,
        });
      }
    },
    [a, callbackUrl, router, onTwoFactorRequired],
  );

  useEffect(() => {
    const id = gsi();
    if (!ready || !id || !host.current) return;
    id.initialize({ client_id: clientId, callback: (r) => void onCredential(r) });
    id.renderButton(host.current, { theme: "outline", size: "large", width: 300, locale: "pt-BR", text: "continue_with", shape: "pill" });
  }, [ready, clientId, onCredential]);

  return (
    <>
      <Script
        src="https://accounts.google.com/gsi/client"
        strategy="afterInteractive"
        onReady={() => setReady(true)}
        onError={() => toast({ variant: "destructive", title: a.googleWidgetErrorTitle, description: a.googleWidgetErrorText })}
      />
      {/* Drawn by Google's script. */}
      <div ref={host} className="flex min-h-11 justify-center" data-testid="google-button" />
    </>
  );
}
