import { GET as list, POST as create, PUT as putOrder } from "./route";
import { DELETE as remove, GET as getOne, PATCH as patch, PUT as replace } from "./[id]/route";
import { POST as reorder } from "./reorder/route";
import { db } from "@/lib/server/db";
import { signedInUser } from "@/tests/factories";
import { orderOf, seedLinks } from "@/tests/helpers/links";
import { params, request } from "@/tests/helpers/request";

const as = (cookie: string) => ({ headers: { cookie } });

describe("links API", () => {
  it("refuses every call without a session (401)", async () => {
    expect((await list(request("/api/links"))).status).toBe(401);
    expect((await create(request("/api/links", { body: { title: "a", url: "https://a.com" } }))).status).toBe(401);
    expect((await reorder(request("/api/links/reorder", { body: { linkOrders: [] } }))).status).toBe(401);
    expect((await remove(request("/api/links/x", { method: "DELETE" }), params({ id: "x" }))).status).toBe(401);
  });

  it("creates links appended in order, trimmed, active by default (201)", async () => {
    const { user, cookie } = await signedInUser();
    const a = await create(request("/api/links", { body: { title: "  Minha loja  ", url: "https://loja.com" }, ...as(cookie) }));
    expect(a.status).toBe(201);
    expect(await a.json()).toMatchObject({ title: "Minha loja", url: "https://loja.com/", active: true, order: 0, clicks: 0 });
    const b = await create(request("/api/links", { body: { title: "Vídeo", url: "youtube.com/@ana", active: false }, ...as(cookie) }));
    expect(await b.json()).toMatchObject({ url: "https://youtube.com/@ana", active: false, order: 1 });
    const res = await list(request("/api/links", as(cookie)));
    expect((await res.json()).map((l: { title: string }) => l.title)).toEqual(["Minha loja", "Vídeo"]);
    expect(await orderOf(user.id)).toHaveLength(2);
  });

  it("never takes order, clicks or userId from the body", async () => {
    const { user, cookie } = await signedInUser();
    const other = await signedInUser();
    const res = await create(
      request("/api/links", { body: { title: "x", url: "https://x.com", order: 7, clicks: 99, userId: other.user.id, id: "mine" }, ...as(cookie) }),
    );
    const link = await res.json();
    expect(link).toMatchObject({ order: 0, clicks: 0 });
    expect(link.id).not.toBe("mine");
    expect(await db.link.count({ where: { pageId: user.id } })).toBe(1);
    expect(await db.link.count({ where: { pageId: other.user.id } })).toBe(0);
  });

  it.each([
    ["javascript:alert(1)"],
    [" javascript:alert(1)"],
    ["\tjavascript:alert(1)"],
    ["java\tscript:alert(1)"],
    ["JAVASCRIPT:alert(1)"],
    ["data:text/html,<script>alert(1)</script>"],
    ["file:///etc/passwd"],
    ["ftp://example.com"],
    ["https://user:pass@example.com"],
    ["https://"],
    ["not a url"],
    ["//example.com"],
    [`https://example.com/${"a".repeat(2048)}`],
  ])("refuses the URL %j with 400 'URL inválida'", async (url) => {
    const { cookie } = await signedInUser();
    const res = await create(request("/api/links", { body: { title: "x", url }, ...as(cookie) }));
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ url: "URL inválida" });
    expect(await db.link.count()).toBe(0);
  });

  it("checks titles: required after trimming, at most 100", async () => {
    const { cookie } = await signedInUser();
    const blank = await create(request("/api/links", { body: { title: "   ", url: "https://a.com" }, ...as(cookie) }));
    expect((await blank.json()).errors).toEqual({ title: "O título é obrigatório" });
    const long = await create(request("/api/links", { body: { title: "x".repeat(101), url: "https://a.com" }, ...as(cookie) }));
    expect((await long.json()).errors).toEqual({ title: "O título deve ter no máximo 100 caracteres" });
  });

  it("reads, replaces, toggles and deletes the owner's link", async () => {
    const { user, cookie } = await signedInUser();
    const [l] = await seedLinks(user.id, 1);
    const id = l!.id;
    expect(await (await getOne(request(`/api/links/${id}`, as(cookie)), params({ id }))).json()).toMatchObject({ title: "Link 1" });
    const put = await replace(
      request(`/api/links/${id}`, { method: "PUT", body: { title: "Novo", url: "https://novo.com", active: true }, ...as(cookie) }),
      params({ id }),
    );
    expect(await put.json()).toMatchObject({ title: "Novo", url: "https://novo.com/" });
    const off = await patch(request(`/api/links/${id}`, { method: "PATCH", body: { active: false }, ...as(cookie) }), params({ id }));
    expect(await off.json()).toMatchObject({ active: false, title: "Novo" });
    const del = await remove(request(`/api/links/${id}`, { method: "DELETE", ...as(cookie) }), params({ id }));
    expect(await del.json()).toEqual({ ok: true });
    expect(await db.link.count()).toBe(0);
  });

  it("answers 404 for another user's link and leaves it untouched (IDOR)", async () => {
    const owner = await signedInUser();
    const intruder = await signedInUser();
    const [l] = await seedLinks(owner.user.id, 1);
    const id = l!.id;
    const c = as(intruder.cookie);
    const answers = [
      await getOne(request(`/api/links/${id}`, c), params({ id })),
      await replace(request(`/api/links/${id}`, { method: "PUT", body: { title: "hack", url: "https://evil.com", active: true }, ...c }), params({ id })),
      await patch(request(`/api/links/${id}`, { method: "PATCH", body: { active: false }, ...c }), params({ id })),
      await remove(request(`/api/links/${id}`, { method: "DELETE", ...c }), params({ id })),
    ];
    for (const res of answers) expect(res.status).toBe(404);
    expect(await db.link.findUniqueOrThrow({ where: { id } })).toMatchObject({ title: "Link 1", active: true, url: "https://example.com/1" });
    // The same answer as for an id that does not exist at all.
    const missing = await getOne(request("/api/links/nao-existe", c), params({ id: "nao-existe" }));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual(await (await getOne(request(`/api/links/${id}`, c), params({ id }))).json());
  });

  it("keeps positions gapless when a link in the middle is deleted", async () => {
    const { user, cookie } = await signedInUser();
    const links = await seedLinks(user.id, 5);
    await remove(request(`/api/links/${links[2]!.id}`, { method: "DELETE", ...as(cookie) }), params({ id: links[2]!.id }));
    await remove(request(`/api/links/${links[0]!.id}`, { method: "DELETE", ...as(cookie) }), params({ id: links[0]!.id }));
    expect(await orderOf(user.id)).toEqual([links[1]!.id, links[3]!.id, links[4]!.id]);
    const added = await (await create(request("/api/links", { body: { title: "Novo", url: "https://n.com" }, ...as(cookie) }))).json();
    expect(added.order).toBe(3);
  });
});

