/** @jest-environment node */
import { GET as list, POST as add } from "./route";
import { POST as options } from "./options/route";
import { DELETE as remove, PATCH as rename } from "./[id]/route";
import { db } from "@/lib/server/db";
import { runDueJobs } from "@/lib/startup/app-jobs";
import { PASSWORD, createUser, signedInUser } from "@/tests/factories";
import { params, request } from "@/tests/helpers/request";
import { TEST_RP_ID, createCredential } from "@/tests/helpers/webauthn";

const NOT_RECOGNISED = "Passkey não reconhecida";

type CreationOptions = {
  challenge: string;
  rp: { id: string; name: string };
  user: { id: string; name: string; displayName: string };
  excludeCredentials?: { id: string }[];
  authenticatorSelection?: Record<string, unknown>;
};

async function creationOptions(cookie: string): Promise<CreationOptions> {
  const res = await options(request("/api/passkeys/options", { body: {}, headers: { cookie } }));
  expect(res.status).toBe(200);
  return (await res.json()) as CreationOptions;
}

const post = (cookie: string, body: unknown) => add(request("/api/passkeys", { body, headers: { cookie } }));

/** Options, a software authenticator's answer, POST /api/passkeys: the new passkey. */
async function addPasskey(cookie: string, name = "Celular da Ana") {
  const opts = await creationOptions(cookie);
  const { credential, response } = createCredential(opts);
  const res = await post(cookie, { response, name });
  expect(res.status).toBe(201);
  return { credential, passkey: (await res.json()) as { id: string; name: string; createdAt: string; lastUsedAt: string | null } };
}

describe("adding a passkey (POST /api/passkeys/options, POST /api/passkeys)", () => {
  it("answers creation options for this host with user verification and a discoverable credential, and stores the challenge", async () => {
    const { user, cookie } = await signedInUser({ email: "ana@example.com" });
    const opts = await creationOptions(cookie);
    expect(opts.rp).toEqual({ id: TEST_RP_ID, name: "Vitrine" });
    expect(opts.user.name).toBe("ana@example.com");
    expect(Buffer.from(opts.user.id, "base64url").toString("utf8")).toBe(user.id);
    expect(opts.authenticatorSelection).toMatchObject({ residentKey: "required", requireResidentKey: true, userVerification: "required" });
    const stored = await db.webAuthnChallenge.findUniqueOrThrow({ where: { challenge: opts.challenge } });
    expect(stored).toMatchObject({ purpose: "register", userId: user.id });
    const ttl = stored.expires.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(4.9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000);
  });

  it("keeps the passkey (201 {id, name, createdAt, lastUsedAt}), lists it, and excludes it from the next options", async () => {
    const { user, cookie } = await signedInUser();
    const { credential, passkey } = await addPasskey(cookie, "  Celular   da Ana ");
    expect(Object.keys(passkey).sort()).toEqual(["createdAt", "id", "lastUsedAt", "name"]);
    expect(passkey).toMatchObject({ name: "Celular da Ana", lastUsedAt: null });
    const row = await db.passkey.findUniqueOrThrow({ where: { id: passkey.id } });
    expect(row).toMatchObject({ userId: user.id, credentialId: credential.id.toString("base64url"), counter: BigInt(0), transports: ["internal"] });
    expect(row.publicKey.length).toBeGreaterThan(64);
    // The challenge was spent.
    expect(await db.webAuthnChallenge.count({ where: { userId: user.id } })).toBe(0);
    const listed = await (await list(request("/api/passkeys", { headers: { cookie } }))).json();
    expect(listed).toEqual([passkey]);
    const next = await creationOptions(cookie);
    expect(next.excludeCredentials?.map((c) => c.id)).toEqual([credential.id.toString("base64url")]);
  });

  it("refuses a spent challenge, an expired one, another account's, a wrong origin or RP ID, no user verification and a bad answer, each with 'Passkey não reconhecida'", async () => {
    const { user, cookie } = await signedInUser();
    const other = await signedInUser();
    const cases: [string, () => Promise<Response>][] = [
      [
        "reused challenge",
        async () => {
          const opts = await creationOptions(cookie);
          expect((await post(cookie, { response: createCredential(opts).response, name: "A" })).status).toBe(201);
          return post(cookie, { response: createCredential(opts).response, name: "B" });
        },
      ],
      [
        "expired challenge",
        async () => {
          const opts = await creationOptions(cookie);
          await db.webAuthnChallenge.update({ where: { challenge: opts.challenge }, data: { expires: new Date(Date.now() - 1000) } });
          return post(cookie, { response: createCredential(opts).response, name: "A" });
        },
      ],
      ["another account's challenge", async () => post(cookie, { response: createCredential(await creationOptions(other.cookie)).response, name: "A" })],
      [
        "a challenge never given",
        async () =>
          post(cookie, { response: createCredential({ ...(await creationOptions(cookie)), challenge: "AAAAAAAAAAAAAAAAAAAAAA" }).response, name: "A" }),
      ],
      [
        "wrong origin",
        async () => post(cookie, { response: createCredential(await creationOptions(cookie), { origin: "https://evil.example" }).response, name: "A" }),
      ],
      ["wrong RP ID", async () => post(cookie, { response: createCredential(await creationOptions(cookie), { rpID: "evil.example" }).response, name: "A" })],
      [
        "no user verification",
        async () => post(cookie, { response: createCredential(await creationOptions(cookie), { userVerified: false }).response, name: "A" }),
      ],
      [
        "a sign-in answer",
        async () => post(cookie, { response: createCredential(await creationOptions(cookie), { type: "webauthn.get" }).response, name: "A" }),
      ],
      ["not an answer", async () => post(cookie, { response: { id: "x" }, name: "A" })],
    ];
    for (const [name, run] of cases) {
      const res = await run();
      expect([name, res.status, (await res.json()).message]).toEqual([name, 400, NOT_RECOGNISED]);
    }
    // Only the first one of the reused challenge was kept.
    expect(await db.passkey.count({ where: { userId: user.id } })).toBe(1);
    expect(await db.passkey.count({ where: { userId: other.user.id } })).toBe(0);
  });

  it("a challenge spent by two requests at once is kept once", async () => {
    const { user, cookie } = await signedInUser();
    const opts = await creationOptions(cookie);
    const answers = [createCredential(opts).response, createCredential(opts).response];
    const statuses = (await Promise.all(answers.map((response) => post(cookie, { response, name: "A" })))).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 400]);
    expect(await db.passkey.count({ where: { userId: user.id } })).toBe(1);
  });

  it("checks the name (1 to 60 characters) and asks for a session", async () => {
    const { cookie } = await signedInUser();
    const opts = await creationOptions(cookie);
    const { response } = createCredential(opts);
    const blank = await post(cookie, { response, name: "   " });
    expect(blank.status).toBe(400);
    expect((await blank.json()).errors.name).toBe("Dê um nome à passkey");
    expect((await post(cookie, { response, name: "x".repeat(61) })).status).toBe(400);
    expect((await options(request("/api/passkeys/options", { body: {} }))).status).toBe(401);
    expect((await add(request("/api/passkeys", { body: { response, name: "A" } }))).status).toBe(401);
    expect((await list(request("/api/passkeys"))).status).toBe(401);
    const cross = await options(request("/api/passkeys/options", { body: {}, headers: { cookie, origin: "https://evil.example" } }));
    expect(cross.status).toBe(403);
  });

  it("uses NEXT_PUBLIC_APP_URL's host as the RP ID and origin when it is set", async () => {
    const previous = process.env.NEXT_PUBLIC_APP_URL;
    const { resetEnvCache } = await import("@/lib/server/env");
    process.env.NEXT_PUBLIC_APP_URL = "https://vitrine.example";
    resetEnvCache();
    try {
      const { user } = await signedInUser();
      // The session cookie's name follows the https address.
      const { createSession } = await import("@/lib/server/session");
      const cookie = (await createSession(user.id, true)).cookie.split(";")[0]!;
      const opts = await creationOptions(cookie);
      expect(opts.rp.id).toBe("vitrine.example");
      expect((await post(cookie, { response: createCredential(opts).response, name: "A" })).status).toBe(400);
      const ok = createCredential(await creationOptions(cookie), { origin: "https://vitrine.example", rpID: "vitrine.example" });
      expect((await post(cookie, { response: ok.response, name: "A" })).status).toBe(201);
    } finally {
      if (previous === undefined) delete process.env.NEXT_PUBLIC_APP_URL;
      else process.env.NEXT_PUBLIC_APP_URL = previous;
      resetEnvCache();
    }
  });
});

