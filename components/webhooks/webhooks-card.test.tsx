/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ApiKeysCard } from "@/components/api-keys/api-keys-card";
import { getState } from "@/components/ui/use-toast";
import { createQueryClient } from "@/lib/client/query-client";
import { answerFetch } from "@/tests/helpers/fetch-routes";
import { WebhooksCard } from "./webhooks-card";

// The creator's tools' row actions: deleting a webhook or an API key asks
// first (nothing is sent until 'Excluir' in the dialog), a refusal of the
// server is a toast with its message and leaves the row, and a webhook's
// switch and 'Enviar teste' say when they fail. (The endpoints themselves:
// app/api/webhooks and app/api/keys integration tests; the journey:
// tests/e2e/api-webhooks.spec.ts.)

let fetched: ReturnType<typeof answerFetch>;
let routes: Parameters<typeof answerFetch>[0];
beforeEach(() => {
  routes = {};
  fetched = answerFetch(routes);
});

const hook = { id: "w1", url: "https://crm.example/hook", events: ["link.created"], active: true, failingSince: null, createdAt: "2026-11-28T12:00:00.000Z" };
const key = {
  id: "k1",
  name: "Integração CRM",
  prefix: "vt_ab12",
  scopes: ["links:read"],
  pages: null,
  createdAt: "2026-11-28T12:00:00.000Z",
  lastUsedAt: null,
};
const sent = (method: string, url: string) => fetched.sent(method, url);
const lastToast = () => getState().toasts[0];

const renderIn = (ui: React.ReactNode) => render(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);

