import { describe, expect, it } from "vitest";
import { classify, SILENT_FAILURE_FLAGS, type Category } from "@/lib/classify";
import { textResult } from "./helpers";

// The shapes of silent failure that real MCP servers return (issue 10), one rule at a time: what
// each rule must catch, and next to it what it must leave alone. Texts are written here in the
// general shape each library or framework prints (not copied from the corpus, which scores them).

interface Catch {
  name: string;
  tool?: string;
  text: string;
  category: Category;
  errorCode?: string | null;
  flag?: (typeof SILENT_FAILURE_FLAGS)[number];
}

interface Leave {
  name: string;
  tool?: string;
  text: string;
}

function run(tool: string, text: string) {
  return classify({
    method: "tools/call",
    server: "s",
    tool,
    response: textResult(text, { isError: false }),
  });
}

const rules: { rule: string; catches: Catch[]; leaves: Leave[] }[] = [
  {
    rule: "a noun or a name before the word error",
    catches: [
      {
        name: "an API named before error, with its status",
        text: "GitHub API error: 401 Bad credentials",
        category: "auth",
        errorCode: "http_401",
      },
      {
        name: "a code in parentheses",
        text: "SQL Error (CONNECTION_LOST): the database closed the connection",
        category: "transient",
        errorCode: "CONNECTION_LOST",
      },
      {
        name: "a comma after error",
        text: "Payments API error, 400, amount must be a positive integer",
        category: "validation",
        errorCode: "http_400",
      },
      {
        name: "gRPC's shape",
        text: 'rpc error: code = Unavailable desc = connection error: desc = "transport: Error while dialing"',
        category: "transient",
        errorCode: "Unavailable",
      },
    ],
    leaves: [
      {
        name: "the last error of a healthy sync",
        tool: "get_sync_status",
        text: "Last error: timeout at 03:00\nStatus: ok",
      },
      { name: "a noun error with no error", tool: "get_parser_state", text: "Parse error: none" },
      { name: "an error rate", tool: "get_stats", text: "Error rate: 0.3% over the last hour" },
    ],
  },
  {
    rule: '"Error <doing X>: <exception>" (a server framework\'s wrapper)',
    catches: [
      {
        name: "a wrapper around a Python message",
        text: "Error opening workbook: 'NoneType' object is not subscriptable",
        category: "internal",
        errorCode: null,
      },
      {
        name: "a wrapper with no better signal is internal",
        text: "Error executing tool get_ticket: Context is not available outside of a request",
        category: "internal",
      },
      {
        name: "the wrapper on its own line",
        text: "Error executing MCP tool:\nMCP error -32001: Request timed out",
        category: "transient",
        errorCode: "-32001",
      },
      {
        name: "a wrapper with no message, no signal",
        text: "Error calling tool 'create_ticket'",
        category: "unknown",
      },
    ],
    leaves: [
      {
        name: "a topic, not a wrapper",
        tool: "get_page",
        text: "Error handling: wrap every call in try/except and log the cause.",
      },
      {
        name: "a heading about reporting",
        tool: "get_page",
        text: "Error reporting: how to send crashes to us",
      },
    ],
  },
  {
    rule: "decorated openings (emoji, markdown, brackets, a quoted string, a section heading)",
    catches: [
      {
        name: "an emoji",
        text: "❌ Failed to create ticket: project key is required",
        category: "validation",
      },
      {
        name: "bold markdown",
        text: "**Error:** rate limit exceeded, retry in 30s",
        category: "rate_limited",
      },
      {
        name: "a bracketed tag",
        text: "[ERROR] upstream connect error or disconnect/reset before headers",
        category: "transient",
      },
      {
        name: "a tag naming an error",
        text: "[tool_error] export_report failed\n---\nNo such file or directory: out/report.pdf",
        category: "validation",
      },
      {
        name: "an emphasised title naming the failure",
        text: "**Authentication Failed**\n\nThe session token was rejected. Please re-authenticate.",
        category: "auth",
      },
      {
        name: "a heading naming a missing record",
        text: "# Order Not Found\n\nNo order matches ORD-1234.",
        category: "validation",
      },
      { name: "a JSON string", text: '"Error: workspace not found"', category: "validation" },
      {
        name: "a result section whose first line is the error",
        tool: "browser_click",
        text: "### Result\nError: element is not attached to the page document\n\n### Page\n- url: about:blank",
        category: "unknown",
      },
    ],
    leaves: [
      {
        name: "a heading about error codes",
        tool: "get_page",
        text: "## Error codes\n| code | meaning |\n|---|---|\n| E1 | bad input |",
      },
      {
        name: "an issue titled with Error, from an issue tool",
        tool: "get_issue",
        text: "# Checkout Error\n\nReported by 3 users since Monday.",
      },
      {
        name: "a bracketed timestamp",
        tool: "read_file",
        text: "[2026-01-01] release notes\n- faster search",
      },
    ],
  },
  {
    rule: "exceptions of other runtimes, and exception messages with no trace",
    catches: [
      {
        name: "Java, uncaught in a thread",
        text: 'Exception in thread "main" java.net.SocketTimeoutException: Read timed out\n\tat java.base/java.net.SocketInputStream.socketRead0(Native Method)',
        category: "transient",
      },
      {
        name: "a Java class with its package",
        text: "java.lang.IllegalStateException: pool closed",
        category: "internal",
      },
      {
        name: ".NET namespaced class",
        text: "System.InvalidOperationException: Sequence contains no elements",
        category: "internal",
      },
      {
        name: "Go panic",
        text: "panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation]\n\ngoroutine 1 [running]:\nmain.main()",
        category: "internal",
      },
      {
        name: "Rust panic",
        text: "thread 'tokio-runtime-worker' panicked at src/main.rs:10:5:\ncalled `Result::unwrap()` on an `Err` value",
        category: "internal",
      },
      {
        name: "Node fs error code",
        text: "ENOENT: no such file or directory, open '/data/report.csv'",
        category: "validation",
      },
      {
        name: "Python OSError",
        text: "[Errno 13] Permission denied: '/var/lib/app/config.json'",
        category: "permission",
      },
      {
        name: "Node network error",
        text: "connect ECONNREFUSED 127.0.0.1:5432",
        category: "transient",
        errorCode: "econnrefused",
      },
      {
        name: "Go's os error",
        text: "open /srv/data/items.json: no such file or directory",
        category: "validation",
      },
      {
        name: "a Python AttributeError message alone",
        text: "'dict' object has no attribute 'items_list'",
        category: "internal",
      },
      {
        name: "a Python NameError message alone",
        text: "name 'client' is not defined",
        category: "internal",
      },
      {
        name: "a JavaScript TypeError message alone",
        text: "client.query is not a function",
        category: "internal",
      },
      {
        name: "a subprocess failure",
        text: "Command '['git', 'push']' returned non-zero exit status 128.",
        category: "internal",
      },
      {
        name: "an exception with no better signal is internal",
        text: "KeyError: 'pages'",
        category: "internal",
      },
    ],
    leaves: [
      {
        name: "source code that raises",
        tool: "read_file",
        text: 'def f(x):\n    raise ValueError("bad x")',
      },
      {
        name: "a guide about exceptions",
        tool: "get_page",
        text: 'Exception in thread "main" is printed by the JVM when an uncaught exception ends a thread.',
      },
      {
        name: "a sentence about a function",
        tool: "get_page",
        text: "In this library, map is not a function but a method.",
      },
    ],
  },
  {
    rule: "an upstream HTTP client's own error message (status, reason, URL)",
    catches: [
      {
        name: "axios",
        text: "Request failed with status code 503",
        category: "transient",
        errorCode: "http_503",
      },
      {
        name: "Python requests",
        text: "404 Client Error: Not Found for url: https://api.example.com/v1/items/42",
        category: "validation",
        errorCode: "http_404",
      },
      {
        name: "httpx",
        text: "Client error '401 Unauthorized' for url 'https://api.example.com/me'",
        category: "auth",
        errorCode: "http_401",
      },
      {
        name: ".NET HttpClient",
        text: "Response status code does not indicate success: 429 (Too Many Requests).",
        category: "rate_limited",
        errorCode: "http_429",
      },
      {
        name: "go-github",
        text: "GET https://api.github.com/repos/o/r/pulls/9: 404 Not Found []",
        category: "validation",
        errorCode: "http_404",
      },
      {
        name: "go-openapi",
        text: "getting dashboard: [GET /dashboards/uid/{uid}][404] getDashboardByUidNotFound",
        category: "validation",
        errorCode: "http_404",
      },
      {
        name: "an outer 500 wrapping the upstream's 403",
        text: "InternalServerError: Error code: 500 - upstream said 403 (Forbidden)",
        category: "permission",
        errorCode: "http_403",
      },
      {
        name: "a 429 about the plan's quota is business",
        text: "429 You exceeded your current quota, please check your plan and billing details.",
        category: "business",
      },
      {
        name: "a status opening",
        text: "HTTP 404: API request failed: Not Found",
        category: "validation",
        errorCode: "http_404",
      },
    ],
    leaves: [
      {
        name: "a changelog about a fixed status",
        tool: "summarise",
        text: "The request failed with 403 Forbidden in version 2.0; this was fixed in 2.1.",
      },
      {
        name: "documentation starting with a status",
        tool: "get_page",
        text: "403 Forbidden means the server understood the request but refuses to authorize it.",
      },
      {
        name: "a long page that quotes an axios message",
        tool: "get_page",
        text: `# Debugging\n\n${"Some words about debugging requests. ".repeat(30)}\nA typical message: Request failed with status code 404.`,
      },
    ],
  },
  {
    rule: "a JSON-RPC error envelope returned as the text of a successful result",
    catches: [
      {
        name: "invalid params",
        text: '{"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"Invalid params: missing field `query`"}}',
        category: "validation",
        errorCode: "-32602",
        flag: "error_object",
      },
      {
        name: "method not found",
        text: '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}',
        category: "unknown_tool",
        errorCode: "-32601",
        flag: "error_object",
      },
      {
        name: "an internal code whose words say more",
        text: '{"jsonrpc":"2.0","id":2,"error":{"code":-32603,"message":"workspace id cannot be empty"}}',
        category: "validation",
        errorCode: "-32603",
        flag: "error_object",
      },
      {
        name: "a server-range code whose words say auth",
        text: '{"error":{"code":-32001,"message":"Invalid or expired access token"}}',
        category: "auth",
        errorCode: "-32001",
        flag: "error_object",
      },
      {
        name: "an MCP error in prose",
        text: "MCP error -32602: Tool archive_board not found",
        category: "unknown_tool",
        errorCode: "-32602",
      },
      {
        name: "an embedded envelope after an HTTP status",
        text: 'mcp request failed with status 400: {"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"},"id":null}',
        category: "validation",
        errorCode: "-32700",
      },
    ],
    leaves: [
      {
        name: "a successful JSON-RPC response as text",
        tool: "debug_request",
        text: '{"jsonrpc":"2.0","id":7,"result":{"content":[]}}',
      },
      {
        name: "documentation naming a code",
        tool: "get_page",
        text: "The server answers -32602 when arguments are invalid; see the spec.",
      },
    ],
  },
  {
    rule: "error objects of common APIs",
    catches: [
      {
        name: "Slack: ok false with a code, whatever else it carries",
        text: '{"ok":false,"error":"channel_not_found","warning":"superfluous_charset","response_metadata":{"warnings":["superfluous_charset"]}}',
        category: "validation",
        errorCode: "channel_not_found",
        flag: "error_object",
      },
      {
        name: "Slack's invalid_auth is auth",
        text: '{"ok":false,"error":"invalid_auth"}',
        category: "auth",
        errorCode: "invalid_auth",
        flag: "error_object",
      },
      {
        name: "GitHub: a message and a documentation link",
        text: '{"message":"Bad credentials","documentation_url":"https://docs.github.com/rest","status":"401"}',
        category: "auth",
        flag: "error_object",
      },
      {
        name: "an object marked error, with a numeric status",
        text: '{"object":"error","status":403,"code":"restricted_resource","message":"Insufficient permissions for this resource."}',
        category: "permission",
        errorCode: "restricted_resource",
        flag: "error_object",
      },
      {
        name: "a serialised exception",
        text: '{"name":"APIError","status":503,"code":"service_unavailable","headers":{},"body":"{}"}',
        category: "transient",
        errorCode: "service_unavailable",
        flag: "error_object",
      },
      {
        name: "FastAPI's detail",
        text: '{"detail":"Not authenticated"}',
        category: "auth",
        flag: "error_object",
      },
      {
        name: "FastAPI's validation detail",
        text: '{"detail":[{"loc":["body","name"],"msg":"field required","type":"value_error.missing"}]}',
        category: "validation",
        flag: "error_object",
      },
      {
        name: "a map of field errors",
        text: '{"errorMessages":[],"errors":{"summary":"Summary is required."}}',
        category: "validation",
        flag: "error_object",
      },
      {
        name: "an XML error document",
        text: '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>',
        category: "permission",
        errorCode: "AccessDenied",
      },
      {
        name: "a Python dict as printed",
        text: "{'error': 'Search failed', 'detail': 'Invalid API key for this account'}",
        category: "auth",
      },
      {
        name: "key: value lines",
        text: "status: error\nmessage: upstream timed out",
        category: "transient",
        flag: "error_object",
      },
      {
        name: "boto3",
        text: "An error occurred (ThrottlingException) when calling the Converse operation: Too many requests, please wait.",
        category: "rate_limited",
        errorCode: "ThrottlingException",
      },
      {
        name: "kubectl",
        text: 'Error from server (Forbidden): pods is forbidden: User "mcp" cannot list resource "pods"',
        category: "permission",
        errorCode: "Forbidden",
      },
    ],
    leaves: [
      {
        name: "ok: true with a warning",
        tool: "post_message",
        text: '{"ok":true,"warning":"missing_charset","ts":"1.2"}',
      },
      { name: "a status code that is success", tool: "http_get", text: '{"status":200,"message":"OK"}' },
      { name: "a message that is not a failure", tool: "deploy", text: '{"message":"Deployed v2.3.1"}' },
      {
        name: "a record with a failed state and data",
        tool: "get_job",
        text: "status: failed\njob: nightly\nfinished: 2026-01-01",
      },
      { name: "a health record that is fine", tool: "get_config", text: "Timeout: 30s\nRetries: 3" },
    ],
  },
  {
    rule: "a bare generic failure phrase as the whole text",
    catches: [
      { name: "tool execution failed", text: "Tool execution failed.", category: "unknown" },
      { name: "the bare word", text: "Error", category: "unknown" },
      { name: "in Chinese", text: "操作失败", category: "unknown" },
    ],
    leaves: [
      { name: "a count of failures", tool: "run_tests", text: "Failed: 0, Passed: 12" },
      { name: "a plain success", tool: "report_failure", text: "Report stored" },
      { name: "a summary with failed tests", tool: "run_tests", text: "Tests: 11 passed, 1 failed." },
    ],
  },
  {
    rule: "terse reports: missing or invalid input, missing records, refusals, timeouts",
    catches: [
      { name: "a required parameter", text: "Query is required for keyword search.", category: "validation" },
      { name: "a missing parameter", text: "missing required parameter: owner", category: "validation" },
      {
        name: "an invalid argument",
        text: "Invalid regionUrl provided: https. Must be a valid URL.",
        category: "validation",
      },
      { name: "a zod message", text: "Expected string, received number", category: "validation" },
      { name: "a missing record", text: "No such customer: cus_123", category: "validation" },
      { name: "a missing table", text: "Table 'users' does not exist", category: "validation" },
      { name: "a refused credential", text: "The API key you provided is invalid.", category: "auth" },
      {
        name: "a refused right",
        text: "User is not authorized to perform: s3:GetObject on resource: arn:aws:s3:::b/k",
        category: "permission",
      },
      {
        name: "an apology that says it failed",
        text: "Sorry, I couldn't find a customer with that email.",
        category: "validation",
      },
      { name: "a usage limit", text: "MCP usage limit exceeded 30/30", category: "business" },
      { name: "a timeout", text: "timeout of 30000ms exceeded", category: "transient" },
      {
        name: "an overloaded backend",
        text: "The server is overloaded. Please try again later.",
        category: "transient",
      },
      {
        name: "a retry-later notice",
        text: "Search index is not ready yet. Please try again later.",
        category: "transient",
      },
    ],
    leaves: [
      { name: "missing values counted", tool: "profile_table", text: "Missing values: 0" },
      { name: "invalid rows counted", tool: "validate_csv", text: "Invalid entries: 0" },
      { name: "a rate-limit policy value", tool: "get_plan", text: "Rate limit: 100 requests/min" },
      { name: "a calendar that is busy", tool: "get_availability", text: "Busy until 3pm" },
      {
        name: "no response yet from a person",
        tool: "get_ticket",
        text: "No response from the customer yet.",
      },
      { name: "a valid empty answer", tool: "list_orders", text: "No orders for this customer" },
    ],
  },
  {
    rule: "tools whose data is other systems' errors still report their own failure",
    catches: [
      {
        name: "an HTTP status as the whole text",
        tool: "search_orders",
        text: "403 Forbidden",
        category: "permission",
        errorCode: "http_403",
        flag: "http_error_text",
      },
      {
        name: "a failure of the call",
        tool: "search_orders",
        text: "Error: could not parse document",
        category: "validation",
      },
      {
        name: "an HTTP client error",
        tool: "search_logs",
        text: "Failed to query logs: Request failed with status code 401",
        category: "auth",
        errorCode: "http_401",
      },
      {
        name: "a protocol error",
        tool: "search_issues",
        text: "MCP error -32602: Invalid arguments for tool search_issues",
        category: "validation",
        errorCode: "-32602",
      },
      {
        name: "a refusal with an error opening",
        tool: "web_search",
        text: "Error: you are making requests too quickly.",
        category: "rate_limited",
      },
      {
        name: "a framework wrapper",
        tool: "get_issue",
        text: "Error executing tool get_issue: Context is not available outside of a request",
        category: "internal",
      },
      {
        name: "an unreachable backend, on one line",
        tool: "search_logs",
        text: "Error: connect ECONNREFUSED 127.0.0.1:9200",
        category: "transient",
        errorCode: "econnrefused",
      },
    ],
    leaves: [
      {
        name: "an issue titled Error:",
        tool: "search_issues",
        text: "Error: login button does nothing (#311)",
      },
      { name: "a log line with its level", tool: "tail_logs", text: "ERROR: could not connect to replica-2" },
      {
        name: "a log line with its timestamp",
        tool: "search_logs",
        text: "2026-01-01T00:00:00Z Error: failed to parse document",
      },
      {
        name: "several error lines of data",
        tool: "search_logs",
        text: "Error: a\nError: b\nError: c\nError: d\nError: e",
      },
      {
        name: "a stack trace from an error tracker",
        tool: "get_sentry_event",
        text: "TypeError: x is undefined\n    at f (/app/a.js:1:1)",
      },
    ],
  },
  {
    rule: "JSON that wraps a failure, and HTML error pages",
    catches: [
      {
        name: "a CallToolResult with isError passed back as text",
        text: '{"content":[{"type":"text","text":"Board not found"}],"isError":true}',
        category: "validation",
        flag: "error_object",
      },
      {
        name: "a CallToolResult without isError whose text is an error",
        text: '{"content":[{"type":"text","text":"Error: upstream timed out"}]}',
        category: "transient",
        flag: "error_text",
      },
      {
        name: "one result field holding an error",
        text: '{"result":"Failed to connect to the database"}',
        category: "transient",
      },
      {
        name: "a code and a message, nothing else",
        text: '{"code":401,"message":"Unauthorized"}',
        category: "auth",
        errorCode: "http_401",
        flag: "error_object",
      },
      {
        name: "Google's error with a named status",
        text: '{"error":{"code":403,"message":"The caller does not have permission","status":"PERMISSION_DENIED"}}',
        category: "permission",
        errorCode: "PERMISSION_DENIED",
        flag: "error_object",
      },
      {
        name: "result: error",
        text: '{"result":"error","message":"index is read-only"}',
        category: "unknown",
        flag: "error_object",
      },
      {
        name: "an Express error page",
        text: '<!DOCTYPE html>\n<html lang="en">\n<head><title>Error</title></head>\n<body><pre>Cannot POST /mcp</pre></body>\n</html>',
        category: "unknown",
      },
      {
        name: "a titled 404 page",
        text: "<html><head><title>Error 404 (Not Found)!!1</title></head><body></body></html>",
        category: "validation",
        errorCode: "http_404",
      },
      {
        name: "a progress line, then the error",
        text: "Calling create_issue...\nError: Validation Failed: title is required",
        category: "validation",
      },
    ],
    leaves: [
      {
        name: "a translation holding the word Error",
        tool: "translate",
        text: '{"translation":"Error: the word means mistake"}',
      },
      {
        name: "a CallToolResult that succeeded",
        tool: "proxy_call",
        text: '{"content":[{"type":"text","text":"3 rows updated"}]}',
      },
      {
        name: "an HTML page about errors",
        tool: "fetch_url",
        text: "<html><head><title>Error Handling in Go</title></head><body>…</body></html>",
      },
      { name: "a code and a message that are fine", tool: "ping", text: '{"code":"OK","message":"pong"}' },
    ],
  },
  {
    rule: "an opening that asks or explains is not a report",
    catches: [
      {
        name: "a report whose second sentence explains",
        text: "Rate limit exceeded. Here is how to request more quota: contact support.",
        category: "rate_limited",
      },
      {
        name: "an error label, whatever follows",
        text: "Error: the token means nothing to this server",
        category: "unknown",
      },
    ],
    leaves: [
      { name: "a question", tool: "get_faq", text: "Quota exceeded? Here is how to request more." },
      {
        name: "a definition",
        tool: "get_page",
        text: "Connection refused means nothing is listening on the port.",
      },
      {
        name: "an explanation of when",
        tool: "get_page",
        text: "Access denied errors happen when a token lacks scopes.",
      },
      { name: "a topic as a title", tool: "get_page", text: "Timeout settings\n\nSet the timeout to 30s." },
      {
        name: "a title over a page that explains it",
        tool: "get_page",
        text: "# Authentication Failed\n\nThis page explains what to do when sign-in fails.",
      },
      {
        name: "a quoted client error in a changelog",
        tool: "get_changelog",
        text: 'v2.1: Fixed "Request failed with status code 404" when the repo is private.',
      },
      {
        name: "a place called Forbidden",
        tool: "get_page",
        text: "Forbidden City, Beijing: opening hours 8:30-17:00",
      },
      { name: "a proverb", tool: "lookup_word", text: "No such thing as a free lunch — proverb" },
      { name: "an error rate", tool: "summarise", text: "The API returned an error rate of 2% last week." },
    ],
  },
  {
    rule: "more shapes of other tools and runtimes",
    catches: [
      { name: "a failure in Chinese with its detail", text: "同步失败: 无法连接服务器", category: "unknown" },
      {
        name: "an AWS-style code first",
        text: "AccessDenied: User is not allowed to read this bucket",
        category: "permission",
      },
      {
        name: "Node's coded error",
        text: "Error [ERR_INVALID_URL]: Invalid URL",
        category: "validation",
        errorCode: "ERR_INVALID_URL",
      },
      {
        name: "Docker",
        text: "Error response from daemon: No such container: web-1",
        category: "validation",
      },
      {
        name: "pydantic",
        text: "1 validation error for SearchParams\nquery\n  Field required [type=missing]",
        category: "validation",
      },
      { name: "Go's context deadline", text: "context deadline exceeded", category: "transient" },
      {
        name: "a server that returned an error",
        text: "The server returned an error: 502 Bad Gateway",
        category: "transient",
        errorCode: "http_502",
      },
      {
        name: "an MCP error carrying an HTTP status",
        text: "MCP error 403: You do not have permission to access this model",
        category: "permission",
        errorCode: "http_403",
      },
      {
        name: "a reason with its status after it",
        text: "Unauthorized (401): the token has been revoked",
        category: "auth",
        errorCode: "http_401",
      },
      {
        name: "a status received",
        text: "Got 404 from https://api.example.com/v2/boards/9",
        category: "validation",
        errorCode: "http_404",
      },
      {
        name: "invalid arguments",
        text: "Invalid arguments: expected an object at filters",
        category: "validation",
      },
      {
        name: "an error body that does not parse",
        text: '{ "status": 503, "message": "Service unavailable",  "details": {',
        category: "transient",
        errorCode: "http_503",
      },
      {
        name: "a search tool whose index is missing, under a heading",
        tool: "search_docs",
        text: "# Index Not Found\n\nThe index docs-2026 does not exist.",
        category: "validation",
      },
    ],
    leaves: [
      { name: "a word list in Chinese", tool: "translate", text: "失败 means failure; 成功 means success." },
      {
        name: "an AWS-style word as data",
        tool: "get_page",
        text: "AccessDenied is one of the S3 error codes.",
      },
      {
        name: "a search hit titled with a failure",
        tool: "search_issues",
        text: "# Login Error\n\nOpened by alice, 3 comments",
      },
    ],
  },
];

describe.each(rules)("rule: $rule", ({ catches, leaves }) => {
  it.each(catches)("catches $name", ({ tool, text, category, errorCode, flag }) => {
    const classification = run(tool ?? "do_thing", text);
    expect(classification).toMatchObject({ outcome: "ok", silentFailure: true, category });
    if (errorCode !== undefined) expect(classification.errorCode).toBe(errorCode);
    if (flag) expect(classification.flags).toContain(flag);
  });

  it.each(leaves)("leaves alone $name", ({ tool, text }) => {
    const classification = run(tool ?? "do_thing", text);
    expect(classification.silentFailure).toBe(false);
    expect(classification.category).toBeNull();
  });
});
