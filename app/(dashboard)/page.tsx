import { Link } from "@/components/ui/link";
import { Suspense } from "react";
import { BarListChart } from "@/components/charts/bar-list-chart";
import { OutcomeChart } from "@/components/charts/outcome-chart";
import { SERIES_COLORS } from "@/components/charts/palette";
import { SilentChart } from "@/components/charts/silent-chart";
import { TimeRangeFilter } from "@/components/filters/time-range";
import { Card, EmptyState, FirstCallHelp, PageHeader } from "@/components/ui/layout";
import { percent, Tile } from "@/components/ui/tile";
import { instanceUrl } from "./instance-url";
import { dashboardContext, type SearchParams } from "@/lib/dashboard-context";
import { listServers } from "@/lib/queries/breakdowns";
import {
  callsByCode,
  change,
  getFailingTools,
  getOverviewTotals,
  OVERVIEW_TOP,
  outcomePoints,
  rate,
} from "@/lib/queries/overview";
import { failuresNeedingAttention } from "@/lib/queries/failures";
import { viewHref } from "@/lib/view-href";
import { AttentionCard } from "@/components/ui/attention-card";
import { countCalls } from "@/lib/queries/stats";
import { mayCreateProjects } from "@/lib/auth/access";
import { fleet } from "@/lib/insight/fleet";
import { serverCardHref } from "@/lib/insight/links";
import { cardWindow } from "@/lib/insight/window";
import { categoryWords } from "@/lib/outcome-words";

export const dynamic = "force-dynamic";

/** Every failure (non-ok outcomes and silent failures), as Activity's outcome filter. */
const FAILURE_OUTCOMES = ["tool_error", "protocol_error", "transport_error", "silent_failure"]
  .map((outcome) => `outcome=${outcome}`)
  .join("&");

