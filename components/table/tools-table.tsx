"use client";

import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import { Link } from "@/components/ui/link";
import { ScrollRegion } from "@/components/ui/scroll-region";

// Per-tool health. The server sorts and pages (the order lives in the URL, so a sorted view
// can be shared); a sortable heading is a link to the same view in the other order.

export interface ToolTableRow {
  server: string;
  tool: string;
  /** The tool's calls in Activity, for this view's window. */
  callsHref: string;
  /** "Alert me on this": a new rule for the tool, and one for its server (absent for who cannot manage alerts). */
  alertToolHref?: string;
  alertServerHref?: string;
  calls: number;
  failures: number;
  failureRate: number;
  silentRate: number;
  p95Ms: number | null;
  withCodeShare: number | null;
  opaqueShare: number | null;
  rawExceptionShare: number | null;
  /** The failure rate in the period before, for the change column. */
  previousFailureRate: number | null;
}

/** Per sortable column: the link that sorts by it, and how the view is sorted by it now. */
export type SortLinks = Partial<Record<string, { href: string; sorted: "asc" | "desc" | false }>>;

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, ToolTableRow>();
const share = (value: number | null) => (value === null ? "—" : `${(value * 100).toFixed(1)}%`);
const count = (value: number) => value.toLocaleString("en-US");

/** A small "alert me on this" link beside a name. */
function AlertMe({ href, label, title }: { href: string | undefined; label: string; title: string }) {
  if (!href) return null;
  return (
    <Link
      href={href}
      aria-label={label}
      title={title}
      className="shrink-0 rounded px-0.5 text-xs text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
      data-testid="alert-me"
    >
      <span aria-hidden="true">🔔</span>
    </Link>
  );
}

const columns = helper.columns([
  helper.accessor("server", {
    header: "Server",
    cell: (info) => (
      <span className="flex items-center gap-1">
        <Link
          href={`/servers/${encodeURIComponent(info.getValue())}`}
          className="block max-w-28 truncate underline decoration-zinc-300 underline-offset-2 2xl:max-w-64"
          title={`${info.getValue()}: its report card`}
        >
          {info.getValue()}
        </Link>
        {/* Named without the server's name, so a link to it is not found twice by its name. */}
        <AlertMe
          href={info.row.original.alertServerHref}
          label="Alert me on this server"
          title={`Alert me on server ${info.getValue()}`}
        />
      </span>
    ),
  }),
  helper.accessor("tool", {
    header: "Tool",
    cell: (info) => (
      <span className="flex items-center gap-1">
        <Link
          href={info.row.original.callsHref}
          className="block max-w-36 truncate underline decoration-zinc-400 underline-offset-2 2xl:max-w-72"
          title={info.getValue() || undefined}
        >
          {info.getValue() || "—"}
        </Link>
        <AlertMe
          href={info.row.original.alertToolHref}
          label="Alert me on this tool"
          title={`Alert me on tool ${info.row.original.server}/${info.getValue() || "—"}`}
        />
      </span>
    ),
  }),
  helper.accessor("calls", { header: "Calls", cell: (info) => count(info.getValue()) }),
  helper.accessor("failures", { header: "Failures", cell: (info) => count(info.getValue()) }),
  helper.accessor("failureRate", { header: "Failure rate", cell: (info) => share(info.getValue()) }),
  helper.accessor("previousFailureRate", {
    header: "vs period before",
    cell: (info) => {
      const before = info.getValue();
      if (before === null) return <span title="no calls in the period before">new</span>;
      const points = (info.row.original.failureRate - before) * 100;
      if (Math.abs(points) < 0.05) return "=";
      return (
        <span
          className={points > 0 ? "text-red-700 dark:text-red-400" : "text-emerald-700 dark:text-emerald-400"}
          title={`${share(before)} in the period before`}
        >
          {points > 0 ? "▲" : "▼"} {Math.abs(points).toFixed(1)} pts
        </span>
      );
    },
  }),
  helper.accessor("silentRate", { header: "Silent-failure rate", cell: (info) => share(info.getValue()) }),
  helper.accessor("p95Ms", {
    header: "p95 duration",
    cell: (info) => (info.getValue() === null ? "—" : `≤ ${info.getValue()} ms`),
  }),
  helper.accessor("withCodeShare", { header: "Errors with a code", cell: (info) => share(info.getValue()) }),
  helper.accessor("opaqueShare", { header: "Opaque errors", cell: (info) => share(info.getValue()) }),
  helper.accessor("rawExceptionShare", { header: "Raw exceptions", cell: (info) => share(info.getValue()) }),
]);

export function ToolsTable({ rows, sortLinks }: { rows: ToolTableRow[]; sortLinks: SortLinks }) {
  const table = useTable({ features, columns, data: rows });
  return (
    <ScrollRegion
      label="Tools"
      className="rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
    >
      <table className="min-w-full text-left text-sm" data-testid="tools-table">
        <thead className="bg-zinc-50 text-xs text-zinc-600 uppercase dark:bg-zinc-800 dark:text-zinc-400">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sort = sortLinks[header.column.id];
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={
                      sort?.sorted === "asc"
                        ? "ascending"
                        : sort?.sorted === "desc"
                          ? "descending"
                          : undefined
                    }
                    className="px-2 py-2 align-bottom font-medium 2xl:px-3"
                  >
                    {sort ? (
                      <Link
                        href={sort.href}
                        className="inline-flex items-center gap-1 uppercase focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:outline-none"
                      >
                        <table.FlexRender header={header} />
                        <span aria-hidden="true">
                          {sort.sorted === "asc" ? "▲" : sort.sorted === "desc" ? "▼" : "↕"}
                        </span>
                      </Link>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} data-testid="tool-row" data-failures={row.original.failures}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className="px-2 py-2 whitespace-nowrap tabular-nums 2xl:px-3">
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
