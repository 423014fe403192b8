// The soak: a mixed load for BENCH_SOAK_SECONDS (default 300) on the running
// server: visitors (page, view, click), owners editing (toggle a link, change
// the bio, list links) and the dashboard's reads. Reports the error rate, p99
// per route, the server's memory at start and end, and lost counts.
import { PHONE_UA, api, memoryOf } from "./lib.mjs";

const pct = (xs, p) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] : 0);

export async function soak({ base, pid, seconds, line }) {
  // Five owners with five links each.
  const owners = [];
  for (let o = 0; o < 5; o++) {
    const username = `soak_${o}`;
    const reg = await api(base, "/api/register", {
      method: "POST",
      headers: { "x-forwarded-for": `172.31.0.${o + 1}` },
      body: { name: `Dona Soak ${o}`, username, phone: "(11) 98765-4321", email: `soak${o}@example.com`, password: "segredo123" },
    });
    const cookie = reg.headers.get("set-cookie").split(";")[0];
    const links = [];
    for (let i = 0; i < 5; i++)
      links.push(await (await api(base, "/api/links", { method: "POST", cookie, body: { title: `Link ${i}`, url: `https://example.com/${o}/${i}` } })).json());
    owners.push({ username, cookie, links });
  }
  const latencies = {};
  const counts = { requests: 0, errors: 0, views: 0, clicks: 0 };
  const record = (route, ms, ok) => {
    (latencies[route] ??= []).push(ms);
    counts.requests += 1;
    if (!ok) counts.errors += 1;
  };
  async function call(route, path, init, expect) {
    const started = performance.now();
    try {
      const res = await api(base, path, init);
      await res.arrayBuffer();
      const ok = expect.includes(res.status);
      record(route, performance.now() - started, ok);
      return res.status;
    } catch {
      record(route, performance.now() - started, false);
      return 0;
    }
  }
  let visitorSeq = 0;
  async function visitor(stopAt) {
    while (Date.now() < stopAt) {
      const owner = owners[visitorSeq % owners.length];
      const ip = `10.${(visitorSeq >> 16) & 255}.${(visitorSeq >> 8) & 255}.${visitorSeq & 255}`;
      visitorSeq += 1;
      const headers = { "x-forwarded-for": ip, "user-agent": PHONE_UA };
      await call("GET /:username", `/${owner.username}`, { headers }, [200]);
      if ((await call("POST view", `/api/profiles/${owner.username}/view`, { method: "POST", headers }, [204])) === 204) counts.views += 1;
      const link = owner.links[visitorSeq % owner.links.length];
      if ((await call("POST click", `/api/links/${link.id}/click`, { method: "POST", headers }, [204, 404])) === 204) counts.clicks += 1;
    }
  }
  async function editor(o, stopAt) {
    const owner = owners[o];
    let n = 0;
    while (Date.now() < stopAt) {
      n += 1;
      // Link 0 stays active (the visitors' clicks on it must always count).
      const link = owner.links[1 + (n % 4)];
      await call("PATCH /api/links/:id", `/api/links/${link.id}`, { method: "PATCH", cookie: owner.cookie, body: { active: n % 2 === 0 } }, [200]);
      await call("GET /api/links", "/api/links", { cookie: owner.cookie }, [200]);
      await call("GET /api/stats", "/api/stats", { cookie: owner.cookie }, [200]);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const memStart = await memoryOf(pid);
  const stopAt = Date.now() + seconds * 1000;
  await Promise.all([...Array.from({ length: 20 }, () => visitor(stopAt)), ...owners.map((_, o) => editor(o, stopAt))]);
  let storedClicks = 0;
  let storedViews = 0;
  for (const owner of owners) {
    const stats = await (await api(base, "/api/stats", { cookie: owner.cookie })).json();
    storedViews += stats.views;
    storedClicks += stats.clicks;
  }
  const memEnd = await memoryOf(pid);
  line("");
  line(`Soak: ${seconds} s of mixed load on PostgreSQL (20 visitors, 5 owners editing)`);
  line(`requests: ${counts.requests}; errors: ${counts.errors} (${((counts.errors / Math.max(1, counts.requests)) * 100).toFixed(2)}%)`);
  for (const [route, xs] of Object.entries(latencies))
    line(`  ${route.padEnd(24)} n=${String(xs.length).padStart(7)}  p50 ${pct(xs, 50).toFixed(1)} ms  p99 ${pct(xs, 99).toFixed(1)} ms`);
  line(`server memory (RSS): ${memStart} MB at start, ${memEnd} MB at end`);
  line(
    `views accepted ${counts.views}, stored ${storedViews}, lost ${counts.views - storedViews}; clicks accepted ${counts.clicks}, stored ${storedClicks}, lost ${counts.clicks - storedClicks}`,
  );
  return { errors: counts.errors, lost: counts.views - storedViews + counts.clicks - storedClicks };
}
