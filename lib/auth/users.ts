import { createHash, randomBytes } from "node:crypto";
import type { Database } from "../db/connect";
import type { Prisma, PrismaClient } from "../db/generated/client.ts";
import { generatePassword, hashPassword, verifyPassword } from "./passwords";
import { reserveAttempt, settleSuccess, throttleKeys, type ThrottleLimits } from "./throttle";
import { newPasswordProblem } from "./user-input";

// Dashboard users and their sessions. A session token is random, sent only in an HttpOnly
// cookie, and stored as its SHA-256.

export { SESSION_COOKIE } from "./session-cookie";
export const SESSION_DAYS = 14;

export interface SessionUser {
  id: string;
  email: string;
  isAdmin: boolean;
}

export class SignInError extends Error {
  override name = "SignInError";
  constructor(
    message: string,
    readonly retryAfterMs = 0,
  ) {
    super(message);
  }
}

/** Thrown when changing one's own password is refused; the message is for the user. */
export class PasswordChangeError extends Error {
  override name = "PasswordChangeError";
  constructor(
    message: string,
    readonly retryAfterMs = 0,
  ) {
    super(message);
  }
}

/** Stored instead of a hash for a user who has not set a password yet: no password matches it. */
export const NO_PASSWORD = "none";

/** Whether a stored password hash is one a password can match (not NO_PASSWORD). */
export function hasPassword(passwordHash: string): boolean {
  return passwordHash.startsWith("scrypt$");
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** SHA-256 of a session or invite token: what the database keeps instead of the token. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new random token: 32 bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Opens a session for the user; returns its token (only its hash is stored). */
export async function openSession(
  prisma: PrismaClient | Prisma.TransactionClient,
  userId: string,
): Promise<string> {
  const token = newToken();
  await prisma.session.create({
    data: {
      tokenHash: tokenHash(token),
      userId,
      expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000),
    },
  });
  return token;
}

export async function createUser(
  prisma: PrismaClient,
  options: { email: string; password: string; isAdmin?: boolean; projectIds?: string[] },
): Promise<SessionUser> {
  const user = await prisma.user.create({
    data: {
      email: normaliseEmail(options.email),
      passwordHash: await hashPassword(options.password),
      isAdmin: options.isAdmin ?? false,
      projects: { create: (options.projectIds ?? []).map((projectId) => ({ projectId })) },
    },
  });
  return { id: user.id, email: user.email, isAdmin: user.isAdmin };
}

/** What startup did about the first admin, for its log. */
export type FirstAdmin =
  /** Nobody could sign in: admin@faultline.local was made with this password, to print once. */
  | { kind: "generated"; email: string; password: string }
  /** FAULTLINE_ADMIN_EMAIL/PASSWORD named no user: made with that password. */
  | { kind: "configured"; email: string }
  /** FAULTLINE_ADMIN_EMAIL names a user already: left as they are (their password too). */
  | { kind: "exists"; email: string }
  | { kind: "none" };

/**
 * The first admin: FAULTLINE_ADMIN_EMAIL/PASSWORD when given (created if missing; an existing
 * user's password is never changed by the environment — a variable left in a container's
 * settings would undo every change made since: `npm run users -- reset-password` does that),
 * else, when nobody can sign in yet, admin@faultline.local with a generated password.
 */
export async function ensureFirstAdmin(
  prisma: PrismaClient,
  configured: { email?: string; password?: string },
): Promise<FirstAdmin> {
  if (configured.email && configured.password) {
    const email = normaliseEmail(configured.email);
    if (await prisma.user.findUnique({ where: { email } })) return { kind: "exists", email };
    await createUser(prisma, { email, password: configured.password, isAdmin: true });
    return { kind: "configured", email };
  }
  if ((await prisma.user.count()) > 0) return { kind: "none" };
  const password = generatePassword();
  await createUser(prisma, { email: "admin@faultline.local", password, isAdmin: true });
  return { kind: "generated", email: "admin@faultline.local", password };
}

export class UnknownUserError extends Error {}

/**
 * The operator's reset (npm run users -- reset-password): sets the user's password — the one
 * given, or a generated one returned to print once — ends all their sessions, voids their
 * unused one-time links and forgets their account's failed sign-ins, so they can sign in now.
 */
