/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getState } from "@/components/ui/use-toast";
import { createQueryClient } from "@/lib/client/query-client";
import { answerFetch } from "@/tests/helpers/fetch-routes";
import { ProductForm } from "./product-form";
import { linkDto } from "@/tests/helpers/link-dto";

const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push }), useSearchParams: () => null }));

// The product's editor (api.md, Selling with Pix): the links API's own schema
// checks it, the price is typed in reais and sent in centavos, the address
// only for a product delivered by link, and a saved file product sends its
// file at once. (The endpoints: app/api/links and app/api/products integration tests.)

beforeEach(() => push.mockReset());

const lastToast = () => getState().toasts[0];
const renderIn = (ui: React.ReactNode) => render(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);

const saved = (product: Record<string, unknown>) => linkDto({ id: "p1", kind: "product", title: "E-book", url: null, product });

describe("ProductForm", () => {
  it("adds a product delivered by link: the price typed in reais goes in centavos, with its address; then back to the dashboard", async () => {
    const fetched = answerFetch({
      "POST /api/links": { status: 201, body: saved({ description: null, priceCents: 4990, delivery: "link", url: "https://curso.exemplo.com/", stock: 10 }) },
    });
    renderIn(<ProductForm kind="product" />);
    await userEvent.type(screen.getByLabelText("Nome do produto"), "Curso online");
    await userEvent.type(screen.getByLabelText("Preço"), "1.049,90");
    expect(screen.queryByLabelText("Endereço entregue após o pagamento")).toBeNull();
    await userEvent.click(screen.getByRole("radio", { name: /Um link/ }));
    await userEvent.type(screen.getByLabelText("Endereço entregue após o pagamento"), "curso.exemplo.com");
    await userEvent.type(screen.getByLabelText("Estoque (opcional)"), "10");
    await userEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith("/dashboard"));
    expect(fetched.bodies("POST", "/api/links")).toEqual([
      {
        kind: "product",
        title: "Curso online",
        active: true,
        product: { description: null, priceCents: 104_990, delivery: "link", url: "curso.exemplo.com", stock: 10 },
      },
    ]);
    expect(lastToast()?.title).toBe("Produto adicionado com sucesso");
  });

  it("sends no address for a file product, and takes a new one on to its edit screen for its file", async () => {
    const fetched = answerFetch({
      "POST /api/links": { status: 201, body: saved({ description: "40 receitas", priceCents: 2990, delivery: "file", url: null, stock: null }) },
    });
    renderIn(<ProductForm kind="product" />);
    expect(screen.getByText(/Salve o produto para enviar o arquivo/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Nome do produto"), "E-book");
    await userEvent.type(screen.getByLabelText("Descrição (opcional)"), "40 receitas");
    await userEvent.type(screen.getByLabelText("Preço"), "29,90");
    await userEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith("/dashboard/edit/p1"));
    expect(fetched.bodies("POST", "/api/links")[0]).toMatchObject({
      product: { description: "40 receitas", priceCents: 2990, delivery: "file", url: null, stock: null },
    });
  });

  it("says beside the field what the schema refuses (a price out of bounds or not an amount, a link without address), sending nothing", async () => {
    const fetched = answerFetch({});
    renderIn(<ProductForm kind="product" />);
    await userEvent.type(screen.getByLabelText("Nome do produto"), "E-book");
    const price = screen.getByLabelText("Preço");
    await userEvent.type(price, "0,50");
    await userEvent.click(screen.getByRole("radio", { name: /Um link/ }));
    await userEvent.type(screen.getByLabelText("Estoque (opcional)"), "muitos");
    await userEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Preço inválido: use de R$ 1,00 a R$ 10.000,00")).toHaveAttribute("id", price.getAttribute("aria-describedby"));
    expect(price).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("Informe um endereço https:// válido")).toBeInTheDocument();
    expect(screen.getByText("Estoque inválido: use de 1 a 100.000 unidades")).toBeInTheDocument();
    await userEvent.clear(price);
    await userEvent.type(price, "vinte");
    await userEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Preço inválido: use de R$ 1,00 a R$ 10.000,00")).toBeInTheDocument();
    expect(fetched.sent("POST", "/api/links")).toBe(0);
  });

  it("edits a file product: its stored price in reais, its file said and replaced at once, a refusal said by the server's words", async () => {
    const pdf = { fileName: "livro.pdf", contentType: "application/pdf", size: 1536, uploadedAt: "2026-12-01T12:00:00.000Z" };
    const fetched = answerFetch({
      "GET /api/products/p1/file": { status: 200, body: pdf },
      "POST /api/products/p1/file?name=novo.pdf": [
        { status: 400, body: { message: "Tipo de arquivo não aceito: envie PDF, ZIP, EPUB, MP3, MP4, JPEG, PNG ou WebP" } },
        { status: 201, body: { ...pdf, fileName: "novo.pdf", size: 3 * 1024 * 1024 } },
      ],
    });
    renderIn(<ProductForm kind="product" link={saved({ description: null, priceCents: 2990, delivery: "file", url: null, stock: 5 })} />);
    expect(screen.getByLabelText("Preço")).toHaveValue("29,90");
    expect(screen.getByLabelText("Estoque (opcional)")).toHaveValue("5");
    expect(await screen.findByText("livro.pdf (1,5 KB)")).toBeInTheDocument();
    const input = screen.getByTestId("product-file-input");
    const file = new File(["%PDF-1.4"], "novo.pdf", { type: "application/pdf" });
    await userEvent.upload(input, file);
    await waitFor(() => expect(lastToast()?.description).toBe("Tipo de arquivo não aceito: envie PDF, ZIP, EPUB, MP3, MP4, JPEG, PNG ou WebP"));
    expect(screen.getByText("livro.pdf (1,5 KB)")).toBeInTheDocument();
    await userEvent.upload(input, file);
    await waitFor(() => expect(screen.getByTestId("product-file")).toHaveTextContent("novo.pdf (3 MB)"));
    expect(lastToast()?.title).toBe("Arquivo enviado");
    expect(fetched.sent("POST", "/api/products/p1/file?name=novo.pdf")).toBe(2);
    expect(screen.getByRole("button", { name: "Trocar arquivo" })).toBeEnabled();
  });

  it("offers no file for a product delivered by link", () => {
    answerFetch({});
    renderIn(
      <ProductForm kind="product" link={saved({ description: null, priceCents: 2990, delivery: "link", url: "https://curso.exemplo.com/", stock: null })} />,
    );
    expect(screen.getByLabelText("Endereço entregue após o pagamento")).toHaveValue("https://curso.exemplo.com/");
    expect(screen.queryByText("Arquivo do produto")).toBeNull();
  });
});
