import "server-only";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { resolveAddresses } from "./dns";
import { env } from "./env";

// The one way the app requests another server (webhooks, the Linktree
// import). A name is resolved here, every address it resolves to must be
// public, and the connection goes to the address that was checked (a second
// resolution cannot point it elsewhere). No redirect is followed unless the
// caller allows some on the same origin; time and size are capped.
// ALLOW_PRIVATE_OUTBOUND=1 lifts the address check (development and tests).

export type OutboundFailure =
  | "bad_url" // not an http(s) address, or http:// without ALLOW_PRIVATE_OUTBOUND
  | "unresolvable" // the name has no address
  | "private_address" // an address the app must not reach
  | "redirect" // a redirect the caller did not allow
  | "timeout"
  | "too_large"
  | "network"; // refused, reset, TLS failure…

export class OutboundError extends Error {
  constructor(
    readonly failure: OutboundFailure,
    message?: string,
  ) {
    super(message ?? failure);
    this.name = "OutboundError";
  }
}

export interface OutboundOptions {
  method?: "GET" | "POST" | "HEAD";
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** The whole exchange, connection to last byte. */
  timeoutMs: number;
  /** Bytes of the answer's body read at most (more → too_large). */
  maxBytes: number;
  /** Redirects followed on the same origin (scheme, host and port); any other → redirect. Default 0: a 3xx is answered as it is. */
  sameOriginRedirects?: number;
  /**
   * Keep the connection for the next request to the same checked address
   * (webhooks: one endpoint gets many; no TCP and TLS handshake each time).
   * A kept connection the server closed meanwhile is replaced once.
   */
  keepAlive?: boolean;
  /**
   * The URL's host already resolved and checked (CheckedHost.of: a batch of
   * deliveries to one host asks DNS once); the connection still goes to a
   * checked address. Ignored for any other host name.
   */
  checked?: CheckedHost;
}

export interface OutboundResponse {
  status: number;
  headers: Headers;
  body: Buffer;
  /** The address that answered (after same-origin redirects). */
  url: string;
}

/** The IPv4 address at bits `from`–`from + 32` of an IPv6 one. */
function ipv4At(ip: ipaddr.IPv6, from: number): ipaddr.IPv4 {
  const bytes = ip.toByteArray().slice(from / 8, from / 8 + 4);
  return new ipaddr.IPv4(bytes);
}

/**
 * The IPv4 addresses an IPv6 one carries, for every form that carries one:
 * IPv4-mapped ::ffff:0:0/96 and IPv4-translated ::ffff:0:0:0/96,
 * IPv4-compatible ::/96 (::7f00:1 is 127.0.0.1), 6to4 2002::/16 (bits
 * 16–48), NAT64 64:ff9b::/96 and the local-use 64:ff9b:1::/96 (last 32 bits).
 * `[]` when it carries none; null when it is a tunnel we refuse outright:
 * Teredo 2001::/32 (a relay reaches a client behind any NAT; no server we
 * deliver to lives there) and the rest of 64:ff9b:1::/48, where the IPv4's
 * place depends on the local translator's prefix length (RFC 6052).
 */
function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4[] | null {
  const [p0, p1, p2, p3, p4, p5] = ip.parts as [number, number, number, number, number, number];
  const range = ip.range() as string;
  if (range === "ipv4Mapped" || range === "rfc6145") return [ipv4At(ip, 96)];
  if (p0 === 0 && p1 === 0 && p2 === 0 && p3 === 0 && p4 === 0 && p5 === 0) return [ipv4At(ip, 96)];
  if (range === "6to4") return [ipv4At(ip, 16)];
  if (range === "teredo") return null;
  if (p0 === 0x64 && p1 === 0xff9b && p2 === 0 && p3 === 0 && p4 === 0 && p5 === 0) return [ipv4At(ip, 96)];
  if (p0 === 0x64 && p1 === 0xff9b && p2 === 1) return p3 === 0 && p4 === 0 && p5 === 0 ? [ipv4At(ip, 96)] : null;
  return [];
}

/** Global unicast: 2000::/3 (everything else is local, special or unassigned). */
const globalUnicast = ipaddr.IPv6.parseCIDR("2000::/3");

/**
 * True for an address outgoing requests must not reach. Only public unicast
 * passes: an IPv4 whose ipaddr.js range is `unicast`; an IPv6 that carries
 * IPv4 addresses when each of them passes; any other IPv6 when it lies in
 * 2000::/3 and its range is `unicast` (site-local fec0::/10, unique local,
 * link-local, documentation, Teredo, 6to4, NAT64 all have ranges of their own).
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  // node:net's strict check first: ipaddr.js also reads "127.1" or "0x7f.1".
  const family = isIP(bare);
  if (family === 4) return ipaddr.IPv4.parse(bare).range() !== "unicast";
  if (family === 6) {
    const ip = ipaddr.IPv6.parse(bare);
    const carried = embeddedIPv4(ip);
    if (carried === null) return true;
    if (carried.length > 0) return carried.some((v4) => v4.range() !== "unicast");
    return !ip.match(globalUnicast) || ip.range() !== "unicast";
  }
  return true; // not an address at all: never reachable by mistake
}

export function allowPrivateOutbound(): boolean {
  return env().ALLOW_PRIVATE_OUTBOUND;
}

/** The URL parsed and allowed by scheme (https; http only with ALLOW_PRIVATE_OUTBOUND), else bad_url. */
export function outboundUrl(input: string | URL): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new OutboundError("bad_url");
  }
  if (url.username || url.password) throw new OutboundError("bad_url");
  if (url.protocol === "https:") return url;
  if (url.protocol === "http:" && allowPrivateOutbound()) return url;
  throw new OutboundError("bad_url");
}

