// Money as Brazilians read and type it (api.md, Selling with Pix): amounts
// are whole centavos everywhere in the app; people see `R$ 29,90` and type
// "29,90". Pure and client-safe, below every feature: the blocks' looks, the
// editors, the checkout and the e-mails all format through `formatReais`
// (lib/selling/money.ts hands the same functions to the selling feature).

const BRL = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** 2990 → "R$ 29,90" (with a plain space: the same text in HTML, e-mail and CSV). */
export function formatReais(cents: number): string {
  return BRL.format(cents / 100).replace(/\s/g, " ");
}

/** 2990 → "29,90": a stored amount in an editor's field. */
export function reaisInput(cents: number | null | undefined): string {
  return cents == null ? "" : formatReais(cents).replace(/^-?R\$ /, "");
}

// "29,90", "29", "1.234,56", "R$ 1.234,56", "29.90", "29,9": a comma is the
// decimal mark; dots group thousands, unless one dot is followed by one or two
// digits at the end (typed as on a phone's keypad).
const WITH_COMMA = /^(\d{1,3}(\.\d{3})+|\d+),(\d{1,2})$/;
const WHOLE = /^(\d{1,3}(\.\d{3})+|\d+)$/;
const WITH_DOT = /^(\d+)\.(\d{1,2})$/;

/**
 * What a person typed, in centavos: null when left blank, NaN when it is not
 * an amount (the schema then says why, in its own words).
 */
export function parseReais(typed: string): number | null {
  const text = typed.trim().replace(/^R\$\s*/i, "");
  if (!text) return null;
  const comma = WITH_COMMA.exec(text);
  if (comma) return centsOf(comma[1]!.replace(/\./g, ""), comma[3]!);
  if (WITH_DOT.test(text) && !WHOLE.test(text)) {
    const [, whole, fraction] = WITH_DOT.exec(text)!;
    return centsOf(whole!, fraction!);
  }
  if (WHOLE.test(text)) return centsOf(text.replace(/\./g, ""), "");
  return Number.NaN;
}

function centsOf(whole: string, fraction: string): number {
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : Number.NaN;
}
