import { escapeHtml } from "./escape-html";

test("escapes the five characters that end a text or an attribute, and nothing else", () => {
  expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;");
  expect(escapeHtml("Inscrição confirmada · ok")).toBe("Inscrição confirmada · ok");
});
