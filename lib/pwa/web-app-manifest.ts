import type { MetadataRoute } from "next";
import { APP_NAME } from "@/lib/strings/app-name";
import { pwaStrings } from "@/lib/strings/pwa";

// The installable dashboard (api.md, The owner's phone): app/manifest.ts
// serves this as /manifest.webmanifest. Opening the installed app lands on the
// dashboard; sharing an address to it from another app (Android's share
// sheet) opens 'Adicionar link' (lib/pwa/shared-link.ts reads what came).

/** The app's violet (the root layout's theme colour and public/icon.svg). */
export const THEME_COLOR = "#6d28d9";
export const BACKGROUND_COLOR = "#ffffff";

/** public/icons/, drawn from public/icon.svg by scripts/pwa-assets.ts. */
export const MANIFEST_ICONS = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
] as const satisfies MetadataRoute.Manifest["icons"];

export function webAppManifest(): MetadataRoute.Manifest {
  return {
    id: "/dashboard",
    name: APP_NAME,
    short_name: pwaStrings.shortName,
    description: pwaStrings.description,
    lang: "pt-BR",
    dir: "ltr",
    start_url: "/dashboard",
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ["productivity", "social"],
    icons: MANIFEST_ICONS.map((icon) => ({ ...icon })),
    share_target: {
      action: "/dashboard/add",
      method: "GET",
      enctype: "application/x-www-form-urlencoded",
      params: { title: "title", text: "text", url: "url" },
    },
  };
}
