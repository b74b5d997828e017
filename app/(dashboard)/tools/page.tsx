import { ListSearch } from "@/components/filters/list-search";
import { TimeRangeFilter } from "@/components/filters/time-range";
import { ToolsTable, type SortLinks } from "@/components/table/tools-table";
import { EmptyState, PageHeader } from "@/components/ui/layout";
import { Pager } from "@/components/ui/pager";
import { dashboardContext, type SearchParams } from "@/lib/dashboard-context";
import { listServers } from "@/lib/queries/breakdowns";
import { orFirstPage } from "@/lib/queries/keyset";
import {
  DEFAULT_TOOL_SORT,
  defaultDirection,
  listTools,
  TOOL_SORTS,
  type ToolPage,
  type ToolSort,
} from "@/lib/queries/tools";
import { listPageSchema } from "@/lib/schemas/dashboard";
import { canManageAlerts } from "@/lib/auth/access";
import { newAlertRuleHref, viewHref } from "@/lib/view-href";
import { searchChip, windowChips } from "@/lib/filter-chips";
import { FilterChips } from "@/components/filters/filter-chips";

export const dynamic = "force-dynamic";

/** Table column → the sort it links to (server and tool both sort by name). */
const SORTABLE: Record<string, ToolSort> = {
  server: "name",
  tool: "name",
  calls: "calls",
  failures: "failures",
  failureRate: "failureRate",
  silentRate: "silentRate",
};

export default async function ToolsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { reads, project, window, params, user } = await dashboardContext(searchParams);
  const alerts = canManageAlerts(user);
  const list = listPageSchema.parse(params);
  const sort: ToolSort = list.sort && list.sort in TOOL_SORTS ? (list.sort as ToolSort) : DEFAULT_TOOL_SORT;
  const dir = list.dir ?? defaultDirection(sort);
  const empty: ToolPage = { tools: [], total: 0, nextCursor: null };
  const [{ page, cursor: shownCursor }, servers] = project
    ? await Promise.all([
        orFirstPage(list.cursor, (cursor) =>
          listTools(reads, project.id, window, { q: list.q, sort, dir, cursor, previous: window.previous }),
        ),
        listServers(reads, project.id, window),
      ])
    : [{ page: empty, cursor: undefined }, [] as string[]];

  const sortLinks: SortLinks = {};
  for (const [column, target] of Object.entries(SORTABLE)) {
    const current = target === sort;
    const nextDir = current ? (dir === "asc" ? "desc" : "asc") : defaultDirection(target);
    sortLinks[column] = {
      href: viewHref("/tools", params, ["cursor", "sort", "dir"], {
        sort: target === DEFAULT_TOOL_SORT && nextDir === defaultDirection(target) ? undefined : target,
        dir: nextDir === defaultDirection(target) ? undefined : nextDir,
      }),
      sorted: current ? dir : false,
    };
  }
  const windowParams: Record<string, string> = {
    range: "custom",
    from: window.from.toISOString(),
    to: window.to.toISOString(),
  };
  return (
    <>
      <PageHeader
        title="Tools"
        description="Per server and tool: volume, how often calls fail (silently too) and how that compares with the period before, p95 duration, and the quality of the errors they return. Click a heading to sort, a tool to see its calls."
        actions={<TimeRangeFilter servers={servers} />}
      />
      <ListSearch path="/tools" params={params} label="Search tools" placeholder="Server or tool name" />
      <FilterChips
        chips={[...windowChips("/tools", params, window), ...searchChip("/tools", params, list.q)]}
      />
      {page.tools.length === 0 ? (
        <EmptyState title={list.q ? "No tools match" : "No calls in this period"} />
      ) : (
        <>
          <ToolsTable
            sortLinks={sortLinks}
            rows={page.tools.map((tool) => ({
              server: tool.server,
              tool: tool.tool,
              callsHref: viewHref("/calls", windowParams, [], {
                server: tool.server,
                tool: tool.tool || undefined,
              }),
              alertToolHref: alerts
                ? newAlertRuleHref({
                    name: `${tool.server}/${tool.tool || "-"} failing`,
                    server: tool.server,
                    tool: tool.tool || null,
                  })
                : undefined,
              alertServerHref: alerts
                ? newAlertRuleHref({ name: `${tool.server} failing`, server: tool.server })
                : undefined,
              calls: tool.calls,
              failures: tool.failures,
              failureRate: tool.failureRate,
              silentRate: tool.silentRate,
              p95Ms: tool.p95Ms,
              withCodeShare: tool.withCodeShare,
              opaqueShare: tool.opaqueShare,
              rawExceptionShare: tool.rawExceptionShare,
              previousFailureRate: tool.previousFailureRate,
            }))}
          />
          <Pager
            path="/tools"
            params={{ ...params, cursor: shownCursor }}
            shown={page.tools.length}
            total={page.total}
            noun="tools"
            nextCursor={page.nextCursor}
          />
          <p className="mt-3 text-xs text-zinc-600 dark:text-zinc-400" data-testid="dash-legend">
            <span aria-hidden="true">—</span> in the table: nothing to measure — no failures (the error
            shares), no duration reported (p95) or no tool name. <em>new</em>: no calls in the period before.
          </p>
        </>
      )}
    </>
  );
}
