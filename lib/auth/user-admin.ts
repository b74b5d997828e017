import { z } from "zod";
import type { Prisma, PrismaClient } from "../db/generated/client.ts";
import { canManageUsers, type Viewer } from "./access";
import { issueInvite } from "./invites";
import { revokeAdminKeysCreatedBy } from "./keys";
import { hashPassword } from "./passwords";
import { emailSchema, newPasswordProblem } from "./user-input";
import { hasPassword, NO_PASSWORD, normaliseEmail, type SessionUser } from "./users";

// Admins manage users: invite (a one-time link, or an initial password), set project
// memberships and the admin flag, send a new link, remove. Every function re-checks that the
// actor is an admin *inside* its transaction, holding every admin's row (FOR UPDATE, in id
// order): two admins demoting or removing each other at once are serialised, and the instance
// is never left without an admin.

export type UserAdminRefusal = "forbidden" | "last_admin" | "email_taken" | "no_such_user" | "invalid";

export class UserAdminError extends Error {
  override name = "UserAdminError";
  constructor(
    readonly reason: UserAdminRefusal,
    message: string,
  ) {
    super(message);
  }
}

const FORBIDDEN = "Only admins can manage users.";

export interface ManagedUser {
  id: string;
  email: string;
  isAdmin: boolean;
  createdAt: Date;
  /** How many projects they are a member of, and the first few names (a list never grows with them). */
  projectCount: number;
  projectNames: string[];
  /** False until the user sets a password through their link. */
  hasPassword: boolean;
  /** Their unused link, if any. */
  link: { expiresAt: Date } | null;
}

export interface Membership {
  isAdmin: boolean;
  projectIds: string[];
}

/**
 * A change of admin flag and memberships: `projectIds` replaces them all; otherwise `add` and
 * `remove` change only the projects they name (a form that shows a page of them at a time).
 */
export interface MembershipUpdate {
  isAdmin: boolean;
  projectIds?: string[];
  add?: string[];
  remove?: string[];
}

/** Names of a user's projects listed beside them in Users. */
const NAMES_LISTED = 3;

type Tx = Prisma.TransactionClient;

function refuseUnlessAdmin(actor: Pick<Viewer, "isAdmin">): void {
  if (!canManageUsers(actor)) throw new UserAdminError("forbidden", FORBIDDEN);
}

