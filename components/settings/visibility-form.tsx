"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { drawnRegister } from "@/lib/client/drawn-register";
import { keepTyped } from "@/lib/client/kept-typing";
import { lazyResolver } from "@/lib/client/lazy-resolver";
import { FormField, fieldAria } from "@/components/auth/form-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import type { UserDto } from "@/lib/accounts/user-dto";
import { api, applyFieldErrors } from "@/lib/client/api";
import { useReplayableForm } from "@/lib/client/replayable-form";
import { useRefreshCurrentUser } from "@/lib/client/use-refresh-current-user";
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX, type SensitiveLevel } from "@/lib/settings/settings-limits";
import type { VisibilityFormValues, VisibilityInput } from "@/lib/settings/settings-schemas";
import { seoStrings } from "@/lib/strings/seo";
import { cn } from "@/lib/utils";

const strings = { seo: seoStrings };

const t = strings.seo;
const checks = lazyResolver(() => import("@/lib/settings/settings-resolvers").then((m) => m.visibilityResolver));
const FIELDS = ["seoTitle", "seoDescription", "indexable", "sensitive"] as const;

const LEVELS: { value: SensitiveLevel; label: string; hint: string }[] = [
  { value: "none", label: t.sensitiveNone, hint: t.sensitiveNoneHint },
  { value: "adult", label: t.sensitiveAdult, hint: t.sensitiveAdultHint },
  { value: "sensitive", label: t.sensitiveSensitive, hint: t.sensitiveSensitiveHint },
];

function formValues(user: UserDto): VisibilityFormValues {
  return { seoTitle: user.seoTitle ?? "", seoDescription: user.seoDescription ?? "", indexable: user.indexable, sensitive: user.sensitive };
}

/** 'Buscadores e compartilhamento' and 'Conteúdo sensível' (PATCH /api/user). */
export function VisibilityForm({ user }: { user: UserDto }) {
  const refreshUser = useRefreshCurrentUser();
  const [drawnValues] = useState(() => formValues(user));
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<VisibilityFormValues, unknown, VisibilityInput>({
    resolver: checks.resolver,
    defaultValues: drawnValues,
  });
  // The fields' values in the page the server draws, not only once React has it.
  const drawn = drawnRegister(register, drawnValues);
  const sensitiveField = register("sensitive");

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { user: saved } = await api<{ user: UserDto }>("/api/user", { method: "PATCH", body: values });
      reset(formValues(saved));
      toast({ title: t.saved });
      await refreshUser(saved);
    } catch (error) {
      applyFieldErrors(error, setError, FIELDS);
      toast({ variant: "destructive", title: t.errorTitle, description: t.saveFailed });
    }
  });

  const counter = (length: number, max: number) => (
    <span className={cn("tabular-nums", length > max && "font-medium text-destructive")} aria-live="polite">
      {t.counter(length, max)}
    </span>
  );
  const titleLength = (watch("seoTitle") ?? "").length;
  const descriptionLength = (watch("seoDescription") ?? "").length;

  // Sent by its script; before React has the page, React keeps the submit (lib/client/replayable-form.ts).
  const replayable = useReplayableForm(() => onSubmit());
  return (
    <form {...replayable} onFocus={checks.preload} onPointerEnter={checks.preload} noValidate className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{t.searchSection}</CardTitle>
          <CardDescription>{t.searchSectionHint}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <FormField
            id="seo-title"
            label={t.seoTitle}
            error={errors.seoTitle?.message}
            hint={
              <span className="flex flex-wrap justify-between gap-x-3">
                <span>{t.seoTitleHint}</span>
                {counter(titleLength, SEO_TITLE_MAX)}
              </span>
            }
          >
            <Input {...drawn("seoTitle")} {...fieldAria("seo-title", errors.seoTitle?.message, true)} placeholder={t.seoTitlePlaceholder} />
          </FormField>
          <FormField
            id="seo-description"
            label={t.seoDescription}
            error={errors.seoDescription?.message}
            hint={
              <span className="flex flex-wrap justify-between gap-x-3">
                <span>{t.seoDescriptionHint}</span>
                {counter(descriptionLength, SEO_DESCRIPTION_MAX)}
              </span>
            }
          >
            <Textarea
              {...drawn("seoDescription")}
              {...fieldAria("seo-description", errors.seoDescription?.message, true)}
              rows={3}
              placeholder={t.seoDescriptionPlaceholder}
            />
          </FormField>
          <div className="flex items-start gap-3">
            <Checkbox id="seo-indexable" {...drawn("indexable")} aria-describedby="seo-indexable-hint" className="mt-0.5" />
            <div className="grid gap-1">
              <label htmlFor="seo-indexable" className="text-sm leading-snug font-medium">
                {t.indexable}
              </label>
              <p id="seo-indexable-hint" className="text-xs text-muted-foreground">
                {t.indexableHint}
              </p>
            </div>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t.sensitiveSection}</CardTitle>
          <CardDescription>{t.sensitiveSectionHint}</CardDescription>
        </CardHeader>
        <CardContent>
          <fieldset className="grid gap-3" aria-describedby={errors.sensitive?.message ? "sensitive-error" : undefined}>
            <legend className="sr-only">{t.sensitiveLegend}</legend>
            {LEVELS.map((level) => (
              <label
                key={level.value}
                className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
              >
                <input
                  type="radio"
                  value={level.value}
                  defaultChecked={drawnValues.sensitive === level.value}
                  {...sensitiveField}
                  ref={keepTyped(sensitiveField.ref)}
                  aria-describedby={`sensitive-${level.value}-hint`}
                  className="mt-0.5 size-4 shrink-0 accent-primary outline-none"
                />
                <span className="grid gap-1">
                  <span className="text-sm leading-snug font-medium">{level.label}</span>
                  <span id={`sensitive-${level.value}-hint`} className="text-xs text-muted-foreground">
                    {level.hint}
                  </span>
                </span>
              </label>
            ))}
            {errors.sensitive?.message ? (
              <p id="sensitive-error" className="text-sm font-medium text-destructive">
                {errors.sensitive.message}
              </p>
            ) : null}
          </fieldset>
        </CardContent>
      </Card>

      <div className="flex justify-end">
        <SubmitButton size="lg" busy={isSubmitting} busyLabel={t.saving} className="w-full sm:w-auto">
          {t.save}
        </SubmitButton>
      </div>
    </form>
  );
}
