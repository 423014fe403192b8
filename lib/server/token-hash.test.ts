import { hashToken } from "./token-hash";

describe("hashToken", () => {
  it("is the SHA-256 hex of the token, the form every stored token hash takes", () => {
    expect(hashToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(hashToken("abc")).not.toBe(hashToken("abd"));
  });
});
