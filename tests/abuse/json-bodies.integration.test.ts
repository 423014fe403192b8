import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import * as blockedDomains from "@/app/api/admin/blocked-domains/route";
import * as togglePage from "@/app/api/admin/pages/[id]/toggle-status/route";
import * as adminReport from "@/app/api/admin/reports/[id]/route";
import * as forgotPassword from "@/app/api/auth/forgot-password/route";
import * as google from "@/app/api/auth/google/route";
import * as resetPassword from "@/app/api/auth/reset-password/route";
import * as verifyEmail from "@/app/api/auth/verify-email/route";
import * as linkById from "@/app/api/links/[id]/route";
import * as reorder from "@/app/api/links/reorder/route";
import * as links from "@/app/api/links/route";
import * as login from "@/app/api/login/route";
import * as loginSecondStep from "@/app/api/login/2fa/route";
import * as disableTwoFactor from "@/app/api/user/2fa/disable/route";
import * as enableTwoFactor from "@/app/api/user/2fa/enable/route";
import * as register from "@/app/api/register/route";
import * as reports from "@/app/api/reports/route";
import * as removeCover from "@/app/api/user/cover/remove/route";
import * as password from "@/app/api/user/password/route";
import * as profile from "@/app/api/user/profile/route";
import * as appeal from "@/app/api/user/appeal/route";
import * as user from "@/app/api/user/route";
import * as pages from "@/app/api/pages/route";
import * as pageById from "@/app/api/pages/[id]/route";
import * as members from "@/app/api/pages/[id]/members/route";
import * as member from "@/app/api/pages/[id]/members/[userId]/route";
import * as acceptInvitation from "@/app/api/invitations/accept/route";
import * as passkeys from "@/app/api/passkeys/route";
import * as passkeyById from "@/app/api/passkeys/[id]/route";
import * as passkeyLogin from "@/app/api/login/passkey/route";
import * as passkeySecondStep from "@/app/api/login/2fa/passkey/route";
import * as subscribe from "@/app/api/subscribe/[blockId]/route";
import * as confirmSubscription from "@/app/api/subscribe/confirm/route";
import * as unsubscribe from "@/app/api/subscribe/unsubscribe/route";
import { GET as usernameCheck } from "@/app/api/username-check/[username]/route";
import * as domains from "@/app/api/domains/route";
import * as linktreeImport from "@/app/api/import/linktree/route";
import * as apiKeys from "@/app/api/keys/route";
import * as webhooks from "@/app/api/webhooks/route";
import * as webhookById from "@/app/api/webhooks/[id]/route";
import * as checkout from "@/app/api/checkout/[blockId]/route";
import * as broadcasts from "@/app/api/broadcasts/route";
import * as broadcastById from "@/app/api/broadcasts/[id]/route";
import * as broadcastPreview from "@/app/api/broadcasts/preview/route";
import * as sendBroadcast from "@/app/api/broadcasts/[id]/send/route";
import { resetEnvCache } from "@/lib/server/env";
import { db } from "@/lib/server/db";
import { signedInUser } from "@/tests/factories";
import { seedLinks } from "@/tests/helpers/links";
import { BASE_URL, params, request } from "@/tests/helpers/request";

// Hostile bodies on every route that reads JSON: too big (413 before most of
// it is read), nested 100,000 deep, or of the wrong types (400, never 500).

type Handler = (req: Request, ctx?: { params: Promise<Record<string, string>> }) => Promise<Response>;
interface JsonRoute {
  file: string;
  method: string;
  handler: Handler;
  path: string;
  params?: Record<string, string>;
  /** Every field optional: an object of unknown keys is a valid (empty) change. */
  optionalOnly?: boolean;
  /** What that empty change answers when not 200 (a toggle of a page that does not exist: 404). */
  emptyStatus?: number;
  /** Takes only a few KB (a sign-up, a token): a 200 KB nested body is refused as too large (413) before it is parsed. */
  smallBody?: boolean;
  /** Sent with an administrator's session. */
  admin?: boolean;
  /** What a body of every field in the wrong type answers, when not the usual. */
  everyFieldStatus?: number;
}

