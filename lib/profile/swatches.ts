// product-spec.md §9: the colour swatches of the cover page.
export const BACKGROUND_SWATCHES = ["#ffffff", "#000000", "#3b82f6", "#10b981", "#8b5cf6", "#ec4899", "#f97316", "#eab308"] as const;
export const BUTTON_SWATCHES = BACKGROUND_SWATCHES;
export const FONT_SWATCHES = ["#000000", "#ffffff", "#6b7280", "#2563eb", "#059669", "#7c3aed"] as const;
export const OPACITY_STEP = 5;
