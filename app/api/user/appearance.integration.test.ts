import { GET as getUser, PATCH } from "./route";
import { POST as cover } from "./cover/route";
import { GET as page } from "@/app/[username]/route";
import { db } from "@/lib/server/db";
import { THEMES } from "@/lib/profile/themes";
import { signedInUser } from "@/tests/factories";
import { multipartRequest } from "@/tests/helpers/images";
import { params, request } from "@/tests/helpers/request";

// api.md, Appearance (second release): button style, shape and font.

const patch = (cookie: string, body: unknown) => PATCH(request("/api/user", { method: "PATCH", body, headers: { cookie } }));
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
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      backgroundColor: "#ffffff",
      buttonStyle: "filled",
      buttonShape: "rounded",
      fontFamily: "sans",
    });
  });

  it("the cover page's form (multipart) takes them too, so a theme is saved in one request", async () => {
    const { cookie } = await signedInUser({ username: "tema" });
    const theme = THEMES.find((t) => t.id === "neon")!;
    const fields = Object.fromEntries(Object.entries(theme).filter(([k]) => k !== "id" && k !== "name").map(([k, v]) => [k, String(v)]));
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
