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
    const appDir = path.resolve(__dirname, "../../app");
    const topLevel = readdirSync(appDir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      // route groups and dynamic segments are not URL segments
      .filter((name) => !name.startsWith("(") && !name.startsWith("["));
    const nested = readdirSync(path.join(appDir, "(site)"), { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith("(") && !e.name.startsWith("["))
      .map((e) => e.name);
    for (const name of [...topLevel, ...nested]) expect(RESERVED_USERNAMES.has(name)).toBe(true);
  });
});
