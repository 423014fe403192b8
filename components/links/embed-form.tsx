"use client";

import { useWatch } from "react-hook-form";
import { FormField, fieldAria } from "@/components/auth/form-field";
import type { BlockEditorProps } from "@/components/blocks/block-editors";
import { BrandIcon } from "@/components/profile/brand-icon";
import { Input } from "@/components/ui/input";
import { embedTitle, parseEmbedUrl } from "@/lib/blocks/kinds/embed/embed-url";
import { blocksStrings } from "@/lib/strings/blocks";
import { ActiveSwitch, BlockFormActions, SensitiveCheckbox } from "./block-form-parts";
import { useBlockForm } from "./use-block-form";

const b = blocksStrings;

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

const FIELDS = ["url", "title"] as const;

/** `initial`: an address and title to start from (shared from another app, lib/pwa/shared-link.ts). */
export function EmbedForm({ kind, link, initial }: BlockEditorProps) {
  const { form, drawn, replayable, editing, errors, busy } = useBlockForm<EmbedFormValues>({
    kind,
    link,
    initial: () => ({ url: link?.url ?? initial?.url ?? "", title: link?.title ?? initial?.title ?? "", sensitive: link?.sensitive ?? false }),
    // A title left blank is the player's (its provider's name), as the API would give it.
    toBody: (values) => {
      const embed = parseEmbedUrl(values.url);
      return { ...values, title: values.title.trim() || (embed ? embedTitle(embed) : "") };
    },
    fields: FIELDS,
    added: b.embedAdded,
  });
  const { control } = form;
  const watched = useWatch({ control });
  const embed = parseEmbedUrl(watched.url ?? "");

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
        <SensitiveCheckbox id="embed-sensitive" field={drawn("sensitive")} />
        <BlockFormActions editing={editing} busy={busy} />
      </form>
      <section aria-labelledby="embed-preview-title" className="rounded-xl border bg-muted/30 p-4" data-testid="embed-preview">
        <h2 id="embed-preview-title" className="text-center text-sm font-semibold">
          {b.previewTitle}
        </h2>
        {embed ? (
          <div className={`relative mt-3 overflow-hidden rounded-xl bg-zinc-900 text-white ${embed.provider === "youtube" ? "aspect-video" : "h-24"}`}>
            {link?.thumbnailUrl && link.url === embed.url ? (
              <img src={link.thumbnailUrl} alt="" className="absolute inset-0 size-full object-cover opacity-80" />
            ) : null}
            <span
              className="absolute top-1/2 left-1/2 flex size-11 -translate-1/2 items-center justify-center rounded-full bg-white text-zinc-900"
              aria-hidden="true"
            >
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
