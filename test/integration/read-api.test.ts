import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rpcError, textResult as text, toolErrorResult as toolError } from "../fixtures/jsonrpc";
import { startTestApi, type TestApi } from "../helpers/api";

interface Call {
  id: string;
  occurredAt: string;
  server: string;
  tool: string;
  outcome: string;
  category: string | null;
  errorCode: string | null;
  flags: string[];
  silentFailure: boolean;
  text: string;
}
interface Page {
  calls: Call[];
  nextCursor: string | null;
}

// Three hours ago, on the hour: recent enough for minute buckets, never crossing midnight.
const T0 = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3 * 3_600_000;
const DAY0 = Math.floor(T0 / 86_400_000) * 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

// 40 calls over 40 minutes: a mix of every outcome on two servers.
const seed = Array.from({ length: 40 }, (_, index) => {
  const kind = index % 5;
  const base = {
    id: `call-${String(index).padStart(2, "0")}`,
    occurredAt: at(index),
    sessionId: `s-${index % 3}`,
  };
  switch (kind) {
    case 0:
      return {
        ...base,
        server: "crm",
        tool: "lead_get",
        httpStatus: 200,
        response: text(`lead ${index} found`),
      };
    case 1:
      return {
        ...base,
        server: "crm",
        tool: "lead_get",
        httpStatus: 200,
        response: toolError("Payment required.", "payment_required"),
      };
    case 2:
      return { ...base, server: "billing", tool: "charge", httpStatus: 429, response: "Too Many Requests" };
    case 3:
      return {
        ...base,
        server: "billing",
        tool: "invoice",
        httpStatus: 200,
        response: text("Error: could not parse document"),
      };
    default:
      return {
        ...base,
        server: "billing",
        tool: "charge",
        response: rpcError(-32601, "Method not found"),
      };
  }
});

let api: TestApi;
let otherProjectKey: string;

beforeAll(async () => {
  api = await startTestApi("read_api", { FAULTLINE_READ_RATE_PER_SECOND: "0" }); // read limits have their own test;
  const { status } = await api.post({ calls: seed });
  expect(status).toBe(200);
  otherProjectKey = await api.createKey("other", ["ingest", "read"]);
  await api.post(
    { id: "other-1", server: "crm", tool: "lead_get", occurredAt: at(5), text: "theirs" },
    otherProjectKey,
  );
});
afterAll(async () => api?.close());

const list = async (query: string, key?: string) =>
  (await api.get<Page>(`/api/v1/calls?from=${at(-60)}&${query}`, key)).body;

