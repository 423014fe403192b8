import "server-only";
import { AppError } from "@/lib/server/errors";
import { errorFields, log } from "@/lib/server/log";
import { verifyNotificationSignature } from "./notification-signature";
import { checkPayment } from "./order-payments";
import { requireSelling } from "./selling-config";

// Mercado Pago's notification (api.md, Confirmation): only a signed one is
// heard, and it only says which payment to read back. Mercado Pago waits a
// few seconds for the answer and sends again when it gets none, so the app
// answers within 2 s: a read that takes longer goes on after the answer, and
// the jobs ask about every pending order anyway.

/** How long the answer waits for the payment to be read back and applied. */
export const NOTIFY_ANSWER_WITHIN_MS = 1_500;

export async function receiveNotification(input: { dataId: string | null; xSignature: string | null; xRequestId: string | null }): Promise<void> {
  const { webhookSecret } = requireSelling();
  if (!verifyNotificationSignature({ ...input, secret: webhookSecret })) throw new AppError("unauthorized");
  const paymentId = input.dataId!.trim();
  // Payment ids are numbers; anything else names no payment of ours.
  if (!/^\d{1,20}$/.test(paymentId)) return;
  const work = checkPayment(paymentId).then(
    (outcome) => log.info("selling.notified", { paymentId, outcome }),
    (error: unknown) => log.warn("selling.notify_failed", { paymentId, ...errorFields(error) }),
  );
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, NOTIFY_ANSWER_WITHIN_MS)))]);
  clearTimeout(timer);
}
