"use client";

import { useId, useState } from "react";
import { Check } from "lucide-react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { normalizeHexColor } from "@/lib/profile/appearance";
import { coverStrings } from "@/lib/strings/cover";
import { cn } from "@/lib/utils";
import { keepTyped } from "@/lib/client/kept-typing";

const strings = { cover: coverStrings };

const t = strings.cover;

/** Swatches, a native colour picker and a hex box, all editing one colour. */
export function ColorField({
  label,
  value,
  swatches,
  onChange,
}: {
  label: string;
  value: string;
  swatches: readonly string[];
  onChange: (hex: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const [invalid, setInvalid] = useState(false);
  // A new value from outside replaces what is typed (set while rendering, React's way for a changed prop).
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
    setInvalid(false);
  }

  return (
    <fieldset className="grid gap-4">
      <legend className="mb-3 text-sm font-semibold">{label}</legend>
      <div className="flex flex-wrap gap-2" role="group" aria-label={label}>
        {swatches.map((hex) => {
          const selected = value.toLowerCase() === hex;
          return (
            <button
              key={hex}
              type="button"
              onClick={() => onChange(hex)}
              aria-pressed={selected}
              aria-label={t.swatch(t.swatchNames[hex] ?? hex)}
              title={hex}
              className={cn(
                "flex size-9 items-center justify-center rounded-full border-2 border-border shadow-xs transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                selected && "ring-2 ring-primary ring-offset-2",
              )}
              style={{ backgroundColor: hex }}
            >
              {selected ? <Check className="size-4" style={{ color: hex === "#ffffff" || hex === "#eab308" ? "#000" : "#fff" }} aria-hidden="true" /> : null}
            </button>
          );
        })}
      </div>
      <div className="flex items-end gap-3">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-picker`}>{t.picker}</Label>
          <input
            id={`${id}-picker`}
            type="color"
            value={normalizeHexColor(value) ?? "#000000"}
            onChange={(e) => onChange(e.target.value.toLowerCase())}
            ref={keepTyped(undefined)}
            className="h-10 w-14 cursor-pointer rounded-md border border-input bg-background p-1"
          />
        </div>
        <div className="grid flex-1 gap-2">
          <Label htmlFor={`${id}-hex`}>{t.hex}</Label>
          <Input
            id={`${id}-hex`}
            value={text}
            maxLength={7}
            spellCheck={false}
            autoCapitalize="none"
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-hex-error` : undefined}
            onChange={(e) => {
              const next = e.target.value.trim();
              setText(next);
              const hex = normalizeHexColor(next);
              setInvalid(!hex && next.length >= 6);
              if (hex) onChange(hex);
            }}
            onBlur={() => {
              const hex = normalizeHexColor(text);
              setInvalid(!hex);
              if (hex) setText(hex);
            }}
            className="font-mono"
          />
        </div>
      </div>
      {invalid ? (
        <p id={`${id}-hex-error`} className="text-sm font-medium text-destructive">
          {t.hexInvalid}
        </p>
      ) : null}
    </fieldset>
  );
}
