import { blocks } from "@/lib/blocks/registry";
import "server-only";
import { db } from "@/lib/server/db";
import { env, type Env } from "@/lib/server/env";
import { AppError } from "@/lib/server/errors";
import { readBody } from "@/lib/server/http";
import { errorFields, log } from "@/lib/server/log";
import { clientIp, UNKNOWN_CLIENT, type RequestHead } from "@/lib/server/request";
import { countRecorded, countRefused } from "@/lib/server/metrics";
import { sessionCookieName, sessionFromRequest } from "@/lib/server/session";
import { lookUpHost } from "@/lib/domains/host-list";
import { isReservedUsername, isValidUsername } from "@/lib/accounts/username";
import { inWindowWhere } from "@/lib/links/link-schedule";
import { appAddress } from "@/lib/links/open-in-app";
import { isDomainBlocked } from "@/lib/moderation/blocked-domains";
import { isBot } from "./bots";
import { submitCount } from "./count-queue";
import type { CountKind, CountOutcome } from "./count-store";
import { saoPauloDay } from "./days";
import { COUNT_BODY_LIMIT, countBodySchema, type CountBody } from "./stats-schemas";
import { countryOf, deviceOf, sourceOf, type CountrySource } from "./traffic";
import { visitorHash, visitorKey } from "./visitors";

// Views and clicks, in the order api.md fixes: bots answer 204 and count
// nothing; a missing target is a 404; the owner's own visit (any member's of
// that page) is a 204 that counts nothing; a count whose id was already stored (a client's retry) is a
// 204 that counts nothing; a flood from one client is a 429; every other
// request is exactly one count, committed (in a group, ./count-queue.ts)
// before its 204.

export type CountResult = "counted" | "ignored";
type Refusal = "bot" | "owner" | "duplicate" | "not_found" | "rate_limited";

/** The one place a count is accepted: it is stored and committed. */
function acceptCount(kind: CountKind): CountResult {
  countRecorded(kind);
  return "counted";
}

/** The one place a count is refused: 204 without counting, 404 or 429. */
function refuseCount(kind: CountKind, reason: Refusal, retryAfter?: number): CountResult {
  countRefused(kind, reason);
  if (reason === "not_found") throw new AppError("not_found");
  if (reason === "rate_limited") throw new AppError("rate_limited", { retryAfter });
  return "ignored";
}

/** The body of a count request as text (at most COUNT_BODY_LIMIT bytes, else 413). */
export async function readCountBody(req: Request): Promise<string> {
  return parseCountBodyText(await readBody(req, COUNT_BODY_LIMIT));
}

export function parseCountBodyText(bytes: Uint8Array): string {
  return new TextDecoder().decode(bytes);
}

/** The beacon's body: JSON `{"referrer": "…", "id": "…"}` or the referrer as plain text (no id). */
export function parseCountBody(text: string): CountBody {
  const body = text.trim();
  if (!body) return {};
  if (!body.startsWith("{")) return countBodySchema.parse({ referrer: body });
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new AppError("invalid_json");
  }
  return countBodySchema.parse(parsed);
}

export function recordProfileView(req: RequestHead, username: string, bodyText = ""): Promise<CountResult> {
  return count(req, "view", username, bodyText);
}

export function recordLinkClick(req: RequestHead, linkId: string, bodyText = ""): Promise<CountResult> {
  return count(req, "click", linkId, bodyText);
}

async function count(req: RequestHead, kind: CountKind, target: string, bodyText: string): Promise<CountResult> {
  const userAgent = req.headers.get("user-agent");
  if (isBot(userAgent)) return refuseCount(kind, "bot");
  const body = parseCountBody(bodyText);
  if (kind === "view" && (!isValidUsername(target) || isReservedUsername(target))) return refuseCount(kind, "not_found");
  return settle(kind, await submitCount(await describeCount(req, kind, target, body.referrer, body.id)));
}

function settle(kind: CountKind, outcome: CountOutcome): CountResult {
  if (outcome.status === "counted") return acceptCount(kind);
  if (outcome.status === "ignored") return refuseCount(kind, "owner");
  if (outcome.status === "duplicate") return refuseCount(kind, "duplicate");
  if (outcome.status === "limited") return refuseCount(kind, "rate_limited", outcome.retryAfter);
  return refuseCount(kind, "not_found");
}

/**
 * What one count records: source, device, country and the day's visitor hash
 * (and the client's id for it). The source comes from the referrer and the
 * browser, also for a click the short link sent to the installed app
 * (`sentToApp`, counted beside it).
 */
