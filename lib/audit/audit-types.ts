// The audit log's entries: what was done, by and to whom (lib/audit/audit-log.ts writes them).

export type AuditAction =
  | "page.deactivate"
  | "page.activate"
  | "admin.grant"
  | "admin.revoke"
  | "report.close"
  | "appeal.create"
  | "domain.block"
  | "domain.unblock";

// A type (not an interface) so that it fits Prisma's JSON input.
export type AuditPerson = {
  name: string;
  username: string;
  email: string;
};
