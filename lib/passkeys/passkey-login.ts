import "server-only";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { enforceAuthBudget, recordAuthFailure } from "@/lib/accounts/auth-budget";
import { promoteListedAdmin } from "@/lib/accounts/listed-admin";
import { toUserDtoFirstPage, withFirstPage, type UserDto } from "@/lib/accounts/user-dto";
import { db } from "@/lib/server/db";
import { enforce } from "@/lib/server/rate-limit";
import { createSession, type NewSession } from "@/lib/server/session";
import { assertionOptions, verifyAssertion } from "./passkey-assertion";
import type { PasskeySignInInput } from "./passkey-schemas";

// 'Entrar com passkey': a discoverable credential with user verification is
// both factors (something held, and the fingerprint, face or PIN that
// unlocked it), so no code is asked even with two-factor on.

/** Options (each stores a challenge row) per client address. */
const OPTIONS_PER_IP = { limit: 60, windowMs: 60_000 };

/** POST /api/login/passkey/options */
export async function passkeyLoginOptions(ip: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  await enforce(`passkey-options:ip:${ip}`, OPTIONS_PER_IP);
  return assertionOptions("login");
}

/** POST /api/login/passkey: the sign-in limits of every way in (auth-budget.ts) apply. */
export async function signInWithPasskey(input: PasskeySignInInput, ip: string, req: Request): Promise<{ user: UserDto; session: NewSession }> {
  const keys = { ip };
  await enforceAuthBudget(keys);
  let userId: string;
  try {
    ({ userId } = await verifyAssertion(input.response, "login"));
  } catch (error) {
    await recordAuthFailure(keys);
    throw error;
  }
  const user = await promoteListedAdmin(await db.user.findUniqueOrThrow({ where: { id: userId }, include: withFirstPage }));
  return { user: toUserDtoFirstPage(user), session: await createSession(userId, input.remember, req, "passkey") };
}
