import type { Pool } from "pg";
import type { PrismaClient } from "../db/generated/client.ts";
import { canManageUsers, PROJECT_PAGE_SIZE, type ProjectPage, type Viewer } from "./access";
import { UserAdminError } from "./user-admin";

// The projects an admin chooses from when inviting a user or setting their memberships, in a
// form whose size never grows with the number of projects: a box per project while there are
// at most PROJECT_CHOICES_MAX, past that the names typed (and a user's memberships a page at a
// time). Admins only, like the rest of user management (lib/auth/user-admin.ts).

/** Up to this many projects, a form has a box per project; past it, names are typed. */
export const PROJECT_CHOICES_MAX = 100;
/** Names one form may type at once. */
export const TYPED_PROJECTS_MAX = 100;

export interface ProjectOption {
  id: string;
  name: string;
}

export type ProjectChoices = { kind: "boxes"; projects: ProjectOption[] } | { kind: "typed"; total: number };

function refuseUnlessAdmin(actor: Pick<Viewer, "isAdmin">): void {
  if (!canManageUsers(actor)) throw new UserAdminError("forbidden", "Only admins can manage users.");
}

/** What a project's name may be (Settings' rule); anything else is no project's name. */
const PROJECT_NAME = /^[\w.-]{1,100}$/;

/** Every project as a box when there are few; otherwise just how many there are. */
export async function projectChoices(pool: Pool, actor: Viewer): Promise<ProjectChoices> {
  refuseUnlessAdmin(actor);
  const { rows } = await pool.query<ProjectOption>(
    `SELECT id, name FROM projects ORDER BY name LIMIT ${PROJECT_CHOICES_MAX + 1}`,
  );
  if (rows.length <= PROJECT_CHOICES_MAX) return { kind: "boxes", projects: rows };
  const { rows: count } = await pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM projects`);
  return { kind: "typed", total: count[0]!.total };
}

/** One page of the projects a user is a member of, by name, after the name `after`. */
export async function membershipPage(
  pool: Pool,
  actor: Viewer,
  userId: string,
  after?: string,
): Promise<ProjectPage> {
  refuseUnlessAdmin(actor);
  const [page, count] = await Promise.all([
    pool.query<{ id: string; name: string; retentionDays: number }>(
      `SELECT p.id, p.name, p.retention_days AS "retentionDays"
         FROM project_members m JOIN projects p ON p.id = m.project_id
        WHERE m.user_id = $1::uuid AND p.name > $2 ORDER BY p.name LIMIT $3`,
      [userId, after ?? "", PROJECT_PAGE_SIZE + 1],
    ),
    pool.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM project_members WHERE user_id = $1::uuid`,
      [userId],
    ),
  ]);
  const projects = page.rows.slice(0, PROJECT_PAGE_SIZE);
  return {
    projects,
    total: count.rows[0]!.total,
    nextCursor: page.rows.length > PROJECT_PAGE_SIZE ? projects.at(-1)!.name : null,
  };
}

/** Which of `projects` the user is a member of (the boxes to tick). */
export async function membershipIds(
  pool: Pool,
  actor: Viewer,
  userId: string,
  projects: ProjectOption[],
): Promise<string[]> {
  refuseUnlessAdmin(actor);
  const { rows } = await pool.query<{ project_id: string }>(
    `SELECT project_id FROM project_members WHERE user_id = $1::uuid AND project_id = ANY($2::uuid[])`,
    [userId, projects.map((project) => project.id)],
  );
  return rows.map((row) => row.project_id);
}

/** "a, b\nc" → the names, trimmed, once each (the form's typed projects). */
export function typedProjectNames(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,\n]/)
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
}

export type ResolvedNames = { ok: true; ids: string[] } | { ok: false; message: string };

/** The ids of projects named in a form; names that are no project are listed in the refusal. */
export async function projectIdsByName(
  prisma: PrismaClient,
  actor: Viewer,
  names: string[],
): Promise<ResolvedNames> {
  refuseUnlessAdmin(actor);
  if (names.length === 0) return { ok: true, ids: [] };
  if (names.length > TYPED_PROJECTS_MAX) {
    return { ok: false, message: `Type at most ${TYPED_PROJECTS_MAX} project names at once.` };
  }
  const found = await prisma.project.findMany({
    where: { name: { in: names.filter((name) => PROJECT_NAME.test(name)) } },
    select: { id: true, name: true },
  });
  const known = new Set(found.map((project) => project.name));
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    const shown = unknown.slice(0, 10).join(", ");
    return {
      ok: false,
      message: `No project is named ${shown}${unknown.length > 10 ? ` (and ${unknown.length - 10} more)` : ""}.`,
    };
  }
  return { ok: true, ids: found.map((project) => project.id) };
}
