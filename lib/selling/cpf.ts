// A CPF's check digits (Receita Federal's published algorithm): of the nine
// base digits, the first check digit is the sum of each digit times 10 down
// to 2, times 10, modulo 11 (10 counts as 0); the second the same over the ten
// digits with weights 11 down to 2. Eleven equal digits pass the sums and are
// invalid. Client-safe: the checkout form and the handler share it.

/** The eleven digits of a CPF typed with or without its dots and dash, or null. */
export function cpfDigits(typed: string): string | null {
  const trimmed = typed.trim();
  if (!/^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/.test(trimmed)) return null;
  return trimmed.replace(/\D/g, "");
}

function checkDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (digits.length + 1 - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** True when `typed` is a CPF whose check digits are right. */
export function isValidCpf(typed: string): boolean {
  const digits = cpfDigits(typed);
  if (!digits || /^(\d)\1{10}$/.test(digits)) return false;
  return checkDigit(digits.slice(0, 9)) === Number(digits[9]) && checkDigit(digits.slice(0, 10)) === Number(digits[10]);
}

/** A CPF as the creator sees it: only the middle digits (`***.456.789-**`). */
export function maskCpf(digits: string): string {
  return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`;
}
