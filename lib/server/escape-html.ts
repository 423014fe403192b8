const REFERENCES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * Text made safe inside HTML or XML, as element content or a quoted
 * attribute: & < > " ' as character references. For the documents written by
 * hand as strings (short failure pages, the subscriber pages, e-mails, the
 * offline page, the sitemap); React escapes everything else.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => REFERENCES[c]!);
}
