import { gzipSync } from "node:zlib";
import { buildPixCode } from "./br-code";
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
});
