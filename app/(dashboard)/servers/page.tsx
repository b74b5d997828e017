import { Fragment } from "react";
import { FilterChips } from "@/components/filters/filter-chips";
import { ListSearch } from "@/components/filters/list-search";
import { TimeRangeFilter } from "@/components/filters/time-range";
import { count, GradeBadge, percent } from "@/components/insight/grade";
import { EmptyState, PageHeader } from "@/components/ui/layout";
import { Link } from "@/components/ui/link";
import { Pager } from "@/components/ui/pager";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { dashboardContext, type SearchParams } from "@/lib/dashboard-context";
import {
  defaultFleetDirection,
  fleet,
  FLEET_SORTS,
  withServers,
  pageFleet,
  sortFleet,
  type FleetRow,
  type FleetSort,
} from "@/lib/insight/fleet";
import { MAX_FLEET_SERVERS } from "@/lib/insight/counts";
import { MIN_FAILURES_TO_GRADE } from "@/lib/insight/grades";
import { GRADING_PATH } from "@/lib/insight/grading";
import { serverCardHref } from "@/lib/insight/links";
import { MEASURES, MEASURE_IDS } from "@/lib/insight/measures";
import { cardWindow, formatWindow } from "@/lib/insight/window";
import { searchChip } from "@/lib/filter-chips";
import { orFirstPage } from "@/lib/queries/keyset";
import { listPageSchema } from "@/lib/schemas/dashboard";
import { viewHref } from "@/lib/view-href";
import { RunBadge } from "@/components/probes/run";
import { LocalTime } from "@/components/ui/local-time";
import { latestRunByServer, type ProbeRun } from "@/lib/probes";

export const dynamic = "force-dynamic";

/**
 * The measures' headings for the reflowed rows, once a page rather than once a row — only where the
 * rows reflow (the breakpoint of `.fleet` in app/globals.css); a wide table has its column headings.
 */
const PHONE_HEADINGS = `@media (width < 64rem){${MEASURE_IDS.map(
  (id) => `.fleet td[data-measure="${id}"]::before{content:${JSON.stringify(MEASURES[id].heading)}}`,
).join("")}.fleet td[data-probe]::before{content:"Probe"}}`;

