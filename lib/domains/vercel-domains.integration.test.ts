import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { DELETE, POST } from "@/app/api/domains/route";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { signedInUser } from "@/tests/factories";
import { request } from "@/tests/helpers/request";
import { addVercelDomain } from "./vercel-domains";

// The Vercel adapter (api.md, Custom domains) against a local stand-in that
// answers as Vercel's documented project-domain endpoints do: success, a
// refusal (502, nothing stored), a timeout.

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}
let server: Server;
let seen: Seen[] = [];
let answer: (req: IncomingMessage, res: ServerResponse) => void;
const saved = { ...process.env };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      seen.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body });
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  Object.assign(process.env, {
    CUSTOM_DOMAIN_TARGET: "cname.vitrine.test",
    NEXT_PUBLIC_APP_URL: "https://vitrine.test",
    VERCEL_API_TOKEN: "vercel-token",
    VERCEL_PROJECT_ID: "prj_123",
    VERCEL_TEAM_ID: "team_456",
    VERCEL_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  });
  resetEnvCache();
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  process.env = saved;
  resetEnvCache();
});
beforeEach(() => {
  seen = [];
});

const reply = (status: number, body: unknown) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};

it("adds the domain to the project (as its team's), and removes it with the page's domain", async () => {
  const { cookie } = await signedInUser({ username: "ana" });
  answer = reply(200, { name: "links.loja.test", apexName: "loja.test", projectId: "prj_123", verified: true });
  const res = await POST(request("/api/domains?page=ana", { headers: { cookie }, body: { domain: "Links.Loja.test" } }));
  expect(res.status).toBe(201);
  expect(seen).toEqual([
    {
      method: "POST",
      url: "/v10/projects/prj_123/domains?teamId=team_456",
      authorization: "Bearer vercel-token",
      body: JSON.stringify({ name: "links.loja.test" }),
    },
  ]);
  expect(await db.customDomain.count()).toBe(1);

  seen = [];
  answer = reply(200, {});
  expect((await DELETE(request("/api/domains?page=ana", { method: "DELETE", headers: { cookie } }))).status).toBe(200);
  expect(seen).toEqual([
    { method: "DELETE", url: "/v9/projects/prj_123/domains/links.loja.test?teamId=team_456", authorization: "Bearer vercel-token", body: "" },
  ]);
  expect(await db.customDomain.count()).toBe(0);
});

it("answers 502 and stores nothing when Vercel refuses", async () => {
  const { cookie } = await signedInUser({ username: "ana" });
  answer = reply(400, { error: { code: "invalid_domain", message: "Invalid domain" } });
  const res = await POST(request("/api/domains?page=ana", { headers: { cookie }, body: { domain: "links.loja.test" } }));
  expect(res.status).toBe(502);
  expect(await res.json()).toEqual({ message: "Não foi possível registrar o domínio na Vercel" });
  expect(await db.customDomain.count()).toBe(0);
  // Another project holding the domain is a refusal too.
  answer = reply(409, { error: { code: "domain_already_in_use", message: "in use" } });
  expect((await POST(request("/api/domains?page=ana", { headers: { cookie }, body: { domain: "links.loja.test" } }))).status).toBe(502);
  expect(await db.customDomain.count()).toBe(0);
});

it("gives up on an API that does not answer in time", async () => {
  let asked = false;
  answer = () => void (asked = true); // never answers
  await expect(addVercelDomain("links.loja.test", { timeoutMs: 1_000 })).rejects.toMatchObject({
    status: 502,
    message: "Não foi possível registrar o domínio na Vercel",
  });
  expect(asked).toBe(true);
});

it("holds a name once in the project: a second page's claim on it is added, and the name leaves with the last claim", async () => {
  const ana = await signedInUser({ username: "ana" });
  const bia = await signedInUser({ username: "bia" });
  // As Vercel answers: the project's domains, a second add of one refused (409 domain_already_in_use), a GET of each.
  const project = new Set<string>();
  answer = (req, res) => {
    const name = decodeURIComponent(req.url!.split("?")[0]!.split("/domains/")[1] ?? "");
    if (req.method === "POST") {
      const body = JSON.parse(seen.at(-1)!.body) as { name: string };
      if (project.has(body.name))
        return reply(409, { error: { code: "domain_already_in_use", message: `Cannot add ${body.name} since it's already in use by your account.` } })(
          req,
          res,
        );
      project.add(body.name);
      return reply(200, { name: body.name, projectId: "prj_123", verified: true })(req, res);
    }
    if (req.method === "GET")
      return project.has(name) ? reply(200, { name, projectId: "prj_123", verified: true })(req, res) : reply(404, { error: { code: "not_found" } })(req, res);
    project.delete(name);
    return reply(200, {})(req, res);
  };
  const add = (who: typeof ana) =>
    POST(request(`/api/domains?page=${who.user.username}`, { headers: { cookie: who.cookie }, body: { domain: "links.loja.test" } }));
  const remove = (who: typeof ana) => DELETE(request(`/api/domains?page=${who.user.username}`, { method: "DELETE", headers: { cookie: who.cookie } }));

  expect((await add(ana)).status).toBe(201);
  expect((await add(bia)).status).toBe(201);
  expect(seen.map((s) => s.method)).toEqual(["POST", "POST", "GET"]);
  expect(await db.customDomain.count()).toBe(2);

  seen = [];
  expect((await remove(ana)).status).toBe(200);
  expect(seen).toEqual([]);
  expect(project.has("links.loja.test")).toBe(true);
  expect((await remove(bia)).status).toBe(200);
  expect(seen.map((s) => [s.method, s.url])).toEqual([["DELETE", "/v9/projects/prj_123/domains/links.loja.test?teamId=team_456"]]);
  expect(project.size).toBe(0);
});

it("a 409 for a name on another project is still a refusal (the project has no such domain)", async () => {
  const { cookie } = await signedInUser({ username: "ana" });
  answer = (req, res) =>
    req.method === "GET"
      ? reply(404, { error: { code: "not_found" } })(req, res)
      : reply(409, { error: { code: "domain_already_in_use", message: "in use" } })(req, res);
  expect((await POST(request("/api/domains?page=ana", { headers: { cookie }, body: { domain: "links.loja.test" } }))).status).toBe(502);
  expect(seen.map((s) => s.method)).toEqual(["POST", "GET"]);
  expect(await db.customDomain.count()).toBe(0);
});
