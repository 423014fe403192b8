import "server-only";
import QRCode from "qrcode";

/**
 * The dashboard's QR code of the profile address, drawn on the server as a
 * small SVG data URL (about 2 KB): the page shows it at once, and the QR
 * library never runs in the browser just to display it.
 */
export async function profileQrDataUrl(profileUrl: string): Promise<string> {
  const svg = await QRCode.toString(profileUrl, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
