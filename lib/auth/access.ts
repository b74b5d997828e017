import { createHash, timingSafeEqual } from "node:crypto";
import type { Pool } from "pg";
import type { PrismaClient } from "../db/generated/client.ts";
import { LOCKS } from "../db/lock";
import { getEnv } from "../env";

// Who may see and change which project: the one home of that rule. Pages, server actions
// and the API all ask here. An admin may see and change every project; any other user
// only the projects they are a member of. Creating a project never grants access to an
// existing one. Managing users (inviting, memberships, the admin flag, removing) is for
// admins only; everyone may change their own password.

export interface Viewer {
  id: string;
  isAdmin: boolean;
}

export interface ProjectRef {
  id: string;
  name: string;
  retentionDays: number;
}

/**
 * Whether the viewer may invite, change and remove users. `viewer` must be fresh from the
 * database (a session is looked up on every request, so a demoted admin loses this at once).
 */
export function canManageUsers(viewer: Pick<Viewer, "isAdmin">): boolean {
  return viewer.isAdmin;
}

const COLUMNS = `p.id, p.name, p.retention_days AS "retentionDays"`;

/** The projects a list shows at once: a page's size never grows with the number of projects. */
export const PROJECT_PAGE_SIZE = 25;

const VISIBLE = `($2::boolean OR EXISTS (SELECT 1 FROM project_members m WHERE m.project_id = p.id AND m.user_id = $1::uuid))`;

export interface ProjectPage {
  projects: ProjectRef[];
  /** How many projects the viewer may see that match the search. */
  total: number;
  /** The name to continue after (`after`), or null on the last page. */
  nextCursor: string | null;
}

/**
 * One page of the projects the viewer may see and change, by name: those whose name contains
 * `search` (any case), after the name `after`.
 */
export async function projectPage(
  pool: Pool,
  viewer: Viewer,
  options: { search?: string; after?: string; limit?: number } = {},
): Promise<ProjectPage> {
  const limit = options.limit ?? PROJECT_PAGE_SIZE;
  const search = options.search ?? "";
  const matching = `${VISIBLE} AND strpos(lower(p.name), lower($3)) > 0`;
  const [page, count] = await Promise.all([
    pool.query<ProjectRef>(
      `SELECT ${COLUMNS} FROM projects p WHERE ${matching} AND p.name > $4 ORDER BY p.name LIMIT $5`,
      [viewer.id, viewer.isAdmin, search, options.after ?? "", limit + 1],
    ),
    pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM projects p WHERE ${matching}`, [
      viewer.id,
      viewer.isAdmin,
      search,
    ]),
  ]);
  const projects = page.rows.slice(0, limit);
  return {
    projects,
    total: count.rows[0]!.total,
    nextCursor: page.rows.length > limit ? projects.at(-1)!.name : null,
  };
}

/** One project by name or id, only when the viewer may see and change it; otherwise null. */
export async function accessibleProject(
  pool: Pool,
  viewer: Viewer,
  which: { name: string } | { id: string },
): Promise<ProjectRef | null> {
  const byName = "name" in which;
  const { rows } = await pool.query<ProjectRef>(
    `SELECT ${COLUMNS} FROM projects p
      WHERE ${byName ? "p.name = $3" : "p.id::text = $3"}
        AND ($2::boolean OR EXISTS (SELECT 1 FROM project_members m WHERE m.project_id = p.id AND m.user_id = $1::uuid))`,
    [viewer.id, viewer.isAdmin, byName ? which.name : which.id],
  );
  return rows[0] ?? null;
}

const MAY_SEE = `(u.is_admin OR EXISTS (SELECT 1 FROM project_members m WHERE m.project_id = $1::uuid AND m.user_id = u.id))`;

/**
 * The people who may see a project (its members and every admin), by e-mail: whom one of its
 * failure signatures may be assigned to.
 */
export async function projectPeople(
  pool: Pick<Pool, "query">,
  projectId: string,
  limit = 200,
): Promise<{ id: string; email: string }[]> {
  const { rows } = await pool.query<{ id: string; email: string }>(
    `SELECT u.id, u.email FROM users u WHERE ${MAY_SEE} ORDER BY u.email LIMIT $2`,
    [projectId, limit],
  );
  return rows;
}

/** One user who may see the project, by e-mail (any case); undefined when there is none. */
export async function projectPerson(
  pool: Pick<Pool, "query">,
  projectId: string,
  email: string,
): Promise<{ id: string; email: string } | undefined> {
  const { rows } = await pool.query<{ id: string; email: string }>(
    `SELECT u.id, u.email FROM users u WHERE lower(u.email) = lower($2) AND ${MAY_SEE}`,
    [projectId, email],
  );
  return rows[0];
}

/**
 * The project the dashboard shows: the one the viewer chose (by name), else "default",
 * else their oldest — always one they may see; null when they may see none.
 */
export async function shownProject(
  pool: Pool,
  viewer: Viewer,
  chosen: string | undefined,
): Promise<ProjectRef | null> {
  const { rows } = await pool.query<ProjectRef>(
    `SELECT ${COLUMNS} FROM projects p WHERE ${VISIBLE}
      ORDER BY p.name = $3 DESC, p.name = 'default' DESC, p.created_at, p.name LIMIT 1`,
    [viewer.id, viewer.isAdmin, chosen ?? ""],
  );
  return rows[0] ?? null;
}

export interface ProjectLimits {
  /** Projects a user who is not an admin may create in an hour (0: none). */
  perUserPerHour: number;
  /** Projects the instance may hold before dashboard users may create more. */
  max: number;
}

/** FAULTLINE_PROJECTS_PER_USER_PER_HOUR and FAULTLINE_MAX_PROJECTS. */
export function configuredProjectLimits(): ProjectLimits {
  const env = getEnv();
  return { perUserPerHour: env.FAULTLINE_PROJECTS_PER_USER_PER_HOUR, max: env.FAULTLINE_MAX_PROJECTS };
}

/**
 * Whether the viewer may create projects at all: admins always, anyone else unless
 * FAULTLINE_PROJECTS_PER_USER_PER_HOUR is 0 (how many this hour, and the instance's maximum, are
 * checked when they try: createProject).
 */
export function mayCreateProjects(
  viewer: Pick<Viewer, "isAdmin">,
  limits = configuredProjectLimits(),
): boolean {
  return viewer.isAdmin || limits.perUserPerHour > 0;
}

export type CreateProjectResult =
  | { created: true; project: ProjectRef }
  | { created: false; reason: "taken" }
  | { created: false; reason: "rate_limited"; retryAfterMs: number; perHour: number }
  | { created: false; reason: "full"; max: number };

/**
 * Creates a new project with the viewer as its member. A name already in use is refused,
 * whoever owns it: creating never joins an existing project. Users who are not admins create at
 * most `perUserPerHour` an hour, and nobody creates one past `max` projects in all (the operator's
 * CLI is not held to either). Creations queue on one lock, so simultaneous ones count each other.
 */
export async function createProject(
  prisma: PrismaClient,
  viewer: Viewer,
  name: string,
  limits: ProjectLimits = configuredProjectLimits(),
): Promise<CreateProjectResult> {
  try {
    return await prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCKS.projectCreation}::bigint)`;
      if ((await tx.project.count()) >= limits.max)
        return { created: false, reason: "full", max: limits.max };
      if (!viewer.isAdmin) {
        const since = new Date(Date.now() - 3_600_000);
        const recent = await tx.project.findMany({
          where: { createdBy: viewer.id, createdAt: { gte: since } },
          orderBy: { createdAt: "asc" },
          select: { createdAt: true },
        });
        if (recent.length >= limits.perUserPerHour) {
          const oldest = recent[recent.length - limits.perUserPerHour]?.createdAt ?? new Date();
          const retryAfterMs = Math.max(1000, oldest.getTime() + 3_600_000 - Date.now());
          return { created: false, reason: "rate_limited", retryAfterMs, perHour: limits.perUserPerHour };
        }
      }
      const project = await tx.project.create({
        data: { name, createdBy: viewer.id, members: { create: { userId: viewer.id } } },
      });
      return {
        created: true,
        project: { id: project.id, name: project.name, retentionDays: project.retentionDays },
      };
    });
  } catch (error) {
    if ((error as { code?: unknown }).code === "P2002") return { created: false, reason: "taken" };
    throw error;
  }
}

