import "server-only";
import { hash, verify } from "@node-rs/argon2";

// Argon2id (algorithm 2) with OWASP's second recommended profile: 19 MiB, 2 passes.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verified when the e-mail is unknown, so that an unknown e-mail costs the
// same time as a wrong password and reveals nothing.
let dummy: Promise<string> | undefined;

export async function verifyPassword(hashed: string | null | undefined, password: string): Promise<boolean> {
  dummy ??= hashPassword("vitrine-timing-equaliser");
  const target = hashed ?? (await dummy);
  const ok = await verify(target, password).catch(() => false);
  return ok && Boolean(hashed);
}
