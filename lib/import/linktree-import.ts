import "server-only";
import type { Tx } from "@/lib/server/db";
import { db } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { AppError } from "@/lib/server/errors";
import { errorFields, log } from "@/lib/server/log";
import { OutboundError, safeFetch } from "@/lib/server/outbound";
import { enforce } from "@/lib/server/rate-limit";
import type { PageAccess } from "@/lib/pages/page-access";
import { writeAudit } from "@/lib/audit/audit-log";
import type { AuditPerson } from "@/lib/audit/audit-types";
import { discardImage, storeImage } from "@/lib/images/store-image";
import { MAX_IMAGE_BYTES } from "@/lib/images/image-rules";
import { appendLinks, linkRoom, lockOwner, TX } from "@/lib/links/link-mutations";
import { IMPORTS_PER_USER, IMPORT_LIMIT_KEY } from "@/lib/links/link-transfer";
import { linkInputSchema, type LinkInput } from "@/lib/links/link-schemas";
import { PAGE_LINK_LIMIT } from "@/lib/links/link-limit";
import { withoutBlockedLinks } from "@/lib/moderation/blocked-domains";
import { onProfileChanged } from "@/lib/profile-cache/profile-cache";
import { BIO_MAX } from "@/lib/settings/settings-limits";
import { linktreeStrings } from "@/lib/strings/linktree";
import { queuePageUpdated } from "@/lib/webhooks/page-updated";
import { comparableUrl, linktreeName, readLinktreeAnswer, type LinktreePage, type LinktreeProfile, type LinktreeSkipReason } from "./linktree-page";

// POST /api/import/linktree (api.md, Bring your page, share it). The page is
// fetched through the one outgoing door (lib/server/outbound.ts) from
// LINKTREE_ORIGIN only, read by lib/import/linktree-page.ts, and its links
// are appended through the links' own writes (lib/links/link-mutations.ts:
// the page's turn, its room under the link limit, the same input schema as a
// typed link with its open-in-app default, blocked domains refused) in one
// transaction with the audit row: all of them or none.

const t = linktreeStrings;

/** api.md: at most 2 MB and 10 s for the page (and the photo's time). */
export const LINKTREE_LIMITS = { maxBytes: 2 * 1024 * 1024, timeoutMs: 10_000 };
type Limits = typeof LINKTREE_LIMITS;
/** Linktree sends a name's page after at most a hop or two on its own host (a trailing slash, a renamed account). */
const SAME_HOST_REDIRECTS = 2;
/** At most this many skipped links are named in the answer; `skippedCount` counts them all (api.md, Limits across keys). */
export const SKIPPED_SHOWN = 100;
/** Where Linktree serves profile photos; a photo anywhere else is not fetched (LINKTREE_ORIGIN's host too, for tests and mirrors). */
const LINKTREE_IMAGE_HOSTS = ["ugc.production.linktr.ee", "assets.production.linktr.ee"];
/** A page name is 3 to 30 characters (lib/accounts/account-schemas.ts). */
const NAME_MIN = 3;
const NAME_MAX = 30;

export type ImportSkipReason = LinktreeSkipReason | "invalid" | "existing" | "blocked" | "limit";

export interface ImportSkipped {
  title: string;
  url: string;
  reason: ImportSkipReason;
  /** Why, in pt-BR. */
  message: string;
}

export interface LinktreeImportResult {
  /** The Linktree page's own profile. */
  profile: LinktreeProfile;
  /** The links that come (dry run) or came, in order, as stored. */
  links: Array<{ title: string; url: string }>;
  /** How many were stored (0 on a dry run). */
  added: number;
  /** The first SKIPPED_SHOWN links that do not come, in order, and why. */
  skipped: ImportSkipped[];
  /** How many do not come in all (those past the page's link limit counted, not read). */
  skippedCount: number;
  /** Which of the page's empty fields the import fills. */
  takes: { name: boolean; bio: boolean; avatar: boolean };
}

type Actor = AuditPerson & { id: string };

type Skip = { title: string; url: string; reason: ImportSkipReason };

const skip = (link: { title: string; url: string }, reason: ImportSkipReason): Skip => ({ title: link.title, url: link.url, reason });

