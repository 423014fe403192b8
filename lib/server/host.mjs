// What the process's entry point adds, read by the app under one well-known
// key: `npm start` (server.mjs) marks itself here before Next starts; under
// `next start` (a serverless host) nothing is marked. Plain JS so that
// server.mjs, outside Next's bundles, shares it with the app (types in host.d.mts).

const KEY = Symbol.for("vitrine.host");

/** @param {import("./host.mjs").HostFeatures} features */
export function markHost(features) {
  globalThis[KEY] = Object.freeze({ ...features });
}

/** @returns {import("./host.mjs").HostFeatures | null} */
export function hostFeatures() {
  return globalThis[KEY] ?? null;
}
