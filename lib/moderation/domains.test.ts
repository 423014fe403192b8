import { domainCandidates, isHostCovered, linkHost, normalizeDomain } from "./domains";

describe("normalizeDomain", () => {
  it("keeps the canonical host of what an administrator types", () => {
    expect(normalizeDomain("Evil.Example")).toBe("evil.example");
    expect(normalizeDomain(" https://evil.example/path?q=1 ")).toBe("evil.example");
    expect(normalizeDomain("*.evil.example.")).toBe("evil.example");
    expect(normalizeDomain("ação.example")).toBe("xn--ao-siap.example");
  });
  it("refuses what is not a domain", () => {
    for (const bad of ["", "example", "exa mple.com", "-bad.example", "127.0.0.1", "a..b", "x".repeat(254)]) {
      expect(normalizeDomain(bad)).toBeNull();
    }
  });
});

describe("linkHost", () => {
  it("reads the host of http(s) links and the domain of a mailto: address", () => {
    expect(linkHost("https://A.B.Evil.Example./x")).toBe("a.b.evil.example");
    expect(linkHost("http://user:pw@evil.example:8080/")).toBe("evil.example");
    expect(linkHost("mailto:ana@Evil.Example")).toBe("evil.example");
    expect(linkHost("tel:+5511999999999")).toBeNull();
    expect(linkHost("not a url")).toBeNull();
  });
});

describe("isHostCovered", () => {
  const blocked = new Set(["evil.example"]);
  it("covers the domain and its subdomains, not look-alikes", () => {
    expect(isHostCovered("evil.example", blocked)).toBe(true);
    expect(isHostCovered("a.b.evil.example", blocked)).toBe(true);
    expect(isHostCovered("notevil.example", blocked)).toBe(false);
    expect(isHostCovered("evil.example.com", blocked)).toBe(false);
  });
  it("lists the host and its parents of two labels or more", () => {
    expect(domainCandidates("a.b.evil.example")).toEqual(["a.b.evil.example", "b.evil.example", "evil.example"]);
  });
});
