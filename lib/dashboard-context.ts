import "server-only";
import { cookies } from "next/headers";
import { db } from "./db";
import { resolveProject, type ProjectRef } from "./queries/projects";
import { resolveWindow, type DashboardWindow } from "./schemas/dashboard";

// What every dashboard page needs: the database, the selected project, and the window.

export const PROJECT_COOKIE = "faultline_project";

export type SearchParams = Record<string, string | string[] | undefined>;

export async function dashboardContext(searchParams: Promise<SearchParams>) {
  const [database, params, jar] = await Promise.all([db(), searchParams, cookies()]);
  const project: ProjectRef | null = await resolveProject(database.pool, jar.get(PROJECT_COOKIE)?.value);
  const window: DashboardWindow = resolveWindow(params);
  return { database, pool: database.pool, project, window, params };
}
