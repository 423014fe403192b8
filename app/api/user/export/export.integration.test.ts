import { GET as exportData } from "./route";
import { POST as login } from "@/app/api/login/route";
import { POST as secondStep } from "@/app/api/login/2fa/route";
import { POST as countView } from "@/app/api/profiles/[username]/view/route";
import { POST as countClick } from "@/app/api/links/[id]/click/route";
import { db } from "@/lib/server/db";
import { hashRecoveryCode, normalizeRecoveryCode } from "@/lib/two-factor/two-factor-crypto";
import { PASSWORD, addMember, createPage, createUser, signedInUser } from "@/tests/factories";
import { seedLinks } from "@/tests/helpers/links";
import { params, request } from "@/tests/helpers/request";
import { awayFromStepEdge, codeAt, turnOnTwoFactor } from "@/tests/helpers/two-factor";
import { visitor } from "@/tests/helpers/visitor";

describe("GET /api/user/export", () => {
  it("is a JSON download of the user, links with clicks, daily statistics, sessions and images, with no secret in it", async () => {
    const { user, cookie } = await signedInUser({ username: "ana", email: "ana@example.com" });
    const [first] = await seedLinks(user.id, 2);
    expect((await countView(visitor("/api/profiles/ana/view"), params({ username: "ana" }))).status).toBe(204);
    expect((await countClick(visitor(`/api/links/${first!.id}/click`), params({ id: first!.id }))).status).toBe(204);
    await db.page.update({ where: { id: user.id }, data: { avatarUrl: "/uploads/abc.webp" } });
    const { secret, recoveryCodes } = await turnOnTwoFactor(cookie);
    // A pending second step and a finished one leave their rows and cookies.
    const pending = await login(request("/api/login", { body: { username: "ana@example.com", password: PASSWORD } }));
    const pendingCookie = pending.headers.getSetCookie()[0]!.split(";")[0]!;
    await awayFromStepEdge();
    const done = await secondStep(request("/api/login/2fa", { body: { code: codeAt(secret) }, headers: { cookie: pendingCookie } }));
    expect(done.status).toBe(200);
    await login(request("/api/login", { body: { username: "ana@example.com", password: PASSWORD } }));
    const passkeyKey = Buffer.from("chave-publica-de-teste");
    await db.passkey.create({
      data: {
        userId: user.id,
        credentialId: "credencial-1",
        publicKey: passkeyKey,
        deviceType: "multiDevice",
        name: "Celular da Ana",
        transports: ["internal"],
      },
    });

    const res = await exportData(request("/api/user/export", { headers: { cookie } }));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="vitrine-ana.json"');
    const text = await res.text();
    const data = JSON.parse(text);
    expect(data.user).toMatchObject({ id: user.id, username: "ana", email: "ana@example.com", twoFactorEnabled: true });
    expect(data.links.map((l: { title: string; clicks: number }) => [l.title, l.clicks])).toEqual([
      ["Link 1", 1],
      ["Link 2", 0],
    ]);
    expect(data.links[0].daily).toEqual([{ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), clicks: 1 }]);
    expect(data.daily).toEqual([{ date: expect.any(String), views: 1, clicks: 1 }]);
    expect(data.sessions).toHaveLength(2);
    // Passkeys: their names and dates, never a key.
    expect(data.passkeys).toEqual([{ id: expect.any(String), name: "Celular da Ana", createdAt: expect.any(String), lastUsedAt: null }]);
    expect(text).not.toContain(passkeyKey.toString("base64"));
    expect(text).not.toContain("credencial-1");
    expect(data.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(data.images).toEqual({ avatarUrl: "/uploads/abc.webp", coverUrl: null });
    expect(data.pages).toHaveLength(1);
    expect(data.pages[0]).toMatchObject({ id: user.id, username: "ana", avatarUrl: "/uploads/abc.webp", links: data.links, daily: data.daily });
    expect(data.memberships).toEqual([{ pageId: user.id, username: "ana", name: user.name, role: "owner", since: expect.any(String) }]);

    // No secret, under any name or value.
    const secrets: string[] = [secret, pendingCookie.split("=")[1]!, cookie.split("=")[1]!];
    const full = await db.user.findUniqueOrThrow({ where: { id: user.id }, omit: { passwordHash: false } });
    secrets.push(full.passwordHash!);
    const tf = await db.twoFactor.findUniqueOrThrow({ where: { userId: user.id } });
    secrets.push(tf.secret!);
    for (const s of await db.session.findMany({ where: { userId: user.id } })) secrets.push(s.sessionToken);
    for (const c of await db.twoFactorChallenge.findMany({ where: { userId: user.id } })) secrets.push(c.tokenHash);
    for (const code of recoveryCodes) secrets.push(code, normalizeRecoveryCode(code), hashRecoveryCode(code));
    for (const s of secrets) expect(text).not.toContain(s);
    expect(text).not.toMatch(/hash|token|secret|recovery/i);
  });

  it("holds every page the account owns (with links and statistics) and its memberships; not the pages it only edits", async () => {
    const { user, cookie } = await signedInUser({ username: "ana", email: "ana@example.com" });
    const shop = await createPage(user.id, { username: "loja_ana", name: "Loja" });
    await seedLinks(shop.id, 1);
    await db.dailyProfileStat.create({ data: { pageId: shop.id, day: new Date("2026-03-01T00:00:00Z"), views: 4, clicks: 2 } });
    const boss = await createUser({ username: "chefe" });
    await seedLinks(boss.id, 1);
    await addMember(boss.id, user.id, "editor");
    const data = await (await exportData(request("/api/user/export", { headers: { cookie } }))).json();
    // The first releases' fields are the first page's.
    expect(data.user).toMatchObject({ id: user.id, username: "ana" });
    expect(data.links).toEqual([]);
    expect(data.pages.map((p: { username: string }) => p.username)).toEqual(["ana", "loja_ana"]);
    expect(data.pages[1]).toMatchObject({
      id: shop.id,
      name: "Loja",
      active: true,
      links: [{ title: "Link 1", url: "https://example.com/1", clicks: 0, daily: [] }],
      daily: [{ date: "2026-03-01", views: 4, clicks: 2 }],
    });
    expect(data.memberships.map((m: { username: string; role: string }) => [m.username, m.role])).toEqual([
      ["ana", "owner"],
      ["loja_ana", "owner"],
      ["chefe", "editor"],
    ]);
  });

  it("holds each page's orders with their buyers' data, the CPF only masked and no order link's hash", async () => {
    const { user, cookie } = await signedInUser({ username: "ana" });
    const { seal } = await import("@/lib/email/seal");
    await db.order.create({
      data: {
        id: "pedido-1",
        pageId: user.id,
        kind: "tip",
        title: "Apoio",
        amountCents: 500,
        status: "paid",
        buyerName: "Bia",
        buyerEmail: "bia@example.com",
        buyerCpf: seal("12345678909"),
        tokenHash: "f".repeat(64),
        expiresAt: new Date(),
        paidAt: new Date(),
      },
    });
    const text = await (await exportData(request("/api/user/export", { headers: { cookie } }))).text();
    expect(JSON.parse(text).pages[0].orders).toEqual([
      expect.objectContaining({
        id: "pedido-1",
        title: "Apoio",
        amountCents: 500,
        status: "paid",
        buyer: { name: "Bia", email: "bia@example.com", cpf: "***.456.789-**" },
      }),
    ]);
    expect(text).not.toContain("12345678909");
    expect(text).not.toContain("f".repeat(64));
  });

  it("answers 401 without a session", async () => {
    expect((await exportData(request("/api/user/export"))).status).toBe(401);
  });
});
