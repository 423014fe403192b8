/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getState } from "@/components/ui/use-toast";
import { createQueryClient } from "@/lib/client/query-client";
import { answerFetch } from "@/tests/helpers/fetch-routes";
import { BroadcastsTab } from "./broadcasts-tab";

// The administration's 'Envios' (api.md, Write to your list): every page's
// broadcasts with their figures, the pages paused with their reason, one
// broadcast paused after a confirmation naming its page, a page's sending
// paused from its broadcast, and a failure said in the app's words. (The
// endpoints: app/api/broadcasts/broadcasts.integration.test.ts; the journey:
// tests/e2e/admin-broadcasts.spec.ts.)

const lastToast = () => getState().toasts[0];
const row = (id: string, status: string, paused = false) => ({
  id,
  subject: "Novidades",
  status,
  sendAt: null,
  createdAt: "2026-12-01T15:30:00.000Z",
  startedAt: status === "sending" || status === "sent" ? "2026-12-01T16:00:00.000Z" : null,
  finishedAt: null,
  recipients: 120,
  sent: 80,
  failed: 2,
  unsubscribed: 1,
  clicks: 5,
  page: { id: "p1", username: "ana", name: "Ana", paused },
});
const PAUSE = {
  pageId: "p2",
  username: "bia",
  name: "Bia",
  reason: "Mais de 2% de cancelamentos nas primeiras 24 horas",
  pausedAt: "2026-12-01T18:00:00.000Z",
  byAdmin: false,
};

function draw() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BroadcastsTab />
    </QueryClientProvider>,
  );
}

it("lists the broadcasts with their figures and the paused pages with their reason; pauses one broadcast, then its page, after confirmations", async () => {
  const fetched = answerFetch({
    "GET /api/admin/broadcasts": [
      { status: 200, body: [row("b1", "sending")] },
      { status: 200, body: [row("b1", "paused")] },
      { status: 200, body: [row("b1", "paused", true)] },
    ],
    "GET /api/admin/broadcasts/pauses": [
      { status: 200, body: [PAUSE] },
      { status: 200, body: [PAUSE] },
      { status: 200, body: [PAUSE, { ...PAUSE, pageId: "p1", username: "ana", name: "Ana", reason: "Pausado por um administrador", byAdmin: true }] },
    ],
    "POST /api/admin/broadcasts/b1/pause": { status: 200, body: { id: "b1", status: "paused" } },
    "POST /api/admin/broadcasts/pauses/p1": { status: 200, body: { pageId: "p1", paused: true } },
  });
  draw();
  const [entry] = await screen.findAllByTestId("admin-broadcast");
  expect(entry).toHaveTextContent("Ana (@ana)");
  expect(entry).toHaveTextContent("Enviando");
  expect(within(entry!).getByLabelText("Números de “Novidades”")).toHaveTextContent("Destinatários120Enviadas80Falharam2Saíram da lista1");
  const [paused] = await screen.findAllByTestId("admin-paused-page");
  expect(paused).toHaveTextContent("Bia (@bia)");
  expect(paused).toHaveTextContent("Mais de 2% de cancelamentos nas primeiras 24 horas");

  await userEvent.click(within(entry!).getByRole("button", { name: "Pausar envio “Novidades” de @ana" }));
  const dialog = screen.getByRole("alertdialog");
  expect(dialog).toHaveTextContent("“Novidades”, de Ana (@ana), para de sair");
  await userEvent.click(within(dialog).getByRole("button", { name: "Pausar envio" }));
  await waitFor(() => expect(screen.getAllByTestId("admin-broadcast")[0]).toHaveTextContent("Pausado"));
  expect(lastToast()?.title).toBe("Envio pausado");
  expect(within(screen.getAllByTestId("admin-broadcast")[0]!).getByRole("button", { name: "Retomar envio “Novidades” de @ana" })).toBeVisible();

  await userEvent.click(within(screen.getAllByTestId("admin-broadcast")[0]!).getByRole("button", { name: "Pausar envios da página @ana" }));
  expect(within(screen.getByRole("alertdialog")).getByRole("heading")).toHaveTextContent("Pausar os envios de Ana (@ana)?");
  await userEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Pausar envios da página" }));
  await waitFor(() => expect(screen.getAllByTestId("admin-paused-page")).toHaveLength(2));
  expect(lastToast()?.title).toBe("Envios de @ana pausados");
  expect(screen.getAllByTestId("admin-broadcast")[0]).toHaveTextContent("Página pausada");
  expect(within(screen.getAllByTestId("admin-broadcast")[0]!).queryByRole("button", { name: "Pausar envios da página @ana" })).toBeNull();
  expect(fetched.sent("POST", "/api/admin/broadcasts/b1/pause")).toBe(1);
  expect(fetched.sent("POST", "/api/admin/broadcasts/pauses/p1")).toBe(1);
});

it("says the empty lists, a list that failed with a retry, and a refused action in the app's words", async () => {
  answerFetch({
    "GET /api/admin/broadcasts": [
      { status: 500, body: { error: "internal", message: "Erro interno" } },
      { status: 200, body: [row("b1", "scheduled")] },
    ],
    "GET /api/admin/broadcasts/pauses": { status: 200, body: [] },
    "POST /api/admin/broadcasts/b1/pause": { status: 409, body: { error: "conflict", message: "Só um envio agendado ou em andamento pode ser pausado" } },
  });
  draw();
  expect(await screen.findByText("Nenhuma página com envios pausados.")).toBeVisible();
  const failed = await screen.findByRole("alert");
  expect(failed).toHaveTextContent("Não foi possível carregar os envios.");
  await userEvent.click(within(failed).getByRole("button", { name: "Tentar novamente" }));
  const [entry] = await screen.findAllByTestId("admin-broadcast");
  await userEvent.click(within(entry!).getByRole("button", { name: "Pausar envio “Novidades” de @ana" }));
  await userEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Pausar envio" }));
  await waitFor(() => expect(lastToast()?.title).toBe("Não foi possível concluir"));
  expect(lastToast()?.description).toBe("Só um envio agendado ou em andamento pode ser pausado");
});
