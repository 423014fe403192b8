import { GET } from "./route";
import { createPage, createUser as createAccount } from "@/tests/factories";
import { params, request } from "@/tests/helpers/request";

const check = (username: string, ip?: string) => GET(request(`/api/username-check/${encodeURIComponent(username)}`, { ip }), params({ username }));

async function createUser(username: string) {
  await createAccount({ username });
}

describe("GET /api/username-check/:username", () => {
  it("says a name any page has (an account's second page too) is not available", async () => {
    const ana = await createAccount({ username: "ana_um" });
    await createPage(ana.id, { username: "ana_loja" });
    expect(await (await check("ana_loja")).json()).toEqual({ available: false });
    expect(await (await check("ana_um")).json()).toEqual({ available: false });
    expect(await (await check("ana_outra")).json()).toEqual({ available: true });
  });

  it("says a free name is available", async () => {
    const res = await check("ana_souza");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ available: true });
  });

  it("says a taken name is not available", async () => {
    await createUser("ana_souza");
    expect(await (await check("ana_souza")).json()).toEqual({ available: false });
  });

  it.each(["admin", "login", "register", "dashboard", "settings", "cover", "404", "api"])("never offers the reserved name %s", async (name) => {
    expect(await (await check(name)).json()).toEqual({ available: false });
  });

  it.each(["Ana", "ana souza", "ana-souza", "", "a".repeat(21), "аdmin", "ｓｏｕｚａ", "ana%00"])(
    "answers 400 for %j, which breaks the username rule",
    async (name) => {
      const res = await check(name);
      expect(res.status).toBe(400);
      expect((await res.json()).errors.username).toBe("Nome de usuário deve conter apenas letras minúsculas, números e sublinhados (até 20 caracteres)");
    },
  );

  it("answers 429 with Retry-After past 120 checks a minute from one address", async () => {
    for (let i = 0; i < 120; i++) expect((await check(`name_${i}`, "198.51.100.7")).status).toBe(200);
    const limited = await check("one_more", "198.51.100.7");
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another address keeps its own budget.
    expect((await check("one_more", "198.51.100.8")).status).toBe(200);
  });
});
