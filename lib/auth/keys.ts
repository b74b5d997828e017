import { createHash, randomBytes } from "node:crypto";
import type { Pool } from "pg";
import type { Prisma, PrismaClient } from "../db/generated/client.ts";

// API keys: random, shown once, stored only as a SHA-256 hash (a 192-bit random key needs
// no slow hash), scoped to one project, revocable.

/**
 * ingest: send calls; read: the read API and the project's own /metrics series; admin: manage
 * the project's alert rules, mute windows and signature triage (/api/v1/alert-rules, /api/v1/alert-mutes, the
 * writes of /api/v1/signatures). A key holds only the scopes given to it. Who
 * owns a key of each scope — and so who may create and revoke it, and for how long it works — is
 * decided in lib/auth/access.ts.
 */
export const SCOPES = ["ingest", "read", "admin"] as const;
export type Scope = (typeof SCOPES)[number];
/** What a key gets when no scopes are named (first-run key, FAULTLINE_INIT_INGEST_KEY): never admin. */
export const DEFAULT_SCOPES: readonly Scope[] = ["ingest", "read"];

export const DEFAULT_PROJECT = "default";
const KEY_PREFIX = "flk_";
const LAST_USED_RESOLUTION_MS = 60_000;

export interface AuthenticatedKey {
  keyId: string;
  projectId: string;
  scopes: Scope[];
}

/** Who an API key's changes are recorded as (signature history, comments, mute windows). */
export function keyActor(keyId: string): string {
  return `api key ${keyId}`;
}

export class AuthError extends Error {
  override name = "AuthError";
  constructor(
    readonly status: 401 | 403,
    message: string,
  ) {
    super(message);
  }
}

export function generateKey(): string {
  return KEY_PREFIX + randomBytes(24).toString("base64url");
}

export function hashKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

function displayPrefix(key: string): string {
  return key.slice(0, KEY_PREFIX.length + 6);
}

export function parseScopes(text: string): Scope[] {
  const scopes = text
    .split(",")
    .map((scope) => scope.trim())
    .filter(Boolean);
  const unknown = scopes.filter((scope) => !(SCOPES as readonly string[]).includes(scope));
  if (unknown.length > 0 || scopes.length === 0) {
    throw new Error(`scopes must be a comma-separated list of ${SCOPES.join(", ")} (got "${text}")`);
  }
  return [...new Set(scopes)] as Scope[];
}

/**
 * The operator's path (CLI, FAULTLINE_INIT_INGEST_KEY): the named project, created when missing.
 * Dashboard users never reach this; they create projects through lib/auth/access.
 */
export async function ensureProject(prisma: PrismaClient, name: string) {
  return prisma.project.upsert({ where: { name }, update: {}, create: { name } });
}

/**
 * The project an operator names on the command line. A name that is free becomes a new
 * project. A project that already exists — perhaps created by a dashboard user who guessed the
 * name the operator would use — is only joined when the operator says so (`existing`), so a key
 * never lands silently in someone else's project. The default project is the operator's own.
 */
export async function operatorProject(
  prisma: PrismaClient,
  name: string,
  options: { existing: boolean },
): Promise<{ id: string; name: string; created: boolean }> {
  const found = await prisma.project.findUnique({
    where: { name },
    include: { members: { select: { user: { select: { email: true } } } } },
  });
  if (!found) {
    const project = await ensureProject(prisma, name);
    return { id: project.id, name: project.name, created: true };
  }
  if (name !== DEFAULT_PROJECT && !options.existing) {
    const members = found.members.map((member) => member.user.email).sort();
    throw new Error(
      `project "${name}" already exists (created ${found.createdAt.toISOString()}, members: ${
        members.length > 0 ? members.join(", ") : "none"
      }); pass --existing to add a key to it`,
    );
  }
  return { id: found.id, name: found.name, created: false };
}

/**
 * A key for a project given by id (already access-checked), or by name for the operator (created
 * when missing). `createdBy`: the dashboard user creating it; absent for the operator's keys.
 */
export async function createKey(
  prisma: PrismaClient,
  options: {
    project?: string;
    projectId?: string;
    scopes?: Scope[];
    name?: string;
    key?: string;
    createdBy?: string;
  },
): Promise<{ key: string; id: string; projectId: string; projectName: string; scopes: Scope[] }> {
  const project = options.projectId
    ? await prisma.project.findUniqueOrThrow({ where: { id: options.projectId } })
    : await ensureProject(prisma, options.project ?? DEFAULT_PROJECT);
  const key = options.key ?? generateKey();
  const scopes = options.scopes ?? [...DEFAULT_SCOPES];
  const record = await prisma.apiKey.create({
    data: {
      projectId: project.id,
      name: options.name ?? "key",
      prefix: displayPrefix(key),
      keyHash: hashKey(key),
      scopes,
      createdBy: options.createdBy ?? null,
    },
  });
  return { key, id: record.id, projectId: project.id, projectName: project.name, scopes };
}

