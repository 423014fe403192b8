import "server-only";
import { PrismaAdapter } from "@auth/prisma-adapter";
import { AppError, prismaCode } from "@/lib/server/errors";
import { db } from "@/lib/server/db";
import { hashPassword, verifyPassword } from "@/lib/server/password";
import { LIMITS, hit, peek } from "@/lib/server/rate-limit";
import { emailKey, enforceAuthBudget, recordAuthFailure, signInKeys } from "@/lib/accounts/auth-budget";
import { assertPermanentEmail } from "@/lib/accounts/disposable-email";
import { createSession, type NewSession } from "@/lib/server/session";
import { requireSecondStep, type TwoFactorPending } from "@/lib/two-factor/second-step";
import { errorsStrings } from "@/lib/strings/errors";
import { authStrings } from "@/lib/strings/auth";
import { googleAuthStrings } from "@/lib/strings/google-auth";
import type { LoginInput, RegisterInput } from "@/lib/accounts/account-schemas";
import { googleSignInSchema } from "@/lib/accounts/account-schemas";
import { verifyGoogleIdToken, type GoogleIdentity } from "@/lib/accounts/google";
import { isReservedUsername, normalizeUsernameInput, USERNAME_MAX } from "@/lib/accounts/username";
import { createFirstPage } from "@/lib/pages/page-mutations";
import { revokeApiAccess } from "@/lib/api-keys/revoke-api-access";
import { toUserDtoFirstPage, withFirstPage, type UserDto, type UserRow } from "@/lib/accounts/user-dto";
import { promoteListedAdmin } from "@/lib/accounts/listed-admin";
import { queueVerification } from "@/lib/email/verification";

// The ways in: registration (the account, its first page and its e-mail's
// link, together), and signing in by password or Google, which opens a
// session or waits for the second step. It sits above the features it joins
// (accounts, pages, two-factor, e-mail, API keys).

const strings = { errors: errorsStrings, auth: authStrings, googleAuth: googleAuthStrings };

/** The user object of an account with its first page. */
async function userDtoOf(user: UserRow): Promise<UserDto> {
  return toUserDtoFirstPage(await db.user.findUniqueOrThrow({ where: { id: user.id }, include: withFirstPage }));
}

interface SignedIn {
  user: UserDto;
  session: NewSession;
}

/** A sign-in either opens a session or, with two-factor on, waits for its code. */
export type SignInResult = SignedIn | TwoFactorPending;

export async function registerUser(input: RegisterInput, ip: string, req?: Request): Promise<SignedIn> {
  const budget = await peek(`signup:ip:${ip}`, LIMITS.signupsPerIp);
  if (!budget.allowed) throw new AppError("rate_limited", { retryAfter: budget.retryAfterSeconds });
  // A conflict says whether an e-mail has an account: it spends the address's failures.
  await enforceAuthBudget({ ip });
  const conflict = async (error: AppError) => {
    await recordAuthFailure({ ip });
    return error;
  };
  assertPermanentEmail(input.email);
  if (isReservedUsername(input.username)) throw await conflict(usernameTaken());
  const [byName, byEmail] = await Promise.all([
    db.page.findUnique({ where: { username: input.username }, select: { id: true } }),
    db.user.findUnique({ where: { email: input.email }, select: { id: true } }),
  ]);
  if (byName) throw await conflict(usernameTaken());
  if (byEmail) throw await conflict(emailTaken());
  let user;
  try {
    const passwordHash = await hashPassword(input.password);
    // The verification message is queued with the account: both or neither.
    // ADMIN_EMAILS waits for the address to be proved (listed-admin.ts).
    user = await db.$transaction(async (tx) => {
      const created = await tx.user.create({
        data: { name: input.name, email: input.email, phone: input.phone, passwordHash },
      });
      await createFirstPage(tx, created, { username: input.username });
      await queueVerification(tx, created);
      return tx.user.findUniqueOrThrow({ where: { id: created.id }, include: withFirstPage });
    });
  } catch (error) {
    // A concurrent sign-up took the name or the address between the checks
    // and the insert: Prisma 7 does not say which column, so look again.
    if (prismaCode(error) !== "P2002") throw error;
    const taken = await db.page.findUnique({ where: { username: input.username }, select: { id: true } });
    throw await conflict(taken ? usernameTaken() : emailTaken());
  }
  await hit(`signup:ip:${ip}`, LIMITS.signupsPerIp);
  return { user: toUserDtoFirstPage(user), session: await createSession(user.id, true, req, "password") };
}

function usernameTaken() {
  return new AppError("username_taken", { errors: { username: strings.errors.usernameTaken } });
}

function emailTaken() {
  return new AppError("email_taken", { errors: { email: strings.errors.emailTaken } });
}

/**
 * E-mail and password. One generic error for an unknown e-mail or a wrong
 * password, at the same cost; failures count per e-mail and per address.
 */
