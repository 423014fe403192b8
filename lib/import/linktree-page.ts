// Reading a Linktree profile page (api.md, Bring your page, share it). Pure:
// lib/import/linktree-import.ts fetches the page and stores what comes.
//
// Linktree's public page is a Next.js page: the profile and its links travel
// to the page's own scripts as JSON in <script id="__NEXT_DATA__">, under
// props.pageProps.account ({username, pageTitle, description,
// profilePictureUrl, links: [{id, type, title, url, position, locked?,
// rules.gate, ...}]}), the shape open-source importers read
// (benkaiser/linktree-scraper's example_data.json). The markup is theirs to
// change: anything that no longer reads this way is "unreadable" (422), never
// a half-read profile.

export interface LinktreeProfile {
  name: string;
  bio: string;
  /** The photo's address as Linktree gives it; null when none (or not an http(s) address). */
  avatarUrl: string | null;
}

/** Why an entry does not come; "section" (a section's title) is no link at all, and the import neither shows nor counts it. */
export type LinktreeSkipReason = "section" | "inactive" | "not_link" | "locked" | "duplicate";

export interface LinktreeLink {
  title: string;
  url: string;
}

export interface LinktreeSkipped<R extends string = LinktreeSkipReason> extends LinktreeLink {
  reason: R;
}

export interface LinktreePage {
  username: string;
  profile: LinktreeProfile;
  /** In Linktree's order (by position). */
  links: LinktreeLink[];
  skipped: LinktreeSkipped[];
  /** Entries left unread after `maxLinks` links (none come: they pass the page's link limit). */
  unread: number;
}

/** A Linktree name: letters, digits, '_' and '.' (as Linktree's addresses carry them). */
const NAME = /^[A-Za-z0-9_.]{1,64}$/;

/**
 * The Linktree name an address names: `https://linktr.ee/{name}`, also without
 * the scheme or with `www.` (a trailing slash, query or fragment ignored);
 * null for any other address.
 */
export function linktreeName(input: string): string | null {
  const raw = input.trim();
  if (!raw || raw.length > 300 || /\s/.test(raw)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username || url.password || url.port) return null;
  if (url.hostname !== "linktr.ee" && url.hostname !== "www.linktr.ee") return null;
  const segments = url.pathname.split("/").filter(Boolean);
  if (segments.length !== 1) return null;
  let name: string;
  try {
    name = decodeURIComponent(segments[0]!);
  } catch {
    return null;
  }
  return NAME.test(name) && !/^\.+$/.test(name) ? name : null;
}

/** The JSON of the page's <script id="__NEXT_DATA__">, or null. */
function nextData(html: string): unknown {
  const match = /<script\b[^>]*\bid\s*=\s*["']?__NEXT_DATA__["']?[^>]*>([\s\S]*?)<\/script\s*>/i.exec(html);
  if (!match) return null;
  try {
    return JSON.parse(match[1]!);
  } catch {
    return null;
  }
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === "string" ? v.trim() : "");

/** A gate Linktree puts before the link (a passcode, a payment, an NFT) or its `locked` flag. */
function isLocked(entry: Json): boolean {
  if (entry.locked === true) return true;
  const gate = isObject(entry.rules) && isObject(entry.rules.gate) ? entry.rules.gate : null;
  return Boolean(gate && ["passcode", "payment", "nft"].some((k) => gate[k] !== null && gate[k] !== undefined && gate[k] !== false));
}

/** Sections, stores, forms and other entries with no address of their own. */
function isLink(entry: Json): boolean {
  const type = text(entry.type).toUpperCase();
  return type !== "HEADER" && text(entry.url) !== "";
}

function entryReason(entry: Json): LinktreeSkipReason | null {
  if (text(entry.type).toUpperCase() === "HEADER") return "section";
  if (entry.isActive === false || entry.active === false) return "inactive";
  if (!isLink(entry)) return "not_link";
  if (isLocked(entry)) return "locked";
  return null;
}

/** The address as compared for duplicates: no trailing slash, host in lowercase. */
export function comparableUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host.toLowerCase()}${u.pathname.replace(/\/+$/, "")}${u.search}`;
  } catch {
    return url.trim().replace(/\/+$/, "");
  }
}

/**
 * The profile and links of a Linktree page's HTML, or null when the page does
 * not carry them as expected (the 422 of api.md). Entries are read in order
 * until `maxLinks` links are found (the page's link limit: no more can come);
 * the rest are only counted.
 */
export function readLinktreePage(html: string, maxLinks = Infinity): LinktreePage | null {
  const data = nextData(html);
  const pageProps = isObject(data) && isObject(data.props) && isObject(data.props.pageProps) ? data.props.pageProps : null;
  const account = pageProps && isObject(pageProps.account) ? pageProps.account : null;
  if (!account || !Array.isArray(account.links)) return null;
  const username = text(account.username) || text(pageProps!.username);
  if (!username) return null;

  const photo = text(account.profilePictureUrl) || text(pageProps!.profilePictureUrl);
  const profile: LinktreeProfile = {
    name: text(account.pageTitle) || text(pageProps!.pageTitle) || username,
    bio: text(account.description) || text(pageProps!.description),
    avatarUrl: /^https?:\/\//i.test(photo) ? photo : null,
  };

  // Linktree's order is the entries' position; entries without one keep their place.
  const entries = (account.links as unknown[])
    .map((entry, index) => ({ entry, index }))
    .filter((e): e is { entry: Json; index: number } => isObject(e.entry))
    .sort((a, b) => {
      const pa = typeof a.entry.position === "number" ? a.entry.position : a.index;
      const pb = typeof b.entry.position === "number" ? b.entry.position : b.index;
      return pa - pb || a.index - b.index;
    })
    .map((e) => e.entry);

  const links: LinktreeLink[] = [];
  const skipped: LinktreeSkipped[] = [];
  const seen = new Set<string>();
  let read = 0;
  for (const entry of entries) {
    if (links.length >= maxLinks) break;
    read += 1;
    const link = { title: text(entry.title), url: text(entry.url) };
    const reason = entryReason(entry);
    if (reason) {
      skipped.push({ ...link, reason });
      continue;
    }
    const key = comparableUrl(link.url);
    if (seen.has(key)) {
      skipped.push({ ...link, reason: "duplicate" });
      continue;
    }
    seen.add(key);
    links.push(link);
  }
  return { username, profile, links, skipped, unread: entries.length - read };
}

export type LinktreeAnswer = { ok: true; page: LinktreePage } | { ok: false; failure: "not_found" | "unreadable" };

/**
 * What Linktree's answer says: its 404 (a name it does not know) → not_found;
 * any other answer that is not a 200 carrying the profile → unreadable.
 */
export function readLinktreeAnswer(status: number, html: string, maxLinks = Infinity): LinktreeAnswer {
  if (status === 404 || status === 410) return { ok: false, failure: "not_found" };
  if (status !== 200) return { ok: false, failure: "unreadable" };
  const page = readLinktreePage(html, maxLinks);
  return page ? { ok: true, page } : { ok: false, failure: "unreadable" };
}
