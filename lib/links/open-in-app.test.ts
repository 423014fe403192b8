import { IN_APP_ANDROID, IN_APP_IOS, ORDINARY } from "@/tests/helpers/user-agents";
import { appAddress, defaultOpenInApp, isAndroidInAppBrowser, SUPPORTED_APPS } from "./open-in-app";

// Every supported app's kinds of address, each with the exact intent: address
// an Android built-in browser gets (written out, not computed).
const ADDRESSES: [kind: string, url: string, intent: string][] = [
  [
    "YouTube channel",
    "https://www.youtube.com/@vitrine",
    "intent://www.youtube.com/@vitrine#Intent;scheme=https;package=com.google.android.youtube;S.browser_fallback_url=https%3A%2F%2Fwww.youtube.com%2F%40vitrine;end",
  ],
  [
    "YouTube video",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s",
    "intent://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s#Intent;scheme=https;package=com.google.android.youtube;S.browser_fallback_url=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3DdQw4w9WgXcQ%26t%3D42s;end",
  ],
  [
    "YouTube short",
    "https://youtube.com/shorts/abc123XYZ_-",
    "intent://youtube.com/shorts/abc123XYZ_-#Intent;scheme=https;package=com.google.android.youtube;S.browser_fallback_url=https%3A%2F%2Fyoutube.com%2Fshorts%2Fabc123XYZ_-;end",
  ],
  [
    "YouTube short address",
    "https://youtu.be/dQw4w9WgXcQ",
    "intent://youtu.be/dQw4w9WgXcQ#Intent;scheme=https;package=com.google.android.youtube;S.browser_fallback_url=https%3A%2F%2Fyoutu.be%2FdQw4w9WgXcQ;end",
  ],
  [
    "YouTube playlist",
    "https://m.youtube.com/playlist?list=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs",
    "intent://m.youtube.com/playlist?list=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs#Intent;scheme=https;package=com.google.android.youtube;S.browser_fallback_url=https%3A%2F%2Fm.youtube.com%2Fplaylist%3Flist%3DPL590L5WQmH8fJ54F369BLDSqIwcs-TCfs;end",
  ],
  [
    "Spotify track",
    "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?si=abc",
    "intent://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?si=abc#Intent;scheme=https;package=com.spotify.music;S.browser_fallback_url=https%3A%2F%2Fopen.spotify.com%2Ftrack%2F4uLU6hMCjMI75M1A2tKUQC%3Fsi%3Dabc;end",
  ],
  [
    "Spotify album",
    "https://open.spotify.com/album/1DFixLWuPkv3KT3TnV35m3",
    "intent://open.spotify.com/album/1DFixLWuPkv3KT3TnV35m3#Intent;scheme=https;package=com.spotify.music;S.browser_fallback_url=https%3A%2F%2Fopen.spotify.com%2Falbum%2F1DFixLWuPkv3KT3TnV35m3;end",
  ],
  [
    "Spotify playlist",
    "https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M",
    "intent://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M#Intent;scheme=https;package=com.spotify.music;S.browser_fallback_url=https%3A%2F%2Fopen.spotify.com%2Fplaylist%2F37i9dQZF1DXcBWIGoYBM5M;end",
  ],
  [
    "Spotify artist profile",
    "https://open.spotify.com/intl-pt/artist/0TnOYISbd1XYRBk9myaseg",
    "intent://open.spotify.com/intl-pt/artist/0TnOYISbd1XYRBk9myaseg#Intent;scheme=https;package=com.spotify.music;S.browser_fallback_url=https%3A%2F%2Fopen.spotify.com%2Fintl-pt%2Fartist%2F0TnOYISbd1XYRBk9myaseg;end",
  ],
  [
    "WhatsApp chat",
    "https://wa.me/5511987654321?text=Ol%C3%A1%2C%20vi%20seu%20perfil",
    "intent://wa.me/5511987654321?text=Ol%C3%A1%2C%20vi%20seu%20perfil#Intent;scheme=https;package=com.whatsapp;S.browser_fallback_url=https%3A%2F%2Fwa.me%2F5511987654321%3Ftext%3DOl%25C3%25A1%252C%2520vi%2520seu%2520perfil;end",
  ],
  [
    "WhatsApp chat (api)",
    "https://api.whatsapp.com/send?phone=5511987654321",
    "intent://api.whatsapp.com/send?phone=5511987654321#Intent;scheme=https;package=com.whatsapp;S.browser_fallback_url=https%3A%2F%2Fapi.whatsapp.com%2Fsend%3Fphone%3D5511987654321;end",
  ],
  [
    "WhatsApp group",
    "https://chat.whatsapp.com/AbCdEfGhIjK1234567890",
    "intent://chat.whatsapp.com/AbCdEfGhIjK1234567890#Intent;scheme=https;package=com.whatsapp;S.browser_fallback_url=https%3A%2F%2Fchat.whatsapp.com%2FAbCdEfGhIjK1234567890;end",
  ],
  [
    "WhatsApp channel",
    "https://whatsapp.com/channel/0029VaA1b2C3d4E5f6G7h8",
    "intent://whatsapp.com/channel/0029VaA1b2C3d4E5f6G7h8#Intent;scheme=https;package=com.whatsapp;S.browser_fallback_url=https%3A%2F%2Fwhatsapp.com%2Fchannel%2F0029VaA1b2C3d4E5f6G7h8;end",
  ],
  [
    "Instagram profile",
    "https://www.instagram.com/vitrine.app/",
    "intent://www.instagram.com/vitrine.app/#Intent;scheme=https;package=com.instagram.android;S.browser_fallback_url=https%3A%2F%2Fwww.instagram.com%2Fvitrine.app%2F;end",
  ],
  [
    "Instagram post",
    "https://www.instagram.com/p/C1a2B3c4D5e/?igsh=MzRlODBiNWFlZA==",
    "intent://www.instagram.com/p/C1a2B3c4D5e/?igsh=MzRlODBiNWFlZA==#Intent;scheme=https;package=com.instagram.android;S.browser_fallback_url=https%3A%2F%2Fwww.instagram.com%2Fp%2FC1a2B3c4D5e%2F%3Figsh%3DMzRlODBiNWFlZA%3D%3D;end",
  ],
  [
    "Instagram reel (short)",
    "https://instagram.com/reel/C9x8Y7z6W5v",
    "intent://instagram.com/reel/C9x8Y7z6W5v#Intent;scheme=https;package=com.instagram.android;S.browser_fallback_url=https%3A%2F%2Finstagram.com%2Freel%2FC9x8Y7z6W5v;end",
  ],
  [
    "TikTok profile",
    "https://www.tiktok.com/@vitrine",
    "intent://www.tiktok.com/@vitrine#Intent;scheme=https;package=com.zhiliaoapp.musically;S.browser_fallback_url=https%3A%2F%2Fwww.tiktok.com%2F%40vitrine;end",
  ],
  [
    "TikTok video",
    "https://www.tiktok.com/@vitrine/video/7301234567890123456?lang=pt-BR",
    "intent://www.tiktok.com/@vitrine/video/7301234567890123456?lang=pt-BR#Intent;scheme=https;package=com.zhiliaoapp.musically;S.browser_fallback_url=https%3A%2F%2Fwww.tiktok.com%2F%40vitrine%2Fvideo%2F7301234567890123456%3Flang%3Dpt-BR;end",
  ],
  [
    "TikTok short address",
    "https://vm.tiktok.com/ZMabc123/",
    "intent://vm.tiktok.com/ZMabc123/#Intent;scheme=https;package=com.zhiliaoapp.musically;S.browser_fallback_url=https%3A%2F%2Fvm.tiktok.com%2FZMabc123%2F;end",
  ],
  [
    "Telegram chat",
    "https://t.me/vitrine_app",
    "intent://t.me/vitrine_app#Intent;scheme=https;package=org.telegram.messenger;S.browser_fallback_url=https%3A%2F%2Ft.me%2Fvitrine_app;end",
  ],
  [
    "Telegram channel post",
    "https://telegram.me/s/vitrine/42",
    "intent://telegram.me/s/vitrine/42#Intent;scheme=https;package=org.telegram.messenger;S.browser_fallback_url=https%3A%2F%2Ftelegram.me%2Fs%2Fvitrine%2F42;end",
  ],
  [
    "Mercado Livre product",
    "https://produto.mercadolivre.com.br/MLB-1234567890-fone-bluetooth-_JM",
    "intent://produto.mercadolivre.com.br/MLB-1234567890-fone-bluetooth-_JM#Intent;scheme=https;package=com.mercadolibre;S.browser_fallback_url=https%3A%2F%2Fproduto.mercadolivre.com.br%2FMLB-1234567890-fone-bluetooth-_JM;end",
  ],
  [
    "Mercado Livre store profile",
    "https://www.mercadolivre.com.br/pagina/vitrine",
    "intent://www.mercadolivre.com.br/pagina/vitrine#Intent;scheme=https;package=com.mercadolibre;S.browser_fallback_url=https%3A%2F%2Fwww.mercadolivre.com.br%2Fpagina%2Fvitrine;end",
  ],
  [
    "Mercado Libre product",
    "https://articulo.mercadolibre.com/MLA-987654321",
    "intent://articulo.mercadolibre.com/MLA-987654321#Intent;scheme=https;package=com.mercadolibre;S.browser_fallback_url=https%3A%2F%2Farticulo.mercadolibre.com%2FMLA-987654321;end",
  ],
  [
    "Shopee product",
    "https://shopee.com.br/Fone-de-Ouvido-Bluetooth-i.123456789.9876543210",
    "intent://shopee.com.br/Fone-de-Ouvido-Bluetooth-i.123456789.9876543210#Intent;scheme=https;package=com.shopee.br;S.browser_fallback_url=https%3A%2F%2Fshopee.com.br%2FFone-de-Ouvido-Bluetooth-i.123456789.9876543210;end",
  ],
  [
    "Shopee store profile",
    "https://shopee.com.br/vitrine_loja",
    "intent://shopee.com.br/vitrine_loja#Intent;scheme=https;package=com.shopee.br;S.browser_fallback_url=https%3A%2F%2Fshopee.com.br%2Fvitrine_loja;end",
  ],
  [
    "Shopee short address",
    "https://s.shopee.com.br/2AbCdEfG",
    "intent://s.shopee.com.br/2AbCdEfG#Intent;scheme=https;package=com.shopee.br;S.browser_fallback_url=https%3A%2F%2Fs.shopee.com.br%2F2AbCdEfG;end",
  ],
];

