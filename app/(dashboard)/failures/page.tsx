import { Link } from "@/components/ui/link";
import { TimeRangeFilter } from "@/components/filters/time-range";
import { CategoryBadge, CodeChip, OutcomeBadge, SignatureStatusBadge } from "@/components/ui/badges";
import { SignatureActions } from "@/components/ui/signature-actions";
import { ACTIVE_STATUSES, SIGNATURE_STATUSES, type SignatureStatus } from "@/lib/failures/lifecycle";
import { activityHref, viewHref } from "@/lib/view-href";
import { EmptyState, PageHeader } from "@/components/ui/layout";
import { LocalTime } from "@/components/ui/local-time";
import { Sparkline } from "@/components/ui/sparkline";
import { dashboardContext, type SearchParams } from "@/lib/dashboard-context";
import { listServers } from "@/lib/queries/breakdowns";
import { listFailureSignatures, type FailurePage, type SignatureGroup } from "@/lib/queries/failures";
import { orFirstPage } from "@/lib/queries/keyset";
import { listPageSchema } from "@/lib/schemas/dashboard";
import { ListSearch } from "@/components/filters/list-search";
import { Pager } from "@/components/ui/pager";

export const dynamic = "force-dynamic";

/** The status tabs: what each lists (active: what still needs someone). */
const STATUS_TABS: { value: string; label: string; statuses?: readonly SignatureStatus[] }[] = [
  { value: "active", label: "Open and regressed", statuses: ACTIVE_STATUSES },
  ...SIGNATURE_STATUSES.map((status) => ({
    value: status,
    label: status[0]!.toUpperCase() + status.slice(1),
    statuses: [status],
  })),
  { value: "all", label: "All" },
];

/** The two ways to list signatures: cards (text, sparkline) or one row each (10–15 on a laptop screen). */
const VIEWS = [
  { value: "cards", label: "Cards" },
  { value: "compact", label: "Compact" },
] as const;

function CompactRow({ group, href, callsHref }: { group: SignatureGroup; href: string; callsHref: string }) {
  return (
    <li
      className="flex flex-wrap items-center gap-x-2 gap-y-1 px-3 py-1.5 text-sm sm:flex-nowrap"
      data-testid="signature-group"
    >
      <span className="flex shrink-0 items-center gap-1">
        {group.status !== "open" ? <SignatureStatusBadge status={group.status} /> : null}
        {group.isNew ? <NewBadge /> : null}
        <CodeChip code={group.errorCode} />
        <CategoryBadge category={group.category} />
      </span>
      <Link
        href={href}
        className="max-w-full shrink-0 truncate font-medium underline decoration-zinc-400 underline-offset-2 sm:max-w-56"
        title={`${group.server} / ${group.tool || "—"}`}
        data-testid="signature-link"
      >
        {group.server} / {group.tool || "—"}
      </Link>
      <span
        className="min-w-0 basis-full truncate font-mono text-xs text-zinc-600 sm:basis-0 sm:flex-1 dark:text-zinc-400"
        title={group.exampleText || undefined}
      >
        {group.exampleText || "(no text)"}
      </span>
      <Link
        href={callsHref}
        className="shrink-0 text-right font-semibold tabular-nums underline-offset-2 hover:underline"
        title="Its calls in this period"
      >
        {group.callsInWindow.toLocaleString("en-US")}
      </Link>
      <span className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400">
        <LocalTime value={group.lastSeen} style="short" />
      </span>
      <span className="shrink-0">
        <SignatureActions
          signature={group.signature}
          status={group.status}
          subject={`${group.server}/${group.tool} · ${group.errorCode ?? group.category ?? "failure"}`}
        />
      </span>
    </li>
  );
}

