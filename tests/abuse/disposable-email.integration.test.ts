import { POST as register } from "@/app/api/register/route";
import { PUT as putProfile } from "@/app/api/user/profile/route";
import { db } from "@/lib/server/db";
import { signedInUser } from "@/tests/factories";
import { request } from "@/tests/helpers/request";

const base = { name: "Ana Souza", username: "ana_souza", phone: "(11) 98765-4321", password: "segredo1" };
const profile = { name: "Ana Souza", username: "ana", phone: "(11) 98765-4321", bio: "", socials: {} };

describe("disposable e-mail domains", () => {
  it("are refused at registration with errors.email 'Use um e-mail permanente'", async () => {
    for (const email of ["ana@mailinator.com", "ana@Guerrillamail.com", "ana@sub.mailinator.com"]) {
      const res = await register(request("/api/register", { body: { ...base, email } }));
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual({ email: "Use um e-mail permanente" });
    }
    expect(await db.user.count()).toBe(0);
    expect((await register(request("/api/register", { body: { ...base, email: "ana@gmail.com" } }))).status).toBe(201);
  });

  it("are refused on an e-mail change, while an account already on one still saves its profile", async () => {
    const { user, cookie } = await signedInUser({ username: "ana", email: "ana@example.com" });
    const put = (email: string) => putProfile(request("/api/user/profile", { method: "PUT", body: { ...profile, email }, headers: { cookie } }));
    const res = await put("ana@yopmail.com");
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ email: "Use um e-mail permanente" });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe("ana@example.com");

    await db.user.update({ where: { id: user.id }, data: { email: "ana@yopmail.com" } });
    expect((await put("ana@yopmail.com")).status).toBe(200);
  });
});
