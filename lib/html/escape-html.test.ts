import { escapeHtml } from "./escape-html";

test("escapes the five characters that end a text or an attribute, and nothing else", () => {
  expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe("&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;Tom &#38; Jerry&#60;/a&#62;");
  expect(escapeHtml("Inscrição confirmada · ok")).toBe("Inscrição confirmada · ok");
});
