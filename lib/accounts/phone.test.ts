import { hasPhoneCharacters, isValidPhone } from "./phone";
import { formatPhone } from "./phone-format";
import { maskPhoneInput, sanitizePhoneInput } from "./phone-input";

describe("phone helpers", () => {
  it("formats 13 digits as +CC (AA) NNNNN-NNNN and 11 as (AA) NNNNN-NNNN", () => {
    expect(formatPhone("5511987654321")).toBe("+55 (11) 98765-4321");
    expect(formatPhone("+55 11 98765 4321")).toBe("+55 (11) 98765-4321");
    expect(formatPhone("11987654321")).toBe("(11) 98765-4321");
    expect(formatPhone("(11) 3456-7890")).toBe("(11) 3456-7890");
    expect(formatPhone(null)).toBe("");
  });
  it("accepts 10 to 15 digits", () => {
    expect(isValidPhone("(11) 3456-7890")).toBe(true);
    expect(isValidPhone("123456789")).toBe(false);
    expect(isValidPhone("1".repeat(15))).toBe(true);
    expect(isValidPhone("1".repeat(16))).toBe(false);
  });
  it("masks registration input as (DD) DDDDD-DDDD while typing", () => {
    expect(maskPhoneInput("1")).toBe("(1");
    expect(maskPhoneInput("119")).toBe("(11) 9");
    expect(maskPhoneInput("1198765")).toBe("(11) 9876-5");
    expect(maskPhoneInput("11987654321")).toBe("(11) 98765-4321");
    expect(maskPhoneInput("11987654321999")).toBe("(11) 98765-4321");
    expect(maskPhoneInput("ab(11)")).toBe("(11");
  });
  it("keeps only digits, spaces, parentheses, hyphen and plus in settings", () => {
    expect(sanitizePhoneInput("+55 (11) 98765-4321 ramal 2")).toBe("+55 (11) 98765-4321 ");
    expect(hasPhoneCharacters("+55 (11) 98765-4321")).toBe(true);
    expect(hasPhoneCharacters("11 98765 4321 x")).toBe(false);
  });
});
