import { clientAddressSource, clientIp, CLIENT_IP_HEADER, UNKNOWN_CLIENT } from "./request";
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
const underServerMjs = () => markHost({ setsClientIp: true });

afterEach(() => {
  delete (globalThis as Record<symbol, unknown>)[KEY];
  withEnv({ TRUST_PROXY: undefined, VERCEL: undefined });
});

describe("clientIp", () => {
  const forged = { [CLIENT_IP_HEADER]: "203.0.113.9", "x-forwarded-for": "198.51.100.7" };

  it("without server.mjs and no trusted proxy, no header is believed", () => {
    withEnv({ TRUST_PROXY: undefined, VERCEL: undefined });
    expect(clientIp(head(forged))).toBe(UNKNOWN_CLIENT);
    expect(clientIp(head({ "x-real-ip": "192.0.2.5", "x-forwarded-for": "192.0.2.6" }))).toBe(UNKNOWN_CLIENT);
    expect(clientAddressSource()).toBe("none");
  });

  it("under server.mjs, the socket's address it wrote; X-Forwarded-For is ignored without TRUST_PROXY", () => {
    underServerMjs();
    expect(clientIp(head(forged))).toBe("203.0.113.9");
    expect(clientAddressSource()).toBe("socket");
  });

  // A proxy that appends (nginx's $proxy_add_x_forwarded_for, load
  // balancers) keeps what the client sent on the left of its own entry.
  describe.each([
    // [TRUST_PROXY, what the proxies append after the client's own header]
    ["true", ["192.0.2.10"]],
    ["1", ["192.0.2.10"]],
    ["2", ["192.0.2.10", "10.0.0.2"]],
  ])("behind TRUST_PROXY=%s proxies", (trust, appended) => {
    const sent = (clientHeader?: string) => head({ "x-forwarded-for": [...(clientHeader ? [clientHeader] : []), ...appended].join(", ") });

    beforeEach(() => withEnv({ TRUST_PROXY: trust }));

    it("takes the entry the outermost proxy wrote", () => {
      expect(clientIp(sent())).toBe("192.0.2.10");
      expect(clientAddressSource()).toBe("proxy");
    });

    it("a spoofed leftmost entry, one or many, changes nothing", () => {
      expect(clientIp(sent("198.51.100.1"))).toBe("192.0.2.10");
      expect(clientIp(sent("198.51.100.1, 198.51.100.2, 198.51.100.3"))).toBe("192.0.2.10");
      expect(clientIp(sent("unknown"))).toBe("192.0.2.10");
    });

    it("two clients each spoofing the other's address still get their own", () => {
      const a = head({ "x-forwarded-for": ["192.0.2.20", "192.0.2.10", ...appended.slice(1)].join(", ") });
      const b = head({ "x-forwarded-for": ["192.0.2.10", "192.0.2.20", ...appended.slice(1)].join(", ") });
      expect([clientIp(a), clientIp(b)]).toEqual(["192.0.2.10", "192.0.2.20"]);
    });
  });

  it("with fewer entries than trusted proxies: the socket's address under server.mjs, else unknown", () => {
    withEnv({ TRUST_PROXY: "2" });
    expect(clientIp(head({ "x-forwarded-for": "198.51.100.1" }))).toBe(UNKNOWN_CLIENT);
    expect(clientIp(head({}))).toBe(UNKNOWN_CLIENT);
    underServerMjs();
    expect(clientIp(head({ "x-forwarded-for": "198.51.100.1", [CLIENT_IP_HEADER]: "192.0.2.99" }))).toBe("192.0.2.99");
  });

  it("an entry that cannot be an address is unknown, not a key of its own", () => {
    withEnv({ TRUST_PROXY: "1" });
    expect(clientIp(head({ "x-forwarded-for": `198.51.100.1, ${"9".repeat(65)}` }))).toBe(UNKNOWN_CLIENT);
  });

  it("on Vercel, the address its proxy computed (x-real-ip), with no setting and whatever X-Forwarded-For says", () => {
    withEnv({ VERCEL: "1", TRUST_PROXY: undefined });
    expect(clientIp(head({ "x-real-ip": "192.0.2.1", "x-forwarded-for": "198.51.100.7, 192.0.2.1" }))).toBe("192.0.2.1");
    expect(clientAddressSource()).toBe("vercel");
    withEnv({ TRUST_PROXY: "2" });
    expect(clientIp(head({ "x-real-ip": "192.0.2.1", "x-forwarded-for": "198.51.100.7, 192.0.2.1" }))).toBe("192.0.2.1");
  });

  it("on Vercel without its address, unknown (never the client's X-Forwarded-For)", () => {
    withEnv({ VERCEL: "1" });
    expect(clientIp(head({ "x-forwarded-for": "198.51.100.7" }))).toBe(UNKNOWN_CLIENT);
  });
});