/** Locks every admin row and returns their ids; refuses an actor who is not (or no longer) one. */
async function lockAdmins(tx: Tx, actor: Viewer): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM users WHERE is_admin ORDER BY id FOR UPDATE`;
  const admins = rows.map((row) => row.id);
  refuseUnlessAdmin({ isAdmin: admins.includes(actor.id) });
  return admins;
}

async function checkProjects(tx: Tx, projectIds: string[]): Promise<string[]> {
  const unique = [...new Set(projectIds)];
  if (!unique.every((id) => z.uuid().safeParse(id).success)) {
    throw new UserAdminError("invalid", "Projects must be chosen from the list.");
  }
  const found = await tx.project.count({ where: { id: { in: unique } } });
  if (found !== unique.length) throw new UserAdminError("invalid", "A chosen project no longer exists.");
  return unique;
}

async function findTarget(tx: Tx, userId: string) {
  const target = z.uuid().safeParse(userId).success
    ? await tx.user.findUnique({ where: { id: userId } })
    : null;
  if (!target) throw new UserAdminError("no_such_user", "No such user: they may have been removed already.");
  return target;
}

const LISTED = {
  _count: { select: { projects: true } },
  projects: {
    select: { project: { select: { name: true } } },
    orderBy: { project: { name: "asc" } },
    take: NAMES_LISTED,
  },
  invites: { where: { usedAt: null }, orderBy: { createdAt: "desc" }, take: 1 },
} as const;

function managed(user: Prisma.UserGetPayload<{ include: typeof LISTED }>): ManagedUser {
  return {
    id: user.id,
    email: user.email,
    isAdmin: user.isAdmin,
    createdAt: user.createdAt,
    projectCount: user._count.projects,
    projectNames: user.projects.map((member) => member.project.name),
    hasPassword: hasPassword(user.passwordHash),
    link: user.invites[0] ? { expiresAt: user.invites[0].expiresAt } : null,
  };
}

/** Every user, by email, with how many projects they are in and whether they have set a password. */
export async function listUsers(prisma: PrismaClient, actor: Viewer): Promise<ManagedUser[]> {
  refuseUnlessAdmin(actor);
  const users = await prisma.user.findMany({ orderBy: { email: "asc" }, include: LISTED });
  return users.map(managed);
}

/** One user, as listUsers describes them; null when there is no such user. */
export async function managedUser(
  prisma: PrismaClient,
  actor: Viewer,
  userId: string,
): Promise<ManagedUser | null> {
  refuseUnlessAdmin(actor);
  if (!z.uuid().safeParse(userId).success) return null;
  const user = await prisma.user.findUnique({ where: { id: userId }, include: LISTED });
  return user ? managed(user) : null;
}

export interface InviteInput extends Membership {
  email: string;
  /** An initial password to set; without one, a one-time link is made. */
  password?: string;
}

/**
 * Adds a user with their memberships and admin flag. With an initial password they can sign in
 * at once; without, the returned link (shown once) lets them set one.
 */
export async function inviteUser(
  prisma: PrismaClient,
  actor: Viewer,
  input: InviteInput,
): Promise<{ user: SessionUser; link: { token: string; expiresAt: Date } | null }> {
  refuseUnlessAdmin(actor);
  const email = emailSchema.safeParse(input.email);
  if (!email.success) throw new UserAdminError("invalid", email.error.issues[0]!.message);
  if (input.password !== undefined) {
    const problem = newPasswordProblem(input.password, "Initial password");
    if (problem) throw new UserAdminError("invalid", problem);
  }
  const passwordHash = input.password === undefined ? NO_PASSWORD : await hashPassword(input.password);
  try {
    return await prisma.$transaction(async (tx) => {
      await lockAdmins(tx, actor);
      const projectIds = await checkProjects(tx, input.projectIds);
      const user = await tx.user.create({
        data: {
          email: normaliseEmail(email.data),
          passwordHash,
          isAdmin: input.isAdmin,
          projects: { create: projectIds.map((projectId) => ({ projectId })) },
        },
      });
      const link = input.password === undefined ? await issueInvite(tx, user.id) : null;
      return { user: { id: user.id, email: user.email, isAdmin: user.isAdmin }, link };
    });
  } catch (error) {
    if ((error as { code?: unknown }).code === "P2002") {
      throw new UserAdminError(
        "email_taken",
        `A user with the email ${normaliseEmail(email.data)} already exists.`,
      );
    }
    throw error;
  }
}

/**
 * Sets a user's admin flag and memberships (replacing the old ones). The only admin cannot lose
 * the flag. Takes effect on the user's next request: the session is looked up every time. Taking
 * the flag revokes the admin-scope keys they created, in the same transaction (key ownership:
 * lib/auth/access.ts); returns how many.
 */
export async function updateUser(
  prisma: PrismaClient,
  actor: Viewer,
  userId: string,
  membership: MembershipUpdate,
): Promise<{ revokedKeys: number }> {
  refuseUnlessAdmin(actor);
  return prisma.$transaction(async (tx) => {
    const admins = await lockAdmins(tx, actor);
    const target = await findTarget(tx, userId);
    // The actor is an admin, so the only admin can only be the actor.
    if (target.isAdmin && !membership.isAdmin && admins.length <= 1) {
      throw new UserAdminError(
        "last_admin",
        "You are the only admin: make another user an admin before removing your own admin flag.",
      );
    }
    await tx.user.update({ where: { id: target.id }, data: { isAdmin: membership.isAdmin } });
    if (membership.projectIds) {
      const projectIds = await checkProjects(tx, membership.projectIds);
      await tx.projectMember.deleteMany({ where: { userId: target.id } });
      await tx.projectMember.createMany({
        data: projectIds.map((projectId) => ({ projectId, userId: target.id })),
      });
    } else {
      const add = await checkProjects(tx, membership.add ?? []);
      const remove = (membership.remove ?? []).filter((id) => !add.includes(id));
      if (!remove.every((id) => z.uuid().safeParse(id).success)) {
        throw new UserAdminError("invalid", "Projects must be chosen from the list.");
      }
      await tx.projectMember.deleteMany({ where: { userId: target.id, projectId: { in: remove } } });
      await tx.projectMember.createMany({
        data: add.map((projectId) => ({ projectId, userId: target.id })),
        skipDuplicates: true,
      });
    }
    return { revokedKeys: membership.isAdmin ? 0 : await revokeAdminKeysCreatedBy(tx, target.id) };
  });
}

/**
 * Removes a user: their sessions (signed out on their next request), memberships and links go
 * with them, and the admin-scope keys they created are revoked in the same transaction (their
 * ingest and read keys are their projects' and stay: lib/auth/access.ts). The only admin cannot
 * be removed.
 */
export async function removeUser(
  prisma: PrismaClient,
  actor: Viewer,
  userId: string,
): Promise<{ email: string; revokedKeys: number }> {
  refuseUnlessAdmin(actor);
  return prisma.$transaction(async (tx) => {
    const admins = await lockAdmins(tx, actor);
    const target = await findTarget(tx, userId);
    if (target.isAdmin && admins.length <= 1) {
      throw new UserAdminError(
        "last_admin",
        "You are the only admin: make another user an admin before removing yourself.",
      );
    }
    const revokedKeys = await revokeAdminKeysCreatedBy(tx, target.id);
    // Sessions, memberships and links are deleted with the user (ON DELETE CASCADE).
    await tx.user.delete({ where: { id: target.id } });
    return { email: target.email, revokedKeys };
  });
}

/**
 * A new one-time link for a user (one who never used theirs, or who forgot their password); their
 * earlier unused link stops working. Using it sets their password and ends their other sessions.
 */
export async function sendNewLink(
  prisma: PrismaClient,
  actor: Viewer,
  userId: string,
): Promise<{ email: string; token: string; expiresAt: Date }> {
  refuseUnlessAdmin(actor);
  return prisma.$transaction(async (tx) => {
    await lockAdmins(tx, actor);
    const target = await findTarget(tx, userId);
    return { email: target.email, ...(await issueInvite(tx, target.id)) };
  });
}
