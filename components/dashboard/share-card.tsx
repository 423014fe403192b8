"use client";

import { useEffect, useState } from "react";
import { Check, Copy, Download, ExternalLink, Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { dashboardStrings } from "@/lib/strings/dashboard";
import { linksStrings } from "@/lib/strings/links";

const strings = { dashboard: dashboardStrings, links: linksStrings };

export const COPIED_MS = 2000;

export function ShareCard({
  profileUrl,
  username,
  qrImage,
  children,
}: {
  profileUrl: string;
  username: string;
  /** The QR code drawn on the server (lib/profile/profile-qr.ts). */
  qrImage: string;
  children?: React.ReactNode;
}) {
  const t = strings.dashboard;
  const [copied, setCopied] = useState(false);
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  /** The PNG to download is drawn in the browser at the click: the address never goes to a QR service. */
  async function downloadQr() {
    if (downloading) return;
    setDownloading(true);
    try {
      const { default: QRCode } = await import("qrcode");
      const png = await QRCode.toDataURL(profileUrl, { margin: 2, width: 512, errorCorrectionLevel: "M" });
      const link = document.createElement("a");
      link.href = png;
      link.download = `vitrine-${username}-qrcode.png`;
      link.click();
    } catch {
      toast({ variant: "destructive", title: strings.links.errorTitle, description: t.qrFailed });
    } finally {
      setDownloading(false);
    }
  }

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
        <div className="flex items-center gap-4 rounded-xl border bg-muted/40 p-4">
          <img src={qrImage} alt={t.qrAlt(profileUrl)} width={112} height={112} className="size-28 rounded-lg bg-white" />
          <div className="grid grid-cols-1 gap-2">
            <p className="text-sm font-semibold">{t.qrTitle}</p>
            <Button type="button" variant="outline" size="sm" onClick={downloadQr} disabled={downloading}>
              {downloading ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
              {t.qrDownload}
            </Button>
          </div>
        </div>
        {children}
      </CardContent>
    </Card>
  );
}
