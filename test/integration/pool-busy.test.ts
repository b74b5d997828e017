import pg from "pg";
import { afterAll, expect, inject, it } from "vitest";
import { toHttpError } from "@/lib/http/api-route";

// A pool whose every connection stays in use is a busy server, not a missing database: the
// answer is 503 `busy` with a short Retry-After, not "database unavailable" for five seconds.

const pool = new pg.Pool({
  // The run's server (DATABASE_URL, or the embedded one started for the run).
  connectionString: inject("adminDatabaseUrl"),
  max: 1,
  connectionTimeoutMillis: 100,
});
afterAll(() => pool.end());

it("answers 503 busy with Retry-After 1 when every pooled connection stays in use", async () => {
  const held = await pool.connect();
  try {
    const waited = await pool.connect().then(
      (client) => {
        client.release();
        return new Error("a second connection was granted while the only one was held");
      },
      (error: unknown) => error,
    );
    const http = toHttpError(waited, new Request("http://faultline.test/api/v1/calls"));
    expect(http.status).toBe(503);
    expect(http.code).toBe("busy");
    expect(http.headers?.["retry-after"]).toBe("1");
  } finally {
    held.release();
  }
});
