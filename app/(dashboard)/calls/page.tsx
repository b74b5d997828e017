import { Link } from "@/components/ui/link";
import { Suspense } from "react";
import { MatchCount } from "@/components/ui/match-count";
import { ActivityFilters } from "@/components/filters/activity-filters";
import { LiveToggle } from "@/components/filters/live-toggle";
import { TimeRangeFilter } from "@/components/filters/time-range";
import { CallsTable, type CallRow } from "@/components/table/calls-table";
import { observerLabel } from "@/lib/ingest/routes";
import { EmptyState, FirstCallHelp, PageHeader } from "@/components/ui/layout";
import { viewHref } from "@/lib/view-href";
import { callFilterChips } from "@/lib/filter-chips";
import { FilterChips } from "@/components/filters/filter-chips";
import { IdPrefixMatches } from "@/components/ui/id-prefix-matches";
import { instanceUrl } from "../instance-url";
import { dashboardContext, type SearchParams } from "@/lib/dashboard-context";
import { callsExportPath } from "@/lib/export/link";
import { filterOptions } from "@/lib/queries/breakdowns";
import { countSelectedCalls, listCalls } from "@/lib/queries/calls";
import { orFirstPage } from "@/lib/queries/keyset";
import { callsByIdPrefix, findExact } from "@/lib/queries/find";
import { redirect } from "next/navigation";
import { mayCreateProjects } from "@/lib/auth/access";
import { parseCallFiltersKeepingValid } from "@/lib/schemas/read";
import { TOOL_CALL } from "@/lib/rollups";

export const dynamic = "force-dynamic";

const PAGE_SIZE = 50;

/** The window as URL parameters, so a link elsewhere shows the same period. */
function carriedWindow(window: { range: string; from: Date; to: Date }): Record<string, string> {
  return window.range === "custom"
    ? { range: "custom", from: window.from.toISOString(), to: window.to.toISOString() }
    : { range: window.range };
}

