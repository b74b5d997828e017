import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerCard } from "../../lib/insight/card";
import type { FleetRow } from "../../lib/insight/fleet";
import type { SessionList, SessionTimeline } from "../../lib/insight/sessions";
import { exportRequest, span } from "../fixtures/otlp";
import { rpcError, textResult, toolErrorResult } from "../fixtures/jsonrpc";
import { startTestApi, type TestApi } from "../helpers/api";

// The server report card, the fleet table and agent sessions, read through the read API from what
// ingest wrote: every count on a card equals the calls its Activity filters select, the worst
// server is named, and a session's timeline pages in time order and tells what came after a failure.

let api: TestApi;
const hour = 3_600_000;
const base = Math.floor(Date.now() / hour) * hour - 3 * hour;
const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString();
const structured = (code: string, retryable: boolean, text: string) =>
  textResult(text, { isError: true, structuredContent: { error: { code, retryable } } });

beforeAll(async () => {
  api = await startTestApi("insight");
  const calls = [
    ...Array.from({ length: 20 }, (_, i) => ({
      id: `tidy-ok-${i}`,
      occurredAt: at(i),
      server: "tidy",
      tool: "find",
      response: textResult("found it"),
    })),
    ...Array.from({ length: 6 }, (_, i) => ({
      id: `tidy-err-${i}`,
      occurredAt: at(30 + i),
      server: "tidy",
      tool: "charge",
      response: structured("payment_required", false, `Payment required for order ${i}`),
    })),
    ...Array.from({ length: 10 }, (_, i) => ({
      id: `messy-ok-${i}`,
      occurredAt: at(i),
      server: "messy",
      tool: "parse",
      response: textResult('{"pages": 3}'),
    })),
    ...Array.from({ length: 6 }, (_, i) => ({
      id: `messy-silent-${i}`,
      occurredAt: at(40 + i),
      server: "messy",
      tool: i % 2 ? "parse" : "summarise",
      response: textResult(`Error: could not parse document ${1000000 + i}`),
    })),
    ...Array.from({ length: 3 }, (_, i) => ({
      id: `messy-opaque-${i}`,
      occurredAt: at(50 + i),
      server: "messy",
      tool: "export",
      response: toolErrorResult("Operation failed"),
    })),
    ...Array.from({ length: 2 }, (_, i) => ({
      id: `messy-trace-${i}`,
      occurredAt: at(55 + i),
      server: "messy",
      tool: "export",
      response: toolErrorResult(
        `TypeError: Cannot read properties of undefined (reading 'id')\n    at render (/srv/app/export.js:${10 + i}:5)\n    at process (/srv/app/index.js:3:1)`,
      ),
    })),
    ...Array.from({ length: 2 }, (_, i) => ({
      id: `messy-internal-${i}`,
      occurredAt: at(60 + i),
      server: "messy",
      tool: "book",
      response: rpcError(-32603, "Invalid arguments: date must be YYYY-MM-DD"),
    })),
    {
      id: "messy-unknown",
      occurredAt: at(63),
      server: "messy",
      tool: "nope",
      response: textResult("MCP error -32602: Tool nope not found", { isError: true }),
    },
    {
      id: "messy-v-proto",
      occurredAt: at(64),
      server: "messy",
      tool: "book",
      protocolVersion: "2025-11-25",
      response: rpcError(-32602, "Invalid params: date is out of range"),
    },
    {
      id: "messy-secret",
      occurredAt: at(65),
      server: "messy",
      tool: "config",
      response: textResult("connected with password=hunter2hunter2"),
    },
    // A session: a policy refusal retried with the same arguments (a wasted retry), then another tool.
    {
      id: "s-1",
      occurredAt: at(70),
      server: "tidy",
      tool: "refund",
      sessionId: "run-1",
      agent: "support-bot",
      argumentsHash: "a1",
      response: structured("outside_window", false, "Order outside the 45-day window"),
    },
    {
      id: "s-2",
      occurredAt: at(71),
      server: "tidy",
      tool: "refund",
      sessionId: "run-1",
      agent: "support-bot",
      argumentsHash: "a1",
      response: structured("outside_window", false, "Order outside the 45-day window"),
    },
    {
      id: "s-3",
      occurredAt: at(72),
      server: "messy",
      tool: "parse",
      sessionId: "run-1",
      agent: "support-bot",
      response: textResult('{"pages": 1}'),
    },
    {
      id: "s-4",
      occurredAt: at(73),
      server: "messy",
      tool: "export",
      sessionId: "run-1",
      agent: "support-bot",
      response: toolErrorResult("Operation failed"),
    },
  ];
  expect((await api.post({ calls })).status).toBe(200);
});
afterAll(async () => api?.close());

