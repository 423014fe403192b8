import QRCode from "qrcode";
import { drawQrModules } from "./qr-modules";

// Both QR codes' modules are qrcode's own SVG drawing, had synchronously.

describe("drawQrModules", () => {
  it("is the path and viewBox of qrcode's own SVG, at the level and quiet zone asked", async () => {
    for (const [text, level, margin] of [
      ["https://vitrine.example.com/ana_souza", "H", 0],
      ["00020126360014br.gov.bcb.pix0114+5511987654321520400005303986540535.905802BR5903Ana6006Recife62070503***6304ABCD", "M", 2],
    ] as const) {
      const svg = await QRCode.toString(text, { type: "svg", errorCorrectionLevel: level, margin });
      const { size, path } = drawQrModules(text, level, margin);
      expect(svg).toContain(`viewBox="0 0 ${size} ${size}"`);
      expect(svg).toContain(` d="${path}"`);
      expect(size).toBe(QRCode.create(text, { errorCorrectionLevel: level }).modules.size + 2 * margin);
    }
  });

  it("throws when the text does not fit in a code", () => {
    expect(() => drawQrModules("x".repeat(3000), "H", 0)).toThrow();
  });
});
