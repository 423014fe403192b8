// Finds where a source file names a block kind (README, "Adding a block
// kind": nothing outside a kind's module switches on its name). A kind's name
// is also an ordinary word ("embed" in a player's address, the Pix brand's
// icon beside Pinterest's), so a quoted name counts only where it is used as
// a kind: compared with or given to something called `kind` (`link.kind ===
// "pix"`, `{ kind: "pix" }`, `kind="header"`), a `case` of a switch, a quoted
// key of a map, or listed beside another kind's name (`"link" | "embed"`,
// `["pix", "subscribe"]`). Comments are not code and are passed over.
// Used by lib/blocks/kind-names.test.ts over app/, lib/ and components/.

export interface KindNameHit {
  line: number;
  name: string;
  text: string;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The source with its comments blanked (line breaks kept, so lines still count). */
function withoutComments(source: string): string {
  const blank = (text: string) => text.replace(/[^\n]/g, " ");
  return source.replace(/\/\*[\s\S]*?\*\//g, blank).replace(/(^|[\s;{}(),])\/\/[^\n]*/g, (m, lead: string) => lead + blank(m.slice(lead.length)));
}

const OP = String.raw`(?::|===?|!==?|\?\?|\|\||&&|=)`;
/** Before the literal: `kind` (or `…Kind`) and an operator; or `case`. */
const KIND_BEFORE = new RegExp(String.raw`(?:\b\w*[kK]ind\??\s*\)*\s*${OP}|\bcase)\s*$`);
/** After the literal: an operator and `kind` (`"pix" === link.kind`), or `:` (a quoted key). */
const KIND_AFTER = new RegExp(String.raw`^\s*(?:(?:===?|!==?)\s*[\w$.?]*[kK]ind\b|:(?!:))`);

/**
 * Each place in `source` where one of `names` stands as a kind's name.
 * `partners`: every kind's name (the default one too), for lists of kinds.
 */
export function kindNamesIn(source: string, names: readonly string[], partners: readonly string[] = names): KindNameHit[] {
  if (!names.length) return [];
  const code = withoutComments(source);
  const lines = code.split("\n");
  const literal = new RegExp(String.raw`(["'\`])(${names.map(escape).join("|")})\1`, "g");
  const partner = String.raw`(["'\`])(?:${[...new Set([...partners, ...names])].map(escape).join("|")})\k<q>`.replace("(", "(?<q>");
  const listAfter = new RegExp(String.raw`^\s*[|,]\s*${partner}`);
  const listBefore = new RegExp(String.raw`${partner}\s*[|,]\s*$`);
  const hits: KindNameHit[] = [];
  lines.forEach((text, i) => {
    for (const match of text.matchAll(literal)) {
      const before = text.slice(0, match.index);
      const after = text.slice(match.index + match[0].length);
      if (KIND_BEFORE.test(before) || KIND_AFTER.test(after) || listAfter.test(after) || listBefore.test(before)) {
        hits.push({ line: i + 1, name: match[2]!, text: source.split("\n")[i]!.trim() });
      }
    }
  });
  return hits;
}
