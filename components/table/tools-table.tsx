"use client";

import {
  createColumnHelper,
  createSortedRowModel,
  rowSortingFeature,
  sortFns,
  tableFeatures,
  useTable,
  type SortingState,
} from "@tanstack/react-table";
import { useState } from "react";

// Per-tool health, sortable by any column (the rows are few: one per server and tool).

export interface ToolTableRow {
  server: string;
  tool: string;
  calls: number;
  failureRate: number;
  silentRate: number;
  p95Ms: number | null;
  withCodeShare: number | null;
  opaqueShare: number | null;
  rawExceptionShare: number | null;
}

const features = tableFeatures({ rowSortingFeature, sortedRowModel: createSortedRowModel(), sortFns });
const helper = createColumnHelper<typeof features, ToolTableRow>();
const share = (value: number | null) => (value === null ? "—" : `${(value * 100).toFixed(1)}%`);

const columns = helper.columns([
  helper.accessor("server", { header: "Server" }),
  helper.accessor("tool", { header: "Tool", cell: (info) => info.getValue() || "—" }),
  helper.accessor("calls", { header: "Calls", cell: (info) => info.getValue().toLocaleString("en-US") }),
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

export function ToolsTable({ rows }: { rows: ToolTableRow[] }) {
  const [sorting, setSorting] = useState<SortingState>([{ id: "failureRate", desc: true }]);
  const table = useTable({ features, columns, data: rows, state: { sorting }, onSortingChange: setSorting });
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <table className="min-w-full text-left text-sm" data-testid="tools-table">
        <thead className="bg-zinc-50 text-xs text-zinc-600 uppercase dark:bg-zinc-800 dark:text-zinc-400">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none"}
                    className="px-3 py-2 font-medium whitespace-nowrap"
                  >
                    <button
                      type="button"
                      onClick={header.column.getToggleSortingHandler()}
                      className="inline-flex items-center gap-1 uppercase focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:outline-none"
                    >
                      <table.FlexRender header={header} />
                      <span aria-hidden="true">{sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}</span>
                    </button>
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
