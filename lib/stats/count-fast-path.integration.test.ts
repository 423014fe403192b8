/** @jest-environment node */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { db } from "@/lib/server/db";
import { hostHook } from "@/lib/server/host.mjs";
import { registerCountFastPath } from "./count-fast-path";
import { signedInUser } from "@/tests/factories";
import { seedLinks } from "@/tests/helpers/links";
import { PHONE_UA } from "@/tests/helpers/visitor";

// The custom server's fast path for counts, on a real node:http server as
// server.mjs wires it: same answers as the route handlers, 204 only once stored.

let server: Server;
let base: string;
let n = 0;

beforeAll(async () => {
  registerCountFastPath();
  const fastPath = hostHook("countFastPath")!;
  server = createServer((req, res) => {
    req.headers["x-vitrine-client-ip"] = `203.0.113.${(n += 1) % 250}`;
    if (!fastPath(req, res)) res.writeHead(418).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const post = (path: string, init: { body?: string; headers?: Record<string, string> } = {}) =>
  fetch(`${base}${path}`, { method: "POST", body: init.body, headers: { "user-agent": PHONE_UA, ...init.headers } });

describe("count fast path", () => {
  it("counts views and clicks with their source, and leaves other requests to Next", async () => {
    const { user } = await signedInUser({ username: "ana" });
    const [link] = await seedLinks(user.id, 1);
    const view = await post("/api/profiles/ana/view", {
      body: JSON.stringify({ referrer: "https://wa.me/55" }),
      headers: { "content-type": "text/plain;charset=UTF-8" },
    });
    expect(view.status).toBe(204);
    expect(view.headers.get("cache-control")).toBe("no-store");
    expect((await post(`/api/links/${link!.id}/click`, { body: "https://www.youtube.com/" })).status).toBe(204);
    expect((await fetch(`${base}/api/profiles/ana/view`)).status).toBe(418);
    expect((await post("/api/profiles/ana/view/")).status).toBe(418);
    const rows = await db.dailyBreakdownStat.findMany({ where: { kind: "source" }, orderBy: { value: "asc" } });
    expect(rows.map((r) => [r.value, r.views, r.clicks])).toEqual([
      ["whatsapp", 1, 0],
      ["youtube", 0, 1],
    ]);
    expect((await db.link.findUniqueOrThrow({ where: { id: link!.id } })).clicks).toBe(1);
  });

  it("answers like the route handlers: 404, 400, 413, 403 cross-site, 204 for bots, with nothing counted", async () => {
    const { user } = await signedInUser({ username: "ana" });
    const [link] = await seedLinks(user.id, 1);
    const missing = await post("/api/links/nao-existe/click");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Não encontrado." });
    expect((await post("/api/profiles/ninguem/view")).status).toBe(404);
    expect((await post("/api/profiles/%E0%A4%A/view")).status).toBe(404);
    expect((await post(`/api/links/${"x".repeat(65)}/click`)).status).toBe(400);
    expect((await post("/api/profiles/ana/view", { body: "{nope" })).status).toBe(400);
    expect((await post("/api/profiles/ana/view", { body: JSON.stringify({ referrer: "r".repeat(5000) }) })).status).toBe(413);
    expect((await post(`/api/links/${link!.id}/click`, { headers: { origin: "https://evil.example" } })).status).toBe(403);
    expect((await post(`/api/links/${link!.id}/click`, { headers: { "user-agent": "WhatsApp/2.23.20.0" } })).status).toBe(204);
    expect(await db.dailyProfileStat.count()).toBe(0);
    expect((await db.link.findUniqueOrThrow({ where: { id: link!.id } })).clicks).toBe(0);
  });

  it("counts a retry of the beacon's count (same id, sent as text) once", async () => {
    const { user } = await signedInUser({ username: "ana" });
    const [link] = await seedLinks(user.id, 1);
    const body = JSON.stringify({ referrer: "https://wa.me/55", id: "beacon-retry-0001" });
    const headers = { "content-type": "text/plain;charset=UTF-8" };
    for (let i = 0; i < 3; i++) expect((await post(`/api/links/${link!.id}/click`, { body, headers })).status).toBe(204);
    const bad = await post(`/api/links/${link!.id}/click`, { body: JSON.stringify({ id: "curto" }), headers });
    expect(bad.status).toBe(400);
    expect((await db.link.findUniqueOrThrow({ where: { id: link!.id } })).clicks).toBe(1);
    expect(await db.countReceipt.count()).toBe(1);
  });

  it("stores exactly the counts it acknowledged when many arrive at once", async () => {
    const { user } = await signedInUser({ username: "ana" });
    const [link] = await seedLinks(user.id, 1);
    const total = 400;
    const answers = await Promise.all(Array.from({ length: total }, (_, i) => post(i % 2 ? `/api/links/${link!.id}/click` : "/api/profiles/ana/view")));
    expect(answers.every((r) => r.status === 204)).toBe(true);
    const [day] = await db.dailyProfileStat.findMany();
    expect([day!.views, day!.clicks]).toEqual([total / 2, total / 2]);
  }, 60_000);
});
