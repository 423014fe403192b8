import { randomBytes } from "node:crypto";
import * as pages from "@/app/api/pages/route";
import * as webhooks from "@/app/api/webhooks/route";
import { API_KEY_PREFIX } from "@/lib/permissions/api-scopes";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { hashToken } from "@/lib/server/token-hash";
import { request } from "./request";

// An account's ways in without a password, for the tests of what takes them
// away: an API key and a webhook endpoint created with it.

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/**
 * A key of `user` (its row written as POST /api/keys writes it, so that an
 * account whose address was never verified can hold one, as before keys
 * needed it) with page:read and webhooks:write, and an endpoint of the page
 * `user.username` created through POST /api/webhooks with that key.
 */
export async function keyWithWebhook(user: { id: string; username: string }): Promise<{ key: string; webhookId: string }> {
  const key = API_KEY_PREFIX + randomBytes(32).toString("base64url");
  await db.apiKey.create({
    data: {
      userId: user.id,
      name: "Automação",
      prefix: key.slice(0, API_KEY_PREFIX.length + 8),
      keyHash: hashToken(key),
      scopes: ["page:read", "webhooks:write"],
    },
  });
  process.env.ALLOW_PRIVATE_OUTBOUND = "1";
  resetEnvCache();
  try {
    const body = { url: "http://127.0.0.1:9/hook", events: ["page.updated"] };
    const res = await webhooks.POST(request(`/api/webhooks?page=${user.username}`, { body, headers: bearer(key) }));
    if (res.status !== 201) throw new Error(`POST /api/webhooks answered ${res.status}`);
    return { key, webhookId: ((await res.json()) as { id: string }).id };
  } finally {
    delete process.env.ALLOW_PRIVATE_OUTBOUND;
    resetEnvCache();
  }
}

/** The status GET /api/pages answers `key`: 200 while it works, 401 once it is gone. */
export const keyStatus = async (key: string): Promise<number> => (await pages.GET(request("/api/pages", { headers: bearer(key) }))).status;
