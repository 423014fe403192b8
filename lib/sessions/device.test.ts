import { describeDevice } from "./device";

const UA = {
  chromeAndroid: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
  safariIphone: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  chromeIphone: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1",
  edgeWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
  firefoxLinux: "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0",
  safariMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  samsung: "Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
  headless: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.0.0 Safari/537.36",
};

describe("describeDevice", () => {
  it.each([
    [UA.chromeAndroid, "Chrome no Android"],
    [UA.safariIphone, "Safari no iPhone"],
    [UA.chromeIphone, "Chrome no iPhone"],
    [UA.edgeWindows, "Edge no Windows"],
    [UA.firefoxLinux, "Firefox no Linux"],
    [UA.safariMac, "Safari no macOS"],
    [UA.samsung, "Samsung Internet no Android"],
    [UA.headless, "Chrome no Linux"],
    ["curl/8.5.0", "curl"],
  ])("%s → %s", (ua, expected) => {
    expect(describeDevice(ua)).toBe(expected);
  });

  it("says so when there is no User-Agent", () => {
    expect(describeDevice(null)).toBe("Navegador desconhecido");
    expect(describeDevice("   ")).toBe("Navegador desconhecido");
    expect(describeDevice("???")).toBe("Navegador desconhecido");
  });
});
