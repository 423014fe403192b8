/** @jest-environment node */
import { GET as page } from "@/app/[username]/route";
import { POST as block } from "@/app/api/admin/blocked-domains/route";
import { PUT as replaceLink } from "@/app/api/links/[id]/route";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { signedInUser } from "@/tests/factories";
import { seedLinks } from "@/tests/helpers/links";
import { params, request } from "@/tests/helpers/request";
import { clearProfileCache } from "@/lib/profile-cache/profile-cache";

// On Vercel the CDN keeps /{username} (api.md, Third release: public pages),
// only because a change purges it: each answer carries its page's cache tags,
// and each change deletes its tag through the function's purge API. The
// purge API is Vercel's request context, as its runtime installs it
// (@vercel/functions reads it); here it records what it was asked. Off
// Vercel, no answer carries a CDN header.

const CONTEXT = Symbol.for("@vercel/request-context");
let purged: string[][] = [];
const slot = globalThis as Record<symbol, unknown>;

function onVercel(on: boolean) {
  if (on) process.env.VERCEL = "1";
  else delete process.env.VERCEL;
  resetEnvCache();
  clearProfileCache();
}

beforeEach(() => {
  purged = [];
  slot[CONTEXT] = {
    get: () => ({
      purge: {
        dangerouslyDeleteByTag: async (tags: string | string[]) => void purged.push([tags].flat()),
        invalidateByTag: async () => {
          throw new Error("a page must not be served stale after a change");
        },
      },
    }),
  };
});

afterEach(() => {
  delete slot[CONTEXT];
  onVercel(false);
});

const view = async (username: string) => {
  const res = await page(request(`/${username}`), params({ username }));
  return { status: res.status, headers: Object.fromEntries(res.headers), html: await res.text() };
};

describe("public pages and the CDN", () => {
  it("on Vercel, a page is kept by the CDN under its tags, for at most an hour; browsers still revalidate", async () => {
    onVercel(true);
    const { user } = await signedInUser({ username: "na_borda" });
    await seedLinks(user.id, 1);
    const { status, headers } = await view("na_borda");
    expect(status).toBe(200);
    expect(headers["vercel-cache-tag"]).toBe(`page-${user.id},pages`);
    expect(headers["vercel-cdn-cache-control"]).toBe("max-age=3600");
    expect(headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
  });

  it("a page with a scheduled link is kept only until the link starts or ends", async () => {
    onVercel(true);
    const { user } = await signedInUser({ username: "agendada" });
    const [link] = await seedLinks(user.id, 1);
    await db.link.update({ where: { id: link!.id }, data: { endsAt: new Date(Date.now() + 90_000) } });
    const maxAge = Number(/^max-age=(\d+)$/.exec((await view("agendada")).headers["vercel-cdn-cache-control"] ?? "")?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(85);
    expect(maxAge).toBeLessThanOrEqual(90);
  });

  it("a missing page is never kept", async () => {
    onVercel(true);
    const { status, headers } = await view("ninguem_aqui");
    expect(status).toBe(404);
    expect(headers["vercel-cache-tag"]).toBeUndefined();
    expect(headers["vercel-cdn-cache-control"]).toBeUndefined();
    expect(headers["cache-control"]).toBe("no-store");
  });

  it("a change deletes its page's tag, and the page is drawn from the database (the CDN is the cache there)", async () => {
    onVercel(true);
    const { user, cookie } = await signedInUser({ username: "editada" });
    const [link] = await seedLinks(user.id, 1);
    expect((await view("editada")).html).toContain("Link 1");
    const edited = await replaceLink(
      request(`/api/links/${link!.id}`, { method: "PUT", body: { title: "Novo título", url: "https://example.com/novo", active: true }, headers: { cookie } }),
      params({ id: link!.id }),
    );
    expect(edited.status).toBe(200);
    expect(purged).toEqual([[`page-${user.id}`]]);
    expect((await view("editada")).html).toContain("Novo título");

    // A row changed behind the app's back shows at the CDN's next request too: no instance keeps pages here.
    await db.page.update({ where: { id: user.id }, data: { bio: "Bio escrita por fora" } });
    expect((await view("editada")).html).toContain("Bio escrita por fora");
  });

  it("a change that may touch every page (a blocked domain) deletes the tag every page carries", async () => {
    onVercel(true);
    const admin = await signedInUser({ isAdmin: true });
    const res = await block(request("/api/admin/blocked-domains", { body: { domain: "golpe.example" }, headers: { cookie: admin.cookie } }));
    expect(res.status).toBe(201);
    expect(purged).toEqual([["pages"]]);
  });

  it("off Vercel, no CDN header and no purge", async () => {
    const { user, cookie } = await signedInUser({ username: "sem_cdn" });
    const [link] = await seedLinks(user.id, 1);
    const { headers } = await view("sem_cdn");
    expect(Object.keys(headers).filter((h) => h.startsWith("vercel-"))).toEqual([]);
    const edited = await replaceLink(
      request(`/api/links/${link!.id}`, { method: "PUT", body: { title: "Outro", url: "https://example.com/outro", active: true }, headers: { cookie } }),
      params({ id: link!.id }),
    );
    expect(edited.status).toBe(200);
    expect(purged).toEqual([]);
  });
});
