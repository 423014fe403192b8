"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { DEACTIVATION_REASON_MAX } from "@/lib/moderation/moderation-schemas";
import { moderationStrings } from "@/lib/strings/moderation";
import { commonStrings } from "@/lib/strings/common";

const strings = { moderation: moderationStrings, common: commonStrings };

const t = strings.moderation.admin;

/** Deactivate a page with a reason the owner will read (dashboard and e-mail). */
export function DeactivateDialog({
  username,
  title,
  description,
  busy,
  onConfirm,
  onClose,
}: {
  username: string | null;
  /** The 'Páginas' tab keeps its own wording; 'Denúncias' uses the default. */
  title?: string;
  description?: string;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState("");
  // A new page to deactivate starts with an empty reason (set while rendering, React's way for a changed prop).
  const [reasonFor, setReasonFor] = useState(username);
  if (reasonFor !== username) {
    setReasonFor(username);
    setReason("");
  }
  return (
    <Dialog open={username !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <form
          method="post"
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            onConfirm(reason.trim());
          }}
        >
          <DialogHeader>
            <DialogTitle>{title ?? (username ? t.deactivateTitle(username) : "")}</DialogTitle>
            <DialogDescription>{description ?? t.deactivateText}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="deactivate-reason">{t.reasonLabel}</Label>
            <Textarea
              id="deactivate-reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={DEACTIVATION_REASON_MAX}
              placeholder={t.reasonPlaceholder}
              aria-describedby="deactivate-reason-hint"
              rows={3}
            />
            <p id="deactivate-reason-hint" className="text-xs text-muted-foreground">
              {t.reasonHint(DEACTIVATION_REASON_MAX - reason.length)}
            </p>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              {strings.common.cancel}
            </Button>
            <Button type="submit" variant="destructive" disabled={busy} aria-busy={busy}>
              {busy ? <Spinner size="sm" /> : null}
              {t.deactivate}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
