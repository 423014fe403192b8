import { PHONE_MAX_TYPED } from "./phone-input";

// The owner's phone as api.md checks it: 10 to 15 digits of any country, at
// most 20 characters as typed. Typing masks and the display format live apart
// (./phone-input.ts, ./phone-format.ts) so that each page's browser code
// carries only its own.

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
