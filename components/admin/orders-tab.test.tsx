/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getState } from "@/components/ui/use-toast";
import { createQueryClient } from "@/lib/client/query-client";
import { answerFetch } from "@/tests/helpers/fetch-routes";
import { OrdersTab } from "./orders-tab";

// The administration's 'Pedidos' (api.md, Selling with Pix): the totals with
// the platform's fees, every page's orders, and an administrator's refund
// confirmed with its amount and page; a refusal said in the app's words. (The
// endpoints: app/api/admin/orders/admin-orders.integration.test.ts.)

const lastToast = () => getState().toasts[0];
const row = (id: string, status: string) => ({
  id,
  page: { id: "p1", username: "ana", name: "Ana" },
  title: "Curso",
  amountCents: 15_000,
  feeCents: 1500,
  status,
  createdAt: "2026-12-01T15:30:00.000Z",
});
const TOTALS = { status: 200, body: { paidOrders: 1, revenueCents: 15_000, feesCents: 1500, refundedOrders: 0 } };

it("shows the totals and the orders, and refunds a paid one after a confirmation", async () => {
  const fetched = answerFetch({
    "GET /api/admin/orders?limit=20": [
      { status: 200, body: [row("o1", "paid"), row("o2", "pending")] },
      { status: 200, body: [row("o1", "refunded"), row("o2", "pending")] },
    ],
    "GET /api/admin/orders/totals": [TOTALS, { status: 200, body: { paidOrders: 0, revenueCents: 0, feesCents: 0, refundedOrders: 1 } }],
    "POST /api/admin/orders/o1/refund": { status: 200, body: { id: "o1", status: "refunded", refundedAt: "2026-12-02T12:00:00.000Z" } },
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <OrdersTab />
    </QueryClientProvider>,
  );
  const totals = await screen.findByTestId("admin-order-totals");
  await waitFor(() => expect(totals).toHaveTextContent("Taxas da plataformaR$ 15,00"));
  const [paid, pending] = await screen.findAllByTestId("admin-order");
  expect(paid).toHaveTextContent("@ana");
  expect(paid).toHaveTextContent("R$ 150,00");
  expect(within(pending!).queryByRole("button", { name: /Estornar/ })).toBeNull();
  await userEvent.click(within(paid!).getByRole("button", { name: "Estornar Curso de @ana" }));
  const dialog = screen.getByRole("alertdialog");
  expect(dialog).toHaveTextContent("R$ 150,00 voltam para quem comprou");
  await userEvent.click(within(dialog).getByRole("button", { name: "Estornar" }));
  await waitFor(() => expect(screen.getAllByTestId("admin-order")[0]).toHaveTextContent("Estornado"));
  expect(lastToast()?.title).toBe("Pedido de R$ 150,00 estornado");
  await waitFor(() => expect(totals).toHaveTextContent("Estornados1"));
  expect(fetched.sent("POST", "/api/admin/orders/o1/refund")).toBe(1);
});

it("says a refused refund as 'Não foi possível estornar'", async () => {
  answerFetch({
    "GET /api/admin/orders?limit=20": { status: 200, body: [row("o1", "paid")] },
    "GET /api/admin/orders/totals": TOTALS,
    "POST /api/admin/orders/o1/refund": { status: 502, body: { message: "Não foi possível estornar" } },
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <OrdersTab />
    </QueryClientProvider>,
  );
  await userEvent.click(await screen.findByRole("button", { name: "Estornar Curso de @ana" }));
  await userEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Estornar" }));
  await waitFor(() => expect(lastToast()?.title).toBe("Não foi possível estornar"));
  expect(screen.getByTestId("admin-order")).toHaveTextContent("Pago");
});
