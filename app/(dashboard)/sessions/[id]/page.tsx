import { notFound } from "next/navigation";
import { count } from "@/components/insight/grade";
import { CodeChip, OutcomeBadge } from "@/components/ui/badges";
import { Card, PageHeader } from "@/components/ui/layout";
import { Link } from "@/components/ui/link";
import { LocalTime } from "@/components/ui/local-time";
import { dashboardContext, type SearchParams } from "@/lib/dashboard-context";
import { decodeSegment, serverCardHref } from "@/lib/insight/links";
import { orFirstPage } from "@/lib/queries/keyset";
import { sessionTimeline } from "@/lib/insight/sessions";
import { describeMove, failed, waterfallBar } from "@/lib/insight/story";
import { listPageSchema } from "@/lib/schemas/dashboard";
import { viewHref } from "@/lib/view-href";

export const dynamic = "force-dynamic";

const PAGE_SIZE = 200;

function barColour(call: { outcome: string; silentFailure: boolean }): string {
  if (call.outcome === "ok" && call.silentFailure) return "bg-amber-500";
  switch (call.outcome) {
    case "ok":
      return "bg-emerald-500";
    case "tool_error":
      return "bg-orange-500";
    case "protocol_error":
      return "bg-violet-500";
    default:
      return "bg-red-600";
  }
}

function offset(ms: number): string {
  if (ms < 1_000) return `+${Math.round(ms)} ms`;
  if (ms < 60_000) return `+${(ms / 1_000).toFixed(1)} s`;
  if (ms < 3_600_000) return `+${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1_000)} s`;
  return `+${(ms / 3_600_000).toFixed(1)} h`;
}

