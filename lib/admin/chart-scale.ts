// The chart's vertical scale: a round top value whose half is a whole number,
// so the three grid lines (0, half, top) read well.

const STEPS = [1, 2, 3, 4, 5, 6, 8, 10];

export function niceMax(max: number): number {
  if (!(max > 0)) return 2;
  if (max <= 10) return Math.max(2, Math.ceil(max / 2) * 2);
  const power = 10 ** Math.floor(Math.log10(max));
  const step = STEPS.find((s) => s * power >= max) ?? 10;
  return step * power;
}

/** 0, half and top. */
export function gridValues(top: number): number[] {
  return [0, top / 2, top];
}
