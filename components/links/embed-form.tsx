"use client";

import { useState } from "react";
import { useOwnerRouter } from "@/components/pages/owner-link";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { drawnRegister } from "@/lib/client/drawn-register";
import { useQueryClient } from "@tanstack/react-query";
import { FormField, fieldAria } from "@/components/auth/form-field";
import { BrandIcon } from "@/components/profile/brand-icon";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { api, applyFieldErrors } from "@/lib/client/api";
import { useReplayableForm } from "@/lib/client/replayable-form";
import { queryKeys } from "@/lib/client/query-client";
import { embedTitle, parseEmbedUrl } from "@/lib/links/embed";
import type { LinkDto } from "@/lib/links/link-dto";
import { linkInputSchema } from "@/lib/links/link-schemas";
import { blocksStrings } from "@/lib/strings/blocks";
import { linksStrings } from "@/lib/strings/links";
import { seoStrings } from "@/lib/strings/seo";
import { ActiveSwitch } from "./active-switch";
import { BlockFormActions } from "./block-form-parts";

const strings = { blocks: blocksStrings, links: linksStrings, seo: seoStrings };
const b = strings.blocks;
const t = strings.links;

// A YouTube or Spotify player (api.md, Creator blocks). The preview is the
// page's stand-in, drawn from the address alone: nothing is asked of the
// provider here either; the server copies the picture when the block is saved.

interface EmbedFormValues {
  url: string;
  title: string;
  active: boolean;
  /** Plays only after a warning, on the provider's page (the short link warns first). */
  sensitive: boolean;
}

const resolver: Resolver<EmbedFormValues> = async (values) => {
  const parsed = linkInputSchema.safeParse({ kind: "embed", ...values });
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "");
    if ((field === "url" || field === "title") && !errors[field]) errors[field] = { type: "schema", message: issue.message };
  }
  return { values: {}, errors };
};

/** `initial`: an address and title to start from (shared from another app, lib/pwa/shared-link.ts). */
export function EmbedForm({ link, initial }: { link?: LinkDto; initial?: { url?: string; title?: string } }) {
  const router = useOwnerRouter();
  const qc = useQueryClient();
  const editing = Boolean(link);
  const [drawnValues] = useState<EmbedFormValues>(() => ({ url: link?.url ?? initial?.url ?? "", title: link?.title ?? initial?.title ?? "", active: link?.active ?? true, sensitive: link?.sensitive ?? false }));
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EmbedFormValues>({
    resolver,
    defaultValues: drawnValues,
  });
  // The fields' values in the page the server draws, not only once React has it.
  const drawn = drawnRegister(register, drawnValues);
  const watched = useWatch({ control });
  const embed = parseEmbedUrl(watched.url ?? "");

  const onSubmit = handleSubmit(async (values) => {
    try {
      const title = values.title.trim() || (embed ? embedTitle(embed) : "");
      if (link) await api(`/api/links/${link.id}`, { method: "PUT", body: { url: values.url, title, active: values.active, sensitive: values.sensitive } });
      else await api("/api/links", { body: { kind: "embed", url: values.url, title: values.title, active: values.active, sensitive: values.sensitive } });
      await qc.invalidateQueries({ queryKey: queryKeys.links });
      toast({ title: editing ? t.updated : b.embedAdded });
      router.push("/dashboard");
    } catch (error) {
      applyFieldErrors(error, setError, ["url", "title"] as const);
      toast({ variant: "destructive", title: t.errorTitle, description: editing ? t.updateFailed : t.addFailed });
    }
  });

  // Sent by its script; before React has the page, React keeps the submit (lib/client/replayable-form.ts).
  const replayable = useReplayableForm(() => onSubmit());
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-[1fr_15rem]">
      <form {...replayable} noValidate className="grid grid-cols-1 gap-5">
        <FormField id="embed-url" label={b.embedUrlLabel} error={errors.url?.message} hint={b.embedUrlHint}>
          <Input
            {...drawn("url")}
            {...fieldAria("embed-url", errors.url?.message, true)}
            type="url"
            inputMode="url"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={b.embedUrlPlaceholder}
            autoFocus
          />
        </FormField>
        <FormField id="embed-title" label={b.embedTitleLabel} error={errors.title?.message} hint={b.embedTitleHint}>
          <Input {...drawn("title")} {...fieldAria("embed-title", errors.title?.message, true)} maxLength={100} />
        </FormField>
        <ActiveSwitch control={control} />
        <div className="flex items-start gap-3 rounded-xl border p-4">
          <Checkbox id="embed-sensitive" {...drawn("sensitive")} aria-describedby="embed-sensitive-hint" className="mt-0.5" />
          <div>
            <Label htmlFor="embed-sensitive">{strings.seo.linkSensitive}</Label>
            <p id="embed-sensitive-hint" className="mt-1 text-sm text-muted-foreground">
              {strings.seo.linkSensitiveHint}
            </p>
          </div>
        </div>
        <BlockFormActions editing={editing} busy={isSubmitting} />
      </form>
      <section aria-labelledby="embed-preview-title" className="rounded-xl border bg-muted/30 p-4" data-testid="embed-preview">
        <h2 id="embed-preview-title" className="text-center text-sm font-semibold">
          {b.previewTitle}
        </h2>
        {embed ? (
          <div
            className={`relative mt-3 overflow-hidden rounded-xl bg-zinc-900 text-white ${embed.provider === "youtube" ? "aspect-video" : "h-24"}`}
          >
            {link?.thumbnailUrl && link.url === embed.url ? (
              <img src={link.thumbnailUrl} alt="" className="absolute inset-0 size-full object-cover opacity-80" />
            ) : null}
            <span className="absolute top-1/2 left-1/2 flex size-11 -translate-1/2 items-center justify-center rounded-full bg-white text-zinc-900" aria-hidden="true">
              <svg viewBox="0 0 24 24" width="22" height="22">
                <path d="M8 5.5v13l11-6.5z" fill="currentColor" />
              </svg>
            </span>
            <span className="absolute inset-x-0 bottom-0 flex items-center gap-1.5 bg-gradient-to-t from-black/80 to-transparent px-3 pt-5 pb-2 text-sm font-semibold">
              <BrandIcon kind={embed.provider === "spotify" ? "spotify" : "youtube"} size={16} />
              <span className="truncate">{watched.title?.trim() || embedTitle(embed)}</span>
            </span>
          </div>
        ) : (
          <p className="mt-3 text-center text-sm text-muted-foreground">{b.embedNothing}</p>
        )}
        {embed ? <p className="mt-2 text-center text-xs text-muted-foreground">{b.providerName[embed.provider]}</p> : null}
      </section>
    </div>
  );
}
