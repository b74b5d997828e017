import { createHash } from "node:crypto";
import type { Classification, Flag } from "../classify/types";
import { computeSignature } from "../classify/signature";
import type { CallInputs } from "./call-inputs";
import type { Route } from "./routes";

// One call, several observations (docs/ROUTES.md). Teams run more than one route — the proxy sees
// a server crash and a cancellation, the server instrumentation the thrown class, the client
// reporter its own rejection of a result — and each route reports the same call. Each report is
// an *observation*; Faultline stores one call per request with every observation kept, and the
// call's fields and verdict computed from all of them. Pure: no I/O.
//
// Which observations are the same request (match):
// - linked by the W3C trace context the request carried in params._meta.traceparent (the
//   reporter puts one on every tools/call it sends; the proxy and the server instrumentation
//   read it; an OTLP client span is the request's span, a server span's parent is), or by the
//   request's JSON-RPC id with its method and tool, or — for an observation that knows no id
//   (OpenLLMetry's spans) — by the fingerprint of its arguments with its method and tool;
// - and compatible in everything both know: a route observes a request once, so two
//   observations from one route are two requests that were both on the wire and are never one
//   call; the same method and tool, JSON-RPC id, MCP session id, arguments fingerprint and server;
//   two trace contexts read from requests, when both requests carried one, must be the same; and their starts within a window
//   (10 minutes when the trace links them, 30 s by the JSON-RPC id, 10 s by the arguments).
// An observation joins the candidate it is compatible with in every observation and linked to by
// at least one, the strongest link first, then the nearest start; otherwise it starts a new call.

/** One route's record of a call: what it saw, its own verdict, and what identifies the request. */
export interface Observation extends Classification {
  /** The sender's id for this observation (its idempotency key). */
  id: string;
  /** Who observed it: the route, and for OTLP its side (otlp:client, otlp:server). */
  observer: string;
  route: Route;
  /** The instrumentation library (OTLP: the span's scope). */
  library: string | null;
  occurredAt: string;
  durationMs: number | null;
  method: string;
  server: string;
  serverInfoName: string | null;
  tool: string | null;
  sessionId: string | null;
  mcpSessionId: string | null;
  agent: string | null;
  attempt: number | null;
  argumentsHash: string | null;
  requestId: string | null;
  /** `<trace-id>-<span-id>` of the request. */
  traceKey: string | null;
  /** The trace context was the request's own (`params._meta.traceparent`), not read off a span. */
  traceFromRequest: boolean;
  protocolVersion: string | null;
  httpStatus: number | null;
  transportError: string | null;
  /** What the tool threw, as the server saw it: its class and code (never a reason for the verdict). */
  exception: { name: string; code?: string | number } | null;
}

/** The keys a call is found by (columns of `calls`, each indexed with occurred_at). */
export interface MatchKeys {
  traceKey: string | null;
  requestKey: string | null;
  looseKey: string | null;
}

/** Names a route gives when it knows no better: never a reason to tell two observations apart. */
const PLACEHOLDER_SERVERS = new Set(["unknown", "mcp-server"]);

/** How far apart two observations linked each way may start (clocks differ; ids repeat across sessions). */
export const WINDOW_MS = { trace: 10 * 60_000, request: 30_000, loose: 10_000 } as const;
type Link = keyof typeof WINDOW_MS;
const LINK_STRENGTH: Record<Link, number> = { trace: 3, request: 2, loose: 1 };

function digest(parts: string[]): string {
  return createHash("sha256").update(parts.join("\u0000")).digest("hex").slice(0, 32);
}

const keysOf = new WeakMap<Observation, MatchKeys>();

/** The keys an observation is found by (computed once per observation object). */
export function matchKeys(observation: Observation): MatchKeys {
  const known = keysOf.get(observation);
  if (known) return known;
  const { method, tool, requestId, argumentsHash } = observation;
  const keys = {
    traceKey: observation.traceKey,
    requestKey: requestId !== null ? digest([method, tool ?? "", requestId]) : null,
    // Only a route's own observation is found by its arguments (a webhook sender opts in with an id).
    looseKey:
      argumentsHash !== null && observation.route !== "webhook"
        ? digest([method, tool ?? "", argumentsHash])
        : null,
  };
  keysOf.set(observation, keys);
  return keys;
}

