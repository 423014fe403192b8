import { readdirSync } from "node:fs";
import path from "node:path";
import { RESERVED_USERNAMES, isValidUsername, landingUsernameError, normalizeUsernameInput } from "./username";

describe("username rule", () => {
  it("keeps only lowercase letters, digits and underscores as typed, up to 20", () => {
    expect(normalizeUsernameInput("Ana Souza!")).toBe("anasouza");
    expect(normalizeUsernameInput("JOÃO_2024")).toBe("joo_2024");
    expect(normalizeUsernameInput("x".repeat(30))).toHaveLength(20);
  });

  it("accepts 1 to 20 of [a-z0-9_] only", () => {
    expect(isValidUsername("a")).toBe(true);
    expect(isValidUsername("ana_souza_2024")).toBe(true);
    expect(isValidUsername("a".repeat(21))).toBe(false);
    expect(isValidUsername("Ana")).toBe(false);
    expect(isValidUsername("аdmin")).toBe(false); // Cyrillic а
    expect(isValidUsername("ａｄｍｉｎ")).toBe(false); // full-width
  });

  it("gives the landing page's messages", () => {
    expect(landingUsernameError("")).toBe("Por favor, digite um nome de usuário");
    expect(landingUsernameError("ana souza")).toBe(
      "Nome de usuário deve conter apenas letras minúsculas, números e sublinhados (sem espaços)",
    );
    expect(landingUsernameError("ana")).toBeNull();
  });

  it("reserves every top-level route of the app", () => {
    // The first URL segment of every route: route groups "(x)" are looked
    // through, dynamic segments "[x]" are not names.
    const firstSegments = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isDirectory() && !e.name.startsWith("["))
        .flatMap((e) => (e.name.startsWith("(") ? firstSegments(path.join(dir, e.name)) : [e.name]));
    const names = firstSegments(path.resolve(__dirname, "../../app"));
    expect(names).toEqual(expect.arrayContaining(["api", "login", "register", "dashboard"]));
    for (const name of names) expect([name, RESERVED_USERNAMES.has(name)]).toEqual([name, true]);
  });
});
