import { describe, expect, it } from "vitest";
import { classify } from "@/lib/classify";
import { FLAG_SENTENCES, NEXT_STEPS, nextStep } from "@/lib/classify/explain";
import { CATEGORIES, FLAGS } from "@/lib/classify/types";
import { applyDismissals, silentGroupKey } from "@/lib/ingest/dismissals";
import type { PreparedCall } from "@/lib/ingest/prepare";
import { buildSignatureRows, buildSilentGroupRows } from "@/lib/ingest/read-models";
import { markRepeats, repeatKey } from "@/lib/ingest/wasted-retry";
import { durationBucket, foldRollups, percentileFromHistogram } from "@/lib/rollups";
import { callsByCode, change, outcomePoints } from "@/lib/queries/overview";
import { resolveWindow } from "@/lib/schemas/dashboard";
import { textResult, toolErrorResult } from "../../fixtures/jsonrpc";

function prepared(id: string, response: unknown, extra: Partial<PreparedCall> = {}): PreparedCall {
  const report = { method: "tools/call", server: "docs", tool: "parse_document", response };
  return {
    index: 0,
    id,
    occurredAt: new Date("2026-11-29T10:15:00Z"),
    durationMs: 40,
    server: "docs",
    tool: "parse_document",
    method: "tools/call",
    sessionId: null,
    agent: null,
    attempt: null,
    argumentsHash: null,
    httpStatus: 200,
    transportError: null,
    protocolVersion: null,
    ...classify(report),
    routes: ["webhook"],
    observations: null,
    ...extra,
  };
}

describe("duration histogram", () => {
  it("buckets durations and reads p95 as the bucket's upper bound", () => {
    expect([0, 5, 6, 250, 251, 90_000].map(durationBucket)).toEqual([0, 0, 1, 5, 6, 13]);
    const histogram = new Array(14).fill(0);
    histogram[durationBucket(20)] = 94; // ≤ 25 ms
    histogram[durationBucket(800)] = 6; // ≤ 1000 ms
    expect(percentileFromHistogram(histogram, 95)).toBe(1_000);
    expect(percentileFromHistogram(histogram, 50)).toBe(25);
    expect(percentileFromHistogram([], 95)).toBeNull();
  });

  it("is folded into the tool rollups, with −1 taking a call back", () => {
    const a = prepared("a", textResult("ok"), { durationMs: 40 });
    const b = prepared("b", textResult("ok"), { durationMs: 45 });
    const { tools, outcomes } = foldRollups([a, b].map((call) => ({ call, weight: 1 })));
    const minute = tools.find((row) => row.granularity === "minute")!;
    expect(minute.duration_histogram[durationBucket(40)]).toBe(2);
    expect(tools.map((row) => row.granularity).sort()).toEqual(["day", "hour", "minute"]);
    expect(outcomes.map((row) => [row.granularity, row.outcome, row.calls])).toContainEqual([
      "hour",
      "ok",
      2,
    ]);
    const net = foldRollups([
      { call: a, weight: 1 },
      { call: b, weight: 1 },
      { call: b, weight: -1 },
    ]);
    expect(net.tools.find((row) => row.granularity === "day")).toMatchObject({ calls: 1, duration_count: 1 });
  });

  it("counts a silent failure as a failure of its tool, once", () => {
    const silent = prepared("s", textResult("Error: could not parse document"));
    const failed = prepared("f", toolErrorResult("boom", "x_code"));
    const { tools } = foldRollups([silent, failed].map((call) => ({ call, weight: 1 })));
    expect(tools.find((row) => row.granularity === "day")).toMatchObject({
      calls: 2,
      failures: 2,
      silent_failures: 1,
      tool_errors: 1,
    });
  });
});

describe("dismissed silent-success groups", () => {
  it("turn matching silent failures into clean successes, keeping the reason, without touching their input", () => {
    const silent = prepared("s", textResult("Error: could not parse document"));
    const other = prepared("o", textResult("Error: could not parse document"), { server: "other" });
    const given = structuredClone([silent, other]);
    const [cleared, untouched] = applyDismissals(
      [silent, other],
      new Set([silentGroupKey("docs", "parse_document", "error_text")]),
    );
    expect(cleared).toMatchObject({
      silentFailure: false,
      category: null,
      errorCode: null,
      retryable: null,
      flags: ["error_text", "silent_failure_dismissed"],
    });
    expect(cleared!.signature).not.toBe(silent.signature);
    expect(untouched).toBe(other);
    expect([silent, other]).toEqual(given);
  });
});

/** A call that started a minute before the one marked, and took a second. */
const earlier = { occurredAt: new Date("2026-11-29T10:14:00Z"), durationMs: 1000 };

