// Makes sure a Chromium exists for the browser tests: the system's where there
// is one (Debian: apt-get install chromium), else Playwright's own download.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const system = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));
if (system) {
  console.log(`Browser tests use ${system}.`);
} else {
  console.log("No system Chromium found; downloading Playwright's Chromium...");
  execSync("npx playwright install chromium", { stdio: "inherit" });
}
