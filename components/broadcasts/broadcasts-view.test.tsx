/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createQueryClient } from "@/lib/client/query-client";
import type { BroadcastDto } from "@/lib/broadcasts/broadcast-schemas";
import { answerFetch } from "@/tests/helpers/fetch-routes";
import { BroadcastsView } from "./broadcasts-view";

jest.mock("next/navigation", () => ({ useRouter: () => ({ push: jest.fn() }), useSearchParams: () => null, usePathname: () => "/dashboard/broadcasts" }));

// 'Escrever para a lista' (api.md, Write to your list): the composer checks
// with the API's own schema, keeps drafts, previews the message the server
// draws, asks before sending naming the recipients, and shows the history's
// figures. (The endpoints: app/api/broadcasts integration tests.)

const renderIn = (ui: React.ReactNode) => render(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);

const broadcast = (fields: Partial<BroadcastDto> = {}): BroadcastDto => ({
  id: "b1",
  subject: "Novidades",
  body: "Oi",
  status: "draft",
  sendAt: null,
  createdAt: "2026-12-01T13:00:00.000Z",
  startedAt: null,
  finishedAt: null,
  recipients: 0,
  sent: 0,
  failed: 0,
  unsubscribed: 0,
  clicks: 0,
  ...fields,
});

const preview = (recipients: number) => ({ status: 200, body: { subject: "Novidades", html: "<p>Oi <strong>todos</strong></p>", text: "Oi", recipients } });

async function write(subject: string, body: string) {
  await userEvent.type(screen.getByLabelText("Assunto"), subject);
  await userEvent.type(screen.getByLabelText("Mensagem"), body);
}