async function describeCount(req: RequestHead, kind: CountKind, target: string, referrer: string | undefined, id?: string, sentToApp = false) {
  const headers = req.headers;
  const userAgent = headers.get("user-agent") ?? "";
  const e = env();
  const address = clientIp(req);
  const ip = address === UNKNOWN_CLIENT ? null : address;
  const day = saoPauloDay();
  const configured = e.NEXT_PUBLIC_APP_URL;
  const ownHosts = [headers.get("host"), headers.get("x-forwarded-host"), configured ? new URL(configured).host : null].filter((h): h is string => Boolean(h));
  return {
    kind,
    target,
    viewerPages: await signedInViewerPages(req),
    client: ip,
    day,
    source: sourceOf(referrer ?? headers.get("referer"), userAgent, ownHosts),
    device: deviceOf(userAgent),
    country: countryOf((name) => headers.get(name), countrySource(e)),
    // Without an address (plain `next start`, no proxy setting) a visitor is
    // told apart by User-Agent and Accept-Language alone: people who share
    // both count as one visitor that day (a lower bound, never a count lost).
    visitor: visitorHash(await visitorKey(day), ip ?? `no-address\n${headers.get("accept-language") ?? ""}`, userAgent),
    id: id ?? null,
    sentToApp,
  };
}

/** Vercel's edge names the country on Vercel; Cloudflare only where the operator says it is the proxy (TRUST_PROXY_COUNTRY). */
function countrySource(e: Env): CountrySource {
  if (e.VERCEL) return "vercel";
  return e.TRUST_PROXY_COUNTRY === "cloudflare" ? "cloudflare" : null;
}

/**
 * The pages the signed-in viewer manages (owner or editor), looked up only
 * when a session cookie is sent: a member's own visits are not counted.
 * Never on a page's own domain (api.md, Custom domains): no session is read
 * there, so an owner's view carrying one counts as any visitor's, under
 * either runtime (proxy.ts does not see API routes under next start).
 */
async function signedInViewerPages(req: RequestHead): Promise<string[]> {
  if (lookUpHost(req.headers.get("host"))) return [];
  if (!req.headers.get("cookie")?.includes(`${sessionCookieName()}=`)) return [];
  const userId = (await sessionFromRequest(req))?.user.id;
  if (!userId) return [];
  return (await db.pageMember.findMany({ where: { userId }, select: { pageId: true } })).map((m) => m.pageId);
}

/**
 * An active link (not a section title, inside its schedule) of an active page
 * (optionally of that owner), not to a blocked domain; or null.
 */
export async function findCountableLink(linkId: string, ownerUsername?: string) {
  const link = await db.link.findFirst({
    where: {
      id: linkId,
      active: true,
      // A section title is never counted; a Pix block's opening and a player's press are.
      kind: { in: blocks.counted },
      ...inWindowWhere(new Date()),
      page: { active: true, ...(ownerUsername ? { username: ownerUsername } : {}) },
    },
    select: { id: true, url: true, sensitive: true, openInApp: true },
  });
  return link && !(await isDomainBlocked(link.url)) ? link : null;
}

/**
 * The short-link page /:username/:linkId: people are counted (within the
 * flood cap, which never blocks the redirect), bots are only redirected. A
 * link flagged sensitive first answers "warning" and counts nothing; the
 * click is counted once, when 'Continuar' (`confirmed`) leads to the redirect.
 * A link with `openInApp` answers a built-in browser on Android with its
 * app's `intent:` address (lib/links/open-in-app.ts); that click keeps its
 * source (Instagram's browser: instagram) and is also counted as sent to the
 * app. Any other link, or any other browser, gets the link's address.
 */
export async function followLink(req: Request, username: string, linkId: string, confirmed = false): Promise<string | null> {
  const link = await findCountableLink(linkId, username);
  // A Pix block has no address to go to: its short link is not one.
  if (!link?.url) return null;
  if (link.sensitive && !confirmed) return "warning";
  const userAgent = req.headers.get("user-agent");
  const location = link.openInApp ? appAddress(link.url, userAgent) : link.url;
  if (!isBot(userAgent)) {
    try {
      settle("click", await submitCount(await describeCount(req, "click", link.id, undefined, undefined, location !== link.url)));
    } catch (error) {
      // Past the flood cap the click is not counted, and the redirect still happens.
      if (!(error instanceof AppError)) log.warn("count.click_failed", errorFields(error));
    }
  }
  return location;
}
