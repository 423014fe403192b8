"use client";

import { Controller, type Control, type FieldErrors } from "react-hook-form";
import { FormField, fieldAria } from "@/components/auth/form-field";
import { Input } from "@/components/ui/input";
import { fromSaoPauloInput, toSaoPauloInput } from "@/lib/links/link-schedule";
import type { LinkFormValues, LinkInput } from "@/lib/links/link-schemas";
import { richLinksStrings } from "@/lib/strings/rich-links";

const strings = { richLinks: richLinksStrings };

const r = strings.richLinks;

/** Start and end, shown and typed as São Paulo's wall clock, kept in the form as ISO instants. */
export function ScheduleFields({ control, errors }: { control: Control<LinkFormValues, unknown, LinkInput>; errors: FieldErrors<LinkFormValues> }) {
  return (
    <fieldset className="grid gap-4 rounded-xl border p-4">
      <legend className="px-1 text-sm font-semibold">{r.scheduleTitle}</legend>
      <p id="link-schedule-hint" className="-mt-2 text-xs text-muted-foreground">
        {r.scheduleHint}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {(["startsAt", "endsAt"] as const).map((name) => {
          const id = `link-${name}`;
          const error = errors[name]?.message;
          return (
            <FormField
              key={name}
              id={id}
              label={name === "startsAt" ? r.startsAtLabel : r.endsAtLabel}
              error={error}
              className="rounded-md focus-within:bg-muted/60 focus-within:outline-2 focus-within:outline-offset-4 focus-within:outline-ring"
            >
              <Controller
                control={control}
                name={name}
                render={({ field }) => (
                  <Input
                    {...fieldAria(id, error)}
                    type="datetime-local"
                    // Chromium moves focus between the date's parts inside the field, where :focus-visible does not match.
                    className="focus:border-ring focus:ring-[3px] focus:ring-ring/40"
                    name={field.name}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    value={typeof field.value === "string" ? toSaoPauloInput(field.value) : ""}
                    onChange={(e) => {
                      const iso = fromSaoPauloInput(e.target.value);
                      field.onChange(iso === undefined ? field.value : iso);
                    }}
                  />
                )}
              />
            </FormField>
          );
        })}
      </div>
    </fieldset>
  );
}
