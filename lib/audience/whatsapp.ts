import { hasPhoneCharacters } from "@/lib/accounts/phone";

// A Brazilian WhatsApp number as typed ("(11) 98765-4321", "+55 11 98765 4321",
// "011 98765-4321") to E.164 ("+5511987654321"), or null when it is not one:
// a two-digit area code (11-99) and a mobile (9 + 8 digits) or landline
// (8 digits, 2-5 first: WhatsApp Business runs on landlines) subscriber number.

export function toWhatsappE164(typed: string): string | null {
  const value = typed.trim();
  if (!value || !hasPhoneCharacters(value)) return null;
  let digits = value.replace(/\D/g, "");
  if (value.startsWith("+")) {
    if (!digits.startsWith("55")) return null;
    digits = digits.slice(2);
  } else if (digits.length >= 12 && digits.startsWith("55")) {
    digits = digits.slice(2);
  } else if (digits.startsWith("0")) {
    // The long-distance prefix (0 + carrier code is not accepted: 0 alone).
    digits = digits.slice(1);
  }
  if (!/^[1-9]{2}(9\d{8}|[2-5]\d{7})$/.test(digits)) return null;
  return `+55${digits}`;
}
