import { processState } from "@/lib/server/host.mjs";

// The in-memory list of active custom domains, as proxy.ts and server.mjs's
// fast path read it: no database here (proxy.ts stays string work). It is
// filled and kept current by lib/domains/domain-hosts.ts (at start, and on
// every change, from any instance), in this process's one shared state.

export interface ActiveHost {
  pageId: string;
  username: string;
  domain: string;
}

export interface HostState {
  hosts: Map<string, ActiveHost>;
  byPage: Map<string, string>;
  loaded: boolean;
  /** Bumped by each change: a load that started before it is not kept. */
  generation: number;
  loading?: Promise<void>;
  listening?: boolean;
}

export const hostState = () => processState<HostState>("domain-hosts", () => ({ hosts: new Map(), byPage: new Map(), loaded: false, generation: 0 }));

/** The active domain a request's Host names (port and trailing dot ignored), or null: no query. */
export function lookUpHost(hostHeader: string | null | undefined): ActiveHost | null {
  if (!hostHeader) return null;
  const state = hostState();
  if (state.hosts.size === 0) return null;
  const host = hostHeader.toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
  return state.hosts.get(host) ?? null;
}
