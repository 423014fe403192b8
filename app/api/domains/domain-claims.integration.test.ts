import { GET, POST } from "./route";
import { POST as verify } from "./verify/route";
import { GET as allowed } from "./allowed/route";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { lookUpHost } from "@/lib/domains/host-list";
import { addMember, signedInUser } from "@/tests/factories";
import { request } from "@/tests/helpers/request";
import { startDnsServer, type TestDnsServer } from "@/tests/support/dns-server";

// Only an active domain holds its name (api.md, "Fifth release, put right"):
// several pages may claim a name pending; the first to verify takes it, the
// other claims are removed and their owners told; a name active elsewhere →
// 409 `Este domínio já está em uso`, to add it or to verify it.

const TARGET = "cname.vitrine.test";
const NAME = "links.loja.test";
const LOST = `O domínio ${NAME} foi verificado por outra página`;
let dns: TestDnsServer;
const saved = { ...process.env };

beforeAll(async () => {
  dns = await startDnsServer();
  dns.set(TARGET, "A", ["203.0.113.50"]);
});
afterAll(async () => {
  await dns.close();
  process.env = saved;
  resetEnvCache();
});
beforeEach(() => {
  process.env.CUSTOM_DOMAIN_TARGET = TARGET;
  process.env.DNS_SERVERS = dns.servers;
  process.env.NEXT_PUBLIC_APP_URL = "https://vitrine.test";
  resetEnvCache();
  dns.remove(`_vitrine.${NAME}`, "TXT");
  dns.set(NAME, "CNAME", [TARGET]);
});

/** Two pages, ana's with an editor (who is no owner, so gets no e-mail). */
async function pages() {
  const ana = await signedInUser({ username: "ana", email: "ana@example.com" });
  const editor = await signedInUser({ email: "edu@example.com" });
  await addMember(ana.user.id, editor.user.id, "editor");
  const bia = await signedInUser({ username: "bia", email: "bia@example.com" });
  return { ana, bia };
}

type Who = Awaited<ReturnType<typeof signedInUser>>;
const add = (who: Who, domain = NAME) => POST(request(`/api/domains?page=${who.user.username}`, { headers: { cookie: who.cookie }, body: { domain } }));
const check = (who: Who) => verify(request(`/api/domains/verify?page=${who.user.username}`, { method: "POST", headers: { cookie: who.cookie } }));
const read = async (who: Who) => (await (await GET(request(`/api/domains?page=${who.user.username}`, { headers: { cookie: who.cookie } }))).json()).domain;
const ask = (domain: string) => allowed(request(`/api/domains/allowed?domain=${encodeURIComponent(domain)}`));
const mails = () => db.outboxMessage.findMany({ where: { subject: LOST }, select: { to: true } });

/** Adds the claim (201) and answers its TXT value. */
async function claim(who: Who): Promise<string> {
  const res = await add(who);
  expect(res.status).toBe(201);
  const body = await res.json();
  expect(body).toMatchObject({ domain: NAME, status: "pending" });
  return body.records[0].value;
}

it("a second page adds a name another has pending; the first to verify takes it, the other claim goes and its owners are e-mailed", async () => {
  const { ana, bia } = await pages();
  await claim(ana);
  const biaToken = await claim(bia);
  expect(await db.customDomain.count({ where: { domain: NAME } })).toBe(2);
  expect((await ask(NAME)).status).toBe(404);

  dns.set(`_vitrine.${NAME}`, "TXT", [biaToken]);
  const res = await check(bia);
  expect(res.status).toBe(200);
  expect((await res.json()).domain.status).toBe("active");
  expect(await read(ana)).toBeNull();
  expect(await db.customDomain.findMany({ where: { domain: NAME }, select: { pageId: true, status: true } })).toEqual([
    { pageId: bia.user.id, status: "active" },
  ]);
  expect(await mails()).toEqual([{ to: "ana@example.com" }]);
  expect((await ask(NAME)).status).toBe(200);
  expect(lookUpHost(NAME)?.username).toBe("bia");

  // Now active on bia's page: ana cannot add it again.
  const again = await add(ana);
  expect([again.status, (await again.json()).message]).toEqual([409, "Este domínio já está em uso"]);
});

it("verifying a claim on a name active elsewhere → 409 Este domínio já está em uso; the claim stays pending", async () => {
  const { ana, bia } = await pages();
  dns.set(`_vitrine.${NAME}`, "TXT", [await claim(bia)]);
  expect((await (await check(bia)).json()).domain.status).toBe("active");
  // A claim written while bia's verification ran (as a race leaves one), its own records published too.
  const late = await db.customDomain.create({ data: { pageId: ana.user.id, domain: NAME, token: "t0k" } });
  dns.set(`_vitrine.${NAME}`, "TXT", ["vitrine-verify=t0k"]);
  const res = await check(ana);
  expect([res.status, (await res.json()).message]).toEqual([409, "Este domínio já está em uso"]);
  expect((await db.customDomain.findUniqueOrThrow({ where: { id: late.id } })).status).toBe("pending");
  expect(lookUpHost(NAME)?.username).toBe("bia");
});

it("two pages verifying at once: one takes the name, the other is refused (409, or 404 once its claim is gone) and told, its claim removed", async () => {
  const { ana, bia } = await pages();
  const tokens = [await claim(ana), await claim(bia)];
  dns.set(`_vitrine.${NAME}`, "TXT", tokens);
  const answers = await Promise.all([check(ana), check(bia)]);
  const statuses = answers.map((r) => r.status);
  expect(statuses.filter((status) => status === 200)).toHaveLength(1);
  const loser = answers[0].status === 200 ? answers[1] : answers[0];
  // Read while the other was verifying: 409. Begun once the other had finished (the two calls
  // need not overlap), its claim is already gone: 404, as for any page without one.
  if (loser.status === 409) expect((await loser.json()).message).toBe("Este domínio já está em uso");
  else expect(loser.status).toBe(404);
  const rows = await db.customDomain.findMany({ where: { domain: NAME }, select: { pageId: true, status: true } });
  const winner = answers[0].status === 200 ? ana : bia;
  expect(rows).toEqual([{ pageId: winner.user.id, status: "active" }]);
  expect(await mails()).toEqual([{ to: winner === ana ? "bia@example.com" : "ana@example.com" }]);
});

it("a name invalid on another page may be added; verifying it removes the invalid claim", async () => {
  const { ana, bia } = await pages();
  await db.customDomain.create({ data: { pageId: ana.user.id, domain: NAME, token: "old", status: "invalid", invalidSince: new Date() } });
  dns.set(`_vitrine.${NAME}`, "TXT", [await claim(bia)]);
  expect((await (await check(bia)).json()).domain.status).toBe("active");
  expect(await db.customDomain.count({ where: { pageId: ana.user.id } })).toBe(0);
  expect(await mails()).toEqual([{ to: "ana@example.com" }]);
});
