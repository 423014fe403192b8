import { GET as exportData } from "./route";
import { POST as login } from "@/app/api/login/route";
import { POST as secondStep } from "@/app/api/login/2fa/route";
import { POST as countView } from "@/app/api/profiles/[username]/view/route";
import { POST as countClick } from "@/app/api/links/[id]/click/route";
import { db } from "@/lib/server/db";
import { hashRecoveryCode, normalizeRecoveryCode } from "@/lib/two-factor/two-factor-crypto";
import { PASSWORD, signedInUser } from "@/tests/factories";
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
    await db.user.update({ where: { id: user.id }, data: { avatarUrl: "/uploads/abc.webp" } });
    const { secret, recoveryCodes } = await turnOnTwoFactor(cookie);
    // A pending second step and a finished one leave their rows and cookies.
    const pending = await login(request("/api/login", { body: { username: "ana@example.com", password: PASSWORD } }));
    const pendingCookie = pending.headers.getSetCookie()[0]!.split(";")[0]!;
    await awayFromStepEdge();
    const done = await secondStep(request("/api/login/2fa", { body: { code: codeAt(secret) }, headers: { cookie: pendingCookie } }));
    expect(done.status).toBe(200);
    await login(request("/api/login", { body: { username: "ana@example.com", password: PASSWORD } }));

    const res = await exportData(request("/api/user/export", { headers: { cookie } }));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="vitrine-ana.json"');
    const text = await res.text();
    const data = JSON.parse(text);
    expect(data.user).toMatchObject({ id: user.id, username: "ana", email: "ana@example.com", twoFactorEnabled: true });
    expect(data.links.map((l: { title: string; clicks: number }) => [l.title, l.clicks])).toEqual([["Link 1", 1], ["Link 2", 0]]);
    expect(data.links[0].daily).toEqual([{ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), clicks: 1 }]);
    expect(data.daily).toEqual([{ date: expect.any(String), views: 1, clicks: 1 }]);
    expect(data.sessions).toHaveLength(2);
    expect(data.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(data.images).toEqual({ avatarUrl: "/uploads/abc.webp", coverUrl: null });

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

  it("answers 401 without a session", async () => {
    expect((await exportData(request("/api/user/export"))).status).toBe(401);
  });
});
