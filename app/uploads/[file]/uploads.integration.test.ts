import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { GET } from "./route";
import { POST as uploadAvatar } from "@/app/api/user/avatar/route";
import { signedInUser } from "@/tests/factories";
import { clearUploads, multipartRequest, solidImage } from "@/tests/helpers/images";
import { BASE_URL, params } from "@/tests/helpers/request";

beforeEach(clearUploads);

const get = (file: string) => GET(new Request(`${BASE_URL}/uploads/${encodeURIComponent(file)}`), params({ file }));

describe("GET /uploads/{file}", () => {
  it("serves a stored image as inert, immutable WebP", async () => {
    const { cookie } = await signedInUser();
    const res = await uploadAvatar(multipartRequest("/api/user/avatar", { cookie, files: { avatar: { bytes: await solidImage("png") } } }));
    const url: string = (await res.json()).user.avatarUrl;
    const served = await get(url.slice("/uploads/".length));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
    expect(Number(served.headers.get("content-length"))).toBe(bytes.length);
  });

  it("answers 404 for an unknown name of the right pattern", async () => {
    expect((await get(`avatar-${"0".repeat(32)}.webp`)).status).toBe(404);
  });

  it("refuses every name that is not exactly the random pattern: no traversal, no temp files, no other types", async () => {
    const dir = path.resolve(process.env.DATA_DIR!, "uploads");
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, ".tmp-abc"), "half-written");
    writeFileSync(path.join(dir, "notes.html"), "<script>alert(1)</script>");
    writeFileSync(path.join(process.env.DATA_DIR!, "segredo.txt"), "segredo");
    for (const name of [
      "../segredo.txt",
      "..%2Fsegredo.txt",
      "../auth-secret",
      "/etc/passwd",
      ".tmp-abc",
      "notes.html",
      `avatar-${"a".repeat(32)}.webp/../../segredo.txt`,
      `avatar-${"A".repeat(32)}.webp`,
      `avatar-${"a".repeat(31)}.webp`,
      `avatar-${"a".repeat(32)}.webp.html`,
      `other-${"a".repeat(32)}.webp`,
      `avatar-${"a".repeat(32)}.webp\u0000`,
    ]) {
      const res = await get(name);
      expect([name, res.status]).toEqual([name, 404]);
      expect(await res.text()).not.toContain("segredo");
    }
  });
});
