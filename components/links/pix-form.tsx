"use client";

import { useOwnerRouter } from "@/components/pages/owner-link";
import { useEffect, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { drawnRegister } from "@/lib/client/drawn-register";
import { useQueryClient } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { FormField, fieldAria } from "@/components/auth/form-field";
import { BrandIcon } from "@/components/profile/brand-icon";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { ApiError, api } from "@/lib/client/api";
import { useReplayableForm } from "@/lib/client/replayable-form";
import { queryKeys } from "@/lib/client/query-client";
import type { LinkDto } from "@/lib/links/link-dto";
import { buildPixCode } from "@/lib/pix/br-code";
import { parsePixKey } from "@/lib/pix/pix-key";
import { pixSchema } from "@/lib/pix/pix-schemas";
import { blocksStrings } from "@/lib/strings/blocks";
import { linksStrings } from "@/lib/strings/links";
import { pixStrings } from "@/lib/strings/pix";
import { ActiveSwitch } from "./active-switch";
import { BlockFormActions, apiSchemaResolver } from "./block-form-parts";

const strings = { blocks: blocksStrings, links: linksStrings, pix: pixStrings };
const b = strings.blocks;
const t = strings.links;

// The Pix block's own form (api.md, Creator blocks): the API's schema checks
// it (lib/links/link-schemas.ts), the preview shows the code and QR code the
// page will show, and a personal key gets the LGPD warning.

interface PixFormValues {
  title: string;
  key: string;
  name: string;
  city: string;
  /** As typed, Brazilian style: "1.234,50" or "10". */
  amount: string;
  message: string;
  active: boolean;
}

type Field = Exclude<keyof PixFormValues, "active">;
const FIELDS: Field[] = ["title", "key", "name", "city", "amount", "message"];

/** "1.234,56" → 1234.56; "" → null; anything else NaN (the schema then says why). */
export function parseAmount(typed: string): number | null {
  const text = typed.trim().replace(/^R\$\s*/i, "");
  if (!text) return null;
  if (!/^\d{1,3}(\.\d{3})*(,\d+)?$|^\d+(,\d+)?$|^\d+\.\d{1,2}$/.test(text)) return Number.NaN;
  return /,/.test(text) || /^\d{1,3}(\.\d{3})+$/.test(text) ? Number(text.replace(/\./g, "").replace(",", ".")) : Number(text);
}

/** 12.5 → "12,50" (how the field shows a stored amount). */
const showAmount = (amount: number | null | undefined) => (amount == null ? "" : amount.toFixed(2).replace(".", ","));

function toBody(values: PixFormValues) {
  const amount = parseAmount(values.amount);
  return {
    kind: "pix" as const,
    title: values.title,
    active: values.active,
    pix: { key: values.key, name: values.name, city: values.city, amount: Number.isNaN(amount) ? "x" : amount, message: values.message || null },
  };
}

/** The API's own schema, with its pix.<field> errors put on the form's fields. */
const resolver = apiSchemaResolver<PixFormValues>(toBody, FIELDS);

export function PixForm({ link }: { link?: LinkDto }) {
  const router = useOwnerRouter();
  const qc = useQueryClient();
  const editing = Boolean(link);
  const [drawnValues] = useState<PixFormValues>(() => ({
    title: link?.title ?? "",
    key: link?.pix?.key ?? "",
    name: link?.pix?.name ?? "",
    city: link?.pix?.city ?? "",
    amount: showAmount(link?.pix?.amount),
    message: link?.pix?.message ?? "",
    active: link?.active ?? true,
  }));
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PixFormValues>({
    resolver,
    defaultValues: drawnValues,
  });
  // The fields' values in the page the server draws, not only once React has it.
  const drawn = drawnRegister(register, drawnValues);
  const watched = useWatch({ control });
  const key = parsePixKey(watched.key ?? "");
  const personal = key !== null && key.type !== "random";

  const onSubmit = handleSubmit(async (values) => {
    const body = toBody(values);
    try {
      if (link) await api(`/api/links/${link.id}`, { method: "PUT", body: { title: body.title, active: body.active, pix: body.pix } });
      else await api("/api/links", { body });
      await qc.invalidateQueries({ queryKey: queryKeys.links });
      toast({ title: editing ? t.updated : b.pixAdded });
      router.push("/dashboard");
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [path, message] of Object.entries(error.errors)) {
          const field = path.replace(/^pix\./, "");
          if ((FIELDS as string[]).includes(field)) setError(field as Field, { type: "server", message });
        }
      }
      toast({ variant: "destructive", title: t.errorTitle, description: editing ? t.updateFailed : t.addFailed });
    }
  });

  const field = (name: Field, label: string, props: React.ComponentProps<typeof Input> = {}, hint?: string) => (
    <FormField id={`pix-${name}`} label={label} error={errors[name]?.message} hint={hint}>
      <Input {...drawn(name)} {...fieldAria(`pix-${name}`, errors[name]?.message, Boolean(hint))} {...props} />
    </FormField>
  );

  // Sent by its script; before React has the page, React keeps the submit (lib/client/replayable-form.ts).
  const replayable = useReplayableForm(() => onSubmit());
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-[1fr_15rem]">
      <form {...replayable} noValidate className="grid grid-cols-1 gap-5">
        {field("title", b.pixTitleLabel, { placeholder: b.pixTitlePlaceholder, autoFocus: true, maxLength: 100 })}
        {field("key", b.keyLabel, { placeholder: b.keyPlaceholder, autoCapitalize: "none", spellCheck: false, autoComplete: "off" }, b.keyHint)}
        {personal ? (
          <p role="note" className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {strings.pix.personalKeyWarning}
          </p>
        ) : null}
        {field("name", b.nameLabel, { maxLength: 25, autoComplete: "name" })}
        {field("city", b.cityLabel, { maxLength: 15 })}
        {field("amount", b.amountLabel, { inputMode: "decimal", placeholder: b.amountPlaceholder }, b.amountHint)}
        {field("message", b.messageLabel, { maxLength: 40 })}
        <ActiveSwitch control={control} />
        <BlockFormActions editing={editing} busy={isSubmitting} />
      </form>
      <PixPreview values={watched as PixFormValues} />
    </div>
  );
}

