import { DELETE, GET, POST } from "./route";
import { POST as verify } from "./verify/route";
import { GET as allowed } from "./allowed/route";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { addMember, signedInUser } from "@/tests/factories";
import { request } from "@/tests/helpers/request";
import { startDnsServer, type TestDnsServer } from "@/tests/support/dns-server";

// Custom domains (api.md, fifth release): every refusal, and verification
// against an in-process DNS server (DNS_SERVERS).

const TARGET = "cname.vitrine.test";
let dns: TestDnsServer;
const saved = { ...process.env };

beforeAll(async () => {
  dns = await startDnsServer();
  dns.set(TARGET, "A", ["203.0.113.50"]);
  dns.set(TARGET, "AAAA", ["2001:db8::50"]);
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
});

async function team() {
  const owner = await signedInUser({ username: "ana" });
  const editor = await signedInUser();
  await addMember(owner.user.id, editor.user.id, "editor");
  const stranger = await signedInUser({ username: "bia" });
  return { owner, editor, stranger, pageId: owner.user.id };
}

const add = (cookie: string, domain: unknown, page = "ana") => POST(request(`/api/domains?page=${page}`, { headers: { cookie }, body: { domain } }));
const read = (cookie: string, page = "ana") => GET(request(`/api/domains?page=${page}`, { headers: { cookie } }));
const check = (cookie: string, page = "ana") => verify(request(`/api/domains/verify?page=${page}`, { method: "POST", headers: { cookie } }));
const remove = (cookie: string, page = "ana") => DELETE(request(`/api/domains?page=${page}`, { method: "DELETE", headers: { cookie } }));
const ask = (domain: string) => allowed(request(`/api/domains/allowed?domain=${encodeURIComponent(domain)}`));

/** Publishes the records a domain's answer names (the TXT split in two chunks, as long records are). */
function publish(records: { type: string; name: string; value: string }[]) {
  for (const r of records) {
    if (r.type === "TXT") dns.set(r.name, "TXT", [[r.value.slice(0, 10), r.value.slice(10)]]);
    else if (r.type === "CNAME") dns.set(r.name, "CNAME", [r.value]);
  }
}

describe("without CUSTOM_DOMAIN_TARGET", () => {
  it("answers 404 everywhere", async () => {
    const { owner, editor } = await team();
    delete process.env.CUSTOM_DOMAIN_TARGET;
    resetEnvCache();
    for (const res of [
      await read(owner.cookie),
      await add(owner.cookie, "links.loja.test"),
      await check(owner.cookie),
      await remove(editor.cookie),
      await ask("links.loja.test"),
    ]) {
      expect(res.status).toBe(404);
    }
    expect(await db.customDomain.count()).toBe(0);
  });
});

describe("POST /api/domains", () => {
  it("stores the domain pending, in lowercase ASCII, and names the two records", async () => {
    const { owner, editor } = await team();
    const res = await add(owner.cookie, " Links.Café-Loja.test. ");
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({
      id: expect.any(String),
      domain: "links.xn--caf-loja-d1a.test",
      // The records' names are given relative to it on the card.
      zone: "xn--caf-loja-d1a.test",
      status: "pending",
      records: [
        { type: "TXT", name: "_vitrine.links.xn--caf-loja-d1a.test", value: expect.stringMatching(/^vitrine-verify=[0-9a-f]{32}$/) },
        { type: "CNAME", name: "links.xn--caf-loja-d1a.test", value: TARGET },
      ],
      createdAt: expect.any(String),
      verifiedAt: null,
    });
    // An editor reads it; a stranger does not learn it exists.
    const seen = await read(editor.cookie);
    expect(seen.status).toBe(200);
    expect((await seen.json()).domain).toEqual(body);
  });

  it("tells an apex to copy the target's addresses", async () => {
    const { owner } = await team();
    const body = await (await add(owner.cookie, "minhaloja.com.br")).json();
    expect(body.zone).toBe("minhaloja.com.br");
    expect(body.records.slice(1)).toEqual([
      { type: "A", name: "minhaloja.com.br", value: "203.0.113.50" },
      { type: "AAAA", name: "minhaloja.com.br", value: "2001:db8::50" },
    ]);
  });

  it("refuses what is no custom domain with 400 Domínio inválido, and stores nothing", async () => {
    const { owner } = await team();
    await db.blockedDomain.create({ data: { domain: "proibido.test" } });
    const long = `${"abcdefghi.".repeat(26)}test`;
    for (const domain of [
      "203.0.113.7",
      "2001:db8::1",
      "localhost",
      "vitrine.test",
      "loja.vitrine.test",
      TARGET,
      "x." + TARGET,
      long,
      "loja.proibido.test",
      "https://loja.test/",
      "",
      42,
    ]) {
      const res = await add(owner.cookie, domain);
      expect([domain, res.status]).toEqual([domain, 400]);
      const body = await res.json();
      expect(body.message).toBe("Domínio inválido");
      expect(body.errors).toEqual({ domain: "Domínio inválido" });
    }
    expect(await db.customDomain.count()).toBe(0);
  });

  it("keeps one domain per page; a name active on another page → 409 Este domínio já está em uso", async () => {
    const { owner, stranger } = await team();
    const { records } = await (await add(owner.cookie, "links.loja.test")).json();
    const second = await add(owner.cookie, "outro.loja.test");
    expect(second.status).toBe(409);
    expect((await second.json()).message).toBe("Esta página já tem um domínio");
    publish(records);
    expect((await (await check(owner.cookie)).json()).domain.status).toBe("active");
    const taken = await add(stranger.cookie, "LINKS.loja.test", "bia");
    expect(taken.status).toBe(409);
    expect((await taken.json()).message).toBe("Este domínio já está em uso");
    expect(await db.customDomain.count()).toBe(1);
    dns.remove("links.loja.test", "CNAME");
    dns.remove("_vitrine.links.loja.test", "TXT");
  });

  it("refuses a label that is not punycode of a name (xn--loja decodes to Ethiopic, xn--a to nothing) with 400 Domínio inválido", async () => {
    const { owner } = await team();
    for (const domain of ["xn--loja.example", "links.xn--a.test", "xn--caf-.test"]) {
      const res = await add(owner.cookie, domain);
      expect([domain, res.status, (await res.json()).message]).toEqual([domain, 400, "Domínio inválido"]);
    }
    expect(await db.customDomain.count()).toBe(0);
  });

  it("lets only the page's owners change it", async () => {
    const { owner, editor, stranger } = await team();
    const refused = await add(editor.cookie, "links.loja.test");
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe("Sem permissão nesta página");
    expect((await add(stranger.cookie, "links.loja.test")).status).toBe(404);
    expect((await read(stranger.cookie)).status).toBe(404);
    expect((await POST(request("/api/domains?page=ana", { body: { domain: "links.loja.test" } }))).status).toBe(401);
    expect((await add(owner.cookie, "links.loja.test")).status).toBe(201);
    expect((await check(editor.cookie)).status).toBe(403);
    expect((await remove(editor.cookie)).status).toBe(403);
    expect(await db.customDomain.count()).toBe(1);
  });
});

