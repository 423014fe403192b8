import { sourceName } from "./labels";

describe("sourceName", () => {
  it("names a click the short link sent to the installed app in pt-BR", () => expect(sourceName("app")).toBe("Aberto no app"));
  it("keeps the networks' names and any other host as it is", () => {
    expect(sourceName("instagram")).toBe("Instagram");
    expect(sourceName("direct")).toBe("Acesso direto");
    expect(sourceName("loja.example.com")).toBe("loja.example.com");
  });
});
