import type { Pool } from "pg";

export interface ProjectRef {
  id: string;
  name: string;
}

/** The projects a user may see: all for an admin, else the ones they belong to. */
export async function listProjects(
  pool: Pool,
  user: { id: string; isAdmin: boolean },
): Promise<ProjectRef[]> {
  const { rows } = user.isAdmin
    ? await pool.query<ProjectRef>(`SELECT id, name FROM projects ORDER BY created_at, name`)
    : await pool.query<ProjectRef>(
        `SELECT p.id, p.name FROM projects p JOIN project_members m ON m.project_id = p.id
          WHERE m.user_id = $1 ORDER BY p.created_at, p.name`,
        [user.id],
      );
  return rows;
}

/** The project a dashboard page shows: the named one, else "default", else the oldest — of those the user may see. */
export async function resolveProject(
  pool: Pool,
  user: { id: string; isAdmin: boolean },
  name: string | undefined,
): Promise<ProjectRef | null> {
  const projects = await listProjects(pool, user);
  return (
    (name ? projects.find((project) => project.name === name) : undefined) ??
    projects.find((project) => project.name === "default") ??
    projects[0] ??
    null
  );
}
