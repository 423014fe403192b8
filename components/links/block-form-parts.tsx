import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import { OwnerLink } from "@/components/pages/owner-link";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { linkInputSchema } from "@/lib/links/link-schemas";
import { linksStrings } from "@/lib/strings/links";

const t = linksStrings;

// What every block kind's editor shares (components/blocks/block-editors.tsx).

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

/**
 * A form resolver that checks the form's values as the API's own schema does
 * (`toBody` makes the POST body), putting each message on the form field its
 * path ends with (pix.key → key), the first one per field.
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