// Addresses that are never rewritten, whoever asks.
const UNSUPPORTED = [
  "https://www.exemplo.com.br/loja",
  "https://youtube.com.evil.example/watch?v=x",
  "https://notyoutube.com/watch?v=x",
  "https://fakeshopee.com.br/produto",
  "https://www.amazon.com.br/dp/B0TEST",
  "https://music.apple.com/br/album/x/1",
  "http://www.youtube.com/watch?v=plain-http",
  "https://www.youtube.com:8443/watch?v=port",
  "https://user:pass@www.instagram.com/ana",
  "mailto:ana@exemplo.com.br",
  "não é endereço",
];

describe("appAddress over real User-Agents and every supported app's addresses", () => {
  const allUserAgents = { ...IN_APP_ANDROID, ...IN_APP_IOS, ...ORDINARY };

  describe.each(Object.entries(IN_APP_ANDROID))("%s", (_name, ua) => {
    it.each(ADDRESSES)("%s → the app's intent: address", (_kind, url, intent) => expect(appAddress(url, ua)).toBe(intent));
  });

  describe.each(Object.entries(IN_APP_IOS))("%s", (_name, ua) => {
    it.each(ADDRESSES)("%s → the web address (no intent: on iOS)", (_kind, url) => expect(appAddress(url, ua)).toBe(url));
  });

  describe.each(Object.entries(ORDINARY))("%s", (_name, ua) => {
    it.each(ADDRESSES)("%s → the web address", (_kind, url) => expect(appAddress(url, ua)).toBe(url));
  });

  it.each(UNSUPPORTED)("never rewrites %s, whatever the browser", (url) => {
    for (const ua of Object.values(allUserAgents)) expect(appAddress(url, ua)).toBe(url);
  });

  it("answers the web address when there is no User-Agent", () => {
    for (const [, url] of ADDRESSES) {
      expect(appAddress(url, null)).toBe(url);
      expect(appAddress(url, "")).toBe(url);
    }
  });

  it("covers every supported app and each named kind of address", () => {
    const packages = new Set(ADDRESSES.map(([, , intent]) => /package=([^;]+)/.exec(intent)![1]));
    expect([...packages].sort()).toEqual(SUPPORTED_APPS.map((a) => a.androidPackage).sort());
    const kinds = ADDRESSES.map(([kind]) => kind.toLowerCase()).join(" ");
    for (const kind of ["channel", "video", "short", "playlist", "track", "album", "chat", "profile", "product"]) expect(kinds).toContain(kind);
  });

  it("gives a fallback that decodes back to the link's own address, and no '#' before #Intent", () => {
    const ua = IN_APP_ANDROID["Instagram (Android)"]!;
    for (const [, url] of ADDRESSES) {
      const answer = appAddress(url, ua);
      expect(answer.lastIndexOf("#")).toBe(answer.indexOf("#Intent;"));
      expect(decodeURIComponent(/S\.browser_fallback_url=([^;]+);end$/.exec(answer)![1]!)).toBe(url);
    }
  });

  it("drops a fragment from the intent's data but keeps it in the fallback", () => {
    const ua = IN_APP_ANDROID["TikTok (Android)"]!;
    expect(appAddress("https://www.youtube.com/watch?v=abc#t=10", ua)).toBe(
      "intent://www.youtube.com/watch?v=abc#Intent;scheme=https;package=com.google.android.youtube;S.browser_fallback_url=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3Dabc%23t%3D10;end",
    );
  });
});

describe("isAndroidInAppBrowser", () => {
  it.each(Object.entries(IN_APP_ANDROID))("%s → yes", (_name, ua) => expect(isAndroidInAppBrowser(ua)).toBe(true));
  it.each(Object.entries({ ...IN_APP_IOS, ...ORDINARY }))("%s → no", (_name, ua) => expect(isAndroidInAppBrowser(ua)).toBe(false));
});

describe("defaultOpenInApp", () => {
  it.each(ADDRESSES)("%s → on", (_kind, url) => expect(defaultOpenInApp(url)).toBe(true));
  it.each(UNSUPPORTED)("%s → off", (url) => expect(defaultOpenInApp(url)).toBe(false));
  it("reads the host in any case", () => expect(defaultOpenInApp("https://WWW.YouTube.COM/watch?v=x")).toBe(true));
});
