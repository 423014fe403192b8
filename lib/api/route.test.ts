import { z } from "zod";
import { route } from "./route";

const handler = jest.fn(async ({ body }: { body: unknown }) => ({ received: body }));
const POST = route({ body: z.object({ title: z.string().min(1, "O título é obrigatório") }), handler });

function post(body: string, headers: Record<string, string> = {}) {
  return new Request("http://localhost:3000/api/things", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
}

beforeEach(() => handler.mockClear());

describe("route()", () => {
  it("passes validated, typed input to the handler", async () => {
    const res = await POST(post(JSON.stringify({ title: "Oi", isAdmin: true })));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: { title: "Oi" } });
    expect(res.headers.get("content-type")).toContain("application/json");
  });

  it("answers 400 with field errors and never calls the handler for bad input", async () => {
    const res = await POST(post(JSON.stringify({ title: "" })));
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ title: "O título é obrigatório" });
    const typeConfused = await POST(post(JSON.stringify({ title: { contains: "@" } })));
    expect(typeConfused.status).toBe(400);
    const broken = await POST(post("{not json"));
    expect(broken.status).toBe(400);
    expect(handler).not.toHaveBeenCalled();
  });

  describe("cross-site writes", () => {
    it("refuses a POST whose Origin is another site with 403", async () => {
      const res = await POST(post(JSON.stringify({ title: "x" }), { origin: "https://evil.example" }));
      expect(res.status).toBe(403);
      expect((await res.json()).message).toBe("Requisição de outra origem recusada.");
      expect(handler).not.toHaveBeenCalled();
    });

    it("refuses Origin: null and Sec-Fetch-Site: cross-site", async () => {
      expect((await POST(post("{}", { origin: "null" }))).status).toBe(403);
      expect((await POST(post("{}", { origin: "null", "sec-fetch-site": "cross-site" }))).status).toBe(403);
      expect((await POST(post("{}", { "sec-fetch-site": "cross-site" }))).status).toBe(403);
      expect(handler).not.toHaveBeenCalled();
    });

    it("allows Origin: null from a page of its own with no referrer (Sec-Fetch-Site: same-origin)", async () => {
      expect((await POST(post(JSON.stringify({ title: "x" }), { origin: "null", "sec-fetch-site": "same-origin" }))).status).toBe(200);
      expect(handler).toHaveBeenCalledTimes(1);
    });

    it("allows same-origin requests and requests without Origin", async () => {
      expect((await POST(post(JSON.stringify({ title: "x" }), { origin: "http://localhost:3000" }))).status).toBe(200);
      expect((await POST(post(JSON.stringify({ title: "x" })))).status).toBe(200);
      expect(handler).toHaveBeenCalledTimes(2);
    });

    it("does not apply to reads", async () => {
      const GET = route({ handler: async () => ({ ok: true }) });
      const res = await GET(new Request("http://localhost:3000/api/x", { headers: { origin: "https://evil.example" } }));
      expect(res.status).toBe(200);
    });
  });

  describe("body limits", () => {
    it("refuses a declared Content-Length over 1 MB before reading", async () => {
      const res = await POST(post("{}", { "content-length": String(3 * 1024 * 1024) }));
      expect(res.status).toBe(413);
    });

    it("cuts off a body that is larger than it claims", async () => {
      const big = JSON.stringify({ title: "x".repeat(1024 * 1024 + 10) });
      const stream = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(big));
          controller.close();
        },
      });
      const req = new Request("http://localhost:3000/api/things", {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": "20" },
        body: stream,
        duplex: "half",
      } as RequestInit);
      const res = await POST(req);
      expect(res.status).toBe(413);
      expect(handler).not.toHaveBeenCalled();
    });

    it("answers 400, not a 503 'database down', when the client goes away mid-body", async () => {
      const stream = new ReadableStream({
        pull() {
          throw Object.assign(new Error("aborted"), { code: "ECONNRESET" });
        },
      });
      const req = new Request("http://localhost:3000/api/things", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: stream,
        duplex: "half",
      } as RequestInit);
      const res = await POST(req);
      expect(res.status).toBe(400);
      expect(handler).not.toHaveBeenCalled();
    });
  });
});

describe("route() with a page's form (JavaScript off)", () => {
  const FORM = route({
    body: z.object({ title: z.string().min(1, "O título é obrigatório"), pinned: z.boolean() }),
    form: {
      page: (fields) => `/things?lista=${encodeURIComponent(fields.list ?? "")}`,
      booleans: ["pinned"],
      secrets: ["secret"],
      next: async (answer) => `/things/${((await answer.clone().json()) as { received: { title: string } }).received.title}`,
    },
    handler,
  });
  const form = (body: string, headers: Record<string, string> = {}) =>
    new Request("http://localhost:3000/api/things", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000", ...headers },
      body,
    });
  const flashOf = (res: Response) => {
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("vitrine-form="))!;
    return JSON.parse(Buffer.from(cookie.split(";")[0]!.slice("vitrine-form=".length), "base64url").toString("utf8"));
  };

  it("takes the same schema and answers 303 to where the browser goes next, with the handler's cookies", async () => {
    const res = await FORM(form("title=Oi&pinned=on"));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/things/Oi");
    expect(handler).toHaveBeenCalledWith(expect.objectContaining({ body: { title: "Oi", pinned: true } }));
  });

  it("a refusal goes back to the page marked ?erro=1, its messages and non-secret values in a short cookie, never in the address", async () => {
    const res = await FORM(form("title=&list=casa&secret=s3nh4"));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/things?lista=casa&erro=1");
    expect(res.headers.get("location")).not.toContain("s3nh4");
    const cookie = res.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/; Path=\/; Max-Age=60; HttpOnly; SameSite=Lax$/);
    expect(flashOf(res)).toEqual({
      status: 400,
      message: expect.any(String),
      errors: { title: "O título é obrigatório" },
      values: { title: "", list: "casa" },
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it("a cross-site form gets the plain 403, and a JSON call to the same handler is answered as before", async () => {
    const cross = await FORM(form("title=Oi", { origin: "https://evil.example" }));
    expect(cross.status).toBe(403);
    expect(cross.headers.get("location")).toBeNull();
    const viaJson = await FORM(post(JSON.stringify({ title: "Oi", pinned: false })));
    expect(viaJson.status).toBe(200);
    expect(await viaJson.json()).toEqual({ received: { title: "Oi", pinned: false } });
  });
});
