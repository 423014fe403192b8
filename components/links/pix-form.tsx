"use client";

import { useEffect, useState } from "react";
import { useWatch } from "react-hook-form";
import { TriangleAlert } from "lucide-react";
import { FormField, fieldAria } from "@/components/auth/form-field";
import type { BlockEditorProps } from "@/components/blocks/block-editors";
import { Input } from "@/components/ui/input";
import { blockLook } from "@/lib/blocks/looks";
import { buildPixCode } from "@/lib/pix/br-code";
import { parsePixKey } from "@/lib/pix/pix-key";
import { pixSchema } from "@/lib/pix/pix-schemas";
import { blocksStrings } from "@/lib/strings/blocks";
import { pixStrings } from "@/lib/strings/pix";
import { ActiveSwitch, BlockFormActions } from "./block-form-parts";
import { useBlockForm } from "./use-block-form";

const strings = { blocks: blocksStrings, pix: pixStrings };
const b = strings.blocks;

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
    title: values.title,
    active: values.active,
    pix: { key: values.key, name: values.name, city: values.city, amount: Number.isNaN(amount) ? "x" : amount, message: values.message || null },
  };
}

export function PixForm({ kind, link }: BlockEditorProps) {
  const { form, drawn, replayable, editing, errors, busy } = useBlockForm<PixFormValues>({
    kind,
    link,
    initial: () => ({
      key: link?.pix?.key ?? "",
      name: link?.pix?.name ?? "",
      city: link?.pix?.city ?? "",
      amount: showAmount(link?.pix?.amount),
      message: link?.pix?.message ?? "",
    }),
    toBody,
    fields: FIELDS,
    added: b.pixAdded,
  });
  const { control } = form;
  const watched = useWatch({ control });
  const key = parsePixKey(watched.key ?? "");
  const personal = key !== null && key.type !== "random";

  const field = (name: Field, label: string, props: React.ComponentProps<typeof Input> = {}, hint?: string) => (
    <FormField id={`pix-${name}`} label={label} error={errors[name]?.message} hint={hint}>
      <Input {...drawn(name)} {...fieldAria(`pix-${name}`, errors[name]?.message, Boolean(hint))} {...props} />
    </FormField>
  );

  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-[1fr_15rem]">
      <form {...replayable} noValidate className="grid grid-cols-1 gap-5">
        {field("title", b.pixTitleLabel, { placeholder: b.pixTitlePlaceholder, autoFocus: true, maxLength: 100 })}
        {field("key", b.keyLabel, { placeholder: b.keyPlaceholder, autoCapitalize: "none", spellCheck: false, autoComplete: "off" }, b.keyHint)}
        {personal ? (
          <p
            role="note"
            className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {strings.pix.personalKeyWarning}
          </p>
        ) : null}
        {field("name", b.nameLabel, { maxLength: 25, autoComplete: "name" })}
        {field("city", b.cityLabel, { maxLength: 15 })}
        {field("amount", b.amountLabel, { inputMode: "decimal", placeholder: b.amountPlaceholder }, b.amountHint)}
        {field("message", b.messageLabel, { maxLength: 40 })}
        <ActiveSwitch control={control} />
        <BlockFormActions editing={editing} busy={busy} />
      </form>
      <PixPreview values={watched as PixFormValues} kind={kind} />
    </div>
  );
}

/** What the page will show once opened: the code and its QR code (drawn here by the same library, loaded only on this screen). */
function PixPreview({ values, kind }: { values: PixFormValues; kind: string }) {
  const Icon = blockLook(kind)?.rowIcon;
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
        {Icon ? <Icon /> : null}
        <span className="truncate">{values.title?.trim() || b.pixTitlePlaceholder}</span>
      </p>
      {code ? (
        <>
          {qr ? (
            <img src={qr} alt={b.pixQrAlt} width={176} height={176} className="mx-auto mt-3 rounded-md bg-white" />
          ) : (
            <div className="mx-auto mt-3 size-44" />
          )}
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
