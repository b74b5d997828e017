"use client";

import {
  columnVisibilityFeature,
  createColumnHelper,
  tableFeatures,
  useTable,
  type ColumnVisibilityState,
} from "@tanstack/react-table";
import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { CategoryBadge, CodeChip, OutcomeBadge } from "@/components/ui/badges";
import { LocalTime } from "@/components/ui/local-time";
import { ScrollRegion } from "@/components/ui/scroll-region";

// The Activity table: rows come from the server (keyset-paged there); the table owns only
// which columns are shown. Tool text is rendered as React text, never as HTML.

export interface CallRow {
  id: string;
  occurredAt: string;
  server: string;
  tool: string | null;
  /** The JSON-RPC method: tools/call, or initialize, tools/list, … */
  method: string;
  outcome: string;
  category: string | null;
  errorCode: string | null;
  silentFailure: boolean;
  flags: string[];
  text: string;
  durationMs: number | null;
  sessionId: string | null;
  httpStatus: number | null;
  /** Who observed the call, as the pages say it ("proxy (stdio)", "server"). */
  routes: string[];
  /** The text search of the view, marked where it occurs in the text. */
  highlight?: string;
}

/** `text` with every case-insensitive occurrence of `term` in a <mark> (plain string search: no regex). */
function Highlighted({ text, term }: { text: string; term?: string }) {
  const haystack = text.toLowerCase();
  // Lower-casing can change a string's length (rare letters): then the positions would not line up.
  if (!term || haystack.length !== text.length) return <>{text}</>;
  const needle = term.toLowerCase();
  const parts: React.ReactNode[] = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at !== -1 && needle; at = haystack.indexOf(needle, from)) {
    if (at > from) parts.push(text.slice(from, at));
    parts.push(
      <mark key={at} className="rounded-sm bg-yellow-200 text-zinc-900 dark:bg-yellow-600 dark:text-zinc-50">
        {text.slice(at, at + needle.length)}
      </mark>,
    );
    from = at + needle.length;
  }
  parts.push(text.slice(from));
  return <>{parts}</>;
}

/** A name cut to one line at a fixed width, in full on hover. */
function Clipped({ text }: { text: string | null }) {
  if (!text) return <>—</>;
  return (
    <span className="block max-w-28 truncate 2xl:max-w-60" title={text}>
      {text}
    </span>
  );
}

const features = tableFeatures({ columnVisibilityFeature });
const helper = createColumnHelper<typeof features, CallRow>();

const columns = helper.columns([
  helper.accessor("occurredAt", {
    id: "time",
    header: "Time",
    cell: (info) => (
      <Link
        href={`/calls/${encodeURIComponent(info.row.original.id)}`}
        className="whitespace-nowrap underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:outline-none"
      >
        <LocalTime value={info.getValue()} style="short" />
      </Link>
    ),
  }),
  helper.accessor("outcome", {
    header: "Outcome",
    cell: (info) => <OutcomeBadge outcome={info.getValue()} silent={info.row.original.silentFailure} />,
  }),
  helper.accessor("category", {
    header: "Category",
    cell: (info) => <CategoryBadge category={info.getValue()} />,
  }),
  helper.accessor("errorCode", {
    header: "Error code",
    cell: (info) => <CodeChip code={info.getValue()} className="max-w-32 2xl:max-w-48" />,
  }),
  helper.accessor("server", { header: "Server", cell: (info) => <Clipped text={info.getValue()} /> }),
  helper.accessor("method", { header: "Method", cell: (info) => <Clipped text={info.getValue()} /> }),
  helper.accessor("tool", { header: "Tool", cell: (info) => <Clipped text={info.getValue()} /> }),
  helper.accessor("routes", {
    header: "Route",
    // Every route that saw the call, one a line: one call, whatever number of routes reported it.
    cell: (info) => (
      <span className="block text-xs text-zinc-600 dark:text-zinc-400" data-testid="call-routes">
        {info.getValue().length
          ? info.getValue().map((route) => (
              <span key={route} className="block whitespace-nowrap">
                {route}
              </span>
            ))
          : "—"}
      </span>
    ),
  }),
  helper.accessor("text", {
    header: "Text",
    // The column takes the width left over; two lines at most, the whole text on hover.
    cell: (info) => (
      <span
        className="line-clamp-2 min-w-36 font-mono text-xs break-all text-zinc-700 dark:text-zinc-300"
        title={info.getValue() || undefined}
      >
        <Highlighted text={info.getValue()} term={info.row.original.highlight} />
      </span>
    ),
  }),
  helper.accessor("durationMs", {
    header: "Duration",
    cell: (info) => (
      <span className="whitespace-nowrap">
        {info.getValue() === null ? "—" : `${Math.round(info.getValue() ?? 0).toLocaleString("en-US")} ms`}
      </span>
    ),
  }),
  helper.accessor("flags", {
    header: "Flags",
    cell: (info) => (
      <span className="text-xs text-zinc-600 dark:text-zinc-400">{info.getValue().join(", ") || "—"}</span>
    ),
  }),
  helper.accessor("sessionId", {
    header: "Session",
    // The session's timeline: the calls of the run in order, where it first failed, what came next.
    cell: (info) => {
      const sessionId = info.getValue();
      if (!sessionId) return "—";
      return (
        <Link
          href={`/sessions/${encodeURIComponent(sessionId)}`}
          className="block max-w-28 truncate underline decoration-zinc-400 underline-offset-2 focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:outline-none 2xl:max-w-60"
          title={`Session ${sessionId}: its timeline`}
          data-testid="session-link"
        >
          {sessionId}
        </Link>
      );
    },
  }),
  helper.accessor("httpStatus", { header: "HTTP", cell: (info) => info.getValue() ?? "—" }),
]);