export async function signInWithPassword(input: LoginInput, ip: string, req?: Request): Promise<SignInResult> {
  const keys = signInKeys(ip, input.email);
  await enforceAuthBudget(keys);
  const found = await db.user.findUnique({ where: { email: input.email }, omit: { passwordHash: false } });
  const ok = await verifyPassword(found?.passwordHash, input.password);
  if (!found || !ok) {
    await recordAuthFailure(keys);
    throw new AppError("unauthorized", { message: strings.auth.wrongCredentials });
  }
  const { passwordHash: _secret, ...user } = await promoteListedAdmin(found);
  // The failures of this e-mail are forgiven only once the whole sign-in passed.
  if (user.twoFactorEnabled) return requireSecondStep(user.id, input.remember, "password", req);
  await db.rateLimit.deleteMany({ where: { key: emailKey(input.email) } });
  return { user: await userDtoOf(user), session: await createSession(user.id, input.remember, req, "password") };
}

/** Google's ID token: sign in, create the account, or link it by e-mail. */
export async function signInWithGoogle(body: unknown, ip: string, req?: Request): Promise<SignInResult> {
  const parsed = googleSignInSchema.safeParse(body);
  if (!parsed.success) throw new AppError("invalid_input", { message: strings.googleAuth.googleMissingCredential });
  const keys = { ip };
  await enforceAuthBudget(keys);
  const identity = await verifyGoogleIdToken(parsed.data.credential);
  if (!identity) {
    await recordAuthFailure(keys);
    throw new AppError("unauthorized", { message: strings.googleAuth.googleServerFailed });
  }
  const userId = await findOrLinkGoogleUser(identity);
  const user = await promoteListedAdmin(await markGoogleAddressVerified(userId, identity.email));
  if (user.twoFactorEnabled) return requireSecondStep(user.id, true, "google", req);
  return { user: await userDtoOf(user), session: await createSession(user.id, true, req, "google") };
}

const adapter = () => PrismaAdapter(db);

/** Google's `email_verified` proves the address when it is still the account's. */
async function markGoogleAddressVerified(userId: string, googleEmail: string) {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
  if (user.emailVerified || user.email !== googleEmail.toLowerCase()) return user;
  return db.user.update({ where: { id: userId }, data: { emailVerified: new Date() } });
}

async function findOrLinkGoogleUser(identity: GoogleIdentity): Promise<string> {
  const account = { provider: "google", providerAccountId: identity.sub };
  const linked = await adapter().getUserByAccount!(account);
  if (linked) return linked.id;
  const existing = await db.user.findUnique({ where: { email: identity.email }, select: { id: true } });
  if (existing) {
    // A password sign-up never proved it owned this address; Google just did.
    // Whoever registered it first keeps no access: password and sessions go.
    await db.$transaction(async (tx) => {
      await tx.user.update({ where: { id: existing.id }, data: { passwordHash: null, emailVerified: new Date(), pendingEmail: null } });
      await tx.session.deleteMany({ where: { userId: existing.id } });
      // Passkeys too: one added by whoever registered the address would keep them in.
      await tx.passkey.deleteMany({ where: { userId: existing.id } });
      await tx.emailToken.deleteMany({ where: { userId: existing.id } });
      // And API keys and the webhooks they made, which need no password either.
      await revokeApiAccess(tx, existing.id);
      await tx.account.create({ data: { ...account, userId: existing.id, type: "oidc" } });
    });
    return existing.id;
  }
  const username = await freeUsernameFor(identity.email);
  // The account, its first page (with Google's picture) and the provider link, together.
  return db.$transaction(async (tx) => {
    const created = await tx.user.create({
      data: {
        email: identity.email,
        emailVerified: new Date(),
        name: (identity.name ?? identity.email.split("@")[0] ?? "").slice(0, 30) || strings.googleAuth.googleFallbackName,
        image: identity.picture,
      },
    });
    await createFirstPage(tx, created, { username, avatarUrl: identity.picture });
    await tx.account.create({ data: { ...account, userId: created.id, type: "oidc" } });
    return created.id;
  });
}

/** A free username derived from the e-mail: ana.souza@x → anasouza, anasouza2, ... */
async function freeUsernameFor(email: string): Promise<string> {
  const base = normalizeUsernameInput(email.split("@")[0] ?? "") || "usuario";
  for (let n = 1; n < 1000; n++) {
    const suffix = n === 1 ? "" : String(n);
    const candidate = `${base.slice(0, USERNAME_MAX - suffix.length)}${suffix}`;
    if (isReservedUsername(candidate)) continue;
    const taken = await db.page.findUnique({ where: { username: candidate }, select: { id: true } });
    if (!taken) return candidate;
  }
  return `usuario${Date.now().toString(36)}`.slice(0, USERNAME_MAX);
}
