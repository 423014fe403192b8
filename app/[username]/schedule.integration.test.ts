import { GET as page } from "./route";
import { GET as follow } from "./[linkId]/route";
import { GET as profileJson } from "@/app/api/profiles/[username]/route";
import { POST as click } from "@/app/api/links/[id]/click/route";
import { POST as create } from "@/app/api/links/route";
import { PUT as replace } from "@/app/api/links/[id]/route";
import { lookForChanges, stopLookingForChanges } from "@/lib/profile-cache/profile-cache";
import { warmProfilePage } from "@/lib/profile/public-page";
import { db } from "@/lib/server/db";
import { signedInUser } from "@/tests/factories";
import { params, request } from "@/tests/helpers/request";
import { visitor } from "@/tests/helpers/visitor";

// api.md, Links (second release): a link shows (page, JSON, counters) only
// inside [startsAt, endsAt), and no cache shows it outside. Only Date is faked
// here: timers, the database and its drivers run for real.

const START = new Date("2030-03-10T12:00:00.000Z");
const END = new Date("2030-03-10T15:00:00.000Z");
const at = (ms: number) => jest.setSystemTime(new Date(ms));

beforeEach(() => {
  jest.useFakeTimers({
    doNotFake: [
      "hrtime",
      "nextTick",
      "performance",
      "queueMicrotask",
      "setImmediate",
      "clearImmediate",
      "setInterval",
      "clearInterval",
      "setTimeout",
      "clearTimeout",
    ],
    now: START.getTime() - 60_000,
  });
});
afterEach(() => jest.useRealTimers());

async function scheduledOwner() {
  const s = await signedInUser({ username: "agenda" });
  const always = await db.link.create({ data: { pageId: s.user.id, title: "Sempre", url: "https://sempre.example.com/", order: 0 } });
  const timed = await db.link.create({
    data: { pageId: s.user.id, title: "Promoção relâmpago", url: "https://promo.example.com/", order: 1, startsAt: START, endsAt: END },
  });
  return { ...s, always, timed };
}

const pageText = async () => (await page(request("/agenda"), params({ username: "agenda" }))).text();
const jsonLinks = async () =>
  ((await (await profileJson(request("/api/profiles/agenda"), params({ username: "agenda" }))).json()) as { links: { id: string }[] }).links.map((l) => l.id);

describe("scheduled links", () => {
  it.each([
    ["one second before its start", START.getTime() - 1_000, false],
    ["at its start", START.getTime(), true],
    ["inside its window", START.getTime() + 60 * 60_000, true],
    ["one millisecond before its end", END.getTime() - 1, true],
    ["at its end", END.getTime(), false],
    ["one second after its end", END.getTime() + 1_000, false],
  ])("%s: shown on the page and in the JSON, and counted, only inside the window", async (_label, now, shown) => {
    const { always, timed } = await scheduledOwner();
    at(now);
    const text = await pageText();
    expect(text.includes("https://promo.example.com/")).toBe(shown);
    expect(text).toContain("https://sempre.example.com/");
    expect(await jsonLinks()).toEqual(shown ? [always.id, timed.id] : [always.id]);
    const counted = await click(visitor(`/api/links/${timed.id}/click`), params({ id: timed.id }));
    expect(counted.status).toBe(shown ? 204 : 404);
    const short = await follow(visitor(`/agenda/${timed.id}`, "198.51.100.21", { method: "GET" }), params({ username: "agenda", linkId: timed.id }));
    expect(short.status).toBe(shown ? 302 : 404);
    const stored = await db.link.findUniqueOrThrow({ where: { id: timed.id }, select: { clicks: true } });
    expect(stored.clicks).toBe(shown ? 2 : 0);
  });

  it("drops the cached page at each boundary with no write, on this instance and (through the same rule) every other", async () => {
    await lookForChanges();
    const { timed } = await scheduledOwner();
    at(START.getTime() - 1_000);
    expect(await pageText()).not.toContain("promo.example.com");
    // Warm: served from memory (the server's fast path reads the same entry).
    expect(warmProfilePage("agenda", "http://localhost:3000")).not.toBeNull();
    const writesBefore = await db.link.findUniqueOrThrow({ where: { id: timed.id }, select: { updatedAt: true } });

    at(START.getTime());
    expect(warmProfilePage("agenda", "http://localhost:3000")).toBeNull();
    expect(await pageText()).toContain("promo.example.com");
    expect(warmProfilePage("agenda", "http://localhost:3000")).not.toBeNull();

    at(END.getTime() - 1);
    expect(await pageText()).toContain("promo.example.com");
    at(END.getTime());
    expect(warmProfilePage("agenda", "http://localhost:3000")).toBeNull();
    expect(await pageText()).not.toContain("promo.example.com");

    const writesAfter = await db.link.findUniqueOrThrow({ where: { id: timed.id }, select: { updatedAt: true } });
    expect(writesAfter.updatedAt).toEqual(writesBefore.updatedAt);
    stopLookingForChanges();
  });

  it("takes ISO instants and refuses an end at or before the start (400, nothing stored)", async () => {
    const { cookie } = await signedInUser();
    const ok = await create(
      request("/api/links", { body: { title: "Live", url: "https://a.com", startsAt: "2030-03-10T09:00:00-03:00", endsAt: null }, headers: { cookie } }),
    );
    expect(ok.status).toBe(201);
    const link = await ok.json();
    expect(link).toMatchObject({ startsAt: "2030-03-10T12:00:00.000Z", endsAt: null, highlighted: false, kind: "link" });
    for (const body of [
      { startsAt: "2030-03-10T12:00:00Z", endsAt: "2030-03-10T12:00:00Z" },
      { startsAt: "2030-03-10T12:00:00Z", endsAt: "2030-03-10T11:00:00Z" },
      { startsAt: "amanhã" },
      { endsAt: 12 },
    ]) {
      const res = await create(request("/api/links", { body: { title: "x", url: "https://b.com", ...body }, headers: { cookie } }));
      expect(res.status).toBe(400);
      expect(Object.keys((await res.json()).errors)).toEqual([Object.keys(body).at(-1)]);
    }
    // PUT checks the window against the stored start as well.
    const bad = await replace(
      request(`/api/links/${link.id}`, {
        method: "PUT",
        body: { title: "Live", url: "https://a.com", active: true, endsAt: "2030-03-10T11:59:59Z" },
        headers: { cookie },
      }),
      params({ id: link.id }),
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual({ endsAt: "O fim precisa ser depois do início" });
    expect(await db.link.count()).toBe(1);
    expect((await db.link.findFirstOrThrow()).endsAt).toBeNull();
  });
});
