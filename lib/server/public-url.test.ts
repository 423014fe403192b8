import { parseEnv } from "./env";
import { publicHost, publicOrigin } from "./public-url";

// The app's public address comes from configuration only (api.md, Fourth
// release put right): NEXT_PUBLIC_APP_URL, else Vercel's production address
// over https, else http://localhost:PORT. No request is even asked.

describe("publicOrigin", () => {
  it("is NEXT_PUBLIC_APP_URL when set, on Vercel too", () => {
    expect(publicOrigin(parseEnv({ NEXT_PUBLIC_APP_URL: "https://vitrine.app/" }))).toBe("https://vitrine.app");
    const vercel = parseEnv({ NEXT_PUBLIC_APP_URL: "https://vitrine.app", VERCEL: "1", VERCEL_PROJECT_PRODUCTION_URL: "vitrine-git.vercel.app" });
    expect(publicOrigin(vercel)).toBe("https://vitrine.app");
  });

  it("on Vercel without it, the project's production address over https", () => {
    const e = parseEnv({ VERCEL: "1", VERCEL_PROJECT_PRODUCTION_URL: "minha-vitrine.vercel.app" });
    expect(publicOrigin(e)).toBe("https://minha-vitrine.vercel.app");
    expect(publicHost(e)).toBe("minha-vitrine.vercel.app");
  });

  it("elsewhere, http://localhost:PORT (Vercel's variable alone, off Vercel, is not taken)", () => {
    expect(publicOrigin(parseEnv({}))).toBe("http://localhost:3000");
    expect(publicOrigin(parseEnv({ PORT: "8080", TRUST_PROXY: "1" }))).toBe("http://localhost:8080");
    expect(publicOrigin(parseEnv({ VERCEL_PROJECT_PRODUCTION_URL: "minha-vitrine.vercel.app" }))).toBe("http://localhost:3000");
    expect(publicHost(parseEnv({ PORT: "8080" }))).toBe("localhost:8080");
  });

  it("refuses a production address that is not a host name", () => {
    expect(() => parseEnv({ VERCEL: "1", VERCEL_PROJECT_PRODUCTION_URL: "https://x.vercel.app/a" })).toThrow(/VERCEL_PROJECT_PRODUCTION_URL/);
  });
});
