import { createHash } from "node:crypto";
import { nonceOf, toStaticDocument } from "./static-document";
import { pageCsp } from "./security-headers";

const sha = (s: string) => createHash("sha256").update(s).digest("base64");

describe("a page made static", () => {
  const nonce = "bm9uY2UtMTIzNDU2Nzg5MA==";
  const rendered =
    `<!DOCTYPE html><html lang="pt-BR"><head><script src="/_next/static/chunks/a.js" async="" nonce="${nonce}"></script></head>` +
    `<body><h1>Oi</h1><script nonce="${nonce}">self.__next_f.push([1,"x"])</script>` +
    `<script nonce="${nonce}">self.__next_f.push([2])\r\n</script><script nonce="${nonce}">self.__next_f.push([1,"x"])</script></body></html>`;

  it("loses the nonce and allows each distinct inline script by its hash", () => {
    const doc = toStaticDocument(rendered, nonce)!;
    expect(doc.html).not.toContain(nonce);
    expect(doc.html).not.toContain("nonce=");
    expect(doc.html).toContain('<script src="/_next/static/chunks/a.js" async=""></script>');
    // Browsers hash the parsed text: CRLF becomes LF.
    expect(doc.scriptHashes).toEqual([sha('self.__next_f.push([1,"x"])'), sha("self.__next_f.push([2])\n")]);
  });

  it("loses the nonce from the page's data too, and hashes the script as served", () => {
    const payload = `self.__next_f.push([1,"{\\"src\\":\\"/a.js\\",\\"nonce\\":\\"${nonce}\\"}"])`;
    const doc = toStaticDocument(`${rendered}<script nonce="${nonce}">${payload}</script>`, nonce)!;
    const served = `self.__next_f.push([1,"{\\"src\\":\\"/a.js\\",\\"nonce\\":\\"\\"}"])`;
    expect(doc.html).not.toContain(nonce);
    expect(doc.html).toContain(`<script>${served}</script>`);
    expect(doc.scriptHashes).toContain(sha(served));
  });

  it("is refused when the render carried no nonce", () => {
    expect(toStaticDocument(rendered, "")).toBeNull();
    expect(toStaticDocument(rendered, "b3RoZXI=")).toBeNull();
  });

  it("reads the nonce of a policy", () => {
    expect(nonceOf(`default-src 'self'; script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`)).toBe(nonce);
    expect(nonceOf("script-src 'self' 'sha256-abc='")).toBeNull();
    expect(nonceOf(null)).toBeNull();
  });
});

describe("the policy of a prerendered page", () => {
  it("lists the hashes, drops the nonce and 'strict-dynamic', keeps every other directive", () => {
    const withNonce = pageCsp({ nonce: "abc" });
    const withHashes = pageCsp({ scriptHashes: ["h1=", "h2="] });
    const script = withHashes.split("; ").find((d) => d.startsWith("script-src"));
    expect(script).toBe("script-src 'self' 'sha256-h1=' 'sha256-h2='");
    expect(withHashes).not.toMatch(/nonce|strict-dynamic|unsafe-eval/);
    const others = (csp: string) => csp.split("; ").filter((d) => !d.startsWith("script-src"));
    expect(others(withHashes)).toEqual(others(withNonce));
    expect(withHashes).toContain("frame-ancestors 'self'");
    expect(withHashes).toContain("object-src 'none'");
  });

  it("with no inline script allows none", () => {
    expect(
      pageCsp({ scriptHashes: [] })
        .split("; ")
        .find((d) => d.startsWith("script-src")),
    ).toBe("script-src 'self'");
  });
});