function keyList(observation: Observation): string[] {
  const { traceKey, requestKey, looseKey } = matchKeys(observation);
  return [traceKey && `t:${traceKey}`, requestKey && `r:${requestKey}`, looseKey && `l:${looseKey}`].filter(
    (key): key is string => Boolean(key),
  );
}

/** Whether the observation can ever be merged with another (it has a key to be found by). */
export function isKeyed(keys: MatchKeys): boolean {
  return keys.traceKey !== null || keys.requestKey !== null || keys.looseKey !== null;
}

/** The 16-bit lock bucket of a key: writers of observations that share a key take turns. */
export function keyBucket(key: string): number {
  return parseInt(createHash("sha256").update(key).digest("hex").slice(0, 4), 16);
}

/** Every lock bucket the observations' keys fall in, ascending (the order every writer takes them in). */
export function lockBuckets(observations: readonly Observation[]): number[] {
  const buckets = new Set<number>();
  for (const observation of observations) {
    const keys = matchKeys(observation);
    for (const key of [keys.traceKey, keys.requestKey, keys.looseKey]) if (key) buckets.add(keyBucket(key));
  }
  return [...buckets].sort((a, b) => a - b);
}

function bothKnown<T>(a: T | null, b: T | null): boolean {
  return a !== null && b !== null;
}

function sameIfBothKnown<T>(a: T | null, b: T | null): boolean {
  return !bothKnown(a, b) || a === b;
}

function sameServer(a: Observation, b: Observation): boolean {
  if (bothKnown(a.serverInfoName, b.serverInfoName)) return a.serverInfoName === b.serverInfoName;
  const named = (o: Observation) => (PLACEHOLDER_SERVERS.has(o.server) ? null : o.server);
  return sameIfBothKnown(named(a), named(b));
}

/** How `a` and `b` are linked as one request, if they are. */
function linkOf(a: Observation, b: Observation): Link | undefined {
  if (a.traceKey !== null && a.traceKey === b.traceKey) return "trace";
  if (bothKnown(a.requestId, b.requestId))
    return a.requestId === b.requestId && a.tool === b.tool ? "request" : undefined;
  const loose = (o: Observation) => matchKeys(o).looseKey;
  if (loose(a) !== null && loose(a) === loose(b)) return "loose";
  return undefined;
}

function compatible(a: Observation, b: Observation, window: number): boolean {
  return (
    a.observer !== b.observer &&
    a.method === b.method &&
    sameIfBothKnown(a.tool, b.tool) &&
    sameIfBothKnown(a.requestId, b.requestId) &&
    sameIfBothKnown(a.mcpSessionId, b.mcpSessionId) &&
    sameIfBothKnown(a.argumentsHash, b.argumentsHash) &&
    sameServer(a, b) &&
    !(
      a.traceFromRequest &&
      b.traceFromRequest &&
      bothKnown(a.traceKey, b.traceKey) &&
      a.traceKey !== b.traceKey
    ) &&
    !otherSpanOfOneTrace(a, b) &&
    Math.abs(Date.parse(a.occurredAt) - Date.parse(b.occurredAt)) <= window
  );
}

/**
 * Whether `a` and `b` name the request's own span (a trace context read from the request, or a
 * client span, which is the request's span) in one trace, and not the same span: two requests of
 * one agent run. (A server span's parent is the request's span only when the server continued the
 * trace from the request; it may be an HTTP span in between, so it proves nothing here.)
 */
function otherSpanOfOneTrace(a: Observation, b: Observation): boolean {
  const requestSpan = (o: Observation) =>
    o.traceKey !== null && (o.traceFromRequest || o.observer === "otlp:client");
  return (
    requestSpan(a) &&
    requestSpan(b) &&
    a.traceKey !== b.traceKey &&
    a.traceKey!.slice(0, 32) === b.traceKey!.slice(0, 32)
  );
}

