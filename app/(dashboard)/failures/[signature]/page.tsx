import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { SignatureChart } from "@/components/charts/signature-chart";
import { TimeRangeFilter } from "@/components/filters/time-range";
import { CategoryBadge, CodeChip, OutcomeBadge, SignatureStatusBadge } from "@/components/ui/badges";
import { Card, PageHeader } from "@/components/ui/layout";
import { LocalTime } from "@/components/ui/local-time";
import { SignatureActions } from "@/components/ui/signature-actions";
import { NextStepCard } from "@/components/ui/next-step";
import { dashboardContext, type SearchParams } from "@/lib/dashboard-context";
import { BREAKDOWN_SAMPLE, getSignature, getSignatureActivity } from "@/lib/queries/signature";
import { canManageAlerts } from "@/lib/auth/access";
import { activityHref, newAlertRuleHref } from "@/lib/view-href";
import { SignatureTriage } from "@/components/ui/signature-triage";
import { projectPeople } from "@/lib/auth/access";
import { issueUrl, projectIssueTemplate, signatureIssue } from "@/lib/failures/issue-link";
import { listComments } from "@/lib/failures/triage";
import { instanceUrl } from "../../instance-url";
import { SnoozeForm } from "../../settings/alerts/forms";
import { CopyButton } from "@/components/ui/copy-button";

export const dynamic = "force-dynamic";

/** "37%", "0.4%", "<0.1%": a share as people read it. */
function formatShare(share: number): string {
  const percent = share * 100;
  if (percent > 0 && percent < 0.1) return "<0.1%";
  return `${percent >= 10 ? Math.round(percent) : Number(percent.toFixed(1))}%`;
}

