"use client";

// A page of the site that fails while rendering in the browser (or on the
// server): the pt-BR error view inside the site's header and footer. Owner and
// admin pages have their own boundary, inside their query cache.
import { ErrorView, type ErrorBoundaryProps } from "@/components/layout/error-view-lazy";

export default function SiteError(props: ErrorBoundaryProps) {
  return <ErrorView {...props} />;
}
