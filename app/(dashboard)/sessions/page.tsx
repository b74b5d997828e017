import { TimeRangeFilter } from "@/components/filters/time-range";
import { count } from "@/components/insight/grade";
import { EmptyState, PageHeader } from "@/components/ui/layout";
import { Link } from "@/components/ui/link";
import { LocalTime } from "@/components/ui/local-time";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { dashboardContext, type SearchParams } from "@/lib/dashboard-context";
import { orFirstPage } from "@/lib/queries/keyset";
import { listSessions, type SessionList } from "@/lib/insight/sessions";
import { listServers } from "@/lib/queries/breakdowns";
import { listPageSchema } from "@/lib/schemas/dashboard";
import { viewHref } from "@/lib/view-href";

export const dynamic = "force-dynamic";

export default async function SessionsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { reads, project, window, params } = await dashboardContext(searchParams);
  const list = listPageSchema.parse(params);
  // Only the runs with a failure (`failed=1`): what an on-call reader looks for first.
  const failedOnly = params.failed === "1";
  const empty: SessionList = { sessions: [], nextCursor: null };
  const [{ page }, servers] = project
    ? await Promise.all([
        orFirstPage(list.cursor, (cursor) =>
          listSessions(reads, project.id, {
            from: window.from,
            to: new Date(window.to.getTime() + 1),
            cursor,
            failedOnly,
            servers: window.servers,
          }),
        ),
        listServers(reads, project.id, window),
      ])
    : [{ page: empty }, [] as string[]];
  return (
    <>
      <PageHeader
        title="Sessions"
        description="Agent runs, most recently active first: how many calls each made, how many failed, and whether it ended on a failure. A session opens its timeline. The key is the sender's sessionId, else the OTLP trace, else the proxy's connection."
        actions={<TimeRangeFilter servers={servers} />}
      />
      <p className="mb-3 text-sm">
        <Link
          href={viewHref("/sessions", params, ["cursor", "failed"], { failed: failedOnly ? undefined : "1" })}
          className="underline underline-offset-2"
          data-testid="toggle-failed-sessions"
        >
          {failedOnly
            ? "Only sessions with a failure: show every session"
            : "Show only sessions with a failure"}
        </Link>
      </p>
      {page.sessions.length === 0 ? (
        <EmptyState
          title={failedOnly ? "No session with a failure in this period" : "No sessions in this period"}
        >
          Calls without a session id or trace are not part of a session.
        </EmptyState>
      ) : (
        <ScrollRegion label="Sessions" testId="sessions-table">
          <table className="w-full min-w-[40rem] text-sm">
            <thead className="border-b border-zinc-200 text-left text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
              <tr>
                <th className="px-3 py-2 font-medium">Session</th>
                <th className="px-3 py-2 font-medium">Calls</th>
                <th className="px-3 py-2 font-medium">Failures</th>
                <th className="px-3 py-2 font-medium">Ended</th>
                <th className="px-3 py-2 font-medium">Agent</th>
                <th className="px-3 py-2 font-medium">Last call</th>
              </tr>
            </thead>
            <tbody>
              {page.sessions.map((session) => (
                <tr
                  key={session.sessionId}
                  className="border-b border-zinc-100 dark:border-zinc-800"
                  data-testid="session-row"
                >
                  <td className="max-w-56 px-3 py-2">
                    <Link
                      href={`/sessions/${encodeURIComponent(session.sessionId)}`}
                      className="block truncate font-mono text-xs underline"
                      title={session.sessionId}
                    >
                      {session.sessionId}
                    </Link>
                    <span
                      className="block truncate text-xs text-zinc-600 dark:text-zinc-400"
                      title={session.servers.join(", ")}
                    >
                      {session.servers.join(", ")}
                    </span>
                  </td>
                  <td className="px-3 py-2 tabular-nums">{count(session.calls)}</td>
                  <td className="px-3 py-2 tabular-nums">{count(session.failures)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {session.endedOnFailure ? (
                      <span className="text-red-700 dark:text-red-400">✕ on a failure</span>
                    ) : (
                      <span>✓ ok</span>
                    )}
                  </td>
                  <td className="max-w-40 truncate px-3 py-2">{session.agent ?? "—"}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <LocalTime value={session.lastAt} style="short" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <nav aria-label="Pages" className="mt-4 flex gap-2 text-sm">
        {list.cursor ? (
          <Link
            href={viewHref("/sessions", params, ["cursor"])}
            className="rounded-md border border-zinc-300 px-3 py-1.5 dark:border-zinc-700"
          >
            ← Most recent
          </Link>
        ) : null}
        {page.nextCursor ? (
          <Link
            href={viewHref("/sessions", params, [], { cursor: page.nextCursor })}
            className="rounded-md border border-zinc-300 px-3 py-1.5 dark:border-zinc-700"
            data-testid="next-page"
          >
            Older sessions →
          </Link>
        ) : null}
      </nav>
    </>
  );
}
