import { afterCursor, decodeCursor, encodeCursor, pageOf } from "./keyset";

describe("keyset cursor", () => {
  const row = { createdAt: new Date("2026-03-10T02:30:00.123Z"), id: "cmabc123xyz" };

  it("round-trips a position", () => {
    const cursor = encodeCursor(row);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(row);
  });

  it("refuses anything that is not one of ours", () => {
    expect(decodeCursor("")).toBeNull();
    expect(decodeCursor("not a cursor!")).toBeNull();
    expect(decodeCursor(Buffer.from("ontem|abc").toString("base64url"))).toBeNull();
    expect(decodeCursor(Buffer.from("2026-03-10T00:00:00Z|a b'--").toString("base64url"))).toBeNull();
    expect(decodeCursor(Buffer.from("2026-03-10T00:00:00Z").toString("base64url"))).toBeNull();
    expect(decodeCursor("x".repeat(300))).toBeNull();
  });

  it("bounds the scan by the cursor's instant and breaks ties by id", () => {
    expect(afterCursor(undefined)).toEqual({});
    expect(afterCursor(row)).toEqual({
      createdAt: { lte: row.createdAt },
      OR: [{ createdAt: { lt: row.createdAt } }, { id: { lt: row.id } }],
    });
  });

  it("gives a next cursor only when there is more", () => {
    const rows = [1, 2, 3].map((n) => ({ createdAt: new Date(Date.UTC(2026, 0, 4 - n)), id: `id${n}` }));
    expect(pageOf(rows, 3)).toEqual({ rows, nextCursor: null });
    const { rows: page, nextCursor } = pageOf(rows, 2);
    expect(page).toHaveLength(2);
    expect(decodeCursor(nextCursor!)).toEqual(rows[1]);
  });
});
