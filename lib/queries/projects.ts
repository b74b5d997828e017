import type { Pool } from "pg";

export interface ProjectRef {
  id: string;
  name: string;
}

export async function listProjects(pool: Pool): Promise<ProjectRef[]> {
  const { rows } = await pool.query<ProjectRef>(`SELECT id, name FROM projects ORDER BY created_at, name`);
  return rows;
}

/** The project a dashboard page shows: the named one, else "default", else the oldest. */
export async function resolveProject(pool: Pool, name: string | undefined): Promise<ProjectRef | null> {
  const projects = await listProjects(pool);
  return (
    (name ? projects.find((project) => project.name === name) : undefined) ??
    projects.find((project) => project.name === "default") ??
    projects[0] ??
    null
  );
}
