import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listErrorCodes, filterOptions, listServers } from "../../lib/queries/breakdowns";
import { countSelectedCalls } from "../../lib/queries/calls";
import { listCallsQuerySchema } from "../../lib/schemas/read";
import { listTools } from "../../lib/queries/tools";
import { listFailureSignatures } from "../../lib/queries/failures";
import { getFailingTools, getOverview } from "../../lib/queries/overview";
import { listSilentGroups, setSilentGroupStatus } from "../../lib/queries/silent-groups";
import { resolveWindow } from "../../lib/schemas/dashboard";
import { rpcError, textResult, toolErrorResult } from "../fixtures/jsonrpc";
import { startTestApi, type TestApi } from "../helpers/api";

// The dashboard's read models, written at ingest and read back through lib/queries.

let api: TestApi;
let projectId: string;
const now = new Date();
const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();
const window = () => resolveWindow({ range: "24h" }, new Date(now.getTime() + 60_000));

beforeAll(async () => {
  api = await startTestApi("dashboard_queries");
  const calls = [
    ...Array.from({ length: 10 }, (_, index) => ({
      id: `ok-${index}`,
      occurredAt: at(30 + index),
      server: "crm",
      tool: "lookup",
      durationMs: 20,
      response: textResult("fine"),
    })),
    ...Array.from({ length: 4 }, (_, index) => ({
      id: `pay-${index}`,
      occurredAt: at(20 + index),
      server: "billing",
      tool: "charge",
      durationMs: 900,
      response: toolErrorResult(`Payment required for order ${index}`, "payment_required"),
    })),
    {
      id: "opaque",
      occurredAt: at(15),
      server: "billing",
      tool: "charge",
      response: toolErrorResult("Operation failed"),
    },
    {
      id: "proto",
      occurredAt: at(14),
      server: "booking",
      tool: "book",
      response: rpcError(-32602, "Invalid date"),
    },
    ...Array.from({ length: 3 }, (_, index) => ({
      id: `silent-${index}`,
      occurredAt: at(10 + index),
      server: "docs",
      tool: "parse",
      response: textResult("Error: could not parse document"),
    })),
    {
      id: "old-failure",
      occurredAt: at(3 * 24 * 60),
      server: "billing",
      tool: "charge",
      response: toolErrorResult("Payment required for order 9", "payment_required"),
    },
  ];
  expect((await api.post({ calls })).status).toBe(200);
  const { rows } = await api.database.pool.query<{ id: string }>(
    `SELECT id FROM projects WHERE name = 'default'`,
  );
  projectId = rows[0]!.id;
});
afterAll(async () => api?.close());

