"use client";

import { useWatch, type Control } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { FormField, fieldAria } from "@/components/auth/form-field";
import { Input } from "@/components/ui/input";
import type { BlockEditorProps } from "@/components/blocks/block-editors";
import { blockLook } from "@/lib/blocks/looks";
import { linkInputSchema, normalizeLinkUrl, type LinkFormValues, type LinkInput } from "@/lib/links/link-schemas";
import { defaultOpenInApp } from "@/lib/links/app-links";
import { linksStrings } from "@/lib/strings/links";
import { richLinksStrings } from "@/lib/strings/rich-links";
import { ActiveSwitch, BlockFormActions, SensitiveCheckbox, SwitchRow } from "./block-form-parts";
import { ScheduleFields } from "./schedule-fields";
import { ThumbnailField } from "./thumbnail-field";
import { useBlockForm } from "./use-block-form";

const t = linksStrings;
const r = richLinksStrings;

/**
 * Add (no `link`) or edit a link or a section title (`kind`: a kind whose
 * look is a section has a title only); both go back to the dashboard when saved.
 * `initial`: an address and title to start from (shared from another app, lib/pwa/shared-link.ts).
 */
export function LinkForm({ link, kind, initial }: BlockEditorProps) {
  const section = Boolean(blockLook(link?.kind ?? kind)?.section);
  const { form, drawn, replayable, editing, errors, busy } = useBlockForm<LinkFormValues, LinkInput>({
    kind: link?.kind ?? kind,
    link,
    initial: () => ({
      kind: link?.kind ?? kind,
      title: link?.title ?? initial?.title ?? "",
      url: link?.url ?? initial?.url ?? "",
      active: link?.active ?? true,
      highlighted: link?.highlighted ?? false,
      sensitive: link?.sensitive ?? false,
      // A new link's switch follows its address until the person sets it (lib/links/open-in-app.ts).
      openInApp: link ? link.openInApp : undefined,
      startsAt: link?.startsAt ?? null,
      endsAt: link?.endsAt ?? null,
    }),
    resolver: zodResolver(linkInputSchema),
    toBody: (values) => values,
    fields: ["title", "url", "startsAt", "endsAt"],
    added: section ? r.sectionAdded : t.added,
  });
  const { control } = form;
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
      <ActiveSwitch control={control} id="link-active" />
      {section ? null : <SwitchRow id="link-highlighted" label={r.highlightedLabel} hint={r.highlightedHint} control={control} name="highlighted" />}
      {section ? null : <OpenInAppRow control={control} />}
      {section ? null : <SensitiveCheckbox id="link-sensitive" field={drawn("sensitive")} />}
      <ScheduleFields control={control} errors={errors} />
      {link && !section ? <ThumbnailField link={link} /> : null}
      <BlockFormActions editing={editing} busy={busy} />
    </form>
  );
}

/** 'Abrir no app': on by default for the apps' addresses, shown as such until the person sets it. */
function OpenInAppRow({ control }: { control: Control<LinkFormValues, unknown, LinkInput> }) {
  const url = useWatch({ control, name: "url" });
  const fallback = defaultOpenInApp(typeof url === "string" ? (normalizeLinkUrl(url) ?? "") : "");
  return <SwitchRow id="link-open-in-app" label={t.openInAppLabel} hint={t.openInAppHint} control={control} name="openInApp" fallback={fallback} />;
}
