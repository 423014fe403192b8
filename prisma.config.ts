import { defineConfig } from "prisma/config";

// The CLI is used for `prisma generate` only: migrations run through our own
// WebAssembly-engine tool (scripts/migrate.ts), see lib/server/migrations.ts.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
