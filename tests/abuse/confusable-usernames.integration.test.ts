import { POST as register } from "@/app/api/register/route";
import { PUT as updateProfile } from "@/app/api/user/profile/route";
import { GET as usernameCheck } from "@/app/api/username-check/[username]/route";
import { db } from "@/lib/server/db";
import { strings } from "@/lib/strings";
import { createUser, signedInUser } from "@/tests/factories";
import { CONFUSABLES } from "@/tests/helpers/confusables";
import { params, request } from "@/tests/helpers/request";

// A name that looks like another ('Admin', Cyrillic 'аdmin', full-width,
// invisible or combining characters) is refused with the username message
// wherever a name is chosen, even when the name it imitates is free.

const account = { name: "Ana Souza", phone: "(11) 98765-4321", password: "segredo1" };

describe("look-alike usernames", () => {
  it.each(CONFUSABLES)("registration refuses %j with the username message", async (username) => {
    await createUser({ username: "kelvin" });
    const res = await register(request("/api/register", { body: { ...account, username, email: "nova@example.com" } }));
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ username: strings.username.invalidForm });
    expect(await db.user.count()).toBe(1);
  });

  it.each(CONFUSABLES)("a profile update refuses %j with the username message", async (username) => {
    const { user, cookie } = await signedInUser({ username: "dona", email: "dona@example.com" });
    const res = await updateProfile(
      request("/api/user/profile", { method: "PUT", headers: { cookie }, body: { ...account, username, email: "dona@example.com" } }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ username: strings.username.invalidForm });
    expect((await db.page.findUniqueOrThrow({ where: { id: user.id } })).username).toBe("dona");
  });

  it.each(CONFUSABLES)("the availability check answers 400 for %j, not 'available'", async (username) => {
    const res = await usernameCheck(request(`/api/username-check/${encodeURIComponent(username)}`), params({ username }));
    expect(res.status).toBe(400);
  });

  it("keeps one account per name whatever its case: 'Ana' is not a second 'ana'", async () => {
    await createUser({ username: "ana" });
    const res = await register(request("/api/register", { body: { ...account, username: "Ana", email: "outra@example.com" } }));
    expect(res.status).toBe(400);
    expect(await db.page.count({ where: { username: { equals: "ana", mode: "insensitive" } } })).toBe(1);
  });
});
