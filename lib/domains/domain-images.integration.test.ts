import { readFileSync } from "node:fs";
import path from "node:path";
import type { IncomingMessage } from "node:http";
import { NextRequest } from "next/server";
import { proxy } from "@/proxy";
import { GET as page } from "@/app/[username]/route";
import { GET as og } from "@/app/og/[username]/route";
import { GET as upload } from "@/app/uploads/[file]/route";
import { POST as view } from "@/app/api/profiles/[username]/view/route";
import { storeImage } from "@/lib/images/store-image";
import { onProfileChanged } from "@/lib/profile-cache/profile-cache";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { hostHook } from "@/lib/server/host.mjs";
import { saoPauloDay, dayToDate } from "@/lib/stats/days";
import { signedInUser } from "@/tests/factories";
import { clearUploads, solidImage } from "@/tests/helpers/images";
import { params, request } from "@/tests/helpers/request";
import { PHONE_UA } from "@/tests/helpers/visitor";
import { loadDomainHosts } from "./load-host-list";
import { registerCustomHosts } from "./host-list";

// api.md, Fifth release put right: a custom domain's page shows its images.
// Every image the page names (photo, cover, thumbnails, the Open Graph image)
// is addressed on the domain and answered there, under both runtimes (proxy.ts
// passes it on under next start, server.mjs's hook under npm start, then the
// route); another page's image there is 404; the app's own host is unchanged.
// And no session is read there: the owner's view counts as any visitor's.

const DOMAIN = "links.loja.test";
const saved = { ...process.env };
beforeAll(() => {
  process.env.CUSTOM_DOMAIN_TARGET = "cname.vitrine.test";
  process.env.NEXT_PUBLIC_APP_URL = "https://vitrine.test";
  resetEnvCache();
  registerCustomHosts();
});
beforeEach(clearUploads);
afterAll(() => {
  process.env = saved;
  resetEnvCache();
});

const stored = (url: string) => readFileSync(path.resolve(process.env.DATA_DIR!, "uploads", url.slice("/uploads/".length)));

async function pagesWithImages() {
  const ana = await signedInUser({ username: "ana" });
  const avatarUrl = await storeImage(await solidImage("png", 300, 300, "#cc3366"), "avatar");
  const coverUrl = await storeImage(await solidImage("png", 1200, 400, "#3366cc"), "cover");
  const thumbnailUrl = await storeImage(await solidImage("png", 120, 120, "#33cc66"), "thumbnail");
  await db.page.update({ where: { id: ana.user.id }, data: { avatarUrl, coverUrl } });
  await db.link.create({ data: { pageId: ana.user.id, title: "Loja", url: "https://example.com/loja", order: 0, thumbnailUrl } });
  await db.customDomain.create({ data: { pageId: ana.user.id, domain: DOMAIN, token: "t", status: "active", verifiedAt: new Date() } });
  const bia = await signedInUser({ username: "bia" });
  const biaAvatar = await storeImage(await solidImage("png", 300, 300, "#111111"), "avatar");
  await db.page.update({ where: { id: bia.user.id }, data: { avatarUrl: biaAvatar } });
  await loadDomainHosts();
  return { ana, bia, avatarUrl, coverUrl, thumbnailUrl, biaAvatar };
}

/** A GET on `host` as it reaches the route: through proxy.ts (next start) or server.mjs's hook (npm start), then the route. */
async function getOn(host: string, pathname: string, runtime: "next" | "npm"): Promise<Response> {
  if (runtime === "next") {
    const passed = await proxy(new NextRequest(`http://${host}${pathname}`, { headers: { host, cookie: "authjs.session-token=abc" } }));
    if (passed.status === 404) return passed;
    // Passed on as it came (no rewrite), without the session cookie.
    expect([passed.headers.get("x-middleware-next"), passed.headers.get("x-middleware-rewrite")]).toEqual(["1", null]);
  } else {
    const req = { method: "GET", url: pathname, headers: { host, cookie: "authjs.session-token=abc" } } as unknown as IncomingMessage;
    const answer = hostHook("customHost")!(req);
    if (answer) return new Response(answer.body as BodyInit, { status: answer.status });
    expect([req.url, req.headers.cookie]).toEqual([pathname, undefined]);
  }
  const [, first, second] = pathname.split("/");
  const r = new Request(`http://${host}${pathname}`, { headers: { host } });
  if (first === "uploads") return upload(r, params({ file: second! }));
  if (first === "og") return og(r, params({ username: second! }));
  throw new Error(`no route for ${pathname} in this test`);
}

