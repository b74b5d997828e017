"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useState, useTransition } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { RANGE_LABELS, RANGE_PRESETS, type RangePreset } from "@/lib/schemas/dashboard";

// Time range and server filter, kept in the URL so a view can be shared by link.

type Range = keyof typeof RANGE_LABELS;

function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const offset = date.getTimezoneOffset() * 60_000;
  return new Date(date.getTime() - offset).toISOString().slice(0, 16);
}

/**
 * This view's URL with its window pinned: "last hour" becomes the hour it is now, so a
 * colleague opening the link later sees the same calls. Relative links still work as bookmarks.
 */
function exactLink(params: URLSearchParams, pathname: string, now = Date.now()): string {
  const next = new URLSearchParams(params.toString());
  const range = (next.get("range") ?? "24h") as RangePreset | "custom";
  if (range !== "custom") {
    next.set("range", "custom");
    next.set("from", new Date(now - (RANGE_PRESETS[range] ?? RANGE_PRESETS["24h"])).toISOString());
    next.set("to", new Date(now).toISOString());
  }
  next.delete("live");
  return `${window.location.origin}${pathname}?${next.toString()}`;
}

export function TimeRangeFilter({ servers }: { servers: string[] }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const range = (params.get("range") ?? "24h") as Range;
  const [from, setFrom] = useState(toLocalInput(params.get("from")));
  const [to, setTo] = useState(toLocalInput(params.get("to")));
  // The page stays as it is until the new window's data is in; meanwhile this says it is coming.
  const [pending, startTransition] = useTransition();

  const navigate = (change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(params.toString());
    next.delete("cursor");
    next.delete("after");
    change(next);
    startTransition(() => router.push(`${pathname}?${next.toString()}`));
  };

  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label className="sr-only" htmlFor="range">
        Time range
      </label>
      <select
        id="range"
        value={range}
        onChange={(event) =>
          navigate((next) => {
            next.set("range", event.target.value);
            if (event.target.value !== "custom") {
              next.delete("from");
              next.delete("to");
            }
          })
        }
        className="rounded-md border border-zinc-300 bg-white px-2 py-1.5 dark:border-zinc-700 dark:bg-zinc-900"
      >
        {(Object.keys(RANGE_LABELS) as Range[]).map((key) => (
          <option key={key} value={key}>
            {RANGE_LABELS[key]}
          </option>
        ))}
      </select>
      {range === "custom" ? (
        // On a phone the two fields take the width there is (one under the other), not more.
        <form
          className="flex w-full min-w-0 flex-wrap items-center gap-1 sm:w-auto sm:flex-nowrap"
          onSubmit={(event) => {
            event.preventDefault();
            navigate((next) => {
              if (from) next.set("from", new Date(from).toISOString());
              if (to) next.set("to", new Date(to).toISOString());
              else next.delete("to");
            });
          }}
        >
          {/* A phone puts "From" on its own line and "To" beside Apply, labels shown; wider, one row. */}
          <span className="flex w-full min-w-0 items-center gap-1 sm:w-auto">
            <label
              className="w-9 shrink-0 text-xs text-zinc-600 sm:sr-only dark:text-zinc-400"
              htmlFor="from"
            >
              From
            </label>
            <input
              id="from"
              type="datetime-local"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              className="min-w-0 flex-1 rounded-md border border-zinc-300 bg-white px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900"
            />
          </span>
          <span aria-hidden="true" className="hidden sm:inline">
            –
          </span>
          <span className="flex min-w-0 flex-1 items-center gap-1 sm:flex-none">
            <label className="w-9 shrink-0 text-xs text-zinc-600 sm:sr-only dark:text-zinc-400" htmlFor="to">
              To
            </label>
            <input
              id="to"
              type="datetime-local"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              className="min-w-0 flex-1 rounded-md border border-zinc-300 bg-white px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900"
            />
          </span>
          <button
            type="submit"
            className="rounded-md bg-zinc-900 px-2 py-1 text-white dark:bg-zinc-100 dark:text-zinc-900"
          >
            Apply
          </button>
        </form>
      ) : null}
      <label className="sr-only" htmlFor="server-filter">
        Server
      </label>
      <select
        id="server-filter"
        value={params.get("server") ?? ""}
        onChange={(event) =>
          navigate((next) => {
            next.delete("server");
            if (event.target.value) next.set("server", event.target.value);
          })
        }
        className="max-w-56 rounded-md border border-zinc-300 bg-white px-2 py-1.5 lg:max-w-72 dark:border-zinc-700 dark:bg-zinc-900"
      >
        <option value="">All servers</option>
        {withChosen(servers, params.get("server")).map((server) => (
          <option key={server} value={server}>
            {server}
          </option>
        ))}
      </select>
      {pending ? (
        <span role="status" className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="range-pending">
          Loading…
        </span>
      ) : null}
      <CopyButton
        text={() => exactLink(params, pathname)}
        label="Copy link"
        what="to this view with its time window pinned"
        size="sm"
        testId="copy-link"
        title="Copy a link to this view with its time window pinned"
      />
    </div>
  );
}

/** The menu's servers, with the chosen one first when it is not among them (it is still the filter). */
function withChosen(servers: string[], chosen: string | null): string[] {
  return chosen && !servers.includes(chosen) ? [chosen, ...servers] : servers;
}
