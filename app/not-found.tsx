import type { Metadata } from "next";
import { connection } from "next/server";
import { NotFoundView } from "@/components/layout/not-found-view";
import { SiteShell } from "@/components/layout/site-shell";
import { strings } from "@/lib/strings";

export const metadata: Metadata = { title: strings.notFound.title };

export default async function NotFound() {
  // Rendered per request, never prerendered: a prebuilt page cannot carry the
  // request's CSP nonce, and without it its scripts would be refused.
  await connection();
  return (
    <SiteShell plain>
      <NotFoundView />
    </SiteShell>
  );
}
