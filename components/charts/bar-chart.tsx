import type { ReactNode, SVGProps } from "react";

// Daily bars as plain SVG: the one chart of the admin panel, the dashboard and
// the statistics screen. Each screen also gives every number in words or in a
// table: the drawing is hidden from screen readers unless the screen names it
// (`role="img"`, its description among the children). Text takes the font size
// of the chart's class.

export interface BarSeries {
  label: string;
  values: number[];
  /** A text colour class (text-primary): its bars and legend swatch take it (default: the chart's colour). */
  className?: string;
  /** Each bar's tooltip. */
  titles?: string[];
}

interface BarChartProps extends SVGProps<SVGSVGElement> {
  series: BarSeries[];
  /** The drawing's units: its size and the room around the bars. */
  box: { width: number; height: number; top: number; right: number; bottom: number; left: number };
  /** Each series after the first narrower, inside the one before (default: side by side). */
  inset?: boolean;
  /** Units between bars, and between days. */
  gap?: number;
  rounded?: boolean;
  /** The top of the scale (default: the largest value, at least 1). */
  top?: number;
  /** Each day's label under its bars, or "" for none: the first day's starts at its bar, the last day's ends at it. */
  labels?: string[];
  legend?: boolean;
  /** Drawn before the bars (grid lines, a description). */
  children?: ReactNode;
}

export function BarChart({ series, box, inset, gap = 1, rounded = true, top, labels = [], legend, children, ...svg }: BarChartProps) {
  const { width: W, height: H } = box;
  const scale = top ?? Math.max(1, ...series.flatMap((s) => s.values));
  const base = H - box.bottom;
  const days = series[0]?.values.length || 1;
  const slot = (W - box.left - box.right) / days;
  const n = series.length;
  return (
    <>
      {legend ? (
        <div className="flex items-center gap-4 text-xs text-muted-foreground" aria-hidden="true">
          {series.map((s) => (
            <span key={s.label} className="flex items-center gap-1.5">
              <span className={`size-2.5 rounded-sm bg-current ${s.className ?? ""}`} />
              {s.label}
            </span>
          ))}
        </div>
      ) : null}
      <svg viewBox={`0 0 ${W} ${H}`} aria-hidden={!svg.role || undefined} {...svg}>
        {children}
        <line x1={box.left} x2={W - box.right} y1={base} y2={base} className="stroke-border" />
        {series.map((s, k) =>
          s.values.map((v, i) => {
            // Side by side: n equal bars a gap apart; inset: each half as wide as the one before, centred on it.
            const w = inset ? (slot - gap) / (1 + k) : (slot - n * gap) / n;
            const h = Math.max((v / scale) * (base - box.top), v > 0 ? 1.5 : 0);
            return (
              <rect
                key={i}
                x={box.left + i * slot + gap / 2 + (inset ? (slot - gap - w) / 2 : k * (w + gap))}
                y={base - h}
                width={w}
                height={h}
                rx={rounded ? 1.5 : undefined}
                fill="currentColor"
                className={s.className}
              >
                {s.titles ? <title>{s.titles[i]}</title> : null}
              </rect>
            );
          }),
        )}
        {labels.map((label, i) =>
          label ? (
            <text
              key={i}
              x={box.left + (i + 0.5) * slot}
              y={H - 6}
              textAnchor={i ? (i < days - 1 ? "middle" : "end") : "start"}
              className="fill-muted-foreground"
              aria-hidden="true"
            >
              {label}
            </text>
          ) : null,
        )}
      </svg>
    </>
  );
}
