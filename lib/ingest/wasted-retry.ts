import type { Flag } from "../classify/types";
import type { PreparedCall } from "./prepare";

// Repeats of the same call — the same tool of the same server, in the same session, with the
// same arguments (the sender's argumentsHash):
// - wasted_retry: made again after a failure that said retrying would not help (retryable false),
//   and failing again. A call with other arguments after a failure is the corrected call, not a
//   retry; a repeat that succeeded was not wasted;
// - duplicate_request: sent again at once — while the same call was still running, or within
//   DUPLICATE_GAP_MS of its successful end: two requests on the wire (a host that dispatches every
//   call twice), kept as two calls and said so. A server handles the two requests of a double
//   dispatch one after the other, so the wire and the server see the second start just after the
//   first ended; a repeat right after a failure is a retry (wasted_retry's business), and one after
//   an agent's turn comes seconds later.
// Without a fingerprint nothing can be told, so nothing is flagged.

export interface PriorCall {
  outcome: string;
  silentFailure: boolean;
  retryable: boolean | null;
  occurredAt: Date;
  durationMs: number | null;
  /** Each route's observation (lib/ingest/observations), when the call has them. */
  observations?: PreparedCall["observations"];
}

/** The same call: tool, server, session and arguments. */
export function repeatKey(
  call: Pick<PreparedCall, "server" | "sessionId" | "tool" | "argumentsHash">,
): string | undefined {
  if (!call.sessionId || !call.tool || !call.argumentsHash) return undefined;
  return JSON.stringify([call.server, call.sessionId, call.tool, call.argumentsHash]);
}

function failed(call: PriorCall): boolean {
  return call.outcome !== "ok" || call.silentFailure;
}

function wasted(previous: PriorCall, next: PreparedCall): boolean {
  return failed(previous) && previous.retryable === false && failed(next);
}

/** How soon after a successful call the same call counts as sent twice, not made again. */
export const DUPLICATE_GAP_MS = 100;

/** Starts are stored to the millisecond: a start within this of the previous end is not counted as inside it. */
const PRECISION_MS = 1;

/**
 * The two calls' start and duration on one clock: a route that observed both (its own clock for
 * both), else each call's own. Routes' clocks differ by milliseconds (an OpenTelemetry SDK's
 * clock by tens): a start from one and an end from another would make calls overlap that did not.
 */
function timings(
  previous: PriorCall,
  next: PreparedCall,
): { start: number; previousStart: number; previousDuration: number | null } {
  for (const theirs of previous.observations ?? []) {
    const ours = next.observations?.find((o) => o.observer === theirs.observer);
    if (ours)
      return {
        start: Date.parse(ours.occurredAt),
        previousStart: Date.parse(theirs.occurredAt),
        previousDuration: theirs.durationMs,
      };
  }
  return {
    start: next.occurredAt.getTime(),
    previousStart: previous.occurredAt.getTime(),
    previousDuration: previous.durationMs,
  };
}

function duplicated(previous: PriorCall, next: PreparedCall): boolean {
  const { start, previousStart, previousDuration } = timings(previous, next);
  if (previousDuration === null || start < previousStart) return false;
  const end = previousStart + previousDuration;
  return start + PRECISION_MS < end || (!failed(previous) && start < end + DUPLICATE_GAP_MS);
}

/** The order calls are judged in, everywhere: by start, then by id (two calls of one millisecond). */
export function startOrder(
  a: Pick<PreparedCall, "occurredAt" | "id">,
  b: Pick<PreparedCall, "occurredAt" | "id">,
): number {
  return a.occurredAt.getTime() - b.occurredAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The calls with `wasted_retry` added to those that repeat a non-retryable failure, and
 * `duplicate_request` to those sent while the same call was running (new objects; the input is
 * left as it was). `priorByKey` holds, per repeatKey, the latest stored call before the batch's
 * earliest one (in startOrder).
 */
export function markRepeats(
  calls: readonly PreparedCall[],
  priorByKey: Map<string, PriorCall>,
): PreparedCall[] {
  const groups = new Map<string, PreparedCall[]>();
  for (const call of calls) {
    const key = repeatKey(call);
    if (!key) continue;
    const group = groups.get(key) ?? [];
    group.push(call);
    groups.set(key, group);
  }
  const judged = new Map<PreparedCall, PreparedCall>();
  for (const [key, group] of groups) {
    const ordered = [...group].sort(startOrder);
    let previous: PriorCall | undefined = priorByKey.get(key);
    for (const call of ordered) {
      judged.set(call, judge(previous, call));
      previous = call;
    }
  }
  return calls.map((call) => judged.get(call) ?? judge(undefined, call));
}

const REPEAT_FLAGS: readonly Flag[] = ["wasted_retry", "duplicate_request"];

/**
 * `next` with its repeat flags as the call after `previous` earns them — set anew, so that a call
 * judged again (its reports completed by another route, a call stored before it) says what the
 * whole of it says. The same object when nothing changes.
 */
function judge(previous: PriorCall | undefined, next: PreparedCall): PreparedCall {
  const earned: Flag[] = [];
  if (previous && wasted(previous, next)) earned.push("wasted_retry");
  if (previous && duplicated(previous, next)) earned.push("duplicate_request");
  const had = next.flags.filter((flag) => REPEAT_FLAGS.includes(flag));
  if (had.length === earned.length && earned.every((flag) => had.includes(flag))) return next;
  return { ...next, flags: [...next.flags.filter((flag) => !REPEAT_FLAGS.includes(flag)), ...earned] };
}

/**
 * The calls of one repeat key around what a batch changed, judged in start order from the first
 * changed one: `calls` holds the stored call before it, the stored ones among and after the
 * changed ones (as they are now: a merged call as merged), and the changed ones (`changed`, by id).
 * Returns each judged call by id (the same object when its flags stay).
 */
export function judgeRepeats(
  calls: readonly PreparedCall[],
  changed: ReadonlySet<string>,
): Map<string, PreparedCall> {
  const ordered = [...calls].sort(startOrder);
  const judged = new Map<string, PreparedCall>();
  let started = false;
  let previous: PreparedCall | undefined;
  for (const call of ordered) {
    started ||= changed.has(call.id);
    if (started) judged.set(call.id, judge(previous, call));
    previous = judged.get(call.id) ?? call;
  }
  return judged;
}
