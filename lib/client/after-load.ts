// Work a page needs only once a person acts (the passkey autofill's library
// and challenge, the service worker) waits for the page's load event and then
// for the browser's first idle moment, so it never competes with the first
// paint, the page's own scripts or the first press (issue 61;
// tests/e2e/first-load.spec.ts checks nothing of it is asked for before load).

/** The longest the idle moment is waited for, once loaded. */
const IDLE_TIMEOUT_MS = 3_000;

/** Runs `run` once the page has loaded and the browser is first idle; returns what cancels it. */
export function whenLoadedAndIdle(run: () => void): () => void {
  let idle: number | undefined;
  const idleCallback = typeof window.requestIdleCallback === "function";
  const schedule = () => {
    idle = idleCallback ? window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS }) : window.setTimeout(run, 1);
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    window.removeEventListener("load", schedule);
    if (idle === undefined) return;
    if (idleCallback) window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}
