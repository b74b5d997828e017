import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect } from "../../lib/db/connect";
import { applyMigrations, readMigrations } from "../../lib/db/migrate";
import { keyedFingerprint } from "../../lib/ingest/fingerprint";
import { matchKeys, type Observation } from "../../lib/ingest/observations";
import { prepareCalls } from "../../lib/ingest/prepare";
import { writeCalls } from "../../lib/ingest/write-calls";
import { argumentsFingerprint } from "../../lib/reporter/fingerprint";
import { textResult } from "../fixtures/jsonrpc";
import { exportRequest, span } from "../fixtures/otlp";
import { startTestApi, type TestApi } from "../helpers/api";
import { dropTestDatabase, testDatabaseUrl } from "../helpers/test-database";

// What a reader of calls can learn from an arguments fingerprint: nothing a guess can confirm.
// The sender's SHA-256 of a six-digit PIN is reversed by hashing the million PINs; the stored
// fingerprint is keyed with the project's secret, so the same search finds nothing. It stays
// equal for equal arguments across a project's routes, and differs between projects.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi("fingerprints");
});
afterAll(async () => api?.close());

const pinCall = (id: string, pin: string, extra: Record<string, unknown> = {}) => ({
  id,
  server: "bank",
  tool: "verify_pin",
  route: "reporter",
  argumentsHash: argumentsFingerprint({ pin }),
  response: textResult("ok"),
  ...extra,
});

/** Every six-digit PIN, fingerprinted as the reporter does: the dictionary a reader would try. */
function searchPins(target: string): { found: string | undefined; tried: number; ms: number } {
  const started = performance.now();
  for (let n = 0; n < 1_000_000; n++) {
    const pin = String(n).padStart(6, "0");
    if (argumentsFingerprint({ pin }) === target)
      return { found: pin, tried: n + 1, ms: performance.now() - started };
  }
  return { found: undefined, tried: 1_000_000, ms: performance.now() - started };
}

