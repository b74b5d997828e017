import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textResult, toolErrorResult } from "../fixtures/jsonrpc";
import { exportRequest, span } from "../fixtures/otlp";
import { startTestApi, type TestApi } from "../helpers/api";

// A key reads and writes only its own project, through every endpoint.

let api: TestApi;
let keyA: string;
let keyB: string;
beforeAll(async () => {
  api = await startTestApi("isolation");
  keyA = await api.createKey("project-a", ["ingest", "read"]);
  keyB = await api.createKey("project-b", ["ingest", "read"]);
  await api.post(
    {
      id: "same-id",
      server: "a-server",
      tool: "t",
      response: toolErrorResult("A's secret failure", "payment_required"),
    },
    keyA,
  );
  await api.post({ id: "same-id", server: "b-server", tool: "t", response: textResult("B's data") }, keyB);
  await api.post(
    { id: "only-a", server: "a-server", tool: "t", response: textResult("Error: A only") },
    keyA,
  );
});
afterAll(async () => api?.close());

describe("isolation between projects", () => {
  it("the same id in two projects is two calls; each key reads its own", async () => {
    expect((await api.get<{ server: string }>("/api/v1/calls/same-id", keyA)).body.server).toBe("a-server");
    expect((await api.get<{ server: string }>("/api/v1/calls/same-id", keyB)).body.server).toBe("b-server");
  });

  it("another project's call id answers 404, not 403", async () => {
    const response = await api.request("GET", "/api/v1/calls/only-a", { key: keyB });
    expect(response.status).toBe(404);
  });

  it("lists, filters and stats never include another project's calls", async () => {
    const list = await api.get<{ calls: { id: string; server: string }[] }>("/api/v1/calls?limit=500", keyB);
    expect(list.body.calls.map((call) => call.server)).toEqual(["b-server"]);
    const byCode = await api.get<{ calls: unknown[] }>("/api/v1/calls?errorCode=payment_required", keyB);
    expect(byCode.body.calls).toEqual([]);
    const search = await api.get<{ calls: unknown[] }>("/api/v1/calls?q=secret", keyB);
    expect(search.body.calls).toEqual([]);
    const stats = await api.get<{ totals: { calls: number; silentFailures: number } }>("/api/v1/stats", keyB);
    expect(stats.body.totals).toMatchObject({ calls: 1, silentFailures: 0 });
  });

  it("a key cannot write into another project: the webhook and OTLP store under the key's own project", async () => {
    await api.post(
      { id: "written-by-b", server: "x", tool: "t", text: "hello", projectId: "project-a" } as never,
      keyB,
    );
    const otlp = await api.request("POST", "/api/v1/otlp/v1/traces", {
      key: keyB,
      body: exportRequest("svc", [
        span({
          spanId: "00000000000000b1",
          attributes: { "mcp.method.name": "tools/call", "gen_ai.tool.name": "t" },
        }),
      ]),
    });
    expect(otlp.status).toBe(200);
    const { rows } = await api.database.pool.query<{ id: string; name: string }>(
      `SELECT c.id, p.name FROM calls c JOIN projects p ON p.id = c.project_id WHERE c.id = 'written-by-b' OR c.id LIKE '%00000000000000b1'`,
    );
    expect(rows.map((row) => row.name)).toEqual(["project-b", "project-b"]);
    expect((await api.request("GET", "/api/v1/calls/written-by-b", { key: keyA })).status).toBe(404);
  });
});