describe("wasted retries", () => {
  it("flag a call repeating a failure no retry can fix, with the same arguments, in new objects, leaving the input as it was", () => {
    const retry = prepared("r", toolErrorResult("Order 9 is outside the 45-day window"), {
      sessionId: "s1",
      argumentsHash: "a1",
    });
    const given = structuredClone(retry);
    const prior = new Map([
      [repeatKey(retry)!, { ...earlier, outcome: "tool_error", silentFailure: false, retryable: false }],
    ]);
    const [marked] = markRepeats([retry], prior);
    expect(marked!.flags).toContain("wasted_retry");
    expect(retry).toEqual(given);
  });

  it("leave alone other arguments, a repeat that succeeded, a retryable failure, and a call without a fingerprint", () => {
    const failure = { ...earlier, outcome: "tool_error", silentFailure: false, retryable: false };
    const call = (
      extra: Partial<PreparedCall>,
      response: unknown = toolErrorResult("Order 9 is outside the 45-day window"),
    ) => prepared("c", response, { sessionId: "s1", argumentsHash: "a1", ...extra });
    const cases: [PreparedCall, Map<string, typeof failure>][] = [
      [call({ argumentsHash: "a2" }), new Map([[repeatKey(call({}))!, failure]])],
      [call({}, textResult("refunded")), new Map([[repeatKey(call({}))!, failure]])],
      [call({}), new Map([[repeatKey(call({}))!, { ...failure, retryable: true }]])],
      [call({ argumentsHash: null }), new Map([[repeatKey(call({}))!, failure]])],
    ];
    for (const [next, prior] of cases)
      expect(markRepeats([next], prior)[0]!.flags).not.toContain("wasted_retry");
  });
});

describe("duplicate requests", () => {
  const ok = textResult("refunded");
  const same = { sessionId: "s1", argumentsHash: "a1", durationMs: 400 };

  it("flag the same call sent while the first was still running: two requests on the wire", () => {
    const first = prepared("d1", ok, { ...same, occurredAt: new Date("2026-11-29T10:15:00.000Z") });
    const second = prepared("d2", ok, { ...same, occurredAt: new Date("2026-11-29T10:15:00.050Z") });
    const [a, b] = markRepeats([second, first], new Map());
    expect(a!.flags).toContain("duplicate_request");
    expect(b!.flags).not.toContain("duplicate_request");
  });

  it("against a stored call too; a repeat well after the first ended, or with other arguments, is not one", () => {
    const stored = {
      outcome: "ok",
      silentFailure: false,
      retryable: null,
      occurredAt: new Date("2026-11-29T10:14:59.900Z"),
      durationMs: 400,
    };
    const during = prepared("d3", ok, same);
    expect(markRepeats([during], new Map([[repeatKey(during)!, stored]]))[0]!.flags).toContain(
      "duplicate_request",
    );
    const after = prepared("d4", ok, { ...same, occurredAt: new Date("2026-11-29T10:15:00.450Z") });
    expect(markRepeats([after], new Map([[repeatKey(after)!, stored]]))[0]!.flags).not.toContain(
      "duplicate_request",
    );
    // A server handles the two requests of a double dispatch one after the other: the second
    // starts just after the first ended — after a success. Just after a failure, it is a retry.
    const next = prepared("d6", ok, { ...same, occurredAt: new Date("2026-11-29T10:15:00.350Z") });
    expect(markRepeats([next], new Map([[repeatKey(next)!, stored]]))[0]!.flags).toContain(
      "duplicate_request",
    );
    const failedBefore = { ...stored, outcome: "tool_error", retryable: false };
    expect(markRepeats([next], new Map([[repeatKey(next)!, failedBefore]]))[0]!.flags).not.toContain(
      "duplicate_request",
    );
    const other = prepared("d5", ok, { ...same, argumentsHash: "a2" });
    expect(markRepeats([other], new Map([[repeatKey(during)!, stored]]))[0]!.flags).not.toContain(
      "duplicate_request",
    );
  });
});

describe("read models", () => {
  it("fold failures by signature with hourly counts and the latest example", () => {
    const calls = [
      prepared("1", toolErrorResult("Order 1 is outside the 45-day window"), {
        occurredAt: new Date("2026-11-29T10:00:00Z"),
      }),
      prepared("2", toolErrorResult("Order 2 is outside the 45-day window"), {
        occurredAt: new Date("2026-11-29T11:30:00Z"),
      }),
      prepared("3", textResult("fine")),
    ];
    const { signatures, buckets } = buildSignatureRows(calls);
    expect(signatures).toHaveLength(1);
    expect(signatures[0]).toMatchObject({
      calls: 2,
      example_text: "Order 2 is outside the 45-day window",
      first_seen: "2026-11-29T10:00:00.000Z",
      last_seen: "2026-11-29T11:30:00.000Z",
    });
    expect(buckets.map((bucket) => [bucket.bucket_start, bucket.calls])).toEqual([
      ["2026-11-29T10:00:00.000Z", 1],
      ["2026-11-29T11:00:00.000Z", 1],
    ]);
  });

  it("group silent successes by server, tool and reason", () => {
    const groups = buildSilentGroupRows([
      prepared("1", textResult("Error: a")),
      prepared("2", textResult("Error: b")),
      prepared("3", textResult("403 Forbidden")),
      prepared("4", textResult("fine")),
    ]);
    expect(groups.map((group) => [group.reason, group.calls])).toEqual([
      ["error_text", 2],
      ["http_error_text", 1],
    ]);
  });
});

