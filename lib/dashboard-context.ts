import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { SESSION_COOKIE, sessionUser, type SessionUser } from "./auth/users";
import { db } from "./db";
import { routedReads } from "./db/read-routing";
import { readsFor } from "./http/rate-limit";
import { readIntent, WRITING_HEADER, WROTE_COOKIE } from "./http/read-your-writes";
import { shownProject, type ProjectRef } from "./auth/access";
import { resolveWindow, type DashboardWindow } from "./schemas/dashboard";

// What every dashboard page and action needs: a signed-in user (else the sign-in page), the
// project they are looking at (one they may see), and the window.

import { PROJECT_COOKIE } from "./auth/session-cookie";

export { PROJECT_COOKIE };

export type SearchParams = Record<string, string | string[] | undefined>;

/** The signed-in user, looked up once per request (the layout and the page both ask). */
export const requireUser = cache(async (): Promise<SessionUser> => {
  const [database, jar] = await Promise.all([db(), cookies()]);
  const user = await sessionUser(database.prisma, jar.get(SESSION_COOKIE)?.value);
  if (!user) redirect("/login");
  return user;
});

/** The project the dashboard shows this user, looked up once per request (the header and the page). */
export const requireShownProject = cache(async (): Promise<ProjectRef | null> => {
  const [database, jar, user] = await Promise.all([db(), cookies(), requireUser()]);
  return shownProject(database.pool, user, jar.get(PROJECT_COOKIE)?.value);
});

export async function dashboardContext(searchParams: Promise<SearchParams>) {
  const [database, params, jar, head, user, project] = await Promise.all([
    db(),
    searchParams,
    cookies(),
    headers(),
    requireUser(),
    requireShownProject(),
  ]);
  const window: DashboardWindow = resolveWindow(params);
  // The replica, or the primary when it cannot serve or this user wrote lately (lib/db/read-routing).
  const routed = routedReads(database, readIntent(jar.get(WROTE_COOKIE)?.value, head.get(WRITING_HEADER)));
  const reads = { ...routed, ...readsFor(routed, `user:${user.id}`) };
  return { database, reads, user, project, window, params };
}
