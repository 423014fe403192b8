import { execFileSync } from "node:child_process";
import path from "node:path";

/** Runs the project's own migration command, the way an operator would. */
export function runMigrateCli(env: Record<string, string | undefined>, args: string[] = ["deploy"]): string {
  const root = path.resolve(__dirname, "../..");
  return execFileSync(path.join(root, "node_modules/.bin/tsx"), ["--conditions=react-server", "scripts/migrate.ts", ...args], {
    cwd: root,
    env: { ...process.env, NODE_OPTIONS: "", ...env },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}
