import "server-only";
import { promises as dns } from "node:dns";
import { isIP } from "node:net";
import { env } from "./env";

// The one place the app asks DNS (custom domains' verification, outgoing
// requests). DNS_SERVERS names the servers (tests run an in-process server on
// a loopback port); absent, the system's.

const resolvers = new Map<string, dns.Resolver>();

/** A resolver on DNS_SERVERS, or on the system's servers when it is unset. */
export function dnsResolver(): dns.Resolver {
  const servers = env().DNS_SERVERS;
  const key = servers?.join(",") ?? "";
  let resolver = resolvers.get(key);
  if (!resolver) {
    // Short timeouts: a verification or a webhook waits on it.
    resolver = new dns.Resolver({ timeout: 2_000, tries: 2 });
    if (servers) resolver.setServers(servers);
    resolvers.set(key, resolver);
  }
  return resolver;
}

const ABSENT = new Set(["ENODATA", "ENOTFOUND", "ENONAME", "NXDOMAIN", "ENOTIMP", "EREFUSED"]);

/** True for the errors that mean "no such record" rather than "DNS failed". */
export function isAbsent(error: unknown): boolean {
  return ABSENT.has((error as NodeJS.ErrnoException | undefined)?.code ?? "");
}

/**
 * Every address a name resolves to (IPv4 and IPv6). On DNS_SERVERS: A and
 * AAAA asked of those servers; without it: the system's lookup (which also
 * reads /etc/hosts). An address is answered as itself. No address → [].
 */
export async function resolveAddresses(host: string): Promise<string[]> {
  const bare = host.replace(/^\[|\]$/g, "");
  if (isIP(bare)) return [bare];
  if (!env().DNS_SERVERS) {
    try {
      return (await dns.lookup(bare, { all: true, verbatim: true })).map((a) => a.address);
    } catch (error) {
      if (isAbsent(error)) return [];
      throw error;
    }
  }
  const resolver = dnsResolver();
  const [v4, v6] = await Promise.all([orNone(resolver.resolve4(bare)), orNone(resolver.resolve6(bare))]);
  return [...v4, ...v6];
}

/** A query's answers, or [] when the name has no such record. */
export async function orNone<T>(query: Promise<T[]>): Promise<T[]> {
  try {
    return await query;
  } catch (error) {
    if (isAbsent(error)) return [];
    throw error;
  }
}