export default async function SessionPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const [{ id: raw }, context] = await Promise.all([params, dashboardContext(searchParams)]);
  const sessionId = decodeSegment(raw);
  const list = listPageSchema.parse(context.params);
  const project = context.project;
  const found = project
    ? await orFirstPage(list.cursor, (cursor) =>
        sessionTimeline(context.reads, project.id, sessionId, { cursor, limit: PAGE_SIZE }),
      )
    : null;
  const timeline = found?.page;
  if (!timeline) notFound();
  const { session } = timeline;
  const span = session.lastAt.getTime() - session.firstAt.getTime();
  const firstFailure = timeline.calls.find((call) => call.firstFailure);

  return (
    <>
      <PageHeader
        title={`Session ${sessionId}`}
        description={
          <>
            {session.agent ? (
              <>
                Agent <strong>{session.agent}</strong> ·{" "}
              </>
            ) : null}
            <LocalTime value={session.firstAt} /> → <LocalTime value={session.lastAt} /> (
            {offset(span).slice(1)})
          </>
        }
        actions={
          <Link
            href={viewHref("/calls", { range: "custom", from: session.firstAt.toISOString(), sessionId }, [])}
            className="rounded-md border border-zinc-300 px-3 py-1.5 text-sm dark:border-zinc-700"
          >
            In Activity
          </Link>
        }
      />
      <div className="mb-4 grid grid-cols-2 gap-4 lg:grid-cols-4" data-testid="session-totals">
        <Card>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Calls</p>
          <p className="text-2xl font-semibold tabular-nums">{count(session.calls)}</p>
        </Card>
        <Card>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Failures</p>
          <p className="text-2xl font-semibold tabular-nums">{count(session.failures)}</p>
        </Card>
        <Card>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Ended</p>
          <p className="text-lg font-semibold" data-testid="session-ending">
            {session.endedOnFailure ? "✕ on a failure" : "✓ on a success"}
          </p>
        </Card>
        <Card>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Servers</p>
          <ul className="text-sm">
            {session.servers.map((server) => (
              <li key={server} className="truncate">
                <Link href={serverCardHref(server)} className="underline" title={server}>
                  {server}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      </div>
      {timeline.firstFailureId ? (
        <p
          className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm dark:border-red-900 dark:bg-red-950"
          data-testid="first-failure"
        >
          The run first failed at{" "}
          <Link
            href={
              firstFailure
                ? `#call-${encodeURIComponent(timeline.firstFailureId)}`
                : `/calls/${encodeURIComponent(timeline.firstFailureId)}`
            }
            className="font-medium underline"
          >
            {firstFailure
              ? `${firstFailure.server} / ${firstFailure.tool ?? firstFailure.method}`
              : "this call"}
          </Link>
          {firstFailure ? (
            <>
              {" "}
              ({offset(firstFailure.occurredAt.getTime() - session.firstAt.getTime())}):{" "}
              {describeMove(firstFailure.next ?? { kind: "end" }).toLowerCase()}.
            </>
          ) : (
            "."
          )}
        </p>
      ) : (
        <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">No call of this session failed.</p>
      )}
      <Card title={`Calls in time order${list.cursor ? " (continued)" : ""}`}>
        <ol className="divide-y divide-zinc-100 dark:divide-zinc-800" data-testid="waterfall">
          {timeline.calls.map((call) => {
            const bar = waterfallBar(
              call,
              session.firstAt,
              new Date(
                Math.max(session.lastAt.getTime(), call.occurredAt.getTime() + (call.durationMs ?? 0)),
              ),
            );
            return (
              <li
                key={call.id}
                id={`call-${call.id}`}
                className={`py-2 text-sm ${call.firstFailure ? "bg-red-50/60 dark:bg-red-950/40" : ""}`}
                data-testid="timeline-call"
                data-call={call.id}
                data-failed={failed(call) ? "true" : "false"}
              >
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="w-24 shrink-0 text-xs text-zinc-600 dark:text-zinc-400 tabular-nums">
                    {offset(call.occurredAt.getTime() - session.firstAt.getTime())}
                  </span>
                  <Link
                    href={`/calls/${encodeURIComponent(call.id)}`}
                    className="min-w-0 truncate font-medium underline decoration-zinc-400 underline-offset-2"
                  >
                    {call.server} / {call.tool ?? call.method}
                  </Link>
                  <OutcomeBadge outcome={call.outcome} silent={call.silentFailure} />
                  <CodeChip code={call.errorCode} />
                  {call.firstFailure ? (
                    <span className="rounded bg-red-600 px-1.5 py-0.5 text-xs font-medium text-white">
                      first failure
                    </span>
                  ) : null}
                  <span className="text-xs text-zinc-600 dark:text-zinc-400 tabular-nums">
                    {call.durationMs === null ? "" : `${Math.round(call.durationMs)} ms`}
                  </span>
                </div>
                <div className="relative mt-1 h-2 rounded bg-zinc-100 dark:bg-zinc-800" aria-hidden="true">
                  <div
                    className={`absolute top-0 h-2 rounded ${barColour(call)}`}
                    style={{ left: `${bar.left}%`, width: `${bar.width}%` }}
                  />
                </div>
                {failed(call) && call.text ? (
                  // What the agent saw, inline: the failure is read here, not behind a click.
                  <p
                    className="mt-1 font-mono text-xs break-words whitespace-pre-wrap text-zinc-800 dark:text-zinc-200"
                    data-testid="timeline-text"
                  >
                    {call.text}
                  </p>
                ) : null}
                {call.next ? (
                  <p
                    className="mt-1 text-xs text-zinc-700 dark:text-zinc-300"
                    data-testid="next-move"
                    data-kind={call.next.kind}
                  >
                    → {describeMove(call.next)}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      </Card>
      <nav aria-label="Pages" className="mt-4 flex flex-wrap gap-2 text-sm">
        {list.cursor ? (
          <Link
            href={viewHref(`/sessions/${encodeURIComponent(sessionId)}`, {}, [])}
            className="rounded-md border border-zinc-300 px-3 py-1.5 dark:border-zinc-700"
          >
            ← From the start
          </Link>
        ) : null}
        {timeline.nextCursor ? (
          <Link
            href={viewHref(`/sessions/${encodeURIComponent(sessionId)}`, {}, [], {
              cursor: timeline.nextCursor,
            })}
            className="rounded-md border border-zinc-300 px-3 py-1.5 dark:border-zinc-700"
            data-testid="next-page"
          >
            Next {PAGE_SIZE} calls →
          </Link>
        ) : null}
        <span className="self-center text-zinc-600 dark:text-zinc-400">
          {count(timeline.calls.length)} of {count(session.calls)} calls shown
        </span>
      </nav>
    </>
  );
}
