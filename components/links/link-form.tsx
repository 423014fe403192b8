"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { Loader2 } from "lucide-react";
import { FormField, fieldAria } from "@/components/auth/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/use-toast";
import { api, applyFieldErrors } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-client";
import type { LinkDto } from "@/lib/links/link-dto";
import { linkInputSchema, type LinkFormValues, type LinkInput } from "@/lib/links/link-schemas";
import { strings } from "@/lib/strings";

const t = strings.links;

/** Add (no `link`) or edit a link; both go back to the dashboard when saved. */
export function LinkForm({ link }: { link?: LinkDto }) {
  const router = useRouter();
  const qc = useQueryClient();
  const editing = Boolean(link);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LinkFormValues, unknown, LinkInput>({
    resolver: zodResolver(linkInputSchema),
    defaultValues: { title: link?.title ?? "", url: link?.url ?? "", active: link?.active ?? true },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (link) await api(`/api/links/${link.id}`, { method: "PUT", body: values });
      else await api("/api/links", { body: values });
      await qc.invalidateQueries({ queryKey: queryKeys.links });
      toast({ title: editing ? t.updated : t.added });
      router.push("/dashboard");
    } catch (error) {
      applyFieldErrors(error, setError, ["title", "url"] as const);
      toast({ variant: "destructive", title: t.errorTitle, description: editing ? t.updateFailed : t.addFailed });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-5">
      <FormField id="link-title" label={t.titleLabel} error={errors.title?.message}>
        <Input {...register("title")} {...fieldAria("link-title", errors.title?.message)} placeholder={t.titlePlaceholder} autoFocus />
      </FormField>
      <FormField id="link-url" label={t.urlLabel} error={errors.url?.message}>
        <Input
          {...register("url")}
          {...fieldAria("link-url", errors.url?.message)}
          type="url"
          inputMode="url"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t.urlPlaceholder}
        />
      </FormField>
      <div className="flex items-center justify-between gap-4 rounded-xl border p-4">
        <div>
          <Label htmlFor="link-active">{t.activeLabel}</Label>
          <p id="link-active-hint" className="mt-1 text-sm text-muted-foreground">
            {t.activeHint}
          </p>
        </div>
        <Controller
          control={control}
          name="active"
          render={({ field }) => (
            <Switch id="link-active" checked={field.value ?? true} onCheckedChange={field.onChange} aria-describedby="link-active-hint" />
          )}
        />
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link href="/dashboard">{t.cancel}</Link>
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {editing ? (isSubmitting ? t.submittingEdit : t.submitEdit) : isSubmitting ? t.submittingAdd : t.submitAdd}
        </Button>
      </div>
    </form>
  );
}