describe("WebhooksCard", () => {
  it("deletes a webhook only after the confirmation, and a cancel sends nothing", async () => {
    Object.assign(routes, {
      "GET /api/webhooks": [
        { status: 200, body: [hook] },
        { status: 200, body: [] },
      ],
      "GET /api/webhooks/w1/deliveries": { status: 200, body: [] },
      "DELETE /api/webhooks/w1": { status: 200, body: { ok: true } },
    });
    renderIn(<WebhooksCard selling />);
    const remove = await screen.findByRole("button", { name: "Excluir o webhook https://crm.example/hook" });
    await userEvent.click(remove);
    let dialog = await screen.findByRole("alertdialog", { name: "Excluir o webhook?" });
    expect(dialog).toHaveTextContent("https://crm.example/hook deixa de receber os eventos desta página");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(sent("DELETE", "/api/webhooks/w1")).toBe(0);
    // The focus is back on the button that opened it.
    await waitFor(() => expect(remove).toHaveFocus());

    await userEvent.click(remove);
    dialog = await screen.findByRole("alertdialog", { name: "Excluir o webhook?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(lastToast()?.description).toBe("Webhook excluído"));
    expect(sent("DELETE", "/api/webhooks/w1")).toBe(1);
    expect(await screen.findByText("Nenhum webhook ainda.")).toBeInTheDocument();
    // Its button went with the row: the focus is on the card's heading.
    await waitFor(() => expect(screen.getByRole("heading", { name: "Webhooks" })).toHaveFocus());
  });

  it("offers the sales' events only where selling is on", async () => {
    Object.assign(routes, { "GET /api/webhooks": { status: 200, body: [] } });
    const { unmount } = renderIn(<WebhooksCard selling />);
    expect(await screen.findByRole("checkbox", { name: /Venda paga/ })).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: /Venda devolvida/ })).toBeInTheDocument();
    unmount();
    renderIn(<WebhooksCard selling={false} />);
    expect(await screen.findByRole("checkbox", { name: /Link criado/ })).toBeInTheDocument();
    expect(screen.queryByRole("checkbox", { name: /Venda paga/ })).toBeNull();
    expect(screen.queryByRole("checkbox", { name: /Venda devolvida/ })).toBeNull();
  });

  it("reads the deliveries as a person would", async () => {
    Object.assign(routes, {
      "GET /api/webhooks": { status: 200, body: [hook] },
      "GET /api/webhooks/w1/deliveries": {
        status: 200,
        body: [
          {
            id: "d2",
            type: "subscriber.confirmed",
            status: "failed",
            attempts: 7,
            lastStatusCode: 500,
            nextAttemptAt: null,
            createdAt: "2026-11-28T12:05:00.000Z",
          },
          { id: "d1", type: "ping", status: "delivered", attempts: 1, lastStatusCode: 200, nextAttemptAt: null, createdAt: "2026-11-28T12:00:00.000Z" },
        ],
      },
    });
    renderIn(<WebhooksCard selling />);
    const rows = await screen.findAllByTestId("webhook-delivery");
    expect(rows[0]).toHaveTextContent(/^Novo inscrito confirmadoFalhou · HTTP 500.* · 7 tentativas$/);
    expect(rows[1]).toHaveTextContent(/^TesteEntregue · HTTP 200/);
    expect(screen.getByTestId("webhook-row")).toHaveTextContent("Link criado");
  });

  it("says so when the switch or 'Enviar teste' is refused, and keeps the row as it was", async () => {
    Object.assign(routes, {
      "GET /api/webhooks": { status: 200, body: [hook] },
      "GET /api/webhooks/w1/deliveries": { status: 200, body: [] },
      "PATCH /api/webhooks/w1": { status: 403, body: { error: "Você não tem permissão para isso" } },
      "POST /api/webhooks/w1/test": { status: 429, body: { error: "Muitas tentativas. Tente de novo em instantes." } },
    });
    renderIn(<WebhooksCard selling />);
    const toggle = await screen.findByRole("switch", { name: "Ativo: https://crm.example/hook" });
    await userEvent.click(toggle);
    await waitFor(() => expect(lastToast()?.description).toBe("Você não tem permissão para isso"));
    expect(toggle).toBeChecked();
    await userEvent.click(screen.getByRole("button", { name: "Enviar teste" }));
    await waitFor(() => expect(lastToast()?.description).toBe("Muitas tentativas. Tente de novo em instantes."));
    expect(lastToast()?.variant).toBe("destructive");
  });
  it("checks the form with the route's schema: no event is refused beside the button, sending nothing; a refusal of the server is said there too", async () => {
    Object.assign(routes, {
      "GET /api/webhooks": [
        { status: 200, body: [] },
        { status: 200, body: [hook] },
      ],
      "GET /api/webhooks/w1/deliveries": { status: 200, body: [] },
      "POST /api/webhooks": [
        { status: 400, body: { message: "Endereço privado", errors: { url: "Esse endereço não pode receber webhooks" } } },
        { status: 201, body: { ...hook, secret: "whsec_abc" } },
      ],
    });
    renderIn(<WebhooksCard selling />);
    const form = await screen.findByRole("form", { name: "Adicionar webhook" });
    await userEvent.type(within(form).getByLabelText("Endereço (URL)"), "https://crm.example/hook");
    const add = within(form).getByRole("button", { name: "Adicionar webhook" });
    await userEvent.click(add);
    expect(await within(form).findByRole("alert")).toHaveTextContent("Escolha ao menos um evento");
    expect(sent("POST", "/api/webhooks")).toBe(0);
    // The refusal takes the focus.
    expect(within(form).getByRole("alert")).toHaveFocus();

    // An address that is none: the schema's pt-BR words, not the browser's bubble.
    await userEvent.clear(within(form).getByLabelText("Endereço (URL)"));
    await userEvent.type(within(form).getByLabelText("Endereço (URL)"), "crm");
    await userEvent.click(add);
    await waitFor(() => expect(within(form).getByRole("alert")).toHaveTextContent("Informe um endereço https:// válido"));
    expect(within(form).getByLabelText("Endereço (URL)")).toHaveAttribute("aria-invalid", "true");
    await userEvent.clear(within(form).getByLabelText("Endereço (URL)"));
    await userEvent.type(within(form).getByLabelText("Endereço (URL)"), "https://crm.example/hook");

    const box = within(form).getByRole("checkbox", { name: "Link criado" });
    expect(box).toHaveAccessibleDescription("Um link ou bloco foi adicionado à página. link.created");
    // Enter on a box does not send the form.
    box.focus();
    await userEvent.keyboard("{Enter}");
    expect(sent("POST", "/api/webhooks")).toBe(0);
    await userEvent.click(box);
    await userEvent.click(add);
    expect(await within(form).findByRole("alert")).toHaveTextContent("Esse endereço não pode receber webhooks");
    await userEvent.click(add);
    // The secret, whole, beside its webhook and naming it, with the focus on it.
    const secret = await screen.findByTestId("new-webhook-secret");
    expect(secret).toHaveTextContent("whsec_abc");
    const shown = screen.getByRole("group", { name: "Segredo do webhook https://crm.example/hook: copie agora, ele não será mostrado de novo." });
    expect(within(screen.getByTestId("webhook-row")).getByRole("group")).toBe(shown);
    await waitFor(() => expect(shown).toHaveFocus());
    expect(fetched.bodies("POST", "/api/webhooks")).toEqual([
      { url: "https://crm.example/hook", events: ["link.created"] },
      { url: "https://crm.example/hook", events: ["link.created"] },
    ]);
    expect(within(form).queryByRole("alert")).toBeNull();
    expect(within(form).getByLabelText("Endereço (URL)")).toHaveValue("");
    expect(within(form).getByRole("checkbox", { name: "Link criado" })).not.toBeChecked();
    expect(await screen.findByTestId("webhook-row")).toHaveTextContent("https://crm.example/hook");
  });
});

describe("ApiKeysCard", () => {
  it("deletes a key after the confirmation; a refusal keeps it listed with the server's message", async () => {
    Object.assign(routes, {
      "GET /api/keys": { status: 200, body: [key] },
      "GET /api/pages": { status: 200, body: [{ id: "p1", username: "ana" }] },
      "DELETE /api/keys/k1": [
        { status: 500, body: { error: "Erro interno. Tente novamente." } },
        { status: 200, body: { ok: true } },
      ],
    });
    renderIn(<ApiKeysCard />);
    await userEvent.click(await screen.findByRole("button", { name: "Excluir a chave Integração CRM" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Excluir a chave “Integração CRM”?" });
    expect(dialog).toHaveTextContent("perdem o acesso na hora");
    await userEvent.click(within(dialog).getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(lastToast()?.description).toBe("Erro interno. Tente novamente."));
    // Still asked, still listed: a second press goes through.
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
    expect(screen.getByTestId("api-key-row")).toHaveTextContent("Integração CRM");
    routes["GET /api/keys"] = { status: 200, body: [] };
    await userEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(lastToast()?.description).toBe("Chave “Integração CRM” excluída"));
    expect(sent("DELETE", "/api/keys/k1")).toBe(2);
    expect(await screen.findByText("Nenhuma chave ainda.")).toBeInTheDocument();
  });
});