export default async function ServersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { reads, database, project, window, params } = await dashboardContext(searchParams);
  const list = listPageSchema.parse(params);
  const sort: FleetSort = FLEET_SORTS.includes(list.sort as FleetSort) ? (list.sort as FleetSort) : "grade";
  const dir = list.dir ?? defaultFleetDirection(sort);
  const period = cardWindow(window.from, window.to);
  const [traffic, probed] = project
    ? await Promise.all([
        fleet(reads, project.id, period, list.q),
        latestRunByServer(database.pool, project.id),
      ])
    : [[], new Map<string, ProbeRun>()];
  // A probed server is listed though no agent called it in the period (with its probe's state).
  const all = sortFleet(
    traffic.length >= MAX_FLEET_SERVERS ? traffic : withServers(traffic, probed.keys(), list.q),
    sort,
    dir,
  );
  const worst = list.q ? undefined : sortFleet(all, "grade", "desc").find((row) => row.grade !== null);
  // A page of the fleet, however many servers senders named (a bad cursor: the first page).
  const { page, cursor: shownCursor } = await orFirstPage(list.cursor, async (cursor) =>
    pageFleet(all, { cursor }),
  );
  const rows = page.rows;
  const cardParams = { range: "custom", from: period.from.toISOString(), to: period.to.toISOString() };

  const heading = (column: FleetSort, label: string) => {
    const current = column === sort;
    const nextDir = current ? (dir === "asc" ? "desc" : "asc") : defaultFleetDirection(column);
    return (
      <th
        scope="col"
        role="columnheader"
        className="px-2 py-2 text-left align-bottom font-medium"
        aria-sort={current ? (dir === "asc" ? "ascending" : "descending") : undefined}
      >
        <Link
          href={viewHref("/servers", params, ["sort", "dir", "cursor"], { sort: column, dir: nextDir })}
          className="inline-flex items-center gap-1 underline decoration-zinc-300 underline-offset-2"
          data-testid={`sort-${column}`}
        >
          {label}
          {current ? <span aria-hidden="true">{dir === "asc" ? "↑" : "↓"}</span> : null}
        </Link>
      </th>
    );
  };

  return (
    <>
      <PageHeader
        title="Servers"
        description={
          <>
            Every MCP server&apos;s error hygiene on its real traffic: how its failures reach the agent,
            graded per measure and overall (
            <Link href={GRADING_PATH} className="underline" data-testid="grading-link">
              how each grade is computed
            </Link>
            ). Worst first; click a heading to sort, a server for its report card and what to change.
          </>
        }
        actions={<TimeRangeFilter servers={[]} />}
      />
      <ListSearch path="/servers" params={params} label="Search servers" placeholder="Server name" />
      <FilterChips chips={searchChip("/servers", params, list.q)} />
      {rows.length === 0 ? (
        <EmptyState title={list.q ? "No servers match" : "No tool calls in this period"} />
      ) : (
        <>
          {worst ? (
            <p
              className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm dark:border-red-900 dark:bg-red-950"
              data-testid="worst-server"
            >
              Worst error hygiene in this period:{" "}
              <Link
                href={serverCardHref(worst.server, cardParams)}
                className="font-semibold underline wrap-anywhere"
              >
                {worst.server}
              </Link>{" "}
              (grade {worst.grade}, {count(worst.answeredFailures)} failures it answered).
            </p>
          ) : null}
          {/* Each measure's heading above its grade when the rows reflow (app/globals.css .fleet). */}
          <style>{PHONE_HEADINGS}</style>
          <ScrollRegion label="Servers" testId="fleet-table" className="relative">
            {/* Below 1024 px each server reflows into lines (grade, name, calls, rate; then its
                measures, each with its heading) so every grade is in view without scrolling; the
                explicit roles keep it a table for assistive technology whatever its display. */}
            <table role="table" className="fleet w-full text-sm lg:min-w-[44rem]">
              <thead
                role="rowgroup"
                className="border-b border-zinc-200 text-zinc-600 dark:border-zinc-800 dark:text-zinc-400"
              >
                <tr role="row">
                  {/* The grade first: on a phone it is in view without scrolling the table. */}
                  {heading("grade", "Grade")}
                  {heading("server", "Server")}
                  {heading("calls", "Calls")}
                  {heading("failureRate", "Failure rate")}
                  <th
                    scope="col"
                    role="columnheader"
                    className="px-2 py-2 text-left align-bottom font-medium"
                  >
                    Probe
                  </th>
                  {MEASURE_IDS.map((id) => (
                    <Fragment key={id}>{heading(id, MEASURES[id].heading)}</Fragment>
                  ))}
                </tr>
              </thead>
              <tbody role="rowgroup">
                {rows.map((row) => (
                  <FleetLine
                    key={row.server}
                    row={row}
                    href={serverCardHref(row.server, cardParams)}
                    probe={probed.get(row.server)}
                  />
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <Pager
            path="/servers"
            params={{ ...params, cursor: shownCursor }}
            shown={rows.length}
            total={page.total}
            noun="servers"
            nextCursor={page.nextCursor}
          />
          {!list.q && all.length >= MAX_FLEET_SERVERS ? (
            <p className="mt-3 text-xs text-zinc-600 dark:text-zinc-400" data-testid="fleet-capped">
              The {MAX_FLEET_SERVERS.toLocaleString("en-US")} servers with the most calls in this period are
              graded; search by name or choose a shorter period for the others.
            </p>
          ) : null}
          <p className="mt-3 text-xs text-zinc-600 dark:text-zinc-400" data-testid="dash-legend">
            <span aria-hidden="true">—</span> in the table: not graded, fewer than {MIN_FAILURES_TO_GRADE}{" "}
            failures to judge in this period (a share of — : none at all).
          </p>
          <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
            Each measure is the share of a server&apos;s failures with the fault (
            {MEASURE_IDS.map((id) => MEASURES[id].title).join("; ")}), from the rollups over whole hours,{" "}
            {formatWindow(period)}.
          </p>
        </>
      )}
    </>
  );
}

function FleetLine({ row, href, probe }: { row: FleetRow; href: string; probe?: ProbeRun }) {
  const change =
    row.failureRate !== null && row.previousFailureRate !== null
      ? (row.failureRate - row.previousFailureRate) * 100
      : null;
  return (
    <tr
      role="row"
      className="border-b border-zinc-100 dark:border-zinc-800"
      data-testid="fleet-row"
      data-server={row.server}
    >
      <td role="cell" className="px-3 py-2" data-testid="fleet-grade">
        <GradeBadge grade={row.grade} label={`Overall grade of ${row.server}:`} />
      </td>
      <td role="cell" className="max-w-48 px-3 py-2">
        <Link
          href={href}
          className="block truncate font-medium underline decoration-zinc-400 underline-offset-2"
          title={row.server}
        >
          {row.server}
        </Link>
      </td>
      <td role="cell" className="px-3 py-2 tabular-nums">
        {count(row.calls)}
      </td>
      <td role="cell" className="px-3 py-2 whitespace-nowrap tabular-nums">
        {percent(row.failureRate)}
        {change !== null && Math.abs(change) >= 0.05 ? (
          <span
            className={`ml-1 text-xs ${change > 0 ? "text-red-700 dark:text-red-400" : "text-emerald-700 dark:text-emerald-400"}`}
          >
            {change > 0 ? "▲" : "▼"} {Math.abs(change).toFixed(1)} pts
          </span>
        ) : null}
      </td>
      <td role="cell" className="px-3 py-2" data-probe={probe ? (probe.ok ? "passed" : "failed") : "none"}>
        {probe ? (
          <Link
            href={`${href}#probes`}
            className="inline-flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs whitespace-nowrap"
            title={`Probe of ${row.server}: open its runs`}
          >
            <RunBadge ok={probe.ok} />
            <span className="text-zinc-600 dark:text-zinc-400">
              <LocalTime value={probe.startedAt} style="short" />
            </span>
          </Link>
        ) : (
          <span className="text-zinc-500 dark:text-zinc-400">
            <span aria-hidden="true">—</span>
            <span className="sr-only">not probed</span>
          </span>
        )}
      </td>
      {MEASURE_IDS.map((id) => (
        <td
          key={id}
          role="cell"
          className="px-3 py-2 whitespace-nowrap tabular-nums"
          data-measure={id}
          data-share={row.measures[id].problemShare ?? ""}
        >
          <span className="inline-flex items-center gap-1.5">
            <GradeBadge grade={row.measures[id].grade} label={MEASURES[id].title} />
            {percent(row.measures[id].problemShare)}
          </span>
        </td>
      ))}
    </tr>
  );
}
