"use client";

import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useQueryClient } from "@tanstack/react-query";
import { useOwnerRouter } from "@/components/pages/owner-link";
import { FormField, fieldAria } from "@/components/auth/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { api, applyFieldErrors } from "@/lib/client/api";
import { drawnRegister } from "@/lib/client/drawn-register";
import { queryKeys } from "@/lib/client/query-client";
import { useReplayableForm } from "@/lib/client/replayable-form";
import { useCurrentUser } from "@/lib/client/use-current-user";
import { CONSENT_MAX } from "@/lib/audience/subscribe-settings";
import type { LinkDto } from "@/lib/links/link-dto";
import { audienceStrings } from "@/lib/strings/audience";
import { linksStrings } from "@/lib/strings/links";
import { ActiveSwitch } from "./active-switch";
import { BlockFormActions, apiSchemaResolver } from "./block-form-parts";

const a = audienceStrings;
const t = linksStrings;

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
  return { kind: "subscribe" as const, title: values.title, active: values.active, subscribe: { whatsapp: values.whatsapp, consent: values.consent } };
}

/** The API's own schema, with its subscribe.<field> errors put on the form's fields. */
const resolver = apiSchemaResolver<SubscribeFormValues>(toBody, FIELDS);

export function SubscribeForm({ link }: { link?: LinkDto }) {
  const router = useOwnerRouter();
  const qc = useQueryClient();
  const { data: page } = useCurrentUser();
  const editing = Boolean(link);
  const [drawnValues] = useState<SubscribeFormValues>(() => ({
    title: link?.title ?? "",
    whatsapp: link?.subscribe?.whatsapp ?? false,
    consent: link?.subscribe?.consent ?? "",
    active: link?.active ?? true,
  }));
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SubscribeFormValues>({ resolver, defaultValues: drawnValues });
  const drawn = drawnRegister(register, drawnValues);

  const onSubmit = handleSubmit(async (values) => {
    const body = toBody(values);
    try {
      if (link) await api(`/api/links/${link.id}`, { method: "PUT", body: { title: body.title, active: body.active, subscribe: body.subscribe } });
      else await api("/api/links", { body });
      await qc.invalidateQueries({ queryKey: queryKeys.links });
      toast({ title: editing ? t.updated : a.added });
      router.push("/dashboard");
    } catch (error) {
      applyFieldErrors(error, setError, ["title"] as const);
      toast({ variant: "destructive", title: t.errorTitle, description: editing ? t.updateFailed : t.addFailed });
    }
  });
  const replayable = useReplayableForm(() => onSubmit());

  return (
    <form {...replayable} noValidate className="grid grid-cols-1 gap-5">
      <FormField id="subscribe-title" label={a.titleLabel} error={errors.title?.message}>
        <Input {...drawn("title")} {...fieldAria("subscribe-title", errors.title?.message)} placeholder={a.titlePlaceholder} autoFocus />
      </FormField>
      <div className="flex items-center justify-between gap-4 rounded-xl border p-4">
        <div>
          <Label htmlFor="subscribe-whatsapp">{a.askWhatsapp}</Label>
          <p id="subscribe-whatsapp-hint" className="mt-1 text-sm text-muted-foreground">
            {a.askWhatsappHint}
          </p>
        </div>
        <Controller
          control={control}
          name="whatsapp"
          render={({ field }) => (
            <Switch id="subscribe-whatsapp" checked={field.value} onCheckedChange={field.onChange} aria-describedby="subscribe-whatsapp-hint" />
          )}
        />
      </div>
      <FormField id="subscribe-consent" label={a.consentLabel} error={errors.consent?.message} hint={a.consentHint(page?.name ?? "")}>
        <Textarea {...drawn("consent")} {...fieldAria("subscribe-consent", errors.consent?.message, true)} rows={3} maxLength={CONSENT_MAX} />
      </FormField>
      <ActiveSwitch control={control} />
      <BlockFormActions editing={editing} busy={isSubmitting} />
    </form>
  );
}
