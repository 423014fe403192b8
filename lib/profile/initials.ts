// Initials avatars, drawn locally: the first letters of the first and last names.
const PALETTE = ["#6d28d9", "#2563eb", "#047857", "#be185d", "#c2410c", "#0e7490", "#7c3aed", "#a16207"];

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? "") : "";
  return (first + last).toUpperCase() || "?";
}

export function colourOf(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length]!;
}
