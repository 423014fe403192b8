import { cpfDigits, isValidCpf, maskCpf } from "./cpf";

// The published algorithm's test vectors: the Receita Federal's worked example
// (111.444.777-35) and the widely used 529.982.247-25, each with every wrong
// check digit; eleven equal digits; shapes that are not a CPF.

it("accepts CPFs whose check digits are right, with or without punctuation", () => {
  for (const cpf of ["111.444.777-35", "11144477735", "529.982.247-25", "52998224725", "123.456.789-09", "000.000.001-91"]) expect(isValidCpf(cpf)).toBe(true);
});

it("refuses each wrong check digit", () => {
  for (let d = 0; d <= 9; d++) {
    if (d !== 3) expect(isValidCpf(`111.444.777-${d}5`)).toBe(false);
    if (d !== 5) expect(isValidCpf(`111.444.777-3${d}`)).toBe(false);
    if (d !== 2) expect(isValidCpf(`529982247${d}5`)).toBe(false);
  }
});

it("refuses eleven equal digits, though their sums pass", () => {
  for (let d = 0; d <= 9; d++) expect(isValidCpf(String(d).repeat(11))).toBe(false);
});

it("refuses what is not a CPF's shape", () => {
  for (const cpf of ["", "1234567890", "123456789012", "111.444.777/35", "abc.def.ghi-jk", "111 444 777 35"]) expect(isValidCpf(cpf)).toBe(false);
  expect(cpfDigits(" 529.982.247-25 ")).toBe("52998224725");
});

it("masks all but the middle digits", () => {
  expect(maskCpf("12345678909")).toBe("***.456.789-**");
});
