// The audit log's entries: what was done, by and to whom (lib/audit/audit-log.ts writes them).

export type AuditAction =
  | "page.deactivate"
  | "page.activate"
  | "admin.grant"
  | "admin.revoke"
  | "report.close"
  | "appeal.create"
  | "domain.block"
  | "domain.unblock"
  // Pages and teams (fourth release): who changed a page's team or the page itself.
  | "page.create"
  | "page.delete"
  | "member.invite"
  | "member.accept"
  | "member.role"
  | "member.remove"
  | "member.leave"
  | "invitation.cancel"
  // Audience (fifth release): an administrator lifts a page's stopped confirmation e-mails.
  | "signups.lift"
  | "broadcasts.pause"
  | "broadcasts.lift"
  // Bring your page (fifth release): a member brought a Linktree page's links.
  | "links.import"
  // Selling with Pix (sixth release): an administrator refunded a page's order.
  | "order.refund";

// A type (not an interface) so that it fits Prisma's JSON input.
export type AuditPerson = {
  name: string;
  username: string;
  email: string;
};

/** The page an action concerned: its row (AuditLog.pageId) and a snapshot for when it is gone. */
export type AuditPage = {
  id: string;
  name: string;
  username: string;
};
