import { bodyHtml, bodyText, renderBroadcast } from "./render";

const short = (url: string) => `https://vitrine.example/ana/bl_${Buffer.from(url).toString("hex").slice(0, 8)}`;

describe("a broadcast's rendering", () => {
  it("keeps paragraphs, bold, italic, links and lists", () => {
    const html = bodyHtml("Olá **mundo** e *você*.\n\n- um\n- dois\n\n1. primeiro\n2. segundo\n\n[Loja](https://loja.example/x)");
    expect(html).toContain("<strong>mundo</strong>");
    expect(html).toContain("<em>você</em>");
    expect(html).toMatch(/<ul style="[^"]+">\s*<li style="[^"]+">um<\/li>/);
    expect(html).toMatch(/<ol style="[^"]+">/);
    expect(html).toMatch(/<a href="https:\/\/loja\.example\/x" style="[^"]+" target="_blank">Loja<\/a>/);
  });

  it("removes scripts, raw HTML and images, and headings, code and quotes are plain text", () => {
    const body = [
      "Oi<script>alert(1)</script> <b>forte</b> <img src=https://x.example/p.png onerror=alert(1)>",
      "",
      '<div onclick="x()">bloco</div>',
      "",
      "![foto](https://x.example/foto.png) fim <!-- nota -->",
      "",
      "# Título",
    ].join("\n");
    const html = bodyHtml(body);
    expect(html).not.toMatch(/<script|alert\(1\)|<b>|<img|<div|onclick|onerror|foto\.png|<!--|<h1/i);
    expect(html).not.toContain("&lt;");
    expect(html).toContain("forte");
    expect(html).toContain("bloco");
    expect(html).toContain("fim");
    expect(html).toContain("# Título");
  });

  it("gives a link only to http(s) addresses", () => {
    const html = bodyHtml("[a](javascript:alert(1)) [b](data:text/html,x) [c](mailto:a@b.c) [d](http://ok.example)");
    expect(html).not.toMatch(/href="(javascript|data|mailto):/);
    expect(html.match(/<a /g)).toHaveLength(1);
    expect(html).toContain('href="http://ok.example"');
  });

  it("rewrites every link through the counted short link, in both parts", () => {
    const m = renderBroadcast({
      pageName: "Ana",
      subject: "Novidade",
      body: "Veja [a loja](https://loja.example/x) e [o curso](https://curso.example/).",
      unsubscribeUrl: "https://vitrine.example/inscricao/cancelar?token=t1",
      linkFor: short,
    });
    expect(m.html).toContain(`href="${short("https://loja.example/x")}"`);
    expect(m.html).toContain(`href="${short("https://curso.example/")}"`);
    expect(m.html).not.toContain('href="https://loja.example');
    expect(m.text).toContain(`a loja (${short("https://loja.example/x")})`);
  });

  it("ends with the footer saying why and how to leave, in the HTML and the text part, and tracks no opening", () => {
    const m = renderBroadcast({
      pageName: "Ana & Cia",
      subject: "Oi",
      body: "Olá\n\n- item",
      unsubscribeUrl: "https://vitrine.example/inscricao/cancelar?token=t1",
    });
    expect(m.html).toContain("Você recebe este e-mail porque se inscreveu na lista de Ana &amp; Cia.");
    expect(m.html).toContain('href="https://vitrine.example/inscricao/cancelar?token=t1"');
    expect(m.html).toContain("Cancelar inscrição");
    expect(m.html).toContain('role="presentation"');
    expect(m.html).toContain("max-width:560px");
    expect(m.html).not.toMatch(/<img|<script|<link /i);
    expect(m.text).toBe(
      "Olá\n\n- item\n\n\nVocê recebe este e-mail porque se inscreveu na lista de Ana & Cia.\nPara sair da lista, acesse: https://vitrine.example/inscricao/cancelar?token=t1\n",
    );
  });

  it("writes lists in the text part with their marks", () => {
    expect(bodyText("1. um\n2. **dois**\n\n- a\n- b")).toBe("1. um\n\n2. dois\n\n- a\n\n- b");
  });
});
