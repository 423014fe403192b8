import { runDueJobs } from "@/lib/startup/app-jobs";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { addMember, createUser } from "@/tests/factories";
import { startDnsServer, type TestDnsServer } from "@/tests/support/dns-server";
import { loadDomainHosts } from "./load-host-list";
import { lookUpHost } from "./host-list";

// The daily re-check (api.md, Custom domains): 3 failed checks in a row →
// invalid and the owners told; invalid 30 days → removed; pending never
// verified in 14 days → removed. The clock is moved, never waited for.

const TARGET = "cname.vitrine.test";
const DOMAIN = "links.loja.test";
const DAY = 24 * 60 * 60_000;
const T0 = new Date("2026-11-01T12:00:00Z");
const at = (days: number, ms = 0) => new Date(T0.getTime() + days * DAY + ms);
let dns: TestDnsServer;
const saved = { ...process.env };

beforeAll(async () => {
  dns = await startDnsServer();
  dns.set(TARGET, "A", ["203.0.113.50"]);
  process.env.CUSTOM_DOMAIN_TARGET = TARGET;
  process.env.DNS_SERVERS = dns.servers;
  process.env.NEXT_PUBLIC_APP_URL = "https://vitrine.test";
  resetEnvCache();
});
afterAll(async () => {
  await dns.close();
  process.env = saved;
  resetEnvCache();
});

async function activeDomain() {
  const owner = await createUser({ username: "ana", email: "ana@example.com" });
  const editor = await createUser({ email: "edu@example.com" });
  await addMember(owner.id, editor.id, "editor");
  const row = await db.customDomain.create({ data: { pageId: owner.id, domain: DOMAIN, token: "tok", status: "active", verifiedAt: T0, createdAt: T0 } });
  dns.set(`_vitrine.${DOMAIN}`, "TXT", ["vitrine-verify=tok"]);
  dns.set(DOMAIN, "CNAME", [TARGET]);
  await loadDomainHosts();
  return { owner, row };
}
const stateOf = async (id: string) =>
  db.customDomain.findUnique({ where: { id }, select: { status: true, failures: true, invalidSince: true, lastCheckedAt: true } });
const mailsAbout = () => db.outboxMessage.findMany({ where: { subject: `Seu domínio ${DOMAIN} parou de apontar para a Vitrine` }, select: { to: true } });

describe("the daily re-check", () => {
  it("turns a domain whose record is gone invalid at the third failed check in a row, tells its owners, removes it 30 days later", async () => {
    const { row } = await activeDomain();
    await runDueJobs({ now: at(0) });
    expect(await stateOf(row.id)).toMatchObject({ status: "active", failures: 0, lastCheckedAt: at(0) });
    // Once a day, not at every run.
    await runDueJobs({ now: at(0, 3_600_000) });
    expect((await stateOf(row.id))?.lastCheckedAt).toEqual(at(0));

    dns.remove(`_vitrine.${DOMAIN}`, "TXT");
    await runDueJobs({ now: at(1) });
    expect(await stateOf(row.id)).toMatchObject({ status: "active", failures: 1 });
    await runDueJobs({ now: at(2) });
    expect(await stateOf(row.id)).toMatchObject({ status: "active", failures: 2 });
    expect(lookUpHost(DOMAIN)).not.toBeNull();
    expect(await mailsAbout()).toEqual([]);
    await runDueJobs({ now: at(3) });
    expect(await stateOf(row.id)).toMatchObject({ status: "invalid", failures: 3, invalidSince: at(3) });
    expect(lookUpHost(DOMAIN)).toBeNull();
    expect(await mailsAbout()).toEqual([{ to: "ana@example.com" }]);
    // Not told again, and kept for 30 days.
    await runDueJobs({ now: at(4) });
    await runDueJobs({ now: at(32, 3_600_000) });
    expect(await stateOf(row.id)).toMatchObject({ status: "invalid" });
    expect(await mailsAbout()).toHaveLength(1);
    await runDueJobs({ now: at(33) });
    expect(await stateOf(row.id)).toBeNull();
  });

  it("starts counting again after a check that passes", async () => {
    const { row } = await activeDomain();
    dns.set(DOMAIN, "CNAME", ["elsewhere.test"]);
    await runDueJobs({ now: at(1) });
    await runDueJobs({ now: at(2) });
    expect(await stateOf(row.id)).toMatchObject({ failures: 2 });
    dns.set(DOMAIN, "CNAME", [TARGET]);
    await runDueJobs({ now: at(3) });
    expect(await stateOf(row.id)).toMatchObject({ status: "active", failures: 0 });
    dns.set(DOMAIN, "CNAME", ["elsewhere.test"]);
    await runDueJobs({ now: at(4) });
    await runDueJobs({ now: at(5) });
    expect(await stateOf(row.id)).toMatchObject({ status: "active", failures: 2 });
  });
});

describe("pending domains", () => {
  it("are removed when never verified within 14 days", async () => {
    const owner = await createUser();
    const row = await db.customDomain.create({ data: { pageId: owner.id, domain: "novo.loja.test", token: "t", createdAt: T0 } });
    await runDueJobs({ now: at(13, 23 * 3_600_000) });
    expect(await stateOf(row.id)).toMatchObject({ status: "pending", lastCheckedAt: null });
    await runDueJobs({ now: at(14) });
    expect(await stateOf(row.id)).toBeNull();
  });
});
