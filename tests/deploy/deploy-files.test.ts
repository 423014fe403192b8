/** @jest-environment node */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

// The deployment files cannot be run in CI (Docker Hub's images and Vercel
// are out of this machine's reach; docs/operations.md says how the image was built
// and run by hand), so what can be checked without them is checked: each
// names files and routes that exist, and says what the README promises.

const root = path.resolve(__dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

describe("vercel.json", () => {
  const config = JSON.parse(read("vercel.json")) as {
    buildCommand: string;
    crons: { path: string; schedule: string }[];
    functions: Record<string, unknown>;
  };

  it("schedules the jobs route at most daily (Vercel's free plan), on a route that exists", () => {
    expect(config.crons).toEqual([{ path: "/api/cron/jobs", schedule: expect.stringMatching(/^\d+ \d+ \* \* \*$/) }]);
    expect(existsSync(path.join(root, "app/api/cron/jobs/route.ts"))).toBe(true);
    for (const file of Object.keys(config.functions)) expect(existsSync(path.join(root, file))).toBe(true);
  });

  it("applies migrations before the new version is built", () => {
    expect(config.buildCommand).toBe("npm run db:migrate && npm run build");
    const scripts = JSON.parse(read("package.json")).scripts as Record<string, string>;
    expect(scripts["db:migrate"]).toContain("scripts/migrate.ts deploy");
  });
});

describe("the README's Deploy with Vercel button", () => {
  const readme = read("README.md");
  const href = /\[!\[Deploy with Vercel\]\([^)]*\)\]\((https:\/\/vercel\.com\/new\/clone\?[^)]+)\)/.exec(readme)?.[1];

  it("creates a Neon database and a Blob store and asks for AUTH_SECRET and CRON_SECRET", () => {
    expect(href).toBeDefined();
    const url = new URL(href!);
    expect(url.searchParams.get("env")?.split(",").sort()).toEqual(["AUTH_SECRET", "CRON_SECRET"]);
    expect(url.searchParams.get("repository-url")).toMatch(/^https:\/\/github\.com\//);
    const products = JSON.parse(url.searchParams.get("products")!) as { type: string; productSlug?: string }[];
    expect(products).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: "integration", productSlug: "neon" }), expect.objectContaining({ type: "blob" })]),
    );
  });
});

describe("Dockerfile", () => {
  const dockerfile = read("Dockerfile");

  it("is multi-stage, runs as a non-root user, and checks its health", () => {
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/^USER vitrine$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n?.*\/api\/health/m);
    expect(dockerfile).toMatch(/^CMD \["node", "server\.mjs"\]$/m);
    expect(dockerfile).toMatch(/^RUN npm install/m);
    expect(dockerfile).not.toMatch(/^RUN .*npm ci/m);
  });

  it("copies only files that exist in the repository (or that the build makes)", () => {
    const built = new Set([".next", "node_modules"]);
    for (const [, sources] of dockerfile.matchAll(/^COPY --from=build \S+ (.+) \S+$/gm)) {
      for (const source of sources!.split(" ")) {
        const relative = source.replace(/^\/app\/?/, "");
        if (!built.has(relative)) expect([relative, existsSync(path.join(root, relative))]).toEqual([relative, true]);
      }
    }
    for (const [, sources] of dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)) {
      for (const source of sources!.split(" ")) if (source !== ".") expect([source, existsSync(path.join(root, source))]).toEqual([source, true]);
    }
  });
});

describe("compose.yaml", () => {
  const compose = read("compose.yaml");

  it("runs the app beside PostgreSQL 17 with data in volumes and health checks", () => {
    expect(compose).toMatch(/^\s+image: postgres:17$/m);
    expect(compose).toMatch(/- db-data:\/var\/lib\/postgresql\/data/);
    expect(compose).toMatch(/- app-data:\/data/);
    expect(compose.match(/healthcheck:/g)?.length).toBe(2);
    expect(compose).toMatch(/condition: service_healthy/);
    expect(compose).toMatch(/AUTH_SECRET: \$\{AUTH_SECRET:\?/);
    expect(compose).toMatch(/DATABASE_URL: postgresql:\/\/vitrine:.*@db:5432\/vitrine/);
  });
});
