import type { AuditPerson } from "@/lib/audit/audit-types";
import type { PendingAppeal } from "@/lib/moderation/moderation-types";
// What the administration API answers (api.md, Administration). Shared by the
// handlers and the panel.

export interface AdminStats {
  totalPages: number;
  /** Pages that are active (extra to api.md's seven figures). */
  activePages: number;
  pagesCreatedToday: number;
  totalLinks: number;
  totalProfileViews: number;
  totalLinkClicks: number;
  totalUsers: number;
  usersCreatedToday: number;
  /** The last 30 São Paulo days, oldest first. */
  daily: AdminDailyPoint[];
}

export interface AdminDailyPoint {
  date: string;
  signups: number;
  views: number;
  clicks: number;
}

/** A page's owner as the pages list shows it. */
export interface AdminPageOwner {
  id: string;
  name: string;
  email: string;
}

/** A public page (`id` is the page's: the one toggle-status takes). */
export interface AdminPageRow {
  id: string;
  /** The page's name. */
  name: string;
  userName: string;
  active: boolean;
  createdAt: string;
  views: number;
  clicks: number;
  /** Why the page was deactivated (null while active or when none was given). */
  deactivationReason: string | null;
  /** The owner's appeal against the current deactivation, if any. */
  appeal: PendingAppeal | null;
  /** Its owners (fourth release: a page may have several), earliest first. */
  owners: AdminPageOwner[];
}

/** An account. `username` and `avatarUrl` are its first page's ("" and null when it manages none). */
export interface AdminUserRow {
  id: string;
  name: string;
  username: string;
  email: string;
  avatarUrl: string | null;
  /** How many pages it manages (as owner or editor). */
  pages: number;
  isAdmin: boolean;
  createdAt: string;
}

export interface AdminAuditRow {
  id: string;
  action: string;
  createdAt: string;
  /** Snapshots taken when the action happened (the accounts may be gone since). */
  actor: AuditPerson | null;
  target: AuditPerson | null;
  /** The page the action concerned (null for others, or once the page is deleted). */
  pageId: string | null;
  /** The reason of a deactivation, or the domain blocked or unblocked. */
  note: string | null;
}

/** Lists answer a plain array; the next page's cursor comes in this header. */
