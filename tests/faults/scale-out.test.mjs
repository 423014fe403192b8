// Two app instances on two ports sharing one fresh PostgreSQL database, as
// behind a load balancer: sessions, logouts, rate limits and the public page
// cache must behave as if there were one server.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { PASSWORD, PORT_BASE, SECRET, call, cookieOf, createLinks, freshDatabase, login, query, register, sleep, startApp, tempDir } from "./lib.mjs";

let database;
let a;
let b;
before(async () => {
  database = await freshDatabase();
  const env = (name) => ({
    DATABASE_URL: database.url,
    AUTH_SECRET: SECRET,
    // As behind a load balancer: the client address comes from X-Forwarded-For.
    TRUST_PROXY: "true",
    DATA_DIR: tempDir(`vitrine-faults-${name}-`),
  });
  // Both start at once on the empty database: one applies the migrations, the other waits for them.
  [a, b] = await Promise.all([startApp({ port: PORT_BASE + 3, env: env("a") }), startApp({ port: PORT_BASE + 4, env: env("b") })]);
});
after(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
});

test("both instances started together on an empty database and applied the migrations once", async () => {
  const rows = await query(database.url, `SELECT migration_name, finished_at IS NOT NULL AS done, rolled_back_at FROM _prisma_migrations`);
  assert.ok(rows.length > 0);
  assert.ok(
    rows.every((r) => r.done && !r.rolled_back_at),
    "every migration finished",
  );
  assert.equal(new Set(rows.map((r) => r.migration_name)).size, rows.length, "no migration recorded twice");
});

test("a session made on A works on B, and a logout on A revokes it on B", async () => {
  await register(a.base, "sofia");
  const signIn = await login(a.base, "sofia@example.com");
  assert.equal(signIn.status, 200);
  const cookie = cookieOf(signIn);

  const onB = await call(b.base, "/api/user", { cookie });
  assert.equal(onB.status, 200, onB.text);
  assert.equal(onB.json.user?.username ?? onB.json.username, "sofia");
  assert.equal((await call(b.base, "/dashboard", { cookie })).status, 200, "B renders the owner's dashboard");

  assert.equal((await call(a.base, "/api/logout", { method: "POST", cookie })).status, 200);
  const afterLogout = await call(b.base, "/api/user", { cookie });
  assert.equal(afterLogout.status, 401, "the copied cookie is refused on B at once");
});

test("the login rate limit is shared: failures on A lock the account on B", async () => {
  await register(b.base, "caio");
  // Ten wrong passwords on A, each from another address (the per-e-mail limit).
  for (let i = 0; i < 10; i++) {
    const res = await login(a.base, "caio@example.com", { password: "errada123" });
    assert.equal(res.status, 401, `failure ${i + 1} on A`);
  }
  // B has never seen a failure itself, yet refuses even the right password.
  const onB = await login(b.base, "caio@example.com", { password: PASSWORD });
  assert.equal(onB.status, 429, onB.text);
  assert.ok(Number(onB.headers.get("retry-after")) > 0, "Retry-After");
});

/** Polls B's page until `predicate(html)` holds; answers the milliseconds it took. */
async function seenOnB(path, predicate, limitMs = 1_000) {
  const started = performance.now();
  for (;;) {
    const res = await call(b.base, path);
    if (res.status === 200 && predicate(res.text)) return performance.now() - started;
    if (performance.now() - started > limitMs) {
      assert.fail(`B's ${path} did not change within ${limitMs} ms:\n${res.text.slice(0, 400)}`);
    }
    await sleep(20);
  }
}

test("an owner's edit on A shows on B's public page at once (a PageChange row each instance reads within a second)", async (t) => {
  const { cookie, user } = await register(a.base, "luiza");
  const [first] = await createLinks(a.base, cookie, 3, "Luiza");
  const page = "/luiza";

  // Warm B's cache, then prove it is a cache: a change written straight to the
  // database (no PageChange row) is not seen by B. Each look re-reads the
  // last two seconds of PageChange rows (lib/profile-cache/profile-cache.ts), so
  // the links' own rows are let age past that first.
  await sleep(2_500);
  for (let i = 0; i < 3; i++) assert.equal((await call(b.base, page)).status, 200);
  assert.ok((await call(b.base, page)).text.includes("Luiza 0"));
  await query(database.url, `UPDATE "Page" SET bio = 'escrita por fora' WHERE id = $1`, [user.id]);
  await sleep(300);
  assert.ok(!(await call(b.base, page)).text.includes("escrita por fora"), "B answers from its cache");

  // A link switched off on A disappears from B's page.
  const patch = await call(a.base, `/api/links/${first.id}`, { method: "PATCH", cookie, body: { active: false } });
  assert.equal(patch.status, 200, patch.text);
  const linkMs = await seenOnB(page, (html) => !html.includes("Luiza 0") && html.includes("Luiza 1"));

  // Warm again, then a profile edit on A shows on B.
  for (let i = 0; i < 3; i++) await call(b.base, page);
  const profile = await call(a.base, "/api/user/profile", {
    method: "PUT",
    cookie,
    body: { name: "Luiza Nova", username: "luiza", email: "luiza@example.com", phone: "(11) 98765-4321", bio: "Bio nova", socials: {} },
  });
  assert.equal(profile.status, 200, profile.text);
  const profileMs = await seenOnB(page, (html) => html.includes("Luiza Nova") && html.includes("Bio nova"));

  t.diagnostic(`edit on A seen on B after: link switched off ${Math.round(linkMs)} ms, profile edit ${Math.round(profileMs)} ms`);
});

