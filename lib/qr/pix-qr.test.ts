import { gzipSync } from "node:zlib";
import QRCode from "qrcode";
import { buildPixCode } from "@/lib/pix/br-code";
import { pixQrSvg } from "./pix-qr";

describe("pixQrSvg", () => {
  it("draws a small inline SVG of the code", () => {
    const code = buildPixCode({
      key: "123e4567-e12b-12d1-a456-426655440000",
      name: "Fulano de Tal",
      city: "BRASILIA",
      amount: 999999.99,
      message: "x".repeat(40),
    });
    const svg = pixQrSvg(code);
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain('viewBox="');
    expect(svg).not.toMatch(/\s(width|height)="/);
    // Keeps the public page within its 15 KB compressed budget.
    expect(gzipSync(svg).length).toBeLessThan(3000);
  });

  it("strokes the modules qrcode's own SVG draws, level M with a quiet zone of 2", async () => {
    const code = buildPixCode({ key: "+5511987654321", name: "Ana", city: "Recife", amount: 10 });
    const own = await QRCode.toString(code, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
    const path = /<path stroke="[^"]*" d="([^"]+)"/.exec(own)![1]!;
    expect(pixQrSvg(code)).toContain(`<path stroke="#000" d="${path}"/>`);
    expect(pixQrSvg(code)).toContain(/viewBox="[^"]+"/.exec(own)![0]);
  });
});

describe("the QR code banking apps read", () => {
  it("decodes back to the exact code (sharp draws the SVG, jsQR reads it)", async () => {
    const sharp = (await import("sharp")).default;
    const jsQR = (await import("jsqr")).default;
    const code = buildPixCode({ key: "loja.ana@example.com", name: "Ana Souza", city: "Recife", amount: 35.9, message: "Pedido 42" });
    const { data, info } = await sharp(Buffer.from(pixQrSvg(code)), { density: 300 })
      .resize(400, 400, { kernel: "nearest" })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const read = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    expect(read?.data).toBe(code);
  });
});
