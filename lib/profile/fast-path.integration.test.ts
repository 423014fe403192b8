/** @jest-environment node */
import { brotliDecompressSync } from "node:zlib";
import { GET as routePage } from "@/app/[username]/route";
import { profileRenderers } from "@/components/profile/render-profile";
import { hostHook, type HostAnswer } from "@/lib/server/host.mjs";
import { errorsStrings } from "@/lib/strings/errors";
import { signedInUser } from "@/tests/factories";
import { seedLinks } from "@/tests/helpers/links";
import { params, request } from "@/tests/helpers/request";
import { provideProfileFastPath } from "./fast-path";

// server.mjs asks this fast path before Next's router for GET /:username. It
// must answer what the route handler answers (status, headers, bytes), for a
// page not in memory yet as for a warm one, and leave the app's own routes
// (reserved names) and anything else to Next.

const HEADERS = { host: "localhost:3000", "x-forwarded-host": "localhost:3000", "x-forwarded-proto": "http", "accept-encoding": "gzip, deflate, br" };

beforeAll(() => provideProfileFastPath(profileRenderers));

const fastPath = (url: string, headers: Record<string, string> = {}, method = "GET") => hostHook("profileFastPath")!(method, url, { ...HEADERS, ...headers });

async function answer(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<HostAnswer | null> {
  return await fastPath(url, headers, method);
}

async function viaRoute(username: string) {
  const res = await routePage(request(`/${username}`), params({ username }));
  return { status: res.status, headers: Object.fromEntries(res.headers), body: Buffer.from(await res.arrayBuffer()) };
}

const withoutEncoding = (headers: Record<string, string>) => {
  const { "content-encoding": _e, "content-length": _l, ...rest } = headers;
  return rest;
};

describe("the public page's fast path (server.mjs)", () => {
  it("answers a page not in memory yet once loaded, then from memory, with the route handler's status, headers and bytes", async () => {
    const { user } = await signedInUser({ username: "bia_fria", name: "Bia Fria" });
    await seedLinks(user.id, 3);
    const first = fastPath("/bia_fria");
    expect(first).toBeInstanceOf(Promise);
    const cold = (await first)!;
    expect(cold.status).toBe(200);
    expect(cold.headers["content-encoding"]).toBe("br");
    const html = brotliDecompressSync(cold.body as Buffer);
    expect(html.toString()).toContain("Bia Fria");

    // Now warm: answered at once, the same bytes.
    const warm = fastPath("/bia_fria?utm_source=instagram") as HostAnswer;
    expect(warm).not.toBeInstanceOf(Promise);
    expect(warm.headers.etag).toBe(cold.headers.etag);
    expect(Buffer.compare(warm.body as Buffer, cold.body as Buffer)).toBe(0);

    const route = await viaRoute("bia_fria");
    expect(route.status).toBe(200);
    expect(Buffer.compare(route.body, html)).toBe(0);
    expect(withoutEncoding(cold.headers)).toEqual(withoutEncoding(route.headers));
  });

  it("answers 304 for a fresh ETag, no body for HEAD, and gzip or identity as the client takes", async () => {
    const { user } = await signedInUser({ username: "caio_head" });
    await seedLinks(user.id, 1);
    const etag = (await answer("/caio_head", { "accept-encoding": "" }))!.headers.etag!;
    expect((await answer("/caio_head", { "if-none-match": etag }))!.status).toBe(304);
    const head = (await answer("/caio_head", {}, "HEAD"))!;
    expect([head.status, head.body]).toEqual([200, null]);
    expect((await answer("/caio_head", { "accept-encoding": "gzip" }))!.headers["content-encoding"]).toBe("gzip");
    expect((await answer("/caio_head", { "accept-encoding": "" }))!.headers["content-encoding"]).toBeUndefined();
    expect(await answer("/caio_head", {}, "POST")).toBeNull();
  });

  it("answers an unknown or deactivated name with the route's 'Perfil não encontrado' page and 404", async () => {
    const { user } = await signedInUser({ username: "dani_off" });
    await signedInUser({ username: "dani_on" });
    const { db } = await import("@/lib/server/db");
    await db.page.update({ where: { id: user.id }, data: { active: false } });
    for (const name of ["ninguem_aqui", "dani_off"]) {
      const fast = (await answer(`/${name}`, { "accept-encoding": "" }))!;
      const route = await viaRoute(name);
      expect([fast.status, route.status]).toEqual([404, 404]);
      expect(Buffer.compare(fast.body as Buffer, route.body)).toBe(0);
      expect(fast.headers["cache-control"]).toBe("no-store");
    }
  });

  it("answers a failure with the route's own short pt-BR page and status at once (503 and Retry-After while the database is down)", async () => {
    const { user } = await signedInUser({ username: "eva_falha" });
    await seedLinks(user.id, 1);
    const down = () => {
      throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    };
    provideProfileFastPath({ profile: down, missing: down });
    try {
      const failed = (await answer("/eva_falha"))!;
      expect(failed.status).toBe(503);
      expect(failed.headers).toMatchObject({
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
        "Retry-After": "5",
        "x-content-type-options": "nosniff",
        "x-frame-options": "SAMEORIGIN",
      });
      expect(String(failed.body)).toContain('lang="pt-BR"');
      expect(String(failed.body)).toContain(errorsStrings.unavailable);
      expect((await answer("/eva_falha", {}, "HEAD"))!.body).toBeNull();
    } finally {
      provideProfileFastPath(profileRenderers);
    }
    expect((await answer("/eva_falha"))!.status).toBe(200);
  });

  it("leaves the app's own routes, other shapes and other paths to Next at once", async () => {
    for (const url of [
      "/login",
      "/dashboard",
      "/admin",
      "/api",
      "/sitemaps",
      "/Ana",
      "/ana/",
      "/ana/link1",
      "/_next/static/x.js",
      "/a-b",
      `/${"a".repeat(21)}`,
    ]) {
      expect([url, fastPath(url)]).toEqual([url, null]);
    }
  });
});
