import "server-only";
import QRCode from "qrcode";

/**
 * The Pix QR code as inline SVG markup, drawn on the server while the page is
 * rendered (synchronously): the public page shows it with no extra request
 * and no QR library in the browser. One path of horizontal runs keeps it
 * small; level M, as banking apps read; a quiet zone of 2 modules.
 */
export function pixQrSvg(code: string): string {
  const { modules } = QRCode.create(code, { errorCorrectionLevel: "M" });
  const size = modules.size;
  const margin = 2;
  let path = "";
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!modules.get(y, x)) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && modules.get(y, x)) x++;
      path += `M${start + margin} ${y + margin}h${x - start}v1h-${x - start}z`;
    }
  }
  const box = size + margin * 2;
  // Only digits and the letters above: nothing from the code reaches the markup.
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${box} ${box}" shape-rendering="crispEdges"><path fill="#fff" d="M0 0h${box}v${box}H0z"/><path fill="#000" d="${path}"/></svg>`;
}
