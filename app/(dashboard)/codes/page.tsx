import { Link } from "@/components/ui/link";
import { TimeRangeFilter } from "@/components/filters/time-range";
import { CategoryBadge, CodeChip, OutcomeBadge } from "@/components/ui/badges";
import { EmptyState, PageHeader } from "@/components/ui/layout";
import { LocalTime } from "@/components/ui/local-time";
import { Sparkline } from "@/components/ui/sparkline";
import { dashboardContext, type SearchParams } from "@/lib/dashboard-context";
import { listErrorCodes, listServers } from "@/lib/queries/breakdowns";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { FilterChips } from "@/components/filters/filter-chips";
import { windowChips } from "@/lib/filter-chips";

export const dynamic = "force-dynamic";

export default async function CodesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { reads, project, window, params } = await dashboardContext(searchParams);
  const [codes, servers] = project
    ? await Promise.all([listErrorCodes(reads, project.id, window), listServers(reads, project.id, window)])
    : [[], [] as string[]];
  const range = `range=custom&from=${window.from.toISOString()}&to=${window.to.toISOString()}`;
  return (
    <>
      <PageHeader
        title="Error codes"
        description="Every error code seen in this period, with the layer it failed at, its category and whether a retry can help. A code opens Activity filtered by it."
        actions={<TimeRangeFilter servers={servers} />}
      />
      <FilterChips chips={windowChips("/codes", params, window)} />
      {codes.length === 0 ? (
        <EmptyState title="No error codes in this period" />
      ) : (
        <ScrollRegion
          label="Error codes"
          className="rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
        >
          <table className="min-w-full text-left text-sm" data-testid="codes-table">
            <thead className="bg-zinc-50 text-xs text-zinc-600 uppercase dark:bg-zinc-800 dark:text-zinc-400">
              <tr>
                {[
                  "Code",
                  "Layer",
                  "Category",
                  "Retryable",
                  "Calls",
                  "First seen",
                  "Last seen",
                  "Trend (14 days)",
                ].map((heading) => (
                  <th key={heading} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {codes.map((code) => (
                <tr key={`${code.errorCode}|${code.outcome}`}>
                  <td className="px-3 py-2">
                    <Link
                      href={`/calls?${range}&errorCode=${encodeURIComponent(code.errorCode)}`}
                      className="hover:underline"
                      data-testid="code-link"
                    >
                      <CodeChip code={code.errorCode} />
                    </Link>
                  </td>
                  <td className="px-3 py-2">
                    <OutcomeBadge outcome={code.outcome} silent={code.outcome === "ok"} />
                  </td>
                  <td className="px-3 py-2">
                    <CategoryBadge category={code.category} />
                  </td>
                  <td className="px-3 py-2">{code.retryable}</td>
                  <td className="px-3 py-2 tabular-nums">{code.calls.toLocaleString("en-US")}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <LocalTime value={code.firstSeen} />
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <LocalTime value={code.lastSeen} />
                  </td>
                  <td className="px-3 py-2">
                    <Sparkline
                      values={code.trend}
                      label={`Daily calls with ${code.errorCode} over 14 days`}
                      width={100}
                      height={24}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </>
  );
}
