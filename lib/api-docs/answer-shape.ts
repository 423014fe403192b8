import { z } from "zod";

// A one-line outline of an answer, for the reference's list of answers
// (`{id, url, events, …}`, `[{…}]`): read from the very schema the answer is
// checked against, so it cannot drift from it either.

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; items?: JsonSchema; anyOf?: JsonSchema[] };

export function answerShape(schema: z.ZodType): string {
  return outline(z.toJSONSchema(schema, { io: "output" }) as JsonSchema);
}

function outline(s: JsonSchema): string {
  if (s.properties) return `{${Object.keys(s.properties).join(", ")}}`;
  if (s.items) return `[${outline(s.items)}]`;
  if (s.anyOf) return s.anyOf.map(outline).join(" | ");
  return Array.isArray(s.type) ? s.type.join(" | ") : (s.type ?? "");
}
