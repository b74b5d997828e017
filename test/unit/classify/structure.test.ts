import { describe, expect, it } from "vitest";
import { classify, type CallReport, type Classification } from "@/lib/classify";
import { failedWith, textResult } from "./helpers";

// Round XI's lessons (tuned on once round XII was captured), each rule with the other side beside
// it: the answer one level down (the 2024-10-07 result shape), a result the client refused, a result
// whose own members are the answer, an API's error envelope after a failure's words, and the words
// of a state, a plan, a quota and a token — and a failure that only guesses at its cause.

const call = (response: unknown, extra: Partial<CallReport> = {}): Classification =>
  classify({
    method: "tools/call",
    server: "s",
    tool: "t",
    httpStatus: 200,
    response,
    ...extra,
  } as CallReport);

const envelope = (code: number, message: string) =>
  `Error: Failed to get worker: ${JSON.stringify({ success: false, errors: [{ code, message }], messages: [], result: null })}`;

describe("the answer one level down: result.toolResult", () => {
  it("an isError one level down is a silent failure, read like any failure", () => {
    const verdict = call({
      jsonrpc: "2.0",
      id: 1,
      result: {
        toolResult: {
          isError: true,
          content: [{ type: "text", text: envelope(10007, "This Worker does not exist on your account.") }],
        },
      },
    });
    expect(verdict).toMatchObject({
      outcome: "ok",
      silentFailure: true,
      errorCode: "10007",
      category: "validation",
      empty: false,
    });
    expect(verdict.flags).toContain("nested_error_flag");
  });

  it("a success one level down is read as the answer, not as an empty result", () => {
    const verdict = call({
      jsonrpc: "2.0",
      id: 1,
      result: { toolResult: { content: [{ type: "text", text: '{"workers": [{"id": "api"}]}' }] } },
    });
    expect(verdict).toMatchObject({ outcome: "ok", silentFailure: false, empty: false });
  });

  it("a result with content of its own is not that shape, whatever else it carries", () => {
    const verdict = call({
      jsonrpc: "2.0",
      id: 1,
      result: { content: [{ type: "text", text: "done" }], toolResult: { isError: true, content: [] } },
    });
    expect(verdict).toMatchObject({ outcome: "ok", silentFailure: false });
  });
});

describe("a result the client library refused", () => {
  const zod =
    '[{"expected": "array", "code": "invalid_type", "path": ["content"], "message": "Invalid input: expected array, received null"}]';

  it("a success the client refused reached the host as an error: the server's result is broken", () => {
    const verdict = call(
      { jsonrpc: "2.0", id: 1, result: { content: null, file: { id: "f1" } } },
      { clientError: { name: "$ZodError", message: zod } },
    );
    expect(verdict).toMatchObject({
      outcome: "protocol_error",
      category: "internal",
      errorCode: "invalid_type",
      retryable: true,
    });
    expect(verdict.flags).toContain("client_rejected_result");
  });

  it("a failure the client also refused keeps the wire's verdict (tested with its code in layers.test.ts)", () => {
    const verdict = call(textResult("Payment required.", { isError: true }), {
      clientError: { name: "McpError", message: "MCP error -32602: Structured content does not match" },
    });
    expect(verdict.outcome).toBe("tool_error");
  });
});

describe("a result whose own members are the answer", () => {
  it("{ files: [...] } instead of content blocks is an answer, not nothing", () => {
    expect(call({ jsonrpc: "2.0", id: 1, result: { files: [{ id: "a", name: "notes.md" }] } })).toMatchObject(
      {
        outcome: "ok",
        empty: false,
      },
    );
  });

  it("with nothing in them it is empty, as content would be", () => {
    expect(call({ jsonrpc: "2.0", id: 1, result: { files: [], totalResults: 0 } })).toMatchObject({
      empty: true,
    });
  });

  it("no members at all stays the empty answer it was", () => {
    expect(call({ jsonrpc: "2.0", id: 1, result: { content: [] } })).toMatchObject({ empty: true });
  });
});

