import { userPatchSchema, visibilitySchema } from "./settings-schemas";

// api.md, Creator blocks: sensitive content and search engines.

function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join(".")] ??= issue.message;
  return out;
}

describe("visibilitySchema", () => {
  it("takes the four fields; empty or blank texts become null, others are trimmed", () => {
    expect(visibilitySchema.parse({ sensitive: "adult", seoTitle: "  Ana  ", seoDescription: "   ", indexable: false })).toEqual({
      sensitive: "adult",
      seoTitle: "Ana",
      seoDescription: null,
      indexable: false,
    });
    expect(visibilitySchema.parse({ seoTitle: null })).toEqual({ seoTitle: null });
    expect(visibilitySchema.parse({})).toEqual({});
  });

  it("allows 60 and 160 characters exactly, and refuses one more with pt-BR messages", () => {
    expect(visibilitySchema.safeParse({ seoTitle: "t".repeat(60), seoDescription: "d".repeat(160) }).success).toBe(true);
    expect(errorsOf(visibilitySchema.safeParse({ seoTitle: "t".repeat(61), seoDescription: "d".repeat(161) }))).toEqual({
      seoTitle: "O título para buscadores deve ter no máximo 60 caracteres",
      seoDescription: "A descrição para buscadores deve ter no máximo 160 caracteres",
    });
  });

  it("refuses other levels, non-booleans and non-texts", () => {
    expect(errorsOf(visibilitySchema.safeParse({ sensitive: "nsfw", indexable: "yes", seoTitle: 3 }))).toEqual({
      sensitive: "Escolha nenhum aviso, maiores de 18 anos ou conteúdo sensível",
      indexable: "Informe verdadeiro ou falso",
      seoTitle: "Texto inválido",
    });
  });
});

describe("userPatchSchema", () => {
  it("is the appearance fields plus the visibility fields", () => {
    expect(userPatchSchema.parse({ fontFamily: "serif", sensitive: "none", indexable: true })).toEqual({
      fontFamily: "serif",
      sensitive: "none",
      indexable: true,
    });
  });
});
