import { clientIp, CLIENT_IP_HEADER, UNKNOWN_CLIENT } from "./request";
import { resetEnvCache } from "./env";
import { markHost } from "./host.mjs";

// Whose address limits a request: never a header the client could write itself.

const KEY = Symbol.for("vitrine.host");
const head = (headers: Record<string, string>) => ({ method: "GET", url: "http://localhost/", headers: new Headers(headers) });
const withEnv = (vars: Record<string, string | undefined>) => {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
};

afterEach(() => {
  delete (globalThis as Record<symbol, unknown>)[KEY];
  withEnv({ TRUST_PROXY: undefined, VERCEL: undefined });
});

describe("clientIp", () => {
  const forged = { [CLIENT_IP_HEADER]: "203.0.113.9", "x-forwarded-for": "198.51.100.7" };

  it("without server.mjs and no trusted proxy, no header is believed", () => {
    withEnv({ TRUST_PROXY: undefined, VERCEL: undefined });
    expect(clientIp(head(forged))).toBe(UNKNOWN_CLIENT);
  });

  it("under server.mjs, the socket's address it wrote", () => {
    markHost({ setsClientIp: true });
    expect(clientIp(head(forged))).toBe("203.0.113.9");
  });

  it("X-Forwarded-For with TRUST_PROXY=true, or on Vercel (VERCEL=1), whose edge writes it", () => {
    withEnv({ TRUST_PROXY: "true" });
    expect(clientIp(head(forged))).toBe("198.51.100.7");
    withEnv({ TRUST_PROXY: undefined, VERCEL: "1" });
    expect(clientIp(head({ "x-forwarded-for": "192.0.2.1, 10.0.0.1" }))).toBe("192.0.2.1");
  });
});