export async function resetPassword(
  database: Pick<Database, "prisma" | "pool">,
  email: string,
  chosen?: string,
): Promise<{ email: string; password: string | undefined; endedSessions: number; voidedLinks: number }> {
  const { prisma, pool } = database;
  if (chosen !== undefined) {
    const problem = newPasswordProblem(chosen);
    if (problem) throw new PasswordChangeError(problem);
  }
  const normalised = normaliseEmail(email);
  const user = await prisma.user.findUnique({ where: { email: normalised } });
  if (!user) throw new UnknownUserError(`no user has the email ${JSON.stringify(normalised)}`);
  const password = chosen ?? generatePassword();
  const passwordHash = await hashPassword(password);
  const [, sessions, links] = await prisma.$transaction([
    prisma.user.update({ where: { id: user.id }, data: { passwordHash } }),
    prisma.session.deleteMany({ where: { userId: user.id } }),
    prisma.userInvite.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: new Date() } }),
  ]);
  const account = throttleKeys(normalised, "").filter((key) => key.kind === "account");
  await settleSuccess(pool, account);
  return {
    email: user.email,
    password: chosen === undefined ? password : undefined,
    endedSessions: sessions.count,
    voidedLinks: links.count,
  };
}

/**
 * Checks a password and opens a session; returns its token. Repeated failures slow down per
 * account, per client address, and per both (lib/auth/throttle) — counted alike whether or not
 * the account exists.
 */
export async function signIn(
  database: Pick<Database, "prisma" | "pool">,
  email: string,
  password: string,
  address: string,
  limits?: ThrottleLimits,
): Promise<string> {
  const { prisma, pool } = database;
  const normalised = normaliseEmail(email);
  const keys = throttleKeys(normalised, address);
  const reservation = await reserveAttempt(pool, keys, limits);
  if (!reservation.allowed) {
    throw new SignInError(
      `Too many failed sign-ins. Try again in ${Math.ceil(reservation.waitMs / 1000)} s.`,
      reservation.waitMs,
    );
  }
  const user = await prisma.user.findUnique({ where: { email: normalised } });
  // Verify against a dummy hash when the user does not exist (or has not set a password yet),
  // so timing does not reveal accounts.
  const usable = user && hasPassword(user.passwordHash) ? user.passwordHash : undefined;
  const valid = await verifyPassword(password, usable ?? DUMMY_HASH);
  if (!user || !usable || !valid) throw new SignInError("Wrong email or password.");
  await settleSuccess(pool, keys);
  return openSession(prisma, user.id);
}

/**
 * Changes the signed-in user's own password: the current one must be right (and is throttled
 * like a sign-in — a stolen session cannot guess it quickly), the new one must follow the
 * password rules. Every other session of the user ends; the one making the change stays.
 */
export async function changeOwnPassword(
  database: Pick<Database, "prisma" | "pool">,
  user: SessionUser,
  currentSessionToken: string,
  passwords: { current: string; next: string },
  address: string,
): Promise<{ endedSessions: number }> {
  const { prisma, pool } = database;
  const problem = newPasswordProblem(passwords.next, "New password");
  if (problem) throw new PasswordChangeError(problem);
  const keys = throttleKeys(normaliseEmail(user.email), address);
  const reservation = await reserveAttempt(pool, keys);
  if (!reservation.allowed) {
    throw new PasswordChangeError(
      `Too many wrong passwords. Try again in ${Math.ceil(reservation.waitMs / 1000)} s.`,
      reservation.waitMs,
    );
  }
  const stored = await prisma.user.findUnique({ where: { id: user.id } });
  const usable = stored && hasPassword(stored.passwordHash) ? stored.passwordHash : undefined;
  const valid = await verifyPassword(passwords.current, usable ?? DUMMY_HASH);
  if (!stored || !usable || !valid) throw new PasswordChangeError("The current password is wrong.");
  await settleSuccess(pool, keys);
  const passwordHash = await hashPassword(passwords.next);
  const [, ended] = await prisma.$transaction([
    prisma.user.update({ where: { id: user.id }, data: { passwordHash } }),
    prisma.session.deleteMany({
      where: { userId: user.id, tokenHash: { not: tokenHash(currentSessionToken) } },
    }),
  ]);
  return { endedSessions: ended.count };
}

export async function sessionUser(
  prisma: PrismaClient,
  token: string | undefined,
): Promise<SessionUser | null> {
  if (!token || token.length > 100) return null;
  const session = await prisma.session.findUnique({
    where: { tokenHash: tokenHash(token) },
    include: { user: true },
  });
  if (!session || session.expiresAt < new Date()) return null;
  return { id: session.user.id, email: session.user.email, isAdmin: session.user.isAdmin };
}

export async function signOut(prisma: PrismaClient, token: string | undefined): Promise<void> {
  if (token) await prisma.session.deleteMany({ where: { tokenHash: tokenHash(token) } });
}

const DUMMY_HASH = "scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";