describe("GET /api/v1/calls", () => {
  it("returns the project's calls newest first with every field", async () => {
    const page = await list("limit=3");
    expect(page.calls.map((call) => call.id)).toEqual(["call-39", "call-38", "call-37"]);
    expect(Object.keys(page.calls[0]!).sort()).toEqual(
      [
        "agent",
        "argumentsHash",
        "attempt",
        "category",
        "durationMs",
        "empty",
        "errorCode",
        "flags",
        "httpStatus",
        "id",
        "method",
        "occurredAt",
        "outcome",
        "partial",
        "protocolVersion",
        "receivedAt",
        "retryable",
        "routes",
        "server",
        "sessionId",
        "signature",
        "silentFailure",
        "text",
        "textLength",
        "tool",
        "transportError",
      ].sort(),
    );
  });

  it("pages by keyset cursor: every call once, in order, even when newer calls arrive meanwhile", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Page = await list(`limit=7${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...page.calls.map((call) => call.id));
      cursor = page.nextCursor;
      if (pages === 1)
        await api.post({
          id: "late-arrival",
          server: "late",
          tool: "t",
          occurredAt: at(120),
          text: "new",
        });
      pages++;
    } while (cursor);
    expect(pages).toBe(6);
    expect(seen).toEqual(seed.map((call) => call.id).reverse());
    expect((await list("limit=1")).calls[0]!.id).toBe("late-arrival");
  });

  it.each([
    ["outcome=tool_error", (call: Call) => call.outcome === "tool_error", 8],
    [
      "outcome=tool_error&outcome=protocol_error",
      (call: Call) => ["tool_error", "protocol_error"].includes(call.outcome),
      16,
    ],
    ["category=rate_limited", (call: Call) => call.category === "rate_limited", 8],
    [
      "errorCode=payment_required&errorCode=http_429",
      (call: Call) => ["payment_required", "http_429"].includes(call.errorCode ?? ""),
      16,
    ],
    ["server=crm", (call: Call) => call.server === "crm", 16],
    ["tool=invoice", (call: Call) => call.tool === "invoice", 8],
    ["flag=error_text", (call: Call) => call.flags.includes("error_text"), 8],
    ["silentFailure=true", (call: Call) => call.silentFailure, 8],
    ["q=parse%20document", (call: Call) => call.text.includes("parse document"), 8],
    [
      "sessionId=s-1",
      (call: Call) => ["call-01", "call-04"].includes(call.id) || Number(call.id.slice(5)) % 3 === 1,
      13,
    ],
  ])("filters by %s", async (query, predicate, expected) => {
    const page = await list(`${query}&limit=500`);
    expect(page.calls.length).toBe(expected);
    expect(page.calls.every(predicate)).toBe(true);
  });

  it("counts every failure once: the outcome values partition the calls, `ok` is a clean success", async () => {
    const all = await list("limit=500");
    const counts: Record<string, number> = {};
    for (const outcome of ["ok", "tool_error", "protocol_error", "transport_error", "silent_failure"]) {
      const page = await list(`outcome=${outcome}&limit=500`);
      counts[outcome] = page.calls.length;
      if (outcome === "ok")
        expect(page.calls.every((call) => call.outcome === "ok" && !call.silentFailure)).toBe(true);
      if (outcome === "silent_failure") expect(page.calls.every((call) => call.silentFailure)).toBe(true);
    }
    expect(counts.silent_failure).toBe(8);
    expect(Object.values(counts).reduce((sum, n) => sum + n, 0)).toBe(all.calls.length);
    // A wire outcome and silent failures together: either.
    const both = await list("outcome=tool_error&outcome=silent_failure&limit=500");
    expect(both.calls.length).toBe(counts.tool_error! + counts.silent_failure!);
  });

  it("filters by time range (from inclusive, to exclusive)", async () => {
    const page = (await api.get<Page>(`/api/v1/calls?from=${at(10)}&to=${at(15)}`)).body;
    expect(page.calls.map((call) => call.id)).toEqual([
      "call-14",
      "call-13",
      "call-12",
      "call-11",
      "call-10",
    ]);
  });

  it("combines filters with AND", async () => {
    const page = await list("server=billing&outcome=transport_error&limit=500");
    expect(page.calls).toHaveLength(8);
    expect(page.calls.every((call) => call.errorCode === "http_429")).toBe(true);
  });

  it.each<[string, string, string]>([
    ["limit=0", "limit", "must be between 1 and 500"],
    ["limit=501", "limit", "must be between 1 and 500"],
    [
      "outcome=broken",
      "outcome",
      "must be one of ok, tool_error, protocol_error, transport_error, silent_failure",
    ],
    ["flag=nope", "flag", "must be a known flag"],
    ["from=yesterday", "from", "must be an ISO-8601 date-time with a time zone"],
    ["cursor=garbage", "cursor", "is not a cursor this API returned"],
    ["silentFailure=yes", "silentFailure", "must be true or false"],
    ...["q", "server", "tool", "method", "errorCode", "sessionId", "signature", "cursor"].map(
      (name): [string, string, string] => [`${name}=a%00b`, name, "must not contain a NUL character"],
    ),
  ])("answers 400 for %s naming the field and the rule", async (query, path, message) => {
    const response = await api.request("GET", `/api/v1/calls?${query}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      error: { code: string; details: { path: string; message: string }[] };
    };
    expect(body.error.code).toBe("invalid_request");
    expect(body.error.details).toContainEqual({ path, message });
  });

  it("never shows another project's calls", async () => {
    const mine = await list("limit=500");
    expect(mine.calls.some((call) => call.id === "other-1")).toBe(false);
    const theirs = await list("limit=500", otherProjectKey);
    expect(theirs.calls.map((call) => call.id)).toEqual(["other-1"]);
  });
});

describe("GET /api/v1/calls/{id}", () => {
  it("returns one call", async () => {
    const { status, body } = await api.get<Call>("/api/v1/calls/call-03");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: "call-03",
      outcome: "ok",
      silentFailure: true,
      flags: ["error_text", "no_error_code"],
    });
  });

  it("answers 404 for an unknown id and for another project's id", async () => {
    expect((await api.get("/api/v1/calls/does-not-exist")).status).toBe(404);
    expect((await api.get("/api/v1/calls/other-1")).status).toBe(404);
    expect((await api.get("/api/v1/calls/call-03", otherProjectKey)).status).toBe(404);
    // Ids no call can have: a NUL, or longer than any accepted id.
    expect((await api.get("/api/v1/calls/a%00b")).status).toBe(404);
    expect((await api.get(`/api/v1/calls/${"x".repeat(200)}`)).status).toBe(404);
  });
});

