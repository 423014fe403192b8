"use client";

import { OwnerLink } from "@/components/pages/owner-link";
import { useQuery } from "@tanstack/react-query";
import { SearchX } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError, api } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-client";
import type { LinkDto } from "@/lib/links/link-dto";
import { commonStrings } from "@/lib/strings/common";
import { linksStrings } from "@/lib/strings/links";
import { BLOCK_EDITORS } from "@/components/blocks/block-editors";

const strings = { common: commonStrings, links: linksStrings };

/** The edit page: loads the link first, then the form; a clear state when it is gone. */
export function LinkEditor({ id }: { id: string }) {
  const { data, isPending, error } = useQuery({
    queryKey: queryKeys.link(id),
    queryFn: () => api<LinkDto>(`/api/links/${encodeURIComponent(id)}`),
    staleTime: 0,
  });
  if (isPending) {
    return (
      <div className="grid grid-cols-1 gap-5" aria-busy="true" aria-label={strings.common.loading}>
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-20 w-full" />
      </div>
    );
  }
  if (error || !data) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <div className="flex flex-col items-center py-6 text-center" role="alert">
        <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
        <p className="mt-3 text-lg font-semibold">{missing ? strings.links.notFoundTitle : strings.links.errorTitle}</p>
        <p className="mt-1 text-sm text-muted-foreground">{missing ? strings.links.notFoundText : strings.links.updateFailed}</p>
        <Button asChild className="mt-5">
          <OwnerLink href="/dashboard">{strings.links.backToDashboard}</OwnerLink>
        </Button>
      </div>
    );
  }
  const { Editor } = BLOCK_EDITORS[data.kind] ?? BLOCK_EDITORS.link;
  return <Editor kind={data.kind} link={data} />;
}
