import { describe, expect, it } from "vitest";
import { classify, type CallReport } from "@/lib/classify";
import { type Case, result, rpcError, textResult } from "./helpers";

const base: CallReport = { method: "tools/call", server: "crm", tool: "lead_get" };

// Transport, protocol and tool layers (the precedence of docs/OUTCOMES.md), with every example of the design.
const cases: Case[] = [
  {
    name: "HTTP 401 with a plain JSON body (not JSON-RPC) is a transport auth failure",
    report: { httpStatus: 401, response: '{"error":"unauthorized"}' },
    expect: {
      outcome: "transport_error",
      category: "auth",
      errorCode: "http_401",
      retryable: false,
      text: "unauthorized",
    },
  },
  {
    name: "HTTP 403 is permission, never retried",
    report: {
      httpStatus: 403,
      response: { error: { type: "forbidden", message: "not allowed for this key" } },
    },
    expect: {
      outcome: "transport_error",
      category: "permission",
      errorCode: "http_403",
      retryable: false,
      text: "not allowed for this key",
    },
  },
  {
    name: "HTTP 403 whose words say an account was suspended is business (a policy refused it)",
    report: { httpStatus: 403, response: { error: { type: "forbidden", message: "agent suspended" } } },
    expect: {
      outcome: "transport_error",
      category: "business",
      errorCode: "http_403",
      retryable: false,
      text: "agent suspended",
    },
  },
  {
    name: "HTTP 429 is rate limited and retryable",
    report: { httpStatus: 429, response: "Too Many Requests" },
    expect: { outcome: "transport_error", category: "rate_limited", errorCode: "http_429", retryable: true },
  },
  {
    name: "HTTP 503 is transient",
    report: { httpStatus: 503, response: "<html><head><title>503 Service Unavailable</title></head></html>" },
    expect: {
      outcome: "transport_error",
      category: "transient",
      errorCode: "http_503",
      retryable: true,
      text: "503 Service Unavailable",
    },
  },
  {
    name: "HTTP 502, 504 and 408 are transient",
    report: { httpStatus: 504 },
    expect: { outcome: "transport_error", category: "transient", errorCode: "http_504", text: "HTTP 504" },
  },
  {
    name: "HTTP 500 is internal and retryable once",
    report: { httpStatus: 500, response: "Internal Server Error" },
    expect: { outcome: "transport_error", category: "internal", errorCode: "http_500", retryable: true },
  },
  {
    name: "HTTP 400 and 422 are validation",
    report: { httpStatus: 422, response: { message: "bad field" } },
    expect: { outcome: "transport_error", category: "validation", errorCode: "http_422", retryable: false },
  },
  {
    name: "HTTP 405 carrying a JSON-RPC -32000 frame is still a transport failure (transport wins)",
    report: {
      httpStatus: 405,
      response: {
        jsonrpc: "2.0",
        error: { code: -32000, message: "Method not allowed — use POST." },
        id: null,
      },
    },
    expect: { outcome: "transport_error", errorCode: "http_405", category: "validation" },
  },
  {
    name: "a 2xx HTML login page is not a JSON-RPC message: transport, auth",
    report: {
      httpStatus: 200,
      response: "<!doctype html><html><head><title>Sign in to Acme</title></head><body>…</body></html>",
    },
    expect: {
      outcome: "transport_error",
      errorCode: "non_jsonrpc_response",
      category: "auth",
      text: "Sign in to Acme",
    },
  },
  {
    name: "a refused connection (transportError) is transport with the lower-case code",
    report: { transportError: "ECONNREFUSED" },
    expect: { outcome: "transport_error", errorCode: "econnrefused", category: "transient", retryable: true },
  },
  {
    name: "a client-side timeout (transportError) is transport/timeout",
    report: { transportError: "timeout" },
    expect: { outcome: "transport_error", errorCode: "timeout", category: "transient", retryable: true },
  },
  {
    name: "no response and an SDK -32001 timeout error is transport/timeout",
    report: {
      clientError: { name: "McpError", code: -32001, message: "MCP error -32001: Request timed out" },
    },
    expect: {
      outcome: "transport_error",
      errorCode: "timeout",
      category: "transient",
      text: "MCP error -32001: Request timed out",
    },
  },
  {
    name: "no response and fetch failed caused by ECONNREFUSED is transport/econnrefused",
    report: {
      clientError: { name: "TypeError", message: "fetch failed (cause: connect ECONNREFUSED 127.0.0.1:9)" },
    },
    expect: { outcome: "transport_error", errorCode: "econnrefused", category: "transient" },
  },
  {
    name: "no response and ECONNRESET as the error code",
    report: { clientError: { name: "Error", code: "ECONNRESET", message: "socket hang up" } },
    expect: { outcome: "transport_error", errorCode: "econnreset", category: "transient" },
  },
  {
    name: "JSON-RPC -32601 method not found is a protocol unknown_tool",
    report: { httpStatus: 200, response: rpcError(-32601, "Method not found") },
    expect: {
      outcome: "protocol_error",
      category: "unknown_tool",
      errorCode: "-32601",
      retryable: false,
      text: "MCP error -32601: Method not found",
    },
  },
  {
    name: "JSON-RPC -32602 Unknown tool is unknown_tool, not validation",
    report: { response: rpcError(-32602, "Unknown tool: invalid_tool_name") },
    expect: { outcome: "protocol_error", category: "unknown_tool", errorCode: "-32602", flags: [] },
  },
  {
    name: "JSON-RPC -32602 invalid params on 2025-06-18 is validation without a conformance flag",
    report: {
      response: rpcError(-32602, "Invalid arguments: date must be in the future"),
      protocolVersion: "2025-06-18",
    },
    expect: {
      outcome: "protocol_error",
      category: "validation",
      errorCode: "-32602",
      retryable: false,
      flags: [],
    },
  },
  {
    name: "JSON-RPC -32602 for bad argument values on 2025-11-25 breaks the revision's rule",
    report: {
      response: rpcError(-32602, "Invalid arguments: date must be in the future"),
      protocolVersion: "2025-11-25",
    },
    expect: { outcome: "protocol_error", category: "validation", flags: ["validation_as_protocol_error"] },
  },
  {
    name: "JSON-RPC -32600 and -32700 are validation",
    report: { response: rpcError(-32700, "Parse error") },
    expect: { outcome: "protocol_error", category: "validation", errorCode: "-32700" },
  },
  {
    name: "JSON-RPC -32603 internal error is internal, retryable, and opaque",
    report: { response: rpcError(-32603, "Internal error") },
    expect: { outcome: "protocol_error", category: "internal", retryable: true, flags: ["opaque_error"] },
  },
  {
    name: "a JSON-RPC error's data may carry explicit category and retryability",
    report: { response: rpcError(-32000, "Upstream refused", { code: "rate_limited", isRetryable: true }) },
    expect: {
      outcome: "protocol_error",
      category: "rate_limited",
      errorCode: "rate_limited",
      retryable: true,
    },
  },
  {
    name: "a protocol error beats a client error: the outcome follows the wire",
    report: {
      response: rpcError(-32601, "Method not found"),
      clientError: { name: "McpError", code: -32601, message: "MCP error -32601: Method not found" },
    },
    expect: { outcome: "protocol_error", category: "unknown_tool", flags: [] },
  },
  {
    name: "no wire but a client McpError with a JSON-RPC code is a protocol error",
    report: {
      clientError: {
        name: "McpError",
        code: -32602,
        message: "MCP error -32602: Tool lead_delete not found",
      },
    },
    expect: { outcome: "protocol_error", category: "unknown_tool", errorCode: "-32602" },
  },
  {
    name: "SDK: unknown tool arrives as isError prose with -32602 (protocol code only in prose)",
    report: {
      httpStatus: 200,
      response: textResult("MCP error -32602: Tool lead_delete not found", { isError: true }),
    },
    expect: {
      outcome: "tool_error",
      category: "unknown_tool",
      errorCode: "-32602",
      retryable: false,
      flags: ["protocol_error_in_result", "code_in_prose"],
    },
  },
  {
    name: "SDK: schema-invalid arguments arrive as isError prose with -32602 and the issues: validation, the issue's code",
    report: {
      response: textResult(
        'MCP error -32602: Input validation error: Invalid arguments for tool lead_get: [\n  {\n    "expected": "string",\n    "code": "invalid_type",\n    "path": [\n      "id"\n    ],\n    "message": "Invalid input: expected string, received undefined"\n  }\n]',
        { isError: true },
      ),
    },
    expect: {
      outcome: "tool_error",
      category: "validation",
      // The most specific code wins: the validation issue's, over the JSON-RPC code around it.
      errorCode: "invalid_type",
      flags: ["protocol_error_in_result", "code_in_prose"],
    },
  },
  {
    name: "SDK: a thrown exception arrives as isError with the bare message and no code; its words still say what failed",
    report: { response: textResult("lead not found in this organization", { isError: true }) },
    expect: {
      outcome: "tool_error",
      // Read as a silent failure's words would be: a resource the caller named does not exist.
      category: "validation",
      errorCode: null,
      retryable: false,
      flags: ["no_error_code"],
    },
  },
  {
    name: "isError with structuredContent.error.code payment_required is business, never retried",
    report: {
      response: textResult("Payment required. Metered calls are paused until the organization adds credit.", {
        isError: true,
        structuredContent: { error: { code: "payment_required" } },
      }),
    },
    expect: {
      outcome: "tool_error",
      category: "business",
      errorCode: "payment_required",
      retryable: false,
      flags: [],
    },
  },
  {
    name: "isError with explicit errorCategory/isRetryable in a JSON text block (business, 45-day window)",
    report: {
      response: textResult(
        '{"errorCategory": "business", "isRetryable": false, "message": "Order 55107 was delivered 61 days ago; returns close after 45 days.", "customerMessage": "This order is outside our 45-day return window."}',
        { isError: true },
      ),
    },
    expect: { outcome: "tool_error", category: "business", retryable: false, errorCode: null },
  },
  {
    name: "explicit retriable: true overrides the category default",
    report: {
      response: textResult("Refund service busy", {
        isError: true,
        structuredContent: { error: { code: "payment_required", retriable: true } },
      }),
    },
    expect: { outcome: "tool_error", category: "business", retryable: true },
  },
  {
    name: "isError with a code field in a JSON text block",
    report: {
      response: textResult('{"code":"upstream_unreachable","message":"CRM API did not answer"}', {
        isError: true,
      }),
    },
    expect: {
      outcome: "tool_error",
      category: "transient",
      errorCode: "upstream_unreachable",
      retryable: true,
    },
  },
  {
    name: "needs_reauth and jwt_session_required are auth",
    report: {
      response: textResult("Reconnect the connector", {
        isError: true,
        structuredContent: { error: { code: "needs_reauth" } },
      }),
    },
    expect: { outcome: "tool_error", category: "auth", errorCode: "needs_reauth", retryable: false },
  },
  {
    name: "key_spend_limit_exceeded and org_suspended are business",
    report: {
      response: textResult("Key cap reached", {
        isError: true,
        structuredContent: { error: { code: "key_spend_limit_exceeded" } },
      }),
    },
    expect: { category: "business", retryable: false },
  },
  {
    name: "rate_limited tool error is retryable",
    report: {
      response: textResult("Slow down", {
        isError: true,
        structuredContent: { error: { code: "rate_limited", retry_after_seconds: 30 } },
      }),
    },
    expect: { outcome: "tool_error", category: "rate_limited", retryable: true },
  },
  {
    name: "the spec's invalid departure date is validation from its prose",
    report: {
      response: textResult("Invalid departure date: must be in the future. Current date is 08/08/2025.", {
        isError: true,
      }),
    },
    expect: { outcome: "tool_error", category: "validation", retryable: false, flags: ["no_error_code"] },
  },
  {
    name: "a wrong-format argument value in prose is validation",
    report: { response: textResult("Invalid order number format: expected ORD-12345", { isError: true }) },
    expect: { outcome: "tool_error", category: "validation", retryable: false },
  },
  {
    name: "API rate limit exceeded prose is rate_limited",
    report: { response: textResult("API rate limit exceeded", { isError: true }) },
    expect: { category: "rate_limited", retryable: true },
  },
  {
    name: "Operation failed is opaque",
    report: { response: textResult("Operation failed", { isError: true }) },
    expect: { outcome: "tool_error", category: "unknown", flags: ["no_error_code", "opaque_error"] },
  },
  {
    name: "an isError result with no content at all is opaque",
    report: { response: result([], { isError: true }) },
    expect: { outcome: "tool_error", text: "", flags: ["no_error_code", "opaque_error"] },
  },
  {
    name: "a stack trace shown to the agent is a raw exception, category internal",
    report: {
      response: textResult(
        "TypeError: Cannot read properties of undefined (reading 'id')\n    at getLead (/app/src/leads.ts:41:17)\n    at async handler (/app/src/mcp.ts:88:5)",
        { isError: true },
      ),
    },
    expect: {
      outcome: "tool_error",
      category: "internal",
      retryable: true,
      flags: ["no_error_code", "raw_exception"],
    },
  },
  {
    name: "isError with a bare status line gets an http code",
    report: { response: textResult("403 Forbidden", { isError: true }) },
    expect: { outcome: "tool_error", category: "permission", errorCode: "http_403" },
  },
  {
    name: "the client rejected an isError result (outputSchema): outcome follows the wire, text is what the agent saw",
    report: {
      response: textResult("Payment required.", {
        isError: true,
        structuredContent: { error: { code: "payment_required" } },
      }),
      clientError: {
        name: "McpError",
        code: -32602,
        message: "MCP error -32602: Structured content does not match the tool's output schema",
      },
    },
    expect: {
      outcome: "tool_error",
      category: "business",
      errorCode: "payment_required",
      flags: ["client_rejected_result"],
      text: "MCP error -32602: Structured content does not match the tool's output schema",
    },
  },
  {
    name: "a clean success has no category, code or retryable",
    report: { response: textResult('{\n  "ok": true\n}') },
    expect: { outcome: "ok", category: null, errorCode: null, retryable: null, flags: [] },
  },
  {
    name: "the spec's weather success with isError: false",
    report: {
      response: textResult("Current weather in New York:\nTemperature: 72°F\nConditions: Partly cloudy", {
        isError: false,
      }),
    },
    expect: { outcome: "ok", silentFailure: false, flags: [] },
  },
  {
    name: "non-text blocks show as markers",
    report: {
      response: result([
        { type: "image", data: "AAAA", mimeType: "image/png" },
        { type: "text", text: "chart above" },
        { type: "resource_link", uri: "file:///a.txt", name: "a" },
      ]),
    },
    expect: { outcome: "ok", text: "[image image/png]\nchart above\n[resource_link file:///a.txt]" },
  },
  {
    name: "an SSE body is read for its JSON-RPC message",
    report: {
      httpStatus: 200,
      response:
        'event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"x"}],"isError":true}}\n\n',
    },
    expect: { outcome: "tool_error" },
  },
  {
    name: "a bare CallToolResult (no envelope) is accepted",
    report: { response: { content: [{ type: "text", text: "nope" }], isError: true } },
    expect: { outcome: "tool_error" },
  },
  {
    name: "digested fields only: isError + errorCode + text",
    report: { isError: true, errorCode: "payment_required", text: "Payment required" },
    expect: { outcome: "tool_error", category: "business", errorCode: "payment_required" },
  },
  {
    name: "digested fields only: a success text still gets the silent checks",
    report: { isError: false, text: "Error: could not parse document" },
    expect: { outcome: "ok", silentFailure: true, flags: ["error_text", "no_error_code"] },
  },
  {
    name: "an isError text naming an exception class is internal, trace or not, when its words say nothing more",
    report: {
      response: textResult("RuntimeError: Event loop is closed", { isError: true }),
    },
    expect: { outcome: "tool_error", category: "internal", retryable: true },
  },
  {
    name: "a dotted exception class (httpx.ReadError) is internal too",
    report: { response: textResult("httpx.ReadError: stream closed early", { isError: true }) },
    expect: { outcome: "tool_error", category: "internal" },
  },
  {
    name: "a bare 'Error:' names no class: the text has no better signal",
    report: { response: textResult("Error: something odd", { isError: true }) },
    expect: { outcome: "tool_error", category: "unknown" },
  },
  {
    name: "an exception whose words say more keeps that category (ValidationError … is required)",
    report: { response: textResult("ValidationError: amount is required", { isError: true }) },
    expect: { outcome: "tool_error", category: "validation" },
  },
  {
    name: "initialize's result is no tool's answer: ok, not empty (it has no content blocks)",
    report: {
      method: "initialize",
      tool: null,
      response: {
        jsonrpc: "2.0",
        id: 0,
        result: {
          protocolVersion: "2025-11-25",
          capabilities: {},
          serverInfo: { name: "memory", version: "1" },
        },
      },
    },
    expect: { outcome: "ok", empty: false, silentFailure: false, flags: [] },
  },
  {
    name: "tools/list's result is not read for silent failures either",
    report: { method: "tools/list", tool: null, response: { jsonrpc: "2.0", id: 1, result: { tools: [] } } },
    expect: { outcome: "ok", empty: false, flags: [] },
  },
  {
    name: "another method's digested text is not read as a tool's answer",
    report: { method: "resources/read", tool: null, text: "" },
    expect: { outcome: "ok", empty: false, flags: [] },
  },
  {
    name: "digested fields: response wins over isError",
    report: { isError: true, text: "boom", response: textResult("all good") },
    expect: { outcome: "ok", flags: [] },
  },
];

describe("classify: layers and precedence", () => {
  it.each(cases)("$name", ({ report, expect: expected }) => {
    const classification = classify({ ...base, ...report });
    const { flags, ...fields } = expected;
    expect(classification).toMatchObject(fields);
    if (flags) expect([...classification.flags].sort()).toEqual([...flags].sort());
  });
});
