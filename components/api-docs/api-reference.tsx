import { Fragment, type ReactNode } from "react";
import { openApiDocument } from "@/lib/api-docs/openapi";
import { apiReferenceStrings } from "@/lib/strings/api-reference";

// /docs/api: a readable reference rendered on the server from the OpenAPI
// document itself (no renderer's JavaScript: the page ships none of its own).
// It names where keys are made ('Integrações'), opens with an index of every
// operation (at the top on a phone too), and shows the document's `code` as
// code, never its backticks.

const t = apiReferenceStrings;

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  items?: JsonSchema;
  description?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
};
type Parameter = { name: string; in: string; required?: boolean; schema?: JsonSchema; description?: string };
type Operation = {
  summary?: string;
  "x-scope"?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string }>;
};

/** Markdown's inline code (`…`) as <code>; the rest as text. */
export function Inline({ text }: { text: string | undefined }): ReactNode {
  if (!text) return null;
  return text.split(/`([^`]+)`/).map((part, i) =>
    i % 2 ? (
      <code key={i} className="rounded bg-muted px-1 py-0.5 text-[0.8125rem] break-words">
        {part}
      </code>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}

/** An operation's anchor: `get-api-links-id`. */
const anchor = (method: string, path: string) =>
  `${method}-${path}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/-+$/, "");

function typeOf(s: JsonSchema | undefined): string {
  if (!s) return "";
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (s.anyOf || s.oneOf) return (s.anyOf ?? s.oneOf)!.map(typeOf).join(" | ");
  if (s.type === "array") return `${typeOf(s.items)}[]`;
  return Array.isArray(s.type) ? s.type.join(" | ") : (s.type ?? s.format ?? t.object);
}

function Fields({ schema }: { schema: JsonSchema }) {
  const props = Object.entries(schema.properties ?? {});
  if (!props.length) return <p className="text-sm text-muted-foreground">{typeOf(schema)}</p>;
  return (
    <ul className="space-y-1 text-sm">
      {props.map(([name, s]) => (
        <li key={name} className="break-words">
          <code className="font-semibold">{name}</code>
          {schema.required?.includes(name) ? "" : "?"}: <code>{typeOf(s)}</code>
          {s.description ? (
            <span className="text-muted-foreground">
              {" "}
              — <Inline text={s.description} />
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function ApiReference() {
  const doc = openApiDocument() as unknown as { info: { title: string; description: string }; paths: Record<string, Record<string, Operation>> };
  const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method, op, id: anchor(method, path) })),
  );
  return (
    <div className="space-y-6">
      <p className="text-sm">
        <Inline text={doc.info.description} />
      </p>
      <p className="text-sm">
        {t.where}{" "}
        <a className="inline-flex min-h-6 items-center font-medium underline" href="/settings?aba=integracoes">
          {t.whereLink}
        </a>
      </p>
      <p className="text-sm">
        {t.document}{" "}
        <a className="inline-flex min-h-6 items-center underline" href="/api/openapi.json">
          /api/openapi.json
        </a>
      </p>
      <nav aria-labelledby="api-index" className="rounded-lg border p-4">
        <h2 id="api-index" className="mb-2 text-base font-semibold">
          {t.indexCount(operations.length)}
        </h2>
        <ol className="grid gap-x-4 sm:grid-cols-2">
          {operations.map(({ method, path, id }) => (
            <li key={id}>
              <a href={`#${id}`} className="flex min-h-8 items-center font-mono text-xs break-all underline underline-offset-2">
                {method.toUpperCase()} {path}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {operations.map(({ method, path, op, id }) => (
        <section key={id} id={id} aria-labelledby={`${id}-title`} className="scroll-mt-4 space-y-2 rounded-lg border p-4">
          <h2 id={`${id}-title`} className="font-mono text-base font-semibold break-all">
            {method.toUpperCase()} {path}
          </h2>
          <p className="text-sm">
            <Inline text={op.summary} />
          </p>
          <p className="text-sm">
            {t.permission} <code>{op["x-scope"]}</code>
          </p>
          {op.parameters?.length ? (
            <div>
              <h3 className="text-sm font-semibold">{t.parameters}</h3>
              <ul className="space-y-1 text-sm">
                {op.parameters.map((p) => (
                  <li key={`${p.in}-${p.name}`} className="break-words">
                    <code className="font-semibold">{p.name}</code> ({p.in === "path" ? t.inPath : t.inQuery}){p.required ? "" : "?"}:{" "}
                    <code>{typeOf(p.schema)}</code>
                    {p.description ? (
                      <span className="text-muted-foreground">
                        {" "}
                        — <Inline text={p.description} />
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {Object.entries(op.requestBody?.content ?? {}).map(([type, { schema }]) => (
            <div key={type}>
              <h3 className="text-sm font-semibold">{t.body(type)}</h3>
              <Fields schema={schema} />
            </div>
          ))}
          <div>
            <h3 className="text-sm font-semibold">{t.responses}</h3>
            <ul className="text-sm">
              {Object.entries(op.responses).map(([status, r]) => (
                <li key={status}>
                  <code>{status}</code> <Inline text={r.description} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ))}
    </div>
  );
}
