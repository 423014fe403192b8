// The API part of the Mercado Pago stand-in (tests/helpers/mercadopago-stand-in.mjs, whose head
// says what each route answers): OAuth tokens, Pix payments and their refunds.
import { DEFAULT_FAILURES, errorBody, newPixPayment, paymentBodyProblem } from "./mercadopago-stand-in-parts.mjs";

function bearerSeller(s, req) {
  const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1];
  const t = token && s.tokens.get(token);
  return t && t.kind === "access" && t.expiresAt > Date.now() ? t.sellerId : null;
}

/** The API Mercado Pago's reference describes (see the head of mercadopago-stand-in.mjs). */
export async function answerApi(ctx, req, url, body, send) {
  const { s, origin } = ctx;
  const path = url.pathname;
  if (req.method === "POST" && path === "/oauth/token") return oauth(ctx, body, send);
  const seller = bearerSeller(s, req);
  if (!seller) return send(401, DEFAULT_FAILURES[401]);
  const key = req.headers["x-idempotency-key"];
  if (req.method === "POST" && path === "/v1/payments") {
    if (!key) return send(400, errorBody(400, "bad_request", "Header X-Idempotency-Key can't be null"));
    const again = s.byKey.get(`${seller}:${key}`);
    if (again) return send(201, again);
    const problem = paymentBodyProblem(body);
    if (problem) return send(400, errorBody(400, "bad_request", problem));
    const payment = await newPixPayment({ id: s.nextId++, sellerId: seller, body, origin, now: new Date() });
    s.payments.set(String(payment.id), payment);
    s.byKey.set(`${seller}:${key}`, payment);
    return send(201, payment);
  }
  const match = /^\/v1\/payments\/(\d+)(\/refunds)?$/.exec(path);
  const payment = match && s.payments.get(match[1]);
  if (!match || !payment || String(payment.collector_id) !== String(seller)) return send(404, errorBody(404, "not_found", "Payment not found"));
  if (req.method === "GET" && !match[2]) return send(200, ctx.readPayment(payment));
  if (req.method !== "POST" || !match[2]) return send(405, errorBody(405, "method_not_allowed", "Method not allowed"));
  if (!key) return send(400, errorBody(400, "bad_request", "Header X-Idempotency-Key can't be null"));
  const done = s.refunds.get(`${payment.id}:${key}`);
  if (done) return send(201, done);
  if (s.refuseRefunds > 0) {
    s.refuseRefunds -= 1;
    return send(400, errorBody(400, "bad_request", "The payment could not be refunded"));
  }
  if (ctx.readPayment(payment).status !== "approved")
    return send(400, errorBody(400, "bad_request", `Payment with status ${payment.status} can't be refunded`));
  const refund = {
    id: s.nextId++,
    payment_id: payment.id,
    amount: payment.transaction_amount,
    status: "approved",
    source: { type: "collector" },
    date_created: new Date().toISOString(),
  };
  ctx.setStatus(payment, "refunded", "refunded");
  Object.assign(payment, { transaction_amount_refunded: payment.transaction_amount, refunds: [...payment.refunds, refund] });
  s.refunds.set(`${payment.id}:${key}`, refund);
  return send(201, refund);
}

function oauth({ s, config, issueTokens }, body, send) {
  const invalidGrant = () => send(400, errorBody(400, "invalid_grant", "invalid_grant"));
  if (body?.client_id !== config.clientId || body?.client_secret !== config.clientSecret)
    return send(400, errorBody(400, "invalid_client", "invalid client_id or client_secret"));
  if (body.grant_type === "authorization_code") {
    const code = s.codes.get(body.code);
    if (!code || code.used || code.expiresAt < Date.now() || (code.redirectUri && code.redirectUri !== body.redirect_uri)) return invalidGrant();
    code.used = true;
    return send(200, issueTokens({ sellerId: code.sellerId }));
  }
  if (body.grant_type === "refresh_token") {
    const token = s.tokens.get(body.refresh_token);
    if (s.refuseRefresh > 0) {
      s.refuseRefresh -= 1;
      return invalidGrant();
    }
    if (!token || token.kind !== "refresh" || token.used) return invalidGrant();
    token.used = true;
    return send(200, issueTokens({ sellerId: token.sellerId }));
  }
  return send(400, errorBody(400, "unsupported_grant_type", "unsupported grant_type"));
}
