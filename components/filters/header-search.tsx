"use client";

import Form from "next/form";
import { usePathname, useSearchParams } from "next/navigation";

// The search box of every page: what is typed goes to Activity's search, which knows what was
// pasted (a call id or the start of one, a signature, an error code, a session id) and otherwise
// searches the text. The time range and server filter travel with it. Activity has the box in
// its own filters, so the header leaves it out there.

export function HeaderSearch() {
  const pathname = usePathname();
  const params = useSearchParams();
  if (pathname === "/calls") return null;
  const carried: [string, string][] = [];
  for (const key of ["range", "from", "to", "server"])
    for (const value of params.getAll(key)) carried.push([key, value]);
  return (
    <Form
      action="/calls"
      prefetch={false}
      role="search"
      aria-label="Find calls"
      className="flex min-w-0 flex-1 items-center gap-1.5 text-sm md:max-w-md"
    >
      {carried.map(([key, value], index) => (
        <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
      ))}
      <label className="sr-only" htmlFor="find">
        Find a call id, session, error code or text
      </label>
      <input
        id="find"
        name="q"
        type="search"
        required
        maxLength={200}
        placeholder="Call id, session, code, text…"
        className="w-full min-w-0 rounded-md border border-zinc-300 bg-white px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900"
        data-testid="header-search"
      />
      <button
        type="submit"
        className="shrink-0 rounded-md bg-zinc-900 px-2.5 py-1 font-medium text-white hover:bg-zinc-700 dark:bg-zinc-100 dark:text-zinc-900"
      >
        Find
      </button>
    </Form>
  );
}
