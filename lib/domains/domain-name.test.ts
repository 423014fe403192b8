import { isOwnHost, normalizeCustomDomain } from "./domain-name";

describe("normalizeCustomDomain", () => {
  it("stores lowercase ASCII without a trailing dot, accents as punycode", () => {
    expect(normalizeCustomDomain(" Links.MinhaLoja.com.br. ")).toBe("links.minhaloja.com.br");
    expect(normalizeCustomDomain("café.com.br")).toBe("xn--caf-dma.com.br");
    expect(normalizeCustomDomain("loja.açaí.net")).toBe("loja.xn--aa-4iaz.net");
  });
  it("refuses addresses, names without a dot, over 253 characters, schemes, paths and bad labels", () => {
    for (const bad of [
      "",
      "localhost",
      "203.0.113.7",
      "[2001:db8::1]",
      "2001:db8::1",
      "https://links.example.com",
      "links.example.com/x",
      "a b.com",
      "-x.com",
      "x-.com",
      "a..b.com",
      `${"a".repeat(64)}.com`,
      `${"abcdefghi.".repeat(26)}com`,
      "loja.123",
    ]) {
      expect([bad, normalizeCustomDomain(bad)]).toEqual([bad, null]);
    }
    expect(normalizeCustomDomain(`${"abcdefghi.".repeat(24)}com`)).toHaveLength(243);
  });
  it("refuses an xn-- label that is not punycode of accented Latin words", () => {
    for (const bad of [
      "xn--loja.example", // decodes to two Ethiopic syllables
      "links.xn--loja.com.br",
      "xn--a.com", // does not decode
      "xn--caf-.com", // decodes to plain ASCII ("caf"), re-encodes as "caf"
      "xn--abc-.com",
      "xn--80ak6aa92e.com", // Cyrillic "аррӏе"
      "xn--ls8h.la", // an emoji
      "пример.com",
    ]) {
      expect([bad, normalizeCustomDomain(bad)]).toEqual([bad, null]);
    }
    expect(normalizeCustomDomain("xn--caf-dma.com.br")).toBe("xn--caf-dma.com.br");
    expect(normalizeCustomDomain("XN--Mnchen-3ya.de")).toBe("xn--mnchen-3ya.de");
    expect(normalizeCustomDomain("são-paulo.com.br")).toBe("xn--so-paulo-rza.com.br");
  });
});

describe("isOwnHost", () => {
  it("is the app's host or a subdomain, whatever the port", () => {
    expect(isOwnHost("vitrine.app", "vitrine.app:3000")).toBe(true);
    expect(isOwnHost("x.vitrine.app", "vitrine.app")).toBe(true);
    expect(isOwnHost("myvitrine.app", "vitrine.app")).toBe(false);
  });
});
