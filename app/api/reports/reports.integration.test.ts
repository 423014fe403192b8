import { POST as report } from "./route";
import { GET as publicPage } from "@/app/[username]/route";
import { GET as listReports } from "@/app/api/admin/reports/route";
import { PATCH as patchReport } from "@/app/api/admin/reports/[id]/route";
import { db } from "@/lib/server/db";
import { createPage, createUser, signedInUser } from "@/tests/factories";
import { getList, walkList } from "@/tests/helpers/admin";
import { seedLinks } from "@/tests/helpers/links";
import { params, request } from "@/tests/helpers/request";
import type { AdminReportRow } from "@/lib/moderation/moderation-types";

const send = (body: unknown, ip = "198.51.100.7") => report(request("/api/reports", { body, ip }));
const close = (cookie: string, id: string, body: unknown = { status: "closed" }) =>
  patchReport(request(`/api/admin/reports/${id}`, { method: "PATCH", body, headers: { cookie } }), params({ id }));

/** The report page's form as the browser posts it by itself (JavaScript off, or before the page's script). */
const sendForm = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  report(
    request("/api/reports", {
      body: new URLSearchParams(fields).toString(),
      ip: "198.51.100.9",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000", ...headers },
    }),
  );

describe("POST /api/reports", () => {
  it("takes the report page's own form post: 303 to the 'sent' view, or back to the form with the messages and what was typed", async () => {
    const owner = await createUser({ username: "ana" });
    const [link] = await seedLinks(owner.id, 1);
    const refused = await sendForm({ username: "ana", linkId: link!.id, details: "sem motivo" });
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toBe(`/denunciar/ana?link=${link!.id}&erro=1`);
    const flash = /vitrine-form=([^;]+)/.exec(refused.headers.get("set-cookie") ?? "")![1]!;
    expect(JSON.parse(Buffer.from(flash, "base64url").toString())).toMatchObject({
      status: 400,
      errors: { reason: "Escolha um motivo" },
      values: { username: "ana", linkId: link!.id, details: "sem motivo" },
    });
    expect(await db.report.count()).toBe(0);

    const sent = await sendForm({ username: "ana", linkId: "", reason: "golpe", details: "Pede Pix" });
    expect([sent.status, sent.headers.get("location")]).toEqual([303, "/denunciar/ana?enviada=1"]);
    expect(await db.report.findMany()).toMatchObject([{ pageId: owner.id, linkId: null, reason: "golpe", details: "Pede Pix" }]);
  });

  it("never sends a refused form post anywhere but the report page, and refuses one from another site", async () => {
    await createUser({ username: "ana" });
    const odd = await sendForm({ username: "//evil.example/x", linkId: "../../x", reason: "spam" });
    expect([odd.status, odd.headers.get("location")]).toEqual([303, "/denunciar/?erro=1"]);
    const crossSite = await sendForm({ username: "ana", reason: "spam" }, { origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect(await db.report.count()).toBe(0);
  });

  it("is reached from a plain 'Denunciar' link on the public page (no framework JavaScript added)", async () => {
    await createUser({ username: "ana" });
    const text = await (await publicPage(request("/ana"), params({ username: "ana" }))).text();
    expect(text).toMatch(/<a class="vp-report" href="http:\/\/localhost:3000\/denunciar\/ana" rel="nofollow">Denunciar<\/a>/);
    expect(text).not.toMatch(/_next\/static|<script src=/);
  });

  it("takes a report on a page or one of its links, with no session: 201 {ok:true}", async () => {
    const owner = await createUser({ username: "ana" });
    const [link] = await seedLinks(owner.id, 1);
    const res = await send({ username: "ana", reason: "golpe", details: "  Pede Pix adiantado  " });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
    expect((await send({ username: "@ANA", linkId: link!.id, reason: "spam" })).status).toBe(201);
    const rows = await db.report.findMany({ orderBy: { createdAt: "asc" } });
    expect(rows).toMatchObject([
      { pageId: owner.id, linkId: null, reason: "golpe", details: "Pede Pix adiantado", status: "open" },
      { pageId: owner.id, linkId: link!.id, linkUrl: link!.url, reason: "spam", details: "" },
    ]);
  });

  it("answers 429 with Retry-After past 5 reports an hour from one client, and stores no more", async () => {
    await createUser({ username: "ana" });
    for (let i = 0; i < 5; i++) expect((await send({ username: "ana", reason: "spam" })).status).toBe(201);
    const sixth = await send({ username: "ana", reason: "spam" });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(3000);
    expect((await sixth.json()).message).toMatch(/Muitas tentativas/);
    expect(await db.report.count()).toBe(5);
    // Another client still may.
    expect((await send({ username: "ana", reason: "spam" }, "198.51.100.8")).status).toBe(201);
  });

  it("answers 404 for an unknown, reserved or deactivated page, or a link that is not the page's", async () => {
    const other = await createUser({ username: "bia" });
    const [foreign] = await seedLinks(other.id, 1);
    await createUser({ username: "ana" });
    const off = await createUser({ username: "off" });
    await db.page.update({ where: { id: off.id }, data: { active: false } });
    for (const body of [
      { username: "ninguem", reason: "spam" },
      { username: "admin", reason: "spam" },
      { username: "off", reason: "spam" },
      { username: "ana", linkId: foreign!.id, reason: "spam" },
    ]) {
      const res = await send(body, `198.51.100.${Math.floor(Math.random() * 200)}`);
      expect(res.status).toBe(404);
    }
    expect(await db.report.count()).toBe(0);
  });

  it("refuses details over 500 characters and an unknown reason with 400, storing nothing", async () => {
    await createUser({ username: "ana" });
    const long = await send({ username: "ana", reason: "outro", details: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect((await long.json()).errors).toEqual({ details: "Use no máximo 500 caracteres" });
    expect((await send({ username: "ana", reason: "outro", details: "x".repeat(500) }, "198.51.100.9")).status).toBe(201);
    expect((await send({ username: "ana", reason: "feio" }, "198.51.100.10")).status).toBe(400);
    expect(await db.report.count()).toBe(1);
  });
});

describe("reports on an account's second page (pages and teams)", () => {
  it("a report names the page reported (Report.pageId), and the queue finds it by that page", async () => {
    const ana = await createUser({ username: "ana", name: "Ana Souza" });
    const shop = await createPage(ana.id, { username: "loja_ana", name: "Loja Verde" });
    const [link] = await seedLinks(shop.id, 1);
    expect((await send({ username: "loja_ana", linkId: link!.id, reason: "golpe" })).status).toBe(201);
    // A link of the other page of the same account is not this page's.
    expect((await send({ username: "ana", linkId: link!.id, reason: "golpe" }, "198.51.100.30")).status).toBe(404);
    expect(await db.report.findMany()).toMatchObject([{ pageId: shop.id, linkId: link!.id }]);
    const { cookie } = await signedInUser({ isAdmin: true });
    const rows = (await getList<AdminReportRow>(listReports, "/api/admin/reports?q=verde", cookie)).rows;
    expect(rows).toMatchObject([{ pageId: shop.id, username: "loja_ana", name: "Loja Verde", linkTitle: link!.title }]);
    expect((await getList<AdminReportRow>(listReports, "/api/admin/reports?q=souza", cookie)).rows).toEqual([]);
  });
});

describe("GET/PATCH /api/admin/reports", () => {
  it("lists open reports newest first with the page, link and appeal; closing one moves it to closed and is audited", async () => {
    const owner = await createUser({ username: "ana", name: "Ana Souza" });
    const [link] = await seedLinks(owner.id, 1);
    const older = await db.report.create({ data: { pageId: owner.id, reason: "spam", createdAt: new Date("2026-01-01T10:00:00Z") } });
    const newer = await db.report.create({
      data: { pageId: owner.id, linkId: link!.id, linkUrl: link!.url, reason: "golpe", details: "Golpe do Pix", createdAt: new Date("2026-01-02T10:00:00Z") },
    });
    const admin = await signedInUser({ isAdmin: true, username: "chefe" });
    const open = await getList<AdminReportRow>(listReports, "/api/admin/reports?status=open", admin.cookie);
    expect(open.status).toBe(200);
    expect(open.rows.map((r) => r.id)).toEqual([newer.id, older.id]);
    expect(open.rows[0]).toEqual({
      id: newer.id,
      username: "ana",
      linkId: link!.id,
      reason: "golpe",
      details: "Golpe do Pix",
      createdAt: "2026-01-02T10:00:00.000Z",
      status: "open",
      pageId: owner.id,
      name: "Ana Souza",
      pageActive: true,
      linkUrl: link!.url,
      linkTitle: link!.title,
      deactivationReason: null,
      appeal: null,
    });

    const res = await close(admin.cookie, older.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: older.id, status: "closed", username: "ana" });
    expect((await close(admin.cookie, older.id)).status).toBe(200); // closing again changes nothing
    const closed = await getList<AdminReportRow>(listReports, "/api/admin/reports?status=closed", admin.cookie);
    expect(closed.rows.map((r) => r.id)).toEqual([older.id]);
    expect((await getList<AdminReportRow>(listReports, "/api/admin/reports", admin.cookie)).rows.map((r) => r.id)).toEqual([newer.id]);

    const audit = await db.auditLog.findMany();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "report.close",
      actorId: admin.user.id,
      targetId: null,
      pageId: owner.id,
      details: { reportId: older.id, target: { name: "Ana Souza", username: "ana", email: "" } },
    });
  });

  it("searches by the page's name or username and pages with a cursor", async () => {
    const ana = await createUser({ username: "ana", name: "Ana Souza" });
    const bia = await createUser({ username: "bia", name: "Beatriz" });
    for (let i = 0; i < 3; i++) await db.report.create({ data: { pageId: ana.id, reason: "spam" } });
    await db.report.create({ data: { pageId: bia.id, reason: "outro" } });
    const { cookie } = await signedInUser({ isAdmin: true });
    const names = async (q: string) =>
      (await getList<AdminReportRow>(listReports, `/api/admin/reports?q=${encodeURIComponent(q)}`, cookie)).rows.map((r) => r.username);
    expect(await names("souza")).toEqual(["ana", "ana", "ana"]);
    expect(await names("@bia")).toEqual(["bia"]);
    const walked = await walkList<AdminReportRow>(listReports, "/api/admin/reports?limit=1", cookie);
    expect(walked.seen).toHaveLength(4);
    expect(new Set(walked.seen.map((r) => r.id)).size).toBe(4);
  });

  it("answers 401 without a session, 403 for a non-admin, 404 for an unknown report, 400 for another status", async () => {
    const owner = await createUser({ username: "ana" });
    const r = await db.report.create({ data: { pageId: owner.id, reason: "spam" } });
    expect((await listReports(request("/api/admin/reports"))).status).toBe(401);
    const member = await signedInUser();
    expect((await listReports(request("/api/admin/reports", { headers: { cookie: member.cookie } }))).status).toBe(403);
    expect((await close(member.cookie, r.id)).status).toBe(403);
    const admin = await signedInUser({ isAdmin: true });
    expect((await close(admin.cookie, "nao_existe")).status).toBe(404);
    expect((await close(admin.cookie, r.id, { status: "open" })).status).toBe(400);
    expect((await db.report.findUniqueOrThrow({ where: { id: r.id } })).status).toBe("open");
    expect(await db.auditLog.count()).toBe(0);
  });
});
