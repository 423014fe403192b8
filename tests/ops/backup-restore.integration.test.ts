import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import { GET as backupRoute } from "@/app/api/ops/backup/route";
import { GET as publicPage } from "@/app/[username]/route";
import { POST as login } from "@/app/api/login/route";
import { GET as stats } from "@/app/api/stats/route";
import { POST as view } from "@/app/api/profiles/[username]/view/route";
import { POST as click } from "@/app/api/links/[id]/click/route";
import { publishBackupEndpoint, readBackupEndpoint } from "@/lib/ops/online-backup";
import { tableCounts } from "@/lib/ops/table-counts";
import { clearProfileCache } from "@/lib/profile-cache/profile-cache";
import { db, disconnectDatabase, ensureDatabaseReady } from "@/lib/server/db";
import { env, resetEnvCache } from "@/lib/server/env";
import { testDatabase } from "@/tests/db";
import { PASSWORD, cookieOf, createUser, signedInUser } from "@/tests/factories";
import { seedLinks } from "@/tests/helpers/links";
import { params, request } from "@/tests/helpers/request";
import { visitor } from "@/tests/helpers/visitor";
import { withDatabase } from "@/tests/setup/local-database";

// npm run backup → npm run restore into a fresh database, on the kind this
// project runs on: the same rows, and the app works on the copy (sign in,
// public page, statistics). On the embedded database the copy is taken from
// the "running app" (this process holds the directory) through /api/ops/backup.

jest.setTimeout(120_000);

const root = path.resolve(__dirname, "../..");
const work = mkdtempSync(path.join(process.env.VITRINE_TEST_ROOT ?? os.tmpdir(), "backup-"));
const original = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
let restoredDb: string | null = null;

function cli(args: string[], vars: Record<string, string>): { ok: boolean; output: string } {
  try {
    const output = execFileSync(path.join(root, "node_modules/.bin/tsx"), ["--conditions=react-server", "scripts/backup.ts", ...args], {
      cwd: root,
      env: { ...process.env, NODE_OPTIONS: "", ...vars },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    return { ok: true, output };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

const counts = () => tableCounts((sql) => db.$queryRawUnsafe<Record<string, unknown>[]>(sql));

async function switchDatabase(vars: { DATA_DIR?: string; DATABASE_URL?: string }) {
  await disconnectDatabase();
  for (const [key, value] of Object.entries(vars)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvCache();
  clearProfileCache();
  await ensureDatabaseReady();
}

afterAll(async () => {
  await switchDatabase(original);
  if (restoredDb) {
    const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${restoredDb}" WITH (FORCE)`).finally(() => admin.end());
  }
});

describe("npm run backup / npm run restore", () => {
  it("copies the whole database into a fresh one, which the app then serves", async () => {
    // Some of everything: an owner with links, a view, a click, a session, an admin.
    const owner = await createUser({ username: "copia_ana", email: "copia@example.com" });
    const [link] = await seedLinks(owner.id, 2);
    await signedInUser({ isAdmin: true });
    expect((await view(visitor("/api/profiles/copia_ana/view"), params({ username: "copia_ana" }))).status).toBe(204);
    expect((await click(visitor(`/api/links/${link!.id}/click`), params({ id: link!.id }))).status).toBe(204);
    const before = await counts();
    expect(before.User).toBe(2);
    expect(before.Link).toBe(2);

    const file = path.join(work, "vitrine.backup");
    let target: { DATA_DIR?: string; DATABASE_URL?: string };
    if (testDatabase() === "pglite") {
      // The app holds the directory: the backup is asked of it, with its token only.
      publishBackupEndpoint(env());
      const endpoint = readBackupEndpoint(env().DATA_DIR)!;
      expect(endpoint.pid).toBe(process.pid);
      const refused = await backupRoute(request("/api/ops/backup", { headers: { authorization: "Bearer errado" } }));
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ message: "Token de cópia de segurança inválido." });
      const res = await backupRoute(request("/api/ops/backup", { headers: { authorization: `Bearer ${endpoint.token}` } }));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/gzip");
      writeFileSync(file, new Uint8Array(await res.arrayBuffer()));
      // A restore over the running app's database is refused: it must be stopped first.
      const live = cli(["restore", file, "--force"], { DATA_DIR: env().DATA_DIR, DATABASE_URL: "" });
      expect(live.ok).toBe(false);
      expect(live.output).toContain("stop the app first");
      target = { DATA_DIR: mkdtempSync(path.join(work, "restored-")), DATABASE_URL: "" };
    } else {
      const made = cli(["backup", file], { DATABASE_URL: env().DATABASE_URL! });
      expect(made).toMatchObject({ ok: true });
      restoredDb = `${new URL(env().DATABASE_URL!).pathname.slice(1)}_restored`;
      const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${restoredDb}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${restoredDb}"`).finally(() => admin.end());
      target = { DATABASE_URL: withDatabase(process.env.TEST_DATABASE_URL!, restoredDb) };
    }
    const vars = { DATA_DIR: target.DATA_DIR ?? env().DATA_DIR, DATABASE_URL: target.DATABASE_URL ?? "" };

    const restored = cli(["restore", file], vars);
    expect(restored.output).toContain("Restored into");
    expect(restored.ok).toBe(true);
    // Now the target holds rows: a second restore is refused unless forced.
    const again = cli(["restore", file], vars);
    expect(again.ok).toBe(false);
    expect(again.output).toContain("not empty");
    expect(cli(["restore", file, "--force"], vars).ok).toBe(true);

    await switchDatabase({ DATA_DIR: vars.DATA_DIR, DATABASE_URL: target.DATABASE_URL || undefined });
    expect(await counts()).toEqual(before);

    const signedIn = await login(request("/api/login", { body: { username: "copia@example.com", password: PASSWORD } }));
    expect(signedIn.status).toBe(200);
    const page = await publicPage(request("/copia_ana"), params({ username: "copia_ana" }));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Link 1");
    const figures = await (await stats(request("/api/stats", { headers: { cookie: cookieOf(signedIn) } }))).json();
    expect(figures).toMatchObject({ views: 1, clicks: 1 });
  });
});
