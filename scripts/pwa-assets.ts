// Writes the installable dashboard's files into public/: the icons of the web
// app manifest, drawn from public/icon.svg (the brand mark), and the offline
// page, from lib/strings/pwa.ts. Run after changing either:
//   npx tsx scripts/pwa-assets.ts
// lib/pwa/pwa-assets.test.ts fails while the files differ from their sources.
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { maskableIconSvg, renderIcon } from "../lib/pwa/icons";
import { offlinePageHtml } from "../lib/pwa/offline-page";

const root = path.resolve(__dirname, "..");
const mark = readFileSync(path.join(root, "public/icon.svg"), "utf8");
const icons = path.join(root, "public/icons");

async function main() {
  mkdirSync(icons, { recursive: true });
  writeFileSync(path.join(icons, "icon-192.png"), await renderIcon(mark, 192));
  writeFileSync(path.join(icons, "icon-512.png"), await renderIcon(mark, 512));
  writeFileSync(path.join(icons, "maskable-512.png"), await renderIcon(maskableIconSvg(mark), 512));
  writeFileSync(path.join(root, "public/offline.html"), offlinePageHtml());
}

void main();
