import { deferFrameworkBoot } from "./deferred-boot";
import { toStaticDocument } from "./static-document";

const page = (body = "<main><h1>Entrar</h1><form><input id=\"e\"/></form></main>") =>
  `<!DOCTYPE html><html lang="pt-BR"><head><link rel="stylesheet" href="/_next/static/chunks/a.css"/>` +
  `<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/late.js"/>` +
  `<script src="/_next/static/chunks/main.js" async=""></script><script src="/_next/static/chunks/legacy.js" noModule=""></script></head>` +
  `<body>${body}<script id="_R_">(globalThis.TURBOPACK||[]).push({})</script><script src="/_next/static/chunks/late.js" async=""></script>` +
  `<script>self.__next_f.push([1,"x"])</script><script src="/_next/static/chunks/page.js?dpl=a&amp;b" async=""></script></body></html>`;

/** The list of scripts the boot script starts (the JSON it is called with). */
const bootList = (html: string) => JSON.parse(/\}\)\(document,(\[.*?\])\);<\/script>/.exec(html)![1]!) as string[];

describe("a prerendered page whose framework starts at the first interaction", () => {
  it("neither loads nor preloads a framework script with the document", () => {
    const html = deferFrameworkBoot(page());
    expect(html).not.toMatch(/<script[^>]*\bsrc=/);
    expect(html).not.toMatch(/rel="(pre|prefetch)[a-z]*"/);
  });

  it("starts every script of the document, once each and in order, but the legacy build", () => {
    expect(bootList(deferFrameworkBoot(page()))).toEqual([
      "/_next/static/chunks/main.js",
      "/_next/static/chunks/late.js",
      "/_next/static/chunks/page.js?dpl=a&b",
    ]);
  });

  it("keeps the content, the styles and the page's data scripts as they were", () => {
    const html = deferFrameworkBoot(page());
    expect(html).toContain('<main><h1>Entrar</h1><form><input id="e"/></form></main>');
    expect(html).toContain('<link rel="stylesheet" href="/_next/static/chunks/a.css"/>');
    expect(html).toContain('<script id="_R_">(globalThis.TURBOPACK||[]).push({})</script>');
    expect(html).toContain('<script>self.__next_f.push([1,"x"])</script>');
  });

  it("starts at once on a page with something only its scripts draw, and on Next's error document", () => {
    const eager = page('<main><div data-testid="google-button" data-boot-eager=""></div></main>');
    expect(deferFrameworkBoot(eager)).toBe(eager);
    const error = page().replace('<html lang="pt-BR">', '<html id="__next_error__">');
    expect(deferFrameworkBoot(error)).toBe(error);
  });

  it("writes no markup of a script address into the boot script", () => {
    const html = deferFrameworkBoot(page().replace("main.js", "m&lt;/script&gt;n.js"));
    expect(html).toContain("chunks/m\\u003c/script\\u003en.js");
    expect(bootList(html)[0]).toBe("/_next/static/chunks/m</script>n.js");
  });

  it("is allowed by the document's CSP like every inline script (hashed as served)", () => {
    const nonce = "bm9uY2U=";
    const rendered = deferFrameworkBoot(page()).replace(/<script>/g, `<script nonce="${nonce}">`);
    const doc = toStaticDocument(rendered, nonce)!;
    // _R_, the page's data and the boot script.
    expect(doc.scriptHashes).toHaveLength(3);
  });
});