export default async function OverviewPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { reads, project, window, user } = await dashboardContext(searchParams);
  // The headline and charts come with the page, read together with the project's count (only
  // the shown project's: other projects' volumes are theirs to see); what needs attention and the
  // failing tools stream in after it (their queries are the slowest over a long window).
  const [held, headline, servers] = project
    ? await Promise.all([
        countCalls(reads, project.id),
        getOverviewTotals(reads, project.id, window),
        listServers(reads, project.id, window),
      ])
    : [0, null, []];
  if (!project || !headline || held === 0) {
    return (
      <>
        <PageHeader
          title="Overview"
          description="Where your MCP tool calls fail, including the ones that claim success."
        />
        <EmptyState title="No calls recorded yet">
          <FirstCallHelp
            baseUrl={await instanceUrl()}
            project={project?.name ?? null}
            canCreateProject={mayCreateProjects(user)}
          />
        </EmptyState>
        <p className="mt-4 text-xs text-zinc-500 dark:text-zinc-400" data-testid="status">
          Faultline is up and holds <span data-testid="call-count">0</span> calls.
        </p>
      </>
    );
  }
  const { current, previous } = headline;
  const windowParams = { range: "custom", from: window.from.toISOString(), to: window.to.toISOString() };
  const windowLink = `range=custom&from=${window.from.toISOString()}&to=${window.to.toISOString()}`;
  const totals = current.totals;
  const codes = callsByCode(current.byErrorCode);
  /** Activity for this window and server filter, plus `set`. */
  const callsHref = (set: Record<string, string> = {}) =>
    viewHref("/calls", { ...windowParams, server: window.servers }, [], set);
  const tiles = [
    {
      label: "Calls",
      value: totals.calls.toLocaleString("en-US"),
      change: change(totals.calls, previous.calls),
      higherIsWorse: false,
      href: callsHref(),
    },
    {
      label: "Failure rate",
      value: percent(totals.failureRate),
      change: change(totals.failureRate, rate(previous.failures, previous.calls)),
      href: `${callsHref()}&${FAILURE_OUTCOMES}`,
    },
    {
      label: "Tool errors",
      value: percent(rate(totals.tool_error, totals.calls)),
      change: change(rate(totals.tool_error, totals.calls), rate(previous.tool_error, previous.calls)),
      href: callsHref({ outcome: "tool_error" }),
    },
    {
      label: "Protocol errors",
      value: percent(rate(totals.protocol_error, totals.calls)),
      change: change(
        rate(totals.protocol_error, totals.calls),
        rate(previous.protocol_error, previous.calls),
      ),
      href: callsHref({ outcome: "protocol_error" }),
    },
    {
      label: "Transport errors",
      value: percent(rate(totals.transport_error, totals.calls)),
      change: change(
        rate(totals.transport_error, totals.calls),
        rate(previous.transport_error, previous.calls),
      ),
      href: callsHref({ outcome: "transport_error" }),
    },
    {
      label: "Silent failures",
      value: totals.silentFailures.toLocaleString("en-US"),
      change: change(totals.silentFailures, previous.silentFailures),
      href: callsHref({ outcome: "silent_failure" }),
    },
    {
      label: "Wasted retries",
      value: totals.wastedRetries.toLocaleString("en-US"),
      change: change(totals.wastedRetries, previous.wastedRetries),
      href: callsHref({ flag: "wasted_retry" }),
    },
  ];
  return (
    <>
      <PageHeader
        title="Overview"
        description={`Project ${project.name}. ${percent(totals.failureRate)} of calls failed, ${totals.silentFailures.toLocaleString("en-US")} of them while claiming success.`}
        actions={<TimeRangeFilter servers={servers} />}
      />
      <p className="sr-only" data-testid="status">
        Faultline is up and holds <span data-testid="call-count">{held}</span> calls.
      </p>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4 2xl:grid-cols-7">
        {tiles.map((tile) => (
          <Tile
            key={tile.label}
            {...tile}
            earlierCalls={previous.calls > 0}
            testId={`tile-${tile.label.toLowerCase().replaceAll(" ", "-")}`}
          />
        ))}
      </div>
      <Suspense fallback={null}>
        <Attention reads={reads} projectId={project.id} window={window} windowLink={windowLink} />
      </Suspense>
      <div className="mt-4 grid grid-cols-1 gap-4 xl:grid-cols-3">
        <Card title="Calls over time, by outcome" className="xl:col-span-2">
          <OutcomeChart data={outcomePoints(current.series)} bucket={current.bucket} />
        </Card>
        <Card title="Failures by category">
          {current.byCategory.length ? (
            <BarListChart
              data={current.byCategory.map((row) => ({
                label: categoryWords(row.category),
                value: row.calls,
                href: `${callsHref({ category: row.category })}&${FAILURE_OUTCOMES}`,
              }))}
              seriesName="failures"
              title="Failures by category"
              testId="category-chart"
            />
          ) : (
            <p className="text-sm text-zinc-500 dark:text-zinc-400">No failures in this period.</p>
          )}
        </Card>
        <Card title="Top error codes">
          {codes.length ? (
            <>
              <BarListChart
                data={codes
                  .slice(0, OVERVIEW_TOP)
                  .map((row) => ({ ...row, href: callsHref({ errorCode: row.label }) }))}
                seriesName="calls"
                title="Top error codes"
                color={SERIES_COLORS.transport_error}
                testId="codes-chart"
              />
              <ListFooter
                shown={Math.min(OVERVIEW_TOP, codes.length)}
                total={codes.length}
                noun="codes"
                href={viewHref("/codes", { ...windowParams, server: window.servers }, [])}
                testId="codes-footer"
              />
            </>
          ) : (
            <p className="text-sm text-zinc-500 dark:text-zinc-400">No error codes in this period.</p>
          )}
        </Card>
        <Suspense
          fallback={
            <Card title="Top failing tools">
              <div className="h-40 animate-pulse rounded bg-zinc-100 dark:bg-zinc-800" role="status">
                <span className="sr-only">Loading the failing tools…</span>
              </div>
            </Card>
          }
        >
          <FailingToolsCards
            reads={reads}
            projectId={project.id}
            window={window}
            windowParams={windowParams}
            windowLink={windowLink}
          />
        </Suspense>
        <Suspense fallback={null}>
          <FailuresByServer reads={reads} projectId={project.id} window={window} />
        </Suspense>
        <Card title="Silent failures over time">
          <SilentChart
            data={current.series.map((point) => ({ t: point.t, silent: point.silentFailures }))}
            bucket={current.bucket}
          />
        </Card>
      </div>
    </>
  );
}

type Reads = Awaited<ReturnType<typeof dashboardContext>>["reads"];

