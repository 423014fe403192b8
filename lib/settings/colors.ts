// Colours as the API takes them (api.md): 6 hex digits with or without '#'.

const HEX = /^#?([0-9a-f]{6})$/i;

/** '#rrggbb' in lowercase, or null when the value is not 6 hex digits. */
export function normalizeHexColor(value: string | null | undefined): string | null {
  const m = HEX.exec((value ?? "").trim());
  return m ? `#${m[1]!.toLowerCase()}` : null;
}