const window = `from=${encodeURIComponent(new Date(base - hour).toISOString())}&to=${encodeURIComponent(new Date(base + 3 * hour).toISOString())}`;

/** How many calls GET /api/v1/calls lists for an Activity link of the card (its query string). */
async function callsBehind(href: string): Promise<number> {
  const query = new URL(href, "http://x").searchParams;
  query.delete("range");
  query.set("limit", "500");
  const { status, body } = await api.get<{ calls: unknown[]; nextCursor: string | null }>(
    `/api/v1/calls?${query}`,
  );
  expect(status).toBe(200);
  expect(body.nextCursor).toBeNull();
  return body.calls.length;
}

describe("server report card", () => {
  it("the fleet names the worst-hygiene server first, each graded by its measures", async () => {
    const { status, body } = await api.get<{ servers: FleetRow[] }>(`/api/v1/servers?${window}`);
    expect(status).toBe(200);
    expect(body.servers.map((row) => row.server)).toEqual(["messy", "tidy"]);
    const [messy, tidy] = body.servers;
    expect(tidy!.grade).toBe("A");
    expect(["D", "F"]).toContain(messy!.grade);
    // 6 silent failures beside 7 isError results (4 opaque, 2 stack traces, 1 unknown tool).
    expect(messy!.measures.silent).toEqual({ problemShare: 6 / 13, grade: "F" });
    expect(messy!.points!).toBeLessThan(tidy!.points!);
  });

  it("every count on the card equals the calls its Activity link selects", async () => {
    const { status, body: card } = await api.get<ServerCard>(`/api/v1/servers/messy?${window}`);
    expect(status).toBe(200);
    const parts = [
      card.failures,
      card.answeredFailures,
      card.secretsMasked,
      ...card.measures.flatMap((measure) => [...(measure.part ? [measure.part] : []), ...measure.details]),
      ...card.categories.map((row) => ({ count: row.failures, href: row.href })),
    ];
    expect(parts.length).toBeGreaterThan(10);
    for (const part of parts) expect(await callsBehind(part.href), part.href).toBe(part.count);
    const byId = Object.fromEntries(card.measures.map((measure) => [measure.id, measure]));
    expect(byId.silent!.part!.count).toBe(6);
    expect(byId.opaque!.part!.count).toBe(4);
    expect(byId.raw!.part!.count).toBe(2);
    expect(Object.fromEntries(byId.channel!.details.map((detail) => [detail.key, detail.count]))).toEqual({
      internal_for_validation: 2,
      validation_as_protocol: 1,
      unknown_tool_results: 1,
    });
    expect(card.secretsMasked.count).toBe(1);
  });

  it("says what to change with the server's own examples, masked, and exports Markdown", async () => {
    const { body: card } = await api.get<ServerCard>(`/api/v1/servers/messy?${window}`);
    const silent = card.measures.find((measure) => measure.id === "silent")!;
    expect(silent.advice?.headline).toMatch(/isError/);
    expect(silent.examples.length).toBeGreaterThanOrEqual(2);
    expect(new Set(silent.examples.map((example) => example.tool)).size).toBe(2);
    for (const example of silent.examples) {
      expect(example.text).toMatch(/^Error: could not parse document <n>$/);
      expect(example.outcome).toBe("silent_failure");
    }
    const response = await api.request("GET", `/api/v1/servers/messy?${window}&format=markdown`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/markdown/);
    expect(response.headers.get("content-disposition")).toMatch(/messy-report-card\.md/);
    const markdown = await response.text();
    expect(markdown).toMatch(/^# Error hygiene report: `messy`/);
    expect(markdown).toContain("Set isError: true on every failed tool result.");
    expect(markdown).toContain("Error: could not parse document <n>");
    expect(markdown).not.toContain("hunter2");
  });

  it("answers 404 for an unknown server and 400 naming a bad parameter", async () => {
    expect((await api.get(`/api/v1/servers/nobody?${window}`)).status).toBe(404);
    const bad = await api.get<{ error: { details: { path: string }[] } }>(`/api/v1/servers?from=yesterday`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0]!.path).toBe("from");
  });

  it("extreme dates are a 400 naming the field, never a 500", async () => {
    for (const path of [
      "/api/v1/servers",
      "/api/v1/servers/messy",
      "/api/v1/calls",
      "/api/v1/stats",
      "/api/v1/sessions",
    ]) {
      const extreme = await api.get<{ error: { details: { path: string; message: string }[] } }>(
        `${path}?from=0001-01-01T00:00:00Z&to=9999-12-31T23:59:59Z`,
      );
      expect(extreme.status, path).toBe(400);
      expect(extreme.body.error.details.map((detail) => detail.path).sort(), path).toEqual(["from", "to"]);
      expect(extreme.body.error.details[0]!.message, path).toMatch(/between/);
    }
  });
});

