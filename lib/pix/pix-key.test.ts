import { isPersonalPixKey, isValidCnpj, isValidCpf, parsePixKey } from "./pix-key";
import { pixSchema } from "./pix-schemas";
import { pixStrings } from "@/lib/strings/pix";

describe("parsePixKey", () => {
  it("checks CPF and CNPJ check digits", () => {
    expect(isValidCpf("52998224725")).toBe(true);
    expect(isValidCpf("52998224724")).toBe(false);
    expect(isValidCpf("11111111111")).toBe(false);
    expect(isValidCnpj("11222333000181")).toBe(true);
    expect(isValidCnpj("11222333000180")).toBe(false);
    expect(parsePixKey("529.982.247-24")).toBeNull();
  });

  it("accepts +55 phones with 10 or 11 digits only", () => {
    expect(parsePixKey("+5511987654321")?.type).toBe("phone");
    expect(parsePixKey("+551134567890")?.type).toBe("phone");
    expect(parsePixKey("+55119876543210")).toBeNull();
    expect(parsePixKey("+1 415 555 0100")).toBeNull();
    expect(parsePixKey("11987654321")).toBeNull();
  });

  it("refuses anything else", () => {
    for (const bad of ["", "   ", "abc", "ana@", "@x.com", "ana@exemplo", "123e4567-e12b-12d1-a456-42665544000", "1234"]) {
      expect(parsePixKey(bad)).toBeNull();
    }
  });

  it("names the keys that identify a person", () => {
    expect(isPersonalPixKey("cpf")).toBe(true);
    expect(isPersonalPixKey("phone")).toBe(true);
    expect(isPersonalPixKey("email")).toBe(true);
    expect(isPersonalPixKey("cnpj")).toBe(false);
    expect(isPersonalPixKey("random")).toBe(false);
  });
});

describe("pixSchema", () => {
  const ok = { key: "529.982.247-25", name: " Ana ", city: "Recife" };

  it("normalises the key and trims texts", () => {
    expect(pixSchema.parse(ok)).toEqual({ key: "52998224725", name: "Ana", city: "Recife", message: null });
    expect(pixSchema.parse({ ...ok, amount: 10.5, message: "Valeu" })).toMatchObject({ amount: 10.5, message: "Valeu" });
  });

  const messages = (input: unknown) => {
    const r = pixSchema.safeParse(input);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
  };

  it("answers field errors in pt-BR", () => {
    expect(messages({ ...ok, key: "123" })).toEqual({ key: pixStrings.invalidKey });
    expect(messages({ ...ok, key: "123" }).key).toBe("Chave Pix inválida");
    expect(messages({ ...ok, name: "" })).toEqual({ name: pixStrings.nameRequired });
    expect(messages({ ...ok, name: "x".repeat(26) })).toEqual({ name: pixStrings.nameMax });
    expect(messages({ ...ok, city: "x".repeat(16) })).toEqual({ city: pixStrings.cityMax });
    expect(messages({ ...ok, amount: 0 })).toEqual({ amount: pixStrings.invalidAmount });
    expect(messages({ ...ok, amount: 1000000 })).toEqual({ amount: pixStrings.invalidAmount });
    expect(messages({ ...ok, amount: 1.005 })).toEqual({ amount: pixStrings.invalidAmount });
    expect(messages({ ...ok, message: "x".repeat(41) })).toEqual({ message: pixStrings.messageMax });
  });
});
