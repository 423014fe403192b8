import { authoriseOperator, hasBearerToken } from "./bearer";
import { AppError } from "./errors";

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

describe("authoriseOperator", () => {
  const token = "cron-secret-0123456789";
  const req = (authorization?: string) => new Request("http://localhost/metrics", { headers: authorization ? { authorization } : {} });
  const refusal = (secret: string | undefined, authorization?: string) => {
    try {
      authoriseOperator(req(authorization), secret, "Token inválido.");
      return null;
    } catch (error) {
      return error instanceof AppError ? { code: error.code, message: error.message } : error;
    }
  };

  it("lets exactly 'Bearer <secret>' through", () => {
    expect(refusal(token, `Bearer ${token}`)).toBeNull();
  });
  it("is no path at all while the secret is unset (404), whatever is sent", () => {
    expect(refusal(undefined, `Bearer ${token}`)).toMatchObject({ code: "not_found" });
    expect(refusal("", "Bearer ")).toMatchObject({ code: "not_found" });
  });
  it("refuses anything else with 401 and the route's own message", () => {
    for (const header of [undefined, `Bearer ${token}x`, token]) {
      expect(refusal(token, header)).toEqual({ code: "unauthorized", message: "Token inválido." });
    }
  });
});
