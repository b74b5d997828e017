import type { Pool, PoolClient } from "pg";

/**
 * Runs `work` in one transaction on one connection: committed when it resolves, rolled back when it
 * throws. A connection that cannot even roll back (PostgreSQL restarted, the backend was terminated)
 * does not go back to the pool: it is destroyed, so the next transaction opens a fresh one.
 */
export async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    broken = await client.query("ROLLBACK").then(
      () => false,
      () => true,
    );
    throw error;
  } finally {
    client.release(broken);
  }
}
