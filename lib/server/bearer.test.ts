import { hasBearerToken } from "./bearer";

describe("hasBearerToken", () => {
  const token = "metrics-token-0123456789";
  it("accepts exactly 'Bearer <token>'", () => {
    expect(hasBearerToken(`Bearer ${token}`, token)).toBe(true);
  });
  it.each([null, "", token, `bearer ${token}`, `Bearer  ${token}`, `Bearer ${token} `, `Bearer ${token.slice(0, -1)}`, `Basic ${token}`])(
    "refuses %p",
    (header) => {
      expect(hasBearerToken(header, token)).toBe(false);
    },
  );
});
