"use client";

import { useState } from "react";
import { AlertTriangle, Loader2 } from "lucide-react";
import { FormField, fieldAria } from "@/components/auth/form-field";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { formatDateTime } from "@/lib/admin/admin-format";
import { ApiError } from "@/lib/client/api";
import { useReplayableForm } from "@/lib/client/replayable-form";
import { APPEAL_MAX, appealInputSchema } from "@/lib/moderation/moderation-schemas";
import type { OwnerModeration } from "@/lib/moderation/moderation-types";
import { useOwnModeration, useSendAppeal } from "@/lib/moderation/use-moderation";
import { moderationStrings } from "@/lib/strings/moderation";
import { commonStrings } from "@/lib/strings/common";

const strings = { moderation: moderationStrings, common: commonStrings };

const t = strings.moderation.owner;

/** The dashboard's notice to the owner of a deactivated page: the reason, and one appeal. */
export function DeactivationNotice({ reason, initial }: { reason: string | null; initial?: OwnerModeration }) {
  const status = useOwnModeration(initial);
  const send = useSendAppeal();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const appeal = status.data?.appeal ?? null;
  const shownReason = status.data?.reason ?? reason;

  function submit() {
    const parsed = appealInputSchema.safeParse({ message });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? t.failed);
    setError(null);
    send.mutate(parsed.data.message, {
      onError: (e) => setError(e instanceof ApiError ? (e.errors.message ?? e.message) : t.failed),
    });
  }

  // Sent by its script; before React has the page, React keeps the submit (lib/client/replayable-form.ts).
  const replayable = useReplayableForm(submit);
  return (
    <section
      aria-labelledby="deactivated-title"
      className="mt-6 rounded-xl border border-destructive/40 bg-destructive/5 p-5"
      data-testid="deactivation-notice"
    >
      <h2 id="deactivated-title" className="flex items-center gap-2 text-lg font-semibold text-destructive">
        <AlertTriangle className="size-5" aria-hidden="true" />
        {t.title}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t.text}</p>
      <p className="mt-3 text-sm font-medium">{t.reason}</p>
      <p className="mt-1 rounded-lg bg-background p-3 text-sm whitespace-pre-line break-words">{shownReason ?? t.noReason}</p>
      {appeal ? (
        <p className="mt-4 text-sm" role="status">
          {send.isSuccess ? t.sent : t.sentOn(formatDateTime(appeal.createdAt))}
        </p>
      ) : status.isPending ? null : open ? (
        <form {...replayable} noValidate className="mt-4 grid gap-3">
          <FormField id="appeal-message" label={t.appealLabel} error={error ?? undefined} hint={t.appealHint(APPEAL_MAX - message.length)}>
            <Textarea
              {...fieldAria("appeal-message", error ?? undefined, true)}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              maxLength={APPEAL_MAX}
              rows={4}
              autoFocus
            />
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {send.isPending ? t.sending : t.send}
            </Button>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {strings.common.cancel}
            </Button>
          </div>
        </form>
      ) : (
        <Button className="mt-4" variant="outline" onClick={() => setOpen(true)}>
          {t.appeal}
        </Button>
      )}
    </section>
  );
}
