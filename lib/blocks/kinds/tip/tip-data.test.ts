import { blockInputSchema } from "@/lib/links/link-schemas";
import { tipKind } from "../tip";

// A tip's data as the links API and the editor take it (api.md, Selling with
// Pix), and the amounts the checkout may charge for it.

const schema = blockInputSchema();
const post = (tip: unknown) => schema.safeParse({ kind: "tip", title: "Apoie meu trabalho", tip });
const messages = (tip: unknown) => {
  const parsed = post(tip);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("a tip's data", () => {
  it("takes one to three amounts from R$ 1,00 to R$ 10.000,00", () => {
    expect(post({ amountsCents: [100], allowCustom: false }).success).toBe(true);
    const three = post({ amountsCents: [500, 1000, 1_000_000], allowCustom: true });
    expect(three.success && three.data.data).toEqual({ amountsCents: [500, 1000, 1_000_000], allowCustom: true });
    const noCustom = post({ amountsCents: [500] });
    expect(noCustom.success && noCustom.data.data).toEqual({ amountsCents: [500], allowCustom: false });
  });

  it.each([
    [{ amountsCents: [], allowCustom: true }, "tip.amountsCents", "Informe de 1 a 3 valores"],
    [{ amountsCents: [100, 200, 300, 400], allowCustom: true }, "tip.amountsCents", "Informe de 1 a 3 valores"],
    [{ allowCustom: true }, "tip.amountsCents", "Informe de 1 a 3 valores"],
    [{ amountsCents: [500, 99] }, "tip.amountsCents.1", "Valor inválido: use de R$ 1,00 a R$ 10.000,00"],
    [{ amountsCents: [1_000_001] }, "tip.amountsCents.0", "Valor inválido: use de R$ 1,00 a R$ 10.000,00"],
    [{ amountsCents: [5.5] }, "tip.amountsCents.0", "Valor inválido: use de R$ 1,00 a R$ 10.000,00"],
    [{ amountsCents: ["5,00"] }, "tip.amountsCents.0", "Valor inválido: use de R$ 1,00 a R$ 10.000,00"],
    [{ amountsCents: [500], allowCustom: "sim" }, "tip.allowCustom", "Valor inválido para 'outro valor'"],
  ])("refuses %j with its pt-BR message on %s", (tip, path, message) => {
    expect(messages(tip)[path]).toBe(message);
  });
});

describe("what a supporter may pay", () => {
  const fixed = { amountsCents: [500, 1000], allowCustom: false };
  const open = { amountsCents: [500], allowCustom: true };

  it("a suggested amount; another only where the block allows it, from R$ 1,00 to R$ 10.000,00", () => {
    expect(tipKind.sale!.price(fixed, 1000)).toBe(1000);
    expect(tipKind.sale!.price(fixed, 700)).toBeNull();
    expect(tipKind.sale!.price(fixed, null)).toBeNull();
    expect(tipKind.sale!.price(open, 700)).toBe(700);
    expect(tipKind.sale!.price(open, 100)).toBe(100);
    expect(tipKind.sale!.price(open, 1_000_000)).toBe(1_000_000);
    expect(tipKind.sale!.price(open, 99)).toBeNull();
    expect(tipKind.sale!.price(open, 1_000_001)).toBeNull();
    expect(tipKind.sale!.price(open, 250.5)).toBeNull();
  });

  it("has no stock and delivers a thank-you", () => {
    expect(tipKind.sale!.stock(open)).toBeNull();
    expect(tipKind.sale!.delivery(open)).toEqual({ type: "thanks" });
  });

  it("shows its amounts on the page, paused when not for sale now", () => {
    expect(tipKind.toPublic!(open, { name: "Ana" }, { open: true, soldOut: false })).toEqual({
      tip: { amountsCents: [500], allowCustom: true, paused: false },
    });
    expect(tipKind.toPublic!(open, { name: "Ana" }, { open: false, soldOut: false })).toMatchObject({ tip: { paused: true } });
  });
});
