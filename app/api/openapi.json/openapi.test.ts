/** @jest-environment node */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { scopeFor } from "@/lib/permissions/api-scopes";
import type { Permission } from "@/lib/permissions/page-permissions";
import { API_PATHS } from "@/lib/api-docs/api-routes";
import { openApiDocument } from "@/lib/api-docs/openapi";
import { linkInputSchema } from "@/lib/links/link-schemas";

// The API's one description (api.md): an OpenAPI 3.1 document valid for a
// standard validator, naming every route that takes API keys, each answer
// with the schema it is checked against (lib/server/route-api.ts).

type Schema = {
  $ref?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  additionalProperties?: Schema | boolean;
};
type Operation = {
  "x-scope"?: string;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};
type Doc = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

/** Every route.ts under app/api with a route() that declares `api`: [METHOD, /api/path, the one permission it names]. */
function keyedRoutes(): [string, string, string][] {
  const root = path.join(process.cwd(), "app", "api");
  const found: [string, string, string][] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") {
        const source = readFileSync(full, "utf8");
        const apiPath =
          "/" +
          path
            .relative(path.join(process.cwd(), "app"), path.dirname(full))
            .split(path.sep)
            .join("/")
            .replace(/\[(\w+)\]/g, "{$1}");
        // Each `export const METHOD = route({ … })` up to the next export.
        for (const part of source.split(/(?=export const (?:GET|POST|PUT|PATCH|DELETE)\b)/)) {
          const method = /^export const (GET|POST|PUT|PATCH|DELETE)\b/.exec(part)?.[1];
          const permission = /\bpage:\s*"([^"]+)"/.exec(part)?.[1] ?? /\bpermission:\s*"([^"]+)"/.exec(part)?.[1];
          if (method && /\bapi:\s*\{/.test(part)) found.push([method, apiPath, permission ?? "none"]);
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
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", VALIDATE, file], {
    cwd: process.cwd(),
    encoding: "utf8",
    env: { ...process.env, NODE_OPTIONS: "" },
  });
  expect(JSON.parse(out)).toEqual({ valid: true, errors: [], version: "3.1" });
  // And a broken document is refused by the same run (the check can fail).
  writeFileSync(file, JSON.stringify({ ...openApiDocument(), paths: { "/api/links": { get: { responses: "nada" } } } }));
  expect(
    JSON.parse(
      execFileSync(process.execPath, ["--input-type=module", "-e", VALIDATE, file], {
        cwd: process.cwd(),
        encoding: "utf8",
        env: { ...process.env, NODE_OPTIONS: "" },
      }),
    ).valid,
  ).toBe(false);
});

it("names every route that declares `api`, with the scope holding the permission the route names, and nothing else", () => {
  const doc = openApiDocument() as unknown as Doc;
  const routes = keyedRoutes();
  expect(routes.length).toBeGreaterThan(20);
  for (const [method, apiPath, permission] of routes) {
    expect([method, apiPath, doc.paths[apiPath]?.[method.toLowerCase()]?.["x-scope"]]).toEqual([method, apiPath, scopeFor(permission as Permission)]);
  }
  const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
  expect(documented.sort()).toEqual(routes.map(([m, p]) => `${m} ${p}`).sort());
  // The registry lists exactly the route modules that declare `api`.
  expect([...API_PATHS].sort()).toEqual([...new Set(routes.map(([, p]) => p))].sort());
});

/** Where a schema (or one of its parts) says nothing of its value: `{}`, z.unknown()'s rendering. */
function emptySchemas(doc: Doc, schema: Schema | boolean | undefined, where: string): string[] {
  if (schema === undefined || typeof schema === "boolean") return [];
  if (schema.$ref) return emptySchemas(doc, doc.components?.schemas?.[schema.$ref.split("/").pop()!], where);
  const said = Object.keys(schema).filter((k) => !["description", "default", "examples", "title"].includes(k));
  if (!said.length) return [where];
  return [
    ...Object.entries(schema.properties ?? {}).flatMap(([name, s]) => emptySchemas(doc, s, `${where}.${name}`)),
    ...emptySchemas(doc, schema.items, `${where}[]`),
    ...emptySchemas(doc, schema.additionalProperties, `${where}{}`),
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap((s, i) => emptySchemas(doc, s, `${where}|${i}`)),
  ];
}

it("describes every answer with a schema: none is empty (z.unknown()), at any depth", () => {
  const doc = openApiDocument() as unknown as Doc;
  const answers = Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.entries(ops).flatMap(([m, op]) => {
      const [status, success] = Object.entries(op.responses).find(([code]) => code.startsWith("2"))!;
      expect([`${m} ${p}`, Object.keys(success.content ?? {}).length > 0]).toEqual([`${m} ${p}`, true]);
      return Object.entries(success.content!).map(([type, { schema }]) => ({ where: `${m.toUpperCase()} ${p} ${status} ${type}`, schema }));
    }),
  );
  expect(answers.length).toBeGreaterThan(25);
  expect(answers.flatMap(({ where, schema }) => emptySchemas(doc, schema, where))).toEqual([]);
  // The check can fail: z.unknown() renders as {}, found at its depth.
  expect(emptySchemas(doc, { properties: { a: { items: {} } } }, "x")).toEqual(["x.a[]"]);
  // And the link object names its fields (id, kind, each kind's data).
  expect(JSON.stringify(doc.paths["/api/links"]!.get!.responses["200"]!.content!["application/json"]!.schema)).toContain('"pix"');
});

it("is generated from the schemas that validate the requests: a field of the link schema appears in it", () => {
  const doc = openApiDocument() as unknown as Doc;
  const schema = doc.paths["/api/links"]!.post!.requestBody!.content["application/json"]!.schema as Record<string, unknown>;
  const fields = JSON.stringify(schema);
  for (const field of Object.keys((linkInputSchema as unknown as { shape?: Record<string, unknown> }).shape ?? { title: 1, url: 1 }))
    expect(fields).toContain(`"${field}"`);
  expect(fields).toContain('"title"');
});
