import type { Metadata } from "next";
import { LinkForm } from "@/components/links/link-form";
import { LinkPageShell } from "@/components/links/link-page-shell";
import { strings } from "@/lib/strings";

export const metadata: Metadata = { title: strings.links.addTitle };

export default function AddLinkPage() {
  return (
    <LinkPageShell title={strings.links.addTitle} description={strings.links.addSubtitle}>
      <LinkForm />
    </LinkPageShell>
  );
}
