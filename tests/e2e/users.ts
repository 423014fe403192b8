import type { APIRequestContext } from "@playwright/test";
import { verifyAddress } from "./mail";

let n = 0;

/** Fresh account details for one test (the e2e database is shared by the run). */
export function uniqueUser() {
  n += 1;
  const id = `${Date.now().toString(36).slice(-5)}${n}${Math.floor(Math.random() * 100)}`;
  return {
    name: "Ana Souza",
    username: `ana_${id}`.slice(0, 20),
    phoneDigits: "11987654321",
    phone: "(11) 98765-4321",
    email: `a${id}@ex.com`,
    password: "segredo123",
  };
}

/** Creates the account through the API (the browser is then signed out). */
export async function registerViaApi(request: APIRequestContext, u: ReturnType<typeof uniqueUser>) {
  const res = await request.post("/api/register", {
    data: { name: u.name, username: u.username, phone: u.phone, email: u.email, password: u.password },
    headers: { "x-forwarded-for": `198.18.${n % 250}.${Math.floor(Math.random() * 250) + 1}` },
  });
  if (res.status() !== 201) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  await request.post("/api/logout", { data: {} });
  return res;
}

type Account = { name: string; username: string; phone: string; email: string; password: string };

/** The administrator of the e2e server (ADMIN_EMAILS=admin@vitrine.test); the same details as admin.spec.ts. */
export const ADMIN: Account = {
  name: "Admin Vitrine",
  username: "vitrine_admin",
  phone: "(11) 91234-5678",
  email: "admin@vitrine.test",
  password: "segredo123",
};

/**
 * The account a11y.spec.ts's keyboard journey creates, reused by the other
 * accessibility and security checks: the e2e server allows 20 sign-ups an
 * hour from one address for the whole run.
 */
export const KEYBOARD_USER: Account = {
  name: "Teclado Vitrine",
  username: "teclado_vitrine",
  phone: "(11) 97777-1234",
  email: "teclado@vitrine.test",
  password: "segredo123",
};

/**
 * Signs `request`'s context in as `account`, creating the account on first
 * use; true when it already existed. The address is verified from its
 * message (ADMIN_EMAILS waits for a verified address).
 */
export async function signInOrRegister(request: APIRequestContext, account: Account): Promise<boolean> {
  const login = await request.post("/api/login", { data: { username: account.email, password: account.password } });
  if (login.ok()) {
    if (!(await login.json()).user.emailVerified) await verifyAddress(request, account.email);
    return true;
  }
  const res = await request.post("/api/register", { data: account });
  if (res.status() !== 201) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  await verifyAddress(request, account.email);
  return false;
}
