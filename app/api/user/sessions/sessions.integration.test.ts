import { GET as list } from "./route";
import { DELETE as end } from "./[id]/route";
import { POST as revokeOthers } from "./revoke-others/route";
import { POST as login } from "@/app/api/login/route";
import { GET as getUser } from "@/app/api/user/route";
import { PASSWORD, cookieOf, signedInUser } from "@/tests/factories";
import { params, request } from "@/tests/helpers/request";

const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
const me = (cookie: string) => getUser(request("/api/user", { headers: { cookie } }));
const signInFrom = async (ua: string) =>
  cookieOf(await login(request("/api/login", { body: { username: "ana@example.com", password: PASSWORD }, headers: { "user-agent": ua } })));

describe("/api/user/sessions", () => {
  it("lists the caller's sessions newest first, with the device and the current one marked, never a token", async () => {
    await signedInUser({ email: "ana@example.com" });
    const phone = await signInFrom(ANDROID);
    await new Promise((r) => setTimeout(r, 10));
    const laptop = await signInFrom(MAC);
    const res = await list(request("/api/user/sessions", { headers: { cookie: laptop } }));
    expect(res.status).toBe(200);
    const rows = await res.json();
    expect(rows).toHaveLength(3);
    expect(rows.slice(0, 2).map((r: { device: string; current: boolean }) => [r.device, r.current])).toEqual([
      ["Safari no macOS", true],
      ["Chrome no Android", false],
    ]);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(["createdAt", "current", "device", "id", "lastSeenAt", "method"]);
    // How each signed in: the two password sign-ins say so; the factory's session (made directly) records nothing.
    expect(rows.map((r: { method: string | null }) => r.method)).toEqual(["password", "password", null]);
    expect(JSON.stringify(rows)).not.toContain(phone.split("=")[1]);
  });

  it("ends one session at once (its copied cookie fails); another user's id is 404", async () => {
    await signedInUser({ email: "ana@example.com" });
    const phone = await signInFrom(ANDROID);
    const laptop = await signInFrom(MAC);
    const stranger = await signedInUser();
    const rows = await (await list(request("/api/user/sessions", { headers: { cookie: laptop } }))).json();
    const phoneRow = rows.find((r: { device: string }) => r.device === "Chrome no Android");

    const foreign = await end(
      request(`/api/user/sessions/${phoneRow.id}`, { method: "DELETE", headers: { cookie: stranger.cookie } }),
      params({ id: phoneRow.id }),
    );
    expect(foreign.status).toBe(404);
    expect((await me(phone)).status).toBe(200);
    const missing = await end(request(`/api/user/sessions/${stranger.sid}`, { method: "DELETE", headers: { cookie: laptop } }), params({ id: stranger.sid }));
    expect(missing.status).toBe(404);
    expect((await me(stranger.cookie)).status).toBe(200);

    const res = await end(request(`/api/user/sessions/${phoneRow.id}`, { method: "DELETE", headers: { cookie: laptop } }), params({ id: phoneRow.id }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect((await me(phone)).status).toBe(401);
    expect((await me(laptop)).status).toBe(200);
  });

  it("signs out every other device, keeping the caller", async () => {
    const { cookie } = await signedInUser({ email: "ana@example.com" });
    const phone = await signInFrom(ANDROID);
    const laptop = await signInFrom(MAC);
    const stranger = await signedInUser();
    const res = await revokeOthers(request("/api/user/sessions/revoke-others", { body: {}, headers: { cookie: laptop } }));
    expect(res.status).toBe(200);
    expect((await me(laptop)).status).toBe(200);
    expect((await me(phone)).status).toBe(401);
    expect((await me(cookie)).status).toBe(401);
    expect((await me(stranger.cookie)).status).toBe(200);
  });

  it("answers 401 without a session and 403 to a cross-site write", async () => {
    expect((await list(request("/api/user/sessions"))).status).toBe(401);
    const { cookie } = await signedInUser();
    const cross = await revokeOthers(request("/api/user/sessions/revoke-others", { body: {}, headers: { cookie, origin: "https://evil.example" } }));
    expect(cross.status).toBe(403);
  });
});
