import { z } from "zod";

// In the browser (loaded first by instrumentation-client.ts, before any schema
// is built), zod must not probe for eval (new Function) to compile its
// object parsers: the pages' Content-Security-Policy forbids eval, and the
// probe alone is reported as a violation. Its plain parsers are fast enough
// for forms. The server keeps the compiled ones.
if (typeof window !== "undefined") z.config({ jitless: true });
