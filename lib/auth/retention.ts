import type { Pool } from "pg";
import { retentionProblem } from "../ingest/time-window";
import { accessibleProject, type Viewer } from "./access";

// Who may set how long a project keeps its calls, and to what: an instance admin, up to
// FAULTLINE_MAX_RETENTION_DAYS (lib/ingest/time-window.ts). Every day kept is a partition of the
// calls table every project shares, so retention is the instance's to bound, not a member's.

export function canSetRetention(viewer: Pick<Viewer, "isAdmin">): boolean {
  return viewer.isAdmin;
}

export type RetentionChange =
  { ok: true; days: number } | { ok: false; reason: "not_admin" | "no_project" | "invalid"; message: string };

export async function setRetention(
  pool: Pool,
  viewer: Viewer,
  project: string,
  days: number,
  maxRetentionDays: number,
): Promise<RetentionChange> {
  if (!canSetRetention(viewer))
    return { ok: false, reason: "not_admin", message: "Only an admin may change retention." };
  const problem = retentionProblem(days, maxRetentionDays);
  if (problem) return { ok: false, reason: "invalid", message: problem };
  const visible = await accessibleProject(pool, viewer, { name: project });
  if (!visible) return { ok: false, reason: "no_project", message: "No such project." };
  await pool.query(`UPDATE projects SET retention_days = $2 WHERE id = $1`, [visible.id, days]);
  return { ok: true, days };
}
