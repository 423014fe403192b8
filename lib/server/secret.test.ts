import { mkdtempSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

describe("authSecret", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  function load(): typeof import("./secret") {
    let mod!: typeof import("./secret");
    jest.isolateModules(() => {
      mod = jest.requireActual("./secret");
    });
    return mod;
  }

  it("uses AUTH_SECRET when set", () => {
    process.env.AUTH_SECRET = "x".repeat(40);
    expect(load().authSecret()).toBe("x".repeat(40));
  });

  it("generates one, keeps it in DATA_DIR with owner-only access, warns, and reuses it after a restart", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "vitrine-secret-"));
    delete process.env.AUTH_SECRET;
    process.env.DATA_DIR = dir;
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    const first = load().authSecret();
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, "auth-secret");
    expect(readFileSync(file, "utf8")).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("auth.secret_generated"));
    warn.mockClear();
    expect(load().authSecret()).toBe(first);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});
