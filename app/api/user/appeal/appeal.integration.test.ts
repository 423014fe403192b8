import { GET as getAppeal, POST as appeal } from "./route";
import { GET as getUser } from "@/app/api/user/route";
import { POST as login } from "@/app/api/login/route";
import { GET as listPages } from "@/app/api/admin/pages/route";
import { PATCH as toggle } from "@/app/api/admin/pages/[id]/toggle-status/route";
import { GET as listAudit } from "@/app/api/admin/audit/route";
import { unseal } from "@/lib/email/seal";
import { db } from "@/lib/server/db";
import { PASSWORD, addMember, createPage, createUser, signedInUser } from "@/tests/factories";
import { getList } from "@/tests/helpers/admin";
import { params, request } from "@/tests/helpers/request";
import type { AdminAuditRow, AdminPageRow } from "@/lib/admin/admin-types";

const toggleAs = (cookie: string, id: string, body?: unknown) =>
  toggle(request(`/api/admin/pages/${id}/toggle-status`, { method: "PATCH", headers: { cookie }, body }), params({ id }));
const appealAs = (cookie: string, message: unknown, page?: string) =>
  appeal(request(`/api/user/appeal${page ? `?page=${page}` : ""}`, { body: { message }, headers: { cookie } }));
const statusOf = async (cookie: string, page?: string) => getAppeal(request(`/api/user/appeal${page ? `?page=${page}` : ""}`, { headers: { cookie } }));
const me = async (cookie: string) => (await getUser(request("/api/user", { headers: { cookie } }))).json();

async function setup() {
  const admin = await signedInUser({ isAdmin: true, username: "chefe", name: "Chefe" });
  const owner = await signedInUser({ username: "ana", name: "Ana Souza", email: "ana@example.com" });
  return { admin, owner };
}

