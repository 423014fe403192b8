// Phone rules of product-spec.md §3 and §5 and api.md.

const PHONE_MAX_TYPED = 20;

export function phoneDigits(value: string): string {
  return value.replace(/\D/g, "");
}

/** 10 to 15 digits once everything but digits is removed. */
export function isValidPhone(value: string): boolean {
  const n = phoneDigits(value).length;
  return n >= 10 && n <= 15;
}

/** Only digits, spaces, parentheses, hyphen and plus, at most 20 characters as typed. */
export function hasPhoneCharacters(value: string): boolean {
  return /^[\d\s()+-]*$/.test(value) && value.length <= PHONE_MAX_TYPED;
}

/** The registration mask: digits only, shown as (DD) DDDDD-DDDD, at most 15 characters. */
export function maskPhoneInput(value: string): string {
  const d = phoneDigits(value).slice(0, 11);
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

/** The display helper: 13 digits → +CC (AA) NNNNN-NNNN; 11 → (AA) NNNNN-NNNN; else as stored. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return "";
  const d = phoneDigits(value);
  if (d.length === 13) return `+${d.slice(0, 2)} (${d.slice(2, 4)}) ${d.slice(4, 9)}-${d.slice(9)}`;
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
  return value;
}
