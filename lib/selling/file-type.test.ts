import { downloadName, sniffFileType } from "./file-type";

// Real files' first bytes, written out: each accepted type, and look-alikes that are not one.

const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...Buffer.from(p, "latin1")] : p)));
const zipEntry = (name: string, content: string) =>
  bytes([0x50, 0x4b, 0x03, 0x04], [20, 0, 0, 0, 0, 0], new Array(16).fill(0), [name.length, 0, 0, 0], name, content);
const ftyp = (brand: string) => bytes([0, 0, 0, 0x20], "ftyp", brand, [0, 0, 2, 0], "isomiso2mp41");

describe("sniffFileType", () => {
  it.each([
    ["a PDF", bytes("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj"), "application/pdf", "pdf"],
    ["a ZIP", zipEntry("capitulo-1.txt", "Era uma vez"), "application/zip", "zip"],
    ["an empty ZIP", bytes([0x50, 0x4b, 0x05, 0x06], new Array(18).fill(0)), "application/zip", "zip"],
    ["an EPUB", zipEntry("mimetype", "application/epub+zipPK"), "application/epub+zip", "epub"],
    ["an MP3 with ID3 tags", bytes("ID3", [4, 0, 0, 0, 0, 0, 0]), "audio/mpeg", "mp3"],
    ["an MP3 starting at a frame", bytes([0xff, 0xfb, 0x90, 0x64, 0, 0]), "audio/mpeg", "mp3"],
    ["an MP4 video", ftyp("isom"), "video/mp4", "mp4"],
    ["an MP4 from a phone", ftyp("mp42"), "video/mp4", "mp4"],
    ["an M4A song", ftyp("M4A "), "audio/mp4", "m4a"],
    ["a JPEG", bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "JFIF"), "image/jpeg", "jpg"],
    ["a PNG", bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], "IHDR"), "image/png", "png"],
    ["a WebP", bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "), "image/webp", "webp"],
  ])("knows %s", (_name, head, contentType, extension) => {
    expect(sniffFileType(head)).toEqual({ contentType, extension });
  });

  it.each([
    ["a Windows program", bytes("MZ", [0x90, 0, 3, 0, 0, 0, 4, 0], "This program cannot be run in DOS mode")],
    ["a Linux program", bytes([0x7f], "ELF", [2, 1, 1, 0])],
    ["a shell script", bytes("#!/bin/sh\nrm -rf /\n")],
    ["an HTML page", bytes("<!doctype html><script>alert(1)</script>")],
    ["an SVG", bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ["a GIF", bytes("GIF89a", [1, 0, 1, 0])],
    ["a WAV (RIFF, not WebP)", bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt ")],
    ["a QuickTime movie", ftyp("qt  ")],
    ["a HEIC photo", ftyp("heic")],
    ["an empty file", new Uint8Array()],
    ["a text file", bytes("Receitas da vovó")],
    ["a PDF's name without its bytes", bytes("%PD")],
  ])("refuses %s", (_name, head) => {
    expect(sniffFileType(head)).toBeNull();
  });
});

describe("downloadName", () => {
  const pdf = { contentType: "application/pdf", extension: "pdf" };
  it("keeps the person's name, without folders or characters a file name cannot hold, ending in the type's extension", () => {
    expect(downloadName("Receitas da Vovó.pdf", pdf)).toBe("Receitas da Vovó.pdf");
    expect(downloadName("C:\\Users\\ana\\livro final.PDF", pdf)).toBe("livro final.pdf");
    expect(downloadName("../../etc/passwd", pdf)).toBe("passwd.pdf");
    expect(downloadName('a"b<c>\r\nd.exe', pdf)).toBe("abcd.pdf");
    expect(downloadName("imagem.png", pdf)).toBe("imagem.pdf");
  });

  it("names a file sent without a name", () => {
    expect(downloadName(null, pdf)).toBe("arquivo.pdf");
    expect(downloadName("  .pdf ", pdf)).toBe("arquivo.pdf");
    expect(downloadName("x".repeat(300), pdf)).toBe(`${"x".repeat(120)}.pdf`);
  });
});
