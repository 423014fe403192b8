"use client";

import { useEffect, useRef, useState } from "react";
import { CheckCircle2, Flag } from "lucide-react";
import { FormField, NoScriptSubmit, fieldAria } from "@/components/auth/form-field";
import { buttonVariants } from "@/components/ui/styles";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Textarea } from "@/components/ui/textarea";
import { ApiError, api } from "@/lib/client/api";
import { textOf, useServerForm } from "@/lib/client/use-server-form";
import { REPORT_DETAILS_MAX, REPORT_REASONS } from "@/lib/moderation/moderation-limits";
import type { FormFlash } from "@/lib/server/form-post";
import { moderationStrings } from "@/lib/strings/moderation";

const strings = { moderation: moderationStrings };

const t = strings.moderation.report;

const FIELDS = ["reason", "details"] as const;

/**
 * The report page's form. It posts to /api/reports by itself until its script
 * has started (or with JavaScript off), and the server's shared schema is its
 * only validation (app/api/reports/route.ts), so what a person types or
 * presses before then is never lost and no zod comes to the browser.
 */
export function ReportForm({
  username,
  links,
  initialLinkId,
  sent: sentAlready = false,
  flash = null,
}: {
  username: string;
  links: { id: string; title: string }[];
  initialLinkId: string;
  /** The form was sent with JavaScript off and stored (?enviada=1). */
  sent?: boolean;
  /** The form was sent with JavaScript off and refused: its messages and values. */
  flash?: FormFlash | null;
}) {
  const [sent, setSent] = useState(sentAlready);
  const [refusal, setRefusal] = useState(flash);
  const [failure, setFailure] = useState<string | null>(flash && !flash.errors ? flash.message : null);
  const kept = flash?.values ?? {};
  const details = useRef<HTMLTextAreaElement>(null);
  const [left, setLeft] = useState(REPORT_DETAILS_MAX - (kept.details ?? "").length);
  // Typed before the script started: the count follows what is in the field.
  useEffect(() => {
    if (details.current) setLeft(REPORT_DETAILS_MAX - details.current.value.length);
  }, []);

  const { errors: sentErrors, form } = useServerForm({
    fields: FIELDS,
    send: async (data) => {
      setFailure(null);
      setRefusal(null);
      await api("/api/reports", {
        body: { username, linkId: textOf(data, "linkId") || null, reason: textOf(data, "reason") || undefined, details: textOf(data, "details") },
      });
      setSent(true);
    },
    onFailure: (error) => setFailure(error instanceof ApiError ? error.message : t.failed),
  });
  const error = (name: (typeof FIELDS)[number]) => sentErrors[name] ?? refusal?.errors?.[name];
  const reasonError = error("reason");

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
            <form {...form} noValidate className="grid gap-5">
              <input type="hidden" name="username" value={username} />
              {links.length ? (
                <FormField id="report-target" label={t.target}>
                  <select
                    id="report-target"
                    name="linkId"
                    defaultValue={initialLinkId}
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
              <fieldset
                role="radiogroup"
                className="grid gap-2"
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={reasonError ? "report-reason-error" : undefined}
              >
                <legend className="mb-1 text-sm font-medium">{t.reason}</legend>
                {REPORT_REASONS.map((reason) => (
                  <label
                    key={reason}
                    className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
                  >
                    <input
                      type="radio"
                      name="reason"
                      value={reason}
                      defaultChecked={kept.reason === reason}
                      className="size-4 shrink-0 accent-[var(--primary)]"
                    />
                    {strings.moderation.reasons[reason]}
                  </label>
                ))}
                {reasonError ? (
                  <p id="report-reason-error" className="text-sm font-medium text-destructive">
                    {reasonError}
                  </p>
                ) : null}
              </fieldset>
              <FormField id="report-details" label={t.details} error={error("details")} hint={t.detailsHint(left)}>
                <Textarea
                  ref={details}
                  name="details"
                  defaultValue={kept.details}
                  onChange={(e) => setLeft(REPORT_DETAILS_MAX - e.target.value.length)}
                  {...fieldAria("report-details", error("details"), true)}
                  maxLength={REPORT_DETAILS_MAX}
                  rows={4}
                />
              </FormField>
              {failure ? (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {failure}
                </p>
              ) : null}
              {/* Without JavaScript this button posts the form to app/api/reports/route.ts (lib/client/use-server-form.ts). */}
              <NoScriptSubmit postTo="/api/reports" className={buttonVariants({ variant: "destructive", className: "w-full" })}>
                {t.submit}
              </NoScriptSubmit>
              <SubmitButton variant="destructive" busyLabel={t.sending} icon={<Flag aria-hidden="true" />} className="noscript:hidden">
                {t.submit}
              </SubmitButton>
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
