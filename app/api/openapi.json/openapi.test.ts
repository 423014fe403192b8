/** @jest-environment node */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { API_SCOPES } from "@/lib/permissions/api-scopes";
import { openApiDocument } from "@/lib/api-docs/openapi";
import { linkInputSchema } from "@/lib/links/link-schemas";

// The API's one description (api.md): an OpenAPI 3.1 document valid for a
// standard validator, naming every route that takes API keys.

type Doc = { paths: Record<string, Record<string, { "x-scope"?: string; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }>> };

/** Every route.ts under app/api whose exported handler takes a key: [METHOD, /api/path, scope]. */
function keyedRoutes(): [string, string, string][] {
  const root = path.join(process.cwd(), "app", "api");
  const found: [string, string, string][] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") {
        const source = readFileSync(full, "utf8");
        const apiPath = "/" + path.relative(path.join(process.cwd(), "app"), path.dirname(full)).split(path.sep).join("/").replace(/\[(\w+)\]/g, "{$1}");
        // Each `export const METHOD = route({ … })` up to the next export.
        const handlers = source.split(/(?=export const (?:GET|POST|PUT|PATCH|DELETE)\b)/);
        for (const part of handlers) {
          const method = /^export const (GET|POST|PUT|PATCH|DELETE)\b/.exec(part)?.[1];
          const scope = /\bkey:\s*"([^"]+)"/.exec(part)?.[1];
          if (method && scope) found.push([method, apiPath, scope]);
        }
      }
    }
  };
  walk(root);
  return found;
}

// The validator is an ES module the test runner cannot load: it runs in a Node of its own.
const VALIDATE = `
import { Validator } from "@seriousme/openapi-schema-validator";
import { readFileSync } from "node:fs";
const validator = new Validator();
const result = await validator.validate(JSON.parse(readFileSync(process.argv[1], "utf8")));
console.log(JSON.stringify({ valid: result.valid, errors: result.errors ?? [], version: validator.version }));`;

it("is valid OpenAPI 3.1 for a standard validator", () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "openapi-")), "openapi.json");
  writeFileSync(file, JSON.stringify(openApiDocument()));
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", VALIDATE, file], { cwd: process.cwd(), encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" } });
  expect(JSON.parse(out)).toEqual({ valid: true, errors: [], version: "3.1" });
  // And a broken document is refused by the same run (the check can fail).
  writeFileSync(file, JSON.stringify({ ...openApiDocument(), paths: { "/api/links": { get: { responses: "nada" } } } }));
  expect(JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", VALIDATE, file], { cwd: process.cwd(), encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" } })).valid).toBe(false);
});

it("names every route that takes a key, with the scope the route asks, and nothing else", () => {
  const doc = openApiDocument() as unknown as Doc;
  const routes = keyedRoutes();
  expect(routes.length).toBeGreaterThan(20);
  for (const [method, apiPath, scope] of routes) {
    expect([method, apiPath, doc.paths[apiPath]?.[method.toLowerCase()]?.["x-scope"]]).toEqual([method, apiPath, scope]);
  }
  const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
  expect(documented.sort()).toEqual(routes.map(([m, p]) => `${m} ${p}`).sort());
  for (const [, , scope] of routes) expect(API_SCOPES).toContain(scope);
});

it("is generated from the schemas that validate the requests: a field of the link schema appears in it", () => {
  const doc = openApiDocument() as unknown as Doc;
  const schema = doc.paths["/api/links"]!.post!.requestBody!.content["application/json"]!.schema;
  const fields = JSON.stringify(schema);
  for (const field of Object.keys((linkInputSchema as unknown as { shape?: Record<string, unknown> }).shape ?? { title: 1, url: 1 })) expect(fields).toContain(`"${field}"`);
  expect(fields).toContain('"title"');
});
