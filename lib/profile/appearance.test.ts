import { buttonBackground, buttonTextColor, coverImageStyle, luminance, moreLinksLabel, normalizeHexColor, parseHexColor, previewFit } from "./appearance";
import { linkIconKind } from "@/lib/blocks/kinds/link/link-icon";

describe("hex colours", () => {
  it("parses 6 hex digits with or without #, in any case", () => {
    expect(parseHexColor("#3b82f6")).toEqual({ r: 59, g: 130, b: 246 });
    expect(parseHexColor("3B82F6")).toEqual({ r: 59, g: 130, b: 246 });
    expect(parseHexColor(" #ffffff ")).toEqual({ r: 255, g: 255, b: 255 });
  });
  it.each(["#fff", "#12345", "#1234567", "red", "", "#gggggg", "rgb(0,0,0)", null])("refuses %j", (v) => {
    expect(parseHexColor(v)).toBeNull();
  });
  it("normalises to lowercase #rrggbb", () => {
    expect(normalizeHexColor("EC4899")).toBe("#ec4899");
    expect(normalizeHexColor("nope")).toBeNull();
  });
});

describe("button appearance", () => {
  it("computes luminance as (0.299R + 0.587G + 0.114B)/255", () => {
    expect(luminance({ r: 255, g: 255, b: 255 })).toBeCloseTo(1);
    expect(luminance({ r: 0, g: 0, b: 0 })).toBe(0);
    expect(luminance({ r: 59, g: 130, b: 246 })).toBeCloseTo((0.299 * 59 + 0.587 * 130 + 0.114 * 246) / 255);
  });
  it("puts black text on light buttons and white on dark ones, at the 0.5 threshold", () => {
    expect(buttonTextColor("#ffffff")).toBe("#000000");
    expect(buttonTextColor("#000000")).toBe("#ffffff");
    expect(buttonTextColor("#3b82f6")).toBe("#ffffff"); // 0.47
    expect(buttonTextColor("#eab308")).toBe("#000000"); // 0.63
    expect(buttonTextColor("#808080")).toBe("#000000"); // 0.502
    expect(buttonTextColor("#7f7f7f")).toBe("#ffffff"); // 0.498
  });
  it("applies the opacity as alpha, or uses the raw value when it does not parse", () => {
    expect(buttonBackground("#ffffff", 50)).toBe("rgba(255, 255, 255, 0.5)");
    expect(buttonBackground("#000000", 100)).toBe("rgba(0, 0, 0, 1)");
    expect(buttonBackground("#000000", 0)).toBe("rgba(0, 0, 0, 0)");
    expect(buttonBackground("tomato", 50)).toBe("tomato");
  });
});

describe("cover fit", () => {
  it("maps each stored fit to CSS", () => {
    expect(coverImageStyle("contain")).toEqual({ objectFit: "contain", objectPosition: "center" });
    expect(coverImageStyle("top").objectPosition).toBe("top");
    expect(coverImageStyle("bottom").objectPosition).toBe("bottom");
    expect(coverImageStyle("whatever").objectFit).toBe("cover");
  });
  it("falls back to cover in the preview for anything but cover or contain", () => {
    expect(previewFit("contain")).toBe("contain");
    expect(previewFit("top")).toBe("cover");
    expect(previewFit("center")).toBe("cover");
  });
});

describe("'+N link(s)'", () => {
  it("says nothing up to four active links, then counts the rest", () => {
    expect(moreLinksLabel(0)).toBeNull();
    expect(moreLinksLabel(4)).toBeNull();
    expect(moreLinksLabel(5)).toBe("+1 link");
    expect(moreLinksLabel(9)).toBe("+5 links");
  });
});

describe("link icon by host", () => {
  it.each([
    ["https://www.instagram.com/ana", "instagram"],
    ["https://youtube.com/@ana", "youtube"],
    ["https://youtu.be/abc", "youtube"],
    ["https://m.youtube.com/watch?v=1", "youtube"],
    ["https://www.tiktok.com/@ana", "tiktok"],
    ["https://facebook.com/ana", "facebook"],
    ["https://fb.me/ana", "facebook"],
    ["https://fb.watch/x", "facebook"],
    ["https://twitter.com/ana", "twitter"],
    ["https://x.com/ana", "twitter"],
    ["https://www.linkedin.com/in/ana", "linkedin"],
    ["https://wa.me/5511987654321", "whatsapp"],
    ["https://api.whatsapp.com/send?phone=1", "whatsapp"],
    ["https://t.me/ana", "telegram"],
    ["https://telegram.me/ana", "telegram"],
    ["https://example.com", "external"],
    ["https://notinstagram.com", "external"],
    ["https://instagram.com.evil.example", "external"],
    ["not a url", "external"],
  ])("%s → %s", (url, kind) => {
    expect(linkIconKind(url)).toBe(kind);
  });
  it.each([
    ["mailto:ana@example.com", "mail"],
    ["tel:+5511987654321", "phone"],
  ])("%s → %s (brand-neutral)", (url, kind) => {
    expect(linkIconKind(url)).toBe(kind);
  });
});
