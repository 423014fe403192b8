// A stand-in for Mercado Pago (MERCADOPAGO_API_URL and MERCADOPAGO_AUTH_URL in
// tests), answering as its API reference says: OAuth (the seller's consent
// page and POST /oauth/token), Pix payments, their refunds, and signed
// notifications. Jest starts it in-process; Playwright, the fault test and the
// bench run it as a process: `node tests/helpers/mercadopago-stand-in-server.mjs PORT`.
//
// What it answers (state in memory, lost when it stops):
//   GET  /authorization?client_id&response_type=code&platform_id=mp&state&redirect_uri
//        → 302 {redirect_uri}?code=…&state=… (the seller consents at once; seller `sellerId`)
//   POST /oauth/token {client_id, client_secret, grant_type, code, redirect_uri | refresh_token}
//        (JSON or form) → {access_token, refresh_token, user_id, expires_in, public_key, live_mode, …};
//        a used, unknown or expired code or refresh token → 400 invalid_grant (each is good once);
//        another client → 400 invalid_client
//   POST /v1/payments (Bearer seller token, X-Idempotency-Key required; pix only) → 201 pending payment
//        with point_of_interaction.transaction_data {qr_code (a valid BR Code), qr_code_base64 (PNG),
//        ticket_url}; the same key again → the same payment; a bad token → 401
//   GET  /v1/payments/{id} → the payment (another seller's → 404); a pending one past its
//        date_of_expiration reads cancelled/expired
//   POST /v1/payments/{id}/refunds (X-Idempotency-Key) → 201 refund; the payment becomes refunded;
//        only an approved payment is refundable (else 400)
//   GET  /health → ok
//
// CONTROL API — in-process (the object startMercadoPagoStandIn returns) | over HTTP (JSON bodies):
//   approve(ref, {notify?}) | POST /_stand-in/payments/{ref}/approve {notify?}
//   reject(ref, {notify?})  | POST /_stand-in/payments/{ref}/reject {notify?}
//   expire(ref, {notify?})  | POST /_stand-in/payments/{ref}/expire {notify?}   (cancelled, expired)
//        `ref` is the payment's id or its external_reference (our order id). notify: true sends the
//        signed notification to the payment's notification_url; a string sends it there instead.
//        Answer: {payment, notification?: {status, body, url, requestId, signature}}
//   notify(ref, {url?, tamper?}) | POST /_stand-in/payments/{ref}/notify {url?, tamper?}
//        Mercado Pago's notification: POST url?data.id=…&type=payment with x-request-id and
//        x-signature (HMAC of the webhook secret); tamper: true spoils the signature
//   payment(ref) | GET /_stand-in/payments/{ref};  payments() | GET /_stand-in/payments
//   failNext({status?, body?, hang?, delayMs?, match?, times?}) | POST /_stand-in/fail-next
//        the next `times` (default 1) API calls whose "METHOD /path" contains `match` (default: any)
//        answer `status` (401, 429, 500…; Mercado Pago's error body unless `body`), or never answer
//        (hang: true; the client's time-out must end it), or answer normally after delayMs
//   refuseRefresh(times = 1) | POST /_stand-in/refuse-refresh {times?}: refresh_token grants → 400 invalid_grant
//   refuseRefunds(times = 1) | POST /_stand-in/refuse-refunds {times?}: refunds → 400
//   issueCode({sellerId?, redirectUri?}) | POST /_stand-in/codes → {code}: a consent's code
//   issueTokens({sellerId?, expiresInSeconds?}): a token answer, as if a code had been exchanged
//   calls | GET /_stand-in/calls: every API call [{method, path, query, headers, body}] (failed ones too);
//   countCalls(match) counts those whose "METHOD /path" contains match
//   reset() | POST /_stand-in/reset: forgets payments, codes, tokens, calls and pending failures
//   options: {port = 0, clientId, clientSecret, webhookSecret, sellerId, tokenLifetimeSeconds}
//   (defaults in STAND_IN_DEFAULTS); origin; close().
import http from "node:http";
import { randomBytes } from "node:crypto";
import { answerApi } from "./mercadopago-stand-in-api.mjs";
import { DEFAULT_FAILURES, errorBody, qrPngBase64, sendNotification } from "./mercadopago-stand-in-parts.mjs";

