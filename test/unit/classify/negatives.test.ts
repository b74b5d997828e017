import { describe, expect, it } from "vitest";
import { classify, SILENT_FAILURE_FLAGS } from "@/lib/classify";
import { result, textResult } from "./helpers";

// Successful results that mention errors and are NOT failures. Each must classify as a
// success with no silent-failure flag: a dashboard that cries wolf gets ignored.
const negatives: { name: string; tool: string; text?: string; response?: unknown }[] = [
  {
    name: "a log-search tool returning lines containing ERROR",
    tool: "search_logs",
    text: "2026-11-28T10:00:01Z ERROR payment-service timeout talking to db\n2026-11-28T10:00:02Z INFO retrying\n2026-11-28T10:00:03Z ERROR payment-service gave up",
  },
  {
    name: "a log tool whose first hit starts with ERROR:",
    tool: "tail_logs",
    text: "ERROR: connection lost to replica-2\nINFO: reconnected",
  },
  { name: "a field named errors: 0", tool: "get_build", text: '{"errors": 0}' },
  {
    name: "counts of errors and warnings",
    tool: "lint_file",
    text: '{"errors": 0, "warnings": 3, "file": "a.ts"}',
  },
  {
    name: 'an issue titled "Error handling is broken"',
    tool: "get_issue",
    text: '{"id": 42, "title": "Error handling is broken", "state": "open"}',
  },
  {
    name: "an issue list in prose",
    tool: "list_issues",
    text: "#42 Error handling is broken\n#43 403 Forbidden on login page",
  },
  {
    name: "a code snippet with throw new Error",
    tool: "read_file",
    text: 'export function parse(x: string) {\n  if (!x) throw new Error("empty input");\n  return JSON.parse(x);\n}',
  },
  {
    name: "a CSV with an error_rate column",
    tool: "export_metrics",
    text: "service,requests,error_rate\napi,1200,0.02\nworker,800,0.00",
  },
  {
    name: "GraphQL data with an empty errors array",
    tool: "get_repo",
    text: '{"data":{"repository":{"name":"faultline"}},"errors":[]}',
  },
  {
    name: "documentation that explains what 403 Forbidden means",
    tool: "search_docs",
    text: "403 Forbidden means the server understood the request but refuses to authorize it. Check the token's scopes.",
  },
  {
    name: "docs page about HTTP errors (not a log tool)",
    tool: "get_page",
    text: "403 Forbidden means the server understood the request but refuses to authorize it.",
  },
  {
    name: "a list of HTTP status codes",
    tool: "get_page",
    text: "404 Not Found\n500 Internal Server Error\n503 Service Unavailable",
  },
  {
    name: "a job whose status is error, as data",
    tool: "get_job",
    text: '{"id":"job_1","name":"nightly","status":"error","finishedAt":"2026-11-28T02:00:00Z"}',
  },
  {
    name: 'an object with "error": null and data',
    tool: "get_orders",
    text: '{"error": null, "data": [{"id": 1}]}',
  },
  { name: 'an object with "error": false', tool: "check", text: '{"error": false, "value": 3}' },
  { name: "ok: true with an error_count", tool: "sync", text: '{"ok": true, "error_count": 2}' },
  {
    name: "success true with an empty errors array",
    tool: "sync",
    text: '{"success": true, "errors": [], "synced": 12}',
  },
  {
    name: "a list of events with level error",
    tool: "list_events",
    text: '[{"level":"error","msg":"disk full"},{"level":"info","msg":"ok"}]',
  },
  {
    name: "a markdown doc with an Error codes heading",
    tool: "get_page",
    text: "## Error codes\n| code | meaning |\n|---|---|\n| E1 | bad input |",
  },
  { name: "YAML with error: null", tool: "get_config", text: "error: null\nstatus: ok\nretries: 3" },
  { name: "a test summary with Failed: 0", tool: "run_tests", text: "Failed: 0, Passed: 12" },
  { name: "Error rate in a sentence", tool: "get_stats", text: "Error rate: 0.3% over the last hour" },
  {
    name: "failed login attempts count",
    tool: "get_stats",
    text: "Failed login attempts in the last 24h: 3",
  },
  {
    name: "an exceptions guide title",
    tool: "get_page",
    text: "Exception handling guide: how to wrap your calls",
  },
  {
    name: "a retry log explained in prose",
    tool: "summarise",
    text: "The request failed with 403 Forbidden in version 2.0; this was fixed in 2.1.",
  },
  {
    name: "a warning line followed by data",
    tool: "query",
    text: "Warning: deprecated parameter 'limit'\n[{\"id\":1}]",
  },
  {
    name: "HTTP/1.1 200 OK status line",
    tool: "http_get",
    text: "HTTP/1.1 200 OK\ncontent-type: text/plain\n\nhello",
  },
  {
    name: "a Sentry-like tool returning a stack trace as data",
    tool: "get_sentry_issue",
    text: "Issue PROJ-12: TypeError in checkout\n    at pay (/app/pay.ts:10:3)\n    at run (/app/run.ts:4:1)",
  },
  {
    name: "Success message mentioning past errors",
    tool: "deploy",
    text: "Deployed v2.3.1. 0 errors, 2 warnings.",
  },
  {
    name: "an identity tool answering a real user",
    tool: "viewer",
    text: '{"data":{"viewer":{"login":"octocat","email":null}}}',
  },
  {
    name: "a search (not a lookup, not an identity tool) answering a null field",
    tool: "search_repositories",
    text: '{"data":{"repository":null}}',
  },
  {
    name: "a string value containing 'error'",
    tool: "translate",
    text: '{"translation": "Error: the word means mistake"}',
  },
  {
    name: "an errors key holding a number in GraphQL-like data",
    tool: "get_metrics",
    text: '{"data":{"errors":5,"requests":100}}',
  },
  {
    name: "JSON with an empty error string and a result",
    tool: "run",
    text: '{"error": "", "result": "done"}',
  },
  {
    name: "a JSON-RPC code mentioned in documentation",
    tool: "get_page",
    text: "The server answers -32602 when arguments are invalid; see the spec.",
  },
  {
    name: "a chat message quoting an error",
    tool: "read_messages",
    text: 'alice: I keep getting "Error: could not parse document" when I upload\nbob: try re-saving as PDF',
  },
  {
    name: "a weather report",
    tool: "get_weather",
    text: "Current weather in New York:\nTemperature: 72°F\nConditions: Partly cloudy",
  },
  {
    name: "a word-count result including the word Exception",
    tool: "count_words",
    text: '{"Exception": 3, "Error": 7}',
  },
  {
    name: "an HTML page that is not an error page",
    tool: "fetch_url",
    text: "<html><head><title>Error Handling in Go</title></head><body>…</body></html>",
  },
  {
    name: "an issue-tracker tool returning an Error: titled issue",
    tool: "search_issues",
    text: "Error: login button does nothing (#311)",
  },
  {
    name: "No errors found is a valid (empty) answer, not a failure",
    tool: "lint_file",
    text: "No errors found",
  },
  {
    name: "a rate-limit *policy* explained",
    tool: "get_page",
    text: "Our API applies a rate limit of 100 requests per minute per key.",
  },
];

describe("classify: successes that mention errors are not failures", () => {
  it("has at least 30 negative cases", () => expect(negatives.length).toBeGreaterThanOrEqual(30));

  it.each(negatives)("$name", ({ tool, text, response }) => {
    const classification = classify({
      method: "tools/call",
      server: "s",
      tool,
      httpStatus: 200,
      response: response ?? textResult(text ?? ""),
    });
    expect(classification.outcome).toBe("ok");
    expect(classification.silentFailure).toBe(false);
    expect(classification.category).toBeNull();
    expect(classification.errorCode).toBeNull();
    expect(classification.retryable).toBeNull();
    const silentFlags: readonly string[] = SILENT_FAILURE_FLAGS;
    expect(classification.flags.filter((flag) => silentFlags.includes(flag))).toEqual([]);
  });

  it("a structuredContent with errors: 0 and data is not a failure", () => {
    const classification = classify({
      method: "tools/call",
      server: "s",
      tool: "get_build",
      response: result([{ type: "text", text: "build 12" }], { structuredContent: { errors: 0, build: 12 } }),
    });
    expect(classification.silentFailure).toBe(false);
  });
});
