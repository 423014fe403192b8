"use client";

import type { ReactNode } from "react";
import { useController, type Control, type FieldPathByValue, type FieldValues } from "react-hook-form";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CheckboxGroup } from "@/components/ui/checkbox-group";
import type { useConfirmedRemoval } from "@/components/ui/use-confirmed-removal";
import { CopyOnce } from "./copy-once";

type Removal<R> = ReturnType<typeof useConfirmedRemoval<R>>;

/** A tool card's texts: its title (and its list's name), intro, submit button (and its form's name), empty list, and the secret's label. */
export interface ToolCardTexts {
  title: string;
  intro: ReactNode;
  submit: string;
  empty: string;
  secret: string;
}

/**
 * A creator's tool's card (API keys, webhooks): its title and intro, the
 * secret shown once, the form that makes one (its fields the children, its
 * state useCardForm's: the refusal said beside the button), the list with its
 * empty text, and the removal's confirmation.
 */
export function ToolCard<R extends { id: string }>({
  texts,
  secret,
  form,
  rows,
  row,
  removal,
  children,
}: {
  texts: ToolCardTexts;
  secret: { value: string; testId: string } | null;
  form: { onSubmit: (event: React.FormEvent) => void; preload: () => void; message: string | undefined; sending: boolean };
  rows: R[] | undefined;
  row: (item: R) => ReactNode;
  removal: Removal<R>;
  children: ReactNode;
}) {
  const { title, submit } = texts;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{title}</h2>
        </CardTitle>
        <CardDescription>{texts.intro}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {secret ? <CopyOnce label={texts.secret} {...secret} /> : null}
        <form className="grid gap-3" onSubmit={form.onSubmit} onFocus={form.preload} onPointerEnter={form.preload} aria-label={submit}>
          {children}
          {form.message ? (
            <p className="text-sm text-destructive" role="alert">
              {form.message}
            </p>
          ) : null}
          <div>
            <Button type="submit" disabled={form.sending}>
              <Plus aria-hidden="true" />
              {submit}
            </Button>
          </div>
        </form>
        {rows && rows.length === 0 ? <p className="text-sm text-muted-foreground">{texts.empty}</p> : null}
        {rows && rows.length > 0 ? (
          <ul className="divide-y rounded-md border" aria-label={title}>
            {rows.map(row)}
          </ul>
        ) : null}
        {removal.dialog}
      </CardContent>
    </Card>
  );
}

/** A row's 'Excluir', asked first (its dialog's code loads on hover or focus). */
export function RemoveButton<R>({ item, removal, label, className, children }: { item: R; removal: Removal<R>; label: string; className?: string; children: ReactNode }) {
  return (
    <Button type="button" variant="outline" size="sm" className={className} aria-label={label} onPointerEnter={removal.preload} onFocus={removal.preload} onClick={() => removal.ask(item)}>
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
  columns?: boolean;
}) {
  const { field } = useController({ control, name });
  return <CheckboxGroup {...group} selected={(field.value as V[] | undefined) ?? []} onChange={field.onChange} />;
}
