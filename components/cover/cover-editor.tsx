"use client";

import { OwnerLink, useOwnerRouter } from "@/components/pages/owner-link";
import { useEffect, useState } from "react";
import { ArrowLeft, Loader2 } from "lucide-react";
import { PhonePreview } from "@/components/profile/phone-preview";
import { LazyConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { inputClassName } from "@/components/ui/styles";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast } from "@/components/ui/use-toast";
import type { UserDto } from "@/lib/accounts/user-dto";
import { ApiError, api } from "@/lib/client/api";
import { appendImage } from "@/lib/client/image-upload";
import { useLinks } from "@/lib/client/use-links";
import { useRefreshCurrentUser } from "@/lib/client/use-refresh-current-user";
import { BACKGROUND_SWATCHES, BUTTON_SWATCHES, FONT_SWATCHES, OPACITY_STEP } from "@/lib/profile/swatches";
import { coverStrings } from "@/lib/strings/cover";
import { appearanceStrings } from "@/lib/strings/appearance";
import { linksStrings } from "@/lib/strings/links";
import { cn } from "@/lib/utils";
import { ColorField } from "./color-field";
import { ContrastPanel, LookFields, ThemePicker } from "./look-fields";
import { CoverImagePicker, type Aspect } from "./cover-image-picker";
import { keepTyped } from "@/lib/client/kept-typing";

const strings = { cover: coverStrings, appearance: appearanceStrings, links: linksStrings };

const t = strings.cover;
const a = strings.appearance;
const FITS = ["cover", "contain", "center", "top", "bottom"] as const;
export const REMOVAL_REDIRECT_MS = 1500;

