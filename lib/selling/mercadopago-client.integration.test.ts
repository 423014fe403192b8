import { MercadoPagoError, createPixPayment, exchangeCode, getPayment, refreshToken, refundPayment, type PixPaymentInput } from "./mercadopago-client";
import { resetEnvCache } from "@/lib/server/env";
import { useMercadoPagoStandIn } from "@/tests/helpers/mercadopago";

// The typed client against the stand-in, which answers as Mercado Pago's API
// reference says, and fails as it can: 401, 429, 500, an answer that never
// comes (MERCADOPAGO_TIMEOUT_MS, shortened for that test), nothing listening.

const standIn = useMercadoPagoStandIn();

const pix = (over: Partial<PixPaymentInput> = {}): PixPaymentInput => ({
  idempotencyKey: "order_1",
  amountCents: 2990,
  description: "E-book de receitas",
  payer: { email: "bia@example.com", first_name: "Bia", identification: { type: "CPF", number: "52998224725" } },
  externalReference: "order_1",
  notificationUrl: "https://vitrine.test/api/payments/notify",
  expiresAt: new Date("2030-01-01T12:30:00.000Z"),
  applicationFeeCents: 299,
  ...over,
});

async function failure(promise: Promise<unknown>): Promise<MercadoPagoError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MercadoPagoError);
  return error as MercadoPagoError;
}

it("exchanges a consent's code for the seller's tokens, once", async () => {
  const code = standIn.current.issueCode({ sellerId: "777", redirectUri: "https://vitrine.test/api/payments/callback" });
  const tokens = await exchangeCode(code, "https://vitrine.test/api/payments/callback");
  expect(tokens).toEqual({
    accessToken: expect.stringMatching(/^APP_USR-/),
    refreshToken: expect.stringMatching(/^TG-/),
    sellerId: "777",
    expiresInSeconds: 15_552_000,
    publicKey: expect.any(String),
    liveMode: false,
  });
  const [call] = standIn.current.calls;
  expect(call).toMatchObject({ method: "POST", path: "/oauth/token", headers: { "content-type": "application/json" } });
  expect(call!.body).toEqual({
    client_id: standIn.current.config.clientId,
    client_secret: standIn.current.config.clientSecret,
    grant_type: "authorization_code",
    code,
    redirect_uri: "https://vitrine.test/api/payments/callback",
  });

  const again = await failure(exchangeCode(code, "https://vitrine.test/api/payments/callback"));
  expect([again.status, again.code, again.refused]).toEqual([400, "invalid_grant", true]);
  const renewed = await refreshToken(tokens.refreshToken);
  expect(renewed.accessToken).not.toBe(tokens.accessToken);
  expect(standIn.current.calls[2]!.body).toMatchObject({ grant_type: "refresh_token", refresh_token: tokens.refreshToken });
});

it("creates a Pix payment in reais with the idempotency key and the fee, reads it back and refunds it", async () => {
  const { access_token: token } = standIn.current.issueTokens();
  const created = await createPixPayment(token, pix());
  expect(created).toMatchObject({ status: "pending", status_detail: "pending_waiting_transfer", transaction_amount: 29.9, external_reference: "order_1" });
  expect(created.id).toMatch(/^\d+$/);
  expect(created.point_of_interaction?.transaction_data?.qr_code).toMatch(/^000201.*6304[0-9A-F]{4}$/);
  expect(Buffer.from(created.point_of_interaction!.transaction_data!.qr_code_base64!, "base64").subarray(1, 4).toString()).toBe("PNG");
  const sent = standIn.current.calls.find((c) => c.path === "/v1/payments")!;
  expect(sent.headers).toMatchObject({ authorization: `Bearer ${token}`, "x-idempotency-key": "order_1" });
  expect(sent.body).toEqual({
    transaction_amount: 29.9,
    description: "E-book de receitas",
    payment_method_id: "pix",
    payer: { email: "bia@example.com", first_name: "Bia", identification: { type: "CPF", number: "52998224725" } },
    external_reference: "order_1",
    notification_url: "https://vitrine.test/api/payments/notify",
    date_of_expiration: "2030-01-01T12:30:00.000+00:00",
    application_fee: 2.99,
  });
  // The same key: the same payment. No fee: none sent.
  expect((await createPixPayment(token, pix())).id).toBe(created.id);
  await createPixPayment(token, pix({ idempotencyKey: "order_2", externalReference: "order_2", applicationFeeCents: 0 }));
  expect(standIn.current.calls.at(-1)!.body).not.toHaveProperty("application_fee");
  expect(standIn.current.payments()).toHaveLength(2);

  await standIn.current.approve(created.id);
  expect(await getPayment(token, created.id)).toMatchObject({ id: created.id, status: "approved", transaction_amount: 29.9 });
  expect(await refundPayment(token, created.id, "refund_order_1")).toMatchObject({ status: "approved" });
  expect(standIn.current.calls.at(-1)!.headers["x-idempotency-key"]).toBe("refund_order_1");
  expect((await getPayment(token, created.id)).status).toBe("refunded");
});

describe("every failure is a MercadoPagoError, and no token is logged", () => {
  let logged: string[];
  beforeEach(() => {
    logged = [];
    for (const level of ["log", "warn", "error"] as const)
      jest.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.join(" ")));
  });
  afterEach(() => jest.restoreAllMocks());

  it.each([
    [401, "unauthorized", true],
    [429, "too_many_requests", false],
    [500, "internal_server_error", false],
  ])("answered %d", async (status, code, refused) => {
    const { access_token: token } = standIn.current.issueTokens();
    standIn.current.failNext({ status });
    const error = await failure(createPixPayment(token, pix()));
    expect([error.status, error.code, error.refused]).toEqual([status, code, refused]);
    expect(logged.join("\n")).not.toContain(token);
    expect(logged.join("\n")).toContain("mercadopago.failed");
  });

  it("a token Mercado Pago does not know: 401", async () => {
    const error = await failure(getPayment("APP_USR-forged", "1"));
    expect([error.status, error.code]).toEqual([401, "unauthorized"]);
  });

  it("an answer that never comes: a time-out, after MERCADOPAGO_TIMEOUT_MS", async () => {
    const { access_token: token } = standIn.current.issueTokens();
    standIn.current.failNext({ hang: true });
    process.env.MERCADOPAGO_TIMEOUT_MS = "300";
    resetEnvCache();
    const started = Date.now();
    const error = await failure(getPayment(token, "1"));
    expect([error.status, error.code, error.refused]).toEqual([0, "timeout", false]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    expect(logged.join("\n")).not.toContain(token);
  });

  it("an answer that is not what the reference says, and nothing listening", async () => {
    const { access_token: token } = standIn.current.issueTokens();
    standIn.current.failNext({ status: 200, body: { nothing: "here" } });
    expect((await failure(getPayment(token, "1"))).code).toBe("invalid_answer");
    process.env.MERCADOPAGO_API_URL = "http://127.0.0.1:9";
    resetEnvCache();
    const error = await failure(getPayment(token, "1"));
    expect([error.status, error.code]).toEqual([0, "network"]);
  });
});
