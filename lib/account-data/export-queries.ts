import "server-only";
import { pageAppearance, type PageAppearance } from "@/lib/accounts/page-appearance";
import { toUserDto, type Socials, type UserDto } from "@/lib/accounts/user-dto";
import { exportSubscribers } from "@/lib/audience/subscriber-queries";
import { exportOrders, type OrderDto } from "@/lib/selling/order-queries";
import { can } from "@/lib/permissions/page-permissions";
import { MEMBERSHIP_ORDER } from "@/lib/pages/page-access";
import { db } from "@/lib/server/db";
import { listSessions, type SessionDto } from "@/lib/sessions/session-queries";
import { listPasskeys, type PasskeyDto } from "@/lib/passkeys/passkey-queries";

// GET /api/user/export (LGPD art. 18): a copy of everything the account holds:
// the account, its first page as the first releases exported it (user, links,
// daily, images), every page it owns with their links and statistics
// (`pages`), and every page it manages, with its role (`memberships`).
// Built from explicit selections, never from whole rows, so that no password
// hash, session token, two-factor secret or recovery code can slip in.

interface ExportedLink {
  id: string;
  kind: string;
  title: string;
  url: string;
  active: boolean;
  highlighted: boolean;
  thumbnailUrl: string | null;
  startsAt: string | null;
  endsAt: string | null;
  sensitive: boolean;
  order: number;
  clicks: number;
  createdAt: string;
  updatedAt: string;
  daily: { date: string; clicks: number }[];
}

type ExportedDay = { date: string; views: number; clicks: number };

/** A page the account owns: what /{username} shows, its settings, links and statistics. */
interface ExportedPage extends PageAppearance {
  id: string;
  username: string;
  name: string;
  bio: string;
  socials: Socials;
  active: boolean;
  deactivationReason: string | null;
  sensitive: string;
  seoTitle: string | null;
  seoDescription: string | null;
  indexable: boolean;
  createdAt: string;
  links: ExportedLink[];
  daily: ExportedDay[];
  /** The page's subscribers (subscribe blocks) with their consent record, no token. */
  subscribers: Awaited<ReturnType<typeof exportSubscribers>>;
  /** The page's orders (selling with Pix) with their buyers' data, the CPF masked. */
  orders: OrderDto[];
}

/** A page the account manages and its role there. */
interface ExportedMembership {
  pageId: string;
  username: string;
  name: string;
  role: string;
  since: string;
}

interface AccountExport {
  exportedAt: string;
  /** The account with its first page. */
  user: UserDto;
  /** The first page's links, statistics and images (the first releases' shape). */
  links: ExportedLink[];
  daily: ExportedDay[];
  sessions: SessionDto[];
  /** The account's passkeys: name and dates (never a key). */
  passkeys: PasskeyDto[];
  images: { avatarUrl: string | null; coverUrl: string | null };
  /** Every page the account owns (alone or with others), first page first. */
  pages: ExportedPage[];
  memberships: ExportedMembership[];
}

/** A DATE column's value (UTC midnight) as YYYY-MM-DD. */
const dayKey = (day: Date) => day.toISOString().slice(0, 10);

async function pageLinks(pageId: string): Promise<ExportedLink[]> {
  const links = await db.link.findMany({
    where: { pageId },
    orderBy: { order: "asc" },
    select: {
      id: true,
      kind: true,
      title: true,
      url: true,
      active: true,
      highlighted: true,
      thumbnailUrl: true,
      startsAt: true,
      endsAt: true,
      sensitive: true,
      order: true,
      clicks: true,
      createdAt: true,
      updatedAt: true,
      daily: { orderBy: { day: "asc" }, select: { day: true, clicks: true } },
    },
  });
  return links.map((l) => ({
    ...l,
    startsAt: l.startsAt?.toISOString() ?? null,
    endsAt: l.endsAt?.toISOString() ?? null,
    createdAt: l.createdAt.toISOString(),
    updatedAt: l.updatedAt.toISOString(),
    daily: l.daily.map((d) => ({ date: dayKey(d.day), clicks: d.clicks })),
  }));
}

async function pageDaily(pageId: string): Promise<ExportedDay[]> {
  const daily = await db.dailyProfileStat.findMany({ where: { pageId }, orderBy: { day: "asc" }, select: { day: true, views: true, clicks: true } });
  return daily.map((d) => ({ date: dayKey(d.day), views: d.views, clicks: d.clicks }));
}

type PageRow = NonNullable<Awaited<ReturnType<typeof db.page.findUnique>>>;

async function exportPage(page: PageRow, loaded?: { links: ExportedLink[]; daily: ExportedDay[] }): Promise<ExportedPage> {
  const [links, daily] = loaded ? [loaded.links, loaded.daily] : await Promise.all([pageLinks(page.id), pageDaily(page.id)]);
  const [subscribers, orders] = await Promise.all([exportSubscribers(page.id), exportOrders(page.id)]);
  return {
    id: page.id,
    username: page.username,
    name: page.name,
    bio: page.bio,
    socials: (page.socials ?? {}) as Socials,
    ...pageAppearance(page),
    active: page.active,
    deactivationReason: page.deactivationReason,
    sensitive: page.sensitive,
    seoTitle: page.seoTitle,
    seoDescription: page.seoDescription,
    indexable: page.indexable,
    createdAt: page.createdAt.toISOString(),
    links,
    daily,
    subscribers,
    orders,
  };
}

export async function exportAccount(userId: string, currentSid: string): Promise<AccountExport> {
  const [user, memberships, sessions, passkeys] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId } }),
    db.pageMember.findMany({ where: { userId }, orderBy: [...MEMBERSHIP_ORDER], select: { role: true, createdAt: true, page: true } }),
    listSessions(userId, currentSid),
    listPasskeys(userId),
  ]);
  const first = memberships[0]?.page ?? null;
  const [links, daily] = first ? await Promise.all([pageLinks(first.id), pageDaily(first.id)]) : [[], []];
  const pages: ExportedPage[] = [];
  for (const m of memberships) {
    if (!can(m.role, "page.export")) continue;
    pages.push(await exportPage(m.page, m.page.id === first?.id ? { links, daily } : undefined));
  }
  return {
    exportedAt: new Date().toISOString(),
    user: toUserDto(user, first),
    links,
    daily,
    sessions,
    passkeys,
    images: { avatarUrl: first?.avatarUrl ?? null, coverUrl: first?.coverUrl ?? null },
    pages,
    memberships: memberships.map((m) => ({ pageId: m.page.id, username: m.page.username, name: m.page.name, role: m.role, since: m.createdAt.toISOString() })),
  };
}
