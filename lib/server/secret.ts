import "server-only";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "./env";
import { log } from "./log";

let cached: string | undefined;

/**
 * AUTH_SECRET, or one generated on first start and kept in DATA_DIR so that
 * sessions survive restarts. Several instances must share AUTH_SECRET.
 */
export function authSecret(): string {
  if (cached) return cached;
  const configured = env().AUTH_SECRET;
  if (configured) return (cached = configured);
  const file = path.resolve(env().DATA_DIR, "auth-secret");
  try {
    cached = readFileSync(file, "utf8").trim();
    if (cached.length >= 32) return cached;
  } catch {
    // not created yet
  }
  mkdirSync(path.dirname(file), { recursive: true });
  cached = randomBytes(32).toString("base64url");
  writeFileSync(file, cached, { mode: 0o600 });
  log.warn("auth.secret_generated", {
    file,
    hint: "AUTH_SECRET is not set; a generated secret was saved. Set AUTH_SECRET (the same on every instance) in production.",
  });
  return cached;
}

/** Forgets the secret read, so the next call reads AUTH_SECRET again (tests that change it). */
export function resetAuthSecretCache(): void {
  cached = undefined;
}
