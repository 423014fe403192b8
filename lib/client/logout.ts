import { api } from "./api";

export const GOOGLE_TOKEN_KEY = "google_access_token";

type GoogleId = { disableAutoSelect(): void; revoke(hint: string, done: () => void): void };

/**
 * product-spec.md §4: revoke the Google grant when a credential is stored,
 * forget it, end the session on the server, and reload at /.
 */
export async function logout(email?: string) {
  try {
    if (localStorage.getItem(GOOGLE_TOKEN_KEY)) {
      const id = (window as unknown as { google?: { accounts?: { id?: GoogleId } } }).google?.accounts?.id;
      id?.disableAutoSelect();
      if (id && email) await new Promise<void>((resolve) => id.revoke(email, () => resolve()));
      localStorage.removeItem(GOOGLE_TOKEN_KEY);
    }
  } catch {
    // Storage or the Google script may be unavailable; the server logout still happens.
  }
  await api("/api/logout", { body: {} }).catch(() => undefined);
  window.location.href = "/";
}
