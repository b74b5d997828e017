"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useEffect, useRef, type ReactNode } from "react";

// On a phone the navigation is one button: a disclosure (works without JavaScript) whose panel
// lies over the page, and closes when a link in it is followed or Escape is pressed.

export function MobileMenu({ children }: { children: ReactNode }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const pathname = usePathname();
  const params = useSearchParams();
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname, params]);
  return (
    <details
      ref={menu}
      className="md:hidden"
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !menu.current?.open) return;
        menu.current.open = false;
        menu.current.querySelector("summary")?.focus();
      }}
    >
      <summary
        className="flex cursor-pointer list-none items-center gap-1.5 rounded-md border border-zinc-300 bg-white px-3 py-1.5 text-sm font-medium select-none focus:outline-none focus-visible:ring-2 focus-visible:ring-orange-500 dark:border-zinc-700 dark:bg-zinc-900 [&::-webkit-details-marker]:hidden"
        data-testid="menu-button"
      >
        <span aria-hidden="true">☰</span> Menu
      </summary>
      <div className="absolute inset-x-0 top-full z-30 border-b border-zinc-200 bg-zinc-100 p-4 shadow-lg dark:border-zinc-800 dark:bg-zinc-900">
        {children}
      </div>
    </details>
  );
}