const ID = "link-id";
/** A sign-up form of the signed-in page (POST /api/subscribe/{id} reads its block first). */
const SUBSCRIBE_ID = "subscribe-block-id";
const JSON_ROUTES: JsonRoute[] = [
  { file: "admin/blocked-domains/route.ts", method: "POST", handler: blockedDomains.POST, path: "/api/admin/blocked-domains", admin: true },
  {
    file: "admin/pages/[id]/toggle-status/route.ts",
    method: "PATCH",
    handler: togglePage.PATCH,
    path: `/api/admin/pages/${ID}/toggle-status`,
    params: { id: ID },
    admin: true,
    optionalOnly: true,
    emptyStatus: 404,
  },
  { file: "admin/reports/[id]/route.ts", method: "PATCH", handler: adminReport.PATCH, path: `/api/admin/reports/${ID}`, params: { id: ID }, admin: true },
  { file: "reports/route.ts", method: "POST", handler: reports.POST, path: "/api/reports" },
  { file: "user/appeal/route.ts", method: "POST", handler: appeal.POST, path: "/api/user/appeal" },
  { file: "auth/forgot-password/route.ts", method: "POST", handler: forgotPassword.POST, path: "/api/auth/forgot-password" },
  { file: "auth/google/route.ts", method: "POST", handler: google.POST, path: "/api/auth/google" },
  { file: "auth/reset-password/route.ts", method: "POST", handler: resetPassword.POST, path: "/api/auth/reset-password" },
  { file: "auth/verify-email/route.ts", method: "POST", handler: verifyEmail.POST, path: "/api/auth/verify-email" },
  { file: "links/[id]/route.ts", method: "PUT", handler: linkById.PUT, path: `/api/links/${ID}`, params: { id: ID } },
  { file: "links/[id]/route.ts", method: "PATCH", handler: linkById.PATCH, path: `/api/links/${ID}`, params: { id: ID } },
  { file: "links/reorder/route.ts", method: "POST", handler: reorder.POST, path: "/api/links/reorder" },
  { file: "links/route.ts", method: "POST", handler: links.POST, path: "/api/links" },
  { file: "links/route.ts", method: "PUT", handler: links.PUT, path: "/api/links" },
  { file: "login/route.ts", method: "POST", handler: login.POST, path: "/api/login" },
  { file: "login/2fa/route.ts", method: "POST", handler: loginSecondStep.POST, path: "/api/login/2fa" },
  { file: "user/2fa/disable/route.ts", method: "POST", handler: disableTwoFactor.POST, path: "/api/user/2fa/disable" },
  { file: "user/2fa/enable/route.ts", method: "POST", handler: enableTwoFactor.POST, path: "/api/user/2fa/enable" },
  { file: "register/route.ts", method: "POST", handler: register.POST, path: "/api/register" },
  { file: "user/cover/remove/route.ts", method: "POST", handler: removeCover.POST, path: "/api/user/cover/remove", optionalOnly: true },
  { file: "user/password/route.ts", method: "PUT", handler: password.PUT, path: "/api/user/password" },
  { file: "user/profile/route.ts", method: "PUT", handler: profile.PUT, path: "/api/user/profile" },
  { file: "user/route.ts", method: "PATCH", handler: user.PATCH, path: "/api/user", optionalOnly: true },
  { file: "user/route.ts", method: "DELETE", handler: user.DELETE, path: "/api/user" },
  { file: "pages/route.ts", method: "POST", handler: pages.POST, path: "/api/pages" },
  { file: "pages/[id]/route.ts", method: "DELETE", handler: pageById.DELETE, path: `/api/pages/${ID}`, params: { id: ID } },
  { file: "pages/[id]/members/route.ts", method: "POST", handler: members.POST, path: `/api/pages/${ID}/members`, params: { id: ID } },
  {
    file: "pages/[id]/members/[userId]/route.ts",
    method: "PATCH",
    handler: member.PATCH,
    path: `/api/pages/${ID}/members/${ID}`,
    params: { id: ID, userId: ID },
  },
  { file: "invitations/accept/route.ts", method: "POST", handler: acceptInvitation.POST, path: "/api/invitations/accept" },
  { file: "passkeys/route.ts", method: "POST", handler: passkeys.POST, path: "/api/passkeys" },
  { file: "passkeys/[id]/route.ts", method: "PATCH", handler: passkeyById.PATCH, path: `/api/passkeys/${ID}`, params: { id: ID } },
  { file: "login/passkey/route.ts", method: "POST", handler: passkeyLogin.POST, path: "/api/login/passkey" },
  { file: "login/2fa/passkey/route.ts", method: "POST", handler: passkeySecondStep.POST, path: "/api/login/2fa/passkey" },
  {
    file: "subscribe/[blockId]/route.ts",
    method: "POST",
    handler: subscribe.POST as Handler,
    path: `/api/subscribe/${SUBSCRIBE_ID}`,
    params: { blockId: SUBSCRIBE_ID },
    smallBody: true,
  },
  { file: "checkout/[blockId]/route.ts", method: "POST", handler: checkout.POST, path: `/api/checkout/${ID}`, params: { blockId: ID }, smallBody: true },
  { file: "subscribe/confirm/route.ts", method: "POST", handler: confirmSubscription.POST, path: "/api/subscribe/confirm", smallBody: true },
  { file: "subscribe/unsubscribe/route.ts", method: "POST", handler: unsubscribe.POST, path: "/api/subscribe/unsubscribe", smallBody: true },
  // Fifth release.
  { file: "domains/route.ts", method: "POST", handler: domains.POST, path: "/api/domains" },
  { file: "import/linktree/route.ts", method: "POST", handler: linktreeImport.POST, path: "/api/import/linktree" },
  { file: "keys/route.ts", method: "POST", handler: apiKeys.POST, path: "/api/keys" },
  { file: "webhooks/route.ts", method: "POST", handler: webhooks.POST, path: "/api/webhooks" },
  // Every field optional; an empty change of an endpoint that does not exist: 404.
  {
    file: "webhooks/[id]/route.ts",
    method: "PATCH",
    handler: webhookById.PATCH,
    path: `/api/webhooks/${ID}`,
    params: { id: ID },
    optionalOnly: true,
    emptyStatus: 404,
    everyFieldStatus: 400,
  },
  // Sixth release: broadcasts.
  { file: "broadcasts/route.ts", method: "POST", handler: broadcasts.POST, path: "/api/broadcasts" },
  { file: "broadcasts/preview/route.ts", method: "POST", handler: broadcastPreview.POST, path: "/api/broadcasts/preview" },
  { file: "broadcasts/[id]/route.ts", method: "PUT", handler: broadcastById.PUT, path: `/api/broadcasts/${ID}`, params: { id: ID } },
  // Only {sendAt?}: an empty one is a send, which this account (its e-mail not confirmed) may not make: 403.
  {
    file: "broadcasts/[id]/send/route.ts",
    method: "POST",
    handler: sendBroadcast.POST,
    path: `/api/broadcasts/${ID}/send`,
    params: { id: ID },
    optionalOnly: true,
    emptyStatus: 403,
  },
];

