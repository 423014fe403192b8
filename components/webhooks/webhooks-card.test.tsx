/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ApiKeysCard } from "@/components/api-keys/api-keys-card";
import { getState } from "@/components/ui/use-toast";
import { createQueryClient } from "@/lib/client/query-client";
import { WebhooksCard } from "./webhooks-card";

// The creator's tools' row actions: deleting a webhook or an API key asks
// first (nothing is sent until 'Excluir' in the dialog), a refusal of the
// server is a toast with its message and leaves the row, and a webhook's
// switch and 'Enviar teste' say when they fail. (The endpoints themselves:
// app/api/webhooks and app/api/keys integration tests; the journey:
// tests/e2e/api-webhooks.spec.ts.)

type Answer = { status: number; body: unknown };
let routes: Record<string, Answer | Answer[]>;
const calls: { url: string; method: string }[] = [];

beforeEach(() => {
  calls.length = 0;
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    calls.push({ url, method });
    const route = routes[`${method} ${url}`];
    const answer = Array.isArray(route) ? route.shift() : route;
    if (!answer) throw new Error(`unexpected ${method} ${url}`);
    return { ok: answer.status < 400, status: answer.status, statusText: "", text: async () => JSON.stringify(answer.body), headers: new Headers() } as Response;
  }) as typeof fetch;
});

const hook = { id: "w1", url: "https://crm.example/hook", events: ["link.created"], active: true, failingSince: null, createdAt: "2026-11-28T12:00:00.000Z" };
const key = { id: "k1", name: "Integração CRM", prefix: "vt_ab12", scopes: ["links:read"], pages: null, createdAt: "2026-11-28T12:00:00.000Z", lastUsedAt: null };
const sent = (method: string, url: string) => calls.filter((c) => c.method === method && c.url === url).length;
const lastToast = () => getState().toasts[0];

const renderIn = (ui: React.ReactNode) => render(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);

describe("WebhooksCard", () => {
  it("deletes a webhook only after the confirmation, and a cancel sends nothing", async () => {
    routes = {
      "GET /api/webhooks": [{ status: 200, body: [hook] }, { status: 200, body: [] }],
      "GET /api/webhooks/w1/deliveries": { status: 200, body: [] },
      "DELETE /api/webhooks/w1": { status: 200, body: { ok: true } },
    };
    renderIn(<WebhooksCard />);
    const remove = await screen.findByRole("button", { name: "Excluir o webhook https://crm.example/hook" });
    await userEvent.click(remove);
    let dialog = await screen.findByRole("alertdialog", { name: "Excluir o webhook?" });
    expect(dialog).toHaveTextContent("https://crm.example/hook deixa de receber os eventos desta página");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(sent("DELETE", "/api/webhooks/w1")).toBe(0);

    await userEvent.click(remove);
    dialog = await screen.findByRole("alertdialog", { name: "Excluir o webhook?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(lastToast()?.description).toBe("Webhook excluído"));
    expect(sent("DELETE", "/api/webhooks/w1")).toBe(1);
    expect(await screen.findByText("Nenhum webhook ainda.")).toBeInTheDocument();
  });

  it("says so when the switch or 'Enviar teste' is refused, and keeps the row as it was", async () => {
    routes = {
      "GET /api/webhooks": { status: 200, body: [hook] },
      "GET /api/webhooks/w1/deliveries": { status: 200, body: [] },
      "PATCH /api/webhooks/w1": { status: 403, body: { error: "Você não tem permissão para isso" } },
      "POST /api/webhooks/w1/test": { status: 429, body: { error: "Muitas tentativas. Tente de novo em instantes." } },
    };
    renderIn(<WebhooksCard />);
    const toggle = await screen.findByRole("switch", { name: "Ativo: https://crm.example/hook" });
    await userEvent.click(toggle);
    await waitFor(() => expect(lastToast()?.description).toBe("Você não tem permissão para isso"));
    expect(toggle).toBeChecked();
    await userEvent.click(screen.getByRole("button", { name: "Enviar teste" }));
    await waitFor(() => expect(lastToast()?.description).toBe("Muitas tentativas. Tente de novo em instantes."));
    expect(lastToast()?.variant).toBe("destructive");
  });
});

describe("ApiKeysCard", () => {
  it("deletes a key after the confirmation; a refusal keeps it listed with the server's message", async () => {
    routes = {
      "GET /api/keys": { status: 200, body: [key] },
      "GET /api/pages": { status: 200, body: [{ id: "p1", username: "ana" }] },
      "DELETE /api/keys/k1": [{ status: 500, body: { error: "Erro interno. Tente novamente." } }, { status: 200, body: { ok: true } }],
    };
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
