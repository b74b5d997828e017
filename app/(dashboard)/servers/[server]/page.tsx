import { notFound } from "next/navigation";
import { TimeRangeFilter } from "@/components/filters/time-range";
import { count, GradeBadge, percent } from "@/components/insight/grade";
import { CodeChip, OutcomeBadge } from "@/components/ui/badges";
import { CopyButton } from "@/components/ui/copy-button";
import { Card, PageHeader } from "@/components/ui/layout";
import { Link } from "@/components/ui/link";
import { dashboardContext, type SearchParams } from "@/lib/dashboard-context";
import { serverCard, type CardMeasure, type LinkedPart } from "@/lib/insight/card";
import { activityHref, decodeSegment } from "@/lib/insight/links";
import { MIN_FAILURES_TO_GRADE } from "@/lib/insight/grades";
import { GRADING_PATH, gradingUrl } from "@/lib/insight/grading";
import { cardMarkdown } from "@/lib/insight/markdown";
import { issueUrl, projectIssueTemplate } from "@/lib/failures/issue-link";
import { cardWindow, formatWindow } from "@/lib/insight/window";
import { categoryWords } from "@/lib/outcome-words";
import { viewHref } from "@/lib/view-href";
import { instanceUrl } from "../../instance-url";
import { ProbesSection, serverProbes } from "./probes";

export const dynamic = "force-dynamic";

const linkClass = "underline decoration-zinc-400 underline-offset-2";

function Share({ part, total }: { part: LinkedPart; total: number }) {
  return (
    <Link href={part.href} className={linkClass} data-testid="share-link" data-count={part.count}>
      {count(part.count)} of {count(total)}
    </Link>
  );
}

function Detail({ part }: { part: LinkedPart }) {
  return (
    <li className="flex justify-between gap-3">
      <span className="min-w-0">{part.label}</span>
      <Link
        href={part.href}
        className={`${linkClass} tabular-nums`}
        data-testid="share-link"
        data-count={part.count}
      >
        {count(part.count)}
      </Link>
    </li>
  );
}

function Measure({ measure }: { measure: CardMeasure }) {
  return (
    <Card className="space-y-3">
      <div className="flex items-start gap-3" data-testid="measure" data-measure={measure.id}>
        <GradeBadge grade={measure.grade} label={measure.title} />
        <div className="min-w-0 flex-1">
          <h2 className="font-medium">{measure.title}</h2>
          {measure.grade === null ? (
            <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="not-graded">
              — not graded: fewer than {MIN_FAILURES_TO_GRADE} failures to judge in this period
            </p>
          ) : null}
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {measure.fault}: <strong data-testid="measure-share">{percent(measure.problemShare)}</strong> (
            {measure.part ? (
              <Share part={measure.part} total={measure.total} />
            ) : (
              <>
                {count(measure.problem)} of {count(measure.total)}
              </>
            )}{" "}
            {measure.of})
          </p>
        </div>
      </div>
      {measure.details.length > 0 ? (
        <ul className="space-y-1 text-sm">
          {measure.details.map((part) => (
            <Detail key={part.key} part={part} />
          ))}
        </ul>
      ) : null}
      {measure.advice ? (
        <div className="space-y-2 rounded-md bg-zinc-50 p-3 text-sm dark:bg-zinc-800/50" data-testid="advice">
          <p className="font-medium">What to change: {measure.advice.headline}</p>
          <p className="text-zinc-700 dark:text-zinc-300">{measure.advice.detail}</p>
          {measure.examples.length > 0 ? (
            <div className="space-y-2">
              <p className="text-xs text-zinc-600 dark:text-zinc-400">
                Examples from this server&apos;s calls (ids, numbers and quoted values masked):
              </p>
              {measure.examples.map((example) => (
                <div
                  key={example.callId}
                  className="rounded border border-zinc-200 bg-white p-2 dark:border-zinc-700 dark:bg-zinc-900"
                  data-testid="example"
                >
                  <div className="mb-1 flex flex-wrap items-center gap-2 text-xs">
                    <Link
                      href={`/calls/${encodeURIComponent(example.callId)}`}
                      className={`${linkClass} min-w-0 wrap-anywhere`}
                    >
                      {example.tool ?? "(no tool)"}
                    </Link>
                    <OutcomeBadge
                      outcome={example.outcome === "silent_failure" ? "ok" : example.outcome}
                      silent={example.outcome === "silent_failure"}
                    />
                    <CodeChip code={example.errorCode} />
                    {example.protocolVersion ? (
                      <span className="text-zinc-600 dark:text-zinc-400">rev. {example.protocolVersion}</span>
                    ) : null}
                  </div>
                  <pre className="font-mono text-xs break-all whitespace-pre-wrap">
                    {example.text || "(no text)"}
                  </pre>
                </div>
              ))}
            </div>
          ) : null}
          <details>
            <summary className="cursor-pointer text-xs font-medium">Recommended shape</summary>
            <pre className="mt-2 overflow-x-auto rounded bg-zinc-900 p-2 font-mono text-xs text-zinc-100">
              {measure.advice.shape}
            </pre>
          </details>
        </div>
      ) : null}
    </Card>
  );
}

