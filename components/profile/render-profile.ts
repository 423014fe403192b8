import "server-only";
import { createRequire } from "node:module";
import path from "node:path";
import { createElement } from "react";
import type { PageRenderers } from "@/lib/profile/public-page";
import type { PublicProfile } from "@/lib/profile/public-profile";
import type { PageTools } from "@/lib/blocks/block-kind";
import { finishPage, type RenderedPage } from "@/lib/server/html-answer";
import { pixQrSvg } from "@/lib/qr/pix-qr";
import { pageAssets } from "@/lib/profile/render-page";
import { LinkWarningDocument, type WarningLevel } from "./content-warning";
import { MissingDocument, ProfileDocument } from "./profile-document";

// The bundler refuses react-dom/server in a route handler, so it is loaded at
// run time: the page is plain HTML and ships no framework JavaScript.
const runtimeRequire = createRequire(path.join(process.cwd(), "package.json"));
const { renderToStaticMarkup } = runtimeRequire("react-dom/server") as typeof import("react-dom/server");

/** The page; `warningOnly` (a flagged page before 'Continuar'): the warning, and nothing of the links. */
export function renderProfilePage(profile: PublicProfile, origin: string, warningOnly = false): RenderedPage {
  const links = warningOnly ? [] : profile.links;
  // The script has the parts of the kinds shown, and the CSP its hash (lib/profile/page-script.ts).
  const { script, csp } = pageAssets(new Set(links.map((link) => link.kind)));
  const markup = renderToStaticMarkup(createElement(ProfileDocument, { profile: { ...profile, links }, origin, warningOnly, script, tools: PAGE_TOOLS }));
  return finishPage(markup, { "content-security-policy": csp });
}

/** What the server offers the blocks' drawings, once per cached page (a Pix block's QR code; the public JSON carries only the code). */
const PAGE_TOOLS: PageTools = { qrSvg: pixQrSvg };

export function renderMissingPage(kind: "profile" | "link", origin: string): RenderedPage {
  return finishPage(renderToStaticMarkup(createElement(MissingDocument, { kind, origin })));
}

/** The warning a short link shows before its redirect: the link's own, or its flagged page's (`level`). */
export function renderLinkWarningPage(username: string, linkId: string, origin: string, level?: WarningLevel): RenderedPage {
  return finishPage(renderToStaticMarkup(createElement(LinkWarningDocument, { username, linkId, origin, level })));
}

/** What the page cache (lib/profile/public-page.ts) draws pages with. */
export const profileRenderers: PageRenderers = {
  profile: renderProfilePage,
  missing: (origin) => renderMissingPage("profile", origin),
};
