import { GET as getUser, PATCH } from "./route";
import { POST as cover } from "./cover/route";
import { GET as page } from "@/app/[username]/route";
import { db } from "@/lib/server/db";
import { THEMES } from "@/lib/profile/themes";
import { addMember, createPage, createUser, signedInUser } from "@/tests/factories";
import { multipartRequest } from "@/tests/helpers/images";
import { params, request } from "@/tests/helpers/request";

// api.md, Appearance (second release): button style, shape and font.

const patch = (cookie: string, body: unknown, page?: string) =>
  PATCH(request(`/api/user${page ? `?page=${page}` : ""}`, { method: "PATCH", body, headers: { cookie } }));
const html = async (username: string) => (await page(request(`/${username}`), params({ username }))).text();

describe("button style, shape and font", () => {
  it("defaults to the first release's look (filled, rounded, sans)", async () => {
    const { cookie } = await signedInUser({ username: "padrao" });
    expect(await (await getUser(request("/api/user", { headers: { cookie } }))).json()).toMatchObject({
      buttonStyle: "filled",
      buttonShape: "rounded",
      fontFamily: "sans",
    });
    expect(await html("padrao")).toContain('class="vp vp--page vp-s-filled vp-sh-rounded vp-f-sans"');
  });

  it("PATCH /api/user sets them and the public page follows at once", async () => {
    const { cookie } = await signedInUser({ username: "estilos" });
    await html("estilos"); // warm the cache: the change must show anyway
    const res = await patch(cookie, { buttonStyle: "outline", buttonShape: "pill", fontFamily: "serif" });
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ buttonStyle: "outline", buttonShape: "pill", fontFamily: "serif" });
    expect(await html("estilos")).toContain('class="vp vp--page vp-s-outline vp-sh-pill vp-f-serif"');
  });

  it.each([
    [{ buttonStyle: "glow" }, "buttonStyle", "Estilo inválido: use filled, outline ou shadow"],
    [{ buttonShape: "circle" }, "buttonShape", "Formato inválido: use square, rounded ou pill"],
    [{ fontFamily: "Comic Sans" }, "fontFamily", "Fonte inválida: use sans, serif, mono ou rounded"],
    [{ fontFamily: 3 }, "fontFamily", "Fonte inválida: use sans, serif, mono ou rounded"],
  ])("refuses %j with 400 and changes nothing", async (body, field, message) => {
    const { user, cookie } = await signedInUser();
    const res = await patch(cookie, { ...body, backgroundColor: "#000000" });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ [field]: message });
    expect(await db.page.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      backgroundColor: "#ffffff",
      buttonStyle: "filled",
      buttonShape: "rounded",
      fontFamily: "sans",
    });
  });

  it("the cover page's form (multipart) takes them too, so a theme is saved in one request", async () => {
    const { cookie } = await signedInUser({ username: "tema" });
    const theme = THEMES.find((t) => t.id === "neon")!;
    const fields = Object.fromEntries(
      Object.entries(theme)
        .filter(([k]) => k !== "id" && k !== "name")
        .map(([k, v]) => [k, String(v)]),
    );
    const res = await cover(multipartRequest("/api/user/cover", { cookie, fields }));
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ ...fields, linkButtonOpacity: theme.linkButtonOpacity });
    const text = await html("tema");
    expect(text).toContain("vp-s-shadow vp-sh-square vp-f-mono");
    expect(text).toContain(`background-color:${theme.backgroundColor}`);
    const bad = await cover(multipartRequest("/api/user/cover", { cookie, fields: { buttonShape: "blob" } }));
    expect(bad.status).toBe(400);
  });
});

describe("PATCH /api/user?page= (pages and teams)", () => {
  it("changes the page of ?page= and answers the user object with it; the first page keeps its look", async () => {
    const { user, cookie } = await signedInUser({ username: "primeira" });
    await createPage(user.id, { username: "segunda" });
    const res = await patch(cookie, { buttonStyle: "shadow", seoTitle: "Segunda", indexable: false }, "segunda");
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ id: user.id, username: "segunda", buttonStyle: "shadow", seoTitle: "Segunda", indexable: false });
    expect(await db.page.findUniqueOrThrow({ where: { username: "segunda" } })).toMatchObject({ buttonStyle: "shadow", seoTitle: "Segunda", indexable: false });
    expect(await db.page.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ buttonStyle: "filled", seoTitle: null, indexable: true });
    expect(await html("segunda")).toContain("vp-s-shadow");
    // GET /api/user?page= shows that page too; without it, the first page.
    expect(await (await getUser(request("/api/user?page=segunda", { headers: { cookie } }))).json()).toMatchObject({
      username: "segunda",
      buttonStyle: "shadow",
    });
    expect(await (await getUser(request("/api/user", { headers: { cookie } }))).json()).toMatchObject({ username: "primeira", buttonStyle: "filled" });
  });

  it("an editor may change the appearance, and send the owner's fields unchanged", async () => {
    const owner = await createUser({ username: "dona_look" });
    const { user, cookie } = await signedInUser();
    await addMember(owner.id, user.id, "editor");
    const res = await patch(cookie, { fontFamily: "mono", sensitive: "none", indexable: true, seoTitle: null }, "dona_look");
    expect(res.status).toBe(200);
    expect(await db.page.findUniqueOrThrow({ where: { id: owner.id } })).toMatchObject({ fontFamily: "mono" });
  });

  it.each([[{ sensitive: "adult" }], [{ seoTitle: "Outro título" }], [{ seoDescription: "Outra descrição" }], [{ indexable: false }]])(
    "an editor who changes %j gets 403 'Sem permissão nesta página' and nothing changes",
    async (body) => {
      const owner = await createUser({ username: `dona_${Math.floor(Math.random() * 1e6)}` });
      const { user, cookie } = await signedInUser();
      await addMember(owner.id, user.id, "editor");
      const before = await db.page.findUniqueOrThrow({ where: { id: owner.id } });
      const res = await patch(cookie, { ...body, fontFamily: "serif" }, owner.username);
      expect(res.status).toBe(403);
      expect((await res.json()).message).toBe("Sem permissão nesta página");
      expect(await db.page.findUniqueOrThrow({ where: { id: owner.id } })).toEqual(before);
    },
  );

  it("another person's page is 404", async () => {
    const other = await createUser({ username: "alheia" });
    const { cookie } = await signedInUser();
    expect((await patch(cookie, { fontFamily: "serif" }, "alheia")).status).toBe(404);
    expect((await getUser(request("/api/user?page=alheia", { headers: { cookie } }))).status).toBe(404);
    expect((await db.page.findUniqueOrThrow({ where: { id: other.id } })).fontFamily).toBe("sans");
  });
});
