import { GET as listPagesRoute, POST as createPageRoute } from "./route";
import { DELETE as deletePageRoute } from "./[id]/route";
import { GET as membersRoute, POST as inviteRoute } from "./[id]/members/route";
import { DELETE as removeRoute, PATCH as roleRoute } from "./[id]/members/[userId]/route";
import { DELETE as cancelRoute } from "./[id]/invitations/[invitationId]/route";
import { POST as acceptRoute } from "../invitations/accept/route";
import { GET as linksRoute, POST as createLinkRoute } from "../links/route";
import { GET as profileRoute } from "../profiles/[username]/route";
import { db } from "@/lib/server/db";
import { addMember, createPage, signedInUser } from "@/tests/factories";
import { useTestSmtp } from "@/tests/helpers/outbox";
import { params, request } from "@/tests/helpers/request";

// Pages and teams (api.md, fourth release): pages, members, invitations.

const smtp = useTestSmtp();
const as = (cookie: string) => ({ headers: { cookie } });
const verified = async (overrides: Parameters<typeof signedInUser>[0] = {}) => {
  const who = await signedInUser(overrides);
  await db.user.update({ where: { id: who.user.id }, data: { emailVerified: new Date() } });
  return who;
};
const until = async (ok: () => boolean) => {
  for (let i = 0; i < 500 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
};
/** The invitation token from the e-mail sent to `to` (after `#` in its link). */
async function tokenSentTo(to: string): Promise<string> {
  const { flushOutbox } = await import("@/tests/helpers/outbox");
  await flushOutbox();
  await until(() => smtp.current.received.some((m) => m.to.includes(to)));
  const mail = smtp.current.received.filter((m) => m.to.includes(to)).at(-1)!;
  const match = /\/invite#([A-Za-z0-9_%-]+)/.exec(mail.text);
  if (!match) throw new Error(`no invitation link in: ${mail.text}`);
  return decodeURIComponent(match[1]!);
}
const invite = (cookie: string, pageId: string, email: string, role = "editor") =>
  inviteRoute(request(`/api/pages/${pageId}/members`, { body: { email, role }, ...as(cookie) }), params({ id: pageId }));
const accept = (cookie: string, token: string) => acceptRoute(request("/api/invitations/accept", { body: { token }, ...as(cookie) }));

describe("pages", () => {
  it("lists the caller's pages, first page first; creates a page (201) that the public sees; refuses a taken or reserved name", async () => {
    const ana = await signedInUser({ username: "ana_pages" });
    const first = await listPagesRoute(request("/api/pages", as(ana.cookie)));
    expect(await first.json()).toEqual([{ id: ana.user.id, username: "ana_pages", name: "Ana Souza", avatarUrl: null, role: "owner", active: true }]);

    const made = await createPageRoute(request("/api/pages", { body: { username: "Loja_Ana", name: "Loja da Ana" }, ...as(ana.cookie) }));
    expect(made.status).toBe(201);
    const page = await made.json();
    expect(page).toMatchObject({ username: "loja_ana", name: "Loja da Ana", role: "owner", active: true });
    const list = await (await listPagesRoute(request("/api/pages", as(ana.cookie)))).json();
    expect(list.map((p: { username: string }) => p.username)).toEqual(["ana_pages", "loja_ana"]);
    expect((await profileRoute(request("/api/profiles/loja_ana"), params({ username: "loja_ana" }))).status).toBe(200);

    const taken = await createPageRoute(request("/api/pages", { body: { username: "ana_pages", name: "Outra" }, ...as(ana.cookie) }));
    expect(taken.status).toBe(409);
    expect((await taken.json()).message).toBe("Este nome de usuário já está em uso");
    expect((await createPageRoute(request("/api/pages", { body: { username: "admin", name: "Outra" }, ...as(ana.cookie) }))).status).toBe(409);
    expect((await createPageRoute(request("/api/pages", { body: { username: "x y", name: "Outra" }, ...as(ana.cookie) }))).status).toBe(400);
    expect((await createPageRoute(request("/api/pages", { body: { username: "sem_sessao", name: "Outra" } }))).status).toBe(401);
  });

  it("an account owns at most PAGES_PER_ACCOUNT pages (400 'Você atingiu o limite de páginas'); pages it edits do not count", async () => {
    const ana = await signedInUser();
    const bia = await signedInUser();
    await addMember(bia.user.id, ana.user.id, "editor");
    for (let i = 0; i < 4; i++) {
      expect(
        (await createPageRoute(request("/api/pages", { body: { username: `ana_p${i}_${Date.now() % 1e5}`, name: "Página" }, ...as(ana.cookie) }))).status,
      ).toBe(201);
    }
    const over = await createPageRoute(request("/api/pages", { body: { username: `ana_over_${Date.now() % 1e5}`, name: "Página" }, ...as(ana.cookie) }));
    expect(over.status).toBe(400);
    expect((await over.json()).message).toBe("Você atingiu o limite de páginas");
    expect(await db.pageMember.count({ where: { userId: ana.user.id, role: "owner" } })).toBe(5);
  });

  it("deletes a page with its links (owner, confirm = username); never the last page; an editor or a stranger cannot", async () => {
    const ana = await signedInUser();
    const shop = await createPage(ana.user.id, { username: `shop_${Date.now() % 1e6}` });
    await db.link.create({ data: { pageId: shop.id, title: "Loja", url: "https://loja.example/", order: 0 } });
    const bia = await signedInUser();
    await addMember(shop.id, bia.user.id, "editor");
    const stranger = await signedInUser();
    const del = (cookie: string, id: string, confirm: string) =>
      deletePageRoute(request(`/api/pages/${id}`, { method: "DELETE", body: { confirm }, ...as(cookie) }), params({ id }));

    expect((await del(stranger.cookie, shop.id, shop.username)).status).toBe(404);
    const editor = await del(bia.cookie, shop.id, shop.username);
    expect(editor.status).toBe(403);
    expect((await editor.json()).message).toBe("Sem permissão nesta página");
    expect((await del(ana.cookie, shop.id, "outro")).status).toBe(400);
    expect((await del(ana.cookie, shop.id, shop.username)).status).toBe(200);
    expect(await db.page.findUnique({ where: { id: shop.id } })).toBeNull();
    expect(await db.link.count({ where: { pageId: shop.id } })).toBe(0);

    const last = await del(ana.cookie, ana.user.id, ana.user.username);
    expect(last.status).toBe(400);
    expect(await db.page.findUnique({ where: { id: ana.user.id } })).not.toBeNull();
  });
});

describe("members and invitations", () => {
  it("an owner invites by e-mail; the invited, verified address accepts once and manages the page as an editor", async () => {
    const ana = await verified();
    const bia = await verified();
    const res = await invite(ana.cookie, ana.user.id, bia.user.email.toUpperCase());
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ email: bia.user.email, role: "editor", expiresAt: expect.any(String) });
    const token = await tokenSentTo(bia.user.email);
    // The token never rides in an address a server sees: only after `#`.
    const sent = smtp.current.received.find((m) => m.to.includes(bia.user.email))!;
    expect(sent.text).not.toMatch(/invite\?token=/);

    const ok = await accept(bia.cookie, token);
    expect(ok.status).toBe(200);
    expect((await ok.json()).page).toMatchObject({ id: ana.user.id, username: ana.user.username, role: "editor" });
    expect((await accept(bia.cookie, token)).status).toBe(400);

    const links = await createLinkRoute(
      request(`/api/links?page=${ana.user.username}`, { body: { title: "Da Bia", url: "https://bia.example" }, ...as(bia.cookie) }),
    );
    expect(links.status).toBe(201);
    expect(await db.link.count({ where: { pageId: ana.user.id } })).toBe(1);
    // Bia's own first page is untouched, and still her default.
    expect(await db.link.count({ where: { pageId: bia.user.id } })).toBe(0);
    const pages = await (await listPagesRoute(request("/api/pages", as(bia.cookie)))).json();
    expect(pages.map((p: { role: string }) => p.role)).toEqual(["owner", "editor"]);

    const audit = await db.auditLog.findMany({ where: { pageId: ana.user.id }, orderBy: { createdAt: "asc" }, select: { action: true, actorId: true } });
    expect(audit).toEqual([
      { action: "member.invite", actorId: ana.user.id },
      { action: "member.accept", actorId: bia.user.id },
    ]);
  });

  it("an invitation is bound to the verified invited address: another account gets 403, an unverified one 403, an expired or forged link 400", async () => {
    const ana = await verified();
    const bia = await signedInUser();
    const eve = await verified();
    await invite(ana.cookie, ana.user.id, bia.user.email);
    const token = await tokenSentTo(bia.user.email);

    const other = await accept(eve.cookie, token);
    expect(other.status).toBe(403);
    expect((await other.json()).message).toBe("Este convite é para outro e-mail");
    expect((await accept(bia.cookie, token)).status).toBe(403); // not verified yet
    expect(await db.pageMember.count({ where: { pageId: ana.user.id } })).toBe(1);

    const forged = await accept(bia.cookie, "x".repeat(43));
    expect(forged.status).toBe(400);
    expect((await forged.json()).message).toBe("Link inválido ou expirado");
    await db.pageInvitation.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
    await db.user.update({ where: { id: bia.user.id }, data: { emailVerified: new Date() } });
    expect((await accept(bia.cookie, token)).status).toBe(400);
    expect((await accept("", token)).status).toBe(401);
  });

  it("accepts as /invite's form without JavaScript: 303 to the page's dashboard; a refusal (403 or 400) 303 back to /invite with its pt-BR message, never the token", async () => {
    const ana = await verified();
    const bia = await verified();
    const eve = await verified();
    await invite(ana.cookie, ana.user.id, bia.user.email);
    const token = await tokenSentTo(bia.user.email);
    const sent = smtp.current.received.filter((m) => m.to.includes(bia.user.email)).at(-1)!;
    expect(sent.text).toContain(`cole o código do convite: ${token}`);
    const form = (cookie: string, body: string) =>
      acceptRoute(
        request("/api/invitations/accept", { body, headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" } }),
      );
    const flashOf = (res: Response) => {
      const cookie = res.headers.get("set-cookie") ?? "";
      return JSON.parse(Buffer.from(/vitrine-form=([^;]+)/.exec(cookie)![1]!, "base64url").toString("utf8"));
    };

    const other = await form(eve.cookie, `token=${encodeURIComponent(token)}`);
    expect(other.status).toBe(303);
    expect(other.headers.get("location")).toBe("/invite?erro=1");
    expect(flashOf(other)).toMatchObject({ status: 403, message: "Este convite é para outro e-mail" });
    expect(JSON.stringify(flashOf(other))).not.toContain(token);

    const empty = await form(bia.cookie, "token=");
    expect(empty.headers.get("location")).toBe("/invite?erro=1");
    expect(flashOf(empty)).toMatchObject({ status: 400, errors: { token: "Link inválido ou expirado" } });

    // A code pasted with spaces around it is the code.
    const ok = await form(bia.cookie, `token=${encodeURIComponent(` ${token}\n`)}`);
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe(`/dashboard?page=${ana.user.username}`);
    expect(await db.pageMember.count({ where: { pageId: ana.user.id, userId: bia.user.id } })).toBe(1);
    expect((await form("", `token=${encodeURIComponent(token)}`)).headers.get("location")).toBe("/invite?erro=1");
  });

  it("lists members and pending invitations to owners only; cancels an invitation; refuses inviting a member again", async () => {
    const ana = await verified();
    const bia = await signedInUser();
    await addMember(ana.user.id, bia.user.id, "editor");
    await invite(ana.cookie, ana.user.id, "carla@example.com", "owner");
    const res = await membersRoute(request(`/api/pages/${ana.user.id}/members`, as(ana.cookie)), params({ id: ana.user.id }));
    const body = await res.json();
    expect(body.members.map((m: { userId: string; role: string }) => [m.userId, m.role])).toEqual([
      [ana.user.id, "owner"],
      [bia.user.id, "editor"],
    ]);
    expect(body.invitations).toEqual([{ id: expect.any(String), email: "carla@example.com", role: "owner", expiresAt: expect.any(String) }]);
    expect((await membersRoute(request(`/api/pages/${ana.user.id}/members`, as(bia.cookie)), params({ id: ana.user.id }))).status).toBe(403);
    expect((await invite(bia.cookie, ana.user.id, "x@example.com")).status).toBe(403);
    expect((await invite(ana.cookie, ana.user.id, bia.user.email)).status).toBe(409);

    const id = body.invitations[0].id;
    const cancel = (cookie: string) =>
      cancelRoute(request(`/api/pages/${ana.user.id}/invitations/${id}`, { method: "DELETE", ...as(cookie) }), params({ id: ana.user.id, invitationId: id }));
    expect((await cancel(bia.cookie)).status).toBe(403);
    expect((await cancel(ana.cookie)).status).toBe(200);
    expect(await db.pageInvitation.count({ where: { pageId: ana.user.id } })).toBe(0);
  });

  it("roles change; a page always keeps an owner (400 'A página precisa de um dono'); a member may leave", async () => {
    const ana = await signedInUser();
    const bia = await signedInUser();
    await addMember(ana.user.id, bia.user.id, "editor");
    const role = (cookie: string, userId: string, r: string) =>
      roleRoute(
        request(`/api/pages/${ana.user.id}/members/${userId}`, { method: "PATCH", body: { role: r }, ...as(cookie) }),
        params({ id: ana.user.id, userId }),
      );
    const remove = (cookie: string, userId: string) =>
      removeRoute(request(`/api/pages/${ana.user.id}/members/${userId}`, { method: "DELETE", ...as(cookie) }), params({ id: ana.user.id, userId }));

    expect((await role(bia.cookie, bia.user.id, "owner")).status).toBe(403);
    const lastOwner = await role(ana.cookie, ana.user.id, "editor");
    expect(lastOwner.status).toBe(400);
    expect((await lastOwner.json()).message).toBe("A página precisa de um dono");
    expect((await remove(ana.cookie, ana.user.id)).status).toBe(400);

    expect((await role(ana.cookie, bia.user.id, "owner")).status).toBe(200);
    expect((await role(bia.cookie, ana.user.id, "editor")).status).toBe(200);
    // Ana is an editor now: she may leave, not remove Bia.
    expect((await remove(ana.cookie, bia.user.id)).status).toBe(403);
    expect((await remove(ana.cookie, ana.user.id)).status).toBe(200);
    expect(await db.pageMember.findMany({ where: { pageId: ana.user.id }, select: { userId: true, role: true } })).toEqual([
      { userId: bia.user.id, role: "owner" },
    ]);
    expect((await db.auditLog.findMany({ where: { pageId: ana.user.id }, orderBy: { createdAt: "asc" } })).map((a) => a.action)).toEqual([
      "member.role",
      "member.role",
      "member.leave",
    ]);
  });

  it("a removed member is refused at their next request, also by another instance (a fresh copy of the app's modules)", async () => {
    const ana = await signedInUser();
    const bia = await signedInUser();
    await addMember(ana.user.id, bia.user.id, "editor");
    let other: typeof import("../links/route") | undefined;
    jest.isolateModules(() => {
      other = jest.requireActual<typeof import("../links/route")>("../links/route");
    });
    const path = `/api/links?page=${ana.user.username}`;
    expect((await linksRoute(request(path, as(bia.cookie)))).status).toBe(200);
    expect((await other!.GET(request(path, as(bia.cookie)))).status).toBe(200);

    const gone = await removeRoute(
      request(`/api/pages/${ana.user.id}/members/${bia.user.id}`, { method: "DELETE", ...as(ana.cookie) }),
      params({ id: ana.user.id, userId: bia.user.id }),
    );
    expect(gone.status).toBe(200);
    expect((await other!.GET(request(path, as(bia.cookie)))).status).toBe(404);
    expect((await linksRoute(request(path, as(bia.cookie)))).status).toBe(404);
    // Without ?page=, her own first page as before.
    expect((await linksRoute(request("/api/links", as(bia.cookie)))).status).toBe(200);
  });
});
