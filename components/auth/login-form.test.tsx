/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LoginForm } from "./login-form";

// The light sign-in form: no validation of its own, the server's messages next
// to the fields, one request however often it is pressed.
const replace = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ replace, refresh: jest.fn() }) }));

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  replace.mockReset();
  global.fetch = fetchMock;
});

const answer = (status: number, body: unknown) => ({ ok: status < 400, status, statusText: "", headers: new Map(), text: async () => JSON.stringify(body) });

function renderForm() {
  render(<LoginForm callbackUrl="/dashboard" onTwoFactorRequired={jest.fn()} />);
}

describe("LoginForm", () => {
  it("sends at the first press, without checking anything itself, and puts the server's messages on the fields", async () => {
    fetchMock.mockResolvedValue(
      answer(400, { error: "Dados inválidos", errors: { email: "E-mail inválido", password: "A senha deve ter pelo menos 6 caracteres" } }),
    );
    renderForm();
    await userEvent.type(screen.getByLabelText("E-mail"), " Ana@Exemplo ");
    await userEvent.click(screen.getByRole("button", { name: "Entrar" }));

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0];
    expect(path).toBe("/api/login");
    expect(JSON.parse(init.body)).toEqual({ username: "ana@exemplo", password: "", remember: false });
    expect(await screen.findByText("E-mail inválido")).toBeInTheDocument();
    expect(screen.getByLabelText("E-mail")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("A senha deve ter pelo menos 6 caracteres")).toBeInTheDocument();
    // The first refused field gets the focus.
    expect(screen.getByLabelText("E-mail")).toHaveFocus();
  });

  it("sends one request for two quick submits, and goes on to the callback", async () => {
    let resolve!: (r: ReturnType<typeof answer>) => void;
    fetchMock.mockReturnValue(new Promise((r) => (resolve = r)));
    renderForm();
    const form = screen.getByRole("button", { name: "Entrar" }).closest("form")!;
    fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: "ana@exemplo.com" } });
    fireEvent.change(screen.getByLabelText("Senha"), { target: { value: "segredo1" } });
    fireEvent.click(screen.getByLabelText("Lembrar de mim"));
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({ username: "ana@exemplo.com", password: "segredo1", remember: true });
    await waitFor(() => expect(screen.getByRole("button", { name: /Entrando/ })).toBeDisabled());
    resolve(answer(200, { user: {} }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith("/dashboard"));
  });
});