describe("deactivation with a reason, and the owner's appeal", () => {
  it("gives the reason to the owner's dashboard answer and by e-mail; the owner still signs in", async () => {
    const { admin, owner } = await setup();
    const res = await toggleAs(admin.cookie, owner.user.id, { reason: "  Links para golpe do Pix  " });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: owner.user.id, active: false });

    expect(await me(owner.cookie)).toMatchObject({ pageActive: false, deactivationReason: "Links para golpe do Pix" });
    const fresh = await login(request("/api/login", { body: { username: "ana@example.com", password: PASSWORD }, ip: "198.51.100.50" }));
    expect(fresh.status).toBe(200);
    expect((await fresh.json()).user).toMatchObject({ pageActive: false, deactivationReason: "Links para golpe do Pix" });

    const mail = await db.outboxMessage.findMany({ where: { userId: owner.user.id } });
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: "ana@example.com", subject: "Sua página na Vitrine foi desativada" });
    expect(unseal(mail[0]!.text)).toContain("Motivo: Links para golpe do Pix");

    const status = await (await getAppeal(request("/api/user/appeal", { headers: { cookie: owner.cookie } }))).json();
    expect(status).toMatchObject({ active: false, reason: "Links para golpe do Pix", appeal: null });
  });

  it("takes one appeal per deactivation, shows it with the page in the panel, and a new deactivation may be appealed again", async () => {
    const { admin, owner } = await setup();
    expect((await appealAs(owner.cookie, "Minha página está ativa")).status).toBe(400); // not deactivated
    await toggleAs(admin.cookie, owner.user.id, { reason: "Spam" });

    expect((await appealAs(owner.cookie, "x".repeat(1001))).status).toBe(400);
    expect((await appealAs(owner.cookie, "   ")).status).toBe(400);
    const first = await appealAs(owner.cookie, "Os links são da minha loja, veja o CNPJ.");
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ active: false, appeal: { message: "Os links são da minha loja, veja o CNPJ." } });
    const second = await appealAs(owner.cookie, "De novo");
    expect(second.status).toBe(409);
    expect((await second.json()).message).toBe("Você já contestou esta desativação");
    expect(await db.appeal.count()).toBe(1);

    const pages = await getList<AdminPageRow>(listPages, "/api/admin/pages?q=ana", admin.cookie);
    expect(pages.rows[0]).toMatchObject({
      userName: "ana",
      active: false,
      deactivationReason: "Spam",
      appeal: { message: "Os links são da minha loja, veja o CNPJ." },
    });

    // Reactivation clears the reason; a later deactivation is a new one, open to a new appeal.
    expect(await (await toggleAs(admin.cookie, owner.user.id)).json()).toEqual({ id: owner.user.id, active: true });
    expect(await me(owner.cookie)).toMatchObject({ pageActive: true, deactivationReason: null });
    await toggleAs(admin.cookie, owner.user.id);
    expect(await me(owner.cookie)).toMatchObject({ pageActive: false, deactivationReason: null });
    expect((await appealAs(owner.cookie, "Outra vez?")).status).toBe(201);
    expect(await db.appeal.count()).toBe(2);
  });

  it("audits each action with its reason, and refuses a reason over 500 characters", async () => {
    const { admin, owner } = await setup();
    const long = await toggleAs(admin.cookie, owner.user.id, { reason: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect((await db.page.findUniqueOrThrow({ where: { id: owner.user.id } })).active).toBe(true);

    await toggleAs(admin.cookie, owner.user.id, { reason: "Golpe" });
    await appealAs(owner.cookie, "Engano");
    await toggleAs(admin.cookie, owner.user.id, { reason: "Contestação aceita" });
    const { rows } = await getList<AdminAuditRow>(listAudit, "/api/admin/audit", admin.cookie);
    expect(rows.map((r) => [r.action, r.actor?.username, r.target?.username, r.note])).toEqual([
      ["page.activate", "chefe", "ana", "Contestação aceita"],
      ["appeal.create", "ana", "ana", null],
      ["page.deactivate", "chefe", "ana", "Golpe"],
    ]);
    const mail = await db.outboxMessage.findMany({ where: { userId: owner.user.id }, orderBy: { createdAt: "asc" } });
    expect(mail.map((m) => m.subject)).toEqual(["Sua página na Vitrine foi desativada", "Sua página na Vitrine foi reativada"]);
  });

  it("acts on the page of ?page=: a second page is deactivated and appealed alone, and the audit row names it", async () => {
    const { admin, owner } = await setup();
    const shop = await createPage(owner.user.id, { username: "loja_ana", name: "Loja" });
    await toggleAs(admin.cookie, shop.id, { reason: "Spam" });
    expect(await (await statusOf(owner.cookie)).json()).toMatchObject({ active: true, reason: null });
    expect(await (await statusOf(owner.cookie, "loja_ana")).json()).toMatchObject({ active: false, reason: "Spam", appeal: null });
    expect((await appealAs(owner.cookie, "Engano")).status).toBe(400); // the first page is active
    const sent = await appealAs(owner.cookie, "Engano", "loja_ana");
    expect(sent.status).toBe(201);
    expect(await db.appeal.findMany()).toMatchObject([{ pageId: shop.id, message: "Engano" }]);
    expect(await db.auditLog.findFirstOrThrow({ where: { action: "appeal.create" } })).toMatchObject({
      actorId: owner.user.id,
      pageId: shop.id,
      details: { target: { username: "loja_ana" } },
    });
  });

  it("an editor sees the page's status but may not appeal (403); another person's page is 404", async () => {
    const { admin, owner } = await setup();
    const editor = await signedInUser({ username: "edi" });
    await addMember(owner.user.id, editor.user.id, "editor");
    await toggleAs(admin.cookie, owner.user.id, { reason: "Spam" });
    expect(await (await statusOf(editor.cookie, "ana")).json()).toMatchObject({ active: false, reason: "Spam" });
    const refused = await appealAs(editor.cookie, "Engano", "ana");
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe("Sem permissão nesta página");
    const stranger = await signedInUser();
    expect((await statusOf(stranger.cookie, "ana")).status).toBe(404);
    expect((await appealAs(stranger.cookie, "Engano", "ana")).status).toBe(404);
    expect(await db.appeal.count()).toBe(0);
    // A co-owner may.
    const co = await createUser({ username: "co_dona" });
    await addMember(owner.user.id, co.id, "owner");
    expect((await appealAs(owner.cookie, "Engano", "ana")).status).toBe(201);
  });

  it("answers 401 without a session", async () => {
    expect((await appeal(request("/api/user/appeal", { body: { message: "oi" } }))).status).toBe(401);
    expect((await getAppeal(request("/api/user/appeal"))).status).toBe(401);
  });
});
