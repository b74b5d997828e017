import type { Pool } from "pg";
import type { PrismaClient } from "../db/generated/client.ts";
import { accessibleProject, canManageKey, type Viewer } from "./access";
import { createKey, revokeKey, type Scope } from "./keys";

// Keys as Settings manages them: created in a project the viewer may see and recorded as theirs,
// listed with who created each, revoked — each step asking lib/auth/access.ts who may, so the
// server actions stay thin. `viewer` must be fresh from the database (the session is looked up
// on every request, so a demoted admin loses the admin scope at once).

export type KeyCreator = { kind: "user"; email: string } | { kind: "removed user" } | { kind: "operator" };

export interface KeyView {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdBy: KeyCreator;
}

export type CreateKeyResult =
  | { created: true; key: string; projectName: string }
  | { created: false; reason: "forbidden" | "no_such_project"; message: string };

/** A new key of a project the viewer may see, recorded as the viewer's; admin scope for admins only. */
export async function createProjectKey(
  database: { prisma: PrismaClient; pool: Pool },
  viewer: Viewer,
  input: { project: string; name: string; scopes: Scope[] },
): Promise<CreateKeyResult> {
  if (!canManageKey(viewer, input.scopes)) {
    return {
      created: false,
      reason: "forbidden",
      message: "Only an admin may create a key with the admin scope.",
    };
  }
  const project = await accessibleProject(database.pool, viewer, { name: input.project });
  if (!project) return { created: false, reason: "no_such_project", message: "No such project." };
  const created = await createKey(database.prisma, {
    projectId: project.id,
    name: input.name,
    scopes: input.scopes,
    createdBy: viewer.id,
  });
  return { created: true, key: created.key, projectName: created.projectName };
}

export type RevokeKeyResult = { revoked: true } | { revoked: false; reason: "not_found" | "forbidden" };

/**
 * Revokes a key of a project the viewer may see; an admin-scope key only when the viewer is an
 * admin. A key in a project the viewer cannot see is "not_found", as if it did not exist.
 */
export async function revokeProjectKey(
  database: { prisma: PrismaClient; pool: Pool },
  viewer: Viewer,
  keyId: string,
): Promise<RevokeKeyResult> {
  const key = await database.prisma.apiKey.findUnique({ where: { id: keyId } });
  if (!key || key.revokedAt || !(await accessibleProject(database.pool, viewer, { id: key.projectId }))) {
    return { revoked: false, reason: "not_found" };
  }
  if (!canManageKey(viewer, key.scopes)) return { revoked: false, reason: "forbidden" };
  return (await revokeKey(database.prisma, key.id))
    ? { revoked: true }
    : { revoked: false, reason: "not_found" };
}

/** A project's keys, newest first, each with who created it. */
export async function projectKeys(prisma: PrismaClient, projectId: string): Promise<KeyView[]> {
  const keys = await prisma.apiKey.findMany({ where: { projectId }, orderBy: { createdAt: "desc" } });
  return withCreators(prisma, keys);
}

/** Who created each key: a user (by email), a user since removed, or the operator (no user). */
export async function withCreators<K extends { createdBy: string | null }>(
  prisma: PrismaClient,
  keys: K[],
): Promise<(Omit<K, "createdBy"> & { createdBy: KeyCreator })[]> {
  const ids = [...new Set(keys.flatMap((key) => (key.createdBy ? [key.createdBy] : [])))];
  const users = ids.length
    ? await prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, email: true } })
    : [];
  const emails = new Map(users.map((user) => [user.id, user.email]));
  return keys.map(({ createdBy, ...key }) => {
    const email = createdBy ? emails.get(createdBy) : undefined;
    const creator: KeyCreator = !createdBy
      ? { kind: "operator" }
      : email
        ? { kind: "user", email }
        : { kind: "removed user" };
    return { ...key, createdBy: creator };
  });
}