test("a session ended on A ('Encerrar') stops working on B at once", async () => {
  await register(a.base, "marina");
  const first = cookieOf(await login(a.base, "marina@example.com"));
  const second = cookieOf(await login(b.base, "marina@example.com"));
  assert.equal((await call(b.base, "/api/user", { cookie: second })).status, 200);
  const sessions = await call(a.base, "/api/user/sessions", { cookie: first });
  assert.equal(sessions.status, 200, sessions.text);
  const other = sessions.json.find((s) => !s.current);
  assert.ok(other, "the second session is listed");
  const ended = await call(a.base, `/api/user/sessions/${other.id}`, { method: "DELETE", cookie: first });
  assert.equal(ended.status, 200, ended.text);
  assert.equal((await call(b.base, "/api/user", { cookie: second })).status, 401, "the copied cookie is refused on B");
  assert.equal((await call(b.base, "/api/user", { cookie: first })).status, 200, "the caller stays signed in");
});

test("an account deleted on A: its page answers 404 on B at once, and the name is free again", async () => {
  const { cookie } = await register(a.base, "teodoro");
  await createLinks(a.base, cookie, 1, "Teodoro");
  for (let i = 0; i < 3; i++) assert.equal((await call(b.base, "/teodoro")).status, 200); // warm B's cache
  const deleted = await call(a.base, "/api/user", { method: "DELETE", cookie, body: { confirm: "teodoro", password: PASSWORD } });
  assert.equal(deleted.status, 200, deleted.text);
  const started = performance.now();
  for (;;) {
    const res = await call(b.base, "/teodoro");
    if (res.status === 404) break;
    if (performance.now() - started > 1_000) assert.fail(`B still serves the deleted page: ${res.status}`);
    await sleep(20);
  }
  assert.equal((await call(b.base, "/api/username-check/teodoro")).json.available, true);
  await register(b.base, "teodoro");
});

test("a member removed on A is refused on B at their next request (membership is read from the database, not the session)", async () => {
  const owner = await register(a.base, "dona_equipe");
  const editor = await register(b.base, "editora_eq");
  // An editor of the owner's page (the invitation's e-mail and acceptance are tested in Jest and the browser journey).
  await query(database.url, `INSERT INTO "PageMember" ("pageId", "userId", "role") VALUES ($1, $2, 'editor')`, [owner.user.id, editor.user.id]);
  const path = "/api/links?page=dona_equipe";
  for (let i = 0; i < 3; i++) assert.equal((await call(b.base, path, { cookie: editor.cookie })).status, 200, "the editor manages the page on B");
  assert.equal((await call(b.base, "/dashboard?page=dona_equipe", { cookie: editor.cookie })).status, 200, "B renders the page's dashboard for the editor");

  const removed = await call(a.base, `/api/pages/${owner.user.id}/members/${editor.user.id}`, { method: "DELETE", cookie: owner.cookie });
  assert.equal(removed.status, 200, removed.text);
  assert.equal((await call(b.base, path, { cookie: editor.cookie })).status, 404, "refused on B at the next request");
  assert.equal((await call(b.base, "/dashboard?page=dona_equipe", { cookie: editor.cookie })).status, 404);
  assert.equal((await call(b.base, "/api/links", { cookie: editor.cookie })).status, 200, "the editor's own first page is still theirs");
});

test("counts sent to both instances at once are all stored, and a visitor is one visitor on either", async () => {
  const { cookie } = await register(a.base, "contagem");
  const [link] = await createLinks(a.base, cookie, 1);
  const ua = { "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148 Instagram 339.0" };
  const answers = await Promise.all(
    Array.from({ length: 600 }, (_, i) =>
      call(i % 2 ? a.base : b.base, `/api/links/${link.id}/click`, { method: "POST", ip: `10.77.${(i >> 8) & 255}.${i & 255}`, headers: ua, timeout: 30_000 }),
    ),
  );
  assert.deepEqual([...new Set(answers.map((r) => r.status))], [204]);
  // The same visitor (address and User-Agent) on A, then on B: one visitor that day.
  for (const base of [a.base, b.base]) {
    assert.equal((await call(base, "/api/profiles/contagem/view", { method: "POST", ip: "10.78.0.1", headers: ua })).status, 204);
  }
  const [row] = await query(
    database.url,
    `SELECT s.views, s.visitors, s.clicks FROM "DailyProfileStat" s JOIN "Page" u ON u.id = s."pageId" WHERE u.username = 'contagem'`,
  );
  assert.deepEqual(row, { views: 2, visitors: 601, clicks: 600 });
  const [{ clicks }] = await query(database.url, `SELECT clicks FROM "Link" WHERE id = $1`, [link.id]);
  assert.equal(clicks, 600);
});