// Custom domains' endpoints answer only where the operator turned them on, and so does selling's checkout.
const TURNED_ON = {
  CUSTOM_DOMAIN_TARGET: "cname.vitrine.test",
  MERCADOPAGO_CLIENT_ID: "teste",
  MERCADOPAGO_CLIENT_SECRET: "teste",
  MERCADOPAGO_WEBHOOK_SECRET: "teste",
};
const saved = Object.fromEntries(Object.keys(TURNED_ON).map((name) => [name, process.env[name]]));
beforeAll(() => {
  Object.assign(process.env, TURNED_ON);
  resetEnvCache();
});
afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
});

/** Every route.ts under app/api that declares a JSON body schema. */
function routesWithJsonBodies(dir = path.join(process.cwd(), "app/api"), prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const rel = `${prefix}${entry.name}`;
    if (entry.isDirectory()) return routesWithJsonBodies(path.join(dir, entry.name), `${rel}/`);
    if (entry.name !== "route.ts") return [];
    return /\bbody:\s/.test(readFileSync(path.join(dir, entry.name), "utf8")) ? [rel] : [];
  });
}

const MB = 1024 * 1024;
const CHUNK = 64 * 1024;

/** A 3 MB JSON body that counts how much of it the server pulled. */
function countingBody() {
  const prefix = new TextEncoder().encode('{"title":"');
  const filler = new TextEncoder().encode("x".repeat(CHUNK));
  const counter = { pulled: 0, cancelled: false };
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = sent === 0 ? prefix : filler;
      sent += chunk.byteLength;
      counter.pulled += chunk.byteLength;
      controller.enqueue(chunk);
      if (sent >= 3 * MB) controller.close();
    },
    cancel() {
      counter.cancelled = true;
    },
  });
  return { stream, counter };
}

async function send(route: JsonRoute, userCookie: string, body: BodyInit, headers: Record<string, string> = {}) {
  const cookie = route.admin ? adminCookie : userCookie;
  const req = new Request(`${BASE_URL}${route.path}`, {
    method: route.method,
    headers: { "content-type": "application/json", "x-vitrine-client-ip": "203.0.113.60", cookie, ...headers },
    body,
    duplex: "half",
  } as RequestInit);
  return route.handler(req, params(route.params ?? {}));
}

let cookie = "";
let adminCookie = "";
beforeEach(async () => {
  adminCookie = (await signedInUser({ username: "chefe", email: "chefe@example.com", isAdmin: true })).cookie;
  const s = await signedInUser({ username: "dona", email: "dona@example.com" });
  cookie = s.cookie;
  const [link] = await seedLinks(s.user.id, 1);
  await db.link.update({ where: { id: link!.id }, data: { id: ID } });
  await db.link.create({
    data: { id: SUBSCRIBE_ID, pageId: s.user.id, kind: "subscribe", title: "Lista VIP", url: "", order: 1, data: { whatsapp: true, consent: "" } },
  });
});

