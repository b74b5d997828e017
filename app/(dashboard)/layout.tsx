import Link from "next/link";
import { Suspense, type ReactNode } from "react";
import { Nav } from "@/components/ui/nav";

export default function DashboardLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <aside className="border-b border-zinc-200 bg-zinc-100 p-4 md:sticky md:top-0 md:h-screen md:w-48 md:shrink-0 md:border-r md:border-b-0 dark:border-zinc-800 dark:bg-zinc-900">
        <Link href="/" className="mb-4 flex items-center gap-2 text-lg font-semibold tracking-tight">
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src="/favicon.svg" alt="" width={24} height={24} />
          Faultline
        </Link>
        <Suspense>
          <Nav />
        </Suspense>
      </aside>
      <main className="min-w-0 flex-1 p-4 md:p-8">{children}</main>
    </div>
  );
}
