import type { Metadata } from "next";
import { NotFoundView } from "@/components/layout/not-found-view";
import { SiteShell } from "@/components/layout/site-shell";
import { strings } from "@/lib/strings";

export const metadata: Metadata = { title: strings.notFound.title };

export default function NotFound() {
  return (
    <SiteShell plain>
      <NotFoundView />
    </SiteShell>
  );
}
