import { GET as list } from "./route";
import { GET as exportCsv } from "./export/route";
import { DELETE as remove } from "./[id]/route";
import { DELETE as deleteUser } from "@/app/api/user/route";
import { GET as exportData } from "@/app/api/user/export/route";
import { db } from "@/lib/server/db";
import { addMember, createPage, signedInUser } from "@/tests/factories";
import { params, request } from "@/tests/helpers/request";
import { signUpForm, subscribeBlock } from "@/tests/helpers/subscribe";

// 'Inscritos' (api.md, Audience): the owner's list (editors may read), its
// CSV (owners), the deletion (owners); the LGPD export and account deletion.

let seq = 0;
async function subscriber(pageId: string, o: { email?: string | null; status?: string; whatsapp?: string | null; source?: string; at?: Date } = {}) {
  seq += 1;
  const at = o.at ?? new Date(Date.UTC(2026, 10, 1, 12, 0, seq));
  return db.subscriber.create({
    data: {
      pageId,
      source: o.source ?? "Lista VIP",
      email: o.email === undefined ? `s${seq}@example.com` : o.email,
      whatsapp: o.whatsapp ?? null,
      status: o.status ?? "pending",
      consentText: "Quero receber novidades de Ana por e-mail. Posso cancelar quando quiser.",
      consentVersion: "0123456789abcdef",
      consentedAt: at,
      confirmedAt: o.status === "confirmed" ? new Date(at.getTime() + 60_000) : null,
      createdAt: at,
    },
  });
}

async function team() {
  const owner = await signedInUser({ username: "ana" });
  const editor = await signedInUser();
  await addMember(owner.user.id, editor.user.id, "editor");
  const stranger = await signedInUser();
  return { owner, editor, stranger, pageId: owner.user.id };
}

const get = (cookie: string, query = "") => list(request(`/api/subscribers?page=ana${query}`, { headers: { cookie } }));

describe("GET /api/subscribers", () => {
  it("lists the page's subscribers newest first with their consent record, by status, 50 at a time", async () => {
    const { owner, editor, stranger, pageId } = await team();
    const other = await createPage(stranger.user.id, { username: "outra" });
    await subscriber(other.id);
    const rows = [];
    for (let i = 0; i < 55; i++)
      rows.push(await subscriber(pageId, { status: i % 5 === 0 ? "confirmed" : "pending", whatsapp: i === 54 ? "+5511987654321" : null }));
    const res = await get(editor.cookie);
    expect(res.status).toBe(200);
    const first = await res.json();
    expect(first.items).toHaveLength(50);
    expect(first.items[0]).toEqual({
      id: rows[54]!.id,
      email: rows[54]!.email,
      whatsapp: "+5511987654321",
      status: "pending",
      consentText: "Quero receber novidades de Ana por e-mail. Posso cancelar quando quiser.",
      consentVersion: "0123456789abcdef",
      consentedAt: rows[54]!.consentedAt.toISOString(),
      confirmedAt: null,
      source: "Lista VIP",
    });
    expect(first.nextCursor).toBe(first.items[49].id);
    const second = await (await get(owner.cookie, `&cursor=${first.nextCursor}`)).json();
    expect(second.nextCursor).toBeNull();
    const all = [...first.items, ...second.items].map((s: { id: string }) => s.id);
    expect(all).toEqual([...rows].reverse().map((r) => r.id));

    const confirmed = await (await get(owner.cookie, "&status=confirmed")).json();
    expect(confirmed.items.map((s: { id: string }) => s.id)).toEqual(
      rows
        .filter((_, i) => i % 5 === 0)
        .reverse()
        .map((r) => r.id),
    );
    expect(confirmed.items.every((s: { confirmedAt: string | null }) => s.confirmedAt)).toBe(true);
    expect(confirmed.nextCursor).toBeNull();

    const bad = await get(owner.cookie, "&status=todos");
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual({ status: "Situação inválida" });
    // Another page's row as a cursor shows nothing of that page.
    const foreign = await db.subscriber.findFirstOrThrow({ where: { pageId: other.id } });
    expect(await (await get(owner.cookie, `&cursor=${foreign.id}`)).json()).toEqual({ items: [], nextCursor: null });
    expect((await get(stranger.cookie)).status).toBe(404);
  });
});

