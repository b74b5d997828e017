import type { Queryable } from "../../db/queryable";
import { computeSignature } from "../../classify/signature";
import type { PreparedCall } from "../prepare";

// OpenLLMetry's request spans do not name the server: only their session's initialize span does
// (its recorded answer's serverInfo). An exporter sends a session's spans over many exports —
// the initialize span in the first, the tool calls in later ones — so what the initialize span
// said is remembered, per project and session, and names the session's later calls:
// - in memory: at most MAX_SESSIONS sessions, each forgotten SESSION_TTL_MS after it was last
//   used (oldest first past the bound);
// - else from the stored initialize call of the session (another instance, or this one before a
//   restart, received it): the session's trace, in the LOOKBACK_MS before its calls, read through
//   the session index.
// Calls stored before their session's initialize arrived keep "unknown" (their name is not
// rewritten afterwards).

export const MAX_SESSIONS = 10_000;
export const SESSION_TTL_MS = 24 * 3_600_000;
const LOOKBACK_MS = 24 * 3_600_000;
const UNKNOWN = "unknown";

export class SessionServers {
  private readonly servers = new Map<string, { server: string; at: number }>();

  constructor(
    private readonly max = MAX_SESSIONS,
    private readonly ttlMs = SESSION_TTL_MS,
    private readonly now = () => Date.now(),
  ) {}

  remember(projectId: string, session: string, server: string): void {
    const key = `${projectId}/${session}`;
    this.servers.delete(key);
    this.servers.set(key, { server, at: this.now() });
    while (this.servers.size > this.max) this.servers.delete(this.servers.keys().next().value!);
  }

  recall(projectId: string, session: string): string | undefined {
    const key = `${projectId}/${session}`;
    const known = this.servers.get(key);
    if (!known) return undefined;
    if (this.now() - known.at > this.ttlMs) {
      this.servers.delete(key);
      return undefined;
    }
    this.remember(projectId, session, known.server); // used: the newest again
    return known.server;
  }

  get size(): number {
    return this.servers.size;
  }
}

const memory = new SessionServers();

/**
 * The calls with the server their session's initialize named, where their own spans named none
 * (new objects; the given ones are untouched). `sessionOfItem`: each item's session, by index.
 */
export async function nameSessionServers(
  pool: Queryable,
  projectId: string,
  calls: readonly PreparedCall[],
  sessionOfItem: readonly (string | null)[],
  known: SessionServers = memory,
): Promise<PreparedCall[]> {
  const sessionOf = (call: PreparedCall) => sessionOfItem[call.index] ?? undefined;
  for (const call of calls) {
    const session = sessionOf(call);
    if (session && call.method === "initialize" && call.server !== UNKNOWN)
      known.remember(projectId, session, call.server);
  }
  const waiting = calls.filter((call) => call.server === UNKNOWN);
  const unnamed = [...new Set(waiting.map(sessionOf))].filter(
    (session): session is string => session !== undefined && !known.recall(projectId, session),
  );
  if (unnamed.length > 0) {
    // A session key is "<trace id>-<session span id>"; its calls are stored under the trace id.
    const { rows } = await pool.query<{ session: string; server: string }>(
      `SELECT k.session, s.server FROM unnest($2::text[]) AS k(session)
         CROSS JOIN LATERAL (
           SELECT c.server FROM calls c
            WHERE c.project_id = $1 AND c.session_id = split_part(k.session, '-', 1)
              AND c.occurred_at > $3 AND c.method = 'initialize' AND c.server <> '${UNKNOWN}'
            ORDER BY c.occurred_at DESC LIMIT 1) s`,
      // A session's initialize came before its calls: within LOOKBACK_MS before the earliest of them.
      [
        projectId,
        unnamed,
        new Date(Math.min(...waiting.map((call) => call.occurredAt.getTime())) - LOOKBACK_MS),
      ],
    );
    for (const row of rows) known.remember(projectId, row.session, row.server);
  }
  return calls.map((call) => {
    const session = sessionOf(call);
    const server = call.server === UNKNOWN && session ? known.recall(projectId, session) : undefined;
    if (!server) return call;
    const named = {
      ...call,
      server,
      observations:
        call.observations?.map((o) => ({ ...o, server, serverInfoName: o.serverInfoName ?? server })) ?? null,
    };
    return { ...named, signature: computeSignature(named) };
  });
}
