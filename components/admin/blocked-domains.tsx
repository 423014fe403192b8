"use client";

import { useState } from "react";
import { Ban } from "lucide-react";
import { FormField, fieldAria } from "@/components/auth/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { formatDateTime } from "@/lib/admin/admin-format";
import { ApiError } from "@/lib/client/api";
import { useReplayableForm } from "@/lib/client/replayable-form";
import { blockedDomainInputSchema } from "@/lib/moderation/moderation-schemas";
import { useBlockDomain, useBlockedDomains, useUnblockDomain } from "@/lib/moderation/use-moderation";
import { moderationStrings } from "@/lib/strings/moderation";
import { commonStrings } from "@/lib/strings/common";
import { DomainRows } from "./domain-rows";

const strings = { moderation: moderationStrings, common: commonStrings };

const t = strings.moderation.domains;

/** The blocked-domain list: add one (it and its subdomains), remove one. */
export function BlockedDomains() {
  const list = useBlockedDomains();
  const add = useBlockDomain();
  const remove = useUnblockDomain();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);

  function submit() {
    const parsed = blockedDomainInputSchema.safeParse({ domain: value });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? t.failed);
    setError(null);
    add.mutate(parsed.data.domain, {
      onSuccess: (row) => {
        setValue("");
        toast({ description: t.added(row.domain) });
      },
      onError: (e) => setError(e instanceof ApiError ? (e.errors.domain ?? e.message) : t.failed),
    });
  }

  // Sent by its script; before React has the page, React keeps the submit (lib/client/replayable-form.ts).
  const replayable = useReplayableForm(submit);
  return (
    <section aria-labelledby="blocked-domains-title" className="space-y-3 pt-4">
      <div>
        <h2 id="blocked-domains-title" className="text-lg font-semibold">
          {t.title}
        </h2>
        <p className="text-sm text-muted-foreground">{t.description}</p>
      </div>
      <form {...replayable} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <FormField id="blocked-domain" label={t.label} error={error ?? undefined} className="flex-1 sm:max-w-sm">
          <Input
            {...fieldAria("blocked-domain", error ?? undefined)}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            placeholder={t.placeholder}
            autoComplete="off"
            maxLength={253}
          />
        </FormField>
        <Button type="submit" disabled={add.isPending} className="sm:mt-[1.375rem]">
          <Ban aria-hidden="true" />
          {t.add}
        </Button>
      </form>
      {list.data && list.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.empty}</p>
      ) : (
        <DomainRows
          testId="blocked-domains"
          rows={(list.data ?? []).map((row) => ({ key: row.domain, domain: row.domain, detail: t.since(formatDateTime(row.createdAt)) }))}
          removeText={t.remove}
          removeLabel={t.removeFor}
          disabled={remove.isPending}
          onRemove={(domain) =>
            remove.mutate(domain, {
              onSuccess: () => toast({ description: t.removed(domain) }),
              onError: (e) => toast({ variant: "destructive", title: strings.common.error, description: e instanceof ApiError ? e.message : t.failed }),
            })
          }
        />
      )}
    </section>
  );
}