describe("dashboard queries", () => {
  it("overview: totals, the previous period, and the top failing tools", async () => {
    const overview = await getOverview(api.database.pool, projectId, window());
    expect(overview.current.totals).toMatchObject({
      calls: 19,
      ok: 13,
      tool_error: 5,
      protocol_error: 1,
      silentFailures: 3,
    });
    expect(overview.previous.calls).toBe(0);
    expect(overview.topTools[0]).toMatchObject({ server: "billing", tool: "charge", failures: 5 });
    // Only tools that failed, and how many there are (crm/lookup never failed).
    expect(overview.topTools.map((tool) => `${tool.server}/${tool.tool}`).sort()).toEqual([
      "billing/charge",
      "booking/book",
      "docs/parse",
    ]);
    expect(overview.failingTools).toBe(3);
    const top = await getFailingTools(api.database.pool, projectId, window());
    expect(top.failingTools).toBe(3);
  });

  it("tools: rates, p95 from the histogram, and error quality", async () => {
    const { tools } = await listTools(api.database.pool, projectId, { ...window(), servers: [] });
    const charge = tools.find((tool) => tool.tool === "charge")!;
    expect(charge).toMatchObject({
      calls: 5,
      failures: 5,
      failureRate: 1,
      p95Ms: 1000,
      withCodeShare: 0.8,
      opaqueShare: 0.2,
    });
    const parse = tools.find((tool) => tool.tool === "parse")!;
    expect(parse).toMatchObject({ silentRate: 1, p95Ms: null });
    expect(tools.find((tool) => tool.tool === "lookup")).toMatchObject({ failureRate: 0, p95Ms: 25 });
  });

  it("tools: sorted in SQL by any column, searched by name, and keyset-paged without gaps or repeats", async () => {
    const scope = { ...window(), servers: [] };
    const all = await listTools(api.database.pool, projectId, scope, { sort: "name" });
    expect(all.tools.map((tool) => tool.tool)).toEqual(["charge", "book", "lookup", "parse"]);
    expect(all).toMatchObject({ total: 4, nextCursor: null });

    for (const sort of ["failures", "calls", "failureRate", "silentRate", "name"] as const) {
      for (const dir of ["asc", "desc"] as const) {
        const seen: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await listTools(api.database.pool, projectId, scope, { sort, dir, cursor, limit: 1 });
          expect(page.total).toBe(4);
          seen.push(...page.tools.map((tool) => tool.tool));
          cursor = page.nextCursor ?? undefined;
        } while (cursor);
        expect(new Set(seen).size, `${sort} ${dir}: ${seen.join(",")}`).toBe(4);
      }
    }
    const byCalls = await listTools(api.database.pool, projectId, scope, { sort: "calls", dir: "asc" });
    const calls = byCalls.tools.map((tool) => tool.calls);
    expect(calls).toEqual([...calls].sort((a, b) => a - b));

    // Compared with a period: the same window gives the same rate; an empty one gives none.
    const same = await listTools(api.database.pool, projectId, scope, { previous: scope });
    expect(same.tools.every((tool) => tool.previousFailureRate === tool.failureRate)).toBe(true);
    const earlier = { from: new Date(scope.from.getTime() - 86_400_000), to: scope.from };
    const none = await listTools(api.database.pool, projectId, scope, { previous: earlier });
    expect(none.tools.every((tool) => tool.previousFailureRate === null)).toBe(true);

    const found = await listTools(api.database.pool, projectId, scope, { q: "ARG" });
    expect(found).toMatchObject({ total: 1, tools: [{ tool: "charge" }] });
    // Search text is matched literally: LIKE's wildcards find nothing here.
    expect((await listTools(api.database.pool, projectId, scope, { q: "%" })).total).toBe(0);
    await expect(listTools(api.database.pool, projectId, scope, { cursor: "not-a-cursor" })).rejects.toThrow(
      /cursor: is not a cursor/,
    );
  });

  it("failures: keyset-paged with a total, searchable, and filtered to new signatures", async () => {
    const all = await listFailureSignatures(api.database.pool, projectId, window());
    expect(all.total).toBeGreaterThanOrEqual(2);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listFailureSignatures(api.database.pool, projectId, window(), { cursor, limit: 1 });
      expect(page.groups.length).toBeLessThanOrEqual(1);
      expect(page.total).toBe(all.total);
      seen.push(...page.groups.map((group) => group.signature));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(all.groups.map((group) => group.signature));

    const fresh = await listFailureSignatures(api.database.pool, projectId, window(), { newOnly: true });
    expect(fresh.groups.length).toBeGreaterThan(0);
    expect(fresh.groups.every((group) => group.isNew)).toBe(true);
    expect(fresh.total).toBe(all.newTotal);

    const parse = await listFailureSignatures(api.database.pool, projectId, window(), { q: "PARSE DOC" });
    expect(parse.groups.map((group) => group.exampleText)).toEqual(["Error: could not parse document"]);
    const bySignature = await listFailureSignatures(api.database.pool, projectId, window(), {
      q: parse.groups[0]!.signature,
    });
    expect(bySignature.total).toBe(1);
  });

  it("codes: every code with layer, category, retryability and a daily trend", async () => {
    const codes = await listErrorCodes(api.database.pool, projectId, { ...window(), servers: [] });
    expect(codes.map((code) => [code.errorCode, code.outcome, code.calls, code.retryable])).toEqual([
      ["payment_required", "tool_error", 4, "no"],
      ["-32602", "protocol_error", 1, "no"],
    ]);
    // Daily (UTC) buckets: the four calls 20-23 minutes ago fall in today's, or yesterday's too
    // when the suite runs just after midnight UTC.
    const trend = codes[0]!.trend;
    expect(trend.at(-1)! + trend.at(-2)!).toBe(4);
    if (at(23).slice(0, 10) === now.toISOString().slice(0, 10)) expect(trend.at(-1)).toBe(4);
    const options = await filterOptions(api.database.pool, projectId, { ...window(), servers: [] });
    expect(options).toEqual({
      errorCodes: ["-32602", "payment_required"],
      methods: ["tools/call"],
      servers: ["billing", "booking", "crm", "docs"],
      tools: ["book", "charge", "lookup", "parse"],
    });
  });

  it("a search's match count: exact up to the cap, 'more than' past it, with the list's filters", async () => {
    const query = (params: Record<string, string>) =>
      listCallsQuerySchema.parse({ from: window().from.toISOString(), ...params });
    const pool = api.database.pool;
    // "payment required" is in 4 calls of the window (a fifth is older than the window).
    await expect(countSelectedCalls(pool, projectId, query({ q: "payment required" }))).resolves.toEqual({
      count: 4,
      capped: false,
    });
    await expect(
      countSelectedCalls(pool, projectId, query({ q: "payment required" }), now, 3),
    ).resolves.toEqual({ count: 3, capped: true });
    await expect(
      countSelectedCalls(pool, projectId, query({ q: "payment required" }), now, 4),
    ).resolves.toEqual({ count: 4, capped: false });
    // Every other filter narrows the count as it narrows the rows.
    await expect(
      countSelectedCalls(pool, projectId, query({ q: "payment", outcome: "silent_failure" })),
    ).resolves.toEqual({ count: 0, capped: false });
    await expect(countSelectedCalls(pool, projectId, query({ q: "PARSE" }))).resolves.toEqual({
      count: 3,
      capped: false,
    });
  });

  it("the server filter's choices are the servers seen in the window", async () => {
    await expect(listServers(api.database.pool, projectId, window())).resolves.toEqual([
      "billing",
      "booking",
      "crm",
      "docs",
    ]);
    const options = await filterOptions(api.database.pool, projectId, { ...window(), servers: [] });
    expect(options.servers).toEqual(await listServers(api.database.pool, projectId, window()));
  });

  it("failures: grouped by signature, counted in the window, new ones marked", async () => {
    const { groups } = await listFailureSignatures(api.database.pool, projectId, window());
    const payment = groups.find((group) => group.errorCode === "payment_required")!;
    expect(payment).toMatchObject({ callsInWindow: 4, totalCalls: 5, isNew: false, tool: "charge" });
    expect(payment.sparkline.reduce((sum, value) => sum + value, 0)).toBe(4);
    const silent = groups.find((group) => group.silentFailure)!;
    expect(silent).toMatchObject({
      callsInWindow: 3,
      isNew: true,
      exampleText: "Error: could not parse document",
    });
  });

  it("silent groups: listed with examples; dismissing stops flagging, reopening resumes", async () => {
    const { groups: open, total } = await listSilentGroups(api.database.pool, projectId, {
      statuses: ["open"],
    });
    expect(open).toHaveLength(1);
    expect(total).toBe(1);
    expect(open[0]).toMatchObject({ server: "docs", tool: "parse", reason: "error_text", calls: 3 });
    expect(open[0]!.examples.map((example) => example.id)).toEqual(["silent-0", "silent-1", "silent-2"]);
    // Counted in a period from the calls themselves; the group's own count is all-time.
    const { groups: inWindow } = await listSilentGroups(api.database.pool, projectId, {
      statuses: ["open"],
      window: window(),
    });
    expect(inWindow[0]).toMatchObject({ calls: 3, callsInWindow: 3 });
    const before = {
      from: new Date(now.getTime() - 7 * 86_400_000),
      to: new Date(now.getTime() - 86_400_000),
    };
    const { groups: earlier } = await listSilentGroups(api.database.pool, projectId, {
      statuses: ["open"],
      window: before,
    });
    expect(earlier[0]).toMatchObject({ calls: 3, callsInWindow: 0 });
    expect(open[0]!.callsInWindow).toBeNull();

    expect(
      await setSilentGroupStatus(
        api.database.pool,
        projectId,
        { server: "docs", tool: "parse", reason: "error_text" },
        "dismissed",
      ),
    ).toBe(true);
    await expect(listSilentGroups(api.database.pool, projectId, { statuses: ["open"] })).resolves.toEqual({
      groups: [],
      total: 0,
      nextCursor: null,
    });
    const dismissed = await api.post({
      id: "after-dismiss",
      server: "docs",
      tool: "parse",
      response: textResult("Error: could not parse document"),
    });
    expect(dismissed.body.calls[0]).toMatchObject({
      outcome: "ok",
      silentFailure: false,
      category: null,
      flags: ["error_text", "silent_failure_dismissed"],
    });

    await setSilentGroupStatus(
      api.database.pool,
      projectId,
      { server: "docs", tool: "parse", reason: "error_text" },
      "open",
    );
    const reopened = await api.post({
      id: "after-reopen",
      server: "docs",
      tool: "parse",
      response: textResult("Error: could not parse document"),
    });
    expect(reopened.body.calls[0]!.silentFailure).toBe(true);
  });

  it("rejects a review with a status or reason that does not exist", async () => {
    await expect(
      setSilentGroupStatus(
        api.database.pool,
        projectId,
        { server: "docs", tool: "parse", reason: "error_text" },
        "deleted" as never,
      ),
    ).rejects.toThrow(/status: must be one of/);
    await expect(
      setSilentGroupStatus(
        api.database.pool,
        projectId,
        { server: "docs", tool: "parse", reason: "empty_result" },
        "dismissed",
      ),
    ).rejects.toThrow(/reason: must be a silent-failure flag/);
  });
});