/** Failures per server, each bar opening the server's report card. Streamed. */
async function FailuresByServer({
  reads,
  projectId,
  window,
}: {
  reads: Reads;
  projectId: string;
  window: OverviewWindow;
}) {
  const period = cardWindow(window.from, window.to);
  const rows = await fleet(reads, projectId, period).catch(streamFailed);
  if (!rows) return <SectionFailed what="Failures by server" />;
  const failing = rows
    .filter((row) => row.failures > 0)
    .sort((a, b) => b.failures - a.failures || a.server.localeCompare(b.server));
  const cardParams = { range: "custom", from: period.from.toISOString(), to: period.to.toISOString() };
  return (
    <Card title="Failures by server (grade: error hygiene)">
      {failing.length ? (
        <>
          <BarListChart
            data={failing.slice(0, 8).map((row) => ({
              label: `${row.server} (${row.grade ?? "—"})`,
              value: row.failures,
              href: serverCardHref(row.server, cardParams),
            }))}
            seriesName="failures"
            title="Failures by server"
            color={SERIES_COLORS.tool_error}
            testId="servers-chart"
          />
          <ListFooter
            shown={Math.min(failing.length, 8)}
            total={failing.length}
            noun="failing servers"
            href={viewHref("/servers", cardParams, [])}
            testId="servers-footer"
          />
        </>
      ) : (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">No failing servers in this period.</p>
      )}
    </Card>
  );
}
type OverviewWindow = Awaited<ReturnType<typeof dashboardContext>>["window"];

/** Regressed and new signatures in the window; nothing when there are none. Streamed. */
async function Attention({
  reads,
  projectId,
  window,
  windowLink,
}: {
  reads: Reads;
  projectId: string;
  window: OverviewWindow;
  windowLink: string;
}) {
  const attention = await failuresNeedingAttention(reads, projectId, window).catch(streamFailed);
  if (!attention) return <SectionFailed what="What needs attention" />;
  return <AttentionCard regressed={attention.regressed} fresh={attention.fresh} windowLink={windowLink} />;
}

/** Top failing tools and the other methods' figures. Streamed. */
async function FailingToolsCards({
  reads,
  projectId,
  window,
  windowParams,
  windowLink,
}: {
  reads: Reads;
  projectId: string;
  window: OverviewWindow;
  windowParams: Record<string, string>;
  windowLink: string;
}) {
  const failing = await getFailingTools(reads, projectId, window).catch(streamFailed);
  if (!failing) return <SectionFailed what="The failing tools" />;
  const { topTools, otherMethods, failingTools } = failing;
  return (
    <>
      <Card title="Top failing tools">
        {topTools.length ? (
          <BarListChart
            data={topTools.map((tool) => ({
              label: `${tool.server} / ${tool.tool || "—"}`,
              value: tool.failures,
              href: `${viewHref("/calls", windowParams, [], { server: tool.server, tool: tool.tool || undefined })}&${FAILURE_OUTCOMES}`,
            }))}
            seriesName="failures"
            title="Top failing tools"
            color={SERIES_COLORS.protocol_error}
            testId="tools-chart"
          />
        ) : null}
        {topTools.length ? (
          <ListFooter
            shown={topTools.length}
            total={failingTools}
            noun="failing tools"
            href={viewHref("/tools", { ...windowParams, server: window.servers }, [], { sort: "failures" })}
            testId="tools-footer"
          />
        ) : (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">No failing tools in this period.</p>
        )}
      </Card>
      {otherMethods.length ? (
        <Card title="Other methods (not in the tool figures)">
          <ul className="space-y-1 text-sm" data-testid="other-methods">
            {otherMethods.map((row) => (
              <li key={row.method} className="flex items-baseline justify-between gap-2">
                <Link
                  className="font-mono text-xs underline"
                  href={`/calls?${windowLink}&method=${encodeURIComponent(row.method)}`}
                >
                  {row.method}
                </Link>
                <span
                  className={
                    row.failures ? "text-red-700 dark:text-red-400" : "text-zinc-500 dark:text-zinc-400"
                  }
                >
                  {row.failures.toLocaleString("en-US")} failed of {row.calls.toLocaleString("en-US")}
                </span>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </>
  );
}

/** How many of how many a top list shows, and a link to all of them (every capped list says so). */
function ListFooter({
  shown,
  total,
  noun,
  href,
  testId,
}: {
  shown: number;
  total: number;
  noun: string;
  href: string;
  testId: string;
}) {
  return (
    <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400" data-testid={testId}>
      {shown < total
        ? `Top ${shown} of ${total.toLocaleString("en-US")} ${noun}`
        : `All ${total.toLocaleString("en-US")} ${noun}`}{" "}
      ·{" "}
      <Link href={href} className="underline">
        see them all
      </Link>
    </p>
  );
}

/** A streamed section's query failed (a timeout, a busy database): the rest of the page stands. */
function streamFailed(error: unknown): null {
  console.error("[faultline] an Overview section could not be loaded:", error);
  return null;
}

function SectionFailed({ what }: { what: string }) {
  return (
    <p role="alert" className="mt-4 text-sm text-amber-800 dark:text-amber-200">
      {what} could not be loaded just now; reload the page to try again.
    </p>
  );
}
