import "server-only";
import { drawQrModules } from "./qr-modules";

/**
 * The Pix QR code as inline SVG markup, drawn on the server while the page is
 * rendered (synchronously): the public page shows it with no extra request
 * and no QR library in the browser. Level M, as banking apps read; a quiet
 * zone of 2 modules.
 */
export function pixQrSvg(code: string): string {
  const { size, path } = drawQrModules(code, "M", 2);
  // Only digits and path letters: nothing from the code reaches the markup.
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges"><path fill="#fff" d="M0 0h${size}v${size}H0z"/><path stroke="#000" d="${path}"/></svg>`;
}