describe("read API paging back", () => {
  it("prevCursor/after returns to the newer page", async () => {
    const from = at(60);
    const first = await api.get<{ calls: { id: string }[]; nextCursor: string; prevCursor: string | null }>(
      `/api/v1/calls?from=${from}&limit=5`,
    );
    expect(first.body.prevCursor).toBeNull();
    const second = await api.get<{ calls: { id: string }[]; prevCursor: string }>(
      `/api/v1/calls?from=${from}&limit=5&cursor=${first.body.nextCursor}`,
    );
    const back = await api.get<{ calls: { id: string }[] }>(
      `/api/v1/calls?from=${from}&limit=5&after=${second.body.prevCursor}`,
    );
    expect(back.body.calls.map((call) => call.id)).toEqual(first.body.calls.map((call) => call.id));
    const oldestFirst = await api.get<{ calls: { id: string }[] }>(
      `/api/v1/calls?from=${from}&limit=2&order=asc`,
    );
    expect(oldestFirst.body.calls.map((call) => call.id)).toEqual(["ok-9", "ok-8"]);
  });
});

describe("silent groups by the page", () => {
  it("most calls in the window first, 50 a page by keyset with the total, no gaps or repeats", async () => {
    // 60 groups on server "paged": group i has (i % 7) + 1 silent calls in the window; the busiest
    // are not the most recently seen.
    const calls = Array.from({ length: 60 }, (_, group) =>
      Array.from({ length: (group % 7) + 1 }, (_, copy) => ({
        id: `paged-${group}-${copy}`,
        occurredAt: at(group % 7 === 6 ? 600 + copy : 5 + group + copy),
        server: "paged",
        tool: `tool_${String(group).padStart(2, "0")}`,
        response: textResult("Error: could not parse document"),
      })),
    ).flat();
    expect((await api.post({ calls })).status).toBe(200);
    const list = (cursor?: string) =>
      listSilentGroups(api.database.pool, projectId, {
        statuses: ["open"],
        servers: ["paged"],
        since: window().from,
        window: window(),
        cursor,
      });
    const first = await list();
    expect(first.total).toBe(60);
    expect(first.groups).toHaveLength(50);
    const second = await list(first.nextCursor!);
    expect(second.groups).toHaveLength(10);
    expect(second.nextCursor).toBeNull();
    const all = [...first.groups, ...second.groups];
    expect(new Set(all.map((group) => group.tool)).size).toBe(60);
    const counts = all.map((group) => group.callsInWindow!);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    // The busiest groups (7 calls, ten hours ago) lead although eight others were seen since.
    expect(first.groups.slice(0, 8).map((group) => group.callsInWindow)).toEqual(Array(8).fill(7));
    expect(first.groups[0]!.examples).toHaveLength(3);
  });
});