export default async function FailuresPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { reads, project, window, params } = await dashboardContext(searchParams);
  const compact = params.view === "compact";
  const list = listPageSchema.parse(params);
  const tab = STATUS_TABS.find((candidate) => candidate.value === params.status) ?? STATUS_TABS[0]!;
  const empty: FailurePage = { groups: [], total: 0, newTotal: 0, nextCursor: null };
  const [{ page, cursor: shownCursor }, servers] = project
    ? await Promise.all([
        orFirstPage(list.cursor, (cursor) =>
          listFailureSignatures(reads, project.id, window, {
            q: list.q,
            newOnly: list.new === "1",
            statuses: tab.statuses,
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
        title="Failures"
        description="Failures grouped by signature — the same problem with ids, numbers and quoted values masked. Signatures first seen in this period are marked new."
        actions={<TimeRangeFilter servers={servers} />}
      />
      <nav aria-label="Status" className="mb-3 flex flex-wrap gap-1 text-sm" data-testid="status-tabs">
        {STATUS_TABS.map((candidate) => (
          <Link
            key={candidate.value}
            href={viewHref("/failures", params, ["cursor", "status"], {
              status: candidate.value === "active" ? undefined : candidate.value,
            })}
            aria-current={candidate === tab ? "page" : undefined}
            className={`rounded-md px-2.5 py-1 ${candidate === tab ? "bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900" : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"}`}
          >
            {candidate.label}
          </Link>
        ))}
      </nav>
      <nav aria-label="List view" className="mb-3 flex gap-1 text-sm" data-testid="view-toggle">
        {VIEWS.map((view) => {
          const current = (view.value === "compact") === compact;
          return (
            <Link
              key={view.value}
              href={viewHref("/failures", params, ["view"], {
                view: view.value === "compact" ? "compact" : undefined,
              })}
              aria-current={current ? "page" : undefined}
              className={`rounded-md border px-2.5 py-1 ${current ? "border-zinc-900 bg-zinc-900 text-white dark:border-zinc-100 dark:bg-zinc-100 dark:text-zinc-900" : "border-zinc-300 text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"}`}
            >
              {view.label}
            </Link>
          );
        })}
      </nav>
      <ListSearch
        path="/failures"
        params={params}
        label="Search failures"
        placeholder="Text, tool, server, code or signature"
        newOnly={list.new === "1"}
      />
      {page.total > 0 ? (
        <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400" data-testid="failure-totals">
          {page.total.toLocaleString("en-US")} signature{page.total === 1 ? "" : "s"}
          {list.q || list.new ? (page.total === 1 ? " matches" : " match") : " in this period"},{" "}
          {page.newTotal.toLocaleString("en-US")} new
        </p>
      ) : null}
      {groups.length === 0 ? (
        <EmptyState title={list.q || list.new ? "No failures match" : "No failures in this period"}>
          {list.q || list.new
            ? "Clear the search, or widen the time range."
            : "Widen the time range, or send calls with `npm run demo`."}
        </EmptyState>
      ) : compact ? (
        <ul
          className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
          data-testid="signature-groups"
        >
          {groups.map((group) => (
            <CompactRow
              key={group.signature}
              group={group}
              href={viewHref(`/failures/${group.signature}`, params, [
                "cursor",
                "q",
                "new",
                "status",
                "view",
              ])}
              callsHref={activityHref(window, { signature: group.signature })}
            />
          ))}
        </ul>
      ) : (
        <ul className="space-y-3" data-testid="signature-groups">
          {groups.map((group) => (
            <li
              key={group.signature}
              className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
              data-testid="signature-group"
            >
              <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    {group.status !== "open" ? <SignatureStatusBadge status={group.status} /> : null}
                    {group.isNew ? <NewBadge /> : null}
                    <OutcomeBadge outcome={group.outcome} silent={group.silentFailure} />
                    <CategoryBadge category={group.category} />
                    <CodeChip code={group.errorCode} />
                    <Link
                      href={viewHref(`/failures/${group.signature}`, params, [
                        "cursor",
                        "q",
                        "new",
                        "status",
                      ])}
                      className="min-w-0 text-sm font-medium wrap-anywhere underline decoration-zinc-400 underline-offset-2"
                      data-testid="signature-link"
                    >
                      {group.server} / {group.tool || "—"}
                    </Link>
                  </div>
                  {/* Three lines at most; the whole text on hover, and on the signature's page. */}
                  <pre
                    className="mt-2 line-clamp-3 font-mono text-xs break-all whitespace-pre-wrap text-zinc-700 dark:text-zinc-300"
                    title={group.exampleText || undefined}
                  >
                    {group.exampleText || "(no text)"}
                  </pre>
                  <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">
                    First seen <LocalTime value={group.firstSeen} /> · last seen{" "}
                    <LocalTime value={group.lastSeen} /> · {group.totalCalls.toLocaleString("en-US")} in all
                    {group.assignee ? (
                      <span data-testid="signature-assignee"> · assigned to {group.assignee}</span>
                    ) : null}
                    {group.linkedIssueUrl ? (
                      <>
                        {" · "}
                        <a
                          href={group.linkedIssueUrl}
                          rel="noopener noreferrer nofollow"
                          target="_blank"
                          className="underline"
                          aria-label={`Linked issue of ${group.server}/${group.tool}`}
                        >
                          linked issue
                        </a>
                      </>
                    ) : null}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 sm:flex-col sm:flex-nowrap sm:items-end sm:gap-1">
                  <span className="text-2xl font-semibold tabular-nums">
                    {group.callsInWindow.toLocaleString("en-US")}
                  </span>
                  <span className="text-xs text-zinc-500 dark:text-zinc-400">in this period</span>
                  <Sparkline
                    values={group.sparkline}
                    label={`Occurrences over the period for signature ${group.signature}`}
                  />
                  <Link
                    href={activityHref(window, { signature: group.signature })}
                    className="text-xs underline"
                  >
                    See calls
                  </Link>
                  <SignatureActions
                    signature={group.signature}
                    status={group.status}
                    subject={`${group.server}/${group.tool} · ${group.errorCode ?? group.category ?? "failure"}`}
                  />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {groups.length > 0 ? (
        <Pager
          path="/failures"
          params={{ ...params, cursor: shownCursor }}
          shown={groups.length}
          total={page.total}
          noun="signatures"
          nextCursor={page.nextCursor}
        />
      ) : null}
    </>
  );
}

/** A signature first seen in the period shown. */
function NewBadge() {
  return (
    <span
      className="rounded bg-orange-700 px-1.5 py-0.5 text-xs font-semibold text-white"
      data-testid="new-badge"
    >
      NEW
    </span>
  );
}
