"use client";

import { usePathname } from "next/navigation";
import { selectProjectAction } from "@/app/(dashboard)/settings/actions";
import { Link } from "./link";

// The project the dashboard shows, switchable from the header of every page. Choosing one submits
// at once (Settings' "Show this project" action, which checks the choice against who may see
// what); without JavaScript a button does. The list is one page of the projects the viewer may
// see; past it, Settings finds the rest by name.

/** A page of one call, signature or user belongs to one project: switching goes to its list. */
function listOf(pathname: string): string | undefined {
  const detail = /^(\/calls|\/failures|\/settings\/users)\/[^/]+/.exec(pathname);
  return detail?.[1];
}

export function ProjectSwitcher({
  projects,
  shown,
  total,
}: {
  projects: string[];
  shown: string | null;
  total: number;
}) {
  const pathname = usePathname();
  const next = listOf(pathname);
  if (!shown) {
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="project-switcher">
        No project
      </p>
    );
  }
  const label = (
    <label htmlFor="project-switcher" className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400">
      Project
    </label>
  );
  if (projects.length <= 1) {
    return (
      <p className="flex min-w-0 items-center gap-1.5 text-sm" data-testid="project-switcher">
        <span className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400">Project</span>
        <span className="min-w-0 truncate font-medium" title={shown}>
          {shown}
        </span>
      </p>
    );
  }
  return (
    <form action={selectProjectAction} className="flex min-w-0 items-center gap-1.5 text-sm">
      {label}
      <select
        // A refused choice (a project no longer visible) shows the project that is still shown.
        key={shown}
        id="project-switcher"
        name="name"
        defaultValue={shown}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
        className="max-w-40 min-w-0 truncate rounded-md border border-zinc-300 bg-white py-1 pr-7 pl-2 font-medium sm:max-w-56 dark:border-zinc-700 dark:bg-zinc-900"
        data-testid="project-switcher"
      >
        {projects.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <noscript>
        <button type="submit" className="rounded-md border border-zinc-300 px-2 py-1 dark:border-zinc-700">
          Show
        </button>
      </noscript>
      {total > projects.length ? (
        <Link
          href="/settings"
          className="shrink-0 text-xs text-zinc-600 underline dark:text-zinc-400"
          data-testid="all-projects"
        >
          all {total.toLocaleString("en-US")}
        </Link>
      ) : null}
    </form>
  );
}
