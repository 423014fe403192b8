import "server-only";
import { parsePhoneNumberFromString, type NumberType } from "libphonenumber-js/max";
import { hasPhoneCharacters } from "@/lib/accounts/phone";

// A Brazilian WhatsApp number as typed ("(11) 98765-4321", "+55 11 98765 4321",
// "011 98765-4321", "0 15 11 98765-4321") to E.164 ("+5511987654321"), or null
// when it is not one. Brazil's numbering plan is libphonenumber-js's: its full
// metadata knows the area codes in use and which numbers are mobiles and which
// landlines (kept: WhatsApp Business runs on landlines); toll-free, premium and
// shared-cost numbers are not. Server-only: the full metadata must stay out of
// every page's JavaScript.

const KINDS: ReadonlySet<NumberType> = new Set(["MOBILE", "FIXED_LINE", "FIXED_LINE_OR_MOBILE"]);

export function toWhatsappE164(typed: string): string | null {
  const value = typed.trim();
  if (!value || !hasPhoneCharacters(value)) return null;
  const number = parsePhoneNumberFromString(value, "BR");
  if (number?.country !== "BR" || !number.isValid() || !KINDS.has(number.getType())) return null;
  return number.number;
}
