import { parseEnv } from "./env";

describe("parseEnv", () => {
  it("runs on the embedded default with nothing set", () => {
    const e = parseEnv({});
    expect(e.DATABASE_URL).toBeUndefined();
    expect(e.DATA_DIR).toBe("./.data");
    expect(e.PORT).toBe(3000);
    expect(e.TRUST_PROXY).toBe(0);
    expect(e.ADMIN_EMAILS).toEqual([]);
    expect(e.GOOGLE_JWKS_URL).toBe("https://www.googleapis.com/oauth2/v3/certs");
  });

  it("treats empty strings (a copied .env.example) as unset", () => {
    const e = parseEnv({ DATABASE_URL: "", AUTH_SECRET: "", PORT: "", GOOGLE_CLIENT_ID: " " });
    expect(e.DATABASE_URL).toBeUndefined();
    expect(e.AUTH_SECRET).toBeUndefined();
    expect(e.PORT).toBe(3000);
    expect(e.GOOGLE_CLIENT_ID).toBeUndefined();
  });

  it("parses lists, booleans, numbers and URLs", () => {
    const e = parseEnv({
      DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/app",
      PORT: "4000",
      ADMIN_EMAILS: " Ana@Example.com, bob@example.com ,,",
      TRUST_PROXY: "true",
      NEXT_PUBLIC_APP_URL: "https://vitrine.app/",
    });
    expect(e.DATABASE_URL).toBe("postgresql://postgres@127.0.0.1:5432/app");
    expect(e.PORT).toBe(4000);
    expect(e.ADMIN_EMAILS).toEqual(["ana@example.com", "bob@example.com"]);
    expect(e.TRUST_PROXY).toBe(1);
    expect(e.NEXT_PUBLIC_APP_URL).toBe("https://vitrine.app");
  });

  it.each([
    [undefined, 0],
    ["", 0],
    ["false", 0],
    ["0", 0],
    ["true", 1],
    ["TRUE", 1],
    ["1", 1],
    ["2", 2],
    [" 3 ", 3],
  ])("reads TRUST_PROXY=%j as %d proxies in front of the app", (value, hops) => {
    expect(parseEnv({ TRUST_PROXY: value }).TRUST_PROXY).toBe(hops);
  });

  it("says what TRUST_PROXY takes when it is something else", () => {
    expect(() => parseEnv({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY: must be true, false or the number of proxies in front of the app/);
  });

  it.each([
    [{ DATABASE_URL: "mysql://root@localhost/db" }, "DATABASE_URL"],
    [{ DATABASE_URL: "not a url" }, "DATABASE_URL"],
    [{ PORT: "70000" }, "PORT"],
    [{ PORT: "abc" }, "PORT"],
    [{ AUTH_SECRET: "short" }, "AUTH_SECRET"],
    [{ TRUST_PROXY: "yes" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "-1" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "1.5" }, "TRUST_PROXY"],
    [{ NEXT_PUBLIC_APP_URL: "vitrine.app" }, "NEXT_PUBLIC_APP_URL"],
    [{ NODE_ENV: "staging" }, "NODE_ENV"],
  ])("refuses %j and names the variable", (source, name) => {
    expect(() => parseEnv(source)).toThrow(new RegExp(`Invalid environment configuration:[\\s\\S]*${name}`));
  });
});
