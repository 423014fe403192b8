import { appearancePatchSchema, changePasswordSchema, coverSettingsSchema, passwordFormSchema, profileSchema, socialsSchema } from "./settings-schemas";

/** The first message of each field, as the API and the form resolver show it. */
function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join(".")] ??= issue.message;
  return out;
}

describe("socialsSchema", () => {
  it("drops empty handles and unknown networks, strips '@' and blanks", () => {
    expect(socialsSchema.parse({ instagram: "@ana", twitter: "", tiktok: " ana_s ", orkut: "ana" })).toEqual({ instagram: "ana", tiktok: "ana_s" });
  });

  it("limits each handle to 30 characters and WhatsApp to digits", () => {
    expect(errorsOf(socialsSchema.safeParse({ linkedin: "l".repeat(31), whatsapp: "+55 11" }))).toEqual({
      linkedin: "Deve ter no máximo 30 caracteres",
      whatsapp: "Use apenas dígitos: código do país + DDD + número",
    });
  });

  it("refuses characters that would change a profile URL", () => {
    for (const handle of ["ana/../admin", "ana?x=1", "ana#x", "a b", "javascript:alert(1)"]) {
      expect(socialsSchema.safeParse({ instagram: handle }).success).toBe(false);
    }
    expect(socialsSchema.parse({ facebook: "joão.silva-2" })).toEqual({ facebook: "joão.silva-2" });
  });
});

describe("profileSchema", () => {
  const valid = { name: "Ana Souza", username: "ana", email: "ana@example.com", phone: "(11) 98765-4321" };

  it("sends bio as '' and socials as {} when missing", () => {
    expect(profileSchema.parse(valid)).toEqual({ ...valid, bio: "", socials: {} });
  });

  it("limits the bio to 150 characters", () => {
    expect(profileSchema.safeParse({ ...valid, bio: "b".repeat(150) }).success).toBe(true);
    expect(errorsOf(profileSchema.safeParse({ ...valid, bio: "b".repeat(151) }))).toEqual({ bio: "A bio deve ter no máximo 150 caracteres" });
  });
});

describe("password schemas", () => {
  it("has the spec's messages, the mismatch on the confirmation", () => {
    expect(errorsOf(passwordFormSchema(true).safeParse({ currentPassword: "", newPassword: "curta", confirmPassword: "x" }))).toEqual({
      currentPassword: "Senha atual é obrigatória",
      newPassword: "A nova senha deve ter pelo menos 8 caracteres",
      confirmPassword: "Confirme a nova senha",
    });
    expect(errorsOf(passwordFormSchema(true).safeParse({ currentPassword: "a", newPassword: "12345678", confirmPassword: "87654321" }))).toEqual({
      confirmPassword: "As senhas não coincidem",
    });
  });

  it("does not ask an account without a password for its current one", () => {
    expect(passwordFormSchema(false).safeParse({ currentPassword: "", newPassword: "12345678", confirmPassword: "12345678" }).success).toBe(true);
    expect(changePasswordSchema.parse({ newPassword: "12345678", confirmPassword: "12345678" }).currentPassword).toBe("");
  });
});

describe("appearance schemas", () => {
  it("normalises colours to lowercase #rrggbb", () => {
    expect(appearancePatchSchema.parse({ backgroundColor: "ABCDEF", fontColor: "#00FF00" })).toEqual({
      backgroundColor: "#abcdef",
      fontColor: "#00ff00",
    });
  });

  it("reads multipart opacities as integers 0-100, JSON ones as numbers only", () => {
    expect(coverSettingsSchema.parse({ imageOpacity: "0", linkButtonOpacity: "100" })).toEqual({ imageOpacity: 0, linkButtonOpacity: 100 });
    expect(coverSettingsSchema.parse({ imageOpacity: 45 })).toEqual({ imageOpacity: 45 });
    for (const bad of ["101", "-5", "5.5", "", "x"]) expect(coverSettingsSchema.safeParse({ imageOpacity: bad }).success).toBe(false);
    expect(appearancePatchSchema.safeParse({ imageOpacity: "50" }).success).toBe(false);
    expect(appearancePatchSchema.safeParse({ imageOpacity: 100.5 }).success).toBe(false);
  });

  it("takes only the five fits and the two ratios", () => {
    for (const p of ["cover", "contain", "center", "top", "bottom"]) expect(appearancePatchSchema.safeParse({ imagePosition: p }).success).toBe(true);
    expect(appearancePatchSchema.safeParse({ imagePosition: "left" }).success).toBe(false);
    expect(appearancePatchSchema.safeParse({ coverAspectRatio: "9:16" }).success).toBe(true);
    expect(appearancePatchSchema.safeParse({ coverAspectRatio: "4:3" }).success).toBe(false);
  });
});