describe("POST /api/domains/verify", () => {
  it("names what is missing (of the CNAME a subdomain was asked for) and what was found, until the TXT token and the CNAME chain are there, then turns active", async () => {
    const { owner } = await team();
    const { records } = await (await add(owner.cookie, "links.loja.test")).json();
    const [txt] = records;

    let res = await check(owner.cookie);
    expect(res.status).toBe(200);
    let domain = (await res.json()).domain;
    expect(domain.status).toBe("pending");
    expect(domain.verifiedAt).toBeNull();
    expect(domain.problems).toEqual([
      "O registro TXT _vitrine.links.loja.test não foi encontrado",
      `O registro CNAME links.loja.test apontando para ${TARGET} não foi encontrado: o nome ainda não existe no DNS`,
    ]);
    expect((await ask("links.loja.test")).status).toBe(404);

    // Addresses of their own where the CNAME was asked: the CNAME is what is named, and what was found.
    dns.set("links.loja.test", "A", ["198.51.100.7"]);
    domain = (await (await check(owner.cookie)).json()).domain;
    expect(domain.problems[1]).toBe(
      `O registro CNAME links.loja.test apontando para ${TARGET} não foi encontrado: encontramos endereços (A/AAAA) 198.51.100.7 no lugar dele`,
    );
    dns.remove("links.loja.test", "A");

    // A wrong token, and a CNAME that leads elsewhere.
    dns.set(txt.name, "TXT", ["vitrine-verify=outro"]);
    dns.set("links.loja.test", "CNAME", ["elsewhere.test"]);
    dns.set("elsewhere.test", "A", ["198.51.100.9"]);
    domain = (await (await check(owner.cookie)).json()).domain;
    expect(domain.problems).toEqual([
      `O registro TXT _vitrine.links.loja.test não tem o valor ${txt.value}: encontramos vitrine-verify=outro`,
      `O registro CNAME links.loja.test leva a elsewhere.test, não a ${TARGET}`,
    ]);

    // The token in two chunks, and a chain through another name to the target.
    publish([txt]);
    dns.set("links.loja.test", "CNAME", ["edge.loja-cdn.test"]);
    dns.set("edge.loja-cdn.test", "CNAME", [TARGET]);
    res = await check(owner.cookie);
    domain = (await res.json()).domain;
    expect(domain.status).toBe("active");
    expect(domain.problems).toBeUndefined();
    expect(Date.parse(domain.verifiedAt)).not.toBeNaN();
    expect((await ask("links.loja.test")).status).toBe(200);
    expect((await ask("LINKS.loja.test.")).status).toBe(200);
    expect((await ask("outro.loja.test")).status).toBe(404);
  });

  it("accepts an apex whose addresses are among the target's, and names addresses that are not", async () => {
    const { owner } = await team();
    const { records } = await (await add(owner.cookie, "minhaloja.com.br")).json();
    publish(records);
    dns.set("minhaloja.com.br", "A", ["203.0.113.50", "198.51.100.9"]);
    let domain = (await (await check(owner.cookie)).json()).domain;
    expect(domain.status).toBe("pending");
    expect(domain.problems).toEqual([`Os endereços de minhaloja.com.br (registros A/AAAA) não são os de ${TARGET}: encontramos 203.0.113.50, 198.51.100.9`]);
    dns.set("minhaloja.com.br", "A", ["203.0.113.50"]);
    domain = (await (await check(owner.cookie)).json()).domain;
    expect(domain.status).toBe("active");
    dns.remove("minhaloja.com.br", "A");
  });

  it("answers 404 for a page without a domain", async () => {
    const { owner } = await team();
    expect((await check(owner.cookie)).status).toBe(404);
  });
});

describe("DELETE /api/domains", () => {
  it("removes the domain: no longer allowed, the page may add another", async () => {
    const { owner } = await team();
    const { records } = await (await add(owner.cookie, "shop.loja.test")).json();
    publish(records);
    expect((await (await check(owner.cookie)).json()).domain.status).toBe("active");
    expect((await ask("shop.loja.test")).status).toBe(200);
    const res = await remove(owner.cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect((await ask("shop.loja.test")).status).toBe(404);
    expect(await (await read(owner.cookie)).json()).toEqual({ domain: null });
    expect((await remove(owner.cookie)).status).toBe(404);
    expect((await add(owner.cookie, "novo.loja.test")).status).toBe(201);
  });
});
