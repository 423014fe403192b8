import { MAX_IMAGE_BYTES, STORED_NAME_PATTERN, checkImageFile, sniffImageFormat } from "./image-rules";

const bytes = (...values: (number | string)[]) => new Uint8Array(values.flatMap((v) => (typeof v === "string" ? [...Buffer.from(v, "latin1")] : [v])));

describe("sniffImageFormat", () => {
  it("knows the four formats by their magic numbers", () => {
    expect(sniffImageFormat(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("jpeg");
    expect(sniffImageFormat(bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a))).toBe("png");
    expect(sniffImageFormat(bytes("GIF87a"))).toBe("gif");
    expect(sniffImageFormat(bytes("GIF89a"))).toBe("gif");
    expect(sniffImageFormat(bytes("RIFF", 0, 0, 0, 0, "WEBP"))).toBe("webp");
  });

  it.each([
    ["SVG", "<svg xmlns='http://www.w3.org/2000/svg'/>"],
    ["SVG with an XML prolog", "<?xml version='1.0'?><svg/>"],
    ["PDF", "%PDF-1.7"],
    ["HTML", "<!doctype html>"],
    ["a WAV (RIFF but not WEBP)", "RIFF\0\0\0\0WAVE"],
    ["GIF without its version", "GIF8"],
    ["nothing", ""],
  ])("refuses %s", (_label, text) => {
    expect(sniffImageFormat(bytes(text))).toBeNull();
  });
});

describe("checkImageFile (the browser's check)", () => {
  it("accepts JPEG, PNG, WebP and GIF up to 5 MB", () => {
    for (const type of ["image/jpeg", "image/png", "image/webp", "image/gif"]) {
      expect(checkImageFile({ type, size: MAX_IMAGE_BYTES })).toBeNull();
    }
  });

  it("says 'Formato inválido' for any other type, SVG included", () => {
    for (const type of ["image/svg+xml", "application/pdf", "text/html", "", "image/heic"]) {
      expect(checkImageFile({ type, size: 10 })).toEqual({
        title: "Formato inválido",
        description: "Por favor, selecione uma imagem válida (JPEG, PNG, etc).",
      });
    }
  });

  it("says 'Arquivo muito grande' past 5 MB", () => {
    expect(checkImageFile({ type: "image/png", size: MAX_IMAGE_BYTES + 1 })).toEqual({
      title: "Arquivo muito grande",
      description: "A imagem deve ter no máximo 5MB.",
    });
  });
});

describe("STORED_NAME_PATTERN", () => {
  it("matches only the random names we make", () => {
    expect(STORED_NAME_PATTERN.test(`avatar-${"0a".repeat(16)}.webp`)).toBe(true);
    expect(STORED_NAME_PATTERN.test(`cover-${"f".repeat(32)}.webp`)).toBe(true);
    for (const name of ["../x.webp", `avatar-${"a".repeat(32)}.png`, `avatar-${"a".repeat(33)}.webp`, `x/avatar-${"a".repeat(32)}.webp`]) {
      expect(STORED_NAME_PATTERN.test(name)).toBe(false);
    }
  });
});
