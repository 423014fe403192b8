/** @jest-environment node */
import QRCode from "qrcode";
import sharp from "sharp";
import { resetEnvCache } from "@/lib/server/env";
import { decodeQr } from "@/tests/helpers/qr";
import { drawQrPng, drawQrSvg, qrAddress, qrColours, QR_SIZE } from "./page-qr";

// api.md, Bring your page, share it: the page's QR code, error correction H,
// its colours (dark on light when they would not scan), its photo in the
// middle, 1024 px; any standard decoder reads the page's address from it.

const saved = process.env.NEXT_PUBLIC_APP_URL;
beforeAll(() => {
  process.env.NEXT_PUBLIC_APP_URL = "https://vitrine.example.com";
  resetEnvCache();
});
afterAll(() => {
  process.env.NEXT_PUBLIC_APP_URL = saved;
  resetEnvCache();
});

const photo = () =>
  sharp({ create: { width: 400, height: 400, channels: 3, background: "#3366cc" } })
    .composite([{ input: Buffer.from('<svg width="400" height="400"><circle cx="200" cy="200" r="150" fill="#ffcc00"/></svg>') }])
    .webp()
    .toBuffer();

describe("qrAddress", () => {
  it("is the page's public address, or its custom domain's when it has one", () => {
    expect(qrAddress({ username: "ana" }, null)).toBe("https://vitrine.example.com/ana");
    expect(qrAddress({ username: "ana" }, "loja.ana.com.br")).toBe("https://loja.ana.com.br/");
  });
});

describe("qrColours", () => {
  it("keeps the page's colours when they scan, the darker one drawing the modules", () => {
    expect(qrColours("#1a237e", "#fff8e1")).toEqual({ dark: "#1a237e", light: "#fff8e1" });
    // A dark page with light text: the modules take the dark background, the ground the light text.
    expect(qrColours("#ffffff", "#111111")).toEqual({ dark: "#111111", light: "#ffffff" });
  });

  it("falls back to dark on light when the page's colours are too close (or do not parse)", () => {
    expect(qrColours("#777777", "#888888")).toEqual({ dark: "#000000", light: "#ffffff" });
    expect(qrColours("#ff0000", "#ff3333")).toEqual({ dark: "#000000", light: "#ffffff" });
    expect(qrColours("nope", "#ffffff")).toEqual({ dark: "#000000", light: "#ffffff" });
  });
});

describe("drawing", () => {
  const address = "https://vitrine.example.com/ana_souza";

  it("the PNG is 1024 × 1024 and decodes to the address, with the photo in the middle", async () => {
    const png = await drawQrPng({ address, colours: qrColours("#1a237e", "#fff8e1"), photo: await photo() });
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", QR_SIZE, QR_SIZE]);
    expect(await decodeQr(png)).toBe(address);
    // The middle is the photo's (blue and yellow), not a module's colour.
    const { data } = await sharp(png)
      .extract({ left: QR_SIZE / 2 - 2, top: QR_SIZE / 2 - 2, width: 4, height: 4 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).not.toEqual([0x1a, 0x23, 0x7e]);
  });

  it("the SVG carries the page's colours, error correction H, and decodes once drawn to pixels", async () => {
    const svg = await drawQrSvg({ address, colours: qrColours("#1a237e", "#fff8e1"), photo: await photo() });
    expect(svg).toContain('stroke="#1a237e"');
    expect(svg).toContain('fill="#fff8e1"');
    expect(svg).toContain("data:image/jpeg;base64,");
    // Its grid is the size of an H code of the address (an L code of it would be smaller).
    const [, x, scale] = /<path[^>]* transform="translate\((\d+) \d+\) scale\((\d+)\)"/.exec(svg)!.map(Number) as [number, number, number];
    const modules = (QR_SIZE - 2 * x) / scale;
    expect(Math.round(modules)).toBe(QRCode.create(address, { errorCorrectionLevel: "H" }).modules.size);
    expect(QRCode.create(address, { errorCorrectionLevel: "L" }).modules.size).toBeLessThan(modules);
    expect(await decodeQr(svg)).toBe(address);
  });

  it("a page whose colours give poor contrast still decodes (and so does one with light text on dark)", async () => {
    for (const [text, background] of [
      ["#777777", "#888888"],
      ["#ffffff", "#222222"],
    ] as const) {
      const png = await drawQrPng({ address, colours: qrColours(text, background), photo: null });
      expect([text, await decodeQr(png)]).toEqual([text, address]);
    }
  });

  it("a custom domain's address decodes as such", async () => {
    const domain = qrAddress({ username: "ana" }, "ana.example.org");
    expect(await decodeQr(await drawQrSvg({ address: domain, colours: qrColours("#000000", "#ffffff"), photo: await photo() }))).toBe(
      "https://ana.example.org/",
    );
  });
});
