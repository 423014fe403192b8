import { GET } from "./route";
import { disconnectDatabase } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { request } from "@/tests/helpers/request";
import { TcpProxy, freePort } from "@/tests/helpers/tcp-proxy";

// PostgreSQL only: the embedded database lives in the process and cannot go away.
describe("GET /api/health while PostgreSQL is unreachable", () => {
  let proxy: TcpProxy;
  let restoreUrl: string | undefined;
  const silence = jest.spyOn(console, "warn").mockImplementation(() => {});

  beforeAll(async () => {
    restoreUrl = process.env.DATABASE_URL;
    const real = new URL(restoreUrl!);
    proxy = new TcpProxy({ host: real.hostname, port: Number(real.port || 5432) }, await freePort());
    await proxy.start();
    const viaProxy = new URL(real);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    await disconnectDatabase();
    process.env.DATABASE_URL = viaProxy.toString();
    resetEnvCache();
  });

  afterAll(async () => {
    await proxy.stop();
    await disconnectDatabase();
    process.env.DATABASE_URL = restoreUrl;
    resetEnvCache();
    silence.mockRestore();
  });

  it("answers 503 within seconds, then 200 again once it is back, without a restart", async () => {
    expect((await GET(request("/api/health"))).status).toBe(200);

    await proxy.stop();
    const started = Date.now();
    const down = await GET(request("/api/health"));
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ ok: false, db: "down" });
    expect(Date.now() - started).toBeLessThan(5_000);

    await proxy.start();
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
      status = (await GET(request("/api/health"))).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
  });
});
