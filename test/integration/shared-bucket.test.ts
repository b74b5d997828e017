import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pruneRateBuckets, SharedTokenBucket } from "../../lib/http/shared-bucket";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// Token buckets kept in PostgreSQL: several instances (here, several bucket objects on one
// database, as each app instance has its own) enforce one limit between them.

let testDatabase: TestDatabase;
beforeAll(async () => {
  testDatabase = await createTestDatabase("shared_bucket");
});
afterAll(async () => testDatabase?.drop());

async function spend(buckets: SharedTokenBucket[], key: string, attempts: number): Promise<number> {
  let allowed = 0;
  for (let index = 0; index < attempts; index++) {
    if ((await buckets[index % buckets.length]!.take(key)) === 0) allowed++;
  }
  return allowed;
}

describe("shared token bucket", () => {
  it("three instances share one burst: 30 attempts across them get the burst and no more", async () => {
    const instances = [1, 2, 3].map(() => new SharedTokenBucket(testDatabase.database.pool, "t1", 0.1, 10));
    expect(await spend(instances, "key-a", 30)).toBe(10);
  });

  it("answers how long to wait, refills at the rate, and keeps keys apart", async () => {
    const bucket = new SharedTokenBucket(testDatabase.database.pool, "t2", 2, 2);
    expect(await spend([bucket], "key-b", 2)).toBe(2);
    expect(await bucket.take("key-b")).toBe(1);
    expect(await bucket.take("key-c")).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await bucket.take("key-b")).toBe(0);
  });

  it("concurrent attempts from two instances never get more than the burst", async () => {
    const [first, second] = [1, 2].map(
      () => new SharedTokenBucket(testDatabase.database.pool, "t3", 0.1, 20),
    );
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, index) => (index % 2 ? first! : second!).take("key-d")),
    );
    expect(answers.filter((wait) => wait === 0)).toHaveLength(20);
  });

  it("is off at rate 0, and forgets buckets untouched for a day", async () => {
    const off = new SharedTokenBucket(testDatabase.database.pool, "t4", 0, 1);
    expect(await spend([off], "key-e", 50)).toBe(50);
    await testDatabase.database.pool.query(
      `UPDATE rate_buckets SET updated_at = now() - interval '25 hours'`,
    );
    expect(await pruneRateBuckets(testDatabase.database.pool)).toBeGreaterThan(0);
    expect((await testDatabase.database.pool.query("SELECT * FROM rate_buckets")).rowCount).toBe(0);
  });
});
