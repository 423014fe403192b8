import type { Metadata, Viewport } from "next";
import { HydrationMark } from "@/components/layout/hydration-mark";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { APP_NAME, strings } from "@/lib/strings";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: `${APP_NAME} — ${strings.landing.title}`, template: `%s · ${APP_NAME}` },
  description: strings.landing.subtitle,
  icons: { icon: "/icon.svg" },
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#6d28d9",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="pt-BR">
      <body className="min-h-dvh">
        {children}
        <LazyToaster />
        <HydrationMark />
      </body>
    </html>
  );
}
