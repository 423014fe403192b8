import { GET as profileJson } from "@/app/api/profiles/[username]/route";
import * as userRoute from "@/app/api/user/route";
import * as avatarRoute from "@/app/api/user/avatar/route";
import * as coverRoute from "@/app/api/user/cover/route";
import * as coverRemoveRoute from "@/app/api/user/cover/remove/route";
import * as profileRoute from "@/app/api/user/profile/route";
import { POST as importLinktree } from "@/app/api/import/linktree/route";
import { seal } from "@/lib/email/seal";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { newWebhookSecret } from "@/lib/webhooks/webhook-sign";
import { signedInUser } from "@/tests/factories";
import { multipartRequest, solidImage } from "@/tests/helpers/images";
import { startLinktreeStandIn } from "@/tests/helpers/linktree-stand-in.mjs";
import { params, request } from "@/tests/helpers/request";

// page.updated is written with its change (api.md, "Fifth release, put
// right"): in the change's own transaction, so a failure that ends it before
// its commit leaves neither, and a committed change has its event with no
// later call; its data is the page's public profile (with its id), never a row.

type Who = Awaited<ReturnType<typeof signedInUser>>;

/** Every change that page.updated reports, through its route. */
const changes: [string, (who: Who) => Promise<Response>][] = [
  ["PATCH /api/user", (who) => userRoute.PATCH(request("/api/user", { method: "PATCH", body: { fontFamily: "serif" }, headers: { cookie: who.cookie } }))],
  [
    "PUT /api/user/profile",
    (who) =>
      profileRoute.PUT(
        request("/api/user/profile", {
          method: "PUT",
          body: { name: "Ana Nova", username: who.user.username, email: who.user.email, phone: "(11) 98765-4321", bio: "Nova bio" },
          headers: { cookie: who.cookie },
        }),
      ),
  ],
  ["POST /api/user/cover", (who) => coverRoute.POST(multipartRequest("/api/user/cover", { cookie: who.cookie, fields: { backgroundColor: "#112233" } }))],
  [
    "POST /api/user/avatar",
    async (who) => avatarRoute.POST(multipartRequest("/api/user/avatar", { cookie: who.cookie, files: { avatar: { bytes: await solidImage("png") } } })),
  ],
  ["POST /api/user/cover/remove", (who) => coverRemoveRoute.POST(request("/api/user/cover/remove", { body: {}, headers: { cookie: who.cookie } }))],
];

async function withEndpoint() {
  const who = await signedInUser();
  await db.webhookEndpoint.create({
    data: { pageId: who.user.id, url: "http://127.0.0.1:9/hook", events: ["page.updated"], secret: seal(newWebhookSecret()) },
  });
  return who;
}

const pageState = (id: string) =>
  db.page.findUniqueOrThrow({
    where: { id },
    select: { name: true, bio: true, avatarUrl: true, coverUrl: true, backgroundColor: true, fontFamily: true, coverAspectRatio: true },
  });

/**
 * A crash right after the change is written, as its page.updated is: the
 * database refuses that event's row. (A failure at COMMIT itself, a deferred
 * trigger, is not reported by PGlite's Prisma adapter: it runs on PostgreSQL only.)
 */
async function crashingAtEvent<T>(work: () => Promise<T>, atCommit = false): Promise<T> {
  await db.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION test_crash() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'crash after the write'; END $$`);
  await db.$executeRawUnsafe(`CREATE CONSTRAINT TRIGGER test_crash AFTER INSERT ON "WebhookDelivery"
    ${atCommit ? "DEFERRABLE INITIALLY DEFERRED" : ""} FOR EACH ROW WHEN (NEW."type" = 'page.updated') EXECUTE FUNCTION test_crash()`);
  try {
    return await work();
  } finally {
    await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS test_crash ON "WebhookDelivery"`);
    await db.$executeRawUnsafe(`DROP FUNCTION IF EXISTS test_crash()`);
  }
}
const onPostgres = process.env.VITRINE_TEST_DB === "postgres";

it.each(changes)("%s: the change and its page.updated commit together, or neither does", async (_name, change) => {
  const who = await withEndpoint();
  if (_name === "POST /api/user/cover/remove") await db.page.update({ where: { id: who.user.id }, data: { coverUrl: "/uploads/capa.webp" } });
  const before = await pageState(who.user.id);

  for (const atCommit of onPostgres ? [false, true] : [false]) {
    const crashed = await crashingAtEvent(() => change(who), atCommit);
    expect(crashed.status).toBe(500);
    expect(await pageState(who.user.id)).toEqual(before);
    expect(await db.webhookDelivery.count()).toBe(0);
  }

  // Committed: its event is there at once, nothing else called.
  const res = await change(who);
  expect(res.status).toBe(200);
  expect(await pageState(who.user.id)).not.toEqual(before);
  const events = await db.webhookDelivery.findMany({ where: { type: "page.updated" } });
  expect(events).toHaveLength(1);
  expect(JSON.parse(events[0]!.payload).data.id).toBe(who.user.id);
});

it("page.updated's data is the page as its public profile shows it, with its id, and nothing else", async () => {
  const who = await withEndpoint();
  await db.page.update({ where: { id: who.user.id }, data: { deactivationReason: "segredo interno", seoTitle: "Loja da Ana", socials: { instagram: "ana" } } });
  const res = await userRoute.PATCH(
    request("/api/user", { method: "PATCH", body: { fontFamily: "mono", sensitive: "adult" }, headers: { cookie: who.cookie } }),
  );
  expect(res.status).toBe(200);
  const [event] = await db.webhookDelivery.findMany({ where: { type: "page.updated" } });
  const { data } = JSON.parse(event!.payload) as { data: Record<string, unknown> };

  const profile = await (await profileJson(request(`/api/profiles/${who.user.username}`), params({ username: who.user.username }))).json();
  expect(data).toEqual({ id: who.user.id, ...profile.user });
  expect(data).toMatchObject({ fontFamily: "mono", sensitive: "adult", seoTitle: "Loja da Ana", socials: { instagram: "ana" } });
  for (const secret of ["active", "deactivationReason", "deactivatedAt", "updatedAt", "createdAt", "email", "phone", "passwordHash"])
    expect(data).not.toHaveProperty(secret);
  expect(event!.payload).not.toContain("segredo interno");
});

it("the Linktree import that fills the page's bio and photo writes page.updated with them", async () => {
  const standIn = await startLinktreeStandIn();
  process.env.LINKTREE_ORIGIN = standIn.origin;
  process.env.ALLOW_PRIVATE_OUTBOUND = "1";
  resetEnvCache();
  try {
    const who = await withEndpoint();
    const res = await importLinktree(
      request("/api/import/linktree", { body: { url: "https://linktr.ee/anasouza", dryRun: false }, headers: { cookie: who.cookie } }),
    );
    expect(res.status).toBe(200);
    const events = await db.webhookDelivery.findMany({ where: { type: "page.updated" } });
    expect(events).toHaveLength(1);
    const page = await db.page.findUniqueOrThrow({ where: { id: who.user.id } });
    expect(JSON.parse(events[0]!.payload).data).toMatchObject({ id: who.user.id, bio: "Bio de anasouza no Linktree", avatarUrl: page.avatarUrl });
    expect(page.avatarUrl).toBeTruthy();
  } finally {
    await standIn.close();
    delete process.env.LINKTREE_ORIGIN;
    delete process.env.ALLOW_PRIVATE_OUTBOUND;
    resetEnvCache();
  }
});
