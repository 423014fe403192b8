"use client";

import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useCallback, type ComponentProps } from "react";
import { withPage } from "@/lib/client/page-scope";

// Links and moves between the owner screens keep the page the address names
// (?page=USERNAME), so the dashboard of a second page leads to that page's
// statistics, settings and cover.

/** `path` with the current screen's page. */
export function useOwnerPath(): (path: string) => string {
  // null outside the App Router (a component rendered on its own, in a test).
  const page = (useSearchParams() as URLSearchParams | null)?.get("page") ?? null;
  return useCallback((path: string) => withPage(path, page), [page]);
}

/** next/link to an owner screen, keeping the page. */
export function OwnerLink({ href, ...props }: ComponentProps<typeof Link> & { href: string }) {
  const ownerPath = useOwnerPath();
  return <Link href={ownerPath(href)} {...props} />;
}

/** router.push to an owner screen, keeping the page. */
export function useOwnerRouter() {
  const router = useRouter();
  const ownerPath = useOwnerPath();
  return { push: (path: string) => router.push(ownerPath(path)), replace: (path: string) => router.replace(ownerPath(path)), refresh: () => router.refresh() };
}
