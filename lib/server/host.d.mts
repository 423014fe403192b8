/** See host.mjs. */
export interface HostFeatures {
  /** server.mjs counts every request it answers or hands to Next, for /metrics. */
  countsRequests: boolean;
  /** server.mjs writes the socket's address into x-vitrine-client-ip (replacing any the client sent). */
  setsClientIp: boolean;
}
export function markHost(features: HostFeatures): void;
export function hostFeatures(): HostFeatures | null;
