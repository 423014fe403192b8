import { existsSync } from "node:fs";
import { DELETE as deleteUser, GET as getUser } from "./route";
import { POST as uploadAvatar } from "./avatar/route";
import { POST as uploadCover } from "./cover/route";
import { GET as publicPage } from "@/app/[username]/route";
import { PATCH as togglePage } from "@/app/api/admin/pages/[id]/toggle-status/route";
import { POST as countView } from "@/app/api/profiles/[username]/view/route";
import { POST as countClick } from "@/app/api/links/[id]/click/route";
import { POST as login } from "@/app/api/login/route";
import { POST as register } from "@/app/api/register/route";
import { db } from "@/lib/server/db";
import { PASSWORD, addMember, createPage, createUser, signedInUser } from "@/tests/factories";
import { clearUploads, multipartRequest, solidImage, uploadPath } from "@/tests/helpers/images";
import { seedLinks } from "@/tests/helpers/links";
import { params, request } from "@/tests/helpers/request";
import { rowsNaming } from "@/tests/helpers/rows-naming";
import { turnOnTwoFactor } from "@/tests/helpers/two-factor";
import { visitor } from "@/tests/helpers/visitor";

const USERNAME = "lgpd_apagar";
const EMAIL = "lgpd.apagar@example.com";
const del = (cookie: string, body: unknown) => deleteUser(request("/api/user", { method: "DELETE", body, headers: { cookie } }));
const me = (cookie: string) => getUser(request("/api/user", { headers: { cookie } }));
const page = (username: string) => publicPage(request(`/${username}`), params({ username }));

beforeEach(clearUploads);

/** An account with something in every corner: links, counts, images, 2FA, sessions, limits, audit rows. */
async function fullAccount() {
  const owner = await signedInUser({ username: USERNAME, email: EMAIL, name: "Conta Apagável" });
  const admin = await signedInUser({ isAdmin: true });
  const [link] = await seedLinks(owner.user.id, 3);
  await countView(visitor(`/api/profiles/${USERNAME}/view`), params({ username: USERNAME }));
  await countClick(visitor(`/api/links/${link!.id}/click`), params({ id: link!.id }));
  const png = await solidImage("png", 300, 200);
  expect((await uploadAvatar(multipartRequest("/api/user/avatar", { cookie: owner.cookie, files: { avatar: { bytes: png } } }))).status).toBe(200);
  const cover = await uploadCover(
    multipartRequest("/api/user/cover", { cookie: owner.cookie, fields: { aspectRatio: "16:9" }, files: { cover: { bytes: png } } }),
  );
  expect(cover.status).toBe(200);
  await db.account.create({ data: { userId: owner.user.id, type: "oidc", provider: "google", providerAccountId: "g-lgpd" } });
  await turnOnTwoFactor(owner.cookie);
  await login(request("/api/login", { body: { username: EMAIL, password: PASSWORD } })); // a pending second step
  await login(request("/api/login", { body: { username: EMAIL, password: "errada-123" } })); // a failure keyed by the e-mail
  await del(owner.cookie, { confirm: USERNAME, password: "errada-123" }); // a failure keyed by the user id
  // The administrator switches the page off and on: two audit rows about the owner.
  for (let i = 0; i < 2; i++) {
    const res = await togglePage(
      request(`/api/admin/pages/${owner.user.id}/toggle-status`, { method: "PATCH", headers: { cookie: admin.cookie } }),
      params({ id: owner.user.id }),
    );
    expect(res.status).toBe(200);
  }
  const row = await db.page.findUniqueOrThrow({ where: { id: owner.user.id } });
  return { ...owner, admin, files: [uploadPath(row.avatarUrl!), uploadPath(row.coverUrl!)] };
}

