import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { GET as challengeRoute } from "@/app/api/subscribe/challenge/route";
import { POST as signUpRoute } from "@/app/api/subscribe/[blockId]/route";
import { newChallenge } from "@/lib/audience/proof-of-work";
import { db } from "@/lib/server/db";
import { params, request } from "./request";

// Sign-ups as the public page makes them: a subscribe block, a proof of work
// solved for real (altcha-lib, the server's own challenge), JSON or the form.

export async function subscribeBlock(
  pageId: string,
  o: { title?: string; whatsapp?: boolean; consent?: string; active?: boolean; startsAt?: Date | null; endsAt?: Date | null; kind?: string } = {},
) {
  const order = await db.link.count({ where: { pageId } });
  return db.link.create({
    data: {
      pageId,
      order,
      kind: o.kind ?? "subscribe",
      title: o.title ?? "Lista VIP",
      url: "",
      active: o.active ?? true,
      startsAt: o.startsAt ?? null,
      endsAt: o.endsAt ?? null,
      data: { whatsapp: o.whatsapp ?? false, consent: o.consent ?? "" },
    },
  });
}

/** A fresh challenge from GET /api/subscribe/challenge, solved: the `altcha` field the page's script sends. */
export async function solvedProof(): Promise<string> {
  const res = await challengeRoute(request("/api/subscribe/challenge"));
  const challenge = await res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("challenge not solved");
  return Buffer.from(JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } })).toString("base64");
}

type Fields = Record<string, unknown>;

/**
 * A challenge signed with the server's own secrets at a small counter, solved
 * by altcha-lib: the route verifies it exactly as any other (signature, key,
 * spent once), without the 15,000 digests a visitor's browser spends. For
 * tests of what follows a sign-up; solvedProof() takes the route's own challenge.
 */
export async function quickProof(): Promise<string> {
  const challenge = await newChallenge(Date.now(), 1);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("challenge not solved");
  return Buffer.from(JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } })).toString("base64");
}

/** POST /api/subscribe/{blockId} as JSON (a quick proof is solved unless `altcha` is given, null: none). */
export async function signUpJson(blockId: string, body: Fields, o: { ip?: string; headers?: Record<string, string> } = {}) {
  const altcha = body.altcha === undefined ? await quickProof() : body.altcha;
  const payload = { consent: true, ...body, ...(altcha === null ? {} : { altcha }) };
  if (altcha === null) delete payload.altcha;
  return signUpRoute(request(`/api/subscribe/${blockId}`, { method: "POST", body: payload, ip: o.ip, headers: o.headers }), params({ blockId }));
}

/** POST /api/subscribe/{blockId} as the page's form without JavaScript (no proof). */
export function signUpForm(blockId: string, fields: Record<string, string>, o: { ip?: string } = {}) {
  return signUpRoute(
    request(`/api/subscribe/${blockId}`, {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      ip: o.ip,
    }),
    params({ blockId }),
  );
}
