/** @jest-environment jsdom */
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getState } from "@/components/ui/use-toast";
import type { DomainDto } from "@/lib/domains/domain-schemas";
import { answerFetch, heldAnswer } from "@/tests/helpers/fetch-routes";
import { DomainCard } from "./domain-card";

// 'Domínio próprio' sends what POST /api/domains's own schema makes of the
// field (lib/domains/domain-schemas.ts), says a refusal beside the field, and
// 'Verificar' and 'Remover' say how they went in a toast. (The endpoint:
// app/api/domains integration tests; the journey: tests/e2e/custom-domains.spec.ts.)

const pending: DomainDto = {
  id: "d1",
  domain: "links.ana.com.br",
  zone: "ana.com.br",
  status: "pending",
  records: [
    { type: "TXT", name: "_vitrine.links.ana.com.br", value: "vitrine-verify=abc" },
    { type: "CNAME", name: "links.ana.com.br", value: "cname.vitrine.test" },
  ],
  createdAt: "2026-11-28T12:00:00.000Z",
  verifiedAt: null,
};
const lastToast = () => getState().toasts[0];

describe("DomainCard", () => {
  it("says a refusal beside the field, sends the trimmed name, verifies and removes with toasts", async () => {
    const added = heldAnswer({ status: 201, body: pending });
    const verified = heldAnswer({ status: 200, body: { domain: { ...pending, status: "active", verifiedAt: "2026-11-28T13:00:00.000Z" } } });
    const routes: Parameters<typeof answerFetch>[0] = {
      "POST /api/domains": { status: 400, body: { message: "Domínio inválido", errors: { domain: "Domínio inválido" } } },
      "POST /api/domains/verify": { status: 500, body: { message: "Erro interno. Tente novamente." } },
      "DELETE /api/domains": { status: 200, body: { ok: true } },
    };
    const fetched = answerFetch(routes);
    render(<DomainCard initial={null} canEdit username="ana" />);
    const card = screen.getByRole("region", { name: "Domínio próprio" });
    const field = within(card).getByLabelText("Domínio");
    const add = within(card).getByRole("button", { name: "Adicionar domínio" });

    await userEvent.type(field, "127.0.0.1");
    await userEvent.click(add);
    const refusal = await within(card).findByRole("alert");
    expect(refusal).toHaveTextContent("Domínio inválido");
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveAttribute("aria-describedby", refusal.id);
    expect(add).toHaveFocus();

    routes["POST /api/domains"] = added.route;
    await userEvent.clear(field);
    await userEvent.type(field, "  links.ana.com.br ");
    await userEvent.click(add);
    expect(await within(card).findByRole("button", { name: "Adicionando…" })).toBeDisabled();
    added.settle();
    expect(await within(card).findByText("Aguardando verificação")).toBeInTheDocument();
    expect(fetched.bodies("POST", "/api/domains")).toEqual([{ domain: "127.0.0.1" }, { domain: "links.ana.com.br" }]);
    // Each name as a DNS panel asks it (relative to ana.com.br), the full name beneath.
    expect(
      within(card)
        .getAllByTestId("record-name")
        .map((n) => n.textContent),
    ).toEqual(["_vitrine.links", "links"]);
    expect(
      within(card)
        .getAllByTestId("record-full-name")
        .map((n) => n.textContent),
    ).toEqual(["Nome completo: _vitrine.links.ana.com.br", "Nome completo: links.ana.com.br"]);
    expect(within(card).getByRole("button", { name: "Copiar nome do registro CNAME links" })).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Copiar valor do registro TXT vitrine-verify=abc" })).toBeInTheDocument();

    await userEvent.click(within(card).getByRole("button", { name: "Verificar" }));
    await waitFor(() => expect(lastToast()).toMatchObject({ variant: "destructive", title: "Erro interno. Tente novamente." }));
    routes["POST /api/domains/verify"] = verified.route;
    await userEvent.click(within(card).getByRole("button", { name: "Verificar" }));
    expect(await within(card).findByRole("button", { name: "Verificando…" })).toBeDisabled();
    expect(within(card).getByRole("button", { name: "Remover o domínio links.ana.com.br" })).toBeDisabled();
    verified.settle();
    await waitFor(() => expect(lastToast()?.title).toBe("Sua página está no ar em https://links.ana.com.br/"));

    // Cancelling gives the focus back to 'Remover'.
    const remove = within(card).getByRole("button", { name: "Remover o domínio links.ana.com.br" });
    await userEvent.click(remove);
    let dialog = await screen.findByRole("alertdialog", { name: "Remover o domínio links.ana.com.br?" });
    expect(dialog).toHaveTextContent("Ela continua no ar no endereço /ana.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(remove).toHaveFocus());
    await userEvent.click(remove);
    dialog = await screen.findByRole("alertdialog", { name: "Remover o domínio links.ana.com.br?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Remover" }));
    await waitFor(() => expect(lastToast()?.title).toBe("Domínio removido"));
    // The form again, empty and with nothing refused.
    expect(within(card).getByLabelText("Domínio")).toHaveValue("");
    // 'Remover' went with the domain: the focus is on the field.
    await waitFor(() => expect(within(card).getByLabelText("Domínio")).toHaveFocus());
    expect(within(card).queryByRole("alert")).toBeNull();
    expect(fetched.sent("DELETE", "/api/domains")).toBe(1);
  });
});
