// The composer's toolbar (api.md, "Write to your list": paragraphs, bold,
// italic, links, lists): what each button does to the body's text and its
// selection, as a pure function of them (the textarea stays a plain one).

export type MarkdownAction = "bold" | "italic" | "link" | "list";

export interface Edited {
  value: string;
  /** The selection after the change: the text the person goes on with. */
  start: number;
  end: number;
}

const WRAP = { bold: "**", italic: "*" } as const;

/**
 * Bold and italic wrap the selection (or a placeholder-less pair for the
 * cursor to type into); a link makes `[selection](https://)` with the
 * address selected; a list puts "- " before each selected line (the cursor's
 * line when nothing is selected).
 */
export function applyMarkdown(value: string, start: number, end: number, action: MarkdownAction, linkText: string): Edited {
  const selected = value.slice(start, end);
  if (action === "bold" || action === "italic") {
    const mark = WRAP[action];
    const next = `${value.slice(0, start)}${mark}${selected}${mark}${value.slice(end)}`;
    return { value: next, start: start + mark.length, end: end + mark.length };
  }
  if (action === "link") {
    const label = selected || linkText;
    const address = "https://";
    const inserted = `[${label}](${address})`;
    const at = start + label.length + 3;
    return { value: `${value.slice(0, start)}${inserted}${value.slice(end)}`, start: at, end: at + address.length };
  }
  const lineStart = value.lastIndexOf("\n", start - 1) + 1;
  const lines = value.slice(lineStart, end).split("\n");
  const listed = lines.map((line) => (line.startsWith("- ") ? line : `- ${line}`)).join("\n");
  const next = `${value.slice(0, lineStart)}${listed}${value.slice(end)}`;
  return { value: next, start: lineStart, end: lineStart + listed.length };
}
