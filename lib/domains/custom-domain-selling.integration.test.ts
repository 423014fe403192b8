import type { IncomingMessage } from "node:http";
import { NextRequest } from "next/server";
import { proxy } from "@/proxy";
import "@/app/[username]/route";
import { GET as checkoutPage } from "@/app/[username]/comprar/[blockId]/route";
import { POST as checkout } from "@/app/api/checkout/[blockId]/route";
import { db } from "@/lib/server/db";
import { hostHook } from "@/lib/server/host.mjs";
import { createUser } from "@/tests/factories";
import { SELLING_APP_URL, connectSeller, useMercadoPagoStandIn } from "@/tests/helpers/mercadopago";
import { params, request } from "@/tests/helpers/request";
import { loadDomainHosts } from "./load-host-list";
import { registerCustomHosts } from "./host-list";

// 'Comprar' on a page served on its own domain (api.md, Custom domains and
// Selling with Pix): the page's buttons lead to the checkout on the app's
// host, where the checkout page, its POST and the order page are (the Pix
// notification and the receipt's link name the app's host too), so a buyer
// who came through the domain buys as any other. The checkout's paths on the
// domain itself are a clean 404 with no cookie, on both runtimes: the domain
// serves the page's own paths only.

const standIn = useMercadoPagoStandIn();
const DOMAIN = "links.loja.test";

beforeAll(() => {
  process.env.CUSTOM_DOMAIN_TARGET = "cname.vitrine.test";
  registerCustomHosts();
});
afterAll(() => {
  delete process.env.CUSTOM_DOMAIN_TARGET;
});

async function shopWithDomain() {
  const user = await createUser({ username: "ana" });
  const course = await db.link.create({
    data: {
      pageId: user.id,
      kind: "product",
      title: "Curso online",
      url: "",
      order: 0,
      data: { description: null, priceCents: 5000, delivery: "link", url: "https://curso.exemplo.com/turma", stock: null },
    },
  });
  await db.customDomain.create({ data: { pageId: user.id, domain: DOMAIN, token: "t", status: "active", verifiedAt: new Date() } });
  await connectSeller(standIn.current, user.id, user.id);
  await loadDomainHosts();
  return { user, course };
}

const viaProxy = (host: string, path: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
  proxy(new NextRequest(`http://${host}${path}`, { method: init.method, headers: { host, ...init.headers } }));

function viaServer(host: string, path: string, method = "GET") {
  const req = { method, url: path, headers: { host, cookie: "authjs.session-token=abc" } } as unknown as IncomingMessage;
  return hostHook("customHost")!(req);
}

it("sends the domain's 'Comprar' to the checkout on the app's host, where the page and its POST sell", async () => {
  const { course } = await shopWithDomain();
  // The page on its domain (answered by the profile route's fast path, as under both runtimes).
  const page = await viaProxy(DOMAIN, "/");
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain(`<link rel="canonical" href="https://${DOMAIN}/"/>`);
  expect(html).toContain(`href="${SELLING_APP_URL}/ana/comprar/${course.id}" aria-label="Comprar: Curso online"`);

  // On the app's host: the checkout page, and its form's POST (no session, no cookie needed).
  const form = await checkoutPage(request(`/ana/comprar/${course.id}`), params({ username: "ana", blockId: course.id }));
  expect(form.status).toBe(200);
  expect(await form.text()).toContain(`action="/api/checkout/${course.id}"`);
  const bought = await checkout(
    request(`/api/checkout/${course.id}`, { body: { name: "Bia Lima", email: "bia@exemplo.com" }, headers: { referer: `https://${DOMAIN}/` } }),
    params({ blockId: course.id }),
  );
  expect(bought.status).toBe(201);
  const order = await bought.json();
  expect(standIn.current.payment(order.orderId)?.notification_url).toBe(`${SELLING_APP_URL}/api/payments/notify`);
});

it("answers the checkout's paths on the domain itself with a clean 404 and no cookie, on both runtimes", async () => {
  const { course } = await shopWithDomain();
  for (const path of [`/ana/comprar/${course.id}`, `/comprar/${course.id}`, `/ana/pedido/x1`]) {
    const res = await viaProxy(DOMAIN, path, { headers: { cookie: "authjs.session-token=abc" } });
    expect([path, res.status, res.headers.get("set-cookie")]).toEqual([path, 404, null]);
    expect(await res.text()).toContain('<h1 style="font-size:22px">Não encontrado.</h1>');
    const answer = viaServer(DOMAIN, path);
    expect([path, answer?.status]).toEqual([path, 404]);
  }
  // The checkout's API on the domain: the route answers 404 before reading anything.
  const onDomain = new Request(`https://${DOMAIN}/api/checkout/${course.id}`, {
    method: "POST",
    headers: { host: DOMAIN, "content-type": "application/json", "x-vitrine-client-ip": "203.0.113.10" },
    body: JSON.stringify({ name: "Bia Lima", email: "bia@exemplo.com" }),
  });
  expect((await checkout(onDomain, params({ blockId: course.id }))).status).toBe(404);
  expect(standIn.current.countCalls("POST /v1/payments")).toBe(0);
  expect(await db.order.count()).toBe(0);
});
