// Colours as the API takes them (api.md): 6 hex digits with or without '#',
// stored as lowercase '#rrggbb'. One parser serves the API and the pages.
export { normalizeHexColor } from "@/lib/profile/appearance";
