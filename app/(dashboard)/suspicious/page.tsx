import { Link } from "@/components/ui/link";
import { TimeRangeFilter } from "@/components/filters/time-range";
import { EmptyState, PageHeader } from "@/components/ui/layout";
import { LocalTime } from "@/components/ui/local-time";
import { FLAG_SENTENCES } from "@/lib/classify/explain";
import type { Flag } from "@/lib/classify/types";
import { dashboardContext, type SearchParams } from "@/lib/dashboard-context";
import { listServers } from "@/lib/queries/breakdowns";
import { orFirstPage } from "@/lib/queries/keyset";
import {
  listSilentGroups,
  type ReviewStatus,
  type SilentGroup,
  type SilentGroupPage,
} from "@/lib/queries/silent-groups";
import { listPageSchema } from "@/lib/schemas/dashboard";
import { viewHref } from "@/lib/view-href";
import { windowChips } from "@/lib/filter-chips";
import { FilterChips } from "@/components/filters/filter-chips";
import { Pager } from "@/components/ui/pager";
import { reviewSilentGroup } from "./actions";

export const dynamic = "force-dynamic";

const VIEWS: { status: ReviewStatus; label: string }[] = [
  { status: "open", label: "To review" },
  { status: "confirmed", label: "Confirmed" },
  { status: "dismissed", label: "Dismissed" },
];

function ReviewButton({ group, status, label }: { group: SilentGroup; status: ReviewStatus; label: string }) {
  return (
    <form action={reviewSilentGroup}>
      <input type="hidden" name="server" value={group.server} />
      <input type="hidden" name="tool" value={group.tool} />
      <input type="hidden" name="reason" value={group.reason} />
      <input type="hidden" name="status" value={status} />
      <button
        type="submit"
        className="rounded-md border border-zinc-300 px-2.5 py-1 text-sm hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
        data-testid={`review-${status}`}
        aria-label={`${label} the silent failures of ${group.server}/${group.tool}: ${group.reason}`}
      >
        {label}
      </button>
    </form>
  );
}

const plural = (count: number, noun: string) =>
  `${count.toLocaleString("en-US")} ${noun}${count === 1 ? "" : "s"}`;

export default async function SilentSuccessesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { reads, project, window, params } = await dashboardContext(searchParams);
  const view = VIEWS.find((candidate) => candidate.status === params.view) ?? VIEWS[0]!;
  const { cursor } = listPageSchema.parse(params);
  const empty: SilentGroupPage = { groups: [], total: 0, nextCursor: null };
  // Most calls in the period first, 50 a page, with the total.
  const [{ page, cursor: shownCursor }, servers] = project
    ? await Promise.all([
        orFirstPage(cursor, (cursor) =>
          listSilentGroups(reads, project.id, {
            statuses: [view.status],
            since: view.status === "open" ? window.from : undefined,
            servers: window.servers,
            window,
            cursor,
          }),
        ),
        listServers(reads, project.id, window),
      ])
    : [{ page: empty, cursor: undefined }, [] as string[]];
  const groups = page.groups;
  return (
    <>
      <PageHeader
        title="Silent failures"
        description="Calls that claimed success but whose payload reads as a failure, grouped by server, tool and reason. Confirm a group to keep it; dismiss it to stop flagging new calls like it (undo any time)."
        actions={<TimeRangeFilter servers={servers} />}
      />
      <nav aria-label="Review status" className="mb-4 flex gap-2 text-sm">
        {VIEWS.map((candidate) => (
          <Link
            key={candidate.status}
            href={viewHref("/suspicious", params, ["cursor", "view"], {
              view: candidate.status === "open" ? undefined : candidate.status,
            })}
            aria-current={candidate.status === view.status ? "page" : undefined}
            className={`rounded-md px-3 py-1.5 ${candidate.status === view.status ? "bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900" : "border border-zinc-300 dark:border-zinc-700"}`}
          >
            {candidate.label}
          </Link>
        ))}
      </nav>
      <FilterChips chips={windowChips("/suspicious", params, window)} />
      {groups.length === 0 ? (
        <EmptyState
          title={
            view.status === "open"
              ? "Nothing to review in this period"
              : `No ${view.label.toLowerCase()} groups`
          }
        />
      ) : (
        <ul className="space-y-3">
          {groups.map((group) => (
            <li
              key={`${group.server}|${group.tool}|${group.reason}`}
              className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
              data-testid="silent-group"
              data-group={`${group.server}/${group.tool}/${group.reason}`}
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0 flex-1 basis-72">
                  <p className="font-medium wrap-anywhere">
                    {group.server} / {group.tool || "—"} ·{" "}
                    <code className="font-mono text-sm">{group.reason}</code>
                  </p>
                  <p className="text-sm text-zinc-600 dark:text-zinc-400">
                    {FLAG_SENTENCES[group.reason as Flag]}
                  </p>
                  <p
                    className="mt-1 text-xs text-zinc-500 dark:text-zinc-400"
                    data-testid="silent-group-counts"
                  >
                    <strong className="text-sm text-zinc-800 dark:text-zinc-200">
                      {plural(group.callsInWindow ?? 0, "call")} in this period
                    </strong>{" "}
                    · {group.calls.toLocaleString("en-US")} in all · first{" "}
                    <LocalTime value={group.firstSeen} /> · last <LocalTime value={group.lastSeen} />
                  </p>
                </div>
                <div className="flex gap-2">
                  {group.status === "open" ? (
                    <>
                      <ReviewButton group={group} status="confirmed" label="Confirm" />
                      <ReviewButton group={group} status="dismissed" label="Dismiss" />
                    </>
                  ) : (
                    <ReviewButton
                      group={group}
                      status="open"
                      label={group.status === "dismissed" ? "Undo dismiss" : "Reopen"}
                    />
                  )}
                </div>
              </div>
              <ul className="mt-3 space-y-2">
                {group.examples.map((example) => (
                  <li key={example.id}>
                    <Link
                      href={`/calls/${encodeURIComponent(example.id)}`}
                      className="text-xs text-zinc-500 dark:text-zinc-400 underline"
                    >
                      <LocalTime value={example.occurredAt} />
                    </Link>
                    {/* Four lines at most; the whole text on hover, and on the call's page. */}
                    <div className="mt-1 rounded bg-zinc-100 p-2 dark:bg-zinc-800">
                      <pre
                        className="line-clamp-4 font-mono text-xs break-all whitespace-pre-wrap"
                        title={example.text || undefined}
                        data-testid="example-text"
                      >
                        {example.text || "(no text)"}
                      </pre>
                    </div>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      {page.total > 0 ? (
        <Pager
          path="/suspicious"
          params={{ ...params, cursor: shownCursor }}
          shown={groups.length}
          total={page.total}
          noun={page.total === 1 ? "group" : "groups"}
          nextCursor={page.nextCursor}
        />
      ) : null}
    </>
  );
}
