import { GET } from "./route";
import { request } from "@/tests/helpers/request";

describe("GET /api/health", () => {
  it("reports the database as up", async () => {
    const res = await GET(request("/api/health"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, db: "up" });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});
