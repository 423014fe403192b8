import type { APIRequestContext } from "@playwright/test";

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
