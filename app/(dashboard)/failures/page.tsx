import Link from "next/link";
import { TimeRangeFilter } from "@/components/filters/time-range";
import { CategoryBadge, CodeChip, OutcomeBadge } from "@/components/ui/badges";
import { EmptyState, PageHeader } from "@/components/ui/layout";
import { LocalTime } from "@/components/ui/local-time";
import { Sparkline } from "@/components/ui/sparkline";
import { dashboardContext, type SearchParams } from "@/lib/dashboard-context";
import { filterOptions } from "@/lib/queries/breakdowns";
import { listFailureSignatures } from "@/lib/queries/failures";

export const dynamic = "force-dynamic";

export default async function FailuresPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { reads, project, window } = await dashboardContext(searchParams);
  const [groups, options] = project
    ? await Promise.all([
        listFailureSignatures(reads, project.id, window),
        filterOptions(reads, project.id, window),
      ])
    : [[], { servers: [] as string[] }];
  return (
    <>
      <PageHeader
        title="Failures"
        description="Failures grouped by signature — the same problem with ids, numbers and quoted values masked. Signatures first seen in this period are marked new."
        actions={<TimeRangeFilter servers={options.servers} />}
      />
      {groups.length === 0 ? (
        <EmptyState title="No failures in this period">
          Widen the time range, or send calls with `npm run demo`.
        </EmptyState>
      ) : (
        <ul className="space-y-3" data-testid="signature-groups">
          {groups.map((group) => (
            <li
              key={group.signature}
              className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
              data-testid="signature-group"
            >
              <div className="flex flex-wrap items-start justify-between gap-4">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    {group.isNew ? (
                      <span
                        className="rounded bg-orange-600 px-1.5 py-0.5 text-xs font-semibold text-white"
                        data-testid="new-badge"
                      >
                        NEW
                      </span>
                    ) : null}
                    <OutcomeBadge outcome={group.outcome} silent={group.silentFailure} />
                    <CategoryBadge category={group.category} />
                    <CodeChip code={group.errorCode} />
                    <span className="text-sm font-medium">
                      {group.server} / {group.tool || "—"}
                    </span>
                  </div>
                  <pre className="mt-2 max-h-20 overflow-auto font-mono text-xs break-all whitespace-pre-wrap text-zinc-700 dark:text-zinc-300">
                    {group.exampleText || "(no text)"}
                  </pre>
                  <p className="mt-2 text-xs text-zinc-500">
                    First seen <LocalTime value={group.firstSeen} /> · last seen{" "}
                    <LocalTime value={group.lastSeen} /> · {group.totalCalls.toLocaleString("en-US")} in all
                  </p>
                </div>
                <div className="flex flex-col items-end gap-1">
                  <span className="text-2xl font-semibold tabular-nums">
                    {group.callsInWindow.toLocaleString("en-US")}
                  </span>
                  <span className="text-xs text-zinc-500">in this period</span>
                  <Sparkline
                    values={group.sparkline}
                    label={`Occurrences over the period for signature ${group.signature}`}
                  />
                  <Link
                    href={`/calls?range=custom&from=${window.from.toISOString()}&to=${window.to.toISOString()}&signature=${group.signature}`}
                    className="text-xs underline"
                  >
                    See calls
                  </Link>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
