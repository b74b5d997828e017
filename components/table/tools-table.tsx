"use client";

import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import Link from "next/link";

// Per-tool health. The server sorts and pages (the order lives in the URL, so a sorted view
// can be shared); a sortable heading is a link to the same view in the other order.

export interface ToolTableRow {
  server: string;
  tool: string;
  /** The tool's calls in Activity, for this view's window. */
  callsHref: string;
  calls: number;
  failures: number;
  failureRate: number;
  silentRate: number;
  p95Ms: number | null;
  withCodeShare: number | null;
  opaqueShare: number | null;
  rawExceptionShare: number | null;
}

/** Per sortable column: the link that sorts by it, and how the view is sorted by it now. */
export type SortLinks = Partial<Record<string, { href: string; sorted: "asc" | "desc" | false }>>;

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, ToolTableRow>();
const share = (value: number | null) => (value === null ? "—" : `${(value * 100).toFixed(1)}%`);
const count = (value: number) => value.toLocaleString("en-US");

const columns = helper.columns([
  helper.accessor("server", { header: "Server" }),
  helper.accessor("tool", {
    header: "Tool",
    cell: (info) => (
      <Link href={info.row.original.callsHref} className="underline decoration-zinc-400 underline-offset-2">
        {info.getValue() || "—"}
      </Link>
    ),
  }),
  helper.accessor("calls", { header: "Calls", cell: (info) => count(info.getValue()) }),
  helper.accessor("failures", { header: "Failures", cell: (info) => count(info.getValue()) }),
  helper.accessor("failureRate", { header: "Failure rate", cell: (info) => share(info.getValue()) }),
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
    <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
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
                    className="px-3 py-2 font-medium whitespace-nowrap"
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
            <tr key={row.id} data-testid="tool-row">
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className="px-3 py-2 tabular-nums">
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
