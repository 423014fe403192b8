"use client";

import { Fragment, useEffect, useRef, type ReactNode } from "react";
import { useController, type Control, type FieldPathByValue, type FieldValues } from "react-hook-form";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CheckboxGroup } from "@/components/ui/checkbox-group";
import type { useConfirmedRemoval } from "@/components/ui/use-confirmed-removal";
import { CopyOnce } from "./copy-once";

type Removal<R> = ReturnType<typeof useConfirmedRemoval<R>>;

/** A tool card's texts: its title (and its list's name), intro, submit button (and its form's name), and empty list. */
export interface ToolCardTexts {
  title: string;
  intro: ReactNode;
  submit: string;
  empty: string;
}

/** The secret just made, shown once beside the item it belongs to (`id`), named by `label`. */
export interface ToolSecret {
  id: string;
  label: string;
  value: string;
  testId: string;
}

/**
 * A creator's tool's card (API keys, webhooks): its title and intro, the form
 * that makes one (its fields the children, its state useCardForm's: the
 * refusal said beside the button, and focused), the list with its empty text,
 * the secret shown once inside the new item's row (`row`'s second argument),
 * and the removal's confirmation (focus back on the list's heading when the
 * row that opened it is gone).
 */
export function ToolCard<R extends { id: string }>({
  texts,
  secret,
  form,
  rows,
  row,
  removal,
  headingRef,
  children,
}: {
  texts: ToolCardTexts;
  secret: ToolSecret | null;
  form: { onSubmit: (event: React.FormEvent) => void; preload: () => void; message: string | undefined; sending: boolean; attempts: number };
  rows: R[] | undefined;
  row: (item: R, secret: ReactNode) => ReactNode;
  removal: Removal<R>;
  /** The heading focus goes to after a removal (ToolCard's own). */
  headingRef?: React.RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  const { title, submit } = texts;
  const problem = useRef<HTMLParagraphElement>(null);
  // A refusal takes the focus, each press's anew: the hand is where the message is.
  useEffect(() => {
    if (form.message) problem.current?.focus();
  }, [form.message, form.attempts]);
  const shown = secret ? <CopyOnce label={secret.label} value={secret.value} testId={secret.testId} /> : null;
  const placed = Boolean(secret && rows?.some((r) => r.id === secret.id));
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 ref={headingRef} tabIndex={-1} className="text-lg outline-none">
            {title}
          </h2>
        </CardTitle>
        <CardDescription>{texts.intro}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form className="grid gap-3" onSubmit={form.onSubmit} onFocus={form.preload} onPointerEnter={form.preload} aria-label={submit} noValidate>
          {children}
          {form.message ? (
            <p ref={problem} tabIndex={-1} className="text-sm text-destructive outline-none" role="alert">
              {form.message}
            </p>
          ) : null}
          <div>
            <Button type="submit" className="min-h-11" disabled={form.sending}>
              <Plus aria-hidden="true" />
              {submit}
            </Button>
          </div>
        </form>
        {/* Until the list has the new item, the secret waits above it. */}
        {secret && !placed ? shown : null}
        {rows && rows.length === 0 ? <p className="text-sm text-muted-foreground">{texts.empty}</p> : null}
        {rows && rows.length > 0 ? (
          <ul className="divide-y rounded-md border" aria-label={title}>
            {rows.map((r) => (
              <Fragment key={r.id}>{row(r, secret?.id === r.id ? shown : null)}</Fragment>
            ))}
          </ul>
        ) : null}
        {removal.dialog}
      </CardContent>
    </Card>
  );
}

/** A row's 'Excluir', asked first (its dialog's code loads on hover or focus). */
export function RemoveButton<R>({
  item,
  removal,
  label,
  className,
  children,
}: {
  item: R;
  removal: Removal<R>;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button
      type="button"
      variant="outline"
      className={`min-h-11 ${className ?? ""}`}
      aria-label={label}
      onPointerEnter={removal.preload}
      onFocus={removal.preload}
      onClick={() => removal.ask(item)}
    >
      <Trash2 aria-hidden="true" />
      {children}
    </Button>
  );
}

/** A form's list of checkboxes (scopes, events, pages) as one field of react-hook-form. */
export function ChecksField<I extends FieldValues, O, V extends string>({
  control,
  name,
  ...group
}: {
  control: Control<I, unknown, O>;
  name: FieldPathByValue<I, V[] | undefined>;
  legend: ReactNode;
  options: readonly V[];
  label?: (value: V) => ReactNode;
  hint?: (value: V) => ReactNode;
  columns?: boolean;
}) {
  const { field } = useController({ control, name });
  return <CheckboxGroup {...group} selected={(field.value as V[] | undefined) ?? []} onChange={field.onChange} />;
}

/** A scope's or event's line of explanation, its code after it in small type (for developers). */
export function ScopeHint({ text, code }: { text: string | undefined; code: string }) {
  return (
    <>
      {text} <code className="text-[0.6875rem]">{code}</code>
    </>
  );
}
