"use client";

import { FormField, fieldAria } from "@/components/auth/form-field";
import type { BlockEditorProps } from "@/components/blocks/block-editors";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useCurrentUser } from "@/lib/client/use-current-user";
import { CONSENT_MAX } from "@/lib/blocks/kinds/subscribe/subscribe-settings";
import { audienceStrings } from "@/lib/strings/audience";
import { ActiveSwitch, BlockFormActions, SwitchRow } from "./block-form-parts";
import { useBlockForm } from "./use-block-form";

const a = audienceStrings;

// The subscribe block's own form (api.md, Audience): its title, whether it
// asks for WhatsApp, and the consent text (blank: the default naming the
// page). The API's schema checks it (lib/blocks/kinds/subscribe.tsx).

interface SubscribeFormValues {
  title: string;
  whatsapp: boolean;
  consent: string;
  active: boolean;
}

const FIELDS = ["title", "whatsapp", "consent"] as const;

function toBody(values: SubscribeFormValues) {
  return { title: values.title, active: values.active, subscribe: { whatsapp: values.whatsapp, consent: values.consent } };
}

export function SubscribeForm({ kind, link }: BlockEditorProps) {
  const { data: page } = useCurrentUser();
  const { form, drawn, replayable, editing, errors, busy } = useBlockForm<SubscribeFormValues>({
    kind,
    link,
    initial: () => ({ whatsapp: link?.subscribe?.whatsapp ?? false, consent: link?.subscribe?.consent ?? "" }),
    toBody,
    fields: FIELDS,
    added: a.added,
  });
  const { control } = form;

  return (
    <form {...replayable} noValidate className="grid grid-cols-1 gap-5">
      <FormField id="subscribe-title" label={a.titleLabel} error={errors.title?.message}>
        <Input {...drawn("title")} {...fieldAria("subscribe-title", errors.title?.message)} placeholder={a.titlePlaceholder} autoFocus />
      </FormField>
      <SwitchRow id="subscribe-whatsapp" label={a.askWhatsapp} hint={a.askWhatsappHint} control={control} name="whatsapp" />
      <FormField id="subscribe-consent" label={a.consentLabel} error={errors.consent?.message} hint={a.consentHint(page?.name ?? "")}>
        <Textarea {...drawn("consent")} {...fieldAria("subscribe-consent", errors.consent?.message, true)} rows={3} maxLength={CONSENT_MAX} />
      </FormField>
      <ActiveSwitch control={control} />
      <BlockFormActions editing={editing} busy={busy} />
    </form>
  );
}
