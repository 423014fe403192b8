"use client";

// A page of the site that fails while rendering in the browser (or on the
// server): the pt-BR error view inside the site's header and footer.
import { ErrorViewWithData, type ErrorBoundaryProps } from "@/components/layout/error-view";

export default function SiteError(props: ErrorBoundaryProps) {
  return <ErrorViewWithData {...props} />;
}