/** Fetches `{LINKTREE_ORIGIN}/{name}` and reads it: 404 for a name Linktree does not know, 422 for anything else that does not read. */
async function fetchLinktreePage(name: string, limits: Limits): Promise<LinktreePage> {
  const unreadable = () => new AppError("unprocessable", { message: t.unreadable });
  let answer;
  try {
    answer = await safeFetch(`${env().LINKTREE_ORIGIN}/${encodeURIComponent(name)}`, {
      headers: { accept: "text/html,application/xhtml+xml" },
      timeoutMs: limits.timeoutMs,
      maxBytes: limits.maxBytes,
      sameOriginRedirects: SAME_HOST_REDIRECTS,
    });
  } catch (error) {
    if (error instanceof OutboundError) {
      log.warn("linktree.fetch_failed", { name, failure: error.failure });
      throw unreadable();
    }
    throw error;
  }
  // No further than the page's link limit: no more links than that can come.
  const read = readLinktreeAnswer(answer.status, answer.body.toString("utf8"), PAGE_LINK_LIMIT);
  if (read.ok) return read.page;
  if (read.failure === "not_found") throw new AppError("not_found", { message: t.notFound });
  log.warn("linktree.unreadable", { name, status: answer.status });
  throw unreadable();
}

interface Plan {
  inputs: LinkInput[];
  /** The first SKIPPED_SHOWN skipped, with their message. */
  skipped: ImportSkipped[];
  skippedCount: number;
}

/**
 * What would be appended: each link by the rules of a typed link, minus the
 * addresses the page already has, the blocked domains and what passes the
 * page's room; Linktree's own skips first.
 */
async function planLinks(source: LinktreePage, client: Tx | typeof db, existing: string[], room: number): Promise<Plan> {
  // A section's title is no link left out: neither shown nor counted.
  const skipped: Skip[] = source.skipped.filter((s) => s.reason !== "section").map((s) => skip(s, s.reason));
  const have = new Set(existing.map(comparableUrl));
  const candidates: Array<{ input: LinkInput; url: string; source: { title: string; url: string } }> = [];
  for (const link of source.links) {
    const parsed = linkInputSchema.safeParse({ kind: "link", title: link.title.slice(0, 100), url: link.url });
    if (!parsed.success) {
      skipped.push(skip(link, "invalid"));
      continue;
    }
    const key = comparableUrl(parsed.data.url);
    if (have.has(key)) {
      skipped.push(skip(link, "existing"));
      continue;
    }
    have.add(key);
    candidates.push({ input: parsed.data, url: parsed.data.url, source: link });
  }
  const allowed = new Set(await withoutBlockedLinks(candidates, client));
  const inputs: LinkInput[] = [];
  for (const c of candidates) {
    if (!allowed.has(c)) skipped.push(skip(c.source, "blocked"));
    else if (inputs.length >= room) skipped.push(skip(c.source, "limit"));
    else inputs.push(c.input);
  }
  const shown = skipped.slice(0, SKIPPED_SHOWN).map((s) => ({ ...s, message: t.reasons[s.reason] }));
  return { inputs, skipped: shown, skippedCount: skipped.length + source.unread };
}

interface ProfileFields {
  name: string;
  bio: string;
  avatarUrl: string | null;
}

/** The page's empty fields Linktree's profile can fill. */
function profileTakes(page: ProfileFields, profile: LinktreeProfile) {
  const name = profile.name.replace(/\s+/g, " ").slice(0, NAME_MAX).trim();
  const bio = profile.bio.slice(0, BIO_MAX).trim();
  return {
    name: !page.name.trim() && name.length >= NAME_MIN ? name : null,
    bio: !page.bio.trim() && bio ? bio : null,
    avatar: !page.avatarUrl && profile.avatarUrl && photoAllowed(profile.avatarUrl) ? profile.avatarUrl : null,
  };
}

/** Only Linktree's image host (or LINKTREE_ORIGIN's host). */
function photoAllowed(address: string): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  const origin = new URL(env().LINKTREE_ORIGIN);
  return LINKTREE_IMAGE_HOSTS.includes(url.hostname) || url.host === origin.host;
}

