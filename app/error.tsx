"use client";

// Any other segment that fails (outside the query caches of the owner and
// admin pages): the pt-BR error view, never Next's English default.
import { ErrorView, type ErrorBoundaryProps } from "@/components/layout/error-view-lazy";

export default function RootError(props: ErrorBoundaryProps) {
  return (
    <main id="conteudo" className="min-h-dvh">
      <ErrorView {...props} />
    </main>
  );
}
