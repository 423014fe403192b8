import { cacheEpoch, cachedProfile, clearProfileCache, lookForChanges, onProfileChanged, stopLookingForChanges, storeProfile } from "./profile-cache";
import { databaseKind, db } from "@/lib/server/db";
import { signedInUser } from "@/tests/factories";

// The public pages' memory across instances (PageChange, read by every
// instance's look): a render is dropped by a change of its own page only.
// Changes of other people's pages, which a platform makes every second, and
// the rows a look reads again (the last two seconds'), do not keep a page
// out of memory. On the embedded database there is one process and no look.

afterEach(() => stopLookingForChanges());

async function twoOwners() {
  const [a, b] = [await signedInUser(), await signedInUser()];
  await lookForChanges();
  clearProfileCache();
  return { a: a.user, b: b.user };
}

it("stores a render when another page changed (and was looked at) while it ran", async () => {
  const { a, b } = await twoOwners();
  const epoch = cacheEpoch();
  await onProfileChanged(b.id); // someone else's edit, on this instance or another
  await lookForChanges();
  storeProfile(a.username, a.id, "página de A", epoch);
  expect(cachedProfile(a.username)).toBe("página de A");
});

it("does not store a render when its own page changed while it ran", async () => {
  const { a } = await twoOwners();
  const epoch = cacheEpoch();
  await onProfileChanged(a.id);
  await lookForChanges();
  storeProfile(a.username, a.id, "página de A, antiga", epoch);
  expect(cachedProfile(a.username)).toBeUndefined();
  // The next render, begun after the change, is stored.
  storeProfile(a.username, a.id, "página de A", cacheEpoch());
  expect(cachedProfile(a.username)).toBe("página de A");
});

it("does not apply a change twice: a look that reads a row again (the last two seconds') keeps the page stored since", async () => {
  const { a } = await twoOwners();
  await onProfileChanged(a.id);
  await lookForChanges(); // reads the row
  storeProfile(a.username, a.id, "página de A", cacheEpoch());
  await lookForChanges(); // reads it again
  await lookForChanges();
  expect(cachedProfile(a.username)).toBe("página de A");
  // A new change of that page still drops it (on PostgreSQL, written as another instance would).
  if (databaseKind() === "postgres") await db.$executeRaw`INSERT INTO "PageChange" ("pageId") VALUES (${a.id})`;
  else await onProfileChanged(a.id);
  await lookForChanges();
  expect(cachedProfile(a.username)).toBeUndefined();
});