function Breakdown({
  title,
  rows,
  testId,
  href,
}: {
  title: string;
  rows: { value: string; calls: number }[];
  testId: string;
  /** Where a row leads (Activity filtered by it, a session's timeline), if anywhere. */
  href?: (value: string) => string;
}) {
  return (
    <Card title={title}>
      {rows.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">None recorded.</p>
      ) : (
        <ul className="space-y-1 text-sm" data-testid={testId}>
          {rows.map((row) => (
            <li key={row.value} className="flex justify-between gap-3">
              {href && row.value ? (
                <Link
                  href={href(row.value)}
                  className="min-w-0 truncate font-mono text-xs underline decoration-zinc-400 underline-offset-2"
                  title={row.value}
                >
                  {row.value}
                </Link>
              ) : (
                <span className="min-w-0 truncate font-mono text-xs" title={row.value}>
                  {row.value || "—"}
                </span>
              )}
              <span className="tabular-nums">{row.calls.toLocaleString("en-US")}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export default async function SignaturePage({
  params,
  searchParams,
}: {
  params: Promise<{ signature: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const [{ signature: raw }, context] = await Promise.all([params, dashboardContext(searchParams)]);
  const { reads, project, window, user } = context;
  const signature = project ? await getSignature(reads, project.id, decodeURIComponent(raw)) : null;
  if (!project || !signature) notFound();
  const [activity, comments, people, template, origin] = await Promise.all([
    getSignatureActivity(reads, project.id, signature.signature, window, signature),
    listComments(reads, project.id, signature.signature),
    projectPeople(reads, project.id),
    projectIssueTemplate(reads, project.id),
    instanceUrl(),
  ]);
  const newIssueHref = template
    ? issueUrl(
        template,
        signatureIssue(
          { ...signature, retryable: activity.latestRetryable },
          `${origin}/failures/${signature.signature}`,
        ),
      )
    : null;
  const callsHref = activityHref(window, { signature: signature.signature });
  const scope = `${signature.server} / ${signature.tool || "—"}`;
  const share = activity.toolCalls > 0 ? activity.callsInWindow / activity.toolCalls : null;
  return (
    <>
      <PageHeader
        title={`${signature.server} / ${signature.tool || "—"}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {signature.mergedInto ? (
              <span
                className="rounded bg-zinc-200 px-1.5 py-0.5 text-xs font-semibold text-zinc-800 dark:bg-zinc-700 dark:text-zinc-100"
                data-testid="merged-badge"
              >
                MERGED
              </span>
            ) : (
              <SignatureStatusBadge status={signature.status} />
            )}
            <OutcomeBadge outcome={signature.outcome} silent={signature.silentFailure} />
            <CategoryBadge category={signature.category} />
            <CodeChip code={signature.errorCode} />
            <span className="inline-flex items-center gap-1">
              <code className="font-mono text-xs" data-testid="signature-id">
                {signature.signature}
              </code>
              <CopyButton
                text={signature.signature}
                what="the signature id"
                label="Copy id"
                size="sm"
                testId="copy-signature-id"
              />
            </span>
            <span>
              first seen <LocalTime value={signature.firstSeen} />, last seen{" "}
              <LocalTime value={signature.lastSeen} />, {signature.totalCalls.toLocaleString("en-US")} calls
              in all
            </span>
          </span>
        }
        actions={<TimeRangeFilter servers={[]} />}
      />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        {signature.mergedInto ? (
          <span />
        ) : (
          <SignatureActions signature={signature.signature} status={signature.status} detailed />
        )}
        <div className="flex flex-wrap items-center gap-2">
          {canManageAlerts(user) ? (
            <Link
              href={newAlertRuleHref({
                name: `${signature.server}/${signature.tool || "-"} failing`.slice(0, 200),
                server: signature.server,
                tool: signature.tool,
              })}
              className="rounded-md border border-zinc-300 px-3 py-1.5 text-sm dark:border-zinc-700"
              data-testid="alert-me"
            >
              Alert me on this
            </Link>
          ) : null}
          <Link
            href={callsHref}
            className="rounded-md border border-zinc-300 px-3 py-1.5 text-sm dark:border-zinc-700"
            data-testid="signature-calls"
          >
            See its {activity.callsInWindow.toLocaleString("en-US")} calls in Activity
          </Link>
        </div>
      </div>
      {canManageAlerts(user) ? (
        <div className="mb-4">
          <SnoozeForm project={project.name} server={signature.server} signature={signature.signature} />
        </div>
      ) : null}
      <p
        className="mb-4 text-sm wrap-anywhere text-zinc-700 dark:text-zinc-300"
        data-testid="signature-share"
      >
        {share === null ? (
          <>No calls of {scope} in this period.</>
        ) : (
          <>
            <strong className="tabular-nums">{formatShare(share)}</strong> of {scope}&rsquo;s calls in this
            period fail with this signature ({activity.callsInWindow.toLocaleString("en-US")} of{" "}
            {activity.toolCalls.toLocaleString("en-US")}).
          </>
        )}
      </p>
      {signature.status === "ignored" && (signature.ignoreUntil || signature.ignoreUntilCalls) ? (
        <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400" data-testid="ignore-limit">
          Ignored
          {signature.ignoreUntil ? (
            <>
              {" "}
              until <LocalTime value={signature.ignoreUntil} />
            </>
          ) : null}
          {signature.ignoreUntil && signature.ignoreUntilCalls ? " or" : null}
          {signature.ignoreUntilCalls
            ? ` until it reaches ${signature.ignoreUntilCalls.toLocaleString("en-US")} calls`
            : null}
          ; then it opens again.
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-3">
        <div className="space-y-4 xl:col-span-2">
          <Card title={`Calls per hour in this period (${activity.callsInWindow.toLocaleString("en-US")})`}>
            <SignatureChart data={activity.hourly} />
          </Card>
          <NextStepCard
            category={signature.category}
            errorCode={signature.errorCode}
            retryable={activity.latestRetryable}
            silentFailure={signature.silentFailure}
          />
          <Card title="What the agent saw (latest calls)">
            {activity.examples.length === 0 ? (
              <pre className="font-mono text-xs break-all whitespace-pre-wrap">{signature.exampleText}</pre>
            ) : (
              <ul className="space-y-3" data-testid="signature-examples">
                {activity.examples.map((example) => (
                  <li key={example.id}>
                    <Link href={`/calls/${encodeURIComponent(example.id)}`} className="text-xs underline">
                      <LocalTime value={example.occurredAt} />
                    </Link>
                    <pre
                      tabIndex={0}
                      role="region"
                      aria-label={`Text of call ${example.id}`}
                      className="mt-1 max-h-32 overflow-auto rounded bg-zinc-100 p-2 font-mono text-xs break-all whitespace-pre-wrap focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:outline-none dark:bg-zinc-800"
                    >
                      {example.text || "(no text)"}
                    </pre>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card title="History">
            {activity.history.length === 0 ? (
              <p className="text-sm text-zinc-500 dark:text-zinc-400">
                No changes yet: open since it was first seen.
              </p>
            ) : (
              <ol className="space-y-1.5 text-sm" data-testid="signature-history">
                {activity.history.map((event, index) => (
                  <li key={index}>
                    <LocalTime value={event.at} /> · <strong>{event.actor}</strong>:{" "}
                    {event.kind === "status" ? (
                      <>
                        {event.from} → {event.to}
                        {event.detail ? (
                          <span className="text-zinc-500 dark:text-zinc-400"> ({event.detail})</span>
                        ) : null}
                      </>
                    ) : (
                      <span className="break-all">{event.detail}</span>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </Card>
        </div>
        <div className="space-y-4">
          <Card title="Triage">
            <SignatureTriage
              signature={signature.signature}
              assignee={signature.assignee}
              people={people.map((person) => person.email)}
              linkedIssueUrl={signature.linkedIssueUrl}
              newIssueHref={newIssueHref}
              mergedInto={signature.mergedInto}
              merged={signature.merged}
              comments={comments}
            />
          </Card>
          <Breakdown title="Tools it hit" rows={activity.tools} testId="signature-tools" />
          <Breakdown
            title="Sessions"
            rows={activity.sessions}
            testId="signature-sessions"
            href={(sessionId) => `/sessions/${encodeURIComponent(sessionId)}`}
          />
          <Breakdown
            title="Agents"
            rows={activity.agents}
            testId="signature-agents"
            href={(agent) => activityHref(window, { agent })}
          />
          {activity.sampled >= BREAKDOWN_SAMPLE ? (
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              From its latest {BREAKDOWN_SAMPLE.toLocaleString("en-US")} calls in this period.
            </p>
          ) : null}
        </div>
      </div>
    </>
  );
}
