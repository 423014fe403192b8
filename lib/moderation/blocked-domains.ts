import "server-only";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { moderationStrings } from "@/lib/strings/moderation";
import { domainCandidates, isHostCovered, linkHost } from "./domains";

const strings = { moderation: moderationStrings };

// Links to a blocked domain (or a subdomain) are refused when saved and hidden
// wherever the public meets them (page, profile JSON, click, short link). The
// list is read from the database each time, with an exact-match lookup on the
// primary key, so a change shows on every instance at once.

/** Which of these hosts' candidate domains are blocked. */
/** The database client or a transaction's (inside a transaction, always the transaction's). */
type Reader = Pick<typeof db, "blockedDomain">;

async function blockedAmong(hosts: Iterable<string>, client: Reader = db): Promise<Set<string>> {
  const candidates = new Set<string>();
  for (const host of hosts) for (const d of domainCandidates(host)) candidates.add(d);
  if (!candidates.size) return new Set();
  const rows = await client.blockedDomain.findMany({ where: { domain: { in: [...candidates] } }, select: { domain: true } });
  return new Set(rows.map((r) => r.domain));
}

/** True when the link's host is a blocked domain or one of its subdomains. */
export async function isDomainBlocked(url: string): Promise<boolean> {
  const host = linkHost(url);
  return host ? isHostCovered(host, await blockedAmong([host])) : false;
}

/** For create, edit and import: 400 `Este domínio não é permitido` (on the url field) for a blocked host. */
export async function assertDomainAllowed(url: string): Promise<void> {
  if (await isDomainBlocked(url)) {
    const message = strings.moderation.api.domainBlocked;
    throw new AppError("invalid_input", { message, errors: { url: message } });
  }
}

/** The links whose host is not blocked, in their order (one query for all). */
export async function withoutBlockedLinks<T extends { url: string }>(links: T[], client: Reader = db): Promise<T[]> {
  const hosts = new Map(links.map((l) => [l, linkHost(l.url)] as const));
  const blocked = await blockedAmong(
    [...hosts.values()].filter((h): h is string => h !== null),
    client,
  );
  if (!blocked.size) return links;
  return links.filter((l) => {
    const host = hosts.get(l);
    return !host || !isHostCovered(host, blocked);
  });
}

/** For a batch (link import): which of these URLs point to a blocked domain, in one query. */
export async function blockedUrls(urls: string[]): Promise<Set<string>> {
  const allowed = new Set((await withoutBlockedLinks(urls.map((url) => ({ url })))).map((l) => l.url));
  return new Set(urls.filter((url) => !allowed.has(url)));
}
