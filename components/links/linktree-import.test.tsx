/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getState } from "@/components/ui/use-toast";
import { createQueryClient } from "@/lib/client/query-client";
import { answerFetch, heldAnswer } from "@/tests/helpers/fetch-routes";
import { LinktreeImport } from "./linktree-import";

const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push }), useSearchParams: () => null }));

// 'Trazer do Linktree' checks the address with POST /api/import/linktree's
// own schema (lib/import/linktree-schemas.ts), previews, and imports what the
// preview showed. (The endpoint: app/api/import/linktree integration tests;
// the journey: tests/e2e/linktree-qr.spec.ts.)

const answer = {
  profile: { name: "Ana", bio: "", avatarUrl: null },
  links: [
    { title: "Loja", url: "https://loja.example/" },
    { title: "Blog", url: "https://blog.example/" },
  ],
  added: 2,
  skipped: [],
  skippedCount: 0,
  takes: { name: false, bio: false, avatar: false },
};

function renderImport() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LinktreeImport />
    </QueryClientProvider>,
  );
  return { field: screen.getByLabelText("Endereço do seu Linktree"), look: screen.getByRole("button", { name: "Ver o que vem" }) };
}

describe("LinktreeImport", () => {
  it("puts the focus in the field when the fold 'Trazer do Linktree' opens", async () => {
    answerFetch({});
    render(
      <QueryClientProvider client={createQueryClient()}>
        <details>
          <summary>Trazer do Linktree</summary>
          <LinktreeImport />
        </details>
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByText("Trazer do Linktree"));
    await waitFor(() => expect(screen.getByLabelText("Endereço do seu Linktree")).toHaveFocus());
  });

  it("refuses an address past the schema's 300 characters by its words, sending nothing; typing closes a preview", async () => {
    const fetched = answerFetch({ "POST /api/import/linktree": { status: 200, body: answer } });
    const { field, look } = renderImport();
    await userEvent.click(field);
    await userEvent.paste(`linktr.ee/${"a".repeat(291)}`);
    await userEvent.click(look);
    expect(await screen.findByText("Endereço do Linktree inválido")).toHaveAttribute("id", field.getAttribute("aria-describedby"));
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(fetched.sent("POST", "/api/import/linktree")).toBe(0);

    await userEvent.clear(field);
    await userEvent.type(field, "linktr.ee/ana");
    await userEvent.click(look);
    expect(await screen.findByRole("region", { name: "O que vem do Linktree" })).toBeInTheDocument();
    expect(screen.queryByText("Endereço do Linktree inválido")).toBeNull();
    await userEvent.type(field, "x");
    expect(screen.queryByRole("region", { name: "O que vem do Linktree" })).toBeNull();
  });

  it("previews, then imports the address the preview showed; a refusal is said, and a success stays busy while the dashboard opens", async () => {
    const preview = heldAnswer({ status: 200, body: { ...answer, added: 0 } });
    const imported = heldAnswer({ status: 200, body: { ...answer, takes: { name: false, bio: true, avatar: true } } });
    const routes: Parameters<typeof answerFetch>[0] = { "POST /api/import/linktree": preview.route };
    const fetched = answerFetch(routes);
    const { field, look } = renderImport();
    await userEvent.type(field, " linktr.ee/ana ");
    await userEvent.click(look);
    expect(await screen.findByRole("button", { name: "Lendo o Linktree..." })).toBeDisabled();
    expect(field).toBeDisabled();
    preview.settle();
    const region = await screen.findByRole("region", { name: "O que vem do Linktree" });
    expect(region).toHaveTextContent("2 links vêm para a sua página");
    // The hand goes to what appeared.
    await waitFor(() => expect(within(region).getByRole("heading", { name: "O que vem do Linktree" })).toHaveFocus());

    routes["POST /api/import/linktree"] = { status: 404, body: { message: "Página não encontrada no Linktree" } };
    await userEvent.click(within(region).getByRole("button", { name: "Importar" }));
    expect(await screen.findByText("Página não encontrada no Linktree")).toBeInTheDocument();

    routes["POST /api/import/linktree"] = imported.route;
    await userEvent.click(within(region).getByRole("button", { name: "Importar" }));
    expect(await within(region).findByRole("button", { name: "Importando..." })).toBeDisabled();
    expect(screen.queryByText("Página não encontrada no Linktree")).toBeNull();
    imported.settle();
    await waitFor(() => expect(push).toHaveBeenCalledWith("/dashboard"));
    expect(getState().toasts[0]).toMatchObject({ title: "2 links importados do Linktree", description: "Também vieram: a foto, a bio." });
    expect(within(region).getByRole("button", { name: "Importando..." })).toBeDisabled();
    const sent = { url: "linktr.ee/ana", dryRun: false };
    expect(fetched.bodies("POST", "/api/import/linktree")).toEqual([{ url: "linktr.ee/ana", dryRun: true }, sent, sent]);
  });
});