export default async function ServerCardPage({
  params,
  searchParams,
}: {
  params: Promise<{ server: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const [{ server: raw }, context] = await Promise.all([params, dashboardContext(searchParams)]);
  const server = decodeSegment(raw);
  const period = cardWindow(context.window.from, context.window.to);
  const named = context.project && server.length <= 200 ? context.project : null;
  const [card, probes] = named
    ? await Promise.all([
        serverCard(context.reads, named.id, server, period),
        serverProbes(context.database.pool, named.id, server),
      ])
    : [null, null];
  if (!probes || (!card && probes.probes.length === 0)) notFound();
  // A probed server no agent called in the period: its probes, and nothing to grade.
  if (!card) {
    return (
      <>
        <PageHeader
          title={server}
          description={`No tool calls from agents ${formatWindow(period)}: nothing to grade. Its probes check it on their schedule.`}
          actions={<TimeRangeFilter servers={[]} />}
        />
        <ProbesSection server={server} data={probes} />
        <p className="mt-4 text-xs text-zinc-600 dark:text-zinc-400">
          <Link href="/servers" className={linkClass}>
            All servers
          </Link>
        </p>
      </>
    );
  }
  const markdown = cardMarkdown(card, { grading: gradingUrl(await instanceUrl()) });
  const template = await projectIssueTemplate(context.reads, context.project!.id);
  const newIssue = template
    ? issueUrl(template, {
        title: `${server}: MCP error hygiene, overall grade ${card.grade ?? "—"}`,
        body: markdown,
      })
    : null;
  const download = viewHref(
    `/api/v1/servers/${encodeURIComponent(server)}`,
    {
      from: period.from.toISOString(),
      to: period.to.toISOString(),
      format: "markdown",
    },
    [],
  );
  const change =
    card.failureRate !== null && card.previousFailureRate !== null
      ? (card.failureRate - card.previousFailureRate) * 100
      : null;

  return (
    <>
      <PageHeader
        title={server}
        description={`Report card of this MCP server's error hygiene, ${formatWindow(period)} (whole hours). Each share links to the calls behind it.`}
        actions={
          <>
            <CopyButton
              text={markdown}
              what="the report card as Markdown"
              label="Copy as Markdown"
              size="sm"
              testId="copy-markdown"
            />
            <a
              href={download}
              className="rounded-md border border-zinc-300 px-3 py-1.5 text-sm dark:border-zinc-700"
              data-testid="download-markdown"
              download
            >
              Download .md
            </a>
            {newIssue ? (
              <a
                href={newIssue}
                rel="noopener noreferrer nofollow"
                target="_blank"
                className="rounded-md border border-zinc-300 px-3 py-1.5 text-sm dark:border-zinc-700"
                data-testid="open-issue"
              >
                Open an issue
              </a>
            ) : null}
            <TimeRangeFilter servers={[]} />
          </>
        }
      />
      <div className="mb-4 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Card>
          <div className="flex items-center gap-3">
            <GradeBadge grade={card.grade} size="lg" label="Overall grade" />
            <div className="text-sm">
              <p className="font-medium">Overall grade</p>
              <p className="text-zinc-600 dark:text-zinc-400">
                {card.grade ? "weighted over the measures below" : "too few failures to grade"}
              </p>
            </div>
          </div>
        </Card>
        <Card>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Tool calls</p>
          <p className="text-2xl font-semibold tabular-nums">{count(card.calls)}</p>
          <Link href={activityHref(server, period, {})} className={`${linkClass} text-xs`}>
            All calls of this server
          </Link>
        </Card>
        <Card>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Failure rate</p>
          <p className="text-2xl font-semibold tabular-nums">{percent(card.failureRate)}</p>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            <Link
              href={card.failures.href}
              className={linkClass}
              data-testid="share-link"
              data-count={card.failures.count}
            >
              {count(card.failures.count)} failures
            </Link>
            {" · "}
            {change === null
              ? "no calls in the period before"
              : `${change > 0 ? "▲" : change < 0 ? "▼" : "="} ${Math.abs(change).toFixed(1)} pts vs the period before (${percent(card.previousFailureRate)})`}
          </p>
        </Card>
        <Card>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Secrets masked in its texts</p>
          <p className="text-2xl font-semibold tabular-nums">
            <Link
              href={card.secretsMasked.href}
              className={linkClass}
              data-testid="share-link"
              data-count={card.secretsMasked.count}
            >
              {count(card.secretsMasked.count)}
            </Link>
          </p>
          {card.secretsMasked.advice ? (
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              Never echo credentials in results or errors.
            </p>
          ) : null}
        </Card>
      </div>
      <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
        Most measures are shares of the{" "}
        <Link
          href={card.answeredFailures.href}
          className={linkClass}
          data-testid="share-link"
          data-count={card.answeredFailures.count}
        >
          {count(card.answeredFailures.count)} failures the server answered
        </Link>{" "}
        (isError results, JSON-RPC errors and silent failures; transport failures are not its error messages).
      </p>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        {card.measures.map((measure) => (
          <Measure key={measure.id} measure={measure} />
        ))}
      </div>
      <Card title="Failures by category (this period / the one before)" className="mt-4">
        {card.categories.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">No failures.</p>
        ) : (
          <ul
            className="grid grid-cols-1 gap-1 text-sm sm:grid-cols-2 lg:grid-cols-3"
            data-testid="categories"
          >
            {card.categories.map((row) => (
              <li
                key={row.category}
                className="flex justify-between gap-3 border-b border-zinc-100 py-0.5 dark:border-zinc-800"
              >
                <span>{categoryWords(row.category)}</span>
                <span className="tabular-nums">
                  <Link
                    href={row.href}
                    className={linkClass}
                    data-testid="share-link"
                    data-count={row.failures}
                  >
                    {count(row.failures)}
                  </Link>{" "}
                  / {count(row.previous)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <ProbesSection server={server} data={probes} />
      <p className="mt-4 text-xs text-zinc-600 dark:text-zinc-400">
        Grades: A–F per measure from the share of failures with the fault, overall a weighted mean —{" "}
        <Link href={GRADING_PATH} className={linkClass} data-testid="grading-link">
          how each grade is computed
        </Link>
        .{" "}
        <Link href="/servers" className={linkClass}>
          All servers
        </Link>
      </p>
    </>
  );
}
