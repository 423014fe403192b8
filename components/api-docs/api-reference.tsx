import { openApiDocument } from "@/lib/api-docs/openapi";

// /docs/api: a readable reference rendered on the server from the OpenAPI
// document itself (no renderer's JavaScript: the page ships none of its own).

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; required?: string[]; enum?: unknown[]; items?: JsonSchema; description?: string; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; format?: string };
type Parameter = { name: string; in: string; required?: boolean; schema?: JsonSchema; description?: string };
type Operation = { summary?: string; "x-scope"?: string; parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> }; responses: Record<string, { description: string }> };

function typeOf(s: JsonSchema | undefined): string {
  if (!s) return "";
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (s.anyOf || s.oneOf) return (s.anyOf ?? s.oneOf)!.map(typeOf).join(" | ");
  if (s.type === "array") return `${typeOf(s.items)}[]`;
  return Array.isArray(s.type) ? s.type.join(" | ") : (s.type ?? s.format ?? "objeto");
}

function Fields({ schema }: { schema: JsonSchema }) {
  const props = Object.entries(schema.properties ?? {});
  if (!props.length) return <p className="text-sm text-muted-foreground">{typeOf(schema)}</p>;
  return (
    <ul className="space-y-1 text-sm">
      {props.map(([name, s]) => (
        <li key={name}>
          <code className="font-semibold">{name}</code>
          {schema.required?.includes(name) ? "" : "?"}: <code>{typeOf(s)}</code>
          {s.description ? <span className="text-muted-foreground"> — {s.description}</span> : null}
        </li>
      ))}
    </ul>
  );
}

export function ApiReference() {
  const doc = openApiDocument() as unknown as { info: { title: string; description: string }; paths: Record<string, Record<string, Operation>> };
  return (
    <div className="space-y-6">
      <p className="text-sm">{doc.info.description}</p>
      <p className="text-sm">
        Documento OpenAPI 3.1: <a className="underline" href="/api/openapi.json">/api/openapi.json</a>
      </p>
      {Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => (
          <section key={`${method} ${path}`} id={`${method}-${path}`} className="rounded-lg border p-4 space-y-2">
            <h2 className="font-mono text-base font-semibold break-all">
              {method.toUpperCase()} {path}
            </h2>
            <p className="text-sm">{op.summary}</p>
            <p className="text-sm">
              Permissão: <code>{op["x-scope"]}</code>
            </p>
            {op.parameters?.length ? (
              <div>
                <h3 className="text-sm font-semibold">Parâmetros</h3>
                <ul className="space-y-1 text-sm">
                  {op.parameters.map((p) => (
                    <li key={`${p.in}-${p.name}`}>
                      <code className="font-semibold">{p.name}</code> ({p.in === "path" ? "caminho" : "consulta"}){p.required ? "" : "?"}: <code>{typeOf(p.schema)}</code>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {Object.entries(op.requestBody?.content ?? {}).map(([type, { schema }]) => (
              <div key={type}>
                <h3 className="text-sm font-semibold">Corpo ({type})</h3>
                <Fields schema={schema} />
              </div>
            ))}
            <div>
              <h3 className="text-sm font-semibold">Respostas</h3>
              <ul className="text-sm">
                {Object.entries(op.responses).map(([status, r]) => (
                  <li key={status}>
                    <code>{status}</code> {r.description}
                  </li>
                ))}
              </ul>
            </div>
          </section>
        )),
      )}
    </div>
  );
}
