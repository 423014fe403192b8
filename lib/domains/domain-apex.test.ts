import { isApexDomain } from "./domain-apex";

// api.md, Custom domains: an apex is told to copy the target's addresses, a
// subdomain to point a CNAME; the public suffix list tells which is which.

describe("isApexDomain", () => {
  it("knows an apex from a subdomain, Brazilian second levels included", () => {
    const names = ["minhaloja.com", "minhaloja.com.br", "links.minhaloja.com.br", "links.minhaloja.com"];
    expect(names.map((name) => isApexDomain(name))).toEqual([true, true, false, false]);
  });

  it("knows every suffix of the public list, not a hand-picked few", () => {
    for (const apex of [
      "minhaloja.com.co",
      "minhaloja.ong.br",
      "minhaloja.seg.br",
      "prefeitura.sp.gov.br",
      "xn--caf-dma.com.br",
      "loja.xn--p1ai",
      "minhaloja.example",
    ]) {
      expect([apex, isApexDomain(apex)]).toEqual([apex, true]);
    }
    for (const sub of [
      "links.minhaloja.com.co",
      "links.minhaloja.ong.br",
      "x.prefeitura.sp.gov.br",
      "links.xn--caf-dma.com.br",
      "a.loja.xn--p1ai",
      "ana.github.io",
    ]) {
      expect([sub, isApexDomain(sub)]).toEqual([sub, false]);
    }
  });
});
