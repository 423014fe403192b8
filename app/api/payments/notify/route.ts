// POST /api/payments/notify?data.id=&type=payment — Mercado Pago's signed notification (no session; its x-signature
// is the authorisation). Bad signature → 401, nothing changes. The body is never trusted: the payment is read back
// from Mercado Pago. 200 within 2 s, also for a payment the app does not know. 404 where selling is off.
import { route } from "@/lib/api/route";
import { receiveNotification } from "@/lib/selling/notifications";
import { whenSellingOn } from "@/lib/selling/selling-config";

export const POST = whenSellingOn(
  route({
    handler: async ({ req }) => {
      await receiveNotification({
        dataId: new URL(req.url).searchParams.get("data.id"),
        xSignature: req.headers.get("x-signature"),
        xRequestId: req.headers.get("x-request-id"),
      });
      return { ok: true };
    },
  }),
);
