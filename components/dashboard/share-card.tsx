"use client";

import { useEffect, useState } from "react";
import { Check, Copy, Download, ExternalLink } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { dashboardStrings } from "@/lib/strings/dashboard";
import { linksStrings } from "@/lib/strings/links";

const strings = { dashboard: dashboardStrings, links: linksStrings };

export const COPIED_MS = 2000;

/** GET /api/qr of the page: the code the server draws (lib/qr/page-qr.ts). */
const qrPath = (username: string, format: "svg" | "png", download: boolean) =>
  `/api/qr?page=${encodeURIComponent(username)}&format=${format}${download ? "&download=1" : ""}`;

export function ShareCard({
  profileUrl,
  username,
  qrImage,
  children,
}: {
  profileUrl: string;
  username: string;
  /** The code drawn with the page (a data URL); absent: the server's image at /api/qr. */
  qrImage?: string;
  children?: React.ReactNode;
}) {
  const t = strings.dashboard;
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(profileUrl);
      setCopied(true);
      toast({ title: t.copiedToast });
    } catch {
      toast({ variant: "destructive", title: strings.links.errorTitle, description: t.copyFailed });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t.shareCard}</h2>
        </CardTitle>
        <CardDescription>{t.shareHint}</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-5">
        <div className="grid grid-cols-1 gap-2">
          <Label htmlFor="profile-link">{t.profileLink}</Label>
          <div className="flex gap-2">
            <Input id="profile-link" value={profileUrl} readOnly onFocus={(e) => e.currentTarget.select()} className="font-medium" />
            <Button type="button" variant={copied ? "secondary" : "default"} onClick={copy} aria-live="polite" className="shrink-0">
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              <span className="sr-only sm:not-sr-only">{copied ? t.copied : t.copy}</span>
            </Button>
            <Button asChild variant="outline" size="icon" className="shrink-0">
              <a href={profileUrl} target="_blank" rel="noopener noreferrer" aria-label={t.openProfile} title={t.openProfile}>
                <ExternalLink aria-hidden="true" />
              </a>
            </Button>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-4 rounded-xl border bg-muted/40 p-4">
          {/* Drawn by the server in the page's colours, with its photo: the same code the downloads give. */}
          <img src={qrImage ?? qrPath(username, "svg", false)} alt={t.qrAlt(profileUrl)} width={112} height={112} className="size-28 rounded-lg bg-white" />
          <div className="grid min-w-0 grid-cols-1 gap-2">
            <p className="text-sm font-semibold">{t.qrTitle}</p>
            <div className="flex flex-wrap gap-2">
              <Button asChild variant="outline" size="sm">
                <a href={qrPath(username, "png", true)} download={`vitrine-${username}-qrcode.png`}>
                  <Download aria-hidden="true" />
                  {t.qrDownloadPng}
                </a>
              </Button>
              <Button asChild variant="outline" size="sm">
                <a href={qrPath(username, "svg", true)} download={`vitrine-${username}-qrcode.svg`}>
                  <Download aria-hidden="true" />
                  {t.qrDownloadSvg}
                </a>
              </Button>
            </div>
          </div>
        </div>
        {children}
      </CardContent>
    </Card>
  );
}