export function CoverEditor({ user }: { user: UserDto }) {
  const router = useOwnerRouter();
  const refreshUser = useRefreshCurrentUser();
  const { data: links } = useLinks();
  const [aspect, setAspect] = useState<Aspect>(user.coverAspectRatio === "9:16" ? "9:16" : "16:9");
  const [file, setFile] = useState<File | null>(null);
  const [localUrl, setLocalUrl] = useState<string | null>(null);
  const [savedUrl, setSavedUrl] = useState(user.coverUrl);
  const [look, setLook] = useState({
    backgroundColor: user.backgroundColor,
    fontColor: user.fontColor,
    imageOpacity: user.imageOpacity,
    imagePosition: user.imagePosition,
    linkButtonColor: user.linkButtonColor,
    linkButtonOpacity: user.linkButtonOpacity,
    buttonStyle: user.buttonStyle,
    buttonShape: user.buttonShape,
    fontFamily: user.fontFamily,
  });
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const imageUrl = localUrl ?? savedUrl;
  const set = <K extends keyof typeof look>(key: K, value: (typeof look)[K]) => setLook((l) => ({ ...l, [key]: value }));

  useEffect(() => () => void (localUrl && URL.revokeObjectURL(localUrl)), [localUrl]);

  function pick(next: File) {
    setFile(next);
    setLocalUrl(URL.createObjectURL(next));
  }

  async function remove() {
    if (localUrl && !savedUrl) {
      setFile(null);
      setLocalUrl(null);
      setConfirming(false);
      return;
    }
    setRemoving(true);
    try {
      const { user: updated } = await api<{ user: UserDto }>("/api/user/cover/remove", { body: {} });
      setFile(null);
      setLocalUrl(null);
      setSavedUrl(null);
      await refreshUser(updated);
      toast({ title: t.removed });
      setTimeout(() => router.push("/dashboard"), REMOVAL_REDIRECT_MS);
    } catch {
      toast({ variant: "destructive", title: strings.links.errorTitle, description: t.removeFailed });
    } finally {
      setRemoving(false);
      setConfirming(false);
    }
  }

  async function save() {
    setSaving(true);
    try {
      const form = new FormData();
      if (file) await appendImage(form, "cover", file);
      form.append("aspectRatio", aspect);
      for (const [key, value] of Object.entries(look)) form.append(key, String(value));
      const { user: updated } = await api<{ user: UserDto }>("/api/user/cover", { body: form });
      await refreshUser(updated);
      toast({ title: t.saved });
      router.push("/dashboard");
    } catch (error) {
      toast({ variant: "destructive", title: t.saveFailedTitle, description: error instanceof ApiError ? error.message : t.saveFailed });
      setSaving(false);
    }
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <Button asChild variant="ghost" className="-ml-3">
        <OwnerLink href="/dashboard">
          <ArrowLeft aria-hidden="true" />
          {t.back}
        </OwnerLink>
      </Button>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{t.title}</h1>
      <p className="mt-1 text-muted-foreground">{t.subtitle}</p>
      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>{t.imageTitle}</h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="grid grid-cols-1 gap-6">
              <CoverImagePicker aspect={aspect} onAspect={setAspect} imageUrl={imageUrl} onFile={pick} onRemove={() => setConfirming(true)} />
              {imageUrl ? (
                <div className="grid grid-cols-1 gap-6 sm:grid-cols-2">
                  <PercentSlider id="cover-opacity" label={t.opacity} value={look.imageOpacity} onChange={(v) => set("imageOpacity", v)} />
                  <div className="grid gap-3">
                    <Label htmlFor="cover-fit">{t.fit}</Label>
                    {/* A native select: the phone's own picker, and no script of its own. */}
                    <select
                      id="cover-fit"
                      className={cn(inputClassName, "w-full appearance-auto")}
                      value={look.imagePosition}
                      onChange={(e) => set("imagePosition", e.target.value as (typeof FITS)[number])}
                    >
                      {FITS.map((f) => (
                        <option key={f} value={f}>
                          {t.fits[f]}
                        </option>
                      ))}
                    </select>
                  </div>
                </div>
              ) : null}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>{t.colorsTitle}</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <Tabs defaultValue="fundo">
                <TabsList className="w-full">
                  <TabsTrigger value="fundo">{t.background}</TabsTrigger>
                  <TabsTrigger value="fonte">{t.font}</TabsTrigger>
                  <TabsTrigger value="botoes">{t.buttons}</TabsTrigger>
                </TabsList>
                <TabsContent value="fundo" className="pt-4">
                  <ColorField
                    label={t.backgroundColor}
                    value={look.backgroundColor}
                    swatches={BACKGROUND_SWATCHES}
                    onChange={(v) => set("backgroundColor", v)}
                  />
                </TabsContent>
                <TabsContent value="fonte" className="pt-4">
                  <ColorField label={t.fontColor} value={look.fontColor} swatches={FONT_SWATCHES} onChange={(v) => set("fontColor", v)} />
                </TabsContent>
                <TabsContent value="botoes" className="grid gap-6 pt-4">
                  <ColorField label={t.buttonColor} value={look.linkButtonColor} swatches={BUTTON_SWATCHES} onChange={(v) => set("linkButtonColor", v)} />
                  <PercentSlider id="button-fade" label={t.buttonFade} value={look.linkButtonOpacity} onChange={(v) => set("linkButtonOpacity", v)} />
                </TabsContent>
              </Tabs>
              <div className="mt-6">
                <ContrastPanel look={look} />
              </div>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>{a.themesTitle}</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ThemePicker
                current={look}
                onApply={({ id: _id, name, ...theme }) => {
                  setLook((l) => ({ ...l, ...theme }));
                  toast({ title: a.themeApplied(name) });
                }}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>{a.styleTitle}</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <LookFields look={look} onStyle={(v) => set("buttonStyle", v)} onShape={(v) => set("buttonShape", v)} onFont={(v) => set("fontFamily", v)} />
            </CardContent>
          </Card>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button asChild variant="outline">
              <OwnerLink href="/dashboard">{t.cancel}</OwnerLink>
            </Button>
            <Button type="button" onClick={save} disabled={saving}>
              {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {saving ? t.saving : t.save}
            </Button>
          </div>
        </div>
        <div className="min-w-0 lg:sticky lg:top-20 lg:self-start">
          <p className="mb-3 text-sm font-semibold">{t.preview}</p>
          <PhonePreview profile={user} links={links ?? []} overrides={{ ...look, coverUrl: imageUrl }} />
        </div>
      </div>
      <LazyConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t.removeTitle}
        description={t.removeText}
        confirmLabel={t.removeConfirm}
        destructive
        busy={removing}
        onConfirm={() => void remove()}
      />
    </div>
  );
}

/** A 0–100 slider in steps of 5, its value shown in the label. */
function PercentSlider({ id, label, value, onChange }: { id: string; label: string; value: number; onChange: (v: number) => void }) {
  return (
    <div className="grid gap-3">
      <Label id={`${id}-label`}>
        {label}: <span className="tabular-nums">{value}%</span>
      </Label>
      {/* A native range: arrows, Page Up/Down, Home/End and dragging, with no script of its own. */}
      <input
        type="range"
        aria-labelledby={`${id}-label`}
        min={0}
        max={100}
        step={OPACITY_STEP}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        ref={keepTyped(undefined)}
        className="h-5 w-full cursor-pointer accent-primary"
      />
    </div>
  );
}
