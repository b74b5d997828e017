import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { CategoryBadge, CodeChip, OutcomeBadge } from "@/components/ui/badges";
import { CopyButton } from "@/components/ui/copy-button";
import { Card, PageHeader } from "@/components/ui/layout";
import { LocalTime } from "@/components/ui/local-time";
import { NextStepCard } from "@/components/ui/next-step";
import { FLAG_SENTENCES } from "@/lib/classify/explain";
import type { Flag } from "@/lib/classify/types";
import { dashboardContext, type SearchParams } from "@/lib/dashboard-context";
import { orFromPrimary } from "@/lib/db/read-routing";
import { observerLabel } from "@/lib/ingest/routes";
import { getCall } from "@/lib/queries/calls";
import { ObservationsCard } from "./observations";
import { categoryWords, outcomeWords } from "@/lib/outcome-words";

export const dynamic = "force-dynamic";

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-2 py-1.5 text-sm">
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="col-span-2 break-all">{children ?? "—"}</dd>
    </div>
  );
}

export default async function CallPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const [{ id }, context] = await Promise.all([params, dashboardContext(searchParams)]);
  const callId = decodeURIComponent(id);
  const project = context.project;
  // A call linked from an alert a moment after it arrived may not be on the replica yet.
  const call = project
    ? await orFromPrimary(context.reads, (from) => getCall(from, project.id, callId))
    : null;
  if (!call) notFound();
  const failed = call.outcome !== "ok" || call.silentFailure;
  const since = new Date(call.occurredAt.getTime() - 30 * 86_400_000).toISOString();
  const sameTool = `/calls?range=custom&from=${since}&server=${encodeURIComponent(call.server)}${call.tool ? `&tool=${encodeURIComponent(call.tool)}` : ""}`;
  const sameSignature = `/calls?range=custom&from=${since}&signature=${call.signature}`;

  return (
    <>
      <PageHeader
        title={`${call.server} / ${call.tool ?? call.method}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <OutcomeBadge outcome={call.outcome} silent={call.silentFailure} />
            <CategoryBadge category={call.category} />
            <CodeChip code={call.errorCode} />
            <LocalTime value={call.occurredAt} />
          </span>
        }
        actions={
          <>
            <Link
              href={sameTool}
              className="rounded-md border border-zinc-300 px-3 py-1.5 text-sm dark:border-zinc-700"
            >
              Calls of this tool
            </Link>
            <Link
              href={sameSignature}
              className="rounded-md border border-zinc-300 px-3 py-1.5 text-sm dark:border-zinc-700"
            >
              Same problem (signature)
            </Link>
          </>
        }
      />
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-3">
        <div className="space-y-4 xl:col-span-2">
          {failed ? (
            <NextStepCard
              category={call.category}
              errorCode={call.errorCode}
              retryable={call.retryable}
              silentFailure={call.silentFailure}
              flags={call.flags}
            >
              <p className="mt-2 text-sm">
                Retryable: <strong>{call.retryable === null ? "—" : call.retryable ? "yes" : "no"}</strong>
              </p>
            </NextStepCard>
          ) : null}
          <Card
            title={`What the agent saw (${call.textLength.toLocaleString("en-US")} characters${call.textLength > 512 ? ", first 512 kept" : ""})`}
          >
            <pre
              tabIndex={0}
              role="region"
              aria-label="What the agent saw"
              className="max-h-96 overflow-auto rounded bg-zinc-100 p-3 font-mono text-xs break-all whitespace-pre-wrap focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:outline-none dark:bg-zinc-800"
              data-testid="call-text"
            >
              {call.text || "(no text)"}
            </pre>
          </Card>
          <Card title="Why it was classified this way">
            {call.flags.length === 0 ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                No flags: {failed ? "a plain failure." : "a clean success."}
              </p>
            ) : (
              <ul className="space-y-2 text-sm" data-testid="flag-sentences">
                {call.flags.map((flag) => (
                  <li key={flag}>
                    <code className="mr-2 rounded bg-zinc-100 px-1 font-mono text-xs dark:bg-zinc-800">
                      {flag}
                    </code>
                    {FLAG_SENTENCES[flag as Flag] ?? "A flag this version does not describe."}
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <ObservationsCard call={call} />
        </div>
        <Card title="Fields">
          <dl className="divide-y divide-zinc-100 dark:divide-zinc-800">
            <Field label="Call id">
              <span className="flex items-start justify-between gap-2">
                <code className="min-w-0 self-center font-mono text-xs">{call.id}</code>
                <CopyButton text={call.id} what="the call id" />
              </span>
            </Field>
            <Field label="Occurred">
              <LocalTime value={call.occurredAt} />
            </Field>
            <Field label="Received">
              <LocalTime value={call.receivedAt} />
            </Field>
            <Field label="Duration">{call.durationMs === null ? null : `${call.durationMs} ms`}</Field>
            <Field label="Server">
              <Link
                href={`/servers/${encodeURIComponent(call.server)}`}
                className="underline"
                title="Its report card"
              >
                {call.server}
              </Link>
            </Field>
            <Field label="Tool">{call.tool}</Field>
            <Field label="Method">{call.method}</Field>
            <Field label="Seen by">
              {call.routes.length
                ? call.routes.map((route) => (
                    <span key={route} className="block break-normal">
                      {observerLabel(route)}
                    </span>
                  ))
                : null}
            </Field>
            <Field label="Session">
              {call.sessionId ? (
                <>
                  <Link href={`/sessions/${encodeURIComponent(call.sessionId)}`} className="underline">
                    {call.sessionId}
                  </Link>{" "}
                  <span className="text-zinc-600 dark:text-zinc-400">
                    (
                    <Link
                      href={`/calls?range=custom&from=${since}&sessionId=${encodeURIComponent(call.sessionId)}`}
                      className="underline"
                    >
                      its calls in Activity
                    </Link>
                    )
                  </span>
                </>
              ) : null}
            </Field>
            <Field label="Agent">
              {call.agent ? (
                <Link
                  href={`/calls?range=custom&from=${since}&agent=${encodeURIComponent(call.agent)}`}
                  className="underline"
                >
                  {call.agent}
                </Link>
              ) : null}
            </Field>
            <Field label="Attempt">{call.attempt}</Field>
            <Field label="HTTP status">{call.httpStatus}</Field>
            <Field label="Transport error">{call.transportError}</Field>
            <Field label="Protocol version">{call.protocolVersion}</Field>
            <Field label="Outcome">
              {call.outcome === "ok" && call.silentFailure
                ? `${outcomeWords("ok")} on the wire: a ${outcomeWords("ok", true)}`
                : outcomeWords(call.outcome)}
            </Field>
            <Field label="Category">{call.category === null ? null : categoryWords(call.category)}</Field>
            <Field label="Error code">{call.errorCode}</Field>
            <Field label="Retryable">{call.retryable === null ? null : String(call.retryable)}</Field>
            <Field label="Silent failure">{String(call.silentFailure)}</Field>
            <Field label="Partial">{String(call.partial)}</Field>
            <Field label="Empty">{String(call.empty)}</Field>
            <Field label="Signature">
              <code className="font-mono text-xs">{call.signature}</code>
            </Field>
          </dl>
        </Card>
      </div>
    </>
  );
}