describe("GET /api/subscribers/export", () => {
  it("is a CSV of every subscriber for owners only, with formulas defused", async () => {
    const { owner, editor, pageId } = await team();
    await subscriber(pageId, { email: "bia@example.com", whatsapp: "+5511987654321", status: "confirmed", source: '=HYPERLINK("x")' });
    await subscriber(pageId, { email: null, status: "unsubscribed", source: "Lista, VIP" });
    const refused = await exportCsv(request("/api/subscribers/export?page=ana", { headers: { cookie: editor.cookie } }));
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe("Sem permissão nesta página");
    const res = await exportCsv(request("/api/subscribers/export?page=ana", { headers: { cookie: owner.cookie } }));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="vitrine-ana-inscritos.csv"');
    const rows = await db.subscriber.findMany({ where: { pageId }, orderBy: { createdAt: "desc" } });
    expect((await res.text()).split("\r\n")).toEqual([
      "email,whatsapp,status,consentido_em,confirmado_em,origem",
      `,,unsubscribed,${rows[0]!.consentedAt.toISOString()},,"Lista, VIP"`,
      `bia@example.com,+5511987654321,confirmed,${rows[1]!.consentedAt.toISOString()},${rows[1]!.confirmedAt!.toISOString()},"'=HYPERLINK(""x"")"`,
      "",
    ]);
  });
});

describe("DELETE /api/subscribers/{id}", () => {
  it("deletes the page's subscriber for owners only; another page's is not found", async () => {
    const { owner, editor, stranger, pageId } = await team();
    const row = await subscriber(pageId);
    const other = await createPage(stranger.user.id, { username: "outra" });
    const foreign = await subscriber(other.id);
    const del = (cookie: string, id: string) => remove(request(`/api/subscribers/${id}?page=ana`, { method: "DELETE", headers: { cookie } }), params({ id }));
    expect((await del(editor.cookie, row.id)).status).toBe(403);
    expect((await del(owner.cookie, foreign.id)).status).toBe(404);
    expect(await db.subscriber.count({ where: { id: foreign.id } })).toBe(1);
    const res = await del(owner.cookie, row.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(await db.subscriber.count({ where: { id: row.id } })).toBe(0);
    expect((await del(owner.cookie, row.id)).status).toBe(404);
  });
});

describe("LGPD", () => {
  it("the owner's export holds each owned page's subscribers (no token); deleting the account deletes them", async () => {
    const { owner, pageId } = await team();
    const block = await subscribeBlock(pageId, { whatsapp: true });
    expect((await signUpForm(block.id, { email: "bia@example.com", whatsapp: "(11) 98765-4321", consent: "on" })).status).toBe(303);
    const text = await (await exportData(request("/api/user/export", { headers: { cookie: owner.cookie } }))).text();
    const data = JSON.parse(text);
    expect(data.pages[0].subscribers).toEqual([
      expect.objectContaining({
        email: "bia@example.com",
        whatsapp: "+5511987654321",
        status: "pending",
        source: "Lista VIP",
        blockId: block.id,
        consentVersion: expect.stringMatching(/^[0-9a-f]{16}$/),
      }),
    ]);
    const row = await db.subscriber.findFirstOrThrow({ where: { pageId } });
    const link = await db.unsubscribeLink.findFirstOrThrow({ where: { subscriberId: row.id } });
    expect(text).not.toContain(link.tokenHash);
    expect(text).not.toContain(row.confirmTokenHash!);

    const res = await deleteUser(
      request("/api/user", { method: "DELETE", body: { confirm: "ana", password: "senha-forte-1" }, headers: { cookie: owner.cookie } }),
    );
    expect(res.status).toBe(200);
    expect(await db.subscriber.count({ where: { pageId } })).toBe(0);
  });
});
