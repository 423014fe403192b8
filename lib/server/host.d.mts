// Types of host.mjs: the seam between server.mjs and the app.
import type { IncomingMessage, ServerResponse } from "node:http";

/** What server.mjs adds to a request; absent under `next start`. */
export interface HostFeatures {
  /** server.mjs writes the socket's address into x-vitrine-client-ip (replacing any the client sent). */
  setsClientIp: boolean;
  /** This process is server.mjs's background sender (it answers no request), not the server. */
  senderProcess?: boolean;
  /** The background sender process, which the app starts on PostgreSQL (npm start only). */
  sender?: BackgroundSender;
}

/**
 * The background sender (sender.mjs): a second process of the app, in Linux's
 * idle scheduling class, that reads and sends the outbox's rows itself
 * (lib/outbox/outbox-sender.ts). The server hands it nothing.
 */
export interface BackgroundSender {
  /** Starts it, once (started again if it dies). */
  start(): void;
}

export type NodeHeaders = Record<string, string | string[] | undefined>;

/** A whole answer made by the app for server.mjs to send as is. */
export interface HostAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string | null;
}

/** Answers a request from the app's memory, or null to pass it on to Next. */
export type FastPath = (method: string, url: string, headers: NodeHeaders) => HostAnswer | null;

/** A fast path that may first load what it answers: a promise then, settling to null to pass it on to Next. */
export type LoadingFastPath = (method: string, url: string, headers: NodeHeaders) => HostAnswer | Promise<HostAnswer | null> | null;

/** What the app hands to server.mjs. Every one is optional there: without it, Next answers. */
export interface HostHooks {
  /**
   * A request on a page's own domain (lib/domains/host-request.ts): answers
   * 404 for a path the domain does not serve (the answer), else rewrites
   * req.url to the page's path and drops the session cookie (null).
   */
  customHost: (req: IncomingMessage) => HostAnswer | null;
  /** Answers a view or click count before Next's router; true when it did. */
  countFastPath: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** A public profile: warm from memory, else once loaded (a promise). */
  profileFastPath: LoadingFastPath;
  /** A signed-out page already prerendered. */
  staticPages: FastPath;
  /** A build file, in brotli. */
  assetPath: FastPath;
  /** In the background sender process: the outbox's sender, stopped (its sends finished) when the server goes. */
  outboxSender: { stop(): Promise<void> };
}

export interface Host {
  features: HostFeatures | null;
  selfOrigin: string | null;
  hooks: Partial<HostHooks>;
  /** Who waits for a hook not provided yet (hookProvided). */
  waiting: { [K in keyof HostHooks]?: ((hook: HostHooks[K]) => void)[] };
  state: Map<string, unknown>;
}

export function markHost(features: HostFeatures): void;
export function hostFeatures(): HostFeatures | null;
export function setSelfOrigin(origin: string): void;
export function selfOrigin(): string | null;
export function provideHook<K extends keyof HostHooks>(name: K, hook: HostHooks[K]): void;
export function hostHook<K extends keyof HostHooks>(name: K): HostHooks[K] | undefined;
export function hookProvided<K extends keyof HostHooks>(name: K): Promise<HostHooks[K]>;
export function processState<T>(name: string, make: () => T): T;
export function forgetProcessState(name: string): void;
