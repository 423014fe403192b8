import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { EarlyInput } from "@/components/layout/early-input";
import { ReportForm } from "@/components/moderation/report-form";
import { lowercaseAscii } from "@/lib/accounts/username";
import { publicProfile } from "@/lib/profile/public-page";
import { strings } from "@/lib/strings";

export const metadata: Metadata = { title: strings.moderation.report.pageTitle, robots: { index: false } };

// /denunciar/:username?link=:id — the report form of a public page (a link preselected when named).
export default async function ReportPage({
  params,
  searchParams,
}: {
  params: Promise<{ username: string }>;
  searchParams: Promise<{ link?: string | string[] }>;
}) {
  const raw = (await params).username;
  const username = lowercaseAscii(/^[A-Za-z0-9_]{1,20}$/.test(raw) ? raw : "");
  const profile = username ? await publicProfile(username) : null;
  if (!profile) notFound();
  const { link } = await searchParams;
  const links = profile.links.map((l) => ({ id: l.id, title: l.title }));
  const initialLinkId = typeof link === "string" && links.some((l) => l.id === link) ? link : "";
  // The report form has no address to post to by itself: the held-input script keeps an early submit for it.
  return (
    <>
      <EarlyInput />
      <ReportForm username={profile.user.username} links={links} initialLinkId={initialLinkId} />
    </>
  );
}
