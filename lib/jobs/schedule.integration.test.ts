import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { startJobSchedule } from "@/lib/startup/app-jobs";
import { createUser } from "@/tests/factories";
import { jobScheduleTimer, stopJobSchedule } from "./schedule";

// The long-lived host runs the jobs itself; a serverless host starts no timer.

function setServerless(value: string | undefined) {
  if (value === undefined) delete process.env.SERVERLESS;
  else process.env.SERVERLESS = value;
  resetEnvCache();
}

afterEach(() => {
  stopJobSchedule();
  setServerless(undefined);
});

async function seedExpiredToken() {
  const user = await createUser();
  await db.emailToken.create({ data: { userId: user.id, purpose: "verify", email: user.email, secretHash: "h", expiresAt: new Date(Date.now() - 60_000) } });
}

describe("startJobSchedule", () => {
  it("under SERVERLESS=1 starts no timer and does nothing", async () => {
    setServerless("1");
    await seedExpiredToken();
    startJobSchedule();
    expect(jobScheduleTimer()).toBeUndefined();
    await new Promise((r) => setTimeout(r, 300));
    expect(await db.emailToken.count()).toBe(1);
  });

  it("on a long-lived host runs the jobs at once, then on an unref'd timer, started once", async () => {
    await seedExpiredToken();
    startJobSchedule();
    const timer = jobScheduleTimer();
    expect(timer).toBeDefined();
    expect(timer!.hasRef()).toBe(false);
    startJobSchedule();
    expect(jobScheduleTimer()).toBe(timer);
    const end = Date.now() + 10_000;
    while ((await db.emailToken.count()) > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    expect(await db.emailToken.count()).toBe(0);
    // The rest of that first run (the jobs after the tokens') ends before the file does.
    await new Promise((r) => setTimeout(r, 1_000));
  });
});