/** The photo through the outgoing door and the upload's image pipeline; null when it cannot be had (the import goes on without it). */
async function storeLinktreePhoto(address: string, limits: Limits): Promise<string | null> {
  try {
    const answer = await safeFetch(address, {
      headers: { accept: "image/*" },
      timeoutMs: limits.timeoutMs,
      maxBytes: MAX_IMAGE_BYTES,
      sameOriginRedirects: SAME_HOST_REDIRECTS,
    });
    if (answer.status !== 200) return null;
    return await storeImage(answer.body, "avatar");
  } catch (error) {
    log.warn("linktree.photo_failed", errorFields(error));
    return null;
  }
}

const shownLinks = (inputs: LinkInput[]) => inputs.map((i) => ({ title: i.title, url: i.url }));

/**
 * A dry run answers what would come and stores nothing; otherwise the links
 * are appended and the empty profile fields filled, in one transaction.
 * `limits`: api.md's (a test shortens the time).
 */
export async function importLinktree(
  page: PageAccess,
  actor: Actor,
  input: { url: string; dryRun: boolean },
  limits: Limits = LINKTREE_LIMITS,
): Promise<LinktreeImportResult> {
  const name = linktreeName(input.url);
  if (!name) throw new AppError("invalid_input", { message: t.invalidAddress, errors: { url: t.invalidAddress } });
  // Each import (a preview too) makes outgoing requests: limited like the CSV import, per person.
  await enforce(`${IMPORT_LIMIT_KEY}${actor.id}`, IMPORTS_PER_USER);
  const source = await fetchLinktreePage(name, limits);

  const current = await db.page.findUniqueOrThrow({
    where: { id: page.id },
    select: { name: true, bio: true, avatarUrl: true, links: { select: { url: true } } },
  });
  const existing = current.links.map((l) => l.url ?? "").filter(Boolean);
  if (input.dryRun) {
    const room = Math.max(0, PAGE_LINK_LIMIT - current.links.length);
    const plan = await planLinks(source, db, existing, room);
    const takes = profileTakes(current, source.profile);
    const takesAny = { name: !!takes.name, bio: !!takes.bio, avatar: !!takes.avatar };
    return { profile: source.profile, links: shownLinks(plan.inputs), added: 0, skipped: plan.skipped, skippedCount: plan.skippedCount, takes: takesAny };
  }

  const wanted = profileTakes(current, source.profile);
  const photo = wanted.avatar ? await storeLinktreePhoto(wanted.avatar, limits) : null;
  let photoUsed = false;
  try {
    const result = await db.$transaction(async (tx) => {
      await lockOwner(tx, page.id);
      // Decided again under the page's turn: what a typed link or another import did meanwhile counts.
      const links = await tx.link.findMany({ where: { pageId: page.id }, select: { url: true } });
      const { count, room } = await linkRoom(tx, page.id);
      const plan = await planLinks(source, tx, links.map((l) => l.url ?? "").filter(Boolean), room);
      await appendLinks(tx, page.id, count, plan.inputs);
      // Only where the page has none, checked in the write itself.
      const takes = { name: false, bio: false, avatar: false };
      if (wanted.name) takes.name = (await tx.page.updateMany({ where: { id: page.id, name: "" }, data: { name: wanted.name } })).count > 0;
      if (wanted.bio) takes.bio = (await tx.page.updateMany({ where: { id: page.id, bio: "" }, data: { bio: wanted.bio } })).count > 0;
      if (photo) takes.avatar = (await tx.page.updateMany({ where: { id: page.id, avatarUrl: null }, data: { avatarUrl: photo } })).count > 0;
      photoUsed = takes.avatar;
      if (takes.name || takes.bio || takes.avatar) await queuePageUpdated(tx, page.id);
      await writeAudit(tx, actor, "links.import", null, { page, note: `linktr.ee/${source.username}: ${plan.inputs.length}` });
      return {
        profile: source.profile,
        links: shownLinks(plan.inputs),
        added: plan.inputs.length,
        skipped: plan.skipped,
        skippedCount: plan.skippedCount,
        takes,
      };
    }, TX);
    await onProfileChanged(page.id);
    return result;
  } finally {
    if (photo && !photoUsed) await discardImage(photo);
  }
}
