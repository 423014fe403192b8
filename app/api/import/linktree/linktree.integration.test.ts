import { POST as importRoute } from "./route";
import { POST as createLinkRoute } from "@/app/api/links/route";
import { importLinktree } from "@/lib/import/linktree-import";
import { PAGE_LINK_LIMIT } from "@/lib/links/link-limit";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { AppError } from "@/lib/server/errors";
import { addMember, createUser, signedInUser } from "@/tests/factories";
import { request } from "@/tests/helpers/request";
import { entry, linktreeHtml, profileOf, startLinktreeStandIn } from "@/tests/helpers/linktree-stand-in.mjs";

// api.md, Bring your page, share it: POST /api/import/linktree against a local
// server standing in for Linktree (LINKTREE_ORIGIN, ALLOW_PRIVATE_OUTBOUND=1
// as in development). The stand-in's pages follow Linktree's own structure
// (tests/helpers/linktree-stand-in.mjs; lib/import/linktree-page.ts says where it comes from).

let standIn: Awaited<ReturnType<typeof startLinktreeStandIn>>;
const saved = { origin: process.env.LINKTREE_ORIGIN, allow: process.env.ALLOW_PRIVATE_OUTBOUND };

function useOrigin(origin: string, allowPrivate: boolean) {
  process.env.LINKTREE_ORIGIN = origin;
  process.env.ALLOW_PRIVATE_OUTBOUND = allowPrivate ? "1" : "";
  resetEnvCache();
}

beforeAll(async () => {
  standIn = await startLinktreeStandIn();
});
beforeEach(() => useOrigin(standIn.origin, true));
afterAll(async () => {
  await standIn.close();
  process.env.LINKTREE_ORIGIN = saved.origin;
  process.env.ALLOW_PRIVATE_OUTBOUND = saved.allow;
  resetEnvCache();
});

const post = (cookie: string, body: unknown, page?: string) =>
  importRoute(request(`/api/import/linktree${page ? `?page=${page}` : ""}`, { body, headers: { cookie } }));

const storedLinks = (pageId: string) =>
  db.link.findMany({ where: { pageId }, orderBy: { order: "asc" }, select: { order: true, title: true, url: true, active: true, openInApp: true } });

