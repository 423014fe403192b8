import { hasError, isStaticPix, parsePix } from "pix-utils";
import { computeCRC } from "pix-utils/dist/main/crc";
import { buildPixCode, crc16, toBrCodeText } from "./br-code";
import { parsePixKey } from "./pix-key";

// Independent of br-code.ts on purpose: a table-driven CRC and a TLV reader
// written from the EMV QRCPS layout, so a shared mistake cannot pass.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n << 8;
  for (let k = 0; k < 8; k++) c = c & 0x8000 ? (c << 1) ^ 0x1021 : c << 1;
  return c & 0xffff;
});
function tableCrc(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const b of bytes) crc = ((crc << 8) ^ (CRC_TABLE[((crc >> 8) ^ b) & 0xff] ?? 0)) & 0xffff;
  return crc;
}

function readTlv(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let i = 0;
  while (i < text.length) {
    const id = text.slice(i, i + 2);
    const len = Number(text.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(len)) throw new Error(`bad TLV at ${i}`);
    const value = text.slice(i + 4, i + 4 + len);
    if (value.length !== len) throw new Error(`short value for ${id}`);
    if (out.has(id)) throw new Error(`duplicate ${id}`);
    out.set(id, value);
    i += 4 + len;
  }
  return out;
}

function parseBrCode(code: string) {
  const crcOk = tableCrc(new TextEncoder().encode(code.slice(0, -4))) === parseInt(code.slice(-4), 16);
  const top = readTlv(code);
  const account = readTlv(top.get("26") ?? "");
  const extra = readTlv(top.get("62") ?? "");
  return { crcOk, top, account, extra, order: [...top.keys()] };
}

// The Banco Central's "Manual de Padrões para Iniciação do Pix" example
// (static, no amount). We could not open the manual's PDF here: this string
// is the one quoted from it (page 26) by several public projects, its CRC
// agrees with the independent table CRC above, and pix-utils 2.8.2 parses it.
const MANUAL_EXAMPLE =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000" + "5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";

describe("buildPixCode", () => {
  it("reproduces the BR Code manual's example exactly", () => {
    expect(buildPixCode({ key: "123e4567-e12b-12d1-a456-426655440000", name: "Fulano de Tal", city: "BRASILIA" })).toBe(MANUAL_EXAMPLE);
  });

  it("computes CRC16-CCITT-FALSE (check value of 123456789 is 29B1)", () => {
    expect(crc16("123456789")).toBe("29B1");
    expect(crc16(MANUAL_EXAMPLE.slice(0, -4))).toBe("1D3D");
  });

  const keys = [
    ["cpf", "529.982.247-25", "52998224725"],
    ["cnpj", "11.222.333/0001-81", "11222333000181"],
    ["email", "Ana.Souza@Exemplo.com.br", "ana.souza@exemplo.com.br"],
    ["phone", "+55 (11) 98765-4321", "+5511987654321"],
    ["phone", "+55 11 3456-7890", "+551134567890"],
    ["random", "123E4567-E12B-12D1-A456-426655440000", "123e4567-e12b-12d1-a456-426655440000"],
  ] as const;

  it.each(keys)("a %s key is parsed back by an independent reader", (type, input, normalised) => {
    const key = parsePixKey(input);
    expect(key).toEqual({ type, value: normalised });
    const code = buildPixCode({
      key: key!.value,
      name: "José da Conceição",
      city: "São Paulo",
      amount: 1234.5,
      message: "Obrigado pelo café",
    });
    const parsed = parseBrCode(code);
    expect(parsed.crcOk).toBe(true);
    expect(parsed.order).toEqual(["00", "26", "52", "53", "54", "58", "59", "60", "62", "63"]);
    expect(parsed.top.get("00")).toBe("01");
    expect(parsed.account.get("00")).toBe("br.gov.bcb.pix");
    expect(parsed.account.get("01")).toBe(normalised);
    expect(parsed.account.get("02")).toBe("Obrigado pelo cafe");
    expect(parsed.top.get("52")).toBe("0000");
    expect(parsed.top.get("53")).toBe("986");
    expect(parsed.top.get("54")).toBe("1234.50");
    expect(parsed.top.get("58")).toBe("BR");
    expect(parsed.top.get("59")).toBe("Jose da Conceicao");
    expect(parsed.top.get("60")).toBe("Sao Paulo");
    expect(parsed.extra.get("05")).toBe("***");
    expect(code).toMatch(/^[\x20-\x7e]+$/);
  });

  it("leaves field 54 out when there is no amount", () => {
    const code = buildPixCode({ key: "52998224725", name: "Ana", city: "Recife", amount: null });
    const parsed = parseBrCode(code);
    expect(parsed.crcOk).toBe(true);
    expect(parsed.top.has("54")).toBe(false);
    expect(parsed.account.has("02")).toBe(false);
  });

  it("writes the largest amount with two decimals", () => {
    const code = buildPixCode({ key: "52998224725", name: "Ana", city: "Recife", amount: 999999.99 });
    expect(parseBrCode(code).top.get("54")).toBe("999999.99");
    expect(parseBrCode(buildPixCode({ key: "52998224725", name: "A", city: "B", amount: 0.01 })).top.get("54")).toBe("0.01");
  });
});