export default async function ActivityPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { reads, project, window, params, user } = await dashboardContext(searchParams);
  if (!project) {
    return (
      <>
        <PageHeader title="Activity" />
        <EmptyState title="No calls recorded yet">
          <FirstCallHelp
            baseUrl={await instanceUrl()}
            project={null}
            canCreateProject={mayCreateProjects(user)}
          />
        </EmptyState>
      </>
    );
  }
  // A GET form submits empty fields (an empty search box); they mean "no filter".
  const filters = Object.fromEntries(
    Object.entries(params)
      .map(([key, value]) => [key, Array.isArray(value) ? value.filter(Boolean) : value] as const)
      .filter(([, value]) => (Array.isArray(value) ? value.length > 0 : Boolean(value))),
  );
  const { query: asked, ignored } = parseCallFiltersKeepingValid({
    limit: String(PAGE_SIZE),
    ...filters,
    from: window.from.toISOString(),
    to: window.to.toISOString(),
  });
  // Tool calls by default: initialize, tools/list and the like are one toggle away (`methods=all`),
  // or named by the method filter. The export follows the view.
  const everyMethod = params.methods === "all" || asked.method.length > 0;
  const query = everyMethod ? asked : { ...asked, method: [TOOL_CALL] };
  // What was typed may name one thing exactly: go there (`text=1` searches the text instead).
  // Only on the first page: a later page of a search was already a text search.
  if (query.q && params.text !== "1" && !query.cursor && !query.after) {
    const found = await findExact(reads, project.id, query.q);
    if (found === "call") redirect(`/calls/${encodeURIComponent(query.q)}`);
    if (found === "signature") redirect(viewHref(`/failures/${query.q}`, carriedWindow(window), []));
    if (found === "errorCode" || found === "sessionId") {
      redirect(viewHref("/calls", params, ["q", "cursor", "after", "found"], { [found]: query.q, found }));
    }
  }
  // The start of call ids (a partial id from a log or a message): one call opens, several are listed.
  const idPrefix =
    query.q && params.text !== "1" && !query.cursor && !query.after
      ? await callsByIdPrefix(reads, project.id, query.q)
      : undefined;
  if (idPrefix && idPrefix.calls.length === 1 && !idPrefix.more)
    redirect(`/calls/${encodeURIComponent(idPrefix.calls[0]!.id)}`);
  const foundField = params.found === "errorCode" || params.found === "sessionId" ? params.found : undefined;
  const foundValue = foundField ? query[foundField] : undefined;
  const found =
    foundField && foundValue
      ? { field: foundField, value: Array.isArray(foundValue) ? foundValue.join(", ") : foundValue }
      : undefined;
  // A search's match count streams in beside the rows: they never wait for it.
  const matches = query.q ? countSelectedCalls(reads, project.id, query).catch(() => null) : undefined;
  const [{ page, cursor: shownCursor }, options] = await Promise.all([
    // A cursor this page did not hand out (an edited link) shows the first page.
    orFirstPage(query.cursor ?? query.after, (position) =>
      listCalls(reads, project.id, position ? query : { ...query, cursor: undefined, after: undefined }),
    ),
    filterOptions(reads, project.id, window),
  ]);

  const carried: Record<string, string> = carriedWindow(window);
  if (query.order === "asc") carried.order = "asc";
  // Filters the form has no field for (a link set them: a call's session or agent, a signature)
  // stay applied when it is submitted; their chips remove them.
  for (const key of ["sessionId", "agent", "signature"] as const) {
    const value = query[key];
    if (value) carried[key] = value;
  }
  if (query.silentFailure !== undefined) carried.silentFailure = String(query.silentFailure);
  if (params.methods === "all") carried.methods = "all";
  /** This view's URL without `omit`, plus `set`: pages and the sort toggle keep every filter. */
  const link = (omit: string[], set: Record<string, string | undefined>) =>
    viewHref("/calls", params, omit, set);
  const pageLink = (position: { cursor?: string; after?: string }) =>
    link(["cursor", "after", "live"], position);
  const orderLink = link(["cursor", "after", "order"], { order: query.order === "desc" ? "asc" : undefined });
  const rows: CallRow[] = page.calls.map((call) => ({
    id: call.id,
    occurredAt: call.occurredAt.toISOString(),
    server: call.server,
    tool: call.tool,
    method: call.method,
    outcome: call.outcome,
    category: call.category,
    errorCode: call.errorCode,
    silentFailure: call.silentFailure,
    flags: call.flags,
    text: call.text,
    durationMs: call.durationMs,
    sessionId: call.sessionId,
    httpStatus: call.httpStatus,
    routes: call.routes.map(observerLabel),
    highlight: query.q,
  }));
  const firstPage = !shownCursor && !page.prevCursor;

  return (
    <>
      <PageHeader
        title="Activity"
        description="Tool calls, newest first (every method one toggle away). Filters, time range and page live in the URL: share the link to share the view."
        actions={
          <>
            <Link
              href="/sessions"
              className="text-sm underline underline-offset-2"
              data-testid="sessions-link"
            >
              Sessions
            </Link>
            <LiveToggle enabled={firstPage && query.order === "desc"} />
            <TimeRangeFilter servers={options.servers} />
          </>
        }
      />
      {ignored.length > 0 ? (
        <p
          role="alert"
          className="mb-3 rounded-md bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          Some filters in the link were not valid and were ignored: {ignored.join(", ")}; the others apply.
        </p>
      ) : null}
      <ActivityFilters query={query} options={options} carried={carried} />
      <FilterChips chips={callFilterChips(params, asked, window)} />
      {idPrefix && idPrefix.calls.length > 0 && query.q ? (
        <IdPrefixMatches
          prefix={query.q}
          more={idPrefix.more}
          calls={idPrefix.calls.map((call) => ({ ...call, occurredAt: call.occurredAt.toISOString() }))}
        />
      ) : null}
      {query.sessionId ? (
        <p className="mb-3 text-sm" data-testid="session-timeline-link">
          These are the calls of one session:{" "}
          <Link href={`/sessions/${encodeURIComponent(query.sessionId)}`} className="underline">
            see its timeline, in time order, with what came after each failure
          </Link>
          .
        </p>
      ) : null}
      {found ? (
        <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400" data-testid="found-exactly">
          “{found.value}” is {found.field === "errorCode" ? "an error code" : "a session id"}: showing its
          calls.{" "}
          <Link
            href={viewHref("/calls", params, ["found", found.field, "cursor", "after"], {
              q: found.value,
              text: "1",
            })}
            className="underline"
          >
            Search the text for it instead
          </Link>
        </p>
      ) : null}
      <div className="mb-2 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span data-testid="row-count">
            {rows.length} {rows.length === 1 ? "call" : "calls"} on this page
          </span>
          {asked.method.length === 0 ? (
            <Link
              href={link(["cursor", "after", "methods"], { methods: everyMethod ? undefined : "all" })}
              className="underline underline-offset-2"
              data-testid="toggle-methods"
            >
              {everyMethod
                ? "Every method: show tool calls only"
                : "Tool calls only: show every method (initialize, tools/list, …)"}
            </Link>
          ) : null}
          {matches && query.q ? (
            <Suspense fallback={<span className="text-zinc-500 dark:text-zinc-400">Counting matches…</span>}>
              <MatchCount matches={matches} searched={query.q} />
            </Suspense>
          ) : null}
        </span>
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
          {/* Every call of this view (all pages, same filters and period), streamed by the export API. */}
          <span>
            Download{" "}
            <a
              href={callsExportPath(query, "csv")}
              download
              className="underline underline-offset-2"
              data-testid="export-csv"
            >
              CSV
            </a>{" "}
            ·{" "}
            <a
              href={callsExportPath(query, "jsonl")}
              download
              className="underline underline-offset-2"
              data-testid="export-jsonl"
            >
              JSONL
            </a>
          </span>
          <Link href={orderLink} className="underline-offset-2 hover:underline" data-testid="toggle-order">
            Sort: {query.order === "desc" ? "newest first" : "oldest first"} (switch)
          </Link>
        </span>
      </div>
      {rows.length === 0 ? (
        <EmptyState title="No calls match these filters in this period">
          Widen the time range or clear the filters.
        </EmptyState>
      ) : (
        <CallsTable rows={rows} showRoutes={query.route.length > 0} showMethod={everyMethod} />
      )}
      <nav aria-label="Pages" className="mt-4 flex justify-between text-sm">
        {page.prevCursor ? (
          <Link
            href={pageLink({ after: page.prevCursor })}
            rel="prev"
            className="rounded-md border border-zinc-300 px-3 py-1.5 dark:border-zinc-700"
            data-testid="page-newer"
          >
            ← {query.order === "desc" ? "Newer" : "Older"}
          </Link>
        ) : (
          <span />
        )}
        {page.nextCursor ? (
          <Link
            href={pageLink({ cursor: page.nextCursor })}
            rel="next"
            className="rounded-md border border-zinc-300 px-3 py-1.5 dark:border-zinc-700"
            data-testid="page-older"
          >
            {query.order === "desc" ? "Older" : "Newer"} →
          </Link>
        ) : null}
      </nav>
    </>
  );
}
