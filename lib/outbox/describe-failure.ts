import "server-only";

/** What a failed attempt may say in the log and its row: no link, no token, at most 300 characters. */
export function describeFailure(error: unknown): string {
  const e = error as { code?: unknown; responseCode?: unknown; message?: unknown };
  const parts = [e?.code, e?.responseCode, typeof e?.message === "string" ? e.message : String(error)];
  return parts
    .filter((p) => p !== undefined && p !== null && p !== "")
    .join(" ")
    .replace(/https?:\/\/\S+/g, "[link]")
    .replace(/token=\S+/gi, "token=[…]")
    .slice(0, 300);
}
