"use client";

import { useState } from "react";
import { useOwnerRouter } from "@/components/pages/owner-link";
import { Controller, useForm, useWatch, type Control } from "react-hook-form";
import { drawnRegister } from "@/lib/client/drawn-register";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { FormField, fieldAria } from "@/components/auth/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { Checkbox } from "@/components/ui/checkbox";
import { toast } from "@/components/ui/use-toast";
import { api, applyFieldErrors } from "@/lib/client/api";
import { useReplayableForm } from "@/lib/client/replayable-form";
import { queryKeys } from "@/lib/client/query-client";
import type { LinkDto } from "@/lib/links/link-dto";
import { linkInputSchema, normalizeLinkUrl, type LinkFormValues, type LinkInput, type LinkKind } from "@/lib/links/link-schemas";
import { defaultOpenInApp } from "@/lib/links/app-links";
import { linksStrings } from "@/lib/strings/links";
import { richLinksStrings } from "@/lib/strings/rich-links";
import { seoStrings } from "@/lib/strings/seo";
import { BlockFormActions } from "./block-form-parts";
import { ScheduleFields } from "./schedule-fields";
import { ThumbnailField } from "./thumbnail-field";

const strings = { links: linksStrings, richLinks: richLinksStrings, seo: seoStrings };

const t = strings.links;
const r = strings.richLinks;

/** Add (no `link`) or edit a link or a section title; both go back to the dashboard when saved. */
/** `initial`: an address and title to start from (shared from another app, lib/pwa/shared-link.ts). */
export function LinkForm({ link, kind = "link", initial }: { link?: LinkDto; kind?: LinkKind; initial?: { url?: string; title?: string } }) {
  const router = useOwnerRouter();
  const qc = useQueryClient();
  const editing = Boolean(link);
  const section = (link?.kind ?? kind) === "header";
  const [drawnValues] = useState<LinkFormValues>(() => ({
    kind: section ? "header" : "link",
    title: link?.title ?? initial?.title ?? "",
    url: link?.url ?? initial?.url ?? "",
    active: link?.active ?? true,
    highlighted: link?.highlighted ?? false,
    sensitive: link?.sensitive ?? false,
    // A new link's switch follows its address until the person sets it (lib/links/open-in-app.ts).
    openInApp: link ? link.openInApp : undefined,
    startsAt: link?.startsAt ?? null,
    endsAt: link?.endsAt ?? null,
  }));
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LinkFormValues, unknown, LinkInput>({ resolver: zodResolver(linkInputSchema), defaultValues: drawnValues });
  // The fields' values in the page the server draws, not only once React has it.
  const drawn = drawnRegister(register, drawnValues);

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (link) await api(`/api/links/${link.id}`, { method: "PUT", body: values });
      else await api("/api/links", { body: values });
      await qc.invalidateQueries({ queryKey: queryKeys.links });
      toast({ title: editing ? t.updated : section ? r.sectionAdded : t.added });
      router.push("/dashboard");
    } catch (error) {
      applyFieldErrors(error, setError, ["title", "url", "startsAt", "endsAt"] as const);
      toast({ variant: "destructive", title: t.errorTitle, description: editing ? t.updateFailed : t.addFailed });
    }
  });

  // Sent by its script; before React has the page, React keeps the submit (lib/client/replayable-form.ts).
  const replayable = useReplayableForm(() => onSubmit());
  return (
    <form {...replayable} noValidate className="grid grid-cols-1 gap-5">
      <FormField id="link-title" label={section ? r.sectionTitleLabel : t.titleLabel} error={errors.title?.message}>
        <Input
          {...drawn("title")}
          {...fieldAria("link-title", errors.title?.message)}
          placeholder={section ? r.sectionPlaceholder : t.titlePlaceholder}
          autoFocus
        />
      </FormField>
      {section ? null : (
        <FormField id="link-url" label={t.urlLabel} error={errors.url?.message}>
          <Input
            {...drawn("url")}
            {...fieldAria("link-url", errors.url?.message)}
            type="url"
            inputMode="url"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t.urlPlaceholder}
          />
        </FormField>
      )}
      <SwitchRow id="link-active" label={t.activeLabel} hint={t.activeHint} control={control} name="active" />
      {section ? null : <SwitchRow id="link-highlighted" label={r.highlightedLabel} hint={r.highlightedHint} control={control} name="highlighted" />}
      {section ? null : <OpenInAppRow control={control} />}
      {section ? null : (
        <div className="flex items-start gap-3 rounded-xl border p-4">
          <Checkbox id="link-sensitive" {...drawn("sensitive")} aria-describedby="link-sensitive-hint" className="mt-0.5" />
          <div>
            <Label htmlFor="link-sensitive">{strings.seo.linkSensitive}</Label>
            <p id="link-sensitive-hint" className="mt-1 text-sm text-muted-foreground">
              {strings.seo.linkSensitiveHint}
            </p>
          </div>
        </div>
      )}
      <ScheduleFields control={control} errors={errors} />
      {link && !section ? <ThumbnailField link={link} /> : null}
      <BlockFormActions editing={editing} busy={isSubmitting} />
    </form>
  );
}

/** 'Abrir no app': on by default for the apps' addresses, shown as such until the person sets it. */
function OpenInAppRow({ control }: { control: Control<LinkFormValues, unknown, LinkInput> }) {
  const url = useWatch({ control, name: "url" });
  return (
    <div className="flex items-center justify-between gap-4 rounded-xl border p-4">
      <div>
        <Label htmlFor="link-open-in-app">{t.openInAppLabel}</Label>
        <p id="link-open-in-app-hint" className="mt-1 text-sm text-muted-foreground">
          {t.openInAppHint}
        </p>
      </div>
      <Controller
        control={control}
        name="openInApp"
        render={({ field }) => (
          <Switch
            id="link-open-in-app"
            checked={field.value ?? defaultOpenInApp(typeof url === "string" ? (normalizeLinkUrl(url) ?? "") : "")}
            onCheckedChange={field.onChange}
            aria-describedby="link-open-in-app-hint"
          />
        )}
      />
    </div>
  );
}

function SwitchRow({
  id,
  label,
  hint,
  control,
  name,
}: {
  id: string;
  label: string;
  hint: string;
  control: Control<LinkFormValues, unknown, LinkInput>;
  name: "active" | "highlighted";
}) {
  return (
    <div className="flex items-center justify-between gap-4 rounded-xl border p-4">
      <div>
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Switch id={id} checked={field.value ?? name === "active"} onCheckedChange={field.onChange} aria-describedby={`${id}-hint`} />
        )}
      />
    </div>
  );
}