describe("an API's error envelope after a failure's words", () => {
  it("the first error's code of {success: false, errors: [...]} is the code", () => {
    expect(failedWith(envelope(9109, "Invalid access token"))).toMatchObject({
      errorCode: "9109",
      category: "auth",
    });
  });

  it("an envelope that did not fail names no code by its errors", () => {
    const text = `Result: ${JSON.stringify({ success: true, errors: [{ code: 5 }], result: [] })}`;
    expect(failedWith(text).errorCode).not.toBe("5");
  });

  it("a code of 0 is no error's code", () => {
    expect(failedWith('Request failed: {"errorCode": 0, "message": "boom"}').errorCode).not.toBe("0");
  });
});

describe("the words of a state, a plan, a quota and a token", () => {
  it.each([
    [
      'Status 400 Body: {"error":{"code":"bad_request","message":"Deployment dpl_1 cannot be canceled because it is already in the READY state."}}',
      "business",
    ],
    [
      'Request failed (400 Bad Request): "backup is not available for free databases, please upgrade your database"',
      "business",
    ],
    ["The database has delete protection enabled; disable it first.", "business"],
    ["The user's Drive storage quota has been exceeded.", "business"],
    [
      "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute per user' of service 'drive.googleapis.com'",
      "rate_limited",
    ],
    ["Redis error: ERR max daily request limit exceeded. Limit: 10000, Usage: 10000.", "rate_limited"],
    [
      'Status 403 Body: {"error":{"code":"forbidden","message":"Not authorized","invalidToken":true}}',
      "auth",
    ],
    ["could not parse jwt id", "auth"],
    ["End date must be on or after start date", "validation"],
    ["Converting circular structure to JSON --> starting at object with constructor 'TLSSocket'", "internal"],
    ["Error getting service details: Invalid response from Render API: unexpected structure", "internal"],
  ])("%s → %s", (text, category) => {
    expect(failedWith(text).category).toBe(category);
  });

  it("the other side: a 400 about the caller's input stays validation, a plan word alone is not a state", () => {
    expect(failedWith("Request failed (400 Bad Request): field 'name' is required").category).toBe(
      "validation",
    );
    expect(failedWith("Quota exceeded for this project; raise it in the console").category).toBe("business");
  });
});

describe("a failure that only guesses at its cause", () => {
  const guessing =
    "MCP error -32603: Failed to fetch entries for content type api::article.article. This could be due to: the content type does not exist, the API token lacks permissions, admin access is required, no entries are published, or a database error.";

  it("is unknown: neither the causes it lists nor its generic code decide", () => {
    expect(failedWith(guessing)).toMatchObject({ category: "unknown" });
  });

  it("what it says before it starts guessing still counts", () => {
    expect(
      failedWith("Permission denied for this token. This could be due to: a revoked key, a missing scope.")
        .category,
    ).toBe("permission");
  });
});

// Round XII's lessons (tuned on once round XIII was being captured; two judges had agreed on every
// one of its codes): the code an API's error carries in a status's words, an error object's type, a
// service's own number beside its status, a code labelled in the words.
describe("codes where the API puts them", () => {
  it.each([
    ['{"error": "Not Found"}', "http_404"],
    ['{"error": "Too Many Requests"}', "http_429"],
    ['{"error": "Service Unavailable"}', "http_503"],
    [
      'Airtable API Error: Unprocessable Entity. Response: {"error":{"type":"INVALID_FILTER_BY_FORMULA","message":"The formula for filtering records is invalid"}}. Suggestions: check the field names.',
      "INVALID_FILTER_BY_FORMULA",
    ],
    ["Backlog API error (code: 6, status: 404)\nNo project.", "6"],
    [
      "Yunxiao API error (500): System unknown error\n errorCode: SYSTEM_UNKNOWN_ERROR",
      "SYSTEM_UNKNOWN_ERROR",
    ],
  ])("%s → %s", (text, code) => {
    expect(failedWith(text).errorCode).toBe(code);
  });

  it("the other side: an error that is a sentence names no status; a type outside an error object is no code", () => {
    expect(failedWith('{"error": "Not found: the project was archived"}').errorCode).not.toBe("http_404");
    expect(failedWith('Result: {"type": "TEXT_BLOCK", "message": "boom"}').errorCode).not.toBe("TEXT_BLOCK");
    expect(failedWith("status: 404, code: none")).toMatchObject({ errorCode: "http_404" });
  });

  it("the words of a lost network and a server's own trouble", () => {
    expect(failedWith("Error: Network request failed").category).toBe("transient");
    expect(failedWith("Error triggering deployment: Problem processing request").category).toBe("internal");
  });
});