/**
 * The addresses a URL's host resolves to, each checked: unresolvable when it
 * has none, private_address when any of them may not be reached (also one of
 * several: a name must not pair a public address with a private one).
 */
export async function checkedAddresses(url: URL): Promise<string[]> {
  const addresses = await resolveAddresses(url.hostname).catch(() => {
    throw new OutboundError("unresolvable");
  });
  if (addresses.length === 0) throw new OutboundError("unresolvable");
  if (!allowPrivateOutbound() && addresses.some(isPrivateAddress)) throw new OutboundError("private_address");
  return addresses;
}

/** A host name whose addresses were resolved and checked here, and only here (its constructor is private). */
export class CheckedHost {
  private constructor(
    readonly hostname: string,
    readonly addresses: readonly string[],
  ) {}

  /** `url`'s host resolved once and every address checked (checkedAddresses); throws OutboundError. */
  static async of(url: URL): Promise<CheckedHost> {
    return new CheckedHost(url.hostname, await checkedAddresses(url));
  }
}

/** A request to a public address (see the file's head). Throws OutboundError. */
export async function safeFetch(input: string | URL, options: OutboundOptions): Promise<OutboundResponse> {
  const deadline = Date.now() + options.timeoutMs;
  let url = outboundUrl(input);
  for (let hops = 0; ; hops++) {
    const answer = await once(url, options, deadline);
    const location = answer.status >= 300 && answer.status < 400 ? answer.headers.get("location") : null;
    if (!location || !options.sameOriginRedirects) return answer;
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw new OutboundError("redirect");
    }
    if (next.origin !== url.origin || hops >= options.sameOriginRedirects) throw new OutboundError("redirect");
    url = next;
  }
}

/** Idle kept connections close after this (under the 5 s most servers keep them). */
const KEPT_IDLE_MS = 4_000;
const MAX_KEPT_AGENTS = 256;
/** Connections open at once to one address, all of them kept between requests. */
const KEPT_SOCKETS = 16;
/** One pool per scheme and checked address: a kept connection only ever serves the address it was opened to. */
const keptAgents = new Map<string, http.Agent>();

function keptAgent(protocol: string, address: string): http.Agent {
  const key = `${protocol}//${address}`;
  let agent = keptAgents.get(key);
  if (agent) {
    // Most recently used last: the oldest pool is the first to go.
    keptAgents.delete(key);
  } else {
    // As many kept as may be open: a batch of deliveries to endpoints on one host (ten of a page's, say) finds its
    // connections again at the next batch instead of opening most of them anew; idle ones close after KEPT_IDLE_MS.
    agent = new (protocol === "https:" ? https.Agent : http.Agent)({
      keepAlive: true,
      maxSockets: KEPT_SOCKETS,
      maxFreeSockets: KEPT_SOCKETS,
      timeout: KEPT_IDLE_MS,
    });
    if (keptAgents.size >= MAX_KEPT_AGENTS) {
      const [oldestKey, oldest] = keptAgents.entries().next().value!;
      keptAgents.delete(oldestKey);
      oldest.destroy();
    }
  }
  keptAgents.set(key, agent);
  return agent;
}

async function once(url: URL, options: OutboundOptions, deadline: number): Promise<OutboundResponse> {
  const addresses = options.checked?.hostname === url.hostname ? options.checked.addresses : await checkedAddresses(url);
  const address = addresses[0]!;
  try {
    return await exchange(url, address, options, deadline, options.keepAlive === true);
  } catch (error) {
    // A kept connection closed by the server as it was reused: once more on a new one.
    if (error instanceof StaleConnection) return exchange(url, address, options, deadline, false);
    throw error;
  }
}

class StaleConnection extends Error {}

function exchange(url: URL, address: string, options: OutboundOptions, deadline: number, keep: boolean): Promise<OutboundResponse> {
  const family = isIP(address);
  const remaining = deadline - Date.now();
  if (remaining <= 0) throw new OutboundError("timeout");
  const client = url.protocol === "https:" ? https : http;
  return new Promise<OutboundResponse>((resolve, reject) => {
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      reject(error);
    };
    const request = client.request(
      url,
      {
        method: options.method ?? "GET",
        headers: { "user-agent": "Vitrine (+https://github.com/vitrine-app/vitrine)", ...options.headers },
        // The connection goes to the checked address; TLS still checks the certificate against the name.
        lookup: (_host, lookupOptions, callback) => {
          if ((lookupOptions as { all?: boolean }).all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
          else (callback as (e: null, a: string, f: number) => void)(null, address, family);
        },
        agent: keep ? keptAgent(url.protocol, address) : false,
      },
      (response) => {
        const declared = Number(response.headers["content-length"]);
        if (Number.isFinite(declared) && declared > options.maxBytes) return fail(new OutboundError("too_large"));
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) return fail(new OutboundError("too_large"));
          chunks.push(chunk);
        });
        response.on("error", () => fail(new OutboundError("network")));
        response.on("end", () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (Array.isArray(value)) for (const v of value) headers.append(name, v);
            else if (value !== undefined) headers.set(name, value);
          }
          resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks), url: url.toString() });
        });
      },
    );
    const timer = setTimeout(() => fail(new OutboundError("timeout")), remaining);
    let answered = false;
    request.on("response", () => (answered = true));
    request.on("error", (error: NodeJS.ErrnoException) =>
      fail(request.reusedSocket && !answered && (error.code === "ECONNRESET" || error.code === "EPIPE") ? new StaleConnection() : new OutboundError("network")),
    );
    if (options.body !== undefined) request.write(options.body);
    request.end();
  });
}
