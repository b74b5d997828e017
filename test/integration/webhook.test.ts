import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolErrorResult } from "../fixtures/jsonrpc";
import { startTestApi, type TestApi } from "../helpers/api";

/** Yesterday (UTC): calls dated on it are always in the past and within the late-arrival window. */
const DAY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

const toolError = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  server: "billing",
  tool: "charge",
  httpStatus: 200,
  response: toolErrorResult(
    "Payment required. Metered calls are paused until the organization adds credit.",
    "payment_required",
  ),
  ...extra,
});

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi("webhook");
});
afterAll(async () => api?.close());

async function storedCount(): Promise<number> {
  const { rows } = await api.database.pool.query<{ n: string }>("SELECT count(*) AS n FROM calls");
  return Number(rows[0]!.n);
}

async function rollupCalls(): Promise<number> {
  const { rows } = await api.database.pool.query<{ n: string | null }>(
    "SELECT sum(calls) AS n FROM outcome_rollups WHERE granularity = 'hour'",
  );
  return Number(rows[0]!.n ?? 0);
}

describe("POST /api/v1/calls", () => {
  it("stores one call, classifies it and answers 200 with the derived fields", async () => {
    const { status, body } = await api.post(
      toolError("single-1", { occurredAt: `${DAY}T10:00:00.123Z`, durationMs: 41.5 }),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ accepted: 1, duplicates: 0, rejected: [] });
    expect(body.calls[0]).toMatchObject({
      index: 0,
      id: "single-1",
      outcome: "tool_error",
      category: "business",
      errorCode: "payment_required",
      retryable: false,
      silentFailure: false,
      flags: [],
    });
    const stored = await api.get<Record<string, unknown>>("/api/v1/calls/single-1");
    expect(stored.status).toBe(200);
    expect(stored.body).toMatchObject({
      id: "single-1",
      occurredAt: `${DAY}T10:00:00.123Z`,
      durationMs: 41.5,
      server: "billing",
      tool: "charge",
      method: "tools/call",
      httpStatus: 200,
      outcome: "tool_error",
      text: "Payment required. Metered calls are paused until the organization adds credit.",
      textLength: "Payment required. Metered calls are paused until the organization adds credit.".length,
    });
    expect(stored.body.signature).toMatch(/^[0-9a-f]{16}$/);
  });

  it("generates an id when the sender gives none", async () => {
    const { status, body } = await api.post({ server: "s", tool: "t", isError: false, text: "fine" });
    expect(status).toBe(200);
    expect(body.calls[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await api.get(`/api/v1/calls/${body.calls[0]!.id}`)).status).toBe(200);
  });

  it("answers 207 for a mixed batch: valid items stored, invalid ones named by index, field and rule", async () => {
    const before = await storedCount();
    const { status, body } = await api.post({
      calls: [
        toolError("mixed-ok-1"),
        { id: "mixed-bad-1", tool: "charge" },
        toolError("mixed-ok-2"),
        {
          id: "mixed-bad-2",
          server: "s",
          tool: "t",
          httpStatus: 999,
          durationMs: -1,
          occurredAt: "yesterday",
        },
        { id: "mixed-bad-3", server: "s" },
      ],
    });
    expect(status).toBe(207);
    expect(body.accepted).toBe(2);
    expect(body.calls.map((call) => call.id)).toEqual(["mixed-ok-1", "mixed-ok-2"]);
    expect(body.rejected.map((rejection) => rejection.index)).toEqual([1, 3, 4]);
    expect(body.rejected[0]!.errors).toEqual([{ path: "server", message: "Required" }]);
    const paths = body.rejected[1]!.errors.map((error) => error.path).sort();
    expect(paths).toEqual(["durationMs", "httpStatus", "occurredAt"]);
    expect(body.rejected[1]!.errors.find((error) => error.path === "httpStatus")!.message).toBe(
      "must be between 100 and 599",
    );
    expect(body.rejected[2]!.errors).toEqual([
      { path: "tool", message: "Required when method is tools/call" },
    ]);
    expect(await storedCount()).toBe(before + 2);
    expect((await api.get("/api/v1/calls/mixed-bad-1")).status).toBe(404);
  });

  it("answers 400 and writes nothing when no item is valid", async () => {
    const before = await storedCount();
    const { status, body } = await api.post({ calls: [{ server: 5 }, { tool: "x" }] });
    expect(status).toBe(400);
    expect(body.accepted).toBe(0);
    expect(body.rejected).toHaveLength(2);
    expect(body.rejected[0]!.errors[0]).toMatchObject({ path: "server" });
    expect(await storedCount()).toBe(before);
  });

  it("ignores unknown fields", async () => {
    const { status } = await api.post({
      ...toolError("unknown-fields"),
      arguments: { secret: "x" },
      somethingNew: 1,
    });
    expect(status).toBe(200);
  });

  it("stores the same id once across requests and counts it once in the rollups", async () => {
    const before = await rollupCalls();
    const first = await api.post(toolError("idem-1"));
    const second = await api.post(toolError("idem-1"));
    expect(first.body).toMatchObject({ accepted: 1, duplicates: 0 });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ accepted: 0, duplicates: 1 });
    expect(second.body.calls[0]).toMatchObject({ id: "idem-1", duplicate: true });
    const { rows } = await api.database.pool.query("SELECT 1 FROM calls WHERE id = 'idem-1'");
    expect(rows).toHaveLength(1);
    expect(await rollupCalls()).toBe(before + 1);
  });

  it("stores the same id once inside one batch (first wins)", async () => {
    const { body } = await api.post({
      calls: [toolError("idem-batch"), { id: "idem-batch", server: "other", tool: "t", text: "x" }],
    });
    expect(body).toMatchObject({ accepted: 1, duplicates: 1 });
    const stored = await api.get<{ server: string }>("/api/v1/calls/idem-batch");
    expect(stored.body.server).toBe("billing");
  });

  it("accepts a batch of 1,000 and rejects 1,001 naming the limit", async () => {
    const calls = Array.from({ length: 1000 }, (_, index) => ({
      id: `bulk-${index}`,
      server: "bulk",
      tool: "t",
      text: "ok",
    }));
    const ok = await api.post({ calls });
    expect(ok.status).toBe(200);
    expect(ok.body.accepted).toBe(1000);
    const tooMany = await api.post({ calls: [...calls, { server: "x", tool: "t" }] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toMatchObject({
      code: "invalid_body",
      message: "calls: must contain at most 1000 calls (got 1001)",
    });
  });

  it.each([
    ["not JSON", "{not json", "invalid_json", /body: is not valid JSON/],
    ["an array", "[1,2]", "invalid_body", /body.*must be a call object or \{"calls": \[\.\.\.\]\}/],
    ["a number", "42", "invalid_body", /must be a call object/],
    ["calls not an array", '{"calls": {"server": "x"}}', "invalid_body", /^calls: must be an array/],
    ["an empty batch", '{"calls": []}', "invalid_body", /^calls: must contain at least 1 call/],
    ["an empty body", "", "invalid_body", /body: must not be empty/],
  ])("answers 400 for %s, saying what is wrong", async (_label, raw, code, message) => {
    const response = await api.request("POST", "/api/v1/calls", {
      rawBody: raw,
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe(code);
    expect(body.error.message).toMatch(message);
  });

  it("answers 400 for invalid UTF-8", async () => {
    const bytes = new Uint8Array([0x7b, 0x22, 0x73, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    const response = await api.request("POST", "/api/v1/calls", {
      rawBody: bytes,
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      "body: is not valid UTF-8",
    );
  });

  it("rejects a response nested deeper than 64 levels, naming the field", async () => {
    let response: unknown = { leaf: true };
    for (let depth = 0; depth < 100; depth++) response = { inner: response };
    const { status, body } = await api.post({ id: "deep", server: "s", tool: "t", response });
    expect(status).toBe(400);
    expect(body.rejected[0]!.errors).toEqual([
      { path: "response", message: "must not nest deeper than 64 levels" },
    ]);
  });

  it("answers 415 for a body that is not JSON, and for a compressed body", async () => {
    const text = await api.request("POST", "/api/v1/calls", {
      rawBody: "server=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(text.status).toBe(415);
    expect(((await text.json()) as { error: { message: string } }).error.message).toMatch(
      /Content-Type must be application\/json/,
    );
    const gzip = await api.request("POST", "/api/v1/calls", {
      rawBody: "x",
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
    });
    expect(gzip.status).toBe(415);
  });

  it("answers 413 for a body over 5 MB, declared or not, and stops reading it", async () => {
    const declared = await api.request("POST", "/api/v1/calls", {
      rawBody: "{}",
      headers: { "content-type": "application/json", "content-length": String(6 * 1024 * 1024) },
    });
    expect(declared.status).toBe(413);

    let produced = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        produced += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const streamed = await api.request("POST", "/api/v1/calls", {
      rawBody: endless,
      headers: { "content-type": "application/json" },
    });
    expect(streamed.status).toBe(413);
    const body = (await streamed.json()) as { error: { code: string; message: string } };
    expect(body.error).toEqual({ code: "payload_too_large", message: "body: must be at most 5242880 bytes" });
    expect(produced).toBeLessThan(6 * 1024 * 1024);
  });

  it("answers 401 without a key, with an unknown key and with a revoked key", async () => {
    const missing = await api.request("POST", "/api/v1/calls", { key: null, body: toolError("auth-1") });
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toMatch(
      /Authorization: Bearer/,
    );
    const unknown = await api.request("POST", "/api/v1/calls", {
      key: "flk_nope",
      body: toolError("auth-2"),
    });
    expect(unknown.status).toBe(401);

    const revokedKey = await api.createKey("default", ["ingest"]);
    const hash = (await import("../../lib/auth/keys")).hashKey(revokedKey);
    await api.database.pool.query("UPDATE api_keys SET revoked_at = now() WHERE key_hash = $1", [hash]);
    const revoked = await api.request("POST", "/api/v1/calls", {
      key: revokedKey,
      body: toolError("auth-3"),
    });
    expect(revoked.status).toBe(401);
    expect((await api.get("/api/v1/calls/auth-3")).status).toBe(404);
  });

  it("answers 403 for a key without the needed scope", async () => {
    const readOnly = await api.createKey("default", ["read"]);
    const post = await api.request("POST", "/api/v1/calls", { key: readOnly, body: toolError("scope-1") });
    expect(post.status).toBe(403);
    expect(((await post.json()) as { error: { message: string } }).error.message).toBe(
      'this key lacks the "ingest" scope',
    );
    const ingestOnly = await api.createKey("default", ["ingest"]);
    expect((await api.get("/api/v1/calls", ingestOnly)).status).toBe(403);
  });

  it("records when a key was last used", async () => {
    const fresh = await api.createKey("default", ["ingest"]);
    await api.post(toolError("last-used"), fresh);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { rows } = await api.database.pool.query<{ last_used_at: Date | null }>(
      "SELECT last_used_at FROM api_keys WHERE key_hash = $1",
      [(await import("../../lib/auth/keys")).hashKey(fresh)],
    );
    expect(rows[0]!.last_used_at).toBeInstanceOf(Date);
  });
});

describe("wasted_retry", () => {
  const call = (id: string, occurredAt: string, response: unknown, extra: Record<string, unknown> = {}) => ({
    id,
    occurredAt,
    server: "crm",
    tool: "refund",
    sessionId: "sess-w",
    argumentsHash: "order-9",
    response,
    ...extra,
  });
  const business = {
    content: [{ type: "text", text: "outside the 45-day window" }],
    isError: true,
    structuredContent: { error: { code: "refund_window_closed", errorCategory: "business" } },
  };
  const validation = { content: [{ type: "text", text: "Invalid order number format" }], isError: true };
  const ok = { content: [{ type: "text", text: "refunded" }] };

  it("flags the same call (tool, session, arguments) made again after a non-retryable failure, in one batch and across batches", async () => {
    const first = await api.post({
      calls: [call("w1", `${DAY}T09:00:00Z`, business), call("w2", `${DAY}T09:00:05Z`, business)],
    });
    expect(first.body.calls.map((c) => c.flags.includes("wasted_retry"))).toEqual([false, true]);
    const later = await api.post(call("w3", `${DAY}T09:00:10Z`, business));
    expect(later.body.calls[0]!.flags).toContain("wasted_retry");
    // A repeat that succeeded was not wasted.
    const worked = await api.post(call("w4", `${DAY}T09:00:20Z`, ok));
    expect(worked.body.calls[0]!.flags).not.toContain("wasted_retry");
    // Stored keyed with the project's secret: the same for the same arguments, never the sender's value.
    const stored = await api.get<{ argumentsHash: string }>("/api/v1/calls/w4");
    expect(stored.body.argumentsHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.body.argumentsHash).toBe(await api.storedFingerprint("order-9"));
    expect((await api.get<{ argumentsHash: string }>("/api/v1/calls/w1")).body.argumentsHash).toBe(
      stored.body.argumentsHash,
    );
  });

  it("does not flag the next call with other arguments, nor a call without a fingerprint; flags a same-arguments repeat after a validation failure", async () => {
    const session = { sessionId: "sess-v" };
    await api.post(call("v1", `${DAY}T11:00:00Z`, validation, { ...session, argumentsHash: "bad" }));
    const corrected = await api.post(
      call("v2", `${DAY}T11:00:05Z`, validation, { ...session, argumentsHash: "good" }),
    );
    expect(corrected.body.calls[0]!.flags).not.toContain("wasted_retry");
    const unknown = await api.post(
      call("v3", `${DAY}T11:00:06Z`, validation, { ...session, argumentsHash: null }),
    );
    expect(unknown.body.calls[0]!.flags).not.toContain("wasted_retry");
    const again = await api.post(
      call("v4", `${DAY}T11:01:05Z`, validation, { ...session, argumentsHash: "bad" }),
    );
    expect(again.body.calls[0]!.flags).toContain("wasted_retry");
  });

  it("does not flag a retry after a retryable failure, nor another session's call", async () => {
    const transient = {
      content: [{ type: "text", text: "upstream" }],
      isError: true,
      structuredContent: { error: { code: "upstream_unreachable" } },
    };
    const { body } = await api.post({
      calls: [
        call("r1", `${DAY}T12:00:00Z`, transient, { sessionId: "sess-r" }),
        call("r2", `${DAY}T12:00:01Z`, ok, { sessionId: "sess-r" }),
        call("r3", `${DAY}T12:00:02Z`, business, { sessionId: "sess-x" }),
        call("r4", `${DAY}T12:00:03Z`, ok, { sessionId: "sess-y" }),
      ],
    });
    expect(body.calls.every((c) => !c.flags.includes("wasted_retry"))).toBe(true);
  });
});

describe("atomicity", () => {
  it("writes nothing of a batch whose insert fails part-way (no calls, no rollups)", async () => {
    await api.database.pool.query(`
      CREATE FUNCTION fail_on_poison() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.id = 'poison' THEN RAISE EXCEPTION 'poisoned row'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER poison BEFORE INSERT ON calls FOR EACH ROW EXECUTE FUNCTION fail_on_poison();`);
    try {
      const callsBefore = await storedCount();
      const rollupsBefore = await rollupCalls();
      const response = await api.request("POST", "/api/v1/calls", {
        body: { calls: [toolError("atomic-1"), toolError("poison"), toolError("atomic-2")] },
      });
      expect(response.status).toBe(500);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("internal_error");
      expect(await storedCount()).toBe(callsBefore);
      expect(await rollupCalls()).toBe(rollupsBefore);
    } finally {
      await api.database.pool.query("DROP TRIGGER poison ON calls; DROP FUNCTION fail_on_poison();");
    }
  });
});