describe("agent sessions", () => {
  it("lists recent sessions with their calls, failures and whether they ended on a failure", async () => {
    const { body } = await api.get<SessionList>(`/api/v1/sessions`);
    expect(body.sessions).toHaveLength(1);
    expect(body.sessions[0]).toMatchObject({
      sessionId: "run-1",
      calls: 4,
      failures: 3,
      endedOnFailure: true,
      agent: "support-bot",
      servers: ["messy", "tidy"],
    });
    // Of a server it called, and of one it did not.
    expect((await api.get<SessionList>(`/api/v1/sessions?server=tidy`)).body.sessions).toHaveLength(1);
    expect((await api.get<SessionList>(`/api/v1/sessions?server=elsewhere`)).body.sessions).toHaveLength(0);
  });

  it("tells the run's story: the first failure, a wasted retry, another tool, the end", async () => {
    const { status, body } = await api.get<SessionTimeline>(`/api/v1/sessions/run-1`);
    expect(status).toBe(200);
    expect(body.firstFailureId).toBe("s-1");
    expect(body.calls.map((call) => call.id)).toEqual(["s-1", "s-2", "s-3", "s-4"]);
    expect(body.calls.map((call) => call.next)).toEqual([
      { kind: "retry", wasted: true, callId: "s-2" },
      { kind: "other_tool", server: "messy", tool: "parse", callId: "s-3" },
      null,
      { kind: "end" },
    ]);
  });

  it("pages a long session in time order by keyset, never repeating or skipping a call", async () => {
    const calls = Array.from({ length: 45 }, (_, i) => ({
      id: `long-${String(i).padStart(3, "0")}`,
      // Two calls share each millisecond: the id breaks the tie.
      occurredAt: new Date(base + 2 * hour + Math.floor(i / 2)).toISOString(),
      server: "tidy",
      tool: "find",
      sessionId: "long-run",
      response: textResult("found it"),
    }));
    expect((await api.post({ calls: calls.reverse() })).status).toBe(200);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: SessionTimeline } = await api.get<SessionTimeline>(
        `/api/v1/sessions/long-run?limit=7${cursor ? `&cursor=${cursor}` : ""}`,
      );
      seen.push(...page.body.calls.map((call) => call.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(calls.map((call) => call.id).sort());
    const plan = await api.database.pool.query<{ "QUERY PLAN": string }>(
      `EXPLAIN SELECT id FROM calls WHERE project_id = (SELECT id FROM projects LIMIT 1) AND session_id = 'long-run'
        AND (occurred_at, id) > (now(), 'x') ORDER BY occurred_at, id LIMIT 11`,
    );
    expect(plan.rows.map((row) => row["QUERY PLAN"]).join("\n")).toMatch(
      // the parent's index, or its copy on each day partition (calls_YYYYMMDD_project_id_session_id_occurred_at_id_idx)
      /calls_session_time_idx|calls_\w+_project_id_session_id_occurred_at_id_idx/,
    );
  });

  it("an OTLP trace without a session id is a session keyed by its trace id", async () => {
    const spans = [0, 1].map((i) =>
      span({
        spanId: `00000000000000c${i}`,
        startMs: base + 2 * hour + 60_000 * i,
        attributes: {
          "mcp.method.name": "tools/call",
          "gen_ai.tool.name": "lookup",
          "server.address": "traced",
        },
      }),
    );
    const response = await api.request("POST", "/api/v1/otlp/v1/traces", {
      body: exportRequest("agent", spans),
    });
    expect(response.status).toBe(200);
    const { status, body } = await api.get<SessionTimeline>(`/api/v1/sessions/${spans[0]!.traceId}`);
    expect(status).toBe(200);
    expect(body.calls).toHaveLength(2);
  });
});
