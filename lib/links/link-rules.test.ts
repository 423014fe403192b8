import { fromCell, parseActive, parseCsv, toCsv } from "./link-csv";
import { checkImportRows, readImportFile } from "./link-import";
import { fromSaoPauloInput, isInWindow, nextBoundary, toSaoPauloInput, windowState } from "./link-schedule";
import { normalizeLinkUrl, urlLabel } from "@/lib/blocks/kinds/link/link-url";

describe("CSV", () => {
  it("reads quotes, commas, line breaks, CRLF and a BOM", () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, ""y""","linha\nnova"\r\n')).toEqual([
      ["a", "b"],
      ['x, "y"', "linha\nnova"],
    ]);
    expect(parseCsv('a,"b')).toBeNull();
  });
  it("writes what it reads back, defusing formulas", () => {
    const rows = [
      ["titulo", "url"],
      ["=1+1", "https://a.com"],
      ['com "aspas", e vírgula', " espaço "],
    ];
    const back = parseCsv(toCsv(rows))!.map((r) => r.map(fromCell));
    expect(back).toEqual(rows);
    expect(toCsv([["=1+1"]])).toBe("'=1+1\r\n");
  });
  it("reads 'ativo' in Portuguese or English", () => {
    expect([parseActive("sim"), parseActive("NÃO"), parseActive(""), parseActive("false"), parseActive("talvez")]).toEqual([
      true,
      false,
      true,
      false,
      undefined,
    ]);
  });
  it("numbers rows from the first data row", () => {
    const file = readImportFile("titulo,url,ativo\nA,https://a.com,sim\nB,ftp://b.com,sim");
    expect(file.ok && checkImportRows(file.rows).errors).toEqual([{ row: 2, message: "URL inválida" }]);
  });
});

describe("link URLs", () => {
  it.each([
    ["example.com", "https://example.com/"],
    ["mailto:a@b.co", "mailto:a@b.co"],
    ["tel:+55 11 3333-4444", "tel:+551133334444"],
    ["tel:+55 11 3333-4444\n", "tel:+551133334444"],
    ["javascript:alert(1)", null],
    ["mailto:a@b", null],
  ])("%j → %j", (input, out) => expect(normalizeLinkUrl(input)).toBe(out));
  it("labels a row by host, address or number", () => {
    expect(urlLabel("https://www.loja.example.com/produtos/1")).toBe("loja.example.com");
    expect(urlLabel("mailto:ana@example.com?subject=oi")).toBe("ana@example.com");
    expect(urlLabel("tel:+5511987654321")).toBe("+5511987654321");
  });
});

describe("schedule", () => {
  const w = { startsAt: "2030-01-01T12:00:00.000Z", endsAt: "2030-01-02T12:00:00.000Z" };
  const t = (iso: string) => new Date(iso).getTime();
  it("is scheduled before its start, live from it, expired from its end", () => {
    expect(windowState(w, t("2030-01-01T11:59:59Z"))).toBe("scheduled");
    expect(windowState(w, t("2030-01-01T12:00:00Z"))).toBe("live");
    expect(windowState(w, t("2030-01-02T12:00:00Z"))).toBe("expired");
    expect(isInWindow({ startsAt: null, endsAt: null })).toBe(true);
  });
  it("finds the next boundary ahead", () => {
    expect(nextBoundary([w, { startsAt: null, endsAt: null }], t("2029-01-01T00:00:00Z"))).toBe(t(w.startsAt));
    expect(nextBoundary([w], t(w.startsAt))).toBe(t(w.endsAt));
    expect(nextBoundary([w], t(w.endsAt))).toBeNull();
  });
  it("shows and takes São Paulo's wall clock (UTC−3)", () => {
    expect(toSaoPauloInput("2030-01-01T12:00:00.000Z")).toBe("2030-01-01T09:00");
    expect(fromSaoPauloInput("2030-01-01T09:00")).toBe("2030-01-01T12:00:00.000Z");
    expect(fromSaoPauloInput("")).toBeNull();
    expect(fromSaoPauloInput("amanhã")).toBeUndefined();
    // In February 2018 São Paulo still kept daylight saving time (UTC−2): the time-zone database decides.
    expect(fromSaoPauloInput("2018-02-10T12:00")).toBe("2018-02-10T14:00:00.000Z");
  });
});
