import QRCode, { type QRCodeErrorCorrectionLevel } from "qrcode";

// The app's two QR codes (the page's, GET /api/qr; a Pix block's, inline in
// the public page) take their modules from `qrcode`'s own SVG renderer, and
// each draws its own ground, colours and size around them.

export interface QrModules {
  /** The drawing's side in modules, its quiet zone included (the viewBox of `path`). */
  size: number;
  /** qrcode's path of the dark modules, in modules: one line a run, to stroke 1 wide. */
  path: string;
}

/** `text`'s code at `level`, with `margin` modules of quiet zone on each side. */
export function drawQrModules(text: string, level: QRCodeErrorCorrectionLevel, margin: number): QrModules {
  let svg = "";
  // qrcode's SVG renderer is synchronous: given a callback, toString has called it
  // before it returns, so a page drawn synchronously can carry the code.
  QRCode.toString(text, { type: "svg", errorCorrectionLevel: level, margin }, (error, drawn) => {
    if (error) throw error;
    svg = drawn;
  });
  const size = /viewBox="0 0 (\d+) \1"/.exec(svg)?.[1];
  const path = /<path stroke="[^"]*" d="([^"]*)"/.exec(svg)?.[1];
  if (!size || path === undefined) throw new Error("qrcode drew no modules path");
  return { size: Number(size), path };
}
