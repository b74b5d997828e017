// The statements behind every page, as cases a bench can time on any connection: bench/reads.ts
// times them at 1M and 10M calls, bench/index-price.ts with and without each index of `calls`.
import type { Queryable } from "../lib/db/connect";
import { filterOptions, listErrorCodes } from "../lib/queries/breakdowns";
import { getCall, listCalls } from "../lib/queries/calls";
import { listFailureSignatures } from "../lib/queries/failures";
import { signatureCountsSql, signatureDaysBuilt } from "../lib/queries/rollup-range";
import { getOverview } from "../lib/queries/overview";
import { listSilentGroups } from "../lib/queries/silent-groups";
import { getStats } from "../lib/queries/stats";
import { listTools } from "../lib/queries/tools";
import { resolveWindow } from "../lib/schemas/dashboard";
import { listCallsQuerySchema } from "../lib/schemas/read";
import { PROJECT } from "./dataset";

/** A page's statements: run number `index` (to vary the values), on `on`. */
export type ReadCase = [label: string, run: (index: number, on: Queryable) => Promise<unknown>];

/** What the cases need from the data set: how many calls it holds, and one page's first call ids. */
export interface CaseContext {
  calls: number;
  now: Date;
  cursor: string;
  someId: string;
}

/** Activity and the call page, filtered, at the first page and by cursor. */
export const list = (on: Queryable, now: Date, params: Record<string, string>) =>
  listCalls(on, PROJECT, listCallsQuerySchema.parse(params), now);

export async function caseContext(on: Queryable, calls: number, now = new Date()): Promise<CaseContext> {
  const first = await list(on, now, {});
  return { calls, now, cursor: first.nextCursor!, someId: first.calls[10]!.id };
}

export function readCases({ calls, now, cursor, someId }: CaseContext): ReadCase[] {
  const window = (range: string) => resolveWindow({ range }, now);
  const activity = (on: Queryable, params: Record<string, string>) => list(on, now, params);
  return [
    ["overview 24h", (_, on) => getOverview(on, PROJECT, window("24h"))],
    ["overview 7d", (_, on) => getOverview(on, PROJECT, window("7d"))],
    [
      "stats 30d",
      (_, on) => getStats(on, PROJECT, { from: window("30d").from, to: now, server: [], method: [] }, now),
    ],
    ["activity, unfiltered", (_, on) => activity(on, {})],
    ["activity, outcome", (_, on) => activity(on, { outcome: "tool_error" })],
    ["activity, category", (_, on) => activity(on, { category: "rate_limited" })],
    ["activity, error code", (_, on) => activity(on, { errorCode: "-32601" })],
    ["activity, server", (index, on) => activity(on, { server: `server-${index % 20}` })],
    ["activity, tool", (index, on) => activity(on, { tool: `tool_${(index * 37) % 2000}` })],
    ["activity, flag", (_, on) => activity(on, { flag: "error_text" })],
    ["activity, silent failures", (_, on) => activity(on, { silentFailure: "true" })],
    [
      "activity, session",
      (index, on) => activity(on, { sessionId: `session-${(index * 997) % (calls / 25)}` }),
    ],
    ["activity, next page (cursor)", (_, on) => activity(on, { cursor })],
    [
      "activity, text search 7d (rare)",
      (index, on) => activity(on, { q: `cus_0999${index % 10}`, from: window("7d").from.toISOString() }),
    ],
    ["activity, text search 30d (none)", (index, on) => activity(on, { q: `nothing-like-this-${index}` })],
    ["call by id", (_, on) => getCall(on, PROJECT, someId)],
    ["error codes 24h", (_, on) => listErrorCodes(on, PROJECT, window("24h"))],
    ["error codes 30d", (_, on) => listErrorCodes(on, PROJECT, window("30d"))],
    ["failures 24h", (_, on) => listFailureSignatures(on, PROJECT, window("24h"))],
    ["failures 30d", (_, on) => listFailureSignatures(on, PROJECT, window("30d"))],
    ["failures 30d, search", (_, on) => listFailureSignatures(on, PROJECT, window("30d"), { q: "parse" })],
    // The month's counts per signature alone, as the page read them before the daily rows (every hourly
    // row of the window) and as it reads them now: the baseline and the change, in the same run.
    [
      "failures 30d counts, hourly rows (before)",
      (_, on) => {
        const { from, to } = window("30d");
        return on.query(
          `SELECT signature, sum(calls)::int FROM signature_rollups
            WHERE project_id = $1 AND bucket_start >= date_trunc('hour', $2::timestamptz) AND bucket_start < $3
            GROUP BY 1`,
          [PROJECT, from, to],
        );
      },
    ],
    ...[true, false].map((days): ReadCase => [
      days
        ? "failures 30d counts, daily rows and edges (before)"
        : "failures 30d counts, weekly rows, days and edges",
      async (_, on) => {
        const { from, to } = window("30d");
        const params: unknown[] = [PROJECT];
        const builtThrough = await signatureDaysBuilt(on, PROJECT);
        return on.query(
          `SELECT signature, sum(calls)::int FROM ${signatureCountsSql("$1", { from, to, builtThrough, days }, params)} r GROUP BY 1`,
          params,
        );
      },
    ]),
    ["tools 24h", (_, on) => listTools(on, PROJECT, window("24h"))],
    ["tools 30d", (_, on) => listTools(on, PROJECT, window("30d"))],
    [
      "tools 30d, by calls, search",
      (_, on) => listTools(on, PROJECT, window("30d"), { sort: "calls", q: "tool_1" }),
    ],
    ["silent groups", (_, on) => listSilentGroups(on, PROJECT, { statuses: ["open"] })],
    ["filter options 7d", (_, on) => filterOptions(on, PROJECT, window("7d"))],
  ];
}
