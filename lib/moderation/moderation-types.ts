import type { ReportReason } from "./moderation-schemas";

// What the moderation API answers; shared by the handlers and the panel.

/** An owner's appeal against the current deactivation of their page. */
export interface PendingAppeal {
  message: string;
  createdAt: string;
}

/** GET /api/admin/reports: api.md's row, plus what the panel shows beside it. */
export interface AdminReportRow {
  id: string;
  username: string;
  linkId: string | null;
  reason: ReportReason;
  details: string;
  createdAt: string;
  status: "open" | "closed";
  /** The page's id, the one toggle-status takes. */
  pageId: string;
  name: string;
  pageActive: boolean;
  /** The reported link's address when it was reported. */
  linkUrl: string | null;
  /** The link's current title, null once it is deleted. */
  linkTitle: string | null;
  deactivationReason: string | null;
  appeal: PendingAppeal | null;
}

export interface BlockedDomainRow {
  domain: string;
  createdAt: string;
}

/** GET /api/user/appeal: where the caller's page stands. */
export interface OwnerModeration {
  active: boolean;
  reason: string | null;
  deactivatedAt: string | null;
  appeal: PendingAppeal | null;
}
