import { GET as metricsRoute } from "./route";
import { GET as publicPage } from "@/app/[username]/route";
import { POST as view } from "@/app/api/profiles/[username]/view/route";
import { POST as click } from "@/app/api/links/[id]/click/route";
import { lookForChanges } from "@/lib/profile-cache/profile-cache";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { emailFailed, emailQueued, emailSent } from "@/lib/server/metrics";
import { createUser } from "@/tests/factories";
import { testDatabase } from "@/tests/db";
import { seedLinks } from "@/tests/helpers/links";
import { params, request } from "@/tests/helpers/request";
import { visitor } from "@/tests/helpers/visitor";

const TOKEN = "metrics-token-0123456789";

function scrape(authorization?: string) {
  return metricsRoute(request("/metrics", { headers: authorization ? { authorization } : {} }));
}

/** The value of one series (name plus its exact label set), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : undefined;
}

function setToken(value: string | undefined) {
  if (value === undefined) delete process.env.METRICS_TOKEN;
  else process.env.METRICS_TOKEN = value;
  resetEnvCache();
}

afterAll(() => setToken(undefined));

describe("GET /metrics", () => {
  it("does not exist while METRICS_TOKEN is unset", async () => {
    setToken(undefined);
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Não encontrado." });
  });

  it("answers 401 in pt-BR to a missing or wrong token", async () => {
    setToken(TOKEN);
    for (const header of [undefined, "Bearer wrong-token-0123456789", TOKEN, `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await scrape(header);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: "Token de métricas inválido." });
    }
  });

  it("shows the documented series after traffic, with no username or id in a label", async () => {
    setToken(TOKEN);
    const before = await (await scrape(`Bearer ${TOKEN}`)).text();
    const read = (text: string, series: string) => sample(text, series) ?? 0;

    const owner = await createUser({ username: "metricas_ana" });
    const [link] = await seedLinks(owner.id, 1);
    // On PostgreSQL the page cache is used once its change listener is connected.
    await lookForChanges();
    const page = () => publicPage(request("/metricas_ana"), params({ username: "metricas_ana" }));
    expect((await page()).status).toBe(200);
    expect((await page()).status).toBe(200);
    expect((await view(visitor("/api/profiles/metricas_ana/view"), params({ username: "metricas_ana" }))).status).toBe(204);
    expect((await click(visitor(`/api/links/${link!.id}/click`), params({ id: link!.id }))).status).toBe(204);
    const bot = visitor("/api/profiles/metricas_ana/view", undefined, { ua: "facebookexternalhit/1.1" });
    expect((await view(bot, params({ username: "metricas_ana" }))).status).toBe(204);
    expect((await view(visitor("/api/profiles/ninguem/view"), params({ username: "ninguem" }))).status).toBe(404);
    emailQueued();
    emailSent();
    emailFailed();

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const after = await res.text();
    const grew = (series: string, by: number) => expect(read(after, series) - read(before, series)).toBe(by);
    grew('vitrine_counts_recorded_total{kind="view"}', 1);
    grew('vitrine_counts_recorded_total{kind="click"}', 1);
    grew('vitrine_counts_refused_total{kind="view",reason="bot"}', 1);
    grew('vitrine_counts_refused_total{kind="view",reason="not_found"}', 1);
    grew("vitrine_page_cache_misses_total", 1);
    grew("vitrine_page_cache_hits_total", 1);
    grew("vitrine_emails_queued_total", 1);
    grew("vitrine_emails_sent_total", 1);
    grew("vitrine_emails_failed_total", 1);
    expect(read(after, "process_resident_memory_bytes")).toBeGreaterThan(0);
    for (const name of ["vitrine_http_requests_total", "vitrine_http_request_duration_seconds", "vitrine_db_pool_connections", "nodejs_heap_size_used_bytes"]) {
      expect(after).toContain(`# TYPE ${name} `);
    }
    if (testDatabase() === "postgres") {
      expect(read(after, 'vitrine_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    }
    const labels = after
      .split("\n")
      .filter((l) => !l.startsWith("#"))
      .map((l) => /\{.*\}/.exec(l)?.[0] ?? "")
      .join("\n");
    expect(labels).not.toContain("metricas_ana");
    expect(labels).not.toContain("ninguem");
    expect(labels).not.toContain(link!.id);
    expect(labels).not.toContain(owner.id);
    expect(await db.dailyProfileStat.count()).toBe(1);
  });
});
