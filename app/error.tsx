"use client";

// Any other segment that fails: the pt-BR error view, never Next's English default.
import { ErrorViewWithData, type ErrorBoundaryProps } from "@/components/layout/error-view";

export default function RootError(props: ErrorBoundaryProps) {
  return (
    <main id="conteudo" className="min-h-dvh">
      <ErrorViewWithData {...props} />
    </main>
  );
}
