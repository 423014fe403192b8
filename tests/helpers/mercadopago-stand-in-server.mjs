// The Mercado Pago stand-in as a process (Playwright's webServer, the fault test, the bench):
// `node tests/helpers/mercadopago-stand-in-server.mjs PORT`. Its settings come from the same
// variables the app reads (MERCADOPAGO_CLIENT_ID, MERCADOPAGO_CLIENT_SECRET,
// MERCADOPAGO_WEBHOOK_SECRET), else STAND_IN_DEFAULTS; its control API is described at the top of
// tests/helpers/mercadopago-stand-in.mjs (POST /_stand-in/…).
import { STAND_IN_DEFAULTS, startMercadoPagoStandIn } from "./mercadopago-stand-in.mjs";

const standIn = await startMercadoPagoStandIn({
  port: Number(process.argv[2] ?? 0),
  clientId: process.env.MERCADOPAGO_CLIENT_ID || STAND_IN_DEFAULTS.clientId,
  clientSecret: process.env.MERCADOPAGO_CLIENT_SECRET || STAND_IN_DEFAULTS.clientSecret,
  webhookSecret: process.env.MERCADOPAGO_WEBHOOK_SECRET || STAND_IN_DEFAULTS.webhookSecret,
});
console.log(`Mercado Pago stand-in on ${standIn.origin}`);
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => void standIn.close().then(() => process.exit(0)));
