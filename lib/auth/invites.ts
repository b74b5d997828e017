import type { Prisma, PrismaClient } from "../db/generated/client.ts";
import { hashPassword } from "./passwords";
import { newPasswordProblem } from "./user-input";
import { hasPassword, newToken, openSession, tokenHash } from "./users";

// One-time links with which a user sets their password: the link an invite makes, or a new one
// an admin sends later (say, for a forgotten password). The token is 32 random bytes in the
// link's path; the database keeps only its SHA-256. A link works once — using it is claimed in
// the same UPDATE that checks it is unused and unexpired, so two tabs cannot both use it — and
// for INVITE_DAYS days. Using it sets the password, ends every other session of the user, and
// signs this browser in.

export const INVITE_DAYS = 7;
export const INVITE_PATH = "/invite/";

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export type InviteState =
  | { state: "valid"; email: string; expiresAt: Date; firstPassword: boolean }
  | { state: "used"; usedAt: Date }
  | { state: "expired"; expiresAt: Date }
  | { state: "unknown" };

export type InviteRefusal = "used" | "expired" | "unknown" | "password";

export class InviteError extends Error {
  override name = "InviteError";
  constructor(
    readonly reason: InviteRefusal,
    message: string,
  ) {
    super(message);
  }
}

/** What the invite page says for a link it cannot use. */
export function refusalMessage(state: Exclude<InviteState, { state: "valid" }>): string {
  switch (state.state) {
    case "used":
      return "This link has already been used. Sign in with your password, or ask an admin for a new link.";
    case "expired":
      return `This link expired on ${state.expiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC. Ask an admin for a new one.`;
    case "unknown":
      return "This link is not valid: it may have been replaced by a newer one, or copied incompletely. Ask an admin for a new one.";
  }
}

/**
 * A new link for the user, good for INVITE_DAYS days; their earlier unused links stop working.
 * Returns the token, to show once.
 */
export async function issueInvite(
  prisma: PrismaClient | Prisma.TransactionClient,
  userId: string,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + INVITE_DAYS * 86_400_000);
  await prisma.userInvite.deleteMany({ where: { userId, usedAt: null } });
  await prisma.userInvite.create({ data: { tokenHash: tokenHash(token), userId, expiresAt } });
  return { token, expiresAt };
}

/** Whether a link can be used, and whose it is; nothing changes. */
export async function inviteState(
  prisma: PrismaClient,
  token: string,
  now = new Date(),
): Promise<InviteState> {
  if (!TOKEN_SHAPE.test(token)) return { state: "unknown" };
  const invite = await prisma.userInvite.findUnique({
    where: { tokenHash: tokenHash(token) },
    include: { user: true },
  });
  if (!invite) return { state: "unknown" };
  if (invite.usedAt) return { state: "used", usedAt: invite.usedAt };
  if (invite.expiresAt <= now) return { state: "expired", expiresAt: invite.expiresAt };
  return {
    state: "valid",
    email: invite.user.email,
    expiresAt: invite.expiresAt,
    firstPassword: !hasPassword(invite.user.passwordHash),
  };
}

/**
 * Uses a link: sets the password, ends the user's other sessions and unused links, and opens a
 * session. Refused (InviteError) when the password breaks the rules or the link is used,
 * expired or unknown.
 */
export async function acceptInvite(
  prisma: PrismaClient,
  token: string,
  password: string,
): Promise<{ sessionToken: string; email: string }> {
  const problem = newPasswordProblem(password);
  if (problem) throw new InviteError("password", problem);
  const before = await inviteState(prisma, token);
  if (before.state !== "valid") throw new InviteError(before.state, refusalMessage(before));
  const passwordHash = await hashPassword(password);
  const now = new Date();
  return prisma.$transaction(async (tx) => {
    const claimed = await tx.userInvite.updateMany({
      where: { tokenHash: tokenHash(token), usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) {
      // Used (or removed) between the check above and now.
      throw new InviteError("used", refusalMessage({ state: "used", usedAt: now }));
    }
    const invite = await tx.userInvite.findUniqueOrThrow({ where: { tokenHash: tokenHash(token) } });
    const user = await tx.user.update({ where: { id: invite.userId }, data: { passwordHash } });
    await tx.session.deleteMany({ where: { userId: user.id } });
    await tx.userInvite.deleteMany({ where: { userId: user.id, usedAt: null } });
    return { sessionToken: await openSession(tx, user.id), email: user.email };
  });
}
