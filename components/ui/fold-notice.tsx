import { NOTICE_AFTER_SECONDS, type FoldStatus } from "@/lib/ingest/fold-status";

// Said above every dashboard page while the figures (counts, rates, signatures, sessions) are more
// than a few seconds behind the calls acknowledged: they are folded after the calls are stored
// (docs/SCALING.md), and under FAULTLINE_FOLD=background a burst can leave them behind for a while.

function duration(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds)} s`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
}

export function FoldNotice({ status }: { status: FoldStatus | undefined }) {
  if (!status || status.behindSeconds <= NOTICE_AFTER_SECONDS) return null;
  return (
    <p
      role="status"
      data-testid="fold-notice"
      className="border-b border-amber-300 bg-amber-50 px-4 py-1.5 text-sm text-amber-900 md:px-8 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
    >
      Figures are {duration(status.behindSeconds)} behind: counts, rates and signatures include every call
      acknowledged before{" "}
      <time dateTime={status.asOf.toISOString()}>{status.asOf.toISOString().slice(11, 19)} UTC</time>; newer
      calls are stored and are still being counted. Lists of calls are complete.
    </p>
  );
}
