/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getState } from "@/components/ui/use-toast";
import { createQueryClient } from "@/lib/client/query-client";
import { SignUpStops } from "./signup-stops";

// The admin panel's stopped pages: listed with their wait, lifted by a button
// that calls DELETE /api/admin/signup-stops/{pageId} and leaves the list.
// (The endpoints themselves: app/api/subscribe/audience-caps.integration.test.ts.)

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock;
});

const answer = (status: number, body: unknown) => ({
  ok: status < 400,
  status,
  statusText: "",
  text: async () => JSON.stringify(body),
  headers: new Headers(),
});
const row = { pageId: "p1", name: "Loja da Ana", username: "ana", stoppedAt: "2026-11-28T12:00:00.000Z", waiting: 3 };

const renderStops = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SignUpStops />
    </QueryClientProvider>,
  );

describe("SignUpStops", () => {
  it("lists a stopped page and lifts it with 'Liberar envio'", async () => {
    fetchMock.mockResolvedValueOnce(answer(200, [row])).mockResolvedValueOnce(answer(200, { pageId: "p1", stopped: false }));
    renderStops();
    expect(await screen.findByRole("heading", { name: "Confirmações de inscrição paradas" })).toBeInTheDocument();
    expect(screen.getByText(/3 inscrições aguardando confirmação/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Liberar o envio de confirmações de @ana" }));
    await waitFor(() => expect(getState().toasts[0]?.description).toBe("Envio de confirmações liberado para @ana"));
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe("/api/admin/signup-stops/p1");
    expect(init.method).toBe("DELETE");
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Confirmações de inscrição paradas" })).toBeNull());
  });

  it("draws nothing when no page is stopped", async () => {
    fetchMock.mockResolvedValueOnce(answer(200, []));
    const { container } = renderStops();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(container).toBeEmptyDOMElement();
  });
});
