// A local server standing in for Linktree (LINKTREE_ORIGIN in tests): each
// name answers a profile page built the way Linktree's own carries it (a
// Next.js page with the profile in <script id="__NEXT_DATA__">, see
// lib/import/linktree-page.ts), a photo at /avatar.png, and whatever a test
// sets for a name (another status, a delay, a redirect, a huge body).
// Used by the integration tests and, as a web server of playwright.config.ts,
// by the browser journey (tests/e2e/linktree-stand-in-server.mjs).
import http from "node:http";
import sharp from "sharp";

const gate = { activeOrder: null, age: null, passcode: null, nft: null, payment: null };

/** A link entry as Linktree's data has it. */
export function entry(id, position, title, url, extra = {}) {
  return {
    id,
    type: "CLASSIC",
    title,
    position,
    url,
    locked: null,
    modifiers: { animation: null, isForwarding: false, isForwardingActive: false, thumbnailUrl: null, amazonAffiliate: null },
    context: null,
    rules: { gate },
    ...extra,
  };
}

/** The default profile of `name`: three links in order, one inactive, one repeated, one section title. */
export function profileOf(name, origin) {
  return {
    username: name,
    pageTitle: `Perfil ${name}`,
    description: `Bio de ${name} no Linktree`,
    profilePictureUrl: `${origin}/avatar.png`,
    links: [
      { ...entry(1, 0, "Destaques", ""), type: "HEADER" },
      entry(2, 1, "Primeiro link", `https://${name}.example.com/primeiro`),
      entry(3, 2, "Segundo link", `https://${name}.example.com/segundo`),
      entry(4, 3, "Desativado", `https://${name}.example.com/velho`, { isActive: false }),
      entry(5, 4, "Terceiro link", `https://${name}.example.com/terceiro`),
      entry(6, 5, "Primeiro de novo", `https://${name}.example.com/primeiro`),
    ],
  };
}

/** A Linktree profile page's HTML carrying `account` as its Next.js data. */
export function linktreeHtml(account) {
  const data = {
    props: {
      pageProps: {
        account: { id: 41877213, isActive: true, tier: "free", socialLinks: [], integrations: [], theme: { key: "spray" }, ...account },
        username: account.username,
        pageTitle: account.pageTitle,
        description: account.description,
        profilePictureUrl: account.profilePictureUrl,
        links: [],
        isOwner: false,
        stage: "production",
      },
      __N_SSP: true,
    },
    page: "/[profile]",
    query: { profile: account.username },
    buildId: "stand-in",
    isFallback: false,
    gssp: true,
  };
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>${account.username} | Linktree</title></head><body><div id="__next"><main><h1>${account.username}</h1></main></div><script id="__NEXT_DATA__" type="application/json">${json}</script></body></html>`;
}

/**
 * Starts the stand-in on 127.0.0.1 (`port` 0: any free one). `pages` maps a
 * name to what it answers: {status?, html?, account?, delayMs?, location?, bytes?}.
 */
export async function startLinktreeStandIn(port = 0) {
  const photo = await sharp({ create: { width: 96, height: 96, channels: 3, background: "#c0392b" } })
    .png()
    .toBuffer();
  const pages = new Map();
  const seen = [];
  let origin = "";
  const server = http.createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://stand-in").pathname);
    seen.push(path);
    if (path === "/health") return res.end("ok");
    if (path === "/avatar.png") return res.writeHead(200, { "content-type": "image/png" }).end(photo);
    const name = path.slice(1);
    const spec = pages.get(name) ?? (name.startsWith("desconhecido") || !name ? { status: 404, html: "<html><body>Not found</body></html>" } : {});
    const answer = () => {
      if (res.destroyed) return;
      if (spec.location) return res.writeHead(spec.status ?? 302, { location: spec.location }).end();
      if (spec.bytes) {
        // A page that goes on and on (the size cap must cut it).
        res.writeHead(200, { "content-type": "text/html" });
        const chunk = Buffer.alloc(64 * 1024, 0x61);
        let sent = 0;
        const more = () => {
          while (sent < spec.bytes && !res.destroyed) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once("drain", more);
          }
          res.end();
        };
        return more();
      }
      const html = spec.html ?? linktreeHtml(spec.account ?? profileOf(name, origin));
      res.writeHead(spec.status ?? 200, { "content-type": "text/html; charset=utf-8" }).end(html);
    };
    if (spec.delayMs) setTimeout(answer, spec.delayMs).unref();
    else answer();
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    pages,
    /** The paths asked so far. */
    seen,
    close: () => new Promise((resolve) => (server.closeAllConnections?.(), server.close(() => resolve()))),
  };
}
