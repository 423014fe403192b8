"use client";

import type { FieldErrors, Resolver } from "react-hook-form";
import { FormField, fieldAria } from "@/components/auth/form-field";
import type { BlockEditorProps } from "@/components/blocks/block-editors";
import { Input } from "@/components/ui/input";
import { MAX_TIP_AMOUNTS } from "@/lib/blocks/kinds/tip/tip-data";
import { linkInputSchema } from "@/lib/links/link-schemas";
import { parseReais, reaisInput } from "@/lib/selling/money";
import { sellingBlocksStrings } from "@/lib/strings/selling-blocks";
import { sellingLookStrings } from "@/lib/strings/selling-kinds";
import { ActiveSwitch, BlockFormActions, SwitchRow } from "./block-form-parts";
import { useBlockForm } from "./use-block-form";

const t = sellingBlocksStrings;

// The tip block's own form (api.md, Selling with Pix): up to three suggested
// amounts typed in reais (blank ones left out) and whether a supporter may
// type another. The API's schema checks it (lib/blocks/kinds/tip/tip-data.ts);
// its messages about the n-th amount sent go to the field it was typed in.

interface TipFormValues {
  title: string;
  amount1: string;
  amount2: string;
  amount3: string;
  allowCustom: boolean;
  active: boolean;
  /** No field of its own: where a message about the amounts as a whole (how many) goes. */
  amountsCents?: string;
}

type AmountField = "amount1" | "amount2" | "amount3";
const AMOUNTS: AmountField[] = ["amount1", "amount2", "amount3"];
const FIELDS = ["title", ...AMOUNTS, "amountsCents", "allowCustom"] as const;

/** The amount fields that were filled in, in order (the n-th amount sent is the n-th of these). */
const filled = (values: TipFormValues) => AMOUNTS.filter((field) => values[field]?.trim());

function toBody(values: TipFormValues) {
  const amountsCents = filled(values).map((field) => {
    const cents = parseReais(values[field]);
    // Not an amount: sent as typed, for the schema's own message.
    return cents === null || Number.isNaN(cents) ? values[field] : cents;
  });
  return { title: values.title, active: values.active, tip: { amountsCents, allowCustom: values.allowCustom } };
}

/** The API's schema on the form's values, each message on the field it is about (an amount's on the field it was typed in). */
function tipResolver(kind: string): Resolver<TipFormValues> {
  return async (values) => {
    const parsed = linkInputSchema.safeParse({ kind, ...toBody(values) });
    if (parsed.success) return { values, errors: {} };
    const typedIn = filled(values);
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      // The API's paths: ["tip", "amountsCents", "1"] for the second amount sent.
      const [first, field, index] = issue.path.map(String);
      const name =
        first === "title" ? "title" : field === "amountsCents" && index !== undefined ? (typedIn[Number(index)] ?? "amountsCents") : (field ?? first ?? "");
      errors[name] ??= { type: "schema", message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<TipFormValues> };
  };
}

export function TipForm({ kind, link }: BlockEditorProps) {
  const stored = link?.tip;
  const { form, drawn, replayable, editing, errors, busy } = useBlockForm<TipFormValues>({
    kind,
    link,
    initial: () => ({
      amount1: reaisInput(stored?.amountsCents[0]),
      amount2: reaisInput(stored?.amountsCents[1]),
      amount3: reaisInput(stored?.amountsCents[2]),
      allowCustom: stored?.allowCustom ?? true,
    }),
    toBody,
    resolver: tipResolver(kind),
    fields: FIELDS,
    added: sellingLookStrings.tipAdded,
  });
  const groupError = errors.amountsCents?.message;

  return (
    <form {...replayable} noValidate className="grid grid-cols-1 gap-5">
      <FormField id="tip-title" label={t.tipTitleLabel} error={errors.title?.message}>
        <Input {...drawn("title")} {...fieldAria("tip-title", errors.title?.message)} placeholder={t.tipTitlePlaceholder} maxLength={100} autoFocus />
      </FormField>
      <fieldset className="grid gap-3" aria-describedby={groupError ? "tip-amounts-error" : "tip-amounts-hint"}>
        <legend className="mb-1 text-sm font-medium">{t.amountsHint}</legend>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {AMOUNTS.slice(0, MAX_TIP_AMOUNTS).map((field, i) => (
            <FormField key={field} id={`tip-${field}`} label={t.amountLabel(i + 1)} error={errors[field]?.message}>
              <Input {...drawn(field)} {...fieldAria(`tip-${field}`, errors[field]?.message)} inputMode="decimal" placeholder={["5,00", "10,00", "20,00"][i]} />
            </FormField>
          ))}
        </div>
        {groupError ? (
          <p id="tip-amounts-error" className="text-sm font-medium text-destructive">
            {groupError}
          </p>
        ) : null}
      </fieldset>
      <SwitchRow id="tip-allow-custom" label={t.allowCustomLabel} hint={t.allowCustomHint} control={form.control} name="allowCustom" />
      <ActiveSwitch control={form.control} />
      <BlockFormActions editing={editing} busy={busy} />
    </form>
  );
}
