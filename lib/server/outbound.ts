import "server-only";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP } from "node:net";
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
}

export interface OutboundResponse {
  status: number;
  headers: Headers;
  body: Buffer;
  /** The address that answered (after same-origin redirects). */
  url: string;
}

const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT (Alibaba's metadata is 100.100.100.200)
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, the clouds' metadata 169.254.169.254
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and 255.255.255.255
] as const)
  blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local (AWS's metadata fd00:ec2::254)
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const)
  blocked.addSubnet(net, prefix, "ipv6");

/** An IPv4 address carried inside an IPv6 one (::ffff:a.b.c.d, 64:ff9b::/96, ::a.b.c.d). */
function embeddedIPv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::|::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const high = parseInt(hex[1]!, 16);
    const low = parseInt(hex[2]!, 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return null;
}

/** True for an address outgoing requests must not reach: private, loopback, link-local, metadata, multicast, reserved. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, "ipv4");
  if (family === 6) {
    const v4 = embeddedIPv4(bare);
    if (v4) return blocked.check(v4, "ipv4");
    return blocked.check(bare, "ipv6");
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
    agent = new (protocol === "https:" ? https.Agent : http.Agent)({ keepAlive: true, maxSockets: KEPT_SOCKETS, maxFreeSockets: KEPT_SOCKETS, timeout: KEPT_IDLE_MS });
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
  const addresses = await checkedAddresses(url);
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
