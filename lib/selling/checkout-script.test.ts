/** @jest-environment jsdom */
import { CHECKOUT_SCRIPT } from "./checkout-script";

// The checkout page's script, run on the page's own markup: it asks the status
// every 3 s and, once paid, hides the Pix and shows `Pagamento confirmado`
// without a reload; 'Copiar código' appears only where it can copy.

const MARKUP = `<section id="pix" data-status="/api/orders/o1/status?t=abc" data-expires="${Date.now() + 30 * 60_000}">
<textarea id="codigo">000201codigo</textarea><button id="copiar" data-done="Código copiado" hidden>Copiar código</button>
<p id="tempo" data-label="Tempo para pagar: {m} min">Tempo para pagar: 30 min</p></section>
<section id="pago" tabindex="-1" hidden><p>Pagamento confirmado</p></section>`;

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

beforeEach(() => {
  jest.useFakeTimers();
  document.body.innerHTML = MARKUP;
});
afterEach(() => jest.useRealTimers());

it("asks the status every 3 s and turns the page when paid", async () => {
  const answers = ["pending", "pending", "paid"];
  const fetchMock = jest.fn(async () => ({ ok: true, json: async () => ({ status: answers.shift(), paidAt: null }) }));
  Object.assign(globalThis, { fetch: fetchMock });
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the page's inline script is run as the browser runs it, from its text
  new Function(CHECKOUT_SCRIPT)();
  expect(fetchMock).not.toHaveBeenCalled();
  for (let i = 1; i <= 3; i++) {
    jest.advanceTimersByTime(3_000);
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(i);
  }
  expect(fetchMock).toHaveBeenCalledWith("/api/orders/o1/status?t=abc", { cache: "no-store" });
  expect(document.getElementById("pix")!.hidden).toBe(true);
  expect(document.getElementById("pago")!.hidden).toBe(false);
  // Paid: no more asking.
  jest.advanceTimersByTime(10_000);
  await flush();
  expect(fetchMock).toHaveBeenCalledTimes(3);
});

it("shows 'Copiar código' where the clipboard exists, and copies the code", async () => {
  const writeText = jest.fn(async () => {});
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
  Object.assign(globalThis, { fetch: jest.fn(async () => ({ ok: true, json: async () => ({ status: "pending" }) })) });
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the page's inline script is run as the browser runs it, from its text
  new Function(CHECKOUT_SCRIPT)();
  const button = document.getElementById("copiar")!;
  expect(button.hidden).toBe(false);
  button.click();
  await flush();
  expect(writeText).toHaveBeenCalledWith("000201codigo");
  expect(button.textContent).toBe("Código copiado");
});
