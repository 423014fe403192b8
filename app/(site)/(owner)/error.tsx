"use client";

// An owner page that fails while rendering: the pt-BR error view inside the
// site's header and footer, and inside the owner's query cache, so a retry
// also drops the cached answers (which may be what failed to render).
import { ErrorViewWithData, type ErrorBoundaryProps } from "@/components/layout/error-view-lazy";

export default function OwnerError(props: ErrorBoundaryProps) {
  return <ErrorViewWithData {...props} />;
}