describe("renaming and removing passkeys (PATCH, DELETE /api/passkeys/{id})", () => {
  it("renames one of the caller's passkeys; another account's is 404", async () => {
    const { cookie } = await signedInUser();
    const stranger = await signedInUser();
    const { passkey } = await addPasskey(cookie);
    const patch = (c: string, name: string) =>
      rename(request(`/api/passkeys/${passkey.id}`, { method: "PATCH", body: { name }, headers: { cookie: c } }), params({ id: passkey.id }));
    const res = await patch(cookie, "Notebook");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ...passkey, name: "Notebook" });
    expect((await patch(stranger.cookie, "Meu")).status).toBe(404);
    expect((await patch(cookie, "")).status).toBe(400);
    expect((await db.passkey.findUniqueOrThrow({ where: { id: passkey.id } })).name).toBe("Notebook");
  });

  it("removes it only with the password where the account has one; without a password (Google), at once", async () => {
    const { user, cookie } = await signedInUser();
    const { passkey } = await addPasskey(cookie);
    const del = (c: string, body: unknown, id = passkey.id) =>
      remove(request(`/api/passkeys/${id}`, { method: "DELETE", body, headers: { cookie: c } }), params({ id }));
    const missing = await del(cookie, {});
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors.password).toBe("Senha atual é obrigatória");
    const wrong = await del(cookie, { password: "errada-123" });
    expect(wrong.status).toBe(400);
    expect(await db.passkey.count({ where: { userId: user.id } })).toBe(1);
    const stranger = await signedInUser();
    expect((await del(stranger.cookie, { password: PASSWORD })).status).toBe(404);
    const ok = await del(cookie, { password: PASSWORD });
    expect(ok.status).toBe(200);
    expect(await db.passkey.count({ where: { userId: user.id } })).toBe(0);
    expect((await del(cookie, { password: PASSWORD })).status).toBe(404);

    const google = await createUser({ password: null });
    const { createSession } = await import("@/lib/server/session");
    const googleCookie = (await createSession(google.id, true)).cookie.split(";")[0]!;
    const own = await addPasskey(googleCookie);
    expect((await del(googleCookie, {}, own.passkey.id)).status).toBe(200);
  });
});

describe("the jobs", () => {
  it("delete expired challenges and keep live ones", async () => {
    const { user, cookie } = await signedInUser();
    const live = await creationOptions(cookie);
    const old = await creationOptions(cookie);
    await db.webAuthnChallenge.update({ where: { challenge: old.challenge }, data: { expires: new Date(Date.now() - 60_000) } });
    await runDueJobs();
    const left = await db.webAuthnChallenge.findMany({ where: { userId: user.id }, select: { challenge: true } });
    expect(left).toEqual([{ challenge: live.challenge }]);
  });
});
