import { GET as list, POST as create, PUT as putOrder } from "./route";
import { DELETE as remove, GET as getOne, PATCH as patch, PUT as replace } from "./[id]/route";
import { POST as reorder } from "./reorder/route";
import { GET as pixCode } from "./[id]/pix/route";
import { DELETE as removeThumbnail, POST as setThumbnail } from "./[id]/thumbnail/route";
import { GET as exportLinks } from "./export/route";
import { POST as importLinks } from "./import/route";
import { GET as profileJson } from "@/app/api/profiles/[username]/route";
import { db } from "@/lib/server/db";
import { addMember, createPage, signedInUser } from "@/tests/factories";
import { clearUploads, multipartRequest, solidImage, uploadedFiles } from "@/tests/helpers/images";
import { orderOf, seedLinks } from "@/tests/helpers/links";
import { BASE_URL, params, request } from "@/tests/helpers/request";

// api.md, Pages and teams (fourth release): every links endpoint takes
// ?page=USERNAME (absent: the account's first page); an editor manages links;
// a page the caller does not manage is a 404, like another person's link.

const as = (cookie: string) => ({ headers: { cookie } });
const titles = async (res: Response) => ((await res.json()) as { title: string }[]).map((l) => l.title);

/** An account with its first page (one link) and a second page (two links). */
async function twoPages() {
  const s = await signedInUser({ username: "ana" });
  const second = await createPage(s.user.id, { username: "loja_da_ana" });
  const [first] = await seedLinks(s.user.id, 1);
  const theirs = await seedLinks(second.id, 2);
  return { ...s, second, first: first!, theirs };
}

beforeEach(clearUploads);

