import { toWhatsappE164 } from "./whatsapp";

describe("toWhatsappE164", () => {
  it.each([
    ["(11) 98765-4321", "+5511987654321"],
    ["11987654321", "+5511987654321"],
    ["+55 11 98765-4321", "+5511987654321"],
    ["55 21 98765 4321", "+5521987654321"],
    ["011 98765-4321", "+5511987654321"],
    ["(31) 3333-4444", "+553133334444"],
    // Dialled with a long-distance carrier (0 + carrier code), or with the 0 after +55.
    ["0 15 11 98765-4321", "+5511987654321"],
    ["+55 0 21 2345-6789", "+552123456789"],
  ])("%s → %s", (typed, e164) => expect(toWhatsappE164(typed)).toBe(e164));

  it.each(["", "abc", "+1 415 555 0100", "(11) 8765-432", "(01) 98765-4321", "(11) 88765-4321", "(11) 6765-4321", "1198765432100", "11 98765-4321 ramal 2"])(
    "refuses %j",
    (typed) => expect(toWhatsappE164(typed)).toBeNull(),
  );

  // Area codes Brazil does not use, and a toll-free number.
  it.each(["(23) 98765-4321", "(29) 3333-4444", "(52) 99876-5432", "0800 123 4567"])("refuses %j, no number in use", (typed) =>
    expect(toWhatsappE164(typed)).toBeNull(),
  );
});
