// The phone as people type it (product-spec.md §3 and §5), in the browser of
// the register and settings pages: string work only, as these pages' first
// JavaScript is on a budget (Brazil's numbering plan is libphonenumber-js's,
// on the server: lib/audience/whatsapp.ts).

/** At most 20 characters as typed (api.md). */
export const PHONE_MAX_TYPED = 20;

/** The registration mask: digits only, shown as (DD) DDDDD-DDDD, at most 15 characters. */
export function maskPhoneInput(value: string): string {
  const d = value.replace(/\D/g, "").slice(0, 11);
  if (d.length === 0) return "";
  if (d.length <= 2) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  if (d.length <= 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
}

/** Settings: keep digits, spaces, parentheses, hyphen and plus. */
export function sanitizePhoneInput(value: string): string {
  return value.replace(/[^\d\s()+-]/g, "").slice(0, PHONE_MAX_TYPED);
}
