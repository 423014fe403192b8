/** See host.mjs. */
export interface HostFeatures {
  /** server.mjs counts every request it answers or hands to Next, for /metrics. */
  countsRequests: boolean;
}
export function markHost(features: HostFeatures): void;
export function hostFeatures(): HostFeatures | null;
