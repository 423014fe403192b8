import { z } from "zod";
import { AppError, isUnavailable, toErrorResponse } from "./errors";

describe("toErrorResponse", () => {
  let errorSpy: jest.SpyInstance;
  let warnSpy: jest.SpyInstance;
  beforeEach(() => {
    errorSpy = jest.spyOn(console, "error").mockImplementation(() => {});
    warnSpy = jest.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => {
    errorSpy.mockRestore();
    warnSpy.mockRestore();
  });

  it("maps an AppError code to its status and pt-BR message", () => {
    expect(toErrorResponse(new AppError("username_taken"))).toEqual({
      status: 409,
      body: { message: "Este nome de usuário já está em uso" },
    });
    expect(toErrorResponse(new AppError("cross_site")).status).toBe(403);
    expect(toErrorResponse(new AppError("payload_too_large")).status).toBe(413);
  });

  it("keeps a custom message, field errors and Retry-After", () => {
    const r = toErrorResponse(new AppError("rate_limited", { message: "Aguarde", errors: { email: "x" }, retryAfter: 42 }));
    expect(r).toEqual({ status: 429, body: { message: "Aguarde", errors: { email: "x" } }, headers: { "Retry-After": "42" } });
  });

  it("turns a ZodError into 400 with the first message of each field", () => {
    const schema = z.object({ title: z.string().min(1, "O título é obrigatório").max(3, "longo"), url: z.url("URL inválida") });
    const result = schema.safeParse({ title: "", url: "nope" });
    const r = toErrorResponse(result.error);
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({ title: "O título é obrigatório", url: "URL inválida" });
  });

  it("maps Prisma's unique violation and missing record by code only", () => {
    expect(toErrorResponse(Object.assign(new Error("x"), { code: "P2002" })).status).toBe(409);
    expect(toErrorResponse(Object.assign(new Error("x"), { code: "P2025" })).status).toBe(404);
  });

  it("answers 503 with Retry-After when the database is unreachable", () => {
    const down = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const r = toErrorResponse(down);
    expect(r.status).toBe(503);
    expect(r.headers).toEqual({ "Retry-After": "5" });
    expect(isUnavailable(new Error("wrapped", { cause: down }))).toBe(true);
    expect(isUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
  });

  it("answers 503 for a raw query that could not reach the database (Prisma P2010 wrapping the driver error)", () => {
    // The shape Prisma 7 gives $queryRaw (rate limits, locks) while PostgreSQL is down.
    const driverAdapterError = Object.assign(new Error("DatabaseNotReachable"), { cause: { kind: "DatabaseNotReachable", host: "127.0.0.1", port: 5432 } });
    const raw = Object.assign(new Error("Raw query failed. Code: `N/A`. Message: `Can't reach database server at 127.0.0.1:5432`"), {
      code: "P2010",
      meta: { driverAdapterError },
    });
    expect(toErrorResponse(raw).status).toBe(503);
    expect(isUnavailable(Object.assign(new Error("Raw query failed"), { code: "P2010", meta: { driverAdapterError } }))).toBe(true);
    const shutdown = Object.assign(new Error("Raw query failed"), {
      code: "P2010",
      meta: { driverAdapterError: { cause: { kind: "postgres", originalCode: "57P01" } } },
    });
    expect(isUnavailable(shutdown)).toBe(true);
    // A raw query that failed for another reason stays a 500.
    const syntax = Object.assign(new Error("Raw query failed"), {
      code: "P2010",
      meta: { driverAdapterError: { cause: { kind: "postgres", originalCode: "42601" } } },
    });
    expect(isUnavailable(syntax)).toBe(false);
  });

  it("hides anything unknown behind a generic 500 and logs it", () => {
    const r = toErrorResponse(new TypeError("secret detail at /srv/app.js:12"));
    expect(r).toEqual({ status: 500, body: { message: "Erro interno do servidor" } });
    expect(JSON.stringify(r)).not.toContain("secret");
    expect(errorSpy).toHaveBeenCalledTimes(1);
  });
});