/**
 * Below desktop widths each call is a card with what the person paged needs first: when, the
 * outcome and category, server and tool, and the first line of what the agent saw. The whole
 * card opens the call.
 */
function CallCards({ rows }: { rows: CallRow[] }) {
  return (
    <ul aria-label="Calls" className="space-y-2 lg:hidden" data-testid="call-cards">
      {rows.map((row) => (
        <li
          key={row.id}
          data-testid="call-card"
          data-call-id={row.id}
          className="relative rounded-lg border border-zinc-200 bg-white p-3 text-sm focus-within:ring-2 focus-within:ring-orange-500 hover:bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:bg-zinc-800/50"
        >
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Link
              href={`/calls/${encodeURIComponent(row.id)}`}
              className="font-medium whitespace-nowrap focus:outline-none after:absolute after:inset-0 after:content-['']"
            >
              <LocalTime value={row.occurredAt} style="short" />
            </Link>
            <OutcomeBadge outcome={row.outcome} silent={row.silentFailure} />
            <CategoryBadge category={row.category} />
          </div>
          <p className="mt-1 min-w-0 truncate font-medium" data-testid="call-card-where">
            {row.server}
            {row.tool ? ` / ${row.tool}` : row.method !== "tools/call" ? ` · ${row.method}` : ""}
          </p>
          {row.routes.length > 1 ? (
            <p className="min-w-0 truncate text-xs text-zinc-600 dark:text-zinc-400">
              seen by {row.routes.join(" + ")}
            </p>
          ) : null}
          {row.text ? (
            <p
              className="mt-0.5 min-w-0 truncate font-mono text-xs text-zinc-700 dark:text-zinc-300"
              data-testid="call-card-text"
            >
              <Highlighted text={firstLine(row.text)} term={row.highlight} />
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The text up to its first line break: a card shows one line. */
function firstLine(text: string): string {
  const end = text.search(/\r|\n/);
  return end === -1 ? text : text.slice(0, end);
}

// Route is off by default (the table fits 1280 px without it) and on in a view filtered by route.
const DEFAULT_VISIBILITY: ColumnVisibilityState = {
  // Shown when the view holds other methods than tools/call (showMethod); in the Columns menu otherwise.
  method: false,
  flags: false,
  sessionId: false,
  httpStatus: false,
  routes: false,
};
const STORAGE_KEY = "faultline.activity.columns";

export function CallsTable({
  rows,
  showRoutes = false,
  showMethod = false,
}: {
  rows: CallRow[];
  showRoutes?: boolean;
  showMethod?: boolean;
}) {
  const router = useRouter();
  const [columnVisibility, setColumnVisibility] = useState<ColumnVisibilityState>({
    ...DEFAULT_VISIBILITY,
    ...(showRoutes ? { routes: true } : {}),
    ...(showMethod ? { method: true } : {}),
  });
  useEffect(() => {
    // The saved preference (after hydration), with what the view requires on top; also when the
    // view changes within the app (the table stays mounted, so its first state is not read again).
    let saved: ColumnVisibilityState = {};
    try {
      saved = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? "{}") as ColumnVisibilityState;
    } catch {
      // a broken preference is ignored
    }
    // eslint-disable-next-line react-hooks/set-state-in-effect -- restoring a saved preference, after hydration
    setColumnVisibility({
      ...DEFAULT_VISIBILITY,
      ...saved,
      ...(showRoutes ? { routes: true } : {}),
      ...(showMethod ? { method: true } : {}),
    });
  }, [showRoutes, showMethod]);
  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: (row) => row.id,
    state: { columnVisibility },
    onColumnVisibilityChange: (updater) =>
      setColumnVisibility((previous) => {
        const next = typeof updater === "function" ? updater(previous) : updater;
        window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
        return next;
      }),
  });

  return (
    <div>
      <CallCards rows={table.getRowModel().rows.map((row) => row.original)} />
      <details className="mb-2 hidden text-sm lg:block">
        <summary className="cursor-pointer text-zinc-600 select-none dark:text-zinc-400">Columns</summary>
        <fieldset className="mt-2 flex flex-wrap gap-3">
          <legend className="sr-only">Visible columns</legend>
          {table.getAllLeafColumns().map((column) => (
            <label key={column.id} className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={column.getIsVisible()}
                onChange={column.getToggleVisibilityHandler()}
              />
              {String(column.columnDef.header)}
            </label>
          ))}
        </fieldset>
      </details>
      <ScrollRegion
        label="Calls"
        className="hidden rounded-lg border border-zinc-200 bg-white lg:block dark:border-zinc-800 dark:bg-zinc-900"
      >
        <table className="min-w-full text-left text-sm" data-testid="calls-table">
          <thead className="bg-zinc-50 text-xs text-zinc-600 uppercase dark:bg-zinc-800 dark:text-zinc-400">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th
                    key={header.id}
                    scope="col"
                    className="px-2 py-2 font-medium whitespace-nowrap 2xl:px-3"
                  >
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {table.getRowModel().rows.map((row) => (
              <tr
                key={row.id}
                data-testid="call-row"
                data-call-id={row.original.id}
                onClick={(event) => {
                  if ((event.target as HTMLElement).closest("a")) return;
                  router.push(`/calls/${encodeURIComponent(row.original.id)}`);
                }}
                className="cursor-pointer align-top hover:bg-zinc-50 dark:hover:bg-zinc-800/50"
              >
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-2 py-2 2xl:px-3">
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}
