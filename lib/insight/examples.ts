import type { Queryable } from "../db/queryable";
import { maskVolatileParts } from "../classify/signature";
import { MEASURES, type ExampleCall, type MeasureId } from "./measures";
import type { CardWindow } from "./window";

// Real examples for "what to change": the server's own failures, found through its failure
// signatures (one row per "same problem", indexed) and the latest call of each (the calls'
// signature index), so a card never scans a server's calls. Texts are the stored ones (secrets
// already masked) with ids, numbers, quoted values and addresses masked as well, ready to paste
// into a public issue.

/** The server's most frequent signatures looked at for examples. */
export const SIGNATURES_EXAMINED = 200;
export const EXAMPLES_PER_MEASURE = 3;
const EXAMPLE_CHARS = 300;

export interface Example {
  callId: string;
  tool: string | null;
  occurredAt: Date;
  outcome: string;
  category: string | null;
  errorCode: string | null;
  protocolVersion: string | null;
  /** The text the agent saw, masked. */
  text: string;
  /** Calls with the same signature in this period's signature row (all time, as the Failures page counts). */
  signatureCalls: number;
}

interface Row extends ExampleCall {
  id: string;
  tool: string | null;
  occurredAt: Date;
  protocolVersion: string | null;
  text: string;
  calls: number;
}

export async function examplesByMeasure(
  pool: Queryable,
  projectId: string,
  server: string,
  window: CardWindow,
  measures: readonly MeasureId[],
): Promise<Partial<Record<MeasureId, Example[]>>> {
  if (measures.length === 0) return {};
  const { rows } = await pool.query<Row>(
    `SELECT c.id, c.tool, c.occurred_at AS "occurredAt", c.outcome, c.category, c.error_code AS "errorCode",
            c.protocol_version AS "protocolVersion", c.silent_failure AS "silentFailure",
            coalesce(c.flags, '{}') AS flags, c.text, s.calls
       FROM (SELECT signature, calls FROM failure_signatures
              WHERE project_id = $1 AND server = $2 AND last_seen >= $3 AND first_seen < $4
              ORDER BY calls DESC, signature LIMIT ${SIGNATURES_EXAMINED}) s
       CROSS JOIN LATERAL (
         SELECT * FROM calls
          WHERE project_id = $1 AND signature = s.signature AND occurred_at >= $3 AND occurred_at < $4
          ORDER BY occurred_at DESC LIMIT 1) c
      ORDER BY s.calls DESC, s.signature`,
    [projectId, server, window.from, window.to],
  );
  const found: Partial<Record<MeasureId, Example[]>> = {};
  for (const id of measures) {
    const matching = rows.filter((row) => MEASURES[id].example(row));
    found[id] = pickVaried(matching).map(toExample);
  }
  return found;
}

/** Up to three, from different tools first: a maintainer sees the fault is not one tool's. */
function pickVaried(rows: Row[]): Row[] {
  const picked: Row[] = [];
  const tools = new Set<string>();
  for (const row of rows) {
    if (picked.length === EXAMPLES_PER_MEASURE) break;
    if (tools.has(row.tool ?? "")) continue;
    tools.add(row.tool ?? "");
    picked.push(row);
  }
  for (const row of rows) {
    if (picked.length === EXAMPLES_PER_MEASURE) break;
    if (!picked.includes(row)) picked.push(row);
  }
  return picked;
}

function toExample(row: Row): Example {
  const masked = maskVolatileParts(row.text);
  return {
    callId: row.id,
    tool: row.tool,
    occurredAt: row.occurredAt,
    outcome: row.outcome === "ok" && row.silentFailure ? "silent_failure" : row.outcome,
    category: row.category,
    errorCode: row.errorCode,
    protocolVersion: row.protocolVersion,
    text: masked.length > EXAMPLE_CHARS ? `${masked.slice(0, EXAMPLE_CHARS)}…` : masked,
    signatureCalls: row.calls,
  };
}
