import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import manifest from "@/app/manifest";
import { maskableIconSvg, renderIcon } from "./icons";
import { offlinePageHtml, OFFLINE_PAGE_PATH } from "./offline-page";
import { pwaStrings } from "@/lib/strings/pwa";
import { MANIFEST_ICONS } from "./web-app-manifest";

const root = path.resolve(__dirname, "../..");
const publicFile = (p: string) => path.join(root, "public", p);

describe("the web app manifest (app/manifest.ts)", () => {
  const m = manifest();

  it("installs as Vitrine in pt-BR, opening the dashboard, standalone", () => {
    expect(m).toMatchObject({
      name: "Vitrine",
      short_name: "Vitrine",
      lang: "pt-BR",
      start_url: "/dashboard",
      scope: "/",
      display: "standalone",
      theme_color: "#6d28d9",
      background_color: "#ffffff",
    });
    expect(m.description).toBe(pwaStrings.description);
  });

  it("shares to 'Adicionar link' by GET with title, text and url", () => {
    expect(m.share_target).toEqual({
      action: "/dashboard/add",
      method: "GET",
      enctype: "application/x-www-form-urlencoded",
      params: { title: "title", text: "text", url: "url" },
    });
  });

  it("has 192 and 512 icons for any use and a 512 maskable one, each a PNG of its stated size", async () => {
    expect(m.icons?.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    for (const icon of m.icons ?? []) {
      const meta = await sharp(readFileSync(publicFile(icon.src))).metadata();
      expect([icon.src, meta.format, `${meta.width}x${meta.height}`]).toEqual([icon.src, "png", icon.sizes]);
    }
  });
});

describe("the generated files (scripts/pwa-assets.ts) match their sources", () => {
  it("public/offline.html is lib/pwa/offline-page.ts with lib/strings/pwa.ts", () => {
    expect(readFileSync(publicFile(OFFLINE_PAGE_PATH), "utf8")).toBe(offlinePageHtml());
    expect(offlinePageHtml()).toContain("Você está sem conexão");
    expect(offlinePageHtml()).not.toMatch(/<script/i);
  });

  it("the icons are drawn from public/icon.svg", async () => {
    const mark = readFileSync(publicFile("icon.svg"), "utf8");
    const pixels = async (png: Buffer) => (await sharp(png).raw().toBuffer()).toString("base64");
    expect(await pixels(readFileSync(publicFile("icons/icon-192.png")))).toBe(await pixels(await renderIcon(mark, 192)));
    expect(await pixels(readFileSync(publicFile("icons/maskable-512.png")))).toBe(await pixels(await renderIcon(maskableIconSvg(mark), 512)));
  });

  it("the maskable icon fills its corners (a launcher may crop to a circle or a square)", async () => {
    const { data, info } = await sharp(readFileSync(publicFile("icons/maskable-512.png")))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3];
    expect([alphaAt(0, 0), alphaAt(511, 0), alphaAt(0, 511), alphaAt(511, 511)]).toEqual([255, 255, 255, 255]);
  });
});

describe("public/sw.js", () => {
  const sw = readFileSync(publicFile("sw.js"), "utf8");

  it("keeps the offline page and every manifest icon, named by one versioned cache", () => {
    const precache = /const PRECACHE = \[([^\]]*)\];/
      .exec(sw)![1]!
      .split(",")
      .map((s) => s.trim());
    expect(sw).toContain(`const OFFLINE_PAGE = "${OFFLINE_PAGE_PATH}";`);
    expect(precache.sort()).toEqual(["OFFLINE_PAGE", ...MANIFEST_ICONS.map((i) => `"${i.src}"`)].sort());
    expect(sw).toMatch(/const VERSION = "v\d+";/);
    expect(sw).toContain("const CACHE = `vitrine-static-${VERSION}`;");
  });
});
