import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textResult } from "../fixtures/jsonrpc";
import { startTestApi, type TestApi } from "../helpers/api";

// A key many calls share: one JSON-RPC id in many stdio sessions, or a sender that pins every
// call to one time and one id. Each observation is compared with, and reads and locks, only the
// nearest calls sharing its key (lib/ingest/observations NEAREST_PER_KEY), so a pile of them
// costs a batch in proportion to its size, not to the pile's: the instance stays answerable.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi("hot_keys");
});
afterAll(async () => api?.close());

const PINNED = new Date(Date.now() - 60_000).toISOString();
const PILE = 1_000;
const BATCH = 500;

const report = (route: string, n: number, extra: Record<string, unknown> = {}) => ({
  id: `${route}-${n}`,
  route,
  server: "crm",
  tool: "lookup",
  requestId: 1,
  occurredAt: PINNED,
  response: textResult(`answer ${n}`),
  ...extra,
});

async function send(route: string, count: number): Promise<number> {
  const started = performance.now();
  for (let from = 0; from < count; from += BATCH) {
    const calls = Array.from({ length: Math.min(BATCH, count - from) }, (_, i) => report(route, from + i));
    const answer = await api.post({ calls });
    expect(answer.status).toBe(200);
  }
  return performance.now() - started;
}

async function stored(): Promise<{ calls: number; routes: Record<string, number> }> {
  const { rows } = await api.database.pool.query<{ routes: string; n: string }>(
    `SELECT array_to_string(routes, '+') AS routes, count(*)::text AS n FROM calls
      WHERE project_id = (SELECT id FROM projects WHERE name = 'default') GROUP BY 1`,
  );
  const routes = Object.fromEntries(rows.map((row) => [row.routes, Number(row.n)]));
  return { calls: Object.values(routes).reduce((a, b) => a + b, 0), routes };
}

describe("one key shared by thousands of calls at one pinned time", () => {
  it("a route's pile is stored call by call, and a second route's pile joins it one to one", async () => {
    const first = await send("proxy-stdio", PILE);
    expect(await stored()).toEqual({ calls: PILE, routes: { "proxy-stdio": PILE } });
    const second = await send("reporter", PILE);
    // Every reporter observation joined a proxy call: none left alone, none two to a call.
    expect(await stored()).toEqual({ calls: PILE, routes: { "proxy-stdio+reporter": PILE } });
    console.log(
      `[hot keys] ${PILE} proxy reports ${Math.round(first)} ms, ${PILE} reporter reports merged ${Math.round(second)} ms`,
    );
  }, 60_000);

  it("past the look-ahead (SCAN_PER_SIDE) a pile still stores every observation once, and the key stays cheap", async () => {
    const big = 4_000;
    const started = performance.now();
    await send("server", big);
    const { rows } = await api.database.pool.query<{ observations: string; calls: string }>(
      `SELECT sum(cardinality(routes))::text AS observations, count(*)::text AS calls FROM calls
        WHERE 'server' = ANY(routes)`,
    );
    // Each of the 4,000 server reports is one observation of one call: joined to a proxy+reporter
    // call with a free place, or a call of its own once the nearest have no free place left.
    const joined = (await stored()).routes["proxy-stdio+reporter+server"] ?? 0;
    expect(joined).toBeGreaterThanOrEqual(PILE);
    expect(Number(rows[0]!.calls)).toBe(big);
    expect(Number(rows[0]!.observations)).toBe(joined * 3 + (big - joined));
    console.log(
      `[hot keys] ${big} server reports on a pile of ${PILE} ${Math.round(performance.now() - started)} ms`,
    );
  }, 60_000);
});

describe("a route that saw a trace context and one that saw none", () => {
  it("are one call when their JSON-RPC ids agree: a missing trace context is not a different one", async () => {
    const at = new Date(Date.now() - 30_000).toISOString();
    const traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    const common = { server: "docs", tool: "search", requestId: 42, occurredAt: at };
    const answer = await api.post({
      calls: [
        { ...common, id: "mixed-reporter", route: "reporter", traceparent, response: textResult("found") },
        { ...common, id: "mixed-proxy", route: "proxy-stdio", response: textResult("found") },
      ],
    });
    expect(answer.status).toBe(200);
    const { rows } = await api.database.pool.query<{ routes: string[] }>(
      `SELECT routes FROM calls WHERE server = 'docs'`,
    );
    expect(rows).toEqual([{ routes: ["proxy-stdio", "reporter"] }]);
    // Re-sent, each report is a duplicate that still names the call it is part of.
    const again = await api.post({
      calls: [
        { ...common, id: "mixed-reporter", route: "reporter", traceparent, response: textResult("found") },
        { ...common, id: "mixed-proxy", route: "proxy-stdio", response: textResult("found") },
      ],
    });
    const callId = answer.body.calls.find((c) => c.callId)?.callId;
    expect(callId).toBeDefined();
    const named = again.body.calls.map((c) => ({ duplicate: c.duplicate, call: c.callId ?? c.id }));
    expect(named).toEqual([
      { duplicate: true, call: callId },
      { duplicate: true, call: callId },
    ]);
  });
});