/** Headless set-up: FAULTLINE_INIT_INGEST_KEY becomes a key of the default project with both scopes. */
export async function ensureInitKey(prisma: PrismaClient, key: string): Promise<void> {
  const existing = await prisma.apiKey.findUnique({ where: { keyHash: hashKey(key) } });
  if (existing) {
    if (existing.revokedAt)
      console.warn("[faultline] FAULTLINE_INIT_INGEST_KEY names a revoked key; it stays revoked");
    return;
  }
  await createKey(prisma, { key, name: "FAULTLINE_INIT_INGEST_KEY" });
}

/**
 * First run with no key configured: create one for the default project and return it
 * so the caller can print it once. Returns undefined when any key already exists.
 */
export async function createFirstKeyIfNone(prisma: PrismaClient): Promise<string | undefined> {
  if ((await prisma.apiKey.count()) > 0) return undefined;
  const { key } = await createKey(prisma, { name: "first-run key" });
  return key;
}

export async function listKeys(prisma: PrismaClient) {
  return prisma.apiKey.findMany({
    orderBy: { createdAt: "asc" },
    select: {
      id: true,
      name: true,
      prefix: true,
      scopes: true,
      createdAt: true,
      lastUsedAt: true,
      revokedAt: true,
      createdBy: true,
      project: { select: { name: true } },
    },
  });
}

/**
 * Revokes every admin-scope key `userId` created: called inside the transaction that removes
 * them or takes their admin flag (lib/auth/user-admin.ts). Returns how many it revoked.
 */
export async function revokeAdminKeysCreatedBy(
  tx: Pick<PrismaClient, "apiKey"> | Prisma.TransactionClient,
  userId: string,
): Promise<number> {
  const { count } = await tx.apiKey.updateMany({
    where: { createdBy: userId, scopes: { has: "admin" }, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  return count;
}

export async function revokeKey(prisma: PrismaClient, id: string): Promise<boolean> {
  const { count } = await prisma.apiKey.updateMany({
    where: { id, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  return count > 0;
}

export function bearerToken(authorization: string | null): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  return match?.[1];
}

/**
 * Resolves a bearer key to its project, or throws 401 (missing/unknown/revoked) or 403 (scope).
 * On every ingest request: one indexed lookup in plain SQL, no ORM round of its own.
 */
export async function authenticate(
  pool: Pool,
  token: string | undefined,
  /** The scope the request needs, or the scopes any one of which will do. */
  needed: Scope | readonly Scope[],
): Promise<AuthenticatedKey> {
  const anyOf: readonly Scope[] = typeof needed === "string" ? [needed] : needed;
  if (!token) throw new AuthError(401, "Authorization: Bearer <key> is required");
  if (token.length > 200) throw new AuthError(401, "unknown or revoked key");
  const { rows } = await pool.query<{
    id: string;
    project_id: string;
    scopes: string[];
    revoked: boolean;
    stale: boolean;
    creator_not_admin: boolean;
  }>(
    `SELECT k.id, k.project_id, k.scopes, k.revoked_at IS NOT NULL AS revoked,
            k.last_used_at IS NULL OR k.last_used_at < now() - make_interval(secs => $2) AS stale,
            k.created_by IS NOT NULL AND u.is_admin IS NOT TRUE AS creator_not_admin
       FROM api_keys k LEFT JOIN users u ON u.id = k.created_by WHERE k.key_hash = $1`,
    [hashKey(token), LAST_USED_RESOLUTION_MS / 1000],
  );
  const record = rows[0];
  if (!record || record.revoked) throw new AuthError(401, "unknown or revoked key");
  const scopes = record.scopes.filter((value): value is Scope =>
    (SCOPES as readonly string[]).includes(value),
  );
  const scope = anyOf.find((wanted) => scopes.includes(wanted));
  if (!scope) {
    throw new AuthError(403, `this key lacks the ${anyOf.map((wanted) => `"${wanted}"`).join(" or ")} scope`);
  }
  // Removing or demoting an admin revokes their admin-scope keys in the same transaction; this
  // also holds for an admin flag changed any other way (lib/auth/access.ts, key ownership).
  if (scope === "admin" && record.creator_not_admin) {
    throw new AuthError(403, "the user who created this key is no longer an admin");
  }
  if (record.stale) {
    // Recorded at minute resolution so that a busy key does not write on every request.
    void pool.query(`UPDATE api_keys SET last_used_at = now() WHERE id = $1`, [record.id]).catch(() => {});
  }
  return { keyId: record.id, projectId: record.project_id, scopes };
}
