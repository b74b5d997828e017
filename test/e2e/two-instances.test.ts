import { afterAll, beforeAll, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// Two app instances on one database, as behind a load balancer: a sender spreading its
// requests over both still gets one rate limit, not one per instance.

const KEY = "flk_two_instances_00000000000000";
const BURST = 10;
let testDatabase: TestDatabase;
let servers: AppServer[] = [];

beforeAll(async () => {
  testDatabase = await createTestDatabase("two_instances");
  const env = {
    DATABASE_URL: testDatabase.url,
    FAULTLINE_INIT_INGEST_KEY: KEY,
    FAULTLINE_INGEST_RATE_PER_SECOND: "0.01",
    FAULTLINE_INGEST_RATE_BURST: String(BURST),
  };
  // One first (it creates the key), then the second on the same database.
  servers.push(await startAppServer(env));
  servers.push(await startAppServer(env));
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  servers = [];
  await testDatabase?.drop();
});

it("a key's ingest burst is shared by every instance: 30 requests over two servers store the burst, no more", async () => {
  const statuses = await Promise.all(
    Array.from({ length: 30 }, (_, index) =>
      fetch(`${servers[index % 2]!.url}/api/v1/calls`, {
        method: "POST",
        headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
        body: JSON.stringify({ id: `two-${index}`, server: "s", tool: "t", response: { result: {} } }),
      }).then((response) => response.status),
    ),
  );
  const accepted = statuses.filter((status) => status < 300).length;
  expect(statuses.filter((status) => status !== 429 && status >= 300)).toEqual([]);
  expect(accepted).toBe(BURST);
  // Both instances refused some: neither kept a burst of its own.
  const refusedBy = [0, 1].map((server) => statuses.filter((s, i) => i % 2 === server && s === 429).length);
  expect(refusedBy.every((count) => count > 0)).toBe(true);
  const { rows } = await testDatabase.database.pool.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM calls",
  );
  expect(rows[0]!.n).toBe(BURST);
});
