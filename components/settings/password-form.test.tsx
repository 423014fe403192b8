/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getState } from "@/components/ui/use-toast";
import { createQueryClient } from "@/lib/client/query-client";
import { PasswordForm } from "./password-form";

jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh: jest.fn() }) }));

function renderForm(hasPassword: boolean) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <PasswordForm hasPassword={hasPassword} />
    </QueryClientProvider>,
  );
}

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock;
});

/** What api() reads of a fetch answer (jsdom has no Response). */
const answer = (status: number, body: unknown) => ({ ok: status < 400, status, statusText: "", text: async () => JSON.stringify(body) });

const lastToast = () => getState().toasts[0];

describe("PasswordForm", () => {
  it("shows the spec's messages for an empty form and sends nothing", async () => {
    renderForm(true);
    await userEvent.click(screen.getByRole("button", { name: "Atualizar senha" }));
    expect(await screen.findByText("Senha atual é obrigatória")).toBeInTheDocument();
    expect(screen.getByText("A nova senha deve ter pelo menos 8 caracteres")).toBeInTheDocument();
    expect(screen.getAllByText("Confirme a nova senha")).toHaveLength(2); // the label and the message
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's 'Senha atual incorreta' on its field with the failure toast", async () => {
    fetchMock.mockResolvedValue(answer(400, { message: "Senha atual incorreta", errors: { currentPassword: "Senha atual incorreta" } }));
    renderForm(true);
    await userEvent.type(screen.getByLabelText("Senha atual"), "errada123");
    await userEvent.type(screen.getByLabelText("Nova senha"), "nova-senha-1");
    await userEvent.type(screen.getByLabelText("Confirme a nova senha"), "nova-senha-1");
    await userEvent.click(screen.getByRole("button", { name: "Atualizar senha" }));
    expect(await screen.findByText("Senha atual incorreta")).toBeInTheDocument();
    expect(lastToast()?.description).toBe("Não foi possível atualizar a senha. Verifique se a senha atual está correta.");
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/user/password");
    expect(JSON.parse(init.body)).toEqual({ currentPassword: "errada123", newPassword: "nova-senha-1", confirmPassword: "nova-senha-1" });
  });

  it("lets an account without a password set one, then asks for it next time", async () => {
    fetchMock.mockResolvedValue(answer(200, { ok: true }));
    renderForm(false);
    expect(screen.queryByLabelText("Senha atual")).not.toBeInTheDocument();
    expect(screen.getByText(/ainda não tem senha/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Nova senha"), "primeira-senha");
    await userEvent.type(screen.getByLabelText("Confirme a nova senha"), "primeira-senha");
    await userEvent.click(screen.getByRole("button", { name: "Atualizar senha" }));
    await waitFor(() => expect(lastToast()?.title).toBe("Senha atualizada com sucesso"));
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body)).toEqual({ newPassword: "primeira-senha", confirmPassword: "primeira-senha" });
    expect(await screen.findByLabelText("Senha atual")).toBeInTheDocument();
    expect(screen.getByLabelText("Nova senha")).toHaveValue("");
  });
});
