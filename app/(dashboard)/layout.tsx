import { Link } from "@/components/ui/link";
import { Suspense, type ReactNode } from "react";
import { HeaderSearch } from "@/components/filters/header-search";
import { MobileMenu } from "@/components/ui/mobile-menu";
import { Nav } from "@/components/ui/nav";
import { FoldNotice } from "@/components/ui/fold-notice";
import { ProjectSwitcher } from "@/components/ui/project-switcher";
import { projectPage } from "@/lib/auth/access";
import { db } from "@/lib/db";
import { requireShownProject, requireUser } from "@/lib/dashboard-context";
import { foldStatus } from "@/lib/ingest/fold-status";
import { signOutAction } from "../login/actions";

// Every dashboard page: the links (a sidebar; on a phone, one Menu button), and a header with the
// project switcher and the search box.

function Brand() {
  return (
    <Link href="/" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src="/favicon.svg" alt="" width={24} height={24} />
      Faultline
    </Link>
  );
}

/** Who is signed in, and Sign out; `testIds` on the sidebar's copy only (the menu's is a second one). */
function SignedIn({ email, testIds = false }: { email: string; testIds?: boolean }) {
  return (
    <form action={signOutAction} className="text-xs text-zinc-600 dark:text-zinc-400">
      <p className="truncate" title={email} data-testid={testIds ? "signed-in-as" : undefined}>
        {email}
      </p>
      <button type="submit" className="mt-1 underline" data-testid={testIds ? "sign-out" : undefined}>
        Sign out
      </button>
    </form>
  );
}

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const [user, shown, { pool }] = await Promise.all([requireUser(), requireShownProject(), db()]);
  // One page of the projects this user may see, by name (lib/auth/access: the one visibility rule).
  const [page, folded] = await Promise.all([
    projectPage(pool, user),
    foldStatus(pool).catch(() => undefined),
  ]);
  const names = page.projects.map((project) => project.name);
  if (shown && !names.includes(shown.name)) names.unshift(shown.name);
  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      {/* The background runs the page's full height; the links stay in view while it scrolls. */}
      <aside className="hidden border-r border-zinc-200 bg-zinc-100 md:block md:w-48 md:shrink-0 dark:border-zinc-800 dark:bg-zinc-900">
        <div className="sticky top-0 p-4">
          <div className="mb-4">
            <Brand />
          </div>
          <Suspense>
            <Nav />
          </Suspense>
          <div className="mt-6">
            <SignedIn email={user.email} testIds />
          </div>
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="relative border-b border-zinc-200 bg-zinc-50 px-4 py-2 md:px-8 dark:border-zinc-800 dark:bg-zinc-950">
          <div className="mb-2 flex items-center justify-between gap-2 md:hidden">
            <Brand />
            <Suspense>
              <MobileMenu>
                <Nav layout="menu" />
                <div className="mt-4">
                  <SignedIn email={user.email} />
                </div>
              </MobileMenu>
            </Suspense>
          </div>
          <div className="flex items-center gap-3 md:justify-between">
            <Suspense>
              <ProjectSwitcher projects={names} shown={shown?.name ?? null} total={page.total} />
              <HeaderSearch />
            </Suspense>
          </div>
        </header>
        <FoldNotice status={folded} />
        <main className="min-w-0 flex-1 p-4 md:p-8">{children}</main>
      </div>
    </div>
  );
}
