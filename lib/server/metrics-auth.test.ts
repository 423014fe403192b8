import { isMetricsToken } from "./metrics-auth";

describe("isMetricsToken", () => {
  const token = "metrics-token-0123456789";
  it("accepts exactly 'Bearer <token>'", () => {
    expect(isMetricsToken(`Bearer ${token}`, token)).toBe(true);
  });
  it.each([null, "", token, `bearer ${token}`, `Bearer  ${token}`, `Bearer ${token} `, `Bearer ${token.slice(0, -1)}`, `Basic ${token}`])(
    "refuses %p",
    (header) => {
      expect(isMetricsToken(header, token)).toBe(false);
    },
  );
});
