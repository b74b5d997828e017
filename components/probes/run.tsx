import { Link } from "@/components/ui/link";
import { LocalTime } from "@/components/ui/local-time";
import { clipText, driftWords } from "@/lib/probes/status";

// A probe run as the pages show it (Settings → Probes after Run now, a server's card): passed or
// failed and why, each step (the MCP method) with its time and a link to the call it stored, and
// the tool-list drift it saw, coloured by kind. Every text in it came from a server: rendered as
// text, clipped. No "use client": it renders on either side.

export interface RunLike {
  id: string;
  startedAt: string;
  ok: boolean;
  durationMs: number;
  reason: string | null;
  runner: string;
  steps: {
    step: string;
    ok: boolean;
    durationMs: number;
    callId: string | null;
    reason?: string;
  }[];
  drift: { tool: string; kind: string; change: string }[];
}

const DRIFT_STYLES: Record<string, string> = {
  breaking: "bg-red-50 text-red-900 ring-red-600/30 dark:bg-red-950 dark:text-red-200",
  warning: "bg-amber-50 text-amber-900 ring-amber-600/30 dark:bg-amber-950 dark:text-amber-200",
  info: "bg-sky-50 text-sky-900 ring-sky-600/30 dark:bg-sky-950 dark:text-sky-200",
};

/** Passed or failed, as a badge with a glyph (it reads without colour). */
export function RunBadge({ ok }: { ok: boolean }) {
  return ok ? (
    <span className="inline-flex items-center gap-1 rounded-md bg-emerald-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-emerald-800 ring-1 ring-emerald-600/30 ring-inset dark:bg-emerald-950 dark:text-emerald-200">
      <span aria-hidden="true">✓</span> passed
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-md bg-red-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-red-800 ring-1 ring-red-600/30 ring-inset dark:bg-red-950 dark:text-red-200">
      <span aria-hidden="true">✕</span> failed
    </span>
  );
}

/** The worst drift of a run, as a badge: "drift: breaking". */
export function DriftBadge({ severity }: { severity: string | null }) {
  if (!severity) return null;
  return (
    <span
      className={`inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${DRIFT_STYLES[severity] ?? DRIFT_STYLES.info}`}
      data-testid="drift-badge"
    >
      drift: {severity}
    </span>
  );
}

export function DriftList({ drift, startedAt }: { drift: RunLike["drift"]; startedAt?: string }) {
  if (drift.length === 0) return null;
  return (
    <div className="mt-2" data-testid="probe-drift">
      <p className="text-xs font-medium text-zinc-700 dark:text-zinc-300">
        Tool list changed
        {startedAt ? (
          <>
            {" "}
            (seen <LocalTime value={startedAt} style="short" />)
          </>
        ) : null}
        :
      </p>
      <ul className="mt-1 space-y-1 text-xs">
        {drift.slice(0, 50).map((event, index) => (
          <li key={index} className="flex items-start gap-2">
            <span
              className={`shrink-0 rounded px-1.5 py-0.5 font-medium ring-1 ring-inset ${DRIFT_STYLES[event.kind] ?? DRIFT_STYLES.info}`}
            >
              {event.kind}
            </span>
            <span className="min-w-0 wrap-anywhere">{driftWords(event)}</span>
          </li>
        ))}
        {drift.length > 50 ? <li>… and {drift.length - 50} more changes</li> : null}
      </ul>
    </div>
  );
}

/** One run: its result, its steps with their times and calls, its drift. */
export function RunDetails({ run, heading = true }: { run: RunLike; heading?: boolean }) {
  return (
    <div className="min-w-0 text-sm" data-testid="probe-run" data-ok={run.ok}>
      {heading ? (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <RunBadge ok={run.ok} />
          <LocalTime value={run.startedAt} style="short" />
          <span className="text-zinc-600 dark:text-zinc-400">
            {run.durationMs} ms · by {run.runner === "instance" ? "this instance" : run.runner}
          </span>
        </p>
      ) : null}
      {!run.ok && run.reason ? (
        <p className="mt-1 text-red-800 wrap-anywhere dark:text-red-300" data-testid="probe-run-reason">
          {clipText(run.reason)}
        </p>
      ) : null}
      <ol className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-label="Steps">
        {run.steps.map((step, index) => (
          <li key={index} className="min-w-0" data-testid="probe-step" data-step={step.step}>
            <span
              aria-hidden="true"
              className={
                step.ok ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"
              }
            >
              {step.ok ? "✓" : "✕"}
            </span>{" "}
            <span className="sr-only">{step.ok ? "passed:" : "failed:"} </span>
            {step.callId ? (
              <Link
                href={`/calls/${encodeURIComponent(step.callId)}`}
                className="font-mono underline decoration-zinc-400 underline-offset-2"
              >
                {step.step}
              </Link>
            ) : (
              <span className="font-mono">{step.step}</span>
            )}{" "}
            <span className="text-zinc-600 tabular-nums dark:text-zinc-400">{step.durationMs} ms</span>
            {!step.ok && step.reason ? (
              <span className="block text-red-800 wrap-anywhere dark:text-red-300">
                {clipText(step.reason, 200)}
              </span>
            ) : null}
          </li>
        ))}
      </ol>
      <DriftList drift={run.drift} />
    </div>
  );
}
