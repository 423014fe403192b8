// The one place where the process's entry point and the app meet. server.mjs
// (npm start) and sender.mjs (its background sender) run outside Next's
// bundles and the app's modules are bundled more than once (instrumentation,
// each route), so what they share lives in one object under one well-known
// key, typed in host.d.mts:
//  - features: what the entry point adds (server.mjs, or sender.mjs, marks
//    itself before Next starts; under `next start`, a serverless host,
//    nothing is marked);
//  - selfOrigin: where server.mjs listens, once it does;
//  - hooks: what the app hands to the entry point (server.mjs: its four fast
//    paths, counts, public pages, prerendered signed-out pages, the build's
//    files in brotli; sender.mjs: the outbox's sender), registered at
//    start-up (lib/startup), and who waits for one not registered yet;
//  - state: the app's per-process state that must stay one per process
//    whichever bundle reaches it (the database pool, caches, timers).

const KEY = Symbol.for("vitrine.host");

/** @returns {import("./host.mjs").Host} */
function host() {
  return (globalThis[KEY] ??= { features: null, selfOrigin: null, hooks: {}, waiting: {}, state: new Map() });
}

/** @param {import("./host.mjs").HostFeatures} features */
export function markHost(features) {
  host().features = Object.freeze({ ...features });
}

export function hostFeatures() {
  return host().features;
}

/** @param {string} origin */
export function setSelfOrigin(origin) {
  host().selfOrigin = origin;
}

export function selfOrigin() {
  return host().selfOrigin;
}

/**
 * @template {keyof import("./host.mjs").HostHooks} K
 * @param {K} name
 * @param {import("./host.mjs").HostHooks[K]} hook
 */
export function provideHook(name, hook) {
  const h = host();
  h.hooks[name] = hook;
  for (const resolve of h.waiting[name]?.splice(0) ?? []) resolve(hook);
}

/**
 * Hook `name` once the app has provided it (its start-up may settle after
 * Next's prepare() does).
 * @template {keyof import("./host.mjs").HostHooks} K
 * @param {K} name
 * @returns {Promise<import("./host.mjs").HostHooks[K]>}
 */
export function hookProvided(name) {
  const h = host();
  if (h.hooks[name]) return Promise.resolve(h.hooks[name]);
  return new Promise((resolve) => (h.waiting[name] ??= []).push(resolve));
}

/**
 * @template {keyof import("./host.mjs").HostHooks} K
 * @param {K} name
 * @returns {import("./host.mjs").HostHooks[K] | undefined}
 */
export function hostHook(name) {
  return host().hooks[name];
}

/**
 * This process's one value for `name`, made by `make` the first time any
 * bundle asks.
 * @template T
 * @param {string} name
 * @param {() => T} make
 * @returns {T}
 */
export function processState(name, make) {
  const state = host().state;
  if (!state.has(name)) state.set(name, make());
  return state.get(name);
}

/** Forgets `name`'s value (tests, and the database closing). @param {string} name */
export function forgetProcessState(name) {
  host().state.delete(name);
}
