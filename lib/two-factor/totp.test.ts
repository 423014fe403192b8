import { matchingStep, newTotpSecret, otpauthUrl, totpCode } from "./totp";

// RFC 6238 appendix B (SHA-1), cut to 6 digits: the secret is the ASCII "12345678901234567890".
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

describe("TOTP", () => {
  it("gives RFC 6238's SHA-1 codes (last 6 digits)", () => {
    expect(totpCode(RFC_SECRET, 59_000)).toBe("287082");
    expect(totpCode(RFC_SECRET, 1_111_111_109_000)).toBe("081804");
    expect(totpCode(RFC_SECRET, 1_234_567_890_000)).toBe("005924");
    expect(totpCode(RFC_SECRET, 2_000_000_000_000)).toBe("279037");
  });

  it("accepts one step of drift either way and names the step; two steps or a malformed code is null", () => {
    const now = 1_700_000_015_000; // step 56,666,667
    const step = Math.floor(now / 30_000);
    const at = (steps: number) => totpCode(RFC_SECRET, now + steps * 30_000);
    expect(matchingStep(RFC_SECRET, at(-1), now)).toBe(step - 1);
    expect(matchingStep(RFC_SECRET, at(0), now)).toBe(step);
    expect(matchingStep(RFC_SECRET, at(1), now)).toBe(step + 1);
    expect(matchingStep(RFC_SECRET, at(-2), now)).toBeNull();
    expect(matchingStep(RFC_SECRET, at(2), now)).toBeNull();
    expect(matchingStep(RFC_SECRET, "12345", now)).toBeNull();
    expect(matchingStep(RFC_SECRET, "12a456", now)).toBeNull();
  });

  it("makes 160-bit base32 secrets and the otpauth URL apps read", () => {
    const a = newTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(a);
    expect(otpauthUrl(a, "ana@example.com")).toBe(`otpauth://totp/Vitrine:ana%40example.com?issuer=Vitrine&secret=${a}&algorithm=SHA1&digits=6&period=30`);
  });
});
