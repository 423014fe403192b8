// Pix keys (DICT types): CPF, CNPJ, e-mail, phone (+55) and random key (UUID).
// Pure: shared by the editor form and the API.

type PixKeyType = "cpf" | "cnpj" | "email" | "phone" | "random";
type PixKey = { type: PixKeyType; value: string };

function checkDigit(digits: string, weights: number[]): number {
  const sum = weights.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCpf(d: string): boolean {
  if (!/^\d{11}$/.test(d) || /^(\d)\1{10}$/.test(d)) return false;
  const first = checkDigit(d, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(d, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(d[9]) && second === Number(d[10]);
}

export function isValidCnpj(d: string): boolean {
  if (!/^\d{14}$/.test(d) || /^(\d)\1{13}$/.test(d)) return false;
  const first = checkDigit(d, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(d, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(d[12]) && second === Number(d[13]);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// DICT limits an e-mail key to 77 characters.
const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/;

/** The key's type and normalised value, or null when it is no valid Pix key. */
export function parsePixKey(input: string): PixKey | null {
  const raw = input.trim();
  if (!raw) return null;
  const lower = raw.toLowerCase();
  if (UUID.test(lower)) return { type: "random", value: lower };
  if (raw.includes("@")) return lower.length <= 77 && EMAIL.test(lower) ? { type: "email", value: lower } : null;
  if (raw.startsWith("+")) {
    const digits = raw.slice(1).replace(/[\s().-]/g, "");
    return /^55\d{10,11}$/.test(digits) ? { type: "phone", value: `+${digits}` } : null;
  }
  if (!/^[\d\s./-]+$/.test(raw)) return null;
  const digits = raw.replace(/\D/g, "");
  if (digits.length === 11 && isValidCpf(digits)) return { type: "cpf", value: digits };
  if (digits.length === 14 && isValidCnpj(digits)) return { type: "cnpj", value: digits };
  return null;
}

/** CPF, phone and e-mail keys identify a person: the editor warns they become public. */
export function isPersonalPixKey(type: PixKeyType): boolean {
  return type === "cpf" || type === "phone" || type === "email";
}
