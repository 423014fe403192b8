/** @jest-environment jsdom */
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getState } from "@/components/ui/use-toast";
import type { OrderDto } from "@/lib/selling/order-queries";
import { answerFetch } from "@/tests/helpers/fetch-routes";
import { OrdersList } from "./orders-list";

const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh }), useSearchParams: () => null }));

// 'Vendas' orders (api.md, The creator's sales): the CPF only masked, the
// amount in reais, the status in pt-BR; 'Estornar' on a paid order confirmed
// with its amount and buyer, its answer said and the row's status changed; a
// refused refund said as `Não foi possível estornar`; paging by cursor. (The
// endpoints: app/api/orders/orders.integration.test.ts.)

beforeEach(() => refresh.mockReset());
const lastToast = () => getState().toasts[0];

const order = (id: string, over: Partial<OrderDto> = {}): OrderDto => ({
  id,
  blockId: "b1",
  title: "E-book de receitas",
  amountCents: 123_456,
  feeCents: 0,
  status: "paid",
  buyer: { name: "Bia Lima", email: "bia@exemplo.com", cpf: "***.456.789-**" },
  createdAt: "2026-12-01T15:30:00.000Z",
  paidAt: "2026-12-01T15:31:00.000Z",
  refundedAt: null,
  ...over,
});

it("shows each order, and refunds a paid one after a confirmation naming its amount and buyer", async () => {
  const fetched = answerFetch({
    "POST /api/orders/o1/refund": { status: 200, body: { id: "o1", status: "refunded", refundedAt: "2026-12-02T12:00:00.000Z" } },
  });
  render(
    <OrdersList
      initial={{ items: [order("o1"), order("o2", { status: "pending", buyer: { name: "Caio", email: "caio@exemplo.com", cpf: null } })], nextCursor: null }}
      mayRefund
    />,
  );
  const [paid, pending] = screen.getAllByTestId("order");
  expect(paid).toHaveTextContent("R$ 1.234,56");
  expect(paid).toHaveTextContent("01/12/2026 12:30");
  expect(paid).toHaveTextContent("CPF ***.456.789-**");
  expect(within(paid!).getByTestId("order-status")).toHaveTextContent("Pago");
  expect(within(pending!).getByTestId("order-status")).toHaveTextContent("Aguardando pagamento");
  expect(within(pending!).queryByRole("button", { name: /Estornar/ })).toBeNull();
  expect(screen.getByRole("link", { name: "Exportar CSV" })).toHaveAttribute("href", "/api/orders/export");

  await userEvent.click(within(paid!).getByRole("button", { name: "Estornar E-book de receitas de Bia Lima" }));
  const dialog = screen.getByRole("alertdialog");
  expect(dialog).toHaveTextContent("R$ 1.234,56 voltam para a conta de Bia Lima");
  await userEvent.click(within(dialog).getByRole("button", { name: "Estornar" }));
  await waitFor(() => expect(within(paid!).getByTestId("order-status")).toHaveTextContent("Estornado"));
  expect(lastToast()?.title).toBe("Pedido de R$ 1.234,56 estornado");
  expect(within(paid!).queryByRole("button", { name: /Estornar/ })).toBeNull();
  expect(fetched.sent("POST", "/api/orders/o1/refund")).toBe(1);
  expect(refresh).toHaveBeenCalled();
});

it("says a refused refund in the app's words and leaves the order paid", async () => {
  answerFetch({ "POST /api/orders/o1/refund": { status: 502, body: { message: "Não foi possível estornar" } } });
  render(<OrdersList initial={{ items: [order("o1")], nextCursor: null }} mayRefund />);
  await userEvent.click(screen.getByRole("button", { name: /Estornar/ }));
  await userEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Estornar" }));
  await waitFor(() => expect(lastToast()?.title).toBe("Não foi possível estornar"));
  expect(screen.getByTestId("order-status")).toHaveTextContent("Pago");
  expect(refresh).not.toHaveBeenCalled();
});

it("offers no refund to an editor, and loads the next 50 by cursor", async () => {
  const fetched = answerFetch({ "GET /api/orders?cursor=o1": { status: 200, body: { items: [order("o2", { title: "Curso" })], nextCursor: null } } });
  render(<OrdersList initial={{ items: [order("o1")], nextCursor: "o1" }} mayRefund={false} />);
  expect(screen.queryByRole("button", { name: /Estornar/ })).toBeNull();
  await userEvent.click(screen.getByRole("button", { name: "Carregar mais" }));
  await waitFor(() => expect(screen.getAllByTestId("order")).toHaveLength(2));
  expect(screen.getAllByTestId("order")[1]).toHaveTextContent("Curso");
  expect(screen.queryByRole("button", { name: "Carregar mais" })).toBeNull();
  expect(fetched.sent("GET", "/api/orders?cursor=o1")).toBe(1);
});
