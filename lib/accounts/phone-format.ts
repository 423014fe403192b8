// The phone as the dashboard shows it (product-spec.md, Helpers), in its
// browser code: string work only, as the page's JavaScript is on a budget.

/** 13 digits → +CC (AA) NNNNN-NNNN; 11 → (AA) NNNNN-NNNN; else as stored. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return "";
  const d = value.replace(/\D/g, "");
  if (d.length === 13) return `+${d.slice(0, 2)} (${d.slice(2, 4)}) ${d.slice(4, 9)}-${d.slice(9)}`;
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
  return value;
}
