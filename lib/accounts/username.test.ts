import { readdirSync } from "node:fs";
import path from "node:path";
import { CONFUSABLES } from "@/tests/helpers/confusables";
import { RESERVED_USERNAMES, isValidUsername, landingUsernameError, lowercaseAscii, normalizeUsernameInput } from "./username";
import { usernameSchema } from "./username-schema";

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

  it.each(CONFUSABLES)("refuses the look-alike %j on the server", (name) => {
    expect(isValidUsername(name)).toBe(false);
    expect(usernameSchema.safeParse(name).success).toBe(false);
    expect(landingUsernameError(name)).not.toBeNull();
  });

  it("lowercases A-Z only, never turning another letter into an ASCII one", () => {
    expect(lowercaseAscii("Ana_SOUZA")).toBe("ana_souza");
    expect(lowercaseAscii("\u212aelvin")).toBe("\u212aelvin"); // "\u212a".toLowerCase() is "k"
    expect(lowercaseAscii("adm\u0130n")).toBe("adm\u0130n"); // "\u0130".toLowerCase() is "i\u0307"
  });

  it("the input mask keeps only characters that were typed as such (A-Z lowercased)", () => {
    // Whatever is typed or pasted, the mask's output is a subsequence of the
    // input's own ASCII letters, digits and underscores: a look-alike is
    // dropped, never converted into the name it imitates.
    const samples = [...CONFUSABLES, "\u212a", "\u0130", "ß", "Σ", "ǅ", "ﬀ", "Ⅸ", "①", "𝐚𝐝𝐦𝐢𝐧", "ad min", "JOÃO"];
    for (const input of samples) {
      const out = normalizeUsernameInput(input);
      const typedAscii = lowercaseAscii(input.replace(/[^A-Za-z0-9_]/g, ""));
      expect([input, out]).toEqual([input, typedAscii.slice(0, 20)]);
      if (out) expect(usernameSchema.safeParse(out).success).toBe(true);
    }
    expect(normalizeUsernameInput("\u212aelvin")).toBe("elvin");
    expect(normalizeUsernameInput("adm\u0130n")).toBe("admn");
    expect(normalizeUsernameInput("ａｄｍｉｎ")).toBe("");
    expect(normalizeUsernameInput("аdmin")).toBe("dmin");
  });

  it("gives the landing page's messages", () => {
    expect(landingUsernameError("")).toBe("Por favor, digite um nome de usuário");
    expect(landingUsernameError("ana souza")).toBe("Nome de usuário deve conter apenas letras minúsculas, números e sublinhados (sem espaços)");
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
