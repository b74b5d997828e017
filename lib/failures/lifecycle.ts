import type { Pool, PoolClient } from "pg";
import { inTransaction } from "../db/transaction";
import { InvalidInputError } from "../errors";

// A failure signature's status, as a team sets it: open → resolved (fixed) or ignored (for a
// while, for a number of calls, or forever). Faultline itself moves it back: a resolved
// signature seen again becomes `regressed`, an ignore that ran out reopens (lib/ingest/write).

export const SIGNATURE_STATUSES = ["open", "regressed", "resolved", "ignored"] as const;
export type SignatureStatus = (typeof SIGNATURE_STATUSES)[number];

/** What the Failures page lists by default: what still needs someone. */
export const ACTIVE_STATUSES: readonly SignatureStatus[] = ["open", "regressed"];

export type StatusChange =
  { status: "open" | "resolved" } | { status: "ignored"; until?: Date; forCalls?: number };

/** Ignore presets offered in the dashboard: a duration (ms), a number of further calls, or forever. */
export const IGNORE_CHOICES: Record<
  "24h" | "7d" | "100" | "forever",
  { label: string; ms?: number; calls?: number }
> = {
  "24h": { label: "for 24 hours", ms: 86_400_000 },
  "7d": { label: "for 7 days", ms: 7 * 86_400_000 },
  "100": { label: "for the next 100 calls", calls: 100 },
  forever: { label: "forever" },
};
export type IgnoreChoice = keyof typeof IGNORE_CHOICES;

/**
 * The one-click Ignore's choice: bounded, so a signature ignored in a hurry during an incident
 * comes back by itself tomorrow rather than never. "forever" stays one choice away.
 */
export const DEFAULT_IGNORE: IgnoreChoice = "24h";

export function ignoreChange(choice: IgnoreChoice, now = new Date()): StatusChange {
  const preset = IGNORE_CHOICES[choice];
  return {
    status: "ignored",
    until: preset.ms ? new Date(now.getTime() + preset.ms) : undefined,
    forCalls: preset.calls,
  };
}

function describe(change: StatusChange): string | null {
  if (change.status !== "ignored") return null;
  const parts = [
    change.until ? `until ${change.until.toISOString()}` : null,
    change.forCalls ? `for the next ${change.forCalls} calls` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(", or ") : "forever";
}

/**
 * Sets a signature's status and records who did it, in one transaction. Resolves false when
 * the project has no such signature. Setting the status it already has changes nothing.
 */
export async function changeSignatureStatus(
  pool: Pool,
  projectId: string,
  signature: string,
  change: StatusChange,
  actor: string,
): Promise<boolean> {
  checkChange(change);
  return inTransaction(pool, (client) => applyStatusChange(client, projectId, signature, change, actor));
}

function checkChange(change: StatusChange): void {
  if (change.status === "ignored" && change.forCalls !== undefined) {
    if (!Number.isInteger(change.forCalls) || change.forCalls < 1 || change.forCalls > 1_000_000_000) {
      throw new InvalidInputError([
        { path: "forCalls", message: "must be a whole number from 1 to 1,000,000,000" },
      ]);
    }
  }
}

/**
 * The status change inside the caller's transaction: locks the signature's row, sets the status
 * and writes the history. An ignore "for the next N calls" counts the calls of what was merged
 * into it too (the count ingest compares with: lib/ingest/read-model-writes.ts). False when the
 * project has no such signature.
 */
export async function applyStatusChange(
  client: PoolClient,
  projectId: string,
  signature: string,
  change: StatusChange,
  actor: string,
): Promise<boolean> {
  checkChange(change);
  const { rows } = await client.query<{ status: string; calls: number }>(
    `SELECT status, calls + coalesce((SELECT sum(m.calls) FROM failure_signatures m
                                       WHERE m.project_id = $1 AND m.merged_into = $2), 0)::int AS calls
       FROM failure_signatures WHERE project_id = $1 AND signature = $2 FOR UPDATE`,
    [projectId, signature],
  );
  const current = rows[0];
  if (!current) return false;
  const ignoring = change.status === "ignored";
  await client.query(
    `UPDATE failure_signatures
        SET status = $3, status_changed_at = now(), ignore_until = $4, ignore_until_calls = $5
      WHERE project_id = $1 AND signature = $2`,
    [
      projectId,
      signature,
      change.status,
      ignoring ? (change.until ?? null) : null,
      ignoring && change.forCalls ? current.calls + change.forCalls : null,
    ],
  );
  await client.query(
    `INSERT INTO signature_events (project_id, signature, actor, from_status, to_status, detail)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [projectId, signature, actor, current.status, change.status, describe(change)],
  );
  return true;
}
