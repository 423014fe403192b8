import { blockInputSchema } from "@/lib/links/link-schemas";
import { productKind } from "../product";

// A product's data as the links API and the editor take it (api.md, Selling
// with Pix), and what the public page may know of it.

const schema = blockInputSchema();
const post = (product: Record<string, unknown>, title = "E-book de receitas") => schema.safeParse({ kind: "product", title, product });
const messages = (product: Record<string, unknown>) => {
  const parsed = post(product);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("a product's data", () => {
  it("takes a file product and a link product, completing the address and trimming the description", () => {
    const file = post({ description: "  40 receitas  ", priceCents: 2990, delivery: "file", stock: 50 });
    expect(file.success && file.data.data).toEqual({ description: "40 receitas", priceCents: 2990, delivery: "file", url: null, stock: 50 });
    const link = post({ priceCents: 100, delivery: "link", url: "curso.exemplo.com.br/aulas" });
    expect(link.success && link.data.data).toEqual({
      description: null,
      priceCents: 100,
      delivery: "link",
      url: "https://curso.exemplo.com.br/aulas",
      stock: null,
    });
    expect(post({ priceCents: 1_000_000, delivery: "file", stock: 100_000 }).success).toBe(true);
  });

  it("keeps no address for a product delivered by file", () => {
    const parsed = post({ priceCents: 2990, delivery: "file", url: "https://exemplo.com/segredo" });
    expect(parsed.success && parsed.data.data).toMatchObject({ url: null });
  });

  it.each([
    [{ priceCents: 99, delivery: "file" }, "product.priceCents", "Preço inválido: use de R$ 1,00 a R$ 10.000,00"],
    [{ priceCents: 1_000_001, delivery: "file" }, "product.priceCents", "Preço inválido: use de R$ 1,00 a R$ 10.000,00"],
    [{ priceCents: 29.9, delivery: "file" }, "product.priceCents", "Preço inválido: use de R$ 1,00 a R$ 10.000,00"],
    [{ delivery: "file" }, "product.priceCents", "Preço inválido: use de R$ 1,00 a R$ 10.000,00"],
    [{ priceCents: "29,90", delivery: "file" }, "product.priceCents", "Preço inválido: use de R$ 1,00 a R$ 10.000,00"],
    [{ priceCents: 2990, delivery: "correio" }, "product.delivery", "Escolha como o produto é entregue: arquivo ou link"],
    [{ priceCents: 2990 }, "product.delivery", "Escolha como o produto é entregue: arquivo ou link"],
    [{ priceCents: 2990, delivery: "link" }, "product.url", "Informe um endereço https:// válido"],
    [{ priceCents: 2990, delivery: "link", url: "http://exemplo.com" }, "product.url", "Informe um endereço https:// válido"],
    [{ priceCents: 2990, delivery: "link", url: "javascript:alert(1)" }, "product.url", "Informe um endereço https:// válido"],
    [{ priceCents: 2990, delivery: "file", stock: 0 }, "product.stock", "Estoque inválido: use de 1 a 100.000 unidades"],
    [{ priceCents: 2990, delivery: "file", stock: 100_001 }, "product.stock", "Estoque inválido: use de 1 a 100.000 unidades"],
    [{ priceCents: 2990, delivery: "file", stock: 2.5 }, "product.stock", "Estoque inválido: use de 1 a 100.000 unidades"],
    [{ priceCents: 2990, delivery: "file", description: "a".repeat(501) }, "product.description", "A descrição pode ter no máximo 500 caracteres"],
  ])("refuses %j with its pt-BR message on %s", (product, path, message) => {
    expect(messages(product)[path]).toBe(message);
  });

  it("takes a description of exactly 500 characters", () => {
    expect(post({ priceCents: 2990, delivery: "file", description: "a".repeat(500) }).success).toBe(true);
  });

  it("needs a title like every block", () => {
    expect(post({ priceCents: 2990, delivery: "file" }, " ").success).toBe(false);
  });
});

describe("what the public page knows of a product", () => {
  const data = { description: "Aulas gravadas", priceCents: 4990, delivery: "link" as const, url: "https://curso.exemplo.com/aula-secreta", stock: 3 };

  it("never its address nor its stock", () => {
    const shown = JSON.stringify(productKind.toPublic!(data, { name: "Ana" }, { open: true, soldOut: false }));
    expect(shown).not.toContain("aula-secreta");
    expect(shown).not.toMatch(/"url"|"stock"/);
    expect(JSON.parse(shown)).toEqual({ product: { description: "Aulas gravadas", priceCents: 4990, delivery: "link", soldOut: false, paused: false } });
  });

  it("says when it is sold out, and when it is not for sale now", () => {
    expect(productKind.toPublic!(data, { name: "Ana" }, { open: true, soldOut: true })).toMatchObject({ product: { soldOut: true, paused: false } });
    expect(productKind.toPublic!(data, { name: "Ana" }, { open: false, soldOut: false })).toMatchObject({ product: { paused: true } });
    expect(productKind.toPublic!(data, { name: "Ana" })).toMatchObject({ product: { paused: true } });
  });

  it("tells the checkout its price, stock and delivery", () => {
    expect(productKind.sale!.price(data, 1)).toBe(4990);
    expect(productKind.sale!.stock(data)).toBe(3);
    expect(productKind.sale!.delivery(data)).toEqual({ type: "link", url: "https://curso.exemplo.com/aula-secreta" });
    expect(productKind.sale!.delivery({ ...data, delivery: "file", url: null })).toEqual({ type: "file" });
  });
});
