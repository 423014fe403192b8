// GET /api/payments/account?page= — owner; {connected, sellerId, connectedAt}, never a token.
// DELETE /api/payments/account?page= — owner; disconnects: selling stops, the products stay.
// Both 404 where selling is off.
import { route } from "@/lib/api/route";
import { accountSummary, disconnectAccount } from "@/lib/selling/payment-account";
import { whenSellingOn } from "@/lib/selling/selling-config";

export const GET = whenSellingOn(
  route({
    auth: "user",
    page: "payments.manage",
    handler: async ({ page }) => accountSummary(page.id),
  }),
);

export const DELETE = whenSellingOn(
  route({
    auth: "user",
    page: "payments.manage",
    handler: async ({ page }) => {
      await disconnectAccount(page.id);
      return { ok: true };
    },
  }),
);