describe("arguments fingerprints as stored", () => {
  it("a six-digit PIN: the sender's hash falls to a dictionary in about a second, the stored one does not", async () => {
    const pin = "482193";
    expect((await api.post(pinCall("pin-1", pin))).status).toBe(200);
    const stored = (await api.get<{ argumentsHash: string }>("/api/v1/calls/pin-1")).body.argumentsHash;

    // What the red team did to the unkeyed hash: it works on the sender's value…
    const sender = searchPins(argumentsFingerprint({ pin })!);
    expect(sender.found).toBe(pin);
    // …and finds nothing in what Faultline stores and shows.
    const keyed = searchPins(stored);
    expect(keyed.found).toBeUndefined();
    expect(stored).not.toBe(argumentsFingerprint({ pin }));
    // Checking one guess needs the project's 256-bit key, which no API, page or export returns.
    const exported = await api.request("GET", "/api/v1/calls/pin-1");
    const { rows } = await api.database.pool.query<{ key: Buffer }>(
      "SELECT fingerprint_key AS key FROM projects WHERE name = 'default'",
    );
    expect(rows[0]!.key).toHaveLength(32);
    expect(await exported.text()).not.toContain(rows[0]!.key.toString("hex"));
    console.log(
      `[fingerprints] PIN search over 1,000,000 candidates: sender's hash found after ${sender.tried.toLocaleString("en-US")} tries (${Math.round(sender.ms)} ms); stored fingerprint: not found in ${Math.round(keyed.ms)} ms`,
    );
  }, 60_000);

  it("equal for equal arguments whichever route reported them; different for other arguments", async () => {
    await api.post(pinCall("pin-2", "000111", { route: "proxy-stdio" }));
    await api.post(pinCall("pin-3", "000111", { route: "webhook" }));
    await api.post(pinCall("pin-4", "000112", { route: "reporter" }));
    // The same arguments in an OTLP span: Faultline fingerprints them as the reporter does, then keys them.
    await api.request("POST", "/api/v1/otlp/v1/traces", {
      body: exportRequest("bank", [
        span({
          name: "tools/call verify_pin",
          spanId: "00000000000f1f01",
          attributes: {
            "mcp.method.name": "tools/call",
            "gen_ai.tool.name": "verify_pin",
            "gen_ai.tool.call.arguments": JSON.stringify({ pin: "000111" }),
          },
        }),
      ]),
    });
    const hashOf = async (id: string) =>
      (await api.get<{ argumentsHash: string | null }>(`/api/v1/calls/${id}`)).body.argumentsHash;
    const otlpId = (
      await api.get<{ calls: { id: string }[] }>("/api/v1/calls?tool=verify_pin&limit=500")
    ).body.calls
      .map((call) => call.id)
      .find((id) => !id.startsWith("pin-"));
    const same = [await hashOf("pin-2"), await hashOf("pin-3"), await hashOf(otlpId!)];
    expect(new Set(same).size).toBe(1);
    expect(same[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(await hashOf("pin-4")).not.toBe(same[0]);
  });

  it("two projects never share a fingerprint for the same arguments", async () => {
    const other = await api.createKey("fingerprints-other", ["ingest", "read"]);
    await api.post(pinCall("pin-5", "777777"));
    await api.post(pinCall("pin-6", "777777"), other);
    const mine = (await api.get<{ argumentsHash: string }>("/api/v1/calls/pin-5")).body.argumentsHash;
    const theirs = (await api.get<{ argumentsHash: string }>("/api/v1/calls/pin-6", other)).body
      .argumentsHash;
    expect(mine).not.toBe(theirs);
    expect(theirs).toBe(
      await api.storedFingerprint(argumentsFingerprint({ pin: "777777" })!, "fingerprints-other"),
    );
  });
});

describe("the migration that keyed them", () => {
  it("keys the fingerprints stored before — on the call, in its observations and in its loose key — as new calls are keyed", async () => {
    const { url, name, adminUrl } = testDatabaseUrl("fingerprints_upgrade");
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const database = connect(url, { write: 2, read: 1, readTimeoutMs: 10_000 });
    try {
      const migrations = readMigrations();
      const keying = migrations.findIndex((migration) => migration.name.endsWith("_keyed_fingerprints"));
      expect(keying).toBeGreaterThan(0);
      await applyMigrations(database.pool, migrations.slice(0, keying));
      const project = "0b8d0b5e-0000-4000-8000-000000000001";
      await database.pool.query(`INSERT INTO projects (id, name) VALUES ($1, 'old')`, [project]);
      const raw = argumentsFingerprint({ pin: "135790" })!;
      const { prepared } = prepareCalls(
        [
          {
            id: "old-1",
            server: "bank",
            tool: "verify_pin",
            route: "proxy-stdio",
            argumentsHash: raw,
            requestId: "7",
          },
          { id: "old-2", server: "bank", tool: "verify_pin", argumentsHash: raw, response: textResult("ok") },
          { id: "old-3", server: "bank", tool: "verify_pin", response: textResult("ok") },
        ],
        new Date(),
      );
      // Today's writer queues what its calls add for the fold (a later migration's table): a stand-in
      // queue for the write, dropped before the migrations that follow create the real one.
      await database.pool.query(migrations.find((migration) => migration.name.endsWith("_fold_queue"))!.sql);
      await writeCalls(database.pool, project, prepared);
      await database.pool.query("DROP TABLE fold_queue");

      await applyMigrations(database.pool, migrations);
      const { rows: keys } = await database.pool.query<{ key: Buffer }>(
        "SELECT fingerprint_key AS key FROM projects WHERE id = $1",
        [project],
      );
      const expected = keyedFingerprint(keys[0]!.key, raw);
      const { rows } = await database.pool.query<{
        id: string;
        arguments_hash: string | null;
        loose_key: string | null;
        observations: Observation[] | null;
      }>("SELECT id, arguments_hash, loose_key, observations FROM calls ORDER BY id");
      expect(rows.map((row) => row.arguments_hash)).toEqual([expected, expected, null]);
      const [proxied] = rows;
      expect(proxied!.observations!.map((observation) => observation.argumentsHash)).toEqual([expected]);
      // The loose key a new observation of this call would look it up by: computed from the keyed fingerprint.
      expect(proxied!.loose_key).toBe(
        matchKeys({ ...proxied!.observations![0]!, argumentsHash: expected }).looseKey,
      );
      expect(proxied!.loose_key).not.toBeNull();
      // Every project has its own 32-byte key.
      expect(keys[0]!.key).toHaveLength(32);
    } finally {
      await database.close();
      await dropTestDatabase(adminUrl, name);
    }
  });
});
