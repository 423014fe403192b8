"use client";

import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { linksStrings } from "@/lib/strings/links";

const t = linksStrings;

/** The blocks' 'Ativo' switch (show on the public page), as the link form has it. */
export function ActiveSwitch<T extends FieldValues & { active: boolean }>({ control }: { control: Control<T> }) {
  return (
    <div className="flex items-center justify-between gap-4 rounded-xl border p-4">
      <div>
        <Label htmlFor="block-active">{t.activeLabel}</Label>
        <p id="block-active-hint" className="mt-1 text-sm text-muted-foreground">
          {t.activeHint}
        </p>
      </div>
      <Controller
        control={control}
        name={"active" as Path<T>}
        render={({ field }) => (
          <Switch id="block-active" checked={Boolean(field.value)} onCheckedChange={field.onChange} aria-describedby="block-active-hint" />
        )}
      />
    </div>
  );
}