/** What the page will show once opened: the code and its QR code (drawn here by the same library, loaded only on this screen). */
function PixPreview({ values }: { values: PixFormValues }) {
  const parsed = pixSchema.safeParse({
    key: values.key ?? "",
    name: values.name ?? "",
    city: values.city ?? "",
    amount: parseAmount(values.amount ?? ""),
    message: values.message || null,
  });
  const code = parsed.success ? buildPixCode(parsed.data) : null;
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    if (!code) return;
    void import("qrcode").then((QRCode) =>
      QRCode.toString(code, { type: "svg", margin: 2, errorCorrectionLevel: "M" }).then((svg) => {
        if (live) setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      }),
    );
    return () => {
      live = false;
    };
  }, [code]);
  return (
    <section aria-labelledby="pix-preview-title" className="rounded-xl border bg-muted/30 p-4 text-center" data-testid="pix-preview">
      <h2 id="pix-preview-title" className="text-sm font-semibold">
        {b.previewTitle}
      </h2>
      <p className="mt-3 flex items-center justify-center gap-2 rounded-xl border bg-background px-3 py-3 font-semibold">
        <BrandIcon kind="pix" />
        <span className="truncate">{values.title?.trim() || b.pixTitlePlaceholder}</span>
      </p>
      {code ? (
        <>
          {qr ? <img src={qr} alt={b.pixQrAlt} width={176} height={176} className="mx-auto mt-3 rounded-md bg-white" /> : <div className="mx-auto mt-3 size-44" />}
          <p className="mt-2 text-xs font-semibold">{b.pixCodeLabel}</p>
          <p className="mt-1 font-mono text-[11px] break-all text-muted-foreground" data-testid="pix-preview-code">
            {code}
          </p>
        </>
      ) : (
        <p className="mt-3 text-sm text-muted-foreground">{b.previewInvalid}</p>
      )}
    </section>
  );
}
