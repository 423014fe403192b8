/** @jest-environment node */
import { cdnHeaders, purgeCdn } from "./cdn";
import { resetEnvCache } from "./env";

// What lets a CDN keep an answer: only Vercel's, which a change purges by tag
// (the pages' own behaviour is in lib/profile/cdn-tags.integration.test.ts).

const CONTEXT = Symbol.for("@vercel/request-context");
const slot = globalThis as Record<symbol, unknown>;

function onVercel(on: boolean) {
  if (on) process.env.VERCEL = "1";
  else delete process.env.VERCEL;
  resetEnvCache();
}

afterEach(() => {
  delete slot[CONTEXT];
  onVercel(false);
  jest.restoreAllMocks();
});

describe("cdnHeaders", () => {
  const NOW = 1_800_000_000_000;

  it("none off Vercel", () => {
    expect(cdnHeaders(["page-a", "pages"], null, NOW)).toEqual({});
  });

  it("on Vercel: the tags, kept an hour at most, or until the given instant", () => {
    onVercel(true);
    expect(cdnHeaders(["page-a", "pages"], null, NOW)).toEqual({ "vercel-cdn-cache-control": "max-age=3600", "vercel-cache-tag": "page-a,pages" });
    expect(cdnHeaders(["page-a"], NOW + 42_900, NOW)["vercel-cdn-cache-control"]).toBe("max-age=42");
    expect(cdnHeaders(["page-a"], NOW + 5 * 3_600_000, NOW)["vercel-cdn-cache-control"]).toBe("max-age=3600");
  });

  it("none when that instant is under a second away, or with no tag to purge it by", () => {
    onVercel(true);
    expect(cdnHeaders(["page-a"], NOW + 900, NOW)).toEqual({});
    expect(cdnHeaders(["page-a"], NOW - 1, NOW)).toEqual({});
    expect(cdnHeaders([], null, NOW)).toEqual({});
  });
});

describe("purgeCdn", () => {
  it("a refused purge is logged, never thrown at the change that asked it", async () => {
    onVercel(true);
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    slot[CONTEXT] = { get: () => ({ purge: { dangerouslyDeleteByTag: () => Promise.reject(new Error("503 from the purge API")) } }) };
    await expect(purgeCdn(["page-a"])).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"event":"cdn.purge_failed"'));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("503 from the purge API"));
  });

  it("asks nothing off Vercel", async () => {
    const asked = jest.fn(() => Promise.resolve());
    slot[CONTEXT] = { get: () => ({ purge: { dangerouslyDeleteByTag: asked } }) };
    await purgeCdn(["page-a"]);
    expect(asked).not.toHaveBeenCalled();
  });
});
