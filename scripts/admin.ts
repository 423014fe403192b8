// npm run admin -- grant <email>    make an account an administrator
// npm run admin -- revoke <email>   take it away (never from the last one)
import { setAdminFlag } from "@/lib/admin/admin-flag";
import { db, disconnectDatabase, ensureDatabaseReady } from "@/lib/server/db";

async function main(): Promise<number> {
  const [command, rawEmail] = process.argv.slice(2);
  const email = rawEmail?.trim().toLowerCase();
  if ((command !== "grant" && command !== "revoke") || !email) {
    console.error("usage: npm run admin -- grant|revoke <email>");
    return 2;
  }
  try {
    await ensureDatabaseReady();
    const user = await db.user.findUnique({ where: { email }, select: { id: true } });
    if (!user) {
      console.error(`No account with the e-mail ${email}.`);
      return 1;
    }
    const updated = await setAdminFlag(user.id, command === "grant");
    console.log(`${updated.email} (@${updated.username}) is ${updated.isAdmin ? "now an administrator" : "no longer an administrator"}.`);
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await disconnectDatabase();
  }
}

// Not awaited (a CommonJS script has no top-level await): main() ends in process.exit either way.
void main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  })
  .then((code) => process.exit(code));