describe("POST /api/import/linktree", () => {
  it("a dry run shows what would come, with the skipped ones and why, and stores nothing", async () => {
    const { user, cookie } = await signedInUser();
    const res = await post(cookie, { url: "https://linktr.ee/anasouza", dryRun: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      profile: { name: "Perfil anasouza", bio: "Bio de anasouza no Linktree", avatarUrl: `${standIn.origin}/avatar.png` },
      links: [
        { title: "Primeiro link", url: "https://anasouza.example.com/primeiro" },
        { title: "Segundo link", url: "https://anasouza.example.com/segundo" },
        { title: "Terceiro link", url: "https://anasouza.example.com/terceiro" },
      ],
      added: 0,
      skipped: [
        { title: "Desativado", url: "https://anasouza.example.com/velho", reason: "inactive", message: "Desativado no Linktree" },
        { title: "Primeiro de novo", url: "https://anasouza.example.com/primeiro", reason: "duplicate", message: "Repetido no Linktree" },
      ],
      // 'Destaques' is a section's title: no link left out, neither shown nor counted.
      skippedCount: 2,
      // The page has a name already (registration gives it one); no bio, no photo.
      takes: { name: false, bio: true, avatar: true },
    });
    expect(await db.link.count()).toBe(0);
    expect(await db.page.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ bio: "", avatarUrl: null });
    expect(await db.auditLog.count()).toBe(0);
    expect(standIn.seen).not.toContain("/avatar.png");
  });

  it("stores exactly the preview after the page's own links, skips addresses it has, fills only its empty fields, in one go with its audit row", async () => {
    const { user, cookie } = await signedInUser();
    await db.page.update({ where: { id: user.id }, data: { name: "", bio: "Minha bio de sempre" } });
    await createLinkRoute(request("/api/links", { body: { title: "Meu site", url: "https://meusite.example.com" }, headers: { cookie } }));
    await createLinkRoute(request("/api/links", { body: { title: "Já tenho", url: "https://joana.example.com/segundo/" }, headers: { cookie } }));
    standIn.pages.set("joana", {
      account: {
        ...profileOf("joana", standIn.origin),
        links: [...profileOf("joana", standIn.origin).links, entry(7, 6, "Canal", "https://www.youtube.com/@joana")],
      },
    });

    const preview = await (await post(cookie, { url: "linktr.ee/joana", dryRun: true })).json();
    const res = await post(cookie, { url: "www.linktr.ee/joana/", dryRun: false });
    expect(res.status).toBe(200);
    const done = await res.json();
    expect(done.links).toEqual(preview.links);
    expect(done.skipped).toEqual(preview.skipped);
    expect(done.added).toBe(preview.links.length);
    expect(done.skipped.find((s: { reason: string }) => s.reason === "existing")).toEqual({
      title: "Segundo link",
      url: "https://joana.example.com/segundo",
      reason: "existing",
      message: "Sua página já tem esse endereço",
    });
    expect(done.takes).toEqual({ name: true, bio: false, avatar: true });

    const links = await storedLinks(user.id);
    expect(links.map((l) => [l.order, l.title, l.url])).toEqual([
      [0, "Meu site", "https://meusite.example.com/"],
      [1, "Já tenho", "https://joana.example.com/segundo/"],
      ...preview.links.map((l: { title: string; url: string }, i: number) => [2 + i, l.title, l.url]),
    ]);
    // The same defaults as a typed link: active, and YouTube opens in its app.
    expect(links.slice(2).map((l) => [l.active, l.openInApp])).toEqual([
      [true, false],
      [true, false],
      [true, true],
    ]);
    const page = await db.page.findUniqueOrThrow({ where: { id: user.id } });
    expect(page.name).toBe("Perfil joana");
    expect(page.bio).toBe("Minha bio de sempre");
    // The photo went through the upload's pipeline: a stored WebP of ours, not Linktree's address.
    expect(page.avatarUrl).toMatch(/avatar-[0-9a-f]{32}\.webp$/);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "links.import" } });
    expect(audit).toMatchObject({ actorId: user.id, pageId: user.id });

    // Again: everything is there already.
    const again = await (await post(cookie, { url: "https://linktr.ee/joana", dryRun: false })).json();
    expect(again.added).toBe(0);
    expect(again.takes).toEqual({ name: false, bio: false, avatar: false });
    expect(await db.link.count({ where: { pageId: user.id } })).toBe(links.length);
  });

  it("refuses another address (400), answers 404 for a name Linktree does not know and 422 for a page that does not read", async () => {
    const { cookie } = await signedInUser();
    for (const url of ["https://example.com/ana", "https://linktr.ee/", "ana", "http://linktr.ee/ana", ""]) {
      const res = await post(cookie, { url, dryRun: true });
      expect([url, res.status]).toEqual([url, 400]);
      expect((await res.json()).message).toBe("Endereço do Linktree inválido");
    }
    const unknown = await post(cookie, { url: "https://linktr.ee/desconhecido_1", dryRun: true });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe("Página não encontrada no Linktree");

    standIn.pages.set("mudou", { html: "<!DOCTYPE html><html><body><main>Nova página</main></body></html>" });
    standIn.pages.set("quebrada", { html: '<script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{"account":{}}}}</script>' });
    standIn.pages.set("fora", { status: 503, html: "" });
    for (const name of ["mudou", "quebrada", "fora"]) {
      const res = await post(cookie, { url: `https://linktr.ee/${name}`, dryRun: false });
      expect([name, res.status]).toEqual([name, 422]);
      expect((await res.json()).message).toBe("Não foi possível ler essa página");
    }
    expect(await db.link.count()).toBe(0);
  });

  it("follows a redirect on Linktree's host, and refuses one to another host, a page over 2 MB, a slow page and a private address without the setting", async () => {
    const { user, cookie } = await signedInUser();
    standIn.pages.set("antigo", { status: 301, location: "/novo" });
    standIn.pages.set("novo", { account: profileOf("novo", standIn.origin) });
    const moved = await post(cookie, { url: "https://linktr.ee/antigo", dryRun: true });
    expect(moved.status).toBe(200);
    expect((await moved.json()).links).toHaveLength(3);

    // localhost is another host than 127.0.0.1, though the same machine.
    standIn.pages.set("fuga", { status: 302, location: `${standIn.origin.replace("127.0.0.1", "localhost")}/novo` });
    standIn.pages.set("enorme", { bytes: 2 * 1024 * 1024 + 64 * 1024 });
    for (const name of ["fuga", "enorme"]) {
      const res = await post(cookie, { url: `https://linktr.ee/${name}`, dryRun: false });
      expect([name, res.status]).toEqual([name, 422]);
    }

    // api.md's 10 s, shortened for the test: the page answers after the time is up.
    standIn.pages.set("lenta", { delayMs: 3000, account: profileOf("lenta", standIn.origin) });
    const page = { id: user.id, username: user.username, name: user.name, role: "owner" as const };
    const slow = importLinktree(page, user, { url: "https://linktr.ee/lenta", dryRun: false }, { maxBytes: 2 * 1024 * 1024, timeoutMs: 300 });
    await expect(slow).rejects.toBeInstanceOf(AppError);
    await expect(slow).rejects.toMatchObject({ status: 422 });

    // Without ALLOW_PRIVATE_OUTBOUND, a Linktree origin on this machine is never asked.
    const before = standIn.seen.length;
    for (const origin of [standIn.origin.replace("http:", "https:"), standIn.origin.replace("http://127.0.0.1", "https://localhost")]) {
      useOrigin(origin, false);
      const res = await post(cookie, { url: "https://linktr.ee/novo", dryRun: true });
      expect([origin, res.status]).toEqual([origin, 422]);
    }
    expect(standIn.seen.length).toBe(before);
    expect(await db.link.count()).toBe(0);
  });

  it("stops at the page's link limit, skipping the rest with the reason, and refuses a blocked domain", async () => {
    const { user, cookie } = await signedInUser();
    await db.link.createMany({
      data: Array.from({ length: PAGE_LINK_LIMIT - 2 }, (_, i) => ({
        pageId: user.id,
        order: i,
        kind: "link",
        title: `Link ${i}`,
        url: `https://e.example.com/${i}`,
      })),
    });
    await db.blockedDomain.create({ data: { domain: "bloqueado.example" } });
    standIn.pages.set("cheia", {
      account: {
        ...profileOf("cheia", standIn.origin),
        links: [
          entry(1, 0, "Um", "https://um.example.com/"),
          entry(2, 1, "Bloqueado", "https://loja.bloqueado.example/x"),
          entry(3, 2, "Dois", "https://dois.example.com/"),
          entry(4, 3, "Três", "https://tres.example.com/"),
        ],
      },
    });
    const res = await post(cookie, { url: "https://linktr.ee/cheia", dryRun: false });
    const body = await res.json();
    expect(body.links.map((l: { title: string }) => l.title)).toEqual(["Um", "Dois"]);
    expect(body.skipped.map((s: { title: string; reason: string }) => [s.title, s.reason])).toEqual([
      ["Bloqueado", "blocked"],
      ["Três", "limit"],
    ]);
    expect(await db.link.count({ where: { pageId: user.id } })).toBe(PAGE_LINK_LIMIT);
    // A typed link past the limit is refused too.
    const typed = await createLinkRoute(request("/api/links", { body: { title: "Mais um", url: "https://mais.example.com" }, headers: { cookie } }));
    expect(typed.status).toBe(400);
    expect(await db.link.count({ where: { pageId: user.id } })).toBe(PAGE_LINK_LIMIT);
  });

  it("reads no further than the page's link limit and names at most 100 skipped links, counting them all (a 20,000-link page)", async () => {
    const { user, cookie } = await signedInUser();
    // Linktree's data with 20,000 links, each entry as small as its shape allows (the page stays under 2 MB).
    const links = Array.from({ length: 20_000 }, (_, i) => ({ id: i + 1, type: "CLASSIC", title: `L${i}`, position: i, url: `https://l.example/${i}` }));
    const html = linktreeHtml({ ...profileOf("vinte_mil", standIn.origin), links });
    expect(html.length).toBeLessThan(2 * 1024 * 1024);
    standIn.pages.set("vinte_mil", { html });

    const preview = await post(cookie, { url: "https://linktr.ee/vinte_mil", dryRun: true });
    expect(preview.status).toBe(200);
    const text = await preview.text();
    expect(text.length).toBeLessThan(64 * 1024);
    const dry = JSON.parse(text);
    expect(dry.links).toHaveLength(PAGE_LINK_LIMIT);
    expect(dry.links[PAGE_LINK_LIMIT - 1]).toEqual({ title: `L${PAGE_LINK_LIMIT - 1}`, url: `https://l.example/${PAGE_LINK_LIMIT - 1}` });
    expect(dry.skipped).toEqual([]);
    expect(dry.skippedCount).toBe(20_000 - PAGE_LINK_LIMIT);

    // A page two links short of its limit: two come, the rest are skipped, the first 100 named in order.
    await db.link.createMany({
      data: Array.from({ length: PAGE_LINK_LIMIT - 2 }, (_, i) => ({
        pageId: user.id,
        order: i,
        kind: "link",
        title: `Link ${i}`,
        url: `https://e.example.com/${i}`,
      })),
    });
    const res = await post(cookie, { url: "https://linktr.ee/vinte_mil", dryRun: false });
    const done = JSON.parse(await res.text());
    expect(done.added).toBe(2);
    expect(done.links).toEqual([
      { title: "L0", url: "https://l.example/0" },
      { title: "L1", url: "https://l.example/1" },
    ]);
    expect(done.skipped).toHaveLength(100);
    expect(done.skipped[0]).toEqual({ title: "L2", url: "https://l.example/2", reason: "limit", message: "Sua página chegou ao limite de links" });
    expect(done.skipped[99].title).toBe("L101");
    expect(done.skippedCount).toBe(20_000 - 2);
    expect(await db.link.count({ where: { pageId: user.id } })).toBe(PAGE_LINK_LIMIT);
  });

  it("takes a photo only from Linktree's image host; an editor may import; a stranger may not", async () => {
    const owner = await createUser();
    const editor = await signedInUser();
    await addMember(owner.id, editor.user.id, "editor");
    standIn.pages.set("foto", { account: { ...profileOf("foto", standIn.origin), profilePictureUrl: "https://imagens.example.com/ana.png" } });
    const res = await post(editor.cookie, { url: "https://linktr.ee/foto", dryRun: false }, owner.username);
    expect(res.status).toBe(200);
    expect((await res.json()).takes).toEqual({ name: false, bio: true, avatar: false });
    expect(await db.link.count({ where: { pageId: owner.id } })).toBe(3);
    expect((await db.page.findUniqueOrThrow({ where: { id: owner.id } })).avatarUrl).toBeNull();

    const stranger = await importRoute(request("/api/import/linktree", { body: { url: "https://linktr.ee/foto", dryRun: true } }));
    expect(stranger.status).toBe(401);
  });
});

// The HTML builder is the stand-in's; a fixture page in lib/import/fixtures is read the same way.
test("the stand-in's pages carry the data where Linktree's do", () => {
  expect(linktreeHtml(profileOf("x", "http://o"))).toContain('<script id="__NEXT_DATA__" type="application/json">');
});