describe("GET /api/v1/stats", () => {
  interface Stats {
    bucket: string;
    totals: Record<string, number>;
    series: {
      t: string;
      calls: number;
      ok: number;
      tool_error: number;
      protocol_error: number;
      transport_error: number;
      silentFailures: number;
    }[];
    byCategory: { category: string; calls: number }[];
    byErrorCode: { errorCode: string; outcome: string; calls: number }[];
  }
  const stats = async (query: string) => (await api.get<Stats>(`/api/v1/stats?${query}`)).body;

  it("counts per bucket and outcome, with silent failures as their own series", async () => {
    const body = await stats(`from=${at(0)}&to=${at(40)}&bucket=minute`);
    expect(body.bucket).toBe("minute");
    expect(body.series).toHaveLength(40);
    expect(body.series[3]).toMatchObject({ t: at(3), calls: 1, ok: 1, silentFailures: 1 });
    expect(body.series[4]).toMatchObject({ t: at(4), calls: 1, protocol_error: 1, silentFailures: 0 });
    expect(body.totals).toMatchObject({
      calls: 40,
      ok: 16,
      tool_error: 8,
      protocol_error: 8,
      transport_error: 8,
      silentFailures: 8,
      failures: 32,
    });
  });

  it("aggregates hours and days from the hourly rollups", async () => {
    const hourly = await stats(`from=${at(-8 * 60)}&to=${at(16 * 60)}&bucket=hour`);
    expect(hourly.series).toHaveLength(24);
    expect(hourly.series[8]).toMatchObject({ t: at(0), calls: 40 });
    const daily = await stats(
      `from=${iso(DAY0 - 2 * 86_400_000)}&to=${iso(DAY0 + 86_400_000)}&bucket=day&server=crm&server=billing`,
    );
    expect(daily.series.map((point) => point.calls)).toEqual([0, 0, 40]);
  });

  it("breaks failures down by category and error code, and filters by server", async () => {
    const body = await stats(`from=${at(0)}&to=${at(40)}&server=billing`);
    expect(body.totals.calls).toBe(24);
    expect(body.byCategory).toEqual(
      expect.arrayContaining([
        { category: "rate_limited", calls: 8 },
        { category: "unknown_tool", calls: 8 },
        // "Error: could not parse document": the words of wrong input.
        { category: "validation", calls: 8 },
      ]),
    );
    expect(body.byErrorCode).toEqual(
      expect.arrayContaining([
        { errorCode: "http_429", outcome: "transport_error", category: "rate_limited", calls: 8 },
        { errorCode: "-32601", outcome: "protocol_error", category: "unknown_tool", calls: 8 },
      ]),
    );
  });

  it.each(["server", "method"])("answers 400 for a NUL in %s, naming it", async (name) => {
    const response = await api.request("GET", `/api/v1/stats?${name}=a%00b`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { details: { path: string; message: string }[] } };
    expect(body.error.details).toContainEqual({ path: name, message: "must not contain a NUL character" });
  });

  it("answers 400 when the bucket is too fine for the range, or minute buckets reach past 48 hours", async () => {
    const tooMany = await api.request(
      "GET",
      `/api/v1/stats?from=${iso(T0 - 70 * 86_400_000)}&to=${iso(T0)}&bucket=hour`,
    );
    expect(tooMany.status).toBe(400);
    const body = (await tooMany.json()) as { error: { details: { path: string; message: string }[] } };
    expect(body.error.details[0]).toMatchObject({
      path: "bucket",
      message: expect.stringMatching(/^gives 1680 buckets/),
    });
    const old = await api.request(
      "GET",
      `/api/v1/stats?from=${iso(T0 - 3 * 86_400_000)}&to=${iso(T0 - 2.9 * 86_400_000)}&bucket=minute`,
    );
    expect(old.status).toBe(400);
    const oldBody = (await old.json()) as { error: { details: { path: string; message: string }[] } };
    expect(oldBody.error.details[0]!.message).toMatch(/minute buckets are kept for the last 48 hours/);
  });
});