/**
 * Who may manage a project's alert rules — create, change, delete, send tests, see delivery
 * attempts — and create its `admin`-scope keys (which manage the rules through
 * /api/v1/alert-rules): instance admins only. A rule makes this server send requests to a URL
 * its author chooses, so writing one is an administrator's act, not a member's; members still
 * see every failure the rules are about.
 */
export function canManageAlerts(viewer: Pick<Viewer, "isAdmin">): boolean {
  return viewer.isAdmin;
}

/**
 * Who owns a key of each scope, and so who may create and revoke it and how long it works:
 *   ingest, read   the project's. Anyone who may see the project may create and revoke them,
 *                  and they work until revoked, whoever made them: removing or demoting their
 *                  creator leaves them working (they are in use by senders and readers that
 *                  outlive one person's account; Settings shows who created each, to revoke).
 *   admin          its creator's, while they are an admin. Only admins may create or revoke
 *                  one; removing a user or taking their admin flag revokes every admin-scope
 *                  key they created, in the same transaction (lib/auth/user-admin.ts), and a key
 *                  whose creator is no longer an admin is refused the admin scope however that
 *                  came about (lib/auth/keys.ts authenticate). A key with admin and other scopes
 *                  is an admin-scope key.
 *   the operator's keys (npm run keys, FAULTLINE_INIT_INGEST_KEY, the first-run key) have no
 *                  creator among the users: no user's removal or demotion touches them; they
 *                  work until revoked with `npm run keys -- revoke` or in Settings (an
 *                  admin-scope one by an admin).
 */
export function canManageKey(viewer: Pick<Viewer, "isAdmin">, scopes: readonly string[]): boolean {
  return !scopes.includes("admin") || canManageAlerts(viewer);
}

/**
 * What /metrics shows whom. A project's read key (or a signed-in session, for the project it
 * shows) sees its own project's series only. Everything about the instance — process and
 * Node.js metrics, the pools, database errors, every sender's ingest requests and rejections,
 * alert rounds, other projects' series — needs the instance credential: the bearer token
 * FAULTLINE_METRICS_TOKEN (or FAULTLINE_METRICS_PUBLIC=1, which serves everything to anyone).
 * A project key is never an instance credential, whatever its scopes.
 */
export function isInstanceMetricsCredential(
  token: string | undefined,
  configured: string | undefined,
): boolean {
  if (!token || !configured) return false;
  // Compared as digests of one length, in constant time.
  const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();
  return timingSafeEqual(digest(token), digest(configured));
}

/** One project (by name or id) whose alert rules the viewer may manage; otherwise null. */
export async function alertsProject(
  pool: Pool,
  viewer: Viewer,
  which: { name: string } | { id: string },
): Promise<ProjectRef | null> {
  if (!canManageAlerts(viewer)) return null;
  return accessibleProject(pool, viewer, which);
}
