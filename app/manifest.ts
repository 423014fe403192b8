// GET /manifest.webmanifest — public; the installable dashboard's web app manifest (lib/pwa/web-app-manifest.ts).
import type { MetadataRoute } from "next";
import { webAppManifest } from "@/lib/pwa/web-app-manifest";

export default function manifest(): MetadataRoute.Manifest {
  return webAppManifest();
}