describe("reorder", () => {
  it("applies POST /api/links/reorder and PUT /api/links alike", async () => {
    const { user, cookie } = await signedInUser();
    const [a, b, c] = await seedLinks(user.id, 3);
    const res = await reorder(
      request("/api/links/reorder", {
        body: {
          linkOrders: [
            { id: c!.id, order: 0 },
            { id: a!.id, order: 1 },
            { id: b!.id, order: 2 },
          ],
        },
        ...as(cookie),
      }),
    );
    expect(await res.json()).toEqual({ ok: true });
    expect(await orderOf(user.id)).toEqual([c!.id, a!.id, b!.id]);
    const put = await putOrder(
      request("/api/links", {
        method: "PUT",
        body: [
          { id: b!.id, order: 0 },
          { id: c!.id, order: 5 },
          { id: a!.id, order: 9 },
        ],
        ...as(cookie),
      }),
    );
    expect(put.status).toBe(200);
    expect(await orderOf(user.id)).toEqual([b!.id, c!.id, a!.id]);
  });

  it("refuses a foreign, missing or repeated id, or repeated positions, and changes nothing", async () => {
    const { user, cookie } = await signedInUser();
    const other = await signedInUser();
    const [a, b] = await seedLinks(user.id, 2);
    const [foreign] = await seedLinks(other.user.id, 1);
    const before = await orderOf(user.id);
    const attempts = [
      [
        { id: a!.id, order: 0 },
        { id: foreign!.id, order: 1 },
      ],
      [{ id: a!.id, order: 0 }],
      [
        { id: a!.id, order: 0 },
        { id: a!.id, order: 1 },
      ],
      [
        { id: a!.id, order: 0 },
        { id: b!.id, order: 0 },
      ],
      [
        { id: a!.id, order: 0 },
        { id: b!.id, order: 1 },
        { id: foreign!.id, order: 2 },
      ],
    ];
    for (const linkOrders of attempts) {
      const res = await reorder(request("/api/links/reorder", { body: { linkOrders }, ...as(cookie) }));
      expect(res.status).toBe(400);
    }
    expect(await orderOf(user.id)).toEqual(before);
    expect(await orderOf(other.user.id)).toEqual([foreign!.id]);
  });

  it("ends in exactly one of the submitted orders after 50 concurrent reorders", async () => {
    const { user, cookie } = await signedInUser();
    const links = await seedLinks(user.id, 6);
    const submissions = Array.from({ length: 50 }, (_, n) => {
      const ids = links.map((l) => l.id);
      // A different rotation + swap per submission.
      const rotated = [...ids.slice(n % 6), ...ids.slice(0, n % 6)];
      if (n % 2) [rotated[0], rotated[5]] = [rotated[5]!, rotated[0]!];
      return rotated;
    });
    const results = await Promise.all(
      submissions.map((ids) => reorder(request("/api/links/reorder", { body: { linkOrders: ids.map((id, order) => ({ id, order })) }, ...as(cookie) }))),
    );
    for (const res of results) expect(res.status).toBe(200);
    const final = await orderOf(user.id);
    expect(submissions.map((s) => s.join())).toContain(final.join());
  }, 60_000);

  it("keeps positions unique when two tabs add links at once", async () => {
    const { user, cookie } = await signedInUser();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => create(request("/api/links", { body: { title: `L${i}`, url: `https://l${i}.com` }, ...as(cookie) }))),
    );
    expect(await orderOf(user.id)).toHaveLength(20);
  });
});
