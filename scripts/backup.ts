// npm run backup -- FILE              a consistent copy of the whole database (either kind)
// npm run restore -- FILE [--force]   load one into an empty database (--force: replace a non-empty one)
// Images are not in it: see docs/operations.md, "Backup and restore".
import path from "node:path";
import { backupDatabase, restoreDatabase } from "@/lib/ops/backup";
import { OpsError } from "@/lib/ops/table-counts";
import { env } from "@/lib/server/env";

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const force = rest.includes("--force");
  const file = rest.find((a) => !a.startsWith("--"));
  if ((command !== "backup" && command !== "restore") || !file) {
    console.error("usage: npm run backup -- FILE | npm run restore -- FILE [--force]");
    return 2;
  }
  const target = path.resolve(file);
  const message = command === "backup" ? await backupDatabase(env(), target) : await restoreDatabase(env(), target, force);
  console.log(message);
  return 0;
}

// Not awaited (a CommonJS script has no top-level await): main() ends in process.exit either way.
void main()
  .catch((error: unknown) => {
    console.error(error instanceof OpsError ? error.message : error instanceof Error ? error.message : error);
    return 1;
  })
  .then((code) => process.exit(code));
