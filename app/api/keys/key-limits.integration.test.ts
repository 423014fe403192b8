import * as keys from "./route";
import * as keyById from "./[id]/route";
import * as pages from "../pages/route";
import { db } from "@/lib/server/db";
import { signedInUser } from "@/tests/factories";
import { params, request } from "@/tests/helpers/request";

// Limits across keys (api.md, "Fifth release, put right"): a key needs a
// verified address, an account holds 10, and its keys share 120 calls a minute.

type Who = Awaited<ReturnType<typeof signedInUser>>;

const post = (who: Who, name = "CRM") => keys.POST(request("/api/keys", { body: { name, scopes: ["page:read"] }, headers: { cookie: who.cookie } }));
const verify = (who: Who) => db.user.update({ where: { id: who.user.id }, data: { emailVerified: new Date() } });
const bearer = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });

async function makeKey(who: Who) {
  const res = await post(who);
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; key: string };
}

it("POST /api/keys with an unverified address → 403 'Confirme seu e-mail primeiro', and no key is made", async () => {
  const ana = await signedInUser();
  const res = await post(ana);
  expect([res.status, (await res.json()).message]).toEqual([403, "Confirme seu e-mail primeiro"]);
  expect(await db.apiKey.count()).toBe(0);
  await verify(ana);
  expect((await post(ana)).status).toBe(201);
});

it("an account holds at most 10 keys: the 11th → 409 'Limite de chaves atingido'; deleting one frees a place", async () => {
  const ana = await signedInUser();
  await verify(ana);
  const made = [];
  for (let i = 0; i < 10; i++) made.push(await makeKey(ana));
  const eleventh = await post(ana);
  expect([eleventh.status, (await eleventh.json()).message]).toEqual([409, "Limite de chaves atingido"]);
  expect(await db.apiKey.count({ where: { userId: ana.user.id } })).toBe(10);
  // Another account's keys count apart.
  const bia = await signedInUser();
  await verify(bia);
  expect((await post(bia)).status).toBe(201);
  const first = made[0]!;
  expect((await keyById.DELETE(request(`/api/keys/${first.id}`, { method: "DELETE", headers: { cookie: ana.cookie } }), params({ id: first.id }))).status).toBe(
    200,
  );
  expect((await post(ana)).status).toBe(201);
});

it("12 keys asked for at once, with 8 held: exactly 2 are made (PostgreSQL runs them side by side)", async () => {
  const ana = await signedInUser();
  await verify(ana);
  for (let i = 0; i < 8; i++) await makeKey(ana);
  const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => post(ana, `Chave ${i}`)));
  expect(answers.map((r) => r.status).sort()).toEqual([...Array(2).fill(201), ...Array(10).fill(409)]);
  expect(await db.apiKey.count({ where: { userId: ana.user.id } })).toBe(10);
});

it("120 calls a minute per account across its keys, with RateLimit-* headers; the 121st → 429 with Retry-After; lastUsedAt is set", async () => {
  const ana = await signedInUser();
  await verify(ana);
  const [one, two] = [await makeKey(ana), await makeKey(ana)];
  let last: Response | undefined;
  for (let i = 1; i <= 120; i++) {
    last = await pages.GET(request("/api/pages", bearer(i % 2 ? one.key : two.key)));
    expect(last.status).toBe(200);
  }
  expect(last!.headers.get("ratelimit-limit")).toBe("120");
  expect(last!.headers.get("ratelimit-remaining")).toBe("0");
  expect(Number(last!.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
  // A key of the same account has no budget of its own.
  for (const key of [one.key, two.key]) {
    const over = await pages.GET(request("/api/pages", bearer(key)));
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(over.headers.get("ratelimit-remaining")).toBe("0");
  }
  // Another account's key has its own.
  const bia = await signedInUser();
  await verify(bia);
  const fresh = await pages.GET(request("/api/pages", bearer((await makeKey(bia)).key)));
  expect([fresh.status, fresh.headers.get("ratelimit-remaining")]).toEqual([200, "119"]);
  expect((await db.apiKey.findUniqueOrThrow({ where: { id: one.id } })).lastUsedAt).not.toBeNull();
});
