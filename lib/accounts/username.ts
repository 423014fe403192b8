import { z } from "zod";
import { strings } from "@/lib/strings";

// The username rule of product-spec.md §5, shared by the landing page, the
// forms and the handlers.

export const USERNAME_MAX = 20;
export const USERNAME_PATTERN = /^[a-z0-9_]{1,20}$/;

/**
 * Every top-level route of the app, and names that would look official. A
 * profile can never take one (lib/accounts/username.test.ts checks the app
 * folder against this list).
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  "login", "register", "dashboard", "settings", "cover", "admin", "404", "500", "api", "uploads", "og",
  "logout", "signin", "signup", "auth", "terms", "privacy", "help", "about", "support", "static", "public",
  "assets", "robots", "sitemap", "manifest", "favicon", "health", "_next", "vitrine", "www", "root", "null",
  "undefined", "me", "profile", "perfil", "user", "users", "admins", "administrador", "suporte", "ajuda",
  "termos", "privacidade", "entrar", "cadastrar", "cadastro", "configuracoes", "capa", "painel",
]);

/** What an input keeps as the person types: lowercase letters, digits, underscore. */
export function normalizeUsernameInput(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9_]/g, "").slice(0, USERNAME_MAX);
}

export function isValidUsername(value: string): boolean {
  return USERNAME_PATTERN.test(value);
}

export function isReservedUsername(value: string): boolean {
  return RESERVED_USERNAMES.has(value.toLowerCase());
}

/** The form rule (registration, settings). */
export const usernameSchema = z
  .string({ error: strings.username.invalidForm })
  .regex(USERNAME_PATTERN, strings.username.invalidForm);

/** The landing page's rule, with its own messages. */
export function landingUsernameError(value: string): string | null {
  if (!value.trim()) return strings.username.empty;
  if (!isValidUsername(value)) return strings.username.invalidLanding;
  return null;
}
