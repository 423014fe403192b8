// GET /api/orders/:id/download?t= — public, by the order link's token; the product's file, streamed as an attachment,
// at most 10 times in the 30 days after payment. Wrong token → 404; refunded, unpaid or used up → 403. 404 where selling is off.
import { route } from "@/lib/api/route";
import { downloadOrderFile } from "@/lib/selling/buyer-orders";
import { orderIdSchema } from "@/lib/selling/checkout-schemas";
import { whenSellingOn } from "@/lib/selling/selling-config";

/** RFC 6266: an ASCII fallback name and the UTF-8 one. */
function disposition(name: string): string {
  const ascii =
    name
      .normalize("NFKD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/["\\]/g, "_") || "arquivo";
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const GET = whenSellingOn(
  route({
    params: orderIdSchema,
    handler: async ({ req, params }) => {
      const file = await downloadOrderFile(params.id, new URL(req.url).searchParams.get("t"));
      return new Response(file.stream, {
        headers: {
          "content-type": file.contentType,
          "content-length": String(file.size),
          "content-disposition": disposition(file.fileName),
          "cache-control": "private, no-store",
          "x-content-type-options": "nosniff",
        },
      });
    },
  }),
);
