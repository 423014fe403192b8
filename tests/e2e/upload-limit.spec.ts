import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { PHONE, snap } from "./helpers";
import { registerViaApi, uniqueUser } from "./users";

// A serverless host (Vercel) refuses any request body over 4.5 MB with its own
// English 413. Through a proxy that does the same, a 5 MB phone photo still
// becomes the avatar: the browser sends it in parts, each under the limit.

const HOST_LIMIT = 4_718_592;

/** An HTTP proxy in front of the app that refuses bodies over 4.5 MB, as the host does. */
async function limitingProxy(target: URL) {
  const refused: string[] = [];
  const bodies: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = Number(req.headers["content-length"] ?? 0) > HOST_LIMIT;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > HOST_LIMIT) over = true;
      else chunks.push(chunk);
    });
    req.on("end", () => {
      bodies.push(size);
      if (over) {
        refused.push(`${req.method} ${req.url}`);
        res.writeHead(413, { "content-type": "text/plain" }).end("Request Entity Too Large");
        return;
      }
      const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on("error", () => res.writeHead(502).end());
      upstream.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, refused, bodies, close: () => server.close() };
}

test("a 5 MB photo from a phone becomes the avatar behind a host that refuses bodies over 4.5 MB", async ({ browser, baseURL, request }) => {
  const proxy = await limitingProxy(new URL(baseURL!));
  try {
    const side = 2_150;
    const photo = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 96 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(HOST_LIMIT);
    expect(photo.length).toBeLessThanOrEqual(5 * 1024 * 1024);

    const u = uniqueUser();
    await registerViaApi(request, u);
    const context = await browser.newContext({ baseURL: proxy.origin, viewport: PHONE });
    const page = await context.newPage();
    expect((await page.request.post("/api/login", { data: { username: u.email, password: u.password } })).status()).toBe(200);

    // Sent whole, the same photo is refused by the host itself.
    const whole = await page.request.post("/api/user/avatar", { multipart: { avatar: { name: "foto.jpg", mimeType: "image/jpeg", buffer: photo } } });
    expect(whole.status()).toBe(413);
    expect(await whole.text()).toBe("Request Entity Too Large");
    proxy.refused.length = 0;
    proxy.bodies.length = 0;

    await page.goto("/settings");
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Escolher foto").setInputFiles({ name: "IMG_0042.jpg", mimeType: "image/jpeg", buffer: photo });
    await expect(page.locator("[data-slot=toast], li[role=status]").first()).toContainText("Foto de perfil atualizada com sucesso", { timeout: 30_000 });
    const avatar = page.getByRole("button", { name: "Abrir menu da conta" }).locator("img");
    await expect(avatar).toHaveAttribute("src", /^\/uploads\/avatar-[0-9a-f]{32}\.webp$/);
    await snap(page, "settings-photo-5mb-375");

    expect(proxy.refused).toEqual([]);
    expect(Math.max(...proxy.bodies)).toBeLessThanOrEqual(HOST_LIMIT);
    const stored = await page.request.get((await avatar.getAttribute("src"))!);
    const meta = await sharp(await stored.body()).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 400, height: 400 });
    await context.close();
  } finally {
    proxy.close();
  }
});
