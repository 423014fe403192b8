import "server-only";
import { toUserDto, type UserDto } from "@/lib/accounts/user-dto";
import { db } from "@/lib/server/db";
import { listSessions, type SessionDto } from "@/lib/sessions/session-queries";

// GET /api/user/export (LGPD art. 18): a copy of everything the account holds.
// Built from explicit selections, never from whole rows, so that no password
// hash, session token, two-factor secret or recovery code can slip in.

interface AccountExport {
  exportedAt: string;
  user: UserDto;
  links: {
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
  }[];
  daily: { date: string; views: number; clicks: number }[];
  sessions: SessionDto[];
  images: { avatarUrl: string | null; coverUrl: string | null };
}

/** A DATE column's value (UTC midnight) as YYYY-MM-DD. */
const dayKey = (day: Date) => day.toISOString().slice(0, 10);

export async function exportAccount(userId: string, currentSid: string): Promise<AccountExport> {
  const [user, links, daily, sessions] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId } }),
    db.link.findMany({
      where: { userId },
      orderBy: { order: "asc" },
      select: {
        id: true, kind: true, title: true, url: true, active: true, highlighted: true, thumbnailUrl: true, startsAt: true, endsAt: true, sensitive: true,
        order: true, clicks: true, createdAt: true, updatedAt: true,
        daily: { orderBy: { day: "asc" }, select: { day: true, clicks: true } },
      },
    }),
    db.dailyProfileStat.findMany({ where: { userId }, orderBy: { day: "asc" }, select: { day: true, views: true, clicks: true } }),
    listSessions(userId, currentSid),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    user: toUserDto(user),
    links: links.map((l) => ({
      ...l,
      startsAt: l.startsAt?.toISOString() ?? null,
      endsAt: l.endsAt?.toISOString() ?? null,
      createdAt: l.createdAt.toISOString(),
      updatedAt: l.updatedAt.toISOString(),
      daily: l.daily.map((d) => ({ date: dayKey(d.day), clicks: d.clicks })),
    })),
    daily: daily.map((d) => ({ date: dayKey(d.day), views: d.views, clicks: d.clicks })),
    sessions,
    images: { avatarUrl: user.avatarUrl, coverUrl: user.coverUrl },
  };
}
