// npm test: every suite of the README's test command, each step started as
// soon as what it needs is done, side by side where they do not compete:
//
//   lint ───┐
//   format ─┤
//   build ──┼─ jest (nice 10)
//           ├─ e2e (both runtimes side by side)
//           └─ analyze (the pages' JavaScript budgets, on that build)
//
// The build type-checks every file tsconfig.json includes (tests too, and the
// routes' generated types), so there is no separate tsc run to pay for twice
// (`npm run typecheck` stays for a quick look). The linter (ESLint, zero
// warnings) and Prettier's check run beside it (one core each, much of it
// while the build waits on files). Then the browser journeys and Jest side
// by side, Jest at a lower priority: the journeys alone leave about a third
// of two cores idle, and at nice 10 Jest takes only what they leave (its
// tests' bound is doubled meanwhile: jest.config.ts). Each line of a step's output carries the step's name; a failed step skips what
// needs it and the others go on, so one run shows every failure. At the end,
// each step's start, duration and outcome (also written to TEST_TIMES_FILE
// when set, for .ci/run's summary).
import { spawn } from "node:child_process";
import { appendFileSync } from "node:fs";
import { createInterface } from "node:readline";

// `needs`: steps whose success it needs (a failure skips it); `after`: steps
// it only waits for, so as not to share the machine with them.
const steps = [
  { name: "lint", run: "npm run --silent lint", needs: [], after: [] },
  { name: "format", run: "npm run --silent format:check", needs: [], after: [] },
  { name: "build", run: "npm run --silent build", needs: [], after: [] },
  // Jest at a lower priority (nice 10), beside the browser journeys: they leave a third of the
  // cores idle (waiting on the browsers, the network, their servers' timers), which Jest takes,
  // while every journey still gets the cores the moment it asks (its bounds are the tighter).
  { name: "jest", run: "nice -n 10 npm run --silent test:jest", env: { JEST_BESIDE_E2E: "1" }, needs: [], after: ["lint", "format", "build"] },
  { name: "analyze", run: "npm run --silent analyze -- --check", needs: ["build"], after: [] },
  { name: "e2e", run: "npm run --silent test:e2e", env: { E2E_SKIP_BUILD: "1" }, needs: ["build"], after: ["lint", "format"] },
];

const only = process.env.TEST_STEPS?.split(",")
  .map((s) => s.trim())
  .filter(Boolean);
for (const name of only ?? []) if (!steps.some((s) => s.name === name)) throw new Error(`TEST_STEPS: unknown step "${name}"`);

const started = Date.now();
const outcome = new Map(); // name -> { status, start, end }
const width = Math.max(...steps.map((s) => s.name.length));
const clock = (ms) => `${Math.floor(ms / 60_000)}m${String(Math.round((ms % 60_000) / 1000)).padStart(2, "0")}s`;

function run(step) {
  const start = Date.now();
  console.log(`[${step.name}] ${step.run}`);
  return new Promise((resolve) => {
    const child = spawn(step.run, { shell: true, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...step.env, FORCE_COLOR: "0" } });
    const prefix = `[${step.name.padEnd(width)}] `;
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on("line", (line) => console.log(prefix + line));
    }
    child.on("close", (code, signal) => {
      const status = code === 0 ? "passed" : `failed (${signal ?? `exit ${code}`})`;
      outcome.set(step.name, { status, start, end: Date.now() });
      console.log(`[${step.name}] ${status} in ${clock(Date.now() - start)}`);
      resolve();
    });
  });
}

const pending = new Map();
function schedule(step) {
  if (pending.has(step.name)) return pending.get(step.name);
  const promise = (async () => {
    const named = (names) => names.map((n) => steps.find((s) => s.name === n)).filter((s) => !only || only.includes(s.name));
    const needs = named(step.needs);
    await Promise.all([...needs, ...named(step.after)].map(schedule));
    const failed = needs.filter((s) => outcome.get(s.name)?.status !== "passed");
    if (failed.length) {
      outcome.set(step.name, { status: `skipped (${failed.map((s) => s.name).join(", ")} failed)`, start: Date.now(), end: Date.now() });
      console.log(`[${step.name}] skipped: ${failed.map((s) => s.name).join(", ")} failed`);
      return;
    }
    await run(step);
  })();
  pending.set(step.name, promise);
  return promise;
}

await Promise.all(steps.filter((s) => !only || only.includes(s.name)).map(schedule));

const rows = steps
  .filter((s) => outcome.has(s.name))
  .map((s) => {
    const o = outcome.get(s.name);
    return `  ${s.name.padEnd(width)}  from ${clock(o.start - started).padStart(6)}  took ${clock(o.end - o.start).padStart(6)}  ${o.status}`;
  });
console.log(`\nnpm test: ${clock(Date.now() - started)} in all\n${rows.join("\n")}`);
if (process.env.TEST_TIMES_FILE) appendFileSync(process.env.TEST_TIMES_FILE, rows.map((r) => `${r}\n`).join(""));
process.exit([...outcome.values()].every((o) => o.status === "passed") ? 0 : 1);
