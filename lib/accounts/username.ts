import { usernameStrings } from "@/lib/strings/username";

const strings = { username: usernameStrings };

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
  "login",
  "register",
  "dashboard",
  "settings",
  "cover",
  "admin",
  "404",
  "500",
  "api",
  "uploads",
  "og",
  "logout",
  "signin",
  "signup",
  "auth",
  "terms",
  "privacy",
  "help",
  "about",
  "support",
  "static",
  "public",
  "assets",
  "robots",
  "sitemap",
  "manifest",
  "favicon",
  "health",
  "_next",
  "vitrine",
  "www",
  "root",
  "null",
  "undefined",
  "me",
  "profile",
  "perfil",
  "user",
  "users",
  "admins",
  "administrador",
  "suporte",
  "ajuda",
  "termos",
  "privacidade",
  "entrar",
  "cadastrar",
  "cadastro",
  "configuracoes",
  "capa",
  "painel",
  "metrics",
  "denunciar",
  "forgot-password",
  "reset-password",
  "verify-email",
  "robots.txt",
  "sitemap.xml",
  "sitemaps",
  "pages",
  "paginas",
  "invite",
  "convite",
  "convites",
  "equipe",
  // The public API's reference (/docs/api, fifth release).
  "docs",
  // The subscribe block's e-mail pages (/inscricao/confirmar, /inscricao/cancelar) and its solver's files (/altcha/…).
  "inscricao",
  "altcha",
]);

/**
 * A-Z to a-z and nothing else. String.toLowerCase() turns some non-ASCII
 * letters into ASCII ones (the Kelvin sign K into k, İ into i + a dot), so a
 * look-alike could become a real name; here it stays what it is and is refused.
 */
export function lowercaseAscii(value: string): string {
  return value.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/**
 * What an input keeps as the person types: lowercase letters, digits,
 * underscore. Everything else is dropped before lowercasing, so the result only
 * holds characters the person typed (A-Z lowercased), never a converted look-alike.
 */
export function normalizeUsernameInput(value: string): string {
  return lowercaseAscii(value.replace(/[^A-Za-z0-9_]/g, "")).slice(0, USERNAME_MAX);
}

export function isValidUsername(value: string): boolean {
  return USERNAME_PATTERN.test(value);
}

export function isReservedUsername(value: string): boolean {
  return RESERVED_USERNAMES.has(lowercaseAscii(value));
}

/** The landing page's rule, with its own messages. */
export function landingUsernameError(value: string): string | null {
  if (!value.trim()) return strings.username.empty;
  if (!isValidUsername(value)) return strings.username.invalidLanding;
  return null;
}
