import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "./database";
import { parseEnv } from "./env";
import { scratchDir } from "@/tests/setup/scratch.mjs";

describe("the embedded database's lock", () => {
  // Each open below creates a new embedded database (initdb in WebAssembly): tens of seconds on a busy machine.
  jest.setTimeout(120_000);
  const fresh = () => parseEnv({ DATA_DIR: mkdtempSync(path.join(scratchDir(), "vitrine-lock-")) });

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
