import { countryOf, deviceOf, referrerHost, sourceOf } from "./traffic";
import { TIKTOK_ANDROID, TIKTOK_IOS } from "@/tests/helpers/user-agents";

describe("referrerHost", () => {
  it.each([
    ["https://www.Instagram.com/p/1", "instagram.com"],
    ["instagram.com", "instagram.com"],
    ["android-app://com.google.android.gm/", "com.google.android.gm"],
    ["", null],
    ["not a url at all", null],
    ["https://localhost/", null],
  ])("%j → %j", (referrer, host) => expect(referrerHost(referrer)).toBe(host));
});

describe("sourceOf", () => {
  const own = ["vitrine.app", "localhost:3000"];
  it("prefers a known network in the referrer over the in-app browser", () => {
    expect(sourceOf("https://t.co/x", "Mozilla/5.0 Instagram 339.0", own)).toBe("x");
  });
  it("names the in-app browser when the referrer is missing, the app itself or an unknown host", () => {
    expect(sourceOf("", "Mozilla/5.0 Instagram 339.0", own)).toBe("instagram");
    expect(sourceOf("https://vitrine.app/ana", "Mozilla/5.0 [FBAN/FBIOS;FBAV/450.0]", own)).toBe("facebook");
    expect(sourceOf("https://blog.example.com/", "Mozilla/5.0 BytedanceWebview/d8a21c6", own)).toBe("tiktok");
  });
  it("names TikTok by api.md's tokens whatever inapp-spy makes of the User-Agent (TikTok, musical_ly, BytedanceWebview)", () => {
    for (const ua of [TIKTOK_IOS, TIKTOK_ANDROID, "Mozilla/5.0 musical_ly_32.5.0", "Mozilla/5.0 BytedanceWebview/d8a21c6"]) {
      expect([ua, sourceOf("", ua, own)]).toEqual([ua, "tiktok"]);
    }
    // A known network in the referrer still comes first; an unknown host does not.
    expect(sourceOf("https://t.co/x", TIKTOK_ANDROID, own)).toBe("x");
    expect(sourceOf("https://blog.example.com/", TIKTOK_ANDROID, own)).toBe("tiktok");
    expect(sourceOf("", "Mozilla/5.0 (Linux; Android 13; SM-A536E; wv) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36", own)).toBe("direct");
  });
  it("treats the app's own address as direct", () => {
    expect(sourceOf("https://www.vitrine.app/ana", "Mozilla/5.0", own)).toBe("direct");
    expect(sourceOf("http://localhost:3000/ana", "Mozilla/5.0", own)).toBe("direct");
  });
  it("keeps any other host, lowercase and without www.", () => {
    expect(sourceOf("https://WWW.Exemplo.com.br/x", "Mozilla/5.0", own)).toBe("exemplo.com.br");
  });
  it("does not take a look-alike for a network", () => {
    expect(sourceOf("https://instagram.com.evil.example/", "Mozilla/5.0", own)).toBe("instagram.com.evil.example");
    expect(sourceOf("https://notinstagram.com/", "Mozilla/5.0", own)).toBe("notinstagram.com");
    expect(sourceOf("https://google.example.org/", "Mozilla/5.0", own)).toBe("google.example.org");
  });
});

describe("deviceOf", () => {
  it.each([
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148", "mobile"],
    ["Mozilla/5.0 (Linux; Android 14; SM-A546E) Chrome/131.0.0.0 Mobile Safari/537.36", "mobile"],
    ["Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) Mobile/15E148", "tablet"],
    ["Mozilla/5.0 (Linux; Android 13; SM-X200) Chrome/120.0.0.0 Safari/537.36", "tablet"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0 Safari/537.36", "desktop"],
    ["", "desktop"],
  ])("%s → %s", (ua, device) => expect(deviceOf(ua)).toBe(device));
});

describe("countryOf", () => {
  const headers = (h: Record<string, string>) => (name: string) => h[name] ?? null;
  it("reads Vercel's header on Vercel, Cloudflare's behind a trusted proxy, and neither otherwise", () => {
    const both = headers({ "x-vercel-ip-country": "BR", "cf-ipcountry": "pt" });
    expect(countryOf(both, null)).toBe("unknown");
    expect(countryOf(both, "vercel")).toBe("BR");
    expect(countryOf(both, "cloudflare")).toBe("PT");
    expect(countryOf(headers({ "x-vercel-ip-country": "BR" }), "cloudflare")).toBe("unknown");
  });
  it("knows no country for XX, Tor (T1) or junk", () => {
    for (const code of ["XX", "T1", "Brasil", ""]) expect(countryOf(headers({ "cf-ipcountry": code }), "cloudflare")).toBe("unknown");
  });
});
