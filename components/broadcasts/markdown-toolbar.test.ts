import { applyMarkdown } from "./markdown-toolbar";

describe("the composer's toolbar", () => {
  it("wraps the selection in bold or italic, keeping it selected", () => {
    expect(applyMarkdown("Olá mundo", 4, 9, "bold", "texto")).toEqual({ value: "Olá **mundo**", start: 6, end: 11 });
    expect(applyMarkdown("Olá mundo", 0, 3, "italic", "texto")).toEqual({ value: "*Olá* mundo", start: 1, end: 4 });
  });

  it("gives an empty pair for the cursor to type into when nothing is selected", () => {
    expect(applyMarkdown("Oi ", 3, 3, "bold", "texto")).toEqual({ value: "Oi ****", start: 5, end: 5 });
  });

  it("makes the selection a link's text and selects its address to be typed over", () => {
    const edited = applyMarkdown("Veja a loja", 7, 11, "link", "texto do link");
    expect(edited.value).toBe("Veja a [loja](https://)");
    expect(edited.value.slice(edited.start, edited.end)).toBe("https://");
  });

  it("writes a placeholder text for a link with nothing selected", () => {
    expect(applyMarkdown("", 0, 0, "link", "texto do link").value).toBe("[texto do link](https://)");
  });

  it("turns each selected line into a list item, once", () => {
    const text = "Intro\num\n- dois\ntrês";
    const edited = applyMarkdown(text, 7, text.length, "list", "texto");
    expect(edited.value).toBe("Intro\n- um\n- dois\n- três");
    expect(edited.value.slice(edited.start, edited.end)).toBe("- um\n- dois\n- três");
  });

  it("lists the cursor's line when nothing is selected", () => {
    expect(applyMarkdown("a\nbeta", 4, 4, "list", "texto").value).toBe("a\n- beta");
  });
});
