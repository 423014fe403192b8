import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ReportForm } from "@/components/moderation/report-form";
import { lowercaseAscii } from "@/lib/accounts/username";
import { publicProfile } from "@/lib/profile/public-page";
import { formFlash } from "@/lib/server/form-flash";
import { strings } from "@/lib/strings";

export const metadata: Metadata = { title: strings.moderation.report.pageTitle, robots: { index: false } };

// /denunciar/:username?link=:id — the report form of a public page (a link preselected when named).
// The form posts to /api/reports by itself (JavaScript off, or before the page's script has started),
// which comes back here with ?enviada=1, or with ?erro=1 and the messages when refused.
export default async function ReportPage({
  params,
  searchParams,
}: {
  params: Promise<{ username: string }>;
  searchParams: Promise<{ link?: string | string[]; enviada?: string | string[]; erro?: string | string[] }>;
}) {
  const raw = (await params).username;
  const username = lowercaseAscii(/^[A-Za-z0-9_]{1,20}$/.test(raw) ? raw : "");
  const profile = username ? await publicProfile(username) : null;
  if (!profile) notFound();
  const { link, enviada, erro } = await searchParams;
  const flash = await formFlash(erro);
  const links = profile.links.map((l) => ({ id: l.id, title: l.title }));
  const wanted = flash?.values?.linkId ?? link;
  const initialLinkId = typeof wanted === "string" && links.some((l) => l.id === wanted) ? wanted : "";
  return <ReportForm username={profile.user.username} links={links} initialLinkId={initialLinkId} sent={enviada === "1"} flash={flash} />;
}
