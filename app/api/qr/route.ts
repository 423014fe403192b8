// GET /api/qr?page=&format=svg|png[&download=1] — any member of the page; its QR code (SVG, or a 1024 × 1024 PNG); 60 a minute per address.
import { pageQr, qrQuerySchema } from "@/lib/qr/page-qr";
import { route } from "@/lib/api/route";
import { enforce, LIMITS } from "@/lib/server/rate-limit";
import { clientIp } from "@/lib/server/request";

export const GET = route({
  auth: "user",
  page: "page.view",
  handler: async ({ req, page }) => {
    const query = qrQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
    // 60 a minute per address (none known: not limited, lib/server/rate-limit.ts).
    await enforce(`qr:ip:${clientIp(req)}`, LIMITS.qrCodesPerIp);
    const qr = await pageQr(page.id, query.format);
    const headers: Record<string, string> = {
      "content-type": qr.type,
      "cache-control": "private, no-store",
      // An SVG opened on its own draws nothing but itself.
      "content-security-policy": "default-src 'none'; img-src data:; style-src 'unsafe-inline'",
      "x-content-type-options": "nosniff",
    };
    if (query.download === "1") headers["content-disposition"] = `attachment; filename="vitrine-${qr.username}-qrcode.${query.format}"`;
    return new Response(qr.body as BodyInit, { status: 200, headers });
  },
});
