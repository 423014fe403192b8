// GET /api/orders/export?page= — editor reads; every order of the page as a CSV attachment
// (data,produto,comprador,email,valor,status). 404 where selling is off.
import { z } from "zod";
import { route } from "@/lib/api/route";
import { ordersCsv } from "@/lib/selling/order-queries";
import { whenSellingOn } from "@/lib/selling/selling-config";
import { apiReferenceStrings } from "@/lib/strings/api-reference";

export const GET = whenSellingOn(
  route({
    auth: "user",
    page: "orders.read",
    api: { summary: apiReferenceStrings.ops.exportOrders, files: { "text/csv": z.string() } },
    handler: async ({ page }) =>
      new Response(await ordersCsv(page.id), {
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="vitrine-${page.username}-pedidos.csv"`,
          "cache-control": "no-store",
        },
      }),
  }),
);
