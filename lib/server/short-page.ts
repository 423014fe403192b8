import { escapeHtml } from "@/lib/server/escape-html";

/** A short pt-BR document with one heading: what a failure shows instead of a stack trace. */
export function shortPageHtml(message: string): string {
  const text = escapeHtml(message);
  return `<!DOCTYPE html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${text}</title></head><body style="font-family:system-ui,sans-serif;text-align:center;padding:80px 24px"><h1 style="font-size:22px">${text}</h1></body></html>`;
}
