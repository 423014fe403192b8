/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createQueryClient } from "@/lib/client/query-client";
import { answerFetch } from "@/tests/helpers/fetch-routes";
import { ApiKeysCard } from "./api-keys-card";

// 'Criar chave' checks what it sends with POST /api/keys's own schema
// (lib/api-keys/api-key-schemas.ts): a refusal is said beside the button
// before anything is sent, the server's refusals the same way, and what is
// sent is the schema's output. (The endpoint: app/api/keys integration tests;
// the journey: tests/e2e/api-webhooks.spec.ts.)

const key = {
  id: "k1",
  name: "Integração CRM",
  prefix: "vt_ab12",
  scopes: ["links:read"],
  pages: null,
  createdAt: "2026-11-28T12:00:00.000Z",
  lastUsedAt: null,
};
const pages = [
  { id: "p1", username: "ana" },
  { id: "p2", username: "ana_loja" },
];

function renderCard() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiKeysCard />
    </QueryClientProvider>,
  );
  return screen.findByRole("form", { name: "Criar chave" });
}

describe("ApiKeysCard's form", () => {
  it("refuses a blank name and no permission by the schema's words, sending nothing, and leaves the focus on the button", async () => {
    const fetched = answerFetch({ "GET /api/keys": { status: 200, body: [] }, "GET /api/pages": { status: 200, body: pages } });
    const form = await renderCard();
    const create = within(form).getByRole("button", { name: "Criar chave" });
    await userEvent.type(within(form).getByLabelText("Nome"), "   ");
    await userEvent.click(create);
    expect(await within(form).findByRole("alert")).toHaveTextContent("Dê um nome à chave");
    // The refusal takes the focus, where a screen reader and the hand are.
    expect(within(form).getByRole("alert")).toHaveFocus();

    await userEvent.type(within(form).getByLabelText("Nome"), "CRM");
    // The message stays until the next press.
    expect(within(form).getByRole("alert")).toHaveTextContent("Dê um nome à chave");
    await userEvent.click(create);
    expect(await within(form).findByRole("alert")).toHaveTextContent("Escolha ao menos uma permissão");
    await waitFor(() => expect(within(form).getByRole("alert")).toHaveFocus());
    expect(fetched.sent("POST", "/api/keys")).toBe(0);
  });

  it("sends the schema's output (the name trimmed, pages only when some are picked), shows the key once and empties the form", async () => {
    const fetched = answerFetch({
      "GET /api/keys": [
        { status: 200, body: [] },
        { status: 200, body: [key] },
        { status: 200, body: [key, { ...key, id: "k2", name: "Loja" }] },
      ],
      "GET /api/pages": { status: 200, body: pages },
      "POST /api/keys": [
        { status: 201, body: { ...key, key: "vt_ab12_secret" } },
        { status: 400, body: { message: "Dados inválidos", errors: { pages: "Página não encontrada entre as suas" } } },
        { status: 201, body: { ...key, id: "k2", name: "Loja", key: "vt_cd34_secret" } },
      ],
    });
    const form = await renderCard();
    await userEvent.type(within(form).getByLabelText("Nome"), "  Integração CRM ");
    expect(within(form).getByRole("checkbox", { name: "Ver os links" })).toHaveAccessibleDescription(
      "Lê os links e blocos da página e os cliques de cada um. links:read",
    );
    await userEvent.click(within(form).getByRole("checkbox", { name: "Ver os links" }));
    await userEvent.click(within(form).getByRole("button", { name: "Criar chave" }));
    expect(await screen.findByTestId("new-api-key")).toHaveTextContent("vt_ab12_secret");
    // Beside its key and naming it, with the focus on it.
    const shown = screen.getByRole("group", { name: "Chave “Integração CRM”: copie agora, ela não será mostrada de novo." });
    expect(within(await screen.findByTestId("api-key-row")).getByRole("group")).toBe(shown);
    await waitFor(() => expect(shown).toHaveFocus());
    expect(within(form).getByLabelText("Nome")).toHaveValue("");
    expect(within(form).getByRole("checkbox", { name: "Ver os links" })).not.toBeChecked();

    await userEvent.type(within(form).getByLabelText("Nome"), "Loja");
    await userEvent.click(within(form).getByRole("checkbox", { name: "Mudar os links" }));
    await userEvent.click(within(form).getByRole("checkbox", { name: "Ver os links" }));
    await userEvent.click(within(form).getByRole("checkbox", { name: "ana_loja" }));
    await userEvent.click(within(form).getByRole("button", { name: "Criar chave" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("Página não encontrada entre as suas");
    await userEvent.click(within(form).getByRole("button", { name: "Criar chave" }));
    expect(await screen.findByTestId("new-api-key")).toHaveTextContent("vt_cd34_secret");
    expect(within(form).queryByRole("alert")).toBeNull();
    expect(fetched.bodies("POST", "/api/keys")).toEqual([
      { name: "Integração CRM", scopes: ["links:read"] },
      { name: "Loja", scopes: ["links:read", "links:write"], pages: ["ana_loja"] },
      { name: "Loja", scopes: ["links:read", "links:write"], pages: ["ana_loja"] },
    ]);
  });
});
