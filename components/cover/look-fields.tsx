"use client";

import { AlertTriangle, CheckCircle2 } from "lucide-react";
import type { ButtonLookInput, ButtonShape, ButtonStyle, FontFamily } from "@/lib/profile/button-look";
import { buttonTextContrast, pageTextContrast } from "@/lib/profile/button-look";
import { formatRatio, MIN_CONTRAST } from "@/lib/profile/contrast";
import { THEMES, type Theme } from "@/lib/profile/themes";
import { BUTTON_SHAPES, BUTTON_STYLES, FONT_FAMILIES } from "@/lib/settings/settings-limits";
import { appearanceStrings } from "@/lib/strings/appearance";
import { cn } from "@/lib/utils";
import { keepTyped } from "@/lib/client/kept-typing";

const strings = { appearance: appearanceStrings };

const a = strings.appearance;

/** The preset themes: one click sets colours, style, shape and font. */
export function ThemePicker({ current, onApply }: { current: ButtonLookInput; onApply: (theme: Theme) => void }) {
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{a.themesHint}</p>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={a.themesTitle}>
        {THEMES.map((theme) => {
          const selected =
            current.backgroundColor === theme.backgroundColor &&
            current.fontColor === theme.fontColor &&
            current.linkButtonColor === theme.linkButtonColor &&
            current.buttonStyle === theme.buttonStyle &&
            current.buttonShape === theme.buttonShape &&
            current.fontFamily === theme.fontFamily;
          return (
            <li key={theme.id}>
              <button
                type="button"
                onClick={() => onApply(theme)}
                aria-label={a.applyTheme(theme.name)}
                aria-pressed={selected}
                data-theme={theme.id}
                className={cn(
                  "flex w-full flex-col items-stretch gap-2 rounded-xl border-2 p-2 text-left transition-colors hover:border-primary/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                  selected ? "border-primary" : "border-border",
                )}
              >
                <span
                  className="flex h-14 flex-col justify-center gap-1.5 rounded-lg px-2"
                  style={{ backgroundColor: theme.backgroundColor }}
                  aria-hidden="true"
                >
                  {[0, 1].map((i) => (
                    <span
                      key={i}
                      className={cn(
                        "h-3 border-2",
                        theme.buttonShape === "pill" ? "rounded-full" : theme.buttonShape === "square" ? "rounded-sm" : "rounded-md",
                      )}
                      style={{
                        backgroundColor: theme.buttonStyle === "outline" ? "transparent" : theme.linkButtonColor,
                        borderColor: theme.buttonStyle === "outline" ? theme.linkButtonColor : theme.buttonStyle === "shadow" ? theme.fontColor : "transparent",
                      }}
                    />
                  ))}
                </span>
                <span className="text-sm font-semibold">{theme.name}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

type Choice<T extends string> = { name: string; label: string; options: readonly T[]; labels: Record<T, string>; value: string; onChange: (v: T) => void };

/** A row of radio buttons drawn as a segmented control (arrow keys move, as native radios do). */
function Segmented<T extends string>({ name, label, options, labels, value, onChange }: Choice<T>) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-semibold">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option}
            className={cn(
              "cursor-pointer rounded-lg border px-3 py-2 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
              value === option ? "border-primary bg-primary text-primary-foreground" : "hover:bg-muted",
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              ref={keepTyped(undefined)}
            />
            {labels[option]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function LookFields({
  look,
  onStyle,
  onShape,
  onFont,
}: {
  look: ButtonLookInput;
  onStyle: (v: ButtonStyle) => void;
  onShape: (v: ButtonShape) => void;
  onFont: (v: FontFamily) => void;
}) {
  return (
    <div className="grid gap-5">
      <Segmented name="buttonStyle" label={a.styleLabel} options={BUTTON_STYLES} labels={a.styles} value={look.buttonStyle ?? "filled"} onChange={onStyle} />
      <Segmented name="buttonShape" label={a.shapeLabel} options={BUTTON_SHAPES} labels={a.shapes} value={look.buttonShape ?? "rounded"} onChange={onShape} />
      <Segmented name="fontFamily" label={a.fontLabel} options={FONT_FAMILIES} labels={a.fonts} value={look.fontFamily ?? "sans"} onChange={onFont} />
    </div>
  );
}

/** The contrast of the buttons' text and the page's text, live, with a warning below 4.5:1. */
export function ContrastPanel({ look }: { look: ButtonLookInput }) {
  const rows = [
    { key: "button", label: a.contrastButton, ratio: buttonTextContrast(look) },
    { key: "page", label: a.contrastPage, ratio: pageTextContrast(look) },
  ];
  const low = rows.some((r) => r.ratio !== null && r.ratio < MIN_CONTRAST);
  return (
    <section className="grid gap-3 rounded-xl border p-4" aria-labelledby="contrast-title" data-testid="contrast-panel">
      <h3 id="contrast-title" className="text-sm font-semibold">
        {a.contrastTitle}
      </h3>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {rows.map((r) => (
          <div key={r.key} className="contents">
            <dt>{r.label}</dt>
            <dd className="flex items-center gap-1.5 font-semibold tabular-nums" data-testid={`contrast-${r.key}`}>
              {r.ratio === null ? "—" : a.contrastRatio(formatRatio(r.ratio))}
              {r.ratio !== null && r.ratio >= MIN_CONTRAST ? (
                <CheckCircle2 className="size-4 text-emerald-700 dark:text-emerald-400" aria-label={a.contrastOk} />
              ) : (
                <AlertTriangle className="size-4 text-amber-700 dark:text-amber-400" aria-hidden="true" />
              )}
            </dd>
          </div>
        ))}
      </dl>
      <p aria-live="polite" className={cn("text-sm", low ? "font-medium text-amber-800 dark:text-amber-300" : "sr-only")} data-testid="contrast-warning">
        {low ? a.contrastLow : ""}
      </p>
    </section>
  );
}
