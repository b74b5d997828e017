import type { Pool } from "pg";
import { keyedFingerprint } from "../../lib/ingest/fingerprint";

/** The arguments fingerprint as Faultline stores it for `project`: the sender's, keyed with the project's secret. */
export async function storedFingerprint(
  pool: Pool,
  senderHash: string,
  project = "default",
): Promise<string> {
  const { rows } = await pool.query<{ key: Buffer }>(
    "SELECT fingerprint_key AS key FROM projects WHERE name = $1",
    [project],
  );
  return keyedFingerprint(rows[0]!.key, senderHash);
}
