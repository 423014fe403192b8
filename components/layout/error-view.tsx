"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useTransition } from "react";
import { RotateCcw, TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { errorPageStrings } from "@/lib/strings/error-page";

const strings = { errorPage: errorPageStrings };

export interface ErrorBoundaryProps {
  error: Error & { digest?: string };
  reset: () => void;
}

/**
 * The app's pt-BR error view, shown by every error boundary (app/error.tsx,
 * app/(site)/error.tsx, app/global-error.tsx) instead of Next's English
 * default. "Tentar novamente" renders the segment again, refetching its server
 * part; the digest lets the operator find the failure in the server log.
 */
export function ErrorView({ error, reset, beforeRetry }: ErrorBoundaryProps & { beforeRetry?: () => void }) {
  const router = useRouter();
  const [retrying, startRetry] = useTransition();
  const t = strings.errorPage;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    console.error(error);
    // Keyboard and screen-reader users land on what happened.
    heading.current?.focus();
  }, [error]);
  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-6 py-24 text-center" data-testid="error-view">
      <div className="mb-6 flex size-16 items-center justify-center rounded-2xl bg-destructive/10 text-destructive">
        <TriangleAlert className="size-8" aria-hidden="true" />
      </div>
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight outline-none">
        {t.errorTitle}
      </h1>
      <p className="mt-3 text-muted-foreground">{t.errorText}</p>
      {error.digest ? (
        <p className="mt-2 text-xs text-muted-foreground">
          {t.errorCode}: <code>{error.digest}</code>
        </p>
      ) : null}
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button
          size="lg"
          disabled={retrying}
          onClick={() =>
            startRetry(() => {
              beforeRetry?.();
              router.refresh();
              reset();
            })
          }
        >
          <RotateCcw aria-hidden="true" />
          {t.errorRetry}
        </Button>
        <Button asChild size="lg" variant="outline">
          <a href="/">{t.errorHome}</a>
        </Button>
      </div>
    </section>
  );
}

/**
 * Inside a QueryProvider (the owner's and admin's boundaries): a retry also
 * drops the cached answers, which may be what failed to render.
 */
export function ErrorViewWithData(props: ErrorBoundaryProps) {
  const queryClient = useQueryClient();
  return <ErrorView {...props} beforeRetry={() => void queryClient.resetQueries()} />;
}
