import type { Metadata } from "next";
import { PagesView } from "@/components/pages/pages-view";
import { listPages } from "@/lib/pages/page-queries";
import { can } from "@/lib/permissions/page-permissions";
import { requireSession } from "@/lib/server/current-user";
import { env } from "@/lib/server/env";
import { pagesStrings } from "@/lib/strings/pages";

export const metadata: Metadata = { title: pagesStrings.title };

/** 'Páginas': the pages the person manages, 'Criar página', and deleting a page they own. */
export default async function PagesPage() {
  const { user } = await requireSession();
  const pages = await listPages(user.id);
  // The pages it owns (those it may delete) count against the limit, as createPage counts them.
  const owned = pages.filter((p) => can(p.role, "page.delete")).length;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight">{pagesStrings.title}</h1>
        <p className="mt-1 text-muted-foreground">{pagesStrings.description}</p>
      </header>
      <PagesView pages={pages} canCreate={owned < env().PAGES_PER_ACCOUNT} />
    </div>
  );
}
