import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { newPGlite, openDatabase } from "./database";
import { parseEnv } from "./env";
import { scratchDir } from "@/tests/setup/scratch.mjs";

describe("the embedded database's lock", () => {
  // Each open below starts an embedded database (WebAssembly): seconds on a busy machine.
  jest.setTimeout(120_000);
  // One new database (initdb, the slow part) for the whole file; each test opens a copy of it.
  const made = mkdtempSync(path.join(scratchDir(), "vitrine-lock-made-"));
  const dirs: string[] = [made];
  beforeAll(async () => {
    const pg = newPGlite(path.join(made, "pgdata"));
    await pg.waitReady;
    await pg.close();
  });
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const fresh = () => {
    const dir = mkdtempSync(path.join(scratchDir(), "vitrine-lock-"));
    dirs.push(dir);
    cpSync(made, dir, { recursive: true });
    return parseEnv({ DATA_DIR: dir });
  };

  it("is taken on open and given back on close", async () => {
    const e = fresh();
    const db = openDatabase(e);
    const lock = path.resolve(e.DATA_DIR, "pgdata.lock");
    expect(readFileSync(lock, "utf8")).toBe(String(process.pid));
    await db.close();
    expect(existsSync(lock)).toBe(false);
  });

  it("refuses a directory another live process holds", () => {
    const e = fresh();
    // pid 1 is always alive.
    writeFileSync(path.resolve(e.DATA_DIR, "pgdata.lock"), "1");
    expect(() => openDatabase(e)).toThrow(/in use by process 1/);
  });

  it("takes over a lock left by a process that is gone", async () => {
    const e = fresh();
    writeFileSync(path.resolve(e.DATA_DIR, "pgdata.lock"), "999999999");
    const db = openDatabase(e);
    expect(readFileSync(path.resolve(e.DATA_DIR, "pgdata.lock"), "utf8")).toBe(String(process.pid));
    await db.close();
  });
});
