import { createHash } from "node:crypto";
import net from "node:net";
import { expect, test } from "@playwright/test";
import { runtime } from "./runtime";
import { ADMIN, signInOrRegister } from "./users";

// Every app page runs its scripts under a per-request nonce, or (a prerendered
// signed-out page) under its inline scripts' hashes, and nothing else,
// with the security headers; an oversized JSON body is refused before it is
// read, on the real server.

test.describe("headers and bodies", () => {
  test.describe.configure({ timeout: 120_000 });

  test("every app page runs its scripts under this request's nonce or its prerendered hashes, and nothing else", async ({ page, browser }) => {
    // Violations are reported by the browser itself, before any page script runs.
    await page.addInitScript(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener("securitypolicyviolation", (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" && /Content Security Policy/i.test(m.text())) errors.push(m.text());
    });

    async function check(path: string, status = 200) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(status);
      await page.waitForLoadState("networkidle");
      const headers = res!.headers();
      const csp = headers["content-security-policy"]!;
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
      const hashes = [...csp.matchAll(/'sha256-([A-Za-z0-9+/=]+)'/g)].map((m) => m[1]);
      expect(Boolean(nonce) !== hashes.length > 0, `${path} has a nonce or, prerendered, script hashes`).toBe(true);
      expect(csp).not.toContain("'unsafe-inline' 'strict");
      expect(csp.split(";").find((d) => d.trim().startsWith("script-src"))).not.toContain("unsafe-inline");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["strict-transport-security"]).toBeUndefined(); // plain http here
      const html = await res!.text();
      const tags = html.match(/<script\b[^>]*>/g) ?? [];
      expect(tags.length, path).toBeGreaterThan(0);
      if (nonce) {
        // Every script the server wrote carries this request's nonce.
        expect(
          tags.filter((t) => !t.includes(` nonce="${nonce}"`)),
          `${path}: scripts without the nonce`,
        ).toEqual([]);
      } else {
        // A prerendered page: every inline script is listed by its hash, and nothing trusts scripts it loads.
        expect(csp).not.toContain("strict-dynamic");
        expect(
          tags.filter((t) => t.includes("nonce=")),
          `${path}: a nonce in a shared document`,
        ).toEqual([]);
        const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\bsrc=/.test(m[1]!));
        const unlisted = inline.filter((m) => !hashes.includes(createHash("sha256").update(m[2]!).digest("base64")));
        expect(
          unlisted.map((m) => m[2]!.slice(0, 60)),
          `${path}: inline scripts not listed`,
        ).toEqual([]);
      }
      // Markup slipped into the page cannot run script through inline handlers.
      // (A <script> added from the test itself would run: DevTools' own code is exempt from CSP.)
      await page.evaluate(() => {
        document.body.insertAdjacentHTML("beforeend", '<img src="data:," onerror="window.__injected = 1"><svg onload="window.__injected = 2"></svg>');
      });
      await page.waitForTimeout(200);
      expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected), path).toBeUndefined();
      const reported = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
      expect(
        reported.filter((r) => !/^script-src-attr inline$/.test(r)),
        `${path}: only the injected markup was refused`,
      ).toEqual([]);
      expect(reported.length, `${path}: the injected markup was refused`).toBeGreaterThan(0);
      return nonce ?? "prerendered";
    }

    // Under npm start, signed-out pages are prerendered once by server.mjs
    // (lib/server/static-pages.ts), then served with their scripts' hashes;
    // under next start (no server.mjs) every page is rendered per request with
    // a fresh nonce. A page rendered per request has a fresh nonce.
    const { serverless } = runtime();
    const again = async (path: string) => {
      const first = await check(path);
      const second = await check(path);
      if (serverless) expect(second, `${path}: a fresh nonce`).not.toBe(first);
      else expect(second, `${path}: prerendered`).toBe("prerendered");
    };
    await again("/");
    await check("/register");
    await check("/404", 404);
    const first = await check("/nada/por/aqui", 404);
    expect(await check("/nada/por/aqui", 404)).not.toBe(first);
    await again("/login");
    // The page works: its own scripts ran (client-side validation).
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page.getByText("Email inválido")).toBeVisible();

    await signInOrRegister(page.request, ADMIN);
    // The report form of a public page, and of one that does not exist.
    await check(`/denunciar/${(await (await page.request.get("/api/user")).json()).username}`);
    await check("/denunciar/ninguem-com-este-nome", 404);
    for (const path of ["/dashboard", "/dashboard/add", "/settings", "/admin"]) await check(path);
    // A client-side navigation loads more code under the same policy.
    await page.getByRole("tab", { name: /Usuários/ }).click();
    await expect(page.getByRole("searchbox")).toBeVisible();
    expect(errors.filter((e) => !/inline/i.test(e))).toEqual([]);

    // The public profile keeps its own, stricter policy.
    const profile = await browser.newContext();
    const res = await profile.request.get(`/${ADMIN.username}`);
    expect(res.headers()["content-security-policy"]).toMatch(/^default-src 'none'; script-src 'sha256-/);
    await profile.close();
  });

  test("a 3 MB JSON body is refused with 413 before it is sent", async () => {
    const { hostname, port } = new URL(test.info().project.use.baseURL!);
    const THREE_MB = 3 * 1024 * 1024;
    const SENT_AT_MOST = 1.5 * 1024 * 1024;

    /**
     * Announces a 3 MB body (by its length, or chunked with no length), sends
     * none of it (length) or 1.5 MB of it (chunked), then waits: only a server
     * that answers without reading the whole body can answer at all.
     */
    function post(path: string, chunked: boolean): Promise<number> {
      return new Promise((resolve, reject) => {
        const socket = net.connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname);
        let answer = "";
        const status = () => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
        socket.setTimeout(15_000, () => {
          socket.destroy();
          reject(new Error(`${path}: no answer while the body was incomplete`));
        });
        socket.on("data", (d) => {
          answer += d.toString("latin1");
          if (status()) {
            socket.destroy();
            resolve(status());
          }
        });
        // The server may close the connection on its answer while the body is still being written.
        socket.on("error", () => undefined);
        const length = chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${THREE_MB}`;
        socket.write(`POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n${length}\r\n\r\n`);
        if (!chunked) return;
        socket.write('8\r\n{"title"\r\n');
        const chunk = Buffer.alloc(64 * 1024, "x");
        for (let sent = 0; sent + chunk.length <= SENT_AT_MOST; sent += chunk.length) {
          socket.write(`${chunk.length.toString(16)}\r\n`);
          socket.write(chunk);
          socket.write("\r\n");
        }
      });
    }

    for (const path of ["/api/login", "/api/register", "/api/auth/google", "/api/links"]) {
      expect(await post(path, false), `${path} with Content-Length`).toBe(path === "/api/links" ? 401 : 413);
      expect(await post(path, true), `${path} chunked`).toBe(path === "/api/links" ? 401 : 413);
    }
  });
});
