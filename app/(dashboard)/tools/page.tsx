import { TimeRangeFilter } from "@/components/filters/time-range";
import { ToolsTable } from "@/components/table/tools-table";
import { EmptyState, PageHeader } from "@/components/ui/layout";
import { dashboardContext, type SearchParams } from "@/lib/dashboard-context";
import { filterOptions, listTools } from "@/lib/queries/breakdowns";

export const dynamic = "force-dynamic";

export default async function ToolsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { reads, project, window } = await dashboardContext(searchParams);
  const [tools, options] = project
    ? await Promise.all([listTools(reads, project.id, window), filterOptions(reads, project.id, window)])
    : [[], { servers: [] as string[] }];
  return (
    <>
      <PageHeader
        title="Tools"
        description="Per server and tool: volume, how often calls fail (silently too), p95 duration, and the quality of the errors they return. Click a heading to sort."
        actions={<TimeRangeFilter servers={options.servers} />}
      />
      {tools.length === 0 ? (
        <EmptyState title="No calls in this period" />
      ) : (
        <ToolsTable
          rows={tools.map((tool) => ({
            server: tool.server,
            tool: tool.tool,
            calls: tool.calls,
            failureRate: tool.failureRate,
            silentRate: tool.silentRate,
            p95Ms: tool.p95Ms,
            withCodeShare: tool.withCodeShare,
            opaqueShare: tool.opaqueShare,
            rawExceptionShare: tool.rawExceptionShare,
          }))}
        />
      )}
    </>
  );
}