const label = (r: JsonRoute) => `${r.method} ${r.path}`;

describe("every JSON route", () => {
  it("is in this list (a new JSON route must be added here)", () => {
    expect([...new Set(JSON_ROUTES.map((r) => r.file))].sort()).toEqual(routesWithJsonBodies().sort());
  });

  it.each(JSON_ROUTES.map((r) => [label(r), r] as const))("%s: a truthful 3 MB Content-Length → 413, nothing read", async (_, route) => {
    const { stream, counter } = countingBody();
    const res = await send(route, cookie, stream, { "content-length": String(3 * MB) });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBeTruthy();
    expect(counter.pulled).toBeLessThanOrEqual(CHUNK);
  });

  it.each(JSON_ROUTES.map((r) => [label(r), r] as const))("%s: a chunked 3 MB body with no length → 413 after at most ~1 MB", async (_, route) => {
    const { stream, counter } = countingBody();
    const res = await send(route, cookie, stream);
    expect(res.status).toBe(413);
    expect(counter.pulled).toBeLessThanOrEqual(MB + 2 * CHUNK);
    expect(counter.cancelled).toBe(true);
  });

  const deepArray = "[".repeat(100_000) + "]".repeat(100_000);
  const deepObject = '{"a":'.repeat(100_000) + "1" + "}".repeat(100_000);

  it.each(JSON_ROUTES.map((r) => [label(r), r] as const))("%s: JSON nested 100,000 deep → 400, never 500", async (_, route) => {
    const refused = route.smallBody ? [400, 413] : [400];
    expect(refused).toContain((await send(route, cookie, deepArray)).status);
    for (const body of [deepObject, `{"title":${deepArray},"username":${deepObject},"linkOrders":${deepArray}}`]) {
      const res = await send(route, cookie, body);
      // Unknown keys are ignored: for an all-optional body that is an empty change.
      expect(route.optionalOnly ? [route.emptyStatus ?? 200, 400] : refused).toContain(res.status);
    }
  });

  it.each(JSON_ROUTES.map((r) => [label(r), r] as const))("%s: wrong types everywhere → 400, never 500", async (_, route) => {
    const confused = { contains: "@" };
    for (const body of ["null", "[]", '"texto"', "42", "true"]) expect((await send(route, cookie, body)).status).toBe(400);
    const everyField = JSON.stringify(
      Object.fromEntries(
        [
          "username",
          "email",
          "password",
          "name",
          "phone",
          "title",
          "url",
          "active",
          "linkOrders",
          "credential",
          "currentPassword",
          "newPassword",
          "confirmPassword",
          "bio",
          "socials",
          "backgroundColor",
          "imageOpacity",
        ].map((k) => [k, confused]),
      ),
    );
    // POST /api/user/cover/remove takes no field at all: there the object is an empty request.
    // The page toggle takes only {reason?}: for it the object is an empty change of a page that does not exist.
    expect((await send(route, cookie, everyField)).status).toBe(
      route.everyFieldStatus ?? (route.path === "/api/user/cover/remove" ? 200 : (route.emptyStatus ?? 400)),
    );
  });
});

describe('{"username":{"contains":"@"}} and friends', () => {
  const byName: Record<string, JsonRoute> = Object.fromEntries(JSON_ROUTES.map((r) => [label(r), r]));

  it.each([
    ["POST /api/login", { username: { contains: "@" }, password: "segredo1" }],
    ["POST /api/login", { email: { contains: "@" }, password: { not: "" } }],
    ["POST /api/register", { name: "Ana Souza", username: { contains: "@" }, phone: "(11) 98765-4321", email: { contains: "@" }, password: "segredo1" }],
    ["PUT /api/user/profile", { name: "Ana Souza", username: { contains: "@" }, phone: "(11) 98765-4321", email: "dona@example.com" }],
    [
      "PUT /api/user/profile",
      { name: "Ana Souza", username: "dona", phone: "(11) 98765-4321", email: "dona@example.com", socials: { instagram: { contains: "@" } } },
    ],
  ])("%s %j → 400 with field errors", async (name, body) => {
    const res = await send(byName[name]!, cookie, JSON.stringify(body));
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toBeTruthy();
  });

  it("GET /api/username-check/:username → 400 for an object smuggled into the path", async () => {
    for (const raw of ['{"contains":"@"}', "[object Object]", "admin%00", "a".repeat(5000)]) {
      const res = await usernameCheck(request(`/api/username-check/${encodeURIComponent(raw)}`), params({ username: raw }));
      expect(res.status).toBe(400);
    }
  });
});
