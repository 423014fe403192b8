"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2, Flag } from "lucide-react";
import { FormField, fieldAria } from "@/components/auth/form-field";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Textarea } from "@/components/ui/textarea";
import { ApiError, api, applyFieldErrors } from "@/lib/client/api";
import {
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  reportFormSchema,
  type ReportFormOutput,
  type ReportFormValues,
} from "@/lib/moderation/moderation-schemas";
import { moderationStrings } from "@/lib/strings/moderation";

const strings = { moderation: moderationStrings };

const t = strings.moderation.report;

export function ReportForm({ username, links, initialLinkId }: { username: string; links: { id: string; title: string }[]; initialLinkId: string }) {
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ReportFormValues, unknown, ReportFormOutput>({
    resolver: zodResolver(reportFormSchema),
    defaultValues: { linkId: initialLinkId, details: "" },
  });
  const left = REPORT_DETAILS_MAX - (watch("details") ?? "").length;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await api("/api/reports", { body: { username, ...values } });
      setSent(true);
    } catch (error) {
      if (!applyFieldErrors(error, setError, ["reason", "details"] as const)) {
        setFailure(error instanceof ApiError ? error.message : t.failed);
      }
    }
  });

  return (
    <div className="mx-auto w-full max-w-lg px-4 py-10 sm:py-16">
      <Card className="shadow-lg">
        <CardHeader>
          <CardTitle>
            <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
              <Flag className="size-5 text-destructive" aria-hidden="true" />
              {sent ? t.sentTitle : t.pageTitle}
            </h1>
          </CardTitle>
          {sent ? null : <CardDescription>{t.intro(username)}</CardDescription>}
        </CardHeader>
        <CardContent>
          {sent ? (
            <div role="status" className="grid gap-4">
              <p className="flex items-start gap-2">
                <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden="true" />
                {t.sentText}
              </p>
              <Button asChild variant="outline" className="w-fit">
                <a href={`/${username}`}>{t.backToPage(username)}</a>
              </Button>
            </div>
          ) : (
            <form method="post" onSubmit={onSubmit} noValidate className="grid gap-5">
              {links.length ? (
                <FormField id="report-target" label={t.target}>
                  <select
                    id="report-target"
                    {...register("linkId")}
                    className="h-10 w-full rounded-md border border-input bg-transparent px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 md:text-sm"
                  >
                    <option value="">{t.wholePage}</option>
                    {links.map((l) => (
                      <option key={l.id} value={l.id}>
                        {t.linkOption(l.title)}
                      </option>
                    ))}
                  </select>
                </FormField>
              ) : null}
              <fieldset className="grid gap-2" aria-describedby={errors.reason ? "report-reason-error" : undefined}>
                <legend className="mb-1 text-sm font-medium">{t.reason}</legend>
                {REPORT_REASONS.map((reason) => (
                  <label key={reason} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5">
                    <input type="radio" value={reason} {...register("reason")} className="size-4 shrink-0 accent-[var(--primary)]" aria-invalid={errors.reason ? true : undefined} />
                    {strings.moderation.reasons[reason]}
                  </label>
                ))}
                {errors.reason ? (
                  <p id="report-reason-error" className="text-sm font-medium text-destructive">
                    {errors.reason.message}
                  </p>
                ) : null}
              </fieldset>
              <FormField id="report-details" label={t.details} error={errors.details?.message} hint={t.detailsHint(left)}>
                <Textarea {...register("details")} {...fieldAria("report-details", errors.details?.message, true)} maxLength={REPORT_DETAILS_MAX} rows={4} />
              </FormField>
              {failure ? (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {failure}
                </p>
              ) : null}
              <SubmitButton variant="destructive" busy={isSubmitting} busyLabel={t.sending} icon={<Flag aria-hidden="true" />}>
                {t.submit}
              </SubmitButton>
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