describe("DELETE /api/user", () => {
  it("deletes the account and everything of it: no row names the user, the images are gone, the page is 404", async () => {
    const { user, cookie, files, admin } = await fullAccount();
    const stranger = await signedInUser({ username: "outra_pessoa" });
    await seedLinks(stranger.user.id, 1);
    const needles = [user.id, USERNAME, EMAIL];
    // The scan finds the account before: it can fail.
    const before = await rowsNaming(needles);
    for (const table of [
      "User.id",
      "Page.id",
      "Page.username",
      "PageMember.userId",
      "Link.pageId",
      "Session.userId",
      "Account.userId",
      "TwoFactor.userId",
      "RecoveryCode.userId",
      "TwoFactorChallenge.userId",
      "DailyProfileStat.pageId",
      "RateLimit.key",
      "AuditLog.details",
      "AuditLog.pageId",
    ]) {
      expect([table, before[table] ?? 0]).toEqual([table, expect.any(Number)]);
      expect(before[table]).toBeGreaterThan(0);
    }
    for (const file of files) expect(existsSync(file)).toBe(true);
    expect((await page(USERNAME)).status).toBe(200); // and now in the page cache

    const res = await del(cookie, { confirm: ` ${USERNAME.toUpperCase()} `, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get("set-cookie")).toMatch(/^authjs\.session-token=; .*Max-Age=0/);

    expect(await rowsNaming(needles)).toEqual({});
    for (const file of files) expect(existsSync(file)).toBe(false);
    expect((await page(USERNAME)).status).toBe(404);
    expect((await me(cookie)).status).toBe(401);
    // What happened stays in the administration log, without whose page it was.
    const audit = await db.auditLog.findMany();
    expect(audit).toHaveLength(2);
    for (const row of audit) {
      expect(row).toMatchObject({
        pageId: null,
        details: { target: { name: "Página excluída", username: "", email: "" }, page: { name: "Página excluída", username: "" } },
      });
    }
    // Nobody else lost anything.
    expect(await db.link.count({ where: { pageId: stranger.user.id } })).toBe(1);
    expect((await me(stranger.cookie)).status).toBe(200);
    expect((await me(admin.cookie)).status).toBe(200);

    // The username and the address can be registered again.
    const again = await register(
      request("/api/register", { body: { name: "Nova Pessoa", username: USERNAME, phone: "(11) 98765-4321", email: EMAIL, password: PASSWORD } }),
    );
    expect(again.status).toBe(201);
    expect((await again.json()).user).toMatchObject({ username: USERNAME, email: EMAIL, twoFactorEnabled: false });
  });

  it("refuses a wrong confirmation or password with 400 and changes nothing", async () => {
    const { user, cookie } = await signedInUser({ username: USERNAME, email: EMAIL });
    const wrongName = await del(cookie, { confirm: "outro", password: PASSWORD });
    expect(wrongName.status).toBe(400);
    expect(await wrongName.json()).toEqual({
      message: "Digite exatamente o seu nome de usuário",
      errors: { confirm: "Digite exatamente o seu nome de usuário" },
    });
    const wrongPassword = await del(cookie, { confirm: USERNAME, password: "errada-123" });
    expect(wrongPassword.status).toBe(400);
    expect((await wrongPassword.json()).message).toBe("Senha atual incorreta");
    const noPassword = await del(cookie, { confirm: USERNAME });
    expect(noPassword.status).toBe(400);
    expect(await db.user.count({ where: { id: user.id } })).toBe(1);
    expect((await me(cookie)).status).toBe(200);
  });

  it("asks no password of an account without one", async () => {
    const { user, cookie } = await signedInUser({ username: USERNAME, password: null });
    expect((await del(cookie, { confirm: USERNAME })).status).toBe(200);
    expect(await db.user.count({ where: { id: user.id } })).toBe(0);
  });

  it("refuses the last administrator with 'Você é o último administrador'; another admin may go", async () => {
    const first = await signedInUser({ username: "admin_um", isAdmin: true });
    await countView(visitor("/api/profiles/admin_um/view"), params({ username: "admin_um" }));
    const refused = await del(first.cookie, { confirm: "admin_um", password: PASSWORD });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: "Você é o último administrador" });
    expect(await db.user.count({ where: { id: first.user.id } })).toBe(1);
    // Refused before anything went: the statistics too.
    expect(await db.dailyProfileStat.count({ where: { pageId: first.user.id } })).toBe(1);

    const second = await signedInUser({ username: "admin_dois", isAdmin: true });
    expect((await del(second.cookie, { confirm: "admin_dois", password: PASSWORD })).status).toBe(200);
    expect((await del(first.cookie, { confirm: "admin_um", password: PASSWORD })).status).toBe(400);
  });

  it("deletes years of statistics in short statements (more links than one takes), leaving the platform's figures exact", async () => {
    const { user, cookie } = await signedInUser({ username: USERNAME, email: EMAIL });
    const other = await signedInUser({ username: "fica_aqui" });
    const links = await seedLinks(user.id, 30);
    const [kept] = await seedLinks(other.user.id, 1);
    // 30 links (two groups of statements) × 1,500 days of link rows, and 1,500 days of the page's.
    // Months older than the ones every test starts with (tests/setup/test-partitions.ts).
    await db.$executeRaw`SELECT "vitrine_stats_partitions"(DATE '2026-11-01' - 1499, DATE '2026-11-01')`;
    await db.$executeRaw`INSERT INTO "DailyLinkStat" ("linkId", "day", "clicks")
      SELECT l, DATE '2026-11-01' - d, 1 FROM unnest(${links.map((l) => l.id)}::text[]) l, generate_series(0, 1499) d`;
    await db.$executeRaw`INSERT INTO "DailyProfileStat" ("pageId", "day", "views", "visitors", "clicks")
      SELECT ${user.id}, DATE '2026-11-01' - d, 2, 1, 1 FROM generate_series(0, 1499) d`;
    await db.$executeRaw`INSERT INTO "DailyProfileStat" ("pageId", "day", "views", "visitors", "clicks") VALUES (${other.user.id}, DATE '2026-11-01', 5, 1, 3)`;
    await db.dailyLinkStat.create({ data: { linkId: kept!.id, day: new Date("2026-11-01T00:00:00Z"), clicks: 3 } });

    expect((await del(cookie, { confirm: USERNAME, password: PASSWORD })).status).toBe(200);
    expect(await db.dailyLinkStat.findMany({ select: { linkId: true } })).toEqual([{ linkId: kept!.id }]);
    expect(await db.dailyProfileStat.findMany({ select: { pageId: true } })).toEqual([{ pageId: other.user.id }]);
    const counters = await db.platformCounter.findMany();
    const total = (name: string) => counters.filter((c) => c.name.startsWith(`${name}:`)).reduce((n, c) => n + Number(c.value), 0);
    expect([total("views"), total("clicks")]).toEqual([5, 3]);
    const days = await db.platformDailyStat.groupBy({ by: ["day"], _sum: { views: true, clicks: true } });
    expect(
      days
        .filter((d) => Number(d._sum.views) || Number(d._sum.clicks))
        .map((d) => [d.day.toISOString().slice(0, 10), Number(d._sum.views), Number(d._sum.clicks)]),
    ).toEqual([["2026-11-01", 5, 3]]);
  });

  it("deletes the pages it alone owns (images too) and leaves a co-owned page, and one it only edits, to the others", async () => {
    const { user, cookie } = await signedInUser({ username: USERNAME, email: EMAIL });
    const png = await solidImage("png", 300, 200);
    // A second page of its own, with a photo and a link.
    const own = await createPage(user.id, { username: "so_minha" });
    const photo = await uploadAvatar(multipartRequest("/api/user/avatar?page=so_minha", { cookie, files: { avatar: { bytes: png } } }));
    expect(photo.status).toBe(200);
    const ownFile = uploadPath((await db.page.findUniqueOrThrow({ where: { id: own.id } })).avatarUrl!);
    await seedLinks(own.id, 2);
    // A page owned with someone else, with a photo.
    const partner = await signedInUser({ username: "socia", email: "socia@example.com" });
    const shared = await createPage(partner.user.id, { username: "loja_socias", name: "Loja das Sócias" });
    await addMember(shared.id, user.id, "owner");
    expect((await uploadAvatar(multipartRequest("/api/user/avatar?page=loja_socias", { cookie, files: { avatar: { bytes: png } } }))).status).toBe(200);
    const sharedFile = uploadPath((await db.page.findUniqueOrThrow({ where: { id: shared.id } })).avatarUrl!);
    const [sharedLink] = await seedLinks(shared.id, 1);
    // A page it only edits.
    const boss = await createUser({ username: "chefe_dela" });
    await addMember(boss.id, user.id, "editor");
    expect((await page("so_minha")).status).toBe(200);

    expect((await del(cookie, { confirm: USERNAME, password: PASSWORD })).status).toBe(200);
    expect(await db.user.count({ where: { id: user.id } })).toBe(0);
    expect(await db.page.count({ where: { id: { in: [user.id, own.id] } } })).toBe(0);
    expect(await db.link.count({ where: { pageId: own.id } })).toBe(0);
    expect((await page("so_minha")).status).toBe(404);
    expect((await page(USERNAME)).status).toBe(404);
    expect(existsSync(ownFile)).toBe(false);
    // The co-owned page stays, with its photo and link, to its remaining owner.
    expect((await page("loja_socias")).status).toBe(200);
    expect(existsSync(sharedFile)).toBe(true);
    expect(await db.link.findMany({ where: { pageId: shared.id }, select: { id: true } })).toEqual([{ id: sharedLink!.id }]);
    expect(await db.pageMember.findMany({ where: { pageId: shared.id }, select: { userId: true, role: true } })).toEqual([
      { userId: partner.user.id, role: "owner" },
    ]);
    expect((await (await me(partner.cookie)).json()).username).toBe("socia");
    // The page it edited is its owner's, untouched.
    expect(await db.pageMember.findMany({ where: { pageId: boss.id }, select: { userId: true } })).toEqual([{ userId: boss.id }]);
    expect((await page("chefe_dela")).status).toBe(200);
    expect(await rowsNaming([user.id, EMAIL])).toEqual({});
  });

  it("confirms with the first page's username, even when it is not a page the account owns", async () => {
    const owner = await createUser({ username: "dona_primeira" });
    const { user, cookie } = await signedInUser({ username: USERNAME, email: EMAIL });
    // Its first page (earliest membership) becomes one it edits: its own page is deleted by someone else.
    await db.page.delete({ where: { id: user.id } });
    await addMember(owner.id, user.id, "editor");
    await createPage(user.id, { username: "depois" });
    expect((await del(cookie, { confirm: "depois", password: PASSWORD })).status).toBe(400);
    expect((await del(cookie, { confirm: "dona_primeira", password: PASSWORD })).status).toBe(200);
    expect(await db.page.count({ where: { username: "depois" } })).toBe(0);
    expect(await db.page.count({ where: { id: owner.id } })).toBe(1);
  });

  it("answers 401 without a session and 403 cross-site", async () => {
    expect((await deleteUser(request("/api/user", { method: "DELETE", body: { confirm: "x" } }))).status).toBe(401);
    const { cookie } = await signedInUser({ username: USERNAME });
    const cross = await deleteUser(
      request("/api/user", { method: "DELETE", body: { confirm: USERNAME, password: PASSWORD }, headers: { cookie, origin: "https://evil.example" } }),
    );
    expect(cross.status).toBe(403);
    expect((await me(cookie)).status).toBe(200);
  });
});
