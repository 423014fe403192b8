// In the browser (loaded first by instrumentation-client.ts, before any schema
// is used), zod must not probe for eval (new Function) to compile its object
// parsers: the pages' Content-Security-Policy forbids eval, and the probe alone
// is reported as a violation. Its plain parsers are fast enough for forms; the
// server keeps the compiled ones.
// zod keeps its settings on globalThis.__zod_globalConfig (zod/v4/core/core.js)
// and takes an object already there: set it without importing zod, so pages
// that validate nothing do not load it.
const g = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
if (typeof window !== "undefined") (g.__zod_globalConfig ??= {}).jitless = true;

export {};
