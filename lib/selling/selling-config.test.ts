import { parseEnv } from "@/lib/server/env";
import { sellingConfig } from "./selling-config";

// Selling is on only where the operator names its Mercado Pago application
// (api.md, Selling with Pix); the variables are validated with the rest.

const APP = { MERCADOPAGO_CLIENT_ID: "123", MERCADOPAGO_CLIENT_SECRET: "s3cr3t", MERCADOPAGO_WEBHOOK_SECRET: "hook" };

describe("sellingConfig", () => {
  it("is off with none of the three variables, or only some of them", () => {
    jest.spyOn(console, "warn").mockImplementation(() => {});
    expect(sellingConfig(parseEnv({}))).toBeNull();
    expect(sellingConfig(parseEnv({ ...APP, MERCADOPAGO_WEBHOOK_SECRET: "" }))).toBeNull();
    expect(sellingConfig(parseEnv({ MERCADOPAGO_CLIENT_ID: "123" }))).toBeNull();
    jest.restoreAllMocks();
  });

  it("is on with the three, Mercado Pago's own addresses, no fee and 10 s by default", () => {
    expect(sellingConfig(parseEnv(APP))).toEqual({
      clientId: "123",
      clientSecret: "s3cr3t",
      webhookSecret: "hook",
      apiUrl: "https://api.mercadopago.com",
      authUrl: "https://auth.mercadopago.com.br",
      feePercent: 0,
      timeoutMs: 10_000,
    });
  });

  it("takes other addresses, a fee of 0 to 20 % and a time limit", () => {
    const config = sellingConfig(
      parseEnv({
        ...APP,
        MERCADOPAGO_API_URL: "http://127.0.0.1:4010/",
        MERCADOPAGO_AUTH_URL: "http://127.0.0.1:4010",
        PLATFORM_FEE_PERCENT: "2.5",
        MERCADOPAGO_TIMEOUT_MS: "500",
      }),
    );
    expect(config).toMatchObject({ apiUrl: "http://127.0.0.1:4010", authUrl: "http://127.0.0.1:4010", feePercent: 2.5, timeoutMs: 500 });
  });

  it.each([
    [{ PLATFORM_FEE_PERCENT: "21" }, "PLATFORM_FEE_PERCENT: must be a number from 0 to 20"],
    [{ PLATFORM_FEE_PERCENT: "-1" }, "PLATFORM_FEE_PERCENT: must be a number from 0 to 20"],
    [{ PLATFORM_FEE_PERCENT: "dez" }, "PLATFORM_FEE_PERCENT"],
    [{ MERCADOPAGO_API_URL: "api.mercadopago.com" }, "MERCADOPAGO_API_URL"],
    [{ MERCADOPAGO_TIMEOUT_MS: "10" }, "MERCADOPAGO_TIMEOUT_MS"],
  ])("refuses %j and names the variable", (source, message) => {
    expect(() => parseEnv({ ...APP, ...source })).toThrow(message);
  });
});
