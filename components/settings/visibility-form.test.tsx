/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getState } from "@/components/ui/use-toast";
import type { UserDto } from "@/lib/accounts/user-dto";
import { createQueryClient } from "@/lib/client/query-client";
import { VisibilityForm } from "./visibility-form";

jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh: jest.fn() }) }));

const user = { sensitive: "none", seoTitle: null, seoDescription: null, indexable: true } as UserDto;

function renderForm(overrides: Partial<UserDto> = {}) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <VisibilityForm user={{ ...user, ...overrides }} />
    </QueryClientProvider>,
  );
}

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock;
});

const answer = (status: number, body: unknown) => ({ ok: status < 400, status, statusText: "", text: async () => JSON.stringify(body) });
const save = () => userEvent.click(screen.getByRole("button", { name: "Salvar preferências" }));

describe("VisibilityForm", () => {
  it("counts characters and refuses 61 with the pt-BR message by the field, sending nothing", async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText("Título para buscadores"), "t".repeat(61));
    expect(screen.getByText("61/60 caracteres")).toBeInTheDocument();
    expect(screen.getByText("0/160 caracteres")).toBeInTheDocument();
    await save();
    expect(await screen.findByText("O título para buscadores deve ter no máximo 60 caracteres")).toBeInTheDocument();
    expect(screen.getByLabelText("Título para buscadores")).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the four fields with PATCH /api/user and says so in a toast", async () => {
    const saved = { ...user, sensitive: "adult", seoTitle: "Ana", seoDescription: null, indexable: false };
    fetchMock.mockResolvedValue(answer(200, { user: saved }));
    renderForm();
    await userEvent.type(screen.getByLabelText("Título para buscadores"), " Ana ");
    await userEvent.click(screen.getByRole("checkbox", { name: "Permitir que buscadores mostrem minha página" }));
    await userEvent.click(screen.getByRole("radio", { name: /Conteúdo para maiores de 18 anos/ }));
    await save();
    await waitFor(() => expect(getState().toasts[0]?.title).toBe("Configurações atualizadas com sucesso"));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/user");
    expect(init.method).toBe("PATCH");
    expect(JSON.parse(init.body)).toEqual({ seoTitle: "Ana", seoDescription: null, indexable: false, sensitive: "adult" });
  });

  it("shows a server refusal on its field with the failure toast", async () => {
    fetchMock.mockResolvedValue(
      answer(400, { message: "Dados inválidos", errors: { seoDescription: "A descrição para buscadores deve ter no máximo 160 caracteres" } }),
    );
    renderForm({ sensitive: "sensitive" });
    expect(screen.getByRole("radio", { name: /^Conteúdo sensível/ })).toBeChecked();
    await save();
    expect(await screen.findByText("A descrição para buscadores deve ter no máximo 160 caracteres")).toBeInTheDocument();
    expect(getState().toasts[0]?.description).toBe("Não foi possível atualizar as configurações");
  });
});
