import sharp from "sharp";
import { GET } from "./route";
import { storeImage } from "@/lib/images/store-image";
import { db } from "@/lib/server/db";
import { publicOrigin } from "@/lib/server/public-url";
import { addMember, createUser, signedInUser } from "@/tests/factories";
import { decodeQr } from "@/tests/helpers/qr";
import { request } from "@/tests/helpers/request";

// api.md, Bring your page, share it: GET /api/qr?page=&format=svg|png, for
// any member of the page; a standard decoder reads the page's address.

const get = (path: string, cookie?: string) => GET(request(path, { headers: cookie ? { cookie } : {} }));

describe("GET /api/qr", () => {
  it("answers the page's code as a 1024 px PNG and as SVG, in its colours, with its photo, both reading its address", async () => {
    const { user, cookie } = await signedInUser();
    const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#cc3366" } })
      .png()
      .toBuffer();
    const avatarUrl = await storeImage(photo, "avatar");
    await db.page.update({ where: { id: user.id }, data: { avatarUrl, fontColor: "#0d47a1", backgroundColor: "#e3f2fd" } });
    const address = `${publicOrigin()}/${user.username}`;

    const png = await get(`/api/qr?page=${user.username}&format=png`, cookie);
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    const bytes = new Uint8Array(await png.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 1024, height: 1024 });
    expect(await decodeQr(bytes)).toBe(address);

    const svg = await get(`/api/qr?page=${user.username}&format=svg&download=1`, cookie);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(svg.headers.get("content-disposition")).toBe(`attachment; filename="vitrine-${user.username}-qrcode.svg"`);
    const text = await svg.text();
    expect(text).toContain('stroke="#0d47a1"');
    expect(text).toContain("data:image/jpeg;base64,");
    expect(await decodeQr(text)).toBe(address);
  });

  it("a page whose colours would not scan still reads (dark on light)", async () => {
    const { user, cookie } = await signedInUser();
    await db.page.update({ where: { id: user.id }, data: { fontColor: "#9e9e9e", backgroundColor: "#bdbdbd" } });
    const res = await get(`/api/qr?format=png`, cookie);
    expect(await decodeQr(new Uint8Array(await res.arrayBuffer()))).toBe(`${publicOrigin()}/${user.username}`);
  });

  it("once the page's own domain is active, both formats read https://{domain}/ (pending: still /{username})", async () => {
    const { user, cookie } = await signedInUser();
    const domain = await db.customDomain.create({ data: { pageId: user.id, domain: "links.minhaloja.com.br", token: "t", status: "pending" } });
    const png = async () => decodeQr(new Uint8Array(await (await get(`/api/qr?format=png`, cookie)).arrayBuffer()));
    expect(await png()).toBe(`${publicOrigin()}/${user.username}`);
    await db.customDomain.update({ where: { id: domain.id }, data: { status: "active", verifiedAt: new Date() } });
    expect(await png()).toBe("https://links.minhaloja.com.br/");
    expect(await decodeQr(await (await get(`/api/qr?format=svg`, cookie)).text())).toBe("https://links.minhaloja.com.br/");
  });

  it("any member of the page may have it; anyone else may not; an unknown format is refused", async () => {
    const owner = await createUser();
    const editor = await signedInUser();
    const stranger = await signedInUser();
    await addMember(owner.id, editor.user.id, "editor");
    expect((await get(`/api/qr?page=${owner.username}&format=svg`, editor.cookie)).status).toBe(200);
    expect((await get(`/api/qr?page=${owner.username}&format=svg`, stranger.cookie)).status).toBe(404);
    expect((await get(`/api/qr?page=${owner.username}&format=svg`)).status).toBe(401);
    expect((await get(`/api/qr?page=${owner.username}&format=gif`, editor.cookie)).status).toBe(400);
  });

  it("answers 429 with Retry-After past 60 codes a minute from one address (api.md, Limits across keys)", async () => {
    const { cookie } = await signedInUser();
    const from = (ip: string) => GET(request("/api/qr?format=svg", { ip, headers: { cookie } }));
    for (let i = 0; i < 60; i++) expect((await from("198.51.100.7")).status).toBe(200);
    const limited = await from("198.51.100.7");
    expect(limited.status).toBe(429);
    expect((await limited.json()).message).toBe("Muitas tentativas. Aguarde um pouco e tente novamente.");
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another address keeps its own budget.
    expect((await from("198.51.100.8")).status).toBe(200);
    // No known address (no trusted proxy, no server.mjs): not limited rather than one budget for everyone.
    for (let i = 0; i < 61; i++) expect((await from("unknown")).status).toBe(200);
  });
});
