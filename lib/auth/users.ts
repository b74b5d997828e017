import { createHash, randomBytes } from "node:crypto";
import type { Database } from "../db/connect";
import type { PrismaClient } from "../db/generated/client.ts";
import { generatePassword, hashPassword, verifyPassword } from "./passwords";
import { reserveAttempt, settleSuccess, throttleKeys } from "./throttle";

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

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
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

/**
 * The first admin: FAULTLINE_ADMIN_EMAIL/PASSWORD when given (created if missing), else, when
 * nobody can sign in yet, admin@faultline.local with a generated password returned to print once.
 */
export async function ensureFirstAdmin(
  prisma: PrismaClient,
  configured: { email?: string; password?: string },
): Promise<{ email: string; password: string } | undefined> {
  if (configured.email && configured.password) {
    const existing = await prisma.user.findUnique({ where: { email: normaliseEmail(configured.email) } });
    if (!existing)
      await createUser(prisma, { email: configured.email, password: configured.password, isAdmin: true });
    return undefined;
  }
  if ((await prisma.user.count()) > 0) return undefined;
  const password = generatePassword();
  await createUser(prisma, { email: "admin@faultline.local", password, isAdmin: true });
  return { email: "admin@faultline.local", password };
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
): Promise<string> {
  const { prisma, pool } = database;
  const normalised = normaliseEmail(email);
  const keys = throttleKeys(normalised, address);
  const reservation = await reserveAttempt(pool, keys);
  if (!reservation.allowed) {
    throw new SignInError(
      `Too many failed sign-ins. Try again in ${Math.ceil(reservation.waitMs / 1000)} s.`,
      reservation.waitMs,
    );
  }
  const user = await prisma.user.findUnique({ where: { email: normalised } });
  // Verify against a dummy hash when the user does not exist, so timing does not reveal accounts.
  const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !valid) throw new SignInError("Wrong email or password.");
  await settleSuccess(pool, keys);
  const token = randomBytes(32).toString("base64url");
  await prisma.session.create({
    data: {
      tokenHash: tokenHash(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000),
    },
  });
  return token;
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
