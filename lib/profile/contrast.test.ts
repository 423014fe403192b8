import { buttonTextContrast, pageTextContrast } from "./button-look";
import { blend, contrastRatio, formatRatio, hexContrast, relativeLuminance } from "./contrast";
import { THEMES } from "./themes";

// Known values from WCAG 2.x's definition (and the WebAIM contrast checker).

describe("contrast ratio (WCAG)", () => {
  it.each([
    ["#000000", "#ffffff", 21],
    ["#ffffff", "#ffffff", 1],
    ["#777777", "#ffffff", 4.48],
    ["#767676", "#ffffff", 4.54],
    ["#595959", "#ffffff", 7],
    ["#0000ff", "#ffffff", 8.59],
    ["#ff0000", "#ffffff", 4],
    ["#00ff00", "#000000", 15.3],
    ["#3b82f6", "#ffffff", 3.68],
  ])("%s on %s is %s:1", (a, b, expected) => {
    expect(hexContrast(a, b)).toBeCloseTo(expected, 1);
    expect(hexContrast(b, a)).toBeCloseTo(expected, 1);
  });

  it("uses the sRGB curve (0.03928 knee) for luminance", () => {
    expect(relativeLuminance({ r: 255, g: 255, b: 255 })).toBe(1);
    expect(relativeLuminance({ r: 0, g: 0, b: 0 })).toBe(0);
    expect(relativeLuminance({ r: 10, g: 10, b: 10 })).toBeCloseTo(10 / 255 / 12.92, 6);
    expect(relativeLuminance({ r: 128, g: 128, b: 128 })).toBeCloseTo(0.21586, 5);
  });

  it("is null for a colour that does not parse", () => {
    expect(hexContrast("azul", "#ffffff")).toBeNull();
  });

  it("never rounds a failing ratio up to a passing one", () => {
    expect(formatRatio(4.4999)).toBe("4,4");
    expect(formatRatio(4.5)).toBe("4,5");
    expect(formatRatio(21)).toBe("21,0");
  });

  it("blends a translucent button over the page", () => {
    expect(blend({ r: 0, g: 0, b: 0 }, { r: 255, g: 255, b: 255 }, 0.5)).toEqual({ r: 128, g: 128, b: 128 });
    expect(contrastRatio({ r: 0, g: 0, b: 0 }, { r: 0, g: 0, b: 0 })).toBe(1);
  });
});

describe("contrast of a look", () => {
  const look = { backgroundColor: "#ffffff", fontColor: "#000000", linkButtonColor: "#ffffff", linkButtonOpacity: 50 };
  it("measures the first release's defaults: black on a half-white button over white", () => {
    expect(buttonTextContrast(look)).toBeCloseTo(21, 5);
    expect(pageTextContrast(look)).toBeCloseTo(21, 5);
  });
  it("measures a translucent button against what shows through it", () => {
    // White text on #1e40af at 30% over white: a pale blue, low contrast.
    const pale = buttonTextContrast({ ...look, linkButtonColor: "#1e40af", linkButtonOpacity: 30 })!;
    const solid = buttonTextContrast({ ...look, linkButtonColor: "#1e40af", linkButtonOpacity: 100 })!;
    expect(pale).toBeLessThan(4.5);
    expect(solid).toBeGreaterThan(8);
  });
  it("measures an outline button's text (the page's font colour) on the page", () => {
    expect(buttonTextContrast({ ...look, buttonStyle: "outline", fontColor: "#777777", linkButtonColor: "#000000" })).toBeCloseTo(4.48, 1);
  });
  it.each(THEMES.map((t) => [t.name, t] as const))("the preset theme %s reads at 4.5:1 or more", (_name, theme) => {
    expect(buttonTextContrast(theme)!).toBeGreaterThanOrEqual(4.5);
    expect(pageTextContrast(theme)!).toBeGreaterThanOrEqual(4.5);
  });
  it("offers at least 6 named themes with distinct names", () => {
    expect(THEMES.length).toBeGreaterThanOrEqual(6);
    expect(new Set(THEMES.map((t) => t.name)).size).toBe(THEMES.length);
  });
});
