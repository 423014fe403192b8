import { PUT } from "./route";
import { GET as usernameCheck } from "@/app/api/username-check/[username]/route";
import { db } from "@/lib/server/db";
import { addMember, createPage, createUser, signedInUser } from "@/tests/factories";
import { params, request } from "@/tests/helpers/request";

const valid = {
  name: "Ana Souza",
  username: "ana_nova",
  email: "ana.nova@example.com",
  phone: "+55 (11) 98765-4321",
  bio: "Fotógrafa em São Paulo",
  socials: { instagram: "ana.souza", whatsapp: "5511987654321" },
};

const put = (cookie: string | undefined, body: unknown, headers: Record<string, string> = {}, page?: string) =>
  PUT(request(`/api/user/profile${page ? `?page=${page}` : ""}`, { method: "PUT", body, headers: { ...(cookie ? { cookie } : {}), ...headers } }));

const pageOf = (id: string) => db.page.findUniqueOrThrow({ where: { id } });

const available = async (name: string) => (await (await usernameCheck(request(`/api/username-check/${name}`), params({ username: name }))).json()).available;

describe("PUT /api/user/profile", () => {
  it("saves every field and answers 200 {user}", async () => {
    const { user, cookie } = await signedInUser();
    const res = await put(cookie, valid);
    expect(res.status).toBe(200);
    const body = await res.json();
    // A new e-mail waits for its link (lib/email/verification.ts): the account keeps its address.
    expect(body.user).toMatchObject({ ...valid, email: user.email, pendingEmail: "ana.nova@example.com", id: user.id });
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).toMatchObject({ email: user.email, pendingEmail: "ana.nova@example.com", phone: "+55 (11) 98765-4321" });
    // The page's fields are the first page's (its id is the account's).
    const page = await pageOf(user.id);
    expect(page).toMatchObject({ username: "ana_nova", name: valid.name, bio: valid.bio });
    expect(page.socials).toEqual(valid.socials);
  });

  it("normalises: e-mail lowercased without spaces, handles without '@' or blanks, empty handles dropped, bio '' when missing", async () => {
    const { cookie } = await signedInUser();
    const res = await put(cookie, {
      ...valid,
      email: " Ana.Nova@Example.COM ",
      bio: undefined,
      socials: { instagram: " @ana.souza ", twitter: "", tiktok: "   ", facebook: "ana.s", myspace: "ana" },
    });
    expect(res.status).toBe(200);
    const { user } = await res.json();
    expect(user.pendingEmail).toBe("ana.nova@example.com");
    expect(user.bio).toBe("");
    expect(user.socials).toEqual({ instagram: "ana.souza", facebook: "ana.s" });
  });

  it("answers 400 with the spec's message on each field", async () => {
    const { user, cookie } = await signedInUser();
    const res = await put(cookie, {
      name: "Al",
      username: "Ana Souza!",
      email: "nao-e-email",
      phone: "123",
      bio: "x".repeat(151),
      socials: { instagram: "x".repeat(31), whatsapp: "+55 11 9", youtube: "ana/../../admin" },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({
      name: "Nome deve ter pelo menos 3 caracteres",
      username: "Nome de usuário deve conter apenas letras minúsculas, números e sublinhados (até 20 caracteres)",
      email: "Email inválido",
      phone: "Telefone inválido",
      bio: "A bio deve ter no máximo 150 caracteres",
      "socials.instagram": "Deve ter no máximo 30 caracteres",
      "socials.whatsapp": "Use apenas dígitos: código do país + DDD + número",
      "socials.youtube": "Use apenas letras, números, ponto, hífen e sublinhado",
    });
    expect((await pageOf(user.id)).username).toBe(user.username);
  });

  it("accepts a bio of exactly 150 characters and handles of exactly 30", async () => {
    const { cookie } = await signedInUser();
    const res = await put(cookie, { ...valid, bio: "b".repeat(150), socials: { telegram: "t".repeat(30), whatsapp: "9".repeat(30) } });
    expect(res.status).toBe(200);
    expect((await put(cookie, { ...valid, phone: "(11) 9876-543a" })).status).toBe(400);
    expect((await put(cookie, { ...valid, username: "a".repeat(21) })).status).toBe(400);
  });

  it("answers 409 when another account has the username or the e-mail, and for a reserved name", async () => {
    await createUser({ username: "ocupado", email: "ocupado@example.com" });
    const { cookie } = await signedInUser();
    const name = await put(cookie, { ...valid, username: "ocupado" });
    expect(name.status).toBe(409);
    expect(await name.json()).toEqual({
      message: "Este nome de usuário já está em uso",
      errors: { username: "Este nome de usuário já está em uso" },
    });
    const email = await put(cookie, { ...valid, email: "OCUPADO@example.com" });
    expect(email.status).toBe(409);
    expect(await email.json()).toEqual({ message: "Este e-mail já está em uso", errors: { email: "Este e-mail já está em uso" } });
    for (const reserved of ["admin", "settings", "uploads", "api"]) {
      expect((await put(cookie, { ...valid, username: reserved })).status).toBe(409);
    }
  });

  it("keeps one's own username and e-mail without a conflict", async () => {
    const { user, cookie } = await signedInUser({ username: "ana", email: "ana@example.com" });
    const res = await put(cookie, { ...valid, username: "ana", email: "ana@example.com", name: "Ana S." });
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ id: user.id, username: "ana", name: "Ana S.", email: "ana@example.com", pendingEmail: null });
    expect(await db.outboxMessage.count()).toBe(0);
  });

  it("changing the username frees the old one at once", async () => {
    const { cookie } = await signedInUser({ username: "ana" });
    expect(await available("ana")).toBe(false);
    expect((await put(cookie, { ...valid, username: "ana_souza" })).status).toBe(200);
    expect(await available("ana")).toBe(true);
    expect(await available("ana_souza")).toBe(false);
    const other = await signedInUser();
    const res = await put(other.cookie, { ...valid, username: "ana", email: "outra@example.com" });
    expect(res.status).toBe(200);
    expect((await res.json()).user.username).toBe("ana");
  });

  it("changes only the caller: an id, userId or isAdmin in the body is ignored", async () => {
    const victim = await createUser({ username: "vitima" });
    const { user, cookie } = await signedInUser();
    const res = await put(cookie, { ...valid, id: victim.id, userId: victim.id, isAdmin: true, pageActive: false });
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ id: user.id, isAdmin: false });
    expect((await pageOf(victim.id)).username).toBe("vitima");
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).isAdmin).toBe(false);
    expect((await pageOf(user.id)).active).toBe(true);
  });

  it("answers 401 without a session and 403 from another site, changing nothing", async () => {
    expect((await put(undefined, valid)).status).toBe(401);
    const { user, cookie } = await signedInUser();
    expect((await put(cookie, valid, { origin: "https://evil.example" })).status).toBe(403);
    expect((await pageOf(user.id)).username).toBe(user.username);
  });
});

