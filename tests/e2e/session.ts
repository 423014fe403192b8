import type { Page } from "@playwright/test";
import { registerViaApi, uniqueUser } from "./users";

/** A fresh account, signed in in this page's browser context. */
export async function signUpAndIn(page: Page, overrides: Partial<ReturnType<typeof uniqueUser>> = {}) {
  const u = { ...uniqueUser(), ...overrides };
  await registerViaApi(page.request, u);
  const res = await page.request.post("/api/login", { data: { username: u.email, password: u.password } });
  if (!res.ok()) throw new Error(`login failed: ${res.status()}`);
  return u;
}
