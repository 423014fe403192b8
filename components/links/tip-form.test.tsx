/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createQueryClient } from "@/lib/client/query-client";
import { answerFetch } from "@/tests/helpers/fetch-routes";
import { TipForm } from "./tip-form";
import { linkDto } from "@/tests/helpers/link-dto";

const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push }), useSearchParams: () => null }));

// The tip's editor (api.md, Selling with Pix): up to three amounts typed in
// reais, sent in centavos with the blank ones left out, checked by the links
// API's own schema with each message beside the field it is about.

beforeEach(() => push.mockReset());

const renderIn = (ui: React.ReactNode) => render(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);
const tipLink = (tip: Record<string, unknown>) => linkDto({ id: "t1", kind: "tip", title: "Apoie", url: null, tip });

describe("TipForm", () => {
  it("adds a tip with the typed amounts in centavos, leaving out a blank one", async () => {
    const fetched = answerFetch({ "POST /api/links": { status: 201, body: tipLink({ amountsCents: [500, 1550], allowCustom: true }) } });
    renderIn(<TipForm kind="tip" />);
    await userEvent.type(screen.getByLabelText("Texto do bloco"), "Apoie meu trabalho");
    await userEvent.type(screen.getByLabelText("Valor 1"), "5");
    await userEvent.type(screen.getByLabelText("Valor 3"), "15,50");
    expect(screen.getByRole("switch", { name: "Deixar escolher outro valor" })).toBeChecked();
    await userEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith("/dashboard"));
    expect(fetched.bodies("POST", "/api/links")).toEqual([
      { kind: "tip", title: "Apoie meu trabalho", active: true, tip: { amountsCents: [500, 1550], allowCustom: true } },
    ]);
  });

  it("says an amount's refusal beside the field it was typed in, and asks for one when none is, sending nothing", async () => {
    const fetched = answerFetch({});
    renderIn(<TipForm kind="tip" />);
    await userEvent.type(screen.getByLabelText("Texto do bloco"), "Apoie");
    await userEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Informe de 1 a 3 valores")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Valor 1"), "5,00");
    const third = screen.getByLabelText("Valor 3");
    await userEvent.type(third, "0,50");
    await userEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Valor inválido: use de R$ 1,00 a R$ 10.000,00")).toHaveAttribute("id", third.getAttribute("aria-describedby"));
    expect(screen.getByLabelText("Valor 1")).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByText("Informe de 1 a 3 valores")).toBeNull();
    expect(fetched.sent("POST", "/api/links")).toBe(0);
  });

  it("edits a tip from its stored amounts, shown in reais", async () => {
    const fetched = answerFetch({ "PUT /api/links/t1": { status: 200, body: tipLink({ amountsCents: [1000, 2000], allowCustom: false }) } });
    renderIn(<TipForm kind="tip" link={tipLink({ amountsCents: [1000, 250_000], allowCustom: false })} />);
    expect(screen.getByLabelText("Valor 1")).toHaveValue("10,00");
    expect(screen.getByLabelText("Valor 2")).toHaveValue("2.500,00");
    expect(screen.getByLabelText("Valor 3")).toHaveValue("");
    expect(screen.getByRole("switch", { name: "Deixar escolher outro valor" })).not.toBeChecked();
    const second = screen.getByLabelText("Valor 2");
    await userEvent.clear(second);
    await userEvent.type(second, "20");
    await userEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith("/dashboard"));
    expect(fetched.bodies("PUT", "/api/links/t1")).toEqual([{ title: "Apoie", active: true, tip: { amountsCents: [1000, 2000], allowCustom: false } }]);
  });
});
