/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { LinkDto } from "@/lib/links/link-dto";
import { createQueryClient, queryKeys } from "./query-client";
import { useToggleLink } from "./use-links";

// The dashboard's switch: flipped in the list at the press, before the PATCH is
// answered (the owner sees it at once), flipped back when the server refuses.
const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock;
});

const link = (id: string, active: boolean) => ({ id, active, title: id }) as unknown as LinkDto;
const answer = (status: number, body: unknown) => ({ ok: status < 400, status, statusText: "", headers: new Map(), text: async () => JSON.stringify(body) });

function setup() {
  const client = createQueryClient();
  client.setQueryData(queryKeys.links, [link("a", true), link("b", true)]);
  const { result } = renderHook(() => useToggleLink(), { wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> });
  const activeOf = (id: string) => client.getQueryData<LinkDto[]>(queryKeys.links)!.find((l) => l.id === id)!.active;
  return { result, activeOf };
}

it("flips the link in the list before the server answers", async () => {
  let resolve!: (r: ReturnType<typeof answer>) => void;
  fetchMock.mockReturnValue(new Promise((r) => (resolve = r)));
  const { result, activeOf } = setup();
  act(() => result.current.mutate({ id: "a", active: false }));
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  expect(activeOf("a")).toBe(false);
  expect(activeOf("b")).toBe(true);
  expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({ active: false });
  fetchMock.mockResolvedValue(answer(200, [link("a", false), link("b", true)]));
  resolve(answer(200, link("a", false)));
  await waitFor(() => expect(result.current.isSuccess).toBe(true));
  expect(activeOf("a")).toBe(false);
});

it("flips it back when the server refuses", async () => {
  fetchMock.mockResolvedValueOnce(answer(500, { message: "Erro interno" }));
  fetchMock.mockResolvedValue(answer(200, [link("a", true), link("b", true)]));
  const { result, activeOf } = setup();
  act(() => result.current.mutate({ id: "a", active: false }));
  await waitFor(() => expect(result.current.isError).toBe(true));
  expect(activeOf("a")).toBe(true);
});
