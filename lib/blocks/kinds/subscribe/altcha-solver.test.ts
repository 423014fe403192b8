/** @jest-environment node */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { createChallenge, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/sha";
import { SOLVER_PATH } from "./altcha-solver";

// The sign-up form's worker script: altcha-lib's own files, bundled into one
// classic script by scripts/vendor-altcha.mjs (the form's part of the page's
// script is tested in lib/blocks/kinds/subscribe/send-sign-up.test.ts).

const SECRET = "segredo-de-teste";
const KEY_SECRET = "outro-segredo";

describe("the sign-up form's solver", () => {
  it("is served from the pinned altcha-lib's own files, bundled into one script", () => {
    const version = JSON.parse(readFileSync(path.join(process.cwd(), "node_modules/altcha-lib/package.json"), "utf8")).version;
    const dir = path.join(process.cwd(), `public/altcha/${version}`);
    expect(SOLVER_PATH).toBe(`/altcha/${version}/solver.js`);
    for (const file of ["pow.js", "helpers.js", "types.js", "algorithms/web/sha.js", "workers/shared.js"]) {
      const vendored = readFileSync(path.join(dir, file));
      expect([file, vendored.equals(readFileSync(path.join(process.cwd(), "node_modules/altcha-lib/dist/esm/v2", file)))]).toEqual([file, true]);
    }
    // solver.js is exactly scripts/vendor-altcha.mjs's bundle of those files (not edited by hand, not stale).
    const rebuilt = execFileSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { bundleSolver } from "./scripts/vendor-altcha.mjs"; process.stdout.write(await bundleSolver(${JSON.stringify(dir)}));`,
      ],
      {
        cwd: process.cwd(),
        encoding: "utf8",
      },
    );
    expect(readFileSync(path.join(process.cwd(), "public", SOLVER_PATH), "utf8")).toBe(rebuilt);
  });

  it("run as a worker runs it, answers a challenge the server's library verifies", async () => {
    const challenge = await createChallenge({
      algorithm: "SHA-256",
      cost: 1,
      counter: 120,
      deriveKey,
      expiresAt: new Date(Date.now() + 60_000),
      hmacSignatureSecret: SECRET,
      hmacKeySignatureSecret: KEY_SECRET,
    });
    const answer = new Promise<{ counter: number; derivedKey: string }>((resolve) => {
      const self: { onmessage?: (m: { data: unknown }) => void; postMessage: (d: never) => void } = { postMessage: resolve };
      runInNewContext(readFileSync(path.join(process.cwd(), "public", SOLVER_PATH), "utf8"), {
        self,
        crypto: globalThis.crypto,
        performance,
        TextEncoder,
        AbortController,
        setTimeout,
        clearTimeout,
        Date,
        Uint8Array,
        DataView,
        ArrayBuffer,
        Promise,
      });
      self.onmessage!({ data: { type: "work", challenge: JSON.parse(JSON.stringify(challenge)), counterStart: 0, counterStep: 1, timeout: 60_000 } });
    });
    const solution = await answer;
    expect(solution.counter).toBe(120);
    const verified = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: SECRET, hmacKeySignatureSecret: KEY_SECRET });
    expect(verified.verified).toBe(true);
  });
});
