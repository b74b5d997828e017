import { Link } from "@/components/ui/link";
import { Suspense, type ReactNode } from "react";
import { Nav } from "@/components/ui/nav";
import { requireUser } from "@/lib/dashboard-context";
import { signOutAction } from "../login/actions";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      {/* The background runs the page's full height; the links stay in view while it scrolls. */}
      <aside className="border-b border-zinc-200 bg-zinc-100 md:w-48 md:shrink-0 md:border-r md:border-b-0 dark:border-zinc-800 dark:bg-zinc-900">
        <div className="p-4 md:sticky md:top-0">
          <Link href="/" className="mb-4 flex items-center gap-2 text-lg font-semibold tracking-tight">
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img src="/favicon.svg" alt="" width={24} height={24} />
            Faultline
          </Link>
          <Suspense>
            <Nav />
          </Suspense>
          <form action={signOutAction} className="mt-6 text-xs text-zinc-600 dark:text-zinc-400">
            <p className="truncate" title={user.email} data-testid="signed-in-as">
              {user.email}
            </p>
            <button type="submit" className="mt-1 underline" data-testid="sign-out">
              Sign out
            </button>
          </form>
        </div>
      </aside>
      <main className="min-w-0 flex-1 p-4 md:p-8">{children}</main>
    </div>
  );
}