export { signNotification } from "./mercadopago-stand-in-parts.mjs";

export const STAND_IN_DEFAULTS = {
  clientId: "1234567890123456",
  clientSecret: "stand-in-client-secret",
  webhookSecret: "stand-in-webhook-secret",
  sellerId: "202809963",
  tokenLifetimeSeconds: 15_552_000,
};

export async function startMercadoPagoStandIn(options = {}) {
  const config = { ...STAND_IN_DEFAULTS, ...options };
  // The first QR image loads the encoder's tables: not in the first payment's time.
  await qrPngBase64("warm-up");
  const s = fresh();
  function fresh() {
    return {
      codes: new Map(),
      tokens: new Map(),
      payments: new Map(),
      byKey: new Map(),
      refunds: new Map(),
      failures: [],
      refuseRefresh: 0,
      refuseRefunds: 0,
      calls: [],
      nextId: 1_319_000_001,
    };
  }
  const random = (n = 16) => randomBytes(n).toString("hex");
  const hanging = new Set();
  let origin = "";

  function issueTokens({ sellerId = config.sellerId, expiresInSeconds = config.tokenLifetimeSeconds } = {}) {
    const access = `APP_USR-${random()}-${sellerId}`;
    const refresh = `TG-${random()}-${sellerId}`;
    const expiresAt = Date.now() + expiresInSeconds * 1000;
    s.tokens.set(access, { kind: "access", sellerId, expiresAt, used: false });
    s.tokens.set(refresh, { kind: "refresh", sellerId, expiresAt: Date.now() + 180 * 86_400_000, used: false });
    return {
      access_token: access,
      token_type: "bearer",
      expires_in: expiresInSeconds,
      scope: "offline_access payments read write",
      user_id: Number(sellerId),
      refresh_token: refresh,
      public_key: `APP_USR-${random(8)}`,
      live_mode: false,
    };
  }

  function issueCode({ sellerId = config.sellerId, redirectUri = null } = {}) {
    const code = `TG-${random(12)}`;
    s.codes.set(code, { sellerId, redirectUri, used: false, expiresAt: Date.now() + 10 * 60_000 });
    return code;
  }

  const find = (ref) => s.payments.get(String(ref)) ?? [...s.payments.values()].reverse().find((p) => p.external_reference === String(ref));
  function mustFind(ref) {
    const p = find(ref);
    if (!p) throw Object.assign(new Error(`no payment ${ref}`), { status: 404 });
    return p;
  }
  function readPayment(p) {
    if (p.status === "pending" && p.date_of_expiration && Date.parse(p.date_of_expiration) < Date.now()) setStatus(p, "cancelled", "expired");
    return p;
  }
  function setStatus(p, status, detail) {
    const now = new Date().toISOString();
    Object.assign(p, { status, status_detail: detail, date_last_updated: now }, status === "approved" ? { date_approved: now, money_release_date: now } : {});
    return p;
  }
  const notify = (ref, { url, tamper = false } = {}) => {
    const p = mustFind(ref);
    return sendNotification({ url: url ?? p.notification_url, payment: p, secret: config.webhookSecret, tamper });
  };
  const change =
    (status, detail) =>
    async (ref, { notify: to } = {}) => {
      const payment = setStatus(mustFind(ref), status, detail);
      const notification = to ? await notify(ref, { url: typeof to === "string" ? to : undefined }) : undefined;
      return { payment, notification };
    };

  const control = {
    approve: change("approved", "accredited"),
    reject: change("rejected", "cc_rejected_other_reason"),
    expire: change("cancelled", "expired"),
    notify,
    payment: (ref) => find(ref),
    payments: () => [...s.payments.values()],
    failNext: (spec = {}) => void s.failures.push({ times: 1, ...spec }),
    refuseRefresh: (times = 1) => void (s.refuseRefresh = times),
    refuseRefunds: (times = 1) => void (s.refuseRefunds = times),
    issueCode,
    issueTokens,
    get calls() {
      return s.calls;
    },
    countCalls: (match) => s.calls.filter((c) => `${c.method} ${c.path}`.includes(match)).length,
    reset: () => void Object.assign(s, fresh()),
  };

  async function controlApi(req, url, body, send) {
    const [, , what, encoded, action] = url.pathname.split("/");
    const ref = encoded && decodeURIComponent(encoded);
    if (what === "payments" && req.method === "GET") {
      if (!ref)
        return send(
          200,
          control.payments().filter((p) => !url.searchParams.get("external_reference") || p.external_reference === url.searchParams.get("external_reference")),
        );
      return find(ref) ? send(200, find(ref)) : send(404, errorBody(404, "not_found", "no such payment"));
    }
    if (what === "payments" && ["approve", "reject", "expire"].includes(action)) return send(200, await control[action](ref, body ?? {}));
    if (what === "payments" && action === "notify") return send(200, await control.notify(ref, body ?? {}));
    if (what === "fail-next") return send(200, { ok: control.failNext(body ?? {}) ?? true });
    if (what === "refuse-refresh") return send(200, { ok: control.refuseRefresh(body?.times ?? 1) ?? true });
    if (what === "refuse-refunds") return send(200, { ok: control.refuseRefunds(body?.times ?? 1) ?? true });
    if (what === "codes") return send(200, { code: issueCode(body ?? {}) });
    if (what === "calls") return send(200, s.calls);
    if (what === "reset") return send(200, { ok: control.reset() ?? true });
    return send(404, errorBody(404, "not_found", "no such control"));
  }

  const server = http.createServer(async (req, res) => {
    const send = (status, data) => {
      if (!res.destroyed) res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(data));
    };
    try {
      const url = new URL(req.url ?? "/", "http://stand-in");
      const raw = await readBody(req);
      const body = parseBody(raw, req.headers["content-type"]);
      if (url.pathname === "/health") return res.end("ok");
      if (url.pathname.startsWith("/_stand-in/")) return await controlApi(req, url, body, send);
      if (req.method === "GET" && url.pathname === "/authorization") return authorize(url, res);
      if (req.method === "GET" && /^\/pix\/\d+\/ticket$/.test(url.pathname))
        return res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Pix</title>");
      const headers = {
        authorization: req.headers.authorization,
        "x-idempotency-key": req.headers["x-idempotency-key"],
        "content-type": req.headers["content-type"],
      };
      s.calls.push({ method: req.method, path: url.pathname, query: Object.fromEntries(url.searchParams), headers, body });
      const failure = takeFailure(`${req.method} ${url.pathname}`);
      if (failure?.hang) return void hanging.add(res);
      if (failure?.delayMs) await new Promise((r) => setTimeout(r, failure.delayMs));
      if (failure?.status)
        return send(failure.status, failure.body ?? DEFAULT_FAILURES[failure.status] ?? errorBody(failure.status, `http_${failure.status}`, "failure"));
      return await answerApi({ s, config, origin, issueTokens, readPayment, setStatus }, req, url, body, send);
    } catch (error) {
      send(error.status ?? 500, errorBody(error.status ?? 500, "stand_in_error", String(error.message ?? error)));
    }
  });

  function takeFailure(call) {
    const index = s.failures.findIndex((f) => !f.match || call.includes(f.match));
    if (index < 0) return null;
    const failure = s.failures[index];
    failure.times -= 1;
    if (failure.times <= 0) s.failures.splice(index, 1);
    return failure;
  }

  function authorize(url, res) {
    const q = url.searchParams;
    const redirect = q.get("redirect_uri");
    if (q.get("client_id") !== config.clientId || q.get("response_type") !== "code" || !redirect)
      return res.writeHead(400, { "content-type": "text/plain" }).end("invalid authorization request");
    const back = new URL(redirect);
    back.searchParams.set("code", issueCode({ redirectUri: redirect }));
    if (q.get("state")) back.searchParams.set("state", q.get("state"));
    res.writeHead(302, { location: back.toString() }).end();
  }

  await new Promise((resolve) => server.listen(config.port ?? 0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
  return Object.assign(control, {
    origin,
    config,
    close: () =>
      new Promise((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  });
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on("data", (c) => {
      size += c.length;
      if (size > 1024 * 1024) req.destroy(new Error("body too large"));
      else chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function parseBody(raw, type = "") {
  if (!raw) return undefined;
  if (type.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(raw));
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