describe("toBrCodeText", () => {
  it("strips diacritics, drops non-ASCII and cuts to the limit", () => {
    expect(toBrCodeText("  Ação Ñandú 🎉 ", 25)).toBe("Acao Nandu");
    expect(toBrCodeText("Florianópolis-SC!", 15)).toBe("Florianopolis-S");
  });
});

describe("field 26 limit", () => {
  it("cuts the message to fit 99 characters beside a long key, or leaves it out", () => {
    const uuid = buildPixCode({ key: "123e4567-e12b-12d1-a456-426655440000", name: "A", city: "B", message: "m".repeat(40) });
    const a = parseBrCode(uuid);
    expect(a.crcOk).toBe(true);
    expect(a.top.get("26")).toHaveLength(99);
    expect(a.account.get("02")).toBe("m".repeat(37));

    const longEmail = `${"a".repeat(64)}@exemplo.com`; // 76 characters
    expect(parsePixKey(longEmail)?.type).toBe("email");
    const b = parseBrCode(buildPixCode({ key: longEmail, name: "A", city: "B", message: "Obrigado" }));
    expect(b.crcOk).toBe(true);
    expect(b.account.get("01")).toBe(longEmail);
    expect(b.account.has("02")).toBe(false);
  });
});

// pix-utils (a test-only dependency, written apart from this code) reads each
// code back: every key type, with and without amount and message.
describe("read back by an independent BR Code parser (pix-utils)", () => {
  const keys = [
    ["CPF", "529.982.247-25", "52998224725"],
    ["CNPJ", "11.222.333/0001-81", "11222333000181"],
    ["e-mail", "Loja.Ana@Example.com", "loja.ana@example.com"],
    ["phone", "+55 (11) 98765-4321", "+5511987654321"],
    ["random key", "123E4567-E12B-12D1-A456-426655440000", "123e4567-e12b-12d1-a456-426655440000"],
  ] as const;
  it.each(keys)("%s key", (_type, typed, stored) => {
    const key = parsePixKey(typed);
    expect(key?.value).toBe(stored);
    for (const extra of [{}, { amount: 12.5, message: "Cafe da manha" }]) {
      const code = buildPixCode({ key: key!.value, name: "Ana Souza Lanches", city: "São Paulo", ...extra });
      const parsed = parsePix(code);
      if (hasError(parsed) || !isStaticPix(parsed)) throw new Error(`pix-utils refused ${code}`);
      expect(parsed).toMatchObject({
        pixKey: stored,
        merchantName: "Ana Souza Lanches",
        merchantCity: "Sao Paulo",
        merchantCategoryCode: "0000",
        transactionCurrency: "986",
        countryCode: "BR",
        txid: "***",
      });
      // pix-utils reads an absent field 54 as 0 (the payer types the amount).
      expect(parsed.transactionAmount).toBe("amount" in extra ? 12.5 : 0);
      expect(parsed.infoAdicional).toBe("message" in extra ? "Cafe da manha" : undefined);
      // Its own CRC over everything up to and including "6304", against the last four characters.
      expect(computeCRC(code.slice(0, -4))).toBe(code.slice(-4));
    }
  });
});
