"use client";

import { useLinkStatus } from "next/link";
import { Link } from "@/components/ui/link";
import { usePathname, useSearchParams } from "next/navigation";

const LINKS = [
  { href: "/", label: "Overview" },
  { href: "/calls", label: "Activity" },
  { href: "/sessions", label: "Sessions" },
  { href: "/failures", label: "Failures" },
  { href: "/suspicious", label: "Silent failures" },
  { href: "/codes", label: "Error codes" },
  { href: "/tools", label: "Tools" },
  { href: "/servers", label: "Servers" },
  { href: "/settings/alerts", label: "Alerts" },
  { href: "/settings/probes", label: "Probes" },
  { href: "/settings/connect", label: "Connect" },
  { href: "/settings", label: "Settings" },
];

/** The link that is the page: the longest href the path starts with ("/settings/connect" over "/settings"). */
function activeHref(pathname: string): string | undefined {
  if (pathname === "/") return "/";
  return LINKS.filter((link) => link.href !== "/" && pathname.startsWith(link.href)).sort(
    (a, b) => b.href.length - a.href.length,
  )[0]?.href;
}

/**
 * While the page a link opens is on its way (pages show once their data is in, with no skeleton
 * before), the link says so: a spinner beside it, announced as loading.
 */
function Pending() {
  const { pending } = useLinkStatus();
  return pending ? (
    <span
      role="status"
      data-testid="nav-pending"
      className="ml-2 inline-block h-3 w-3 animate-spin rounded-full border-2 border-current border-t-transparent align-[-1px]"
    >
      <span className="sr-only">Loading…</span>
    </span>
  ) : null;
}

/** The page links (the sidebar, or the phone's menu); the time range and server filter travel with them. */
export function Nav({ layout = "sidebar" }: { layout?: "sidebar" | "menu" }) {
  const pathname = usePathname();
  const params = useSearchParams();
  const carried = new URLSearchParams();
  for (const key of ["range", "from", "to", "server"])
    for (const value of params.getAll(key)) carried.append(key, value);
  const query = carried.toString();
  return (
    <nav aria-label="Main" className={layout === "menu" ? "grid grid-cols-2 gap-1" : "flex flex-col gap-1"}>
      {LINKS.map((link) => {
        const active = activeHref(pathname) === link.href;
        return (
          <Link
            key={link.href}
            href={query && !link.href.startsWith("/settings") ? `${link.href}?${query}` : link.href}
            aria-current={active ? "page" : undefined}
            className={`rounded-md px-3 py-2 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-orange-500 ${
              active
                ? "bg-zinc-900 font-medium text-white dark:bg-zinc-100 dark:text-zinc-900"
                : "text-zinc-700 hover:bg-zinc-200 dark:text-zinc-300 dark:hover:bg-zinc-800"
            }`}
          >
            {link.label}
            <Pending />
          </Link>
        );
      })}
    </nav>
  );
}
