import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext } from "@playwright/test";
import { linkIn, parseMail, tokenOf, type ReceivedMail } from "../helpers/mail";
import { runtime } from "./runtime";

// The e2e servers have no SMTP_URL: each message is an .eml file under the
// DATA_DIR/outbox of the server the test talks to (its project's metadata).

function outboxMessages(): ReceivedMail[] {
  const dir = path.join(runtime().dataDir, "outbox");
  let files: string[] = [];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith(".eml"))
      .sort();
  } catch {
    return [];
  }
  return files.map((f) => parseMail(readFileSync(path.join(dir, f), "utf8")));
}

/** The newest message to `to` with `subject`, waiting for the outbox worker to write it. */
export async function latestMail(to: string, subject: string, after = 0): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        const all = outboxMessages().filter((m) => m.to.some((t) => t.includes(to)) && m.subject === subject);
        found = all.length > after ? all.at(-1) : undefined;
        return Boolean(found);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** How many messages to `to` with `subject` are in the outbox now. */
export const countMail = (to: string, subject: string) => outboxMessages().filter((m) => m.to.some((t) => t.includes(to)) && m.subject === subject).length;

export const VERIFY_SUBJECT = "Confirme seu e-mail na Vitrine";
export const RESET_SUBJECT = "Redefina sua senha da Vitrine";

/** Opens (through the API) the newest verification link sent to `email`. */
export async function verifyAddress(request: APIRequestContext, email: string) {
  const mail = await latestMail(email, VERIFY_SUBJECT);
  const res = await request.post("/api/auth/verify-email", { data: { token: tokenOf(linkIn(mail, "/verify-email")) } });
  // 400: already verified by an earlier test of the run.
  expect([200, 400]).toContain(res.status());
}