describe("dashboard helpers", () => {
  it("has a sentence for every flag and advice for every category", () => {
    for (const flag of FLAGS) expect(FLAG_SENTENCES[flag]).toMatch(/\.$/);
    for (const category of CATEGORIES) expect(NEXT_STEPS[category].action).not.toBe("");
  });

  it("advises what the call carries: its own code, and a retry verdict that overrules the category", () => {
    // A structured code and retryable false are not "no usable signal".
    const ledger = nextStep({ category: "unknown", errorCode: "ledger_locked", retryable: false });
    expect(ledger.action).toBe("Branch on its code");
    expect(ledger.detail).toMatch(/ledger_locked/);
    expect(ledger.detail).toMatch(/retry will not help/);
    expect(ledger.detail).not.toMatch(/no usable signal/);
    expect(nextStep({ category: "internal", errorCode: "-32603", retryable: false }).action).toBe(
      "Do not retry",
    );
    expect(nextStep({ category: "business", errorCode: "quota_exceeded", retryable: true }).action).toBe(
      "Retry after a wait",
    );
    // And leaves the category's advice alone when the call says nothing more.
    expect(nextStep({ category: "unknown" })).toEqual(NEXT_STEPS.unknown);
    expect(nextStep({ category: "transient", retryable: true })).toEqual(NEXT_STEPS.transient);
    expect(
      nextStep({ category: "business", errorCode: "payment_required", retryable: false }).detail,
    ).toMatch(/payment_required/);
  });

  it("says whose words each verdict is: the server's, or Faultline's judgement", () => {
    // A call whose isError answer carried its code in a field and a retry hint: the server's words.
    const said = nextStep({
      category: "internal",
      errorCode: "ledger_locked",
      retryable: false,
      flags: ["retry_hint"],
    });
    expect(said.detail).toMatch(/^The server's answer carries its code, ledger_locked\./);
    expect(said.detail).toMatch(/The server said a retry cannot help\./);
    // A success Faultline judged a failure: never "the server said", whatever its text carried.
    const silent = nextStep({
      category: "internal",
      retryable: false,
      silentFailure: true,
      flags: ["error_text", "retry_hint", "no_error_code"],
    });
    expect(silent.detail).toMatch(/^The server reported success; Faultline judged/);
    expect(silent.detail).toMatch(/Faultline judged that a retry will not help\./);
    expect(silent.detail).not.toMatch(/The server said/);
    // A category read from the words is Faultline's judgement, and says so.
    expect(nextStep({ category: "permission", flags: ["no_error_code"] }).detail).toMatch(
      /^Faultline judged what kind of failure this is from the failure's words\./,
    );
    expect(
      nextStep({ category: "validation", errorCode: "http_404", flags: ["code_in_prose"] }).detail,
    ).toMatch(/^Faultline judged/);
    // A signature (no flags of its own) claims nothing of the server.
    expect(nextStep({ category: "transient", retryable: false }).detail).not.toMatch(/The server said/);
  });

  it("resolves presets, custom ranges and bad input to a window", () => {
    const now = new Date("2026-11-29T12:00:00Z");
    expect(resolveWindow({ range: "7d" }, now)).toMatchObject({
      from: new Date("2026-11-22T12:00:00Z"),
      to: now,
      bucket: "day",
    });
    expect(resolveWindow({}, now)).toMatchObject({
      range: "24h",
      bucket: "hour",
      previous: { from: new Date("2026-11-27T12:00:00Z") },
    });
    expect(
      resolveWindow({ range: "custom", from: "2026-11-29T10:00:00Z", to: "2026-11-29T11:00:00Z" }, now),
    ).toMatchObject({ bucket: "minute", from: new Date("2026-11-29T10:00:00Z") });
    expect(resolveWindow({ range: "bogus", server: ["a", "b"] }, now)).toMatchObject({
      range: "24h",
      servers: ["a", "b"],
    });
  });

  it("separates silent failures from ok, compares periods, and charts each code once", () => {
    expect(
      outcomePoints([
        { t: "x", calls: 5, ok: 4, silentFailures: 1, tool_error: 1, protocol_error: 0, transport_error: 0 },
      ])[0],
    ).toMatchObject({ ok: 3, silent: 1 });
    expect([change(15, 10), change(0, 0), change(3, 0)]).toEqual([0.5, 0, null]);
    expect(
      callsByCode([
        { errorCode: "-32602", outcome: "tool_error", category: "validation", calls: 3 },
        { errorCode: "-32602", outcome: "protocol_error", category: "validation", calls: 2 },
        { errorCode: "x", outcome: "tool_error", category: null, calls: 4 },
      ]),
    ).toEqual([
      { label: "-32602", value: 5 },
      { label: "x", value: 4 },
    ]);
  });
});
