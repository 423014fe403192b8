import { sharedLinkFrom, sharedLinkPath, SHARED_TITLE_MAX } from "./shared-link";

describe("sharedLinkFrom (the manifest's share_target)", () => {
  it("takes url and title as shared", () => {
    expect(sharedLinkFrom({ url: "https://example.com/loja", title: "Minha loja", text: "" })).toEqual({
      url: "https://example.com/loja",
      title: "Minha loja",
      kind: "link",
    });
  });

  it("finds the address inside text when url is empty (Android's share sheet), the rest of the text as the title", () => {
    expect(sharedLinkFrom({ url: "", title: "", text: "Olha esta receita: https://receitas.example.com/bolo?x=1." })).toEqual({
      url: "https://receitas.example.com/bolo?x=1",
      title: "Olha esta receita",
      kind: "link",
    });
  });

  it("keeps a given title over the text's words", () => {
    expect(sharedLinkFrom({ title: "Bolo de cenoura", text: "Veja https://receitas.example.com/bolo" })).toMatchObject({
      url: "https://receitas.example.com/bolo",
      title: "Bolo de cenoura",
    });
  });

  it("takes the first http(s) address of the text and skips other schemes", () => {
    expect(sharedLinkFrom({ text: "javascript:alert(1) ftp://a.example.com http://um.example.com e https://dois.example.com" })).toMatchObject({
      url: "http://um.example.com",
    });
  });

  it("offers a player for YouTube and Spotify addresses", () => {
    expect(sharedLinkFrom({ text: "https://youtu.be/dQw4w9WgXcQ?si=abc" })).toEqual({ url: "https://youtu.be/dQw4w9WgXcQ?si=abc", title: "", kind: "embed" });
    expect(sharedLinkFrom({ url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "Clipe" })?.kind).toBe("embed");
    expect(sharedLinkFrom({ text: "Ouça no Spotify https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?si=1" })).toEqual({
      url: "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?si=1",
      title: "Ouça no Spotify",
      kind: "embed",
    });
    // A YouTube channel is not a player.
    expect(sharedLinkFrom({ url: "https://www.youtube.com/@canal" })?.kind).toBe("link");
  });

  it("ignores a url param the link would refuse and falls back to the text", () => {
    expect(sharedLinkFrom({ url: "javascript:alert(1)", text: "https://ok.example.com" })?.url).toBe("https://ok.example.com");
    expect(sharedLinkFrom({ url: "https://user:senha@example.com" })).toBeNull();
    expect(sharedLinkFrom({ url: "javascript:alert(1)", title: "Só o título" })).toEqual({ url: "", title: "Só o título", kind: "link" });
  });

  it("drops a title that is only the address", () => {
    expect(sharedLinkFrom({ url: "https://example.com/a", title: "https://example.com/a" })).toEqual({ url: "https://example.com/a", title: "", kind: "link" });
  });

  it("collapses spaces and cuts the title to the link's limit", () => {
    const long = "Título ".repeat(40);
    const shared = sharedLinkFrom({ url: "https://example.com", title: `  ${long}\n` });
    expect(Array.from(shared!.title).length).toBeLessThanOrEqual(SHARED_TITLE_MAX);
    expect(shared!.title).not.toMatch(/\s{2}|^\s|\s$/);
  });

  it("takes the first of a repeated param, and ignores overlong or odd values", () => {
    expect(sharedLinkFrom({ url: ["https://a.example.com", "https://b.example.com"] })?.url).toBe("https://a.example.com");
    expect(sharedLinkFrom({ text: `https://example.com/${"a".repeat(5000)}` })).toBeNull();
    expect(sharedLinkFrom({ url: 42, title: { a: 1 } })).toBeNull();
  });

  it("is null when nothing was shared", () => {
    expect(sharedLinkFrom({})).toBeNull();
    expect(sharedLinkFrom({ kind: "pix", page: "ana" })).toBeNull();
    expect(sharedLinkFrom({ text: "   " })).toBeNull();
  });
});

describe("sharedLinkPath", () => {
  it("names the kind and carries the address and title", () => {
    const path = sharedLinkPath({ url: "https://youtu.be/dQw4w9WgXcQ", title: "Clipe & cia", kind: "embed" }, "link");
    const url = new URL(path, "http://x.invalid");
    expect(url.pathname).toBe("/dashboard/add");
    expect(Object.fromEntries(url.searchParams)).toEqual({ kind: "link", url: "https://youtu.be/dQw4w9WgXcQ", title: "Clipe & cia" });
  });
});
