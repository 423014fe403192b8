// Loaded with `node --require` into the app under test when it plays a Vercel
// function (tests/faults/serverless.test.mjs): the request context that
// Vercel's runtime installs, reduced to the purge API that @vercel/functions
// calls (dangerouslyDeleteByTag, invalidateByTag). Each purge is sent to the
// test's fake CDN (freezingProxy with `cdn`), at FAKE_VERCEL_PURGE_URL.
const url = process.env.FAKE_VERCEL_PURGE_URL;

const purge = (kind) => async (tags) => {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ kind, tags: [tags].flat() }) });
  if (!res.ok) throw new Error(`purge refused: ${res.status}`);
};

const context = { purge: { dangerouslyDeleteByTag: purge("delete"), invalidateByTag: purge("invalidate") } };
globalThis[Symbol.for("@vercel/request-context")] = { get: () => context };
