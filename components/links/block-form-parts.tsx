import { Controller, type Control, type FieldValues, type Path, type FieldErrors, type Resolver } from "react-hook-form";
import { OwnerLink } from "@/components/pages/owner-link";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { SubmitButton } from "@/components/ui/submit-button";
import { Switch } from "@/components/ui/switch";
import { linkInputSchema } from "@/lib/links/link-schemas";
import { linksStrings } from "@/lib/strings/links";
import { seoStrings } from "@/lib/strings/seo";

const t = linksStrings;

// What every block kind's editor shares (components/blocks/block-editors.tsx;
// its submit and errors: use-block-form.ts).

/** 'Cancelar' back to the dashboard and the add / save button. */
export function BlockFormActions({ editing, busy }: { editing: boolean; busy: boolean }) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Button asChild variant="outline">
        <OwnerLink href="/dashboard">{t.cancel}</OwnerLink>
      </Button>
      <SubmitButton busy={busy} busyLabel={editing ? t.submittingEdit : t.submittingAdd}>
        {editing ? t.submitEdit : t.submitAdd}
      </SubmitButton>
    </div>
  );
}

/** A labelled switch with its hint, in a bordered row. `fallback`: shown while the value is unset. */
export function SwitchRow<T extends FieldValues, O = T>({
  id,
  label,
  hint,
  control,
  name,
  fallback = false,
}: {
  id: string;
  label: string;
  hint: string;
  control: Control<T, unknown, O>;
  name: Path<T>;
  fallback?: boolean;
}) {
  return (
    <div className="flex items-center justify-between gap-4 rounded-xl border p-4">
      <div>
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
      <Controller
        control={control}
        name={name}
        render={({ field }) => <Switch id={id} checked={Boolean(field.value ?? fallback)} onCheckedChange={field.onChange} aria-describedby={`${id}-hint`} />}
      />
    </div>
  );
}

/** The blocks' 'Ativo' switch (show on the public page). */
export function ActiveSwitch<T extends FieldValues & { active?: boolean }, O = T>({
  control,
  id = "block-active",
}: {
  control: Control<T, unknown, O>;
  id?: string;
}) {
  return <SwitchRow<T, O> id={id} label={t.activeLabel} hint={t.activeHint} control={control} name={"active" as Path<T>} fallback />;
}

/** 'Conteúdo sensível': the block's short link warns before sending the visitor on. `field`: the form's registered checkbox. */
export function SensitiveCheckbox({ id, field }: { id: string; field: object }) {
  return (
    <div className="flex items-start gap-3 rounded-xl border p-4">
      <Checkbox id={id} {...field} aria-describedby={`${id}-hint`} className="mt-0.5" />
      <div>
        <Label htmlFor={id}>{seoStrings.linkSensitive}</Label>
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted-foreground">
          {seoStrings.linkSensitiveHint}
        </p>
      </div>
    </div>
  );
}

/**
 * A form resolver that checks the form's values as the API's own schema does
 * (`toBody` makes the POST body, its kind included), putting each message on
 * the form field its path ends with (pix.key → key), the first one per field.
 */
export function apiSchemaResolver<Values extends FieldValues>(toBody: (values: Values) => unknown, fields: readonly string[]): Resolver<Values> {
  return async (values) => {
    const parsed = linkInputSchema.safeParse(toBody(values));
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[issue.path.length - 1] ?? "");
      if (fields.includes(field) && !errors[field]) errors[field] = { type: "schema", message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<Values> };
  };
}
