import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { deferFrameworkBoot, registerLateBoot } from "./deferred-boot";
import { hostHook } from "./host.mjs";
import { toStaticDocument } from "./static-document";

const page = (body = "<main><h1>Entrar</h1><form><input id=\"e\"/></form></main>") =>
  `<!DOCTYPE html><html lang="pt-BR"><head><link rel="stylesheet" href="/_next/static/chunks/a.css"/>` +
  `<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/late.js"/>` +
  `<script src="/_next/static/chunks/main.js" async=""></script><script src="/_next/static/chunks/legacy.js" noModule=""></script></head>` +
  `<body>${body}<script id="_R_">(globalThis.TURBOPACK||[]).push({})</script><script src="/_next/static/chunks/late.js" async=""></script>` +
  `<script>self.__next_f.push([1,"x"])</script><script src="/_next/static/chunks/page.js?dpl=a&amp;b" async=""></script></body></html>`;

/** The list of scripts the boot script starts (the JSON it is called with). */
const bootList = (html: string) => JSON.parse(/\}\)\(window,document,(\[.*?\])\);<\/script>/.exec(html)![1]!) as string[];

describe("a document whose framework starts at the first interaction (the dashboard's late boot)", () => {
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

describe("a signed-in page whose framework starts at the first interaction, fetched ahead", () => {
  registerLateBoot();
  const lateBoot = hostHook("lateBoot")!;
  const nonce = "bm9uY2UtZGFzaGJvYXJk";
  const csp = `default-src 'self'; script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`;
  const rendered = page().replace(/<script>/g, `<script nonce="${nonce}">`);

  it("is the dashboard's document, not Next's navigation requests nor other pages", () => {
    expect(lateBoot.wants("GET", "/dashboard", { accept: "text/html" })).toBe(true);
    expect(lateBoot.wants("GET", "/dashboard", { rsc: "1" })).toBe(false);
    expect(lateBoot.wants("GET", "/dashboard", { "next-router-state-tree": "x" })).toBe(false);
    expect(lateBoot.wants("POST", "/dashboard", {})).toBe(false);
    expect(lateBoot.wants("GET", "/dashboard/stats", {})).toBe(false);
    expect(lateBoot.wants("GET", "/dashboard?x=1", {})).toBe(false);
  });

  it("fetches the scripts into the cache once the page has loaded (without running them), its boot script carrying the request's nonce", () => {
    const answer = lateBoot.page(rendered, csp, null)!;
    const html = answer.body.toString("utf8");
    expect(answer.encoding).toBeNull();
    expect(html).not.toMatch(/<script[^>]*\bsrc=/);
    expect(html).toMatch(new RegExp(`<script nonce="${nonce}">\\(function\\(w,d,s\\)[^<]*addEventListener\\("load"[^<]*l\\.rel="prefetch"`));
    expect(bootList(html)).toHaveLength(3);
    // A prerendered page fetches nothing before an interaction.
    expect(deferFrameworkBoot(page())).not.toContain("prefetch");
  });

  it("is compressed as the client accepts, and left to Next without a nonce to sign its script with", () => {
    const plain = lateBoot.page(rendered, csp, null)!.body;
    const br = lateBoot.page(rendered, csp, "gzip, deflate, br")!;
    expect(br.encoding).toBe("br");
    expect(brotliDecompressSync(br.body).equals(plain)).toBe(true);
    const gzip = lateBoot.page(rendered, csp, "gzip")!;
    expect(gzip.encoding).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(plain)).toBe(true);
    expect(lateBoot.page(rendered, "default-src 'self'", "br")).toBeNull();
  });
});
