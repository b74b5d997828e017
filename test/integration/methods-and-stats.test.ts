import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rpcError, textResult, toolErrorResult } from "../fixtures/jsonrpc";
import { startTestApi, type TestApi } from "../helpers/api";

// Calls of other methods are stored and browsable but kept out of tool figures; an error code
// is counted per category; a wasted retry is the same tool on the same server.

let api: TestApi;
const at = (minute: number) => new Date(Date.now() - 3_600_000 + minute * 60_000).toISOString();

beforeAll(async () => {
  api = await startTestApi("methods_and_stats");
});
afterAll(async () => api?.close());

interface Stats {
  totals: { calls: number; failures: number; protocol_error: number };
  byErrorCode: { errorCode: string; outcome: string; category: string; calls: number }[];
}

describe("methods", () => {
  it("keeps initialize, tools/list and resources/read out of the tool figures, and lists them when asked", async () => {
    const { status } = await api.post({
      calls: [
        {
          id: "m-init",
          server: "crm",
          method: "initialize",
          occurredAt: at(1),
          response: rpcError(-32603, "boom"),
        },
        {
          id: "m-list",
          server: "crm",
          method: "tools/list",
          occurredAt: at(2),
          response: { jsonrpc: "2.0", id: 1, result: { tools: [] } },
        },
        {
          id: "m-read",
          server: "crm",
          method: "resources/read",
          occurredAt: at(3),
          response: rpcError(-32002, "not found"),
        },
        { id: "m-tool", server: "crm", tool: "lookup", occurredAt: at(4), response: textResult("fine") },
      ],
    });
    expect(status).toBe(200);
    const tools = await api.get<Stats>("/api/v1/stats?server=crm");
    expect(tools.body.totals).toMatchObject({ calls: 1, failures: 0 });
    const init = await api.get<Stats>("/api/v1/stats?server=crm&method=initialize&method=resources/read");
    expect(init.body.totals).toMatchObject({ calls: 2, failures: 2, protocol_error: 2 });
    const listed = await api.get<{ calls: { id: string }[] }>(
      "/api/v1/calls?method=initialize&method=tools/list",
    );
    expect(listed.body.calls.map((call) => call.id).sort()).toEqual(["m-init", "m-list"]);
    const { rows } = await api.database.pool.query(
      "SELECT signature FROM failure_signatures WHERE server = 'crm'",
    );
    expect(rows).toEqual([]);
  });
});

describe("stats by error code", () => {
  it("reports one code once per category: -32602 as unknown_tool and as validation", async () => {
    const calls = [
      {
        id: "c-unknown",
        server: "codes",
        tool: "lead_delete",
        occurredAt: at(5),
        response: rpcError(-32602, "Unknown tool: lead_delete"),
      },
      ...Array.from({ length: 6 }, (_, index) => ({
        id: `c-valid-${index}`,
        server: "codes",
        tool: "lookup",
        occurredAt: at(6),
        response: rpcError(-32602, "Invalid params: id must be a string"),
      })),
    ];
    expect((await api.post({ calls })).status).toBe(200);
    const { body } = await api.get<Stats>("/api/v1/stats?server=codes");
    expect(body.byErrorCode.filter((row) => row.errorCode === "-32602")).toEqual([
      { errorCode: "-32602", outcome: "protocol_error", category: "validation", calls: 6 },
      { errorCode: "-32602", outcome: "protocol_error", category: "unknown_tool", calls: 1 },
    ]);
  });
});

describe("wasted_retry", () => {
  it("is the same tool on the same server in the same session — another server's failure does not count", async () => {
    const paid = (id: string, server: string, minute: number) => ({
      id,
      server,
      tool: "charge",
      sessionId: "shared-session",
      argumentsHash: "amount-10",
      occurredAt: at(minute),
      response: toolErrorResult("Payment required", "payment_required"),
    });
    await api.post(paid("w-a1", "billing-a", 10));
    const { body } = await api.post({
      calls: [paid("w-b1", "billing-b", 11), paid("w-a2", "billing-a", 12)],
    });
    const flags = Object.fromEntries(body.calls.map((call) => [call.id, call.flags]));
    expect(flags["w-b1"]).not.toContain("wasted_retry");
    expect(flags["w-a2"]).toContain("wasted_retry");
  });
});