describe("BroadcastsView", () => {
  it("keeps a draft: the typed subject and body, a selection made bold by the toolbar", async () => {
    const fetched = answerFetch({
      "GET /api/broadcasts": [
        { status: 200, body: [] },
        { status: 200, body: [broadcast({ body: "Oi **todos**" })] },
      ],
      "POST /api/broadcasts": { status: 201, body: broadcast({ body: "Oi **todos**" }) },
    });
    renderIn(<BroadcastsView role="owner" />);
    expect(await screen.findByText("Nenhum envio ainda. Escreva a primeira mensagem acima.")).toBeVisible();
    await write("Novidades", "Oi todos");
    const area = screen.getByLabelText<HTMLTextAreaElement>("Mensagem");
    area.setSelectionRange(3, 8);
    await userEvent.click(screen.getByRole("button", { name: "Negrito" }));
    expect(area.value).toBe("Oi **todos**");
    await userEvent.click(screen.getByRole("button", { name: "Salvar rascunho" }));
    await waitFor(() => expect(fetched.bodies("POST", "/api/broadcasts")).toEqual([{ subject: "Novidades", body: "Oi **todos**" }]));
    expect(await screen.findByTestId("broadcast")).toHaveTextContent("Rascunho");
    expect(screen.getByRole("heading", { name: "Editar mensagem" })).toBeVisible();
  });

  it("refuses an empty subject and body with the schema's words, sending nothing", async () => {
    const fetched = answerFetch({ "GET /api/broadcasts": { status: 200, body: [] } });
    renderIn(<BroadcastsView role="owner" />);
    await userEvent.click(screen.getByRole("button", { name: "Salvar rascunho" }));
    expect(await screen.findByText("Informe o assunto")).toBeVisible();
    expect(screen.getByText("Escreva a mensagem")).toBeVisible();
    expect(screen.getByLabelText("Assunto")).toHaveAttribute("aria-invalid", "true");
    expect(fetched.sent("POST", "/api/broadcasts")).toBe(0);
  });

  it("previews the message the server draws, at a phone's width, with how many would get it", async () => {
    const fetched = answerFetch({ "GET /api/broadcasts": { status: 200, body: [] }, "POST /api/broadcasts/preview": preview(12) });
    renderIn(<BroadcastsView role="owner" />);
    await write("Novidades", "Oi");
    await userEvent.click(screen.getByRole("button", { name: "Pré-visualizar" }));
    const frame = await screen.findByTitle("Pré-visualização de “Novidades”");
    expect(frame).toHaveAttribute("srcdoc", "<p>Oi <strong>todos</strong></p>");
    expect(frame).toHaveAttribute("sandbox", "");
    expect(screen.getByTestId("broadcast-recipients")).toHaveTextContent("12 inscritos confirmados vão receber.");
    expect(fetched.bodies("POST", "/api/broadcasts/preview")).toEqual([{ subject: "Novidades", body: "Oi" }]);
  });

  it("asks before sending, naming the recipients, then saves and sends", async () => {
    const fetched = answerFetch({
      "GET /api/broadcasts": [
        { status: 200, body: [] },
        { status: 200, body: [broadcast({ status: "sending", recipients: 1234, sent: 10 })] },
      ],
      "POST /api/broadcasts/preview": preview(1234),
      "POST /api/broadcasts": { status: 201, body: broadcast() },
      "POST /api/broadcasts/b1/send": { status: 200, body: broadcast({ status: "sending" }) },
    });
    renderIn(<BroadcastsView role="owner" />);
    await write("Novidades", "Oi");
    await userEvent.click(screen.getByRole("button", { name: "Enviar agora" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("A mensagem vai para 1.234 inscritos confirmados.");
    expect(fetched.sent("POST", "/api/broadcasts/b1/send")).toBe(0);
    await userEvent.click(within(dialog).getByRole("button", { name: "Enviar" }));
    await waitFor(() => expect(fetched.bodies("POST", "/api/broadcasts/b1/send")).toEqual([{}]));
    const row = await screen.findByTestId("broadcast");
    expect(row).toHaveTextContent("Enviando");
    expect(within(row).getByText("1.234")).toBeVisible();
    // The form is empty again, for the next message.
    expect(screen.getByLabelText("Assunto")).toHaveValue("");
  });

  it("shows the server's refusal above the buttons, and the draft it kept before in the history", async () => {
    answerFetch({
      "GET /api/broadcasts": [
        { status: 200, body: [] },
        { status: 200, body: [broadcast()] },
      ],
      "POST /api/broadcasts": { status: 201, body: broadcast() },
      "POST /api/broadcasts/b1/test": { status: 403, body: { error: "Confirme seu e-mail primeiro" } },
    });
    renderIn(<BroadcastsView role="owner" />);
    expect(await screen.findByText("Nenhum envio ainda. Escreva a primeira mensagem acima.")).toBeVisible();
    await write("Novidades", "Oi");
    await userEvent.click(screen.getByRole("button", { name: "Enviar teste" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Confirme seu e-mail primeiro");
    expect(await screen.findByTestId("broadcast")).toHaveTextContent("Rascunho");
  });

  it("gives an editor drafts only: no test, schedule or send", async () => {
    answerFetch({
      "GET /api/broadcasts": { status: 200, body: [broadcast({ status: "sent", recipients: 20, sent: 19, failed: 1, unsubscribed: 2, clicks: 7 })] },
    });
    renderIn(<BroadcastsView role="editor" />);
    const row = await screen.findByTestId("broadcast");
    expect(row).toHaveTextContent("Enviado");
    const figures: [string, string][] = [
      ["Destinatários", "20"],
      ["Enviados", "19"],
      ["Falharam", "1"],
      ["Saíram da lista", "2"],
      ["Cliques", "7"],
    ];
    for (const [label, value] of figures) expect(within(row).getByText(label).nextSibling).toHaveTextContent(value);
    // A sent broadcast cannot be edited.
    expect(within(row).queryByRole("button", { name: /Editar/ })).toBeNull();
    expect(screen.getByText(/quem administra a página faz o envio/)).toBeVisible();
    for (const name of ["Enviar teste", "Agendar", "Enviar agora"]) expect(screen.queryByRole("button", { name })).toBeNull();
    expect(screen.getByRole("button", { name: "Salvar rascunho" })).toBeVisible();
  });

  it("loads a draft from the history into the form, and changes it in place", async () => {
    const fetched = answerFetch({
      "GET /api/broadcasts": { status: 200, body: [broadcast({ subject: "Antigo", body: "Texto antigo" })] },
      "PUT /api/broadcasts/b1": { status: 200, body: broadcast({ subject: "Novo", body: "Texto antigo" }) },
    });
    renderIn(<BroadcastsView role="owner" />);
    await userEvent.click(await screen.findByRole("button", { name: "Editar “Antigo”" }));
    expect(screen.getByLabelText("Mensagem")).toHaveValue("Texto antigo");
    expect(screen.getByLabelText("Assunto")).toHaveFocus();
    await userEvent.clear(screen.getByLabelText("Assunto"));
    await userEvent.type(screen.getByLabelText("Assunto"), "Novo");
    await userEvent.click(screen.getByRole("button", { name: "Salvar rascunho" }));
    await waitFor(() => expect(fetched.bodies("PUT", "/api/broadcasts/b1")).toEqual([{ subject: "Novo", body: "Texto antigo" }]));
    expect(fetched.sent("POST", "/api/broadcasts")).toBe(0);
  });
});
