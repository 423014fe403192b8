import { defineConfig } from "prisma/config";

// The CLI is used for `prisma generate` only: migrations run through our own
// WebAssembly-engine tool (scripts/migrate.ts), see lib/server/migrations.ts.
// The schema is the folder: every .prisma file in it, one per feature.
export default defineConfig({
  schema: "prisma/schema",
  migrations: { path: "prisma/migrations" },
});
