import "server-only";
import { env } from "@/lib/server/env";
import { publicOrigin } from "@/lib/server/public-url";

// Where messages come from and where their links point. Links are built on
// NEXT_PUBLIC_APP_URL, never on a request's Host header (a forged Host would
// otherwise send a victim a reset link to the attacker's site).

export function appOrigin(): string {
  return publicOrigin();
}

export function appLink(pathWithQuery: string): string {
  return `${appOrigin()}${pathWithQuery}`;
}

export function mailFrom(): string {
  return env().MAIL_FROM ?? `Vitrine <nao-responda@${new URL(appOrigin()).hostname}>`;
}
