/** Clicks / views × 100, rounded to one decimal; 0 without views (product-spec.md §7). */
export function clickRate(clicks: number, views: number): number {
  if (!views) return 0;
  return Math.round((clicks / views) * 1000) / 10;
}

/** '12,5' — one decimal, Brazilian format. */
export function formatRate(rate: number): string {
  return rate.toLocaleString("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}