/** Every image address the page's HTML names: <img>, Open Graph, Twitter and the structured data's. */
function imagesOf(html: string): string[] {
  const found = [
    ...[...html.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<meta (?:property|name)="(?:og|twitter):image" content="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/"image":"([^"]+)"/g)].map((m) => m[1]!),
  ];
  return found.map((src) => new URL(src.replaceAll("&amp;", "&"), `https://${DOMAIN}/`).href);
}

describe("a custom domain's images", () => {
  it("are every one addressed on the domain and answered there with their bytes, in both runtimes", async () => {
    const { avatarUrl, coverUrl, thumbnailUrl } = await pagesWithImages();
    const html = await (await page(request("/ana", { headers: { host: DOMAIN } }), params({ username: "ana" }))).text();
    const images = imagesOf(html);
    expect(images).toEqual(
      expect.arrayContaining([`https://${DOMAIN}${coverUrl}`, `https://${DOMAIN}${avatarUrl}`, `https://${DOMAIN}${thumbnailUrl}`, `https://${DOMAIN}/og/ana`]),
    );
    for (const runtime of ["next", "npm"] as const) {
      for (const address of images) {
        const url = new URL(address);
        expect(url.host).toBe(DOMAIN);
        const res = await getOn(DOMAIN, url.pathname, runtime);
        expect([runtime, url.pathname, res.status]).toEqual([runtime, url.pathname, 200]);
        const bytes = Buffer.from(await res.arrayBuffer());
        if (url.pathname.startsWith("/uploads/")) {
          expect(res.headers.get("content-type")).toBe("image/webp");
          expect(bytes.equals(stored(url.pathname))).toBe(true);
        } else {
          expect(res.headers.get("content-type")).toBe("image/png");
          expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
        }
      }
    }
  });

  it("answers 404 there for another page's image and Open Graph image; the app's own host serves every image as before", async () => {
    const { ana, biaAvatar, avatarUrl, coverUrl } = await pagesWithImages();
    for (const runtime of ["next", "npm"] as const) {
      expect((await getOn(DOMAIN, coverUrl, runtime)).status).toBe(200);
      expect((await getOn(DOMAIN, biaAvatar, runtime)).status).toBe(404);
      expect((await getOn(DOMAIN, `/uploads/avatar-${"0".repeat(32)}.webp`, runtime)).status).toBe(404);
      expect((await getOn(DOMAIN, "/og/bia", runtime)).status).toBe(404);
    }
    // Once the page no longer shows it, its own domain no longer serves it either.
    await db.page.update({ where: { id: ana.user.id }, data: { avatarUrl: null } });
    await onProfileChanged(ana.user.id);
    expect((await getOn(DOMAIN, avatarUrl, "next")).status).toBe(404);
    expect((await getOn(DOMAIN, coverUrl, "next")).status).toBe(200);
    // The app's own host: any stored image, as before.
    for (const url of [biaAvatar, avatarUrl]) {
      const file = url.slice("/uploads/".length);
      const res = await upload(request(url), params({ file }));
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(stored(url))).toBe(true);
    }
  });

  it("reads no session there: the owner's own view counts as any visitor's (the app's host still leaves it out)", async () => {
    const { ana } = await pagesWithImages();
    const viewWith = (host: string | null) =>
      view(
        request("/api/profiles/ana/view", {
          method: "POST",
          ip: "198.51.100.30",
          headers: { "user-agent": PHONE_UA, cookie: ana.cookie, ...(host ? { host } : {}) },
        }),
        params({ username: "ana" }),
      );
    const views = async () => (await db.dailyProfileStat.findFirst({ where: { pageId: ana.user.id, day: dayToDate(saoPauloDay()) } }))?.views ?? 0;
    expect((await viewWith(null)).status).toBe(204);
    expect(await views()).toBe(0);
    expect((await viewWith(DOMAIN)).status).toBe(204);
    expect(await views()).toBe(1);
  });
});
