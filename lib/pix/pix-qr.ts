import "server-only";
import QRCode from "qrcode";

/**
 * The Pix QR code as inline SVG markup, drawn on the server: the public page
 * shows it with no extra request and no QR library in the browser. One path
 * (the library's "svg" output) keeps it small; level M as banking apps read.
 */
export async function pixQrSvg(code: string): Promise<string> {
  const svg = await QRCode.toString(code, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  // The library's own <?xml?>-less output; its size comes from the page's CSS.
  return svg.replace(/\s(width|height)="[^"]*"/g, "").trim();
}