describe("links of a second page (?page=)", () => {
  it("lists, creates, edits, reorders and deletes the named page's links, leaving the first page's alone", async () => {
    const { user, cookie, second, first, theirs } = await twoPages();
    const q = `?page=${second.username}`;
    expect(await titles(await list(request(`/api/links${q}`, as(cookie))))).toEqual(["Link 1", "Link 2"]);

    const added = await create(request(`/api/links${q}`, { body: { title: "Nova", url: "https://nova.example.com" }, ...as(cookie) }));
    expect(added.status).toBe(201);
    const link = await added.json();
    expect(link).toMatchObject({ title: "Nova", order: 2 });
    expect((await db.link.findUniqueOrThrow({ where: { id: link.id } })).pageId).toBe(second.id);

    const id = theirs[0]!.id;
    expect(await (await getOne(request(`/api/links/${id}${q}`, as(cookie)), params({ id }))).json()).toMatchObject({ title: "Link 1" });
    const put = await replace(
      request(`/api/links/${id}${q}`, { method: "PUT", body: { title: "Trocado", url: "https://t.example.com", active: true }, ...as(cookie) }),
      params({ id }),
    );
    expect(await put.json()).toMatchObject({ title: "Trocado" });
    const off = await patch(request(`/api/links/${id}${q}`, { method: "PATCH", body: { active: false }, ...as(cookie) }), params({ id }));
    expect(await off.json()).toMatchObject({ active: false });

    const order = [link.id, theirs[1]!.id, id];
    expect((await reorder(request(`/api/links/reorder${q}`, { body: { linkOrders: order.map((id, order) => ({ id, order })) }, ...as(cookie) }))).status).toBe(
      200,
    );
    expect(await orderOf(second.id)).toEqual(order);
    const put2 = await putOrder(request(`/api/links${q}`, { method: "PUT", body: [...order].reverse().map((id, order) => ({ id, order })), ...as(cookie) }));
    expect(put2.status).toBe(200);
    expect(await orderOf(second.id)).toEqual([...order].reverse());

    expect((await remove(request(`/api/links/${id}${q}`, { method: "DELETE", ...as(cookie) }), params({ id }))).status).toBe(200);
    expect(await orderOf(second.id)).toEqual([theirs[1]!.id, link.id]);

    // The first page was never touched, and is what a call without ?page= still acts on.
    expect(await db.link.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({ pageId: user.id, title: "Link 1", order: 0, active: true });
    expect(await titles(await list(request("/api/links", as(cookie))))).toEqual(["Link 1"]);
    const plain = await (await create(request("/api/links", { body: { title: "Da primeira", url: "https://p.example.com" }, ...as(cookie) }))).json();
    expect(plain.order).toBe(1);
    expect(await orderOf(user.id)).toEqual([first.id, plain.id]);
    expect(await orderOf(second.id)).toEqual([theirs[1]!.id, link.id]);

    // Each public page shows its own links.
    const shown = await (await profileJson(request("/api/profiles/loja_da_ana"), params({ username: "loja_da_ana" }))).json();
    expect(shown.links.map((l: { title: string }) => l.title)).toEqual(["Link 2", "Nova"]);
  });

  it("answers 404 for a link of another page: the page named is the only one a call reaches", async () => {
    const { cookie, second, first, theirs } = await twoPages();
    const id = theirs[0]!.id;
    // Without ?page= the first page: the second page's link is not there.
    expect((await getOne(request(`/api/links/${id}`, as(cookie)), params({ id }))).status).toBe(404);
    expect((await patch(request(`/api/links/${id}`, { method: "PATCH", body: { active: false }, ...as(cookie) }), params({ id }))).status).toBe(404);
    expect((await remove(request(`/api/links/${id}`, { method: "DELETE", ...as(cookie) }), params({ id }))).status).toBe(404);
    // Nor is the first page's link on the second page.
    const q = `?page=${second.username}`;
    expect((await getOne(request(`/api/links/${first.id}${q}`, as(cookie)), params({ id: first.id }))).status).toBe(404);
    // A reorder names exactly the page's links.
    const mixed = [first.id, theirs[1]!.id].map((id, order) => ({ id, order }));
    expect((await reorder(request(`/api/links/reorder${q}`, { body: { linkOrders: mixed }, ...as(cookie) }))).status).toBe(400);
    expect(await db.link.findUniqueOrThrow({ where: { id } })).toMatchObject({ active: true, title: "Link 1" });
    expect(await orderOf(second.id)).toEqual(theirs.map((l) => l.id));
  });

  it("exports and imports the named page's links", async () => {
    const { user, cookie, second } = await twoPages();
    const q = `?page=${second.username}`;
    const res = await exportLinks(request(`/api/links/export${q}&format=json`, as(cookie)));
    expect(res.status).toBe(200);
    const rows = JSON.parse(await res.text());
    expect(rows.map((r: { title: string }) => r.title)).toEqual(["Link 1", "Link 2"]);

    const form = new FormData();
    form.append("file", new Blob([JSON.stringify([{ title: "Importado", url: "https://i.example.com" }])], { type: "application/json" }), "links.json");
    const imported = await importLinks(
      new Request(`${BASE_URL}/api/links/import${q}`, { method: "POST", headers: { cookie, "x-vitrine-client-ip": "203.0.113.10" }, body: form }),
    );
    expect(await imported.json()).toMatchObject({ created: 1, valid: 1 });
    expect((await db.link.findMany({ where: { pageId: second.id }, orderBy: { order: "asc" } })).map((l) => l.title)).toEqual([
      "Link 1",
      "Link 2",
      "Importado",
    ]);
    expect(await db.link.count({ where: { pageId: user.id } })).toBe(1);
    // The import limit counts the person, whatever the page.
    expect(await db.rateLimit.findUnique({ where: { key: `import:user:${user.id}` } })).toMatchObject({ count: 1 });
    expect(await db.rateLimit.findUnique({ where: { key: `import:user:${second.id}` } })).toBeNull();
  });

  it("sets and removes a thumbnail on the named page's link; the upload counts against the account", async () => {
    const { user, cookie, second, theirs } = await twoPages();
    const id = theirs[0]!.id;
    // Without ?page= the link is not the first page's: 404, nothing stored.
    const png = await solidImage("png");
    const refused = await setThumbnail(multipartRequest(`/api/links/${id}/thumbnail`, { cookie, files: { thumbnail: { bytes: png } } }), params({ id }));
    expect(refused.status).toBe(404);
    expect(uploadedFiles()).toEqual([]);

    const set = await setThumbnail(
      multipartRequest(`/api/links/${id}/thumbnail?page=${second.username}`, { cookie, files: { thumbnail: { bytes: png } } }),
      params({ id }),
    );
    expect(set.status).toBe(200);
    const url = (await set.json()).thumbnailUrl;
    expect(url).toMatch(/^\/uploads\/thumbnail-/);
    expect(await db.rateLimit.findUnique({ where: { key: `upload:user:${user.id}` } })).toMatchObject({ count: 1 });
    expect(await db.rateLimit.findUnique({ where: { key: `upload:user:${second.id}` } })).toBeNull();

    expect((await removeThumbnail(request(`/api/links/${id}/thumbnail`, { method: "DELETE", ...as(cookie) }), params({ id }))).status).toBe(404);
    const cleared = await removeThumbnail(request(`/api/links/${id}/thumbnail?page=${second.username}`, { method: "DELETE", ...as(cookie) }), params({ id }));
    expect(await cleared.json()).toMatchObject({ id, thumbnailUrl: null });
    expect(uploadedFiles()).toEqual([]);
  });
});

describe("an editor of a page", () => {
  it("manages its links, Pix code and thumbnails like its owner", async () => {
    const owner = await signedInUser({ username: "dona" });
    const editor = await signedInUser({ username: "ajudante" });
    await addMember(owner.user.id, editor.user.id, "editor");
    const [a, b] = await seedLinks(owner.user.id, 2);
    const q = "?page=dona";
    const c = as(editor.cookie);

    expect(await titles(await list(request(`/api/links${q}`, c)))).toEqual(["Link 1", "Link 2"]);
    const made = await create(request(`/api/links${q}`, { body: { title: "Do editor", url: "https://e.example.com" }, ...c }));
    expect(made.status).toBe(201);
    const link = await made.json();
    expect((await patch(request(`/api/links/${a!.id}${q}`, { method: "PATCH", body: { highlighted: true }, ...c }), params({ id: a!.id }))).status).toBe(200);
    const order = [link.id, b!.id, a!.id];
    expect((await reorder(request(`/api/links/reorder${q}`, { body: { linkOrders: order.map((id, order) => ({ id, order })) }, ...c }))).status).toBe(200);
    expect(await orderOf(owner.user.id)).toEqual(order);
    expect((await remove(request(`/api/links/${b!.id}${q}`, { method: "DELETE", ...c }), params({ id: b!.id }))).status).toBe(200);

    const pix = await create(
      request(`/api/links${q}`, { body: { kind: "pix", title: "Pix", pix: { key: "ana@example.com", name: "Ana Souza", city: "Sao Paulo" } }, ...c }),
    );
    expect(pix.status).toBe(201);
    const pixId = (await pix.json()).id;
    const code = await pixCode(request(`/api/links/${pixId}/pix${q}`, c), params({ id: pixId }));
    expect(code.status).toBe(200);
    expect((await code.json()).code).toMatch(/^000201/);

    const thumb = await setThumbnail(
      multipartRequest(`/api/links/${a!.id}/thumbnail${q}`, { cookie: editor.cookie, files: { thumbnail: { bytes: await solidImage("png") } } }),
      params({ id: a!.id }),
    );
    expect(thumb.status).toBe(200);
    // The editor's own first page is untouched, and still what they reach without ?page=.
    expect(await db.link.count({ where: { pageId: editor.user.id } })).toBe(0);
    expect(await titles(await list(request("/api/links", c)))).toEqual([]);
  });

  it("loses access at the next request once removed", async () => {
    const owner = await signedInUser({ username: "dona" });
    const editor = await signedInUser();
    await addMember(owner.user.id, editor.user.id, "editor");
    const [a] = await seedLinks(owner.user.id, 1);
    const c = as(editor.cookie);
    expect((await list(request("/api/links?page=dona", c))).status).toBe(200);
    await db.pageMember.delete({ where: { pageId_userId: { pageId: owner.user.id, userId: editor.user.id } } });
    expect((await list(request("/api/links?page=dona", c))).status).toBe(404);
    expect((await patch(request(`/api/links/${a!.id}?page=dona`, { method: "PATCH", body: { active: false }, ...c }), params({ id: a!.id }))).status).toBe(404);
    expect((await db.link.findUniqueOrThrow({ where: { id: a!.id } })).active).toBe(true);
  });
});

describe("a page the caller does not manage", () => {
  it("is a 404 on every links endpoint, and nothing changes", async () => {
    const owner = await signedInUser({ username: "dona" });
    const stranger = await signedInUser();
    const [a] = await seedLinks(owner.user.id, 1);
    const id = a!.id;
    const q = "?page=dona";
    const c = as(stranger.cookie);
    const answers = [
      await list(request(`/api/links${q}`, c)),
      await create(request(`/api/links${q}`, { body: { title: "x", url: "https://x.example.com" }, ...c })),
      await putOrder(request(`/api/links${q}`, { method: "PUT", body: [{ id, order: 0 }], ...c })),
      await reorder(request(`/api/links/reorder${q}`, { body: { linkOrders: [{ id, order: 0 }] }, ...c })),
      await getOne(request(`/api/links/${id}${q}`, c), params({ id })),
      await replace(
        request(`/api/links/${id}${q}`, { method: "PUT", body: { title: "hack", url: "https://evil.example.com", active: true }, ...c }),
        params({ id }),
      ),
      await patch(request(`/api/links/${id}${q}`, { method: "PATCH", body: { active: false }, ...c }), params({ id })),
      await remove(request(`/api/links/${id}${q}`, { method: "DELETE", ...c }), params({ id })),
      await pixCode(request(`/api/links/${id}/pix${q}`, c), params({ id })),
      await exportLinks(request(`/api/links/export${q}`, c)),
      await removeThumbnail(request(`/api/links/${id}/thumbnail${q}`, { method: "DELETE", ...c }), params({ id })),
      await setThumbnail(
        multipartRequest(`/api/links/${id}/thumbnail${q}`, { cookie: stranger.cookie, files: { thumbnail: { bytes: await solidImage("png") } } }),
        params({ id }),
      ),
      // A page that does not exist answers the same.
      await list(request("/api/links?page=ninguem_aqui", c)),
    ];
    for (const res of answers) expect(res.status).toBe(404);
    expect(await db.link.findUniqueOrThrow({ where: { id } })).toMatchObject({ title: "Link 1", active: true, thumbnailUrl: null });
    expect(await db.link.count()).toBe(1);
    expect(uploadedFiles()).toEqual([]);
    // Unchanged without ?page=: the caller's own first page.
    expect((await list(request("/api/links", c))).status).toBe(200);
  });
});
