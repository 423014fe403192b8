// The browser's fetch for component tests (jsdom): each call is answered by
// its "METHOD /path" (a list: one answer a call, in order; a function: an
// answer the test settles when it wants), and recorded with its JSON body.
// A call with no answer fails the test's request, loudly.

export type Answer = { status: number; body: unknown };
type Route = Answer | Answer[] | (() => Promise<Answer>);

export function answerFetch(routes: Record<string, Route>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? "GET";
    calls.push({ method, url, body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined });
    const route = routes[`${method} ${url}`];
    const answer = typeof route === "function" ? await route() : Array.isArray(route) ? route.shift() : route;
    if (!answer) throw new Error(`unexpected ${method} ${url}`);
    return {
      ok: answer.status < 400,
      status: answer.status,
      statusText: "",
      text: async () => JSON.stringify(answer.body),
      headers: new Headers(),
    } as Response;
  }) as typeof fetch;
  const to = (method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);
  return {
    routes,
    /** How many calls went to `method url`. */
    sent: (method: string, url: string) => to(method, url).length,
    /** The JSON bodies sent to `method url`, in order. */
    bodies: (method: string, url: string) => to(method, url).map((c) => c.body),
  };
}

/** An answer the test gives when it wants: `route` for answerFetch, `settle` to answer. */
export function heldAnswer(answer: Answer) {
  let answerNow = () => {};
  const held = new Promise<Answer>((resolve) => (answerNow = () => resolve(answer)));
  return { route: () => held, settle: () => answerNow() };
}
