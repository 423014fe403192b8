import { POST as enable } from "@/app/api/user/2fa/enable/route";
import { POST as setup } from "@/app/api/user/2fa/setup/route";
import { TOTP_PERIOD_S, totpCode } from "@/lib/two-factor/totp";
import { request } from "./request";

const STEP_MS = TOTP_PERIOD_S * 1000;

/** Waits, if needed, until at least `marginMs` remain in the current 30-second step (codes made now stay in their step). */
export async function awayFromStepEdge(marginMs = 4_000): Promise<void> {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < marginMs) await new Promise((r) => setTimeout(r, left + 50));
}

/** The code `steps` steps away from now (−1: the previous one). */
export const codeAt = (secret: string, steps = 0) => totpCode(secret, Date.now() + steps * STEP_MS);

/** Turns two-factor on through the API for the session `cookie`; the secret and the recovery codes. */
export async function turnOnTwoFactor(cookie: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await setup(request("/api/user/2fa/setup", { body: {}, headers: { cookie } }));
  if (started.status !== 200) throw new Error(`setup answered ${started.status}`);
  const { secret } = (await started.json()) as { secret: string };
  await awayFromStepEdge();
  // The previous step's code: the current one stays free for the test's own sign-in.
  const res = await enable(request("/api/user/2fa/enable", { body: { code: codeAt(secret, -1) }, headers: { cookie } }));
  if (res.status !== 200) throw new Error(`enable answered ${res.status}: ${await res.text()}`);
  const { recoveryCodes } = (await res.json()) as { recoveryCodes: string[] };
  return { secret, recoveryCodes };
}
