import { readFileSync } from "node:fs";
import path from "node:path";
import { linktreeName, readLinktreeAnswer, readLinktreePage } from "./linktree-page";

// The fixtures follow Linktree's public profile page as published importers
// read it: a Next.js page whose <script id="__NEXT_DATA__"> carries
// props.pageProps.account {username, pageTitle, description,
// profilePictureUrl, links: [{id, type, title, url, position, locked, rules:
// {gate}}]} (benkaiser/linktree-scraper's example_data.json, and the
// LinktreeAccount/LinktreeLinkEntry types other importers declare). The page
// itself cannot be fetched from here.

const fixture = (name: string) => readFileSync(path.join(__dirname, "fixtures", name), "utf8");

describe("linktreeName", () => {
  it.each([
    ["https://linktr.ee/anasouza", "anasouza"],
    ["linktr.ee/anasouza", "anasouza"],
    ["www.linktr.ee/ana.souza_", "ana.souza_"],
    ["https://www.linktr.ee/anasouza/", "anasouza"],
    ["  https://linktr.ee/anasouza?utm_source=ig#top ", "anasouza"],
  ])("reads %s", (input, name) => expect(linktreeName(input)).toBe(name));

  it.each([
    "anasouza",
    "http://linktr.ee/anasouza",
    "https://linktr.ee/",
    "https://linktr.ee/ana/loja",
    "https://linktr.ee.evil.example/anasouza",
    "https://evil.example/linktr.ee/anasouza",
    "https://user@linktr.ee/anasouza",
    "https://linktr.ee:8443/anasouza",
    "https://linktr.ee/ana%2Fsouza",
    "https://linktr.ee/..",
    "javascript:alert(1)",
    "",
  ])("refuses %s", (input) => expect(linktreeName(input)).toBeNull());
});

describe("readLinktreePage", () => {
  it("reads the profile and the links in Linktree's order, skipping section titles, inactive, non-link, locked and repeated ones with their reason", () => {
    const page = readLinktreePage(fixture("linktree-profile.html"));
    expect(page).not.toBeNull();
    expect(page!.username).toBe("anasouza");
    expect(page!.profile).toEqual({
      name: "Ana Souza",
      bio: "Confeiteira em São Paulo. Encomendas pelo WhatsApp!",
      avatarUrl: "https://ugc.production.linktr.ee/7d0c1f9e-5b1a-4f0e-9a51-2b8f4c1e9d33_avatar.jpeg",
    });
    // By position (the array has WhatsApp, position 3, before the video, position 2).
    expect(page!.links).toEqual([
      { title: "Loja online", url: "https://loja.example.com/" },
      { title: "Receita da semana", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" },
      { title: "Fale comigo no WhatsApp", url: "https://wa.me/5511987654321" },
      { title: "E-mail para encomendas", url: "mailto:encomendas@example.com" },
    ]);
    expect(page!.skipped).toEqual([
      { title: "Meus links", url: "", reason: "section" },
      { title: "Promoção de Páscoa", url: "https://loja.example.com/pascoa", reason: "inactive" },
      { title: "Loja (atalho)", url: "https://LOJA.example.com", reason: "duplicate" },
      { title: "Aula exclusiva", url: "https://aulas.example.com/vip", reason: "locked" },
      { title: "Apoie meu trabalho", url: "", reason: "not_link" },
    ]);
  });

  it("reads no further than `maxLinks` links: the entries after them are only counted", () => {
    const page = readLinktreePage(fixture("linktree-profile.html"), 2)!;
    expect(page.links).toEqual([
      { title: "Loja online", url: "https://loja.example.com/" },
      { title: "Receita da semana", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" },
    ]);
    const all = readLinktreePage(fixture("linktree-profile.html"))!;
    expect(all.unread).toBe(0);
    // Every entry is read or counted as unread.
    expect(page.links.length + page.skipped.length + page.unread).toBe(all.links.length + all.skipped.length);
    expect(page.unread).toBeGreaterThan(0);
  });

  it("takes no photo that is not an http(s) address (Linktree inlines a data: picture for some pages)", () => {
    const html = fixture("linktree-profile.html").replaceAll(
      "https://ugc.production.linktr.ee/7d0c1f9e-5b1a-4f0e-9a51-2b8f4c1e9d33_avatar.jpeg",
      "data:image/png;base64,iVBORw0KGgo=",
    );
    expect(readLinktreePage(html)!.profile.avatarUrl).toBeNull();
  });

  it("answers null for a page without the data, with broken data or without the account's links", () => {
    expect(readLinktreePage(fixture("linktree-without-data.html"))).toBeNull();
    expect(readLinktreePage('<script id="__NEXT_DATA__" type="application/json">{"props":</script>')).toBeNull();
    expect(readLinktreePage('<script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{"account":{"username":"ana"}}}}</script>')).toBeNull();
    expect(readLinktreePage('<script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{}}}</script>')).toBeNull();
    expect(readLinktreePage("")).toBeNull();
  });
});

describe("readLinktreeAnswer", () => {
  it("a name Linktree does not know (its 404) → not_found; a page that does not read → unreadable", () => {
    expect(readLinktreeAnswer(404, "<html>Not found</html>")).toEqual({ ok: false, failure: "not_found" });
    expect(readLinktreeAnswer(200, fixture("linktree-without-data.html"))).toEqual({ ok: false, failure: "unreadable" });
    expect(readLinktreeAnswer(503, fixture("linktree-profile.html"))).toEqual({ ok: false, failure: "unreadable" });
    expect(readLinktreeAnswer(302, "")).toEqual({ ok: false, failure: "unreadable" });
    const ok = readLinktreeAnswer(200, fixture("linktree-profile.html"));
    expect(ok.ok && ok.page.links).toHaveLength(4);
  });
});
