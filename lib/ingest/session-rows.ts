import { sortedByKey } from "../rollups";
import type { PreparedCall } from "./prepare";
import { isFailure } from "./read-models";

// Rows of the agent-session read model (the sessions list), folded from one batch: per session key,
// how many calls and failures it adds (or takes back: −1 for a merged call's stored version), and its
// latest call — which decides whether the session, so far, ended on a failure.

/** At most this many server names are kept per session (the list shows a few). */
export const SESSION_SERVERS_KEPT = 20;

export interface SessionRow {
  session_id: string;
  first_at: string;
  last_at: string;
  last_call_id: string;
  last_failed: boolean;
  calls: number;
  failures: number;
  agent: string | null;
  servers: string[];
}

const EPOCH = new Date(0).toISOString();
const FAR_FUTURE = "9999-12-31T00:00:00.000Z";

/** Is (at, id) later than the row's latest call? The order of the timeline: time, then id. */
function later(at: string, id: string, row: SessionRow): boolean {
  return at > row.last_at || (at === row.last_at && id > row.last_call_id);
}

export function buildSessionRows(
  added: readonly PreparedCall[],
  removed: readonly PreparedCall[],
): SessionRow[] {
  const rows = new Map<string, SessionRow>();
  const fold = (call: PreparedCall, weight: number) => {
    if (!call.sessionId) return;
    const at = call.occurredAt.toISOString();
    let row = rows.get(call.sessionId);
    if (!row) {
      // A row only taken back from must leave the stored first and last calls as they are.
      row = {
        session_id: call.sessionId,
        first_at: weight > 0 ? at : FAR_FUTURE,
        last_at: weight > 0 ? at : EPOCH,
        last_call_id: weight > 0 ? call.id : "",
        last_failed: isFailure(call),
        calls: 0,
        failures: 0,
        agent: null,
        servers: [],
      };
      rows.set(call.sessionId, row);
    }
    row.calls += weight;
    row.failures += isFailure(call) ? weight : 0;
    if (weight < 0) return;
    if (at < row.first_at) row.first_at = at;
    if (later(at, call.id, row) || (at === row.last_at && call.id === row.last_call_id)) {
      row.last_at = at;
      row.last_call_id = call.id;
      row.last_failed = isFailure(call);
      if (call.agent) row.agent = call.agent;
    }
    row.agent ??= call.agent;
    if (!row.servers.includes(call.server) && row.servers.length < SESSION_SERVERS_KEPT)
      row.servers.push(call.server);
  };
  for (const call of removed) fold(call, -1);
  for (const call of added) fold(call, 1);
  for (const row of rows.values()) row.servers.sort();
  return sortedByKey(new Map([...rows.values()].map((row) => [row.session_id, row])));
}