/** How well `observation` fits a call of `members`: undefined when it cannot join it. */
function fit(
  observation: Observation,
  members: readonly Observation[],
): { strength: number; distance: number } | undefined {
  let best: Link | undefined;
  for (const member of members) {
    const link = linkOf(observation, member);
    if (link && (!best || LINK_STRENGTH[link] > LINK_STRENGTH[best])) best = link;
  }
  if (!best) return undefined;
  const window = WINDOW_MS[best];
  if (!members.every((member) => compatible(observation, member, window))) return undefined;
  const start = Date.parse(observation.occurredAt);
  const distance = Math.min(...members.map((member) => Math.abs(Date.parse(member.occurredAt) - start)));
  return { strength: LINK_STRENGTH[best], distance };
}

/**
 * How many calls sharing one key, on each side in time, an observation is compared with (here)
 * and read from the database for (correlate.ts): the nearest ones, which are those it would join.
 */
export const NEAREST_PER_KEY = 16;
/**
 * How far past the nearest an observation looks for calls sharing a key that its route has not
 * reported yet (a pile of calls at one time: the nearest are taken, the next free ones are not).
 */
export const SCAN_PER_SIDE = 1024;

/** Values by key, each key's kept in time order, read back nearest-first around a time. */
class KeyIndex<T> {
  private readonly lists = new Map<string, { at: number; value: T }[]>();

  add(key: string, at: number, value: T): void {
    const list = this.lists.get(key);
    if (!list) {
      this.lists.set(key, [{ at, value }]);
      return;
    }
    // Observations come in time order, so this is nearly always the end.
    if (list[list.length - 1]!.at <= at) list.push({ at, value });
    else list.splice(upperBound(list, at), 0, { at, value });
  }

  /**
   * The `perSide` values nearest `at` on each side (at or before it, after it), and on each side
   * also the `perSide` nearest that are `free`, looked for among the SCAN_PER_SIDE nearest.
   */
  near(key: string, at: number, perSide: number, free: (value: T) => boolean): Set<T> {
    const found = new Set<T>();
    const list = this.lists.get(key);
    if (!list) return found;
    const split = upperBound(list, at);
    for (const step of [-1, 1]) {
      let nearest = 0;
      let freeOnes = 0;
      for (
        let place = step < 0 ? split - 1 : split, seen = 0;
        place >= 0 && place < list.length;
        place += step
      ) {
        if (++seen > SCAN_PER_SIDE || (nearest >= perSide && freeOnes >= perSide)) break;
        const { value } = list[place]!;
        const isFree = freeOnes < perSide && free(value);
        if (nearest < perSide || isFree) found.add(value);
        nearest += 1;
        if (isFree) freeOnes += 1;
      }
    }
    return found;
  }
}

/** The first place in `list` (sorted by at) whose at is after `at`. */
function upperBound(list: readonly { at: number }[], at: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle]!.at <= at) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A call as matching sees it: its id and the observations it has. */
export interface CallGroup {
  id: string;
  observations: Observation[];
}

/** A call the matching touched: its observations now, and those that arrived in it (new, or moved from another call). */
export interface Touched {
  group: CallGroup;
  stored: boolean;
  arrived: Observation[];
}

function better(
  a: { strength: number; distance: number },
  b: { strength: number; distance: number },
): boolean {
  return a.strength > b.strength || (a.strength === b.strength && a.distance < b.distance);
}

/**
 * Assigns each incoming observation to a stored call, to a call an earlier one of them started,
 * or to a new call of its own, taken in start order (then id).
 *
 * Reports arrive in any order, and a weak link (the arguments' fingerprint) can pair an
 * observation with another request's call when its own request's reports have not arrived yet:
 * an observation that fits a call better than the one from its own route already there — a
 * stronger link, or the same link nearer in time — takes that place, and the one it displaces
 * is matched again (a call's first observation, whose id the call carries, is never displaced).
 * Returns the calls touched: stored ones that gained or lost observations, and new ones.
 */