describe("PUT /api/user/profile?page= (pages and teams)", () => {
  it("edits the page of ?page=: its name, username, bio and socials; e-mail and phone stay the account's; the first page is untouched", async () => {
    const { user, cookie } = await signedInUser({ username: "ana", name: "Ana Souza" });
    const shop = await createPage(user.id, { username: "loja_ana", name: "Loja da Ana" });
    const res = await put(cookie, { ...valid, name: "Loja Nova", username: "loja_nova", email: user.email, phone: "(11) 91234-5678" }, {}, "loja_ana");
    expect(res.status).toBe(200);
    const body = (await res.json()).user;
    expect(body).toMatchObject({ id: user.id, username: "loja_nova", name: "Loja Nova", bio: valid.bio, email: user.email, phone: "(11) 91234-5678" });
    expect(await pageOf(shop.id)).toMatchObject({ username: "loja_nova", name: "Loja Nova", bio: valid.bio });
    expect(await pageOf(user.id)).toMatchObject({ username: "ana", name: "Ana Souza", bio: "" });
    // Another page's name is that page's only; the person keeps theirs.
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ phone: "(11) 91234-5678", name: "Ana Souza" });
    // The username is unique across pages: the first page cannot take the second's.
    expect((await put(cookie, { ...valid, username: "loja_nova", email: user.email })).status).toBe(409);
  });

  it("on the account's own first page the name is also the person's, as before pages (e-mails, the admin's accounts list)", async () => {
    const { user, cookie } = await signedInUser({ username: "ana", name: "Ana Souza" });
    expect((await put(cookie, { ...valid, name: "Ana Lima", username: "ana", email: user.email })).status).toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).name).toBe("Ana Lima");
    expect((await pageOf(user.id)).name).toBe("Ana Lima");
  });

  it("an editor may change the page's name, bio and socials (the username sent unchanged)", async () => {
    const owner = await createUser({ username: "dona" });
    const { user, cookie } = await signedInUser({ username: "editora" });
    await addMember(owner.id, user.id, "editor");
    const res = await put(cookie, { ...valid, username: "dona", email: user.email, name: "Dona Nova" }, {}, "dona");
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ id: user.id, username: "dona", name: "Dona Nova", email: user.email });
    expect(await pageOf(owner.id)).toMatchObject({ username: "dona", name: "Dona Nova", bio: valid.bio });
    // Neither the owner's name nor the editor's changes with the page's.
    expect((await db.user.findUniqueOrThrow({ where: { id: owner.id } })).name).toBe(owner.name);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).name).toBe(user.name);
  });

  it("an editor who changes the username gets 403 'Sem permissão nesta página' and nothing changes", async () => {
    const owner = await createUser({ username: "dona" });
    const { user, cookie } = await signedInUser({ username: "editora" });
    await addMember(owner.id, user.id, "editor");
    const before = await pageOf(owner.id);
    const res = await put(cookie, { ...valid, username: "tomada", email: "nova@example.com", phone: "(11) 90000-0000" }, {}, "dona");
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe("Sem permissão nesta página");
    expect(await pageOf(owner.id)).toEqual(before);
    const account = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(account).toMatchObject({ pendingEmail: null, phone: user.phone });
    expect(await db.outboxMessage.count()).toBe(0);
  });

  it("a page the caller does not manage is 404, and nothing changes", async () => {
    const other = await createUser({ username: "outra" });
    const { cookie } = await signedInUser();
    const res = await put(cookie, { ...valid, username: "outra" }, {}, "outra");
    expect(res.status).toBe(404);
    expect((await pageOf(other.id)).name).toBe(other.name);
  });
});
