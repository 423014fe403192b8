"use client";

// The root layout itself failed: this replaces the whole document, so it
// brings its own <html lang="pt-BR">, styles and title.
import "./globals.css";
import { ErrorView, type ErrorBoundaryProps } from "@/components/layout/error-view-lazy";
import { APP_NAME } from "@/lib/strings/app-name";
import { errorPageStrings } from "@/lib/strings/error-page";

const strings = { errorPage: errorPageStrings };

export default function GlobalError(props: ErrorBoundaryProps) {
  return (
    <html lang="pt-BR">
      <head>
        <title>{`${strings.errorPage.errorTitle} · ${APP_NAME}`}</title>
      </head>
      <body className="min-h-dvh">
        <main id="conteudo">
          <ErrorView {...props} />
        </main>
      </body>
    </html>
  );
}
