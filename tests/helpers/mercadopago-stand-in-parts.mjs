// Pieces of the Mercado Pago stand-in (tests/helpers/mercadopago-stand-in.mjs):
// the payment objects as Mercado Pago's API reference shows them, a Pix
// copy-and-paste code (a valid BR Code) with its QR image, the error bodies,
// and the signed notification. Plain JavaScript: it also runs outside Jest.
import { createHmac, randomUUID } from "node:crypto";
import { deflateSync } from "node:zlib";
import QRCode from "qrcode";

/** Mercado Pago's error body: {message, error, status, cause}. */
export function errorBody(status, error, message) {
  return { message, error, status, cause: [] };
}

/** What each injected failure answers when the test names none. */
export const DEFAULT_FAILURES = {
  400: errorBody(400, "bad_request", "Bad request"),
  401: errorBody(401, "unauthorized", "invalid access token"),
  403: errorBody(403, "forbidden", "Forbidden"),
  404: errorBody(404, "not_found", "Not found"),
  429: errorBody(429, "too_many_requests", "Too many requests"),
  500: errorBody(500, "internal_server_error", "Internal server error"),
  503: errorBody(503, "service_unavailable", "Service unavailable"),
};

function field(id, value) {
  return id + String(value.length).padStart(2, "0") + value;
}

/** CRC16-CCITT-FALSE, as the BR Code manual closes a code. */
function crc16(text) {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** A Pix BR Code for `amount` reais to a random key, its transaction id naming the payment. */
export function pixCode(paymentId, amount) {
  const body =
    field("00", "01") +
    field("26", field("00", "br.gov.bcb.pix") + field("01", randomUUID())) +
    field("52", "0000") +
    field("53", "986") +
    field("54", amount.toFixed(2)) +
    field("58", "BR") +
    field("59", "VENDEDOR TESTE") +
    field("60", "SAO PAULO") +
    field("62", field("05", `MP${paymentId}`.slice(0, 25))) +
    "6304";
  return body + crc16(body);
}

/** The code's QR image, a PNG in base64 (as `qr_code_base64`). */
export async function qrPngBase64(code) {
  return qrPng(QRCode.create(code, { errorCorrectionLevel: "M" }).modules).toString("base64");
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * The modules as an 8-bit greyscale PNG, 4 pixels a module and a 4-module
 * quiet zone, compressed by zlib (qrcode's own PNG writer takes most of a
 * second a code inside Jest's sandbox; this takes a few milliseconds).
 */
function qrPng(modules, scale = 4, quiet = 4) {
  const side = (modules.size + 2 * quiet) * scale;
  const raw = Buffer.alloc((side + 1) * side, 0xff);
  for (let y = 0; y < side; y++) {
    raw[y * (side + 1)] = 0; // filter: none
    const row = Math.floor(y / scale) - quiet;
    if (row < 0 || row >= modules.size) continue;
    for (let x = 0; x < side; x++) {
      const col = Math.floor(x / scale) - quiet;
      if (col >= 0 && col < modules.size && modules.get(row, col)) raw[y * (side + 1) + 1 + x] = 0;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A Pix payment as POST /v1/payments answers it, pending. */
export async function newPixPayment({ id, sellerId, body, origin, now }) {
  const amount = body.transaction_amount;
  const qr_code = pixCode(id, amount);
  return {
    id,
    date_created: now.toISOString(),
    date_approved: null,
    date_last_updated: now.toISOString(),
    date_of_expiration: body.date_of_expiration ?? new Date(now.getTime() + 24 * 3_600_000).toISOString(),
    money_release_date: null,
    operation_type: "regular_payment",
    payment_method_id: "pix",
    payment_type_id: "bank_transfer",
    status: "pending",
    status_detail: "pending_waiting_transfer",
    currency_id: "BRL",
    description: body.description ?? null,
    live_mode: false,
    collector_id: Number(sellerId),
    payer: {
      type: null,
      id: null,
      email: body.payer?.email ?? null,
      first_name: body.payer?.first_name ?? null,
      identification: body.payer?.identification ?? null,
    },
    metadata: {},
    external_reference: body.external_reference ?? null,
    notification_url: body.notification_url ?? null,
    transaction_amount: amount,
    transaction_amount_refunded: 0,
    application_fee: body.application_fee ?? null,
    transaction_details: { net_received_amount: 0, total_paid_amount: amount, overpaid_amount: 0, installment_amount: 0 },
    fee_details: [],
    refunds: [],
    point_of_interaction: {
      type: "PIX",
      transaction_data: { qr_code, qr_code_base64: await qrPngBase64(qr_code), ticket_url: `${origin}/pix/${id}/ticket` },
    },
  };
}

/** Why a POST /v1/payments body is refused (the first reason), or null. */
export function paymentBodyProblem(body) {
  if (!body || typeof body !== "object") return "body must be a JSON object";
  const amount = body.transaction_amount;
  if (typeof amount !== "number" || !(amount > 0) || Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6)
    return "transaction_amount must be a positive number of reais with at most 2 decimals";
  if (body.payment_method_id !== "pix") return "payment_method_id must be pix";
  if (typeof body.payer?.email !== "string" || !body.payer.email.includes("@")) return "payer.email is required";
  if (body.payer.identification && (body.payer.identification.type !== "CPF" || !/^\d{11}$/.test(body.payer.identification.number ?? "")))
    return "payer.identification must be a CPF";
  if (body.date_of_expiration !== undefined && Number.isNaN(Date.parse(body.date_of_expiration))) return "date_of_expiration is not a date";
  if (body.application_fee !== undefined && (typeof body.application_fee !== "number" || body.application_fee < 0 || body.application_fee >= amount))
    return "application_fee must be less than the amount";
  return null;
}

/** x-signature for a notification of `dataId`, as Mercado Pago signs it. */
export function signNotification({ dataId, requestId, ts, secret }) {
  const manifest = `id:${String(dataId).toLowerCase()};request-id:${requestId};ts:${ts};`;
  return `ts=${ts},v1=${createHmac("sha256", secret).update(manifest).digest("hex")}`;
}

/**
 * Sends Mercado Pago's notification of a payment to `url` (its
 * notification_url): POST ?data.id=…&type=payment, the body Mercado Pago
 * sends, x-request-id and x-signature. `tamper` spoils the signature.
 */
export async function sendNotification({ url, payment, secret, tamper = false }) {
  const target = new URL(url);
  target.searchParams.set("data.id", String(payment.id));
  target.searchParams.set("type", "payment");
  const requestId = randomUUID();
  const ts = String(Date.now());
  let signature = signNotification({ dataId: payment.id, requestId, ts, secret });
  if (tamper) signature = signature.replace(/.$/, (c) => (c === "0" ? "1" : "0"));
  const body = {
    action: "payment.updated",
    api_version: "v1",
    data: { id: String(payment.id) },
    date_created: new Date().toISOString(),
    id: Math.floor(Math.random() * 1e12),
    live_mode: false,
    type: "payment",
    user_id: String(payment.collector_id),
  };
  const res = await fetch(target, {
    method: "POST",
    headers: { "content-type": "application/json", "x-request-id": requestId, "x-signature": signature },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, body: await res.text(), url: target.toString(), requestId, signature };
}
