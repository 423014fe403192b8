/** True when an ADMIN_EMAILS address should now be made administrator: listed, verified, not yet admin. */
export function shouldPromoteListedAdmin(user: { email: string; isAdmin: boolean; emailVerified: Date | null }, listed: readonly string[]): boolean {
  return !user.isAdmin && user.emailVerified !== null && listed.includes(user.email.toLowerCase());
}
