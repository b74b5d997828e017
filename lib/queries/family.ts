import type { Queryable } from "../db/queryable";

// A merged failure signature's calls count in the one it was merged into (lib/failures/triage.ts):
// the one home of that mapping for every read of signatures. Each fragment takes the project as $1.

/** The project's merged signatures, each with the signature it counts in. */
export const MERGED_SIGNATURES = `(SELECT signature, merged_into FROM failure_signatures
                                     WHERE project_id = $1 AND merged_into IS NOT NULL)`;

/** Per signature that others were merged into: their calls and sightings, summed. */
export const MERGED_TOTALS = `(SELECT merged_into AS signature, sum(calls)::int AS calls, min(first_seen) AS first_seen,
                                      max(last_seen) AS last_seen
                                 FROM failure_signatures WHERE project_id = $1 AND merged_into IS NOT NULL
                                GROUP BY merged_into)`;

/**
 * The signatures whose calls count in any of the signatures in array parameter `param` (themselves, and
 * what was merged into them), as an array: `signature = ANY(${familiesOf("$2")})` reads the rollups by
 * their key, where filtering on countedIn() would read every row of the window.
 */
export const familiesOf = (param: string) =>
  `ARRAY(SELECT unnest(${param}::text[]) UNION ALL
         SELECT signature FROM failure_signatures WHERE project_id = $1 AND merged_into = ANY(${param}::text[]))`;

/** The signature a call's signature counts in (its own, unless merged): `counted(alias)`. */
export const countedIn = (column: string, merged = "mg") => `coalesce(${merged}.merged_into, ${column})`;

/** A signature and every signature merged into it: what its page counts. */
export async function signatureFamily(
  pool: Queryable,
  projectId: string,
  signature: string,
): Promise<string[]> {
  const { rows } = await pool.query<{ signature: string }>(
    `SELECT signature FROM failure_signatures WHERE project_id = $1 AND merged_into = $2 ORDER BY signature`,
    [projectId, signature],
  );
  return [signature, ...rows.map((row) => row.signature)];
}