export function matchObservations(stored: readonly CallGroup[], incoming: readonly Observation[]): Touched[] {
  type Entry = { group: CallGroup; stored: boolean; arrived: Observation[]; changed: boolean };
  const groups: Entry[] = [];
  // Every link is by a shared key: each call is looked for only among those sharing one, and of
  // those only the NEAREST_PER_KEY nearest in time on each side (a key many calls share — one id
  // in many sessions, one trace parent — costs each observation a bounded look, not one per call).
  const byKey = new KeyIndex<Entry>();
  const keysIndexed = new Map<Entry, Set<string>>();
  const index = (entry: Entry, observation: Observation) => {
    const at = Date.parse(observation.occurredAt);
    const known = keysIndexed.get(entry) ?? new Set<string>();
    keysIndexed.set(entry, known);
    for (const key of keyList(observation)) {
      // Once per call and key (at its first observation's time): a call joined by more
      // observations does not crowd a key's list.
      if (known.has(key)) continue;
      known.add(key);
      byKey.add(key, at, entry);
    }
  };
  const add = (entry: Entry) => {
    groups.push(entry);
    for (const member of entry.group.observations) index(entry, member);
  };
  for (const group of stored)
    add({
      group: { ...group, observations: [...group.observations] },
      stored: true,
      arrived: [],
      changed: false,
    });
  const queue = [...incoming].sort(
    (a, b) => Date.parse(a.occurredAt) - Date.parse(b.occurredAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  // Each displacement strictly improves a fit; the budget bounds the work whatever the input.
  let displacements = 4 * incoming.length + 8;
  for (let observation = queue.shift(); observation; observation = queue.shift()) {
    let chosen:
      { entry: Entry; fit: { strength: number; distance: number }; displaced?: Observation } | undefined;
    const candidates = new Set<Entry>();
    const at = Date.parse(observation.occurredAt);
    const { observer } = observation;
    const free = (entry: Entry) => !entry.group.observations.some((member) => member.observer === observer);
    for (const key of keyList(observation))
      for (const entry of byKey.near(key, at, NEAREST_PER_KEY, free)) candidates.add(entry);
    for (const entry of candidates) {
      const members = entry.group.observations;
      const same = members.find((member) => member.observer === observation!.observer);
      let option: typeof chosen;
      if (!same) {
        const found = fit(observation, members);
        if (found) option = { entry, fit: found };
      } else if (displacements > 0 && same.id !== entry.group.id) {
        const others = members.filter((member) => member !== same);
        const found = fit(observation, others);
        const theirs = fit(same, others);
        if (found && (!theirs || better(found, theirs))) option = { entry, fit: found, displaced: same };
      }
      // On an equal fit, a call with a free place wins over displacing someone.
      if (
        option &&
        (!chosen ||
          better(option.fit, chosen.fit) ||
          (!better(chosen.fit, option.fit) && chosen.displaced && !option.displaced))
      )
        chosen = option;
    }
    if (!chosen) {
      add({
        group: { id: observation.id, observations: [observation] },
        stored: false,
        arrived: [observation],
        changed: true,
      });
      continue;
    }
    const { entry, displaced } = chosen;
    if (displaced) {
      displacements -= 1;
      entry.group.observations = entry.group.observations.filter((member) => member !== displaced);
      entry.arrived = entry.arrived.filter((member) => member !== displaced);
      queue.push(displaced);
    }
    entry.group.observations.push(observation);
    entry.arrived.push(observation);
    entry.changed = true;
    index(entry, observation);
  }
  return groups
    .filter((entry) => entry.changed)
    .map(({ group, stored: wasStored, arrived }) => ({ group, stored: wasStored, arrived }));
}

// --- one call from its observations --------------------------------------------------------

/** What the agent saw, best first: the client, the wire, then the server's side. */
const AGENT_VIEW = [
  "reporter",
  "otlp:client",
  "proxy-http",
  "proxy-stdio",
  "webhook",
  "server",
  "otlp:server",
];
/** The server's name as people gave it: the proxy's --server and the reporter's option first. */
const NAMING = ["proxy-stdio", "proxy-http", "reporter", "webhook", "server", "otlp:server", "otlp:client"];
/** The client's own name (clientInfo) and session: the routes that read initialize and the connection. */
const CONNECTION = [
  "proxy-stdio",
  "proxy-http",
  "server",
  "reporter",
  "webhook",
  "otlp:client",
  "otlp:server",
];

function ordered(observations: readonly Observation[], order: readonly string[]): Observation[] {
  const place = (o: Observation) => {
    const index = order.indexOf(o.observer);
    return index === -1 ? order.length : index;
  };
  return [...observations].sort((a, b) => place(a) - place(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** transport > protocol > tool > silent failure > anything shown > nothing. */
export function rank(call: Pick<Classification, "outcome" | "silentFailure" | "text">): number {
  switch (call.outcome) {
    case "transport_error":
      return 5;
    case "protocol_error":
      return 4;
    case "tool_error":
      return 3;
    default:
      return call.silentFailure ? 2 : call.text ? 1 : 0;
  }
}

function first<T>(observations: readonly Observation[], read: (o: Observation) => T | null): T | null {
  for (const observation of observations) {
    const value = read(observation);
    if (value !== null && value !== undefined) return value;
  }
  return null;
}

/** A call as its observations describe it: a prepared call (./prepare) but for its batch index and id. */
export interface MergedCall extends Omit<CallInputs, "id">, Classification {
  routes: string[];
  observations: Observation[] | null;
}

/** Flags of the call itself (set when it was first stored), kept whatever the observations say. */
const CALL_FLAGS: readonly Flag[] = ["wasted_retry", "duplicate_request"];

/**
 * The call its observations describe (docs/ROUTES.md has the table): the verdict of the
 * observation that saw the worst (a transport failure over an error over a silent failure over
 * a result), ties going to what the agent saw (the client, then the wire, then the server); each
 * label from the route that knows it best. `callFlags` are the stored call's own flags.
 */
export function mergeObservations(
  observations: readonly Observation[],
  callFlags: readonly Flag[] = [],
): MergedCall {
  const byView = ordered(observations, AGENT_VIEW);
  const base = byView.reduce(
    (best, candidate) => (rank(candidate) > rank(best) ? candidate : best),
    byView[0]!,
  );
  const sameOutcome = byView.filter((o) => o.outcome === base.outcome);
  const byName = ordered(observations, NAMING);
  const byConnection = ordered(observations, CONNECTION);
  const client = byView.find((o) => o.observer === "reporter" || o.observer === "otlp:client");
  const wire = byView.find((o) => o.observer === "proxy-stdio" || o.observer === "proxy-http");
  const flags = new Set<Flag>(base.flags);
  if (sameOutcome.some((o) => o.flags.includes("client_rejected_result")))
    flags.add("client_rejected_result");
  for (const flag of callFlags) if (CALL_FLAGS.includes(flag)) flags.add(flag);
  const starts = observations.map((o) => o.occurredAt).sort();
  const merged = {
    occurredAt: new Date(starts[0]!),
    // The agent waited as long as the client did; else as the wire saw it; else the longest.
    durationMs:
      client?.durationMs ??
      wire?.durationMs ??
      observations.reduce<number | null>(
        (longest, o) => (o.durationMs === null ? longest : Math.max(longest ?? 0, o.durationMs)),
        null,
      ),
    server: first(byName, (o) => (PLACEHOLDER_SERVERS.has(o.server) ? null : o.server)) ?? byName[0]!.server,
    tool: first(byView, (o) => o.tool),
    method: base.method,
    sessionId: first(byConnection, (o) => o.mcpSessionId) ?? first(byConnection, (o) => o.sessionId),
    agent: first(byConnection, (o) => o.agent),
    attempt: first(byView, (o) => o.attempt),
    argumentsHash: first(byView, (o) => o.argumentsHash),
    httpStatus: base.httpStatus ?? first(byView, (o) => o.httpStatus),
    transportError:
      base.transportError ??
      (base.outcome === "transport_error" ? first(sameOutcome, (o) => o.transportError) : null),
    protocolVersion: first(byView, (o) => o.protocolVersion),
    outcome: base.outcome,
    category: base.category,
    errorCode: base.errorCode ?? first(sameOutcome, (o) => o.errorCode),
    retryable: base.retryable,
    silentFailure: base.silentFailure,
    partial: base.partial,
    empty: base.empty,
    flags: [...flags],
    text: base.text,
    textLength: base.textLength,
    routes: [...new Set(observations.map((o) => o.observer))].sort(),
    observations: [...observations].sort(
      (a, b) => a.occurredAt.localeCompare(b.occurredAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    ),
  };
  return { ...merged, signature: computeSignature(merged) };
}
