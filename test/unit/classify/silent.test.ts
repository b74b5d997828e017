import { describe, expect, it } from "vitest";
import { classify, type CallReport } from "@/lib/classify";
import { type Case, OK_CLEAN, result, textResult } from "./helpers";

const base: CallReport = { method: "tools/call", server: "docs", tool: "parse_document", httpStatus: 200 };

// Successes that are failures (silent), partial answers, and valid empty answers.
const cases: Case[] = [
  {
    name: "Error: … returned as plain text is a silent failure",
    report: { response: textResult("Error: could not parse document") },
    expect: {
      outcome: "ok",
      silentFailure: true,
      category: "validation",
      retryable: false,
      flags: ["error_text", "no_error_code"],
    },
  },
  {
    name: "an exception class name opening the text is error_text",
    report: { response: textResult("ValueError: unsupported encoding 'latin-9'") },
    expect: { silentFailure: true, flags: ["error_text", "no_error_code"] },
  },
  {
    name: "a stack trace returned as success is error_text and raw_exception",
    report: {
      response: textResult(
        "Traceback (most recent call last):\n  File \"/srv/app.py\", line 12, in handler\n    doc = parse(body)\nKeyError: 'pages'",
      ),
    },
    expect: {
      silentFailure: true,
      category: "internal",
      flags: ["error_text", "no_error_code", "raw_exception"],
    },
  },
  {
    name: '"403 Forbidden" as text is http_error_text, permission, http_403',
    report: { response: textResult("403 Forbidden") },
    expect: {
      silentFailure: true,
      category: "permission",
      errorCode: "http_403",
      retryable: false,
      // The status was read from the words: no field carried it.
      flags: ["http_error_text", "code_in_prose"],
    },
  },
  {
    name: '"401 Unauthorized" as text is auth',
    report: { response: textResult("401 Unauthorized: token expired") },
    expect: { silentFailure: true, category: "auth", errorCode: "http_401" },
  },
  {
    name: "a 502 Bad Gateway HTML page as text is transient",
    report: {
      response: textResult(
        "<html>\n<head><title>502 Bad Gateway</title></head>\n<body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body>\n</html>",
      ),
    },
    expect: {
      silentFailure: true,
      category: "transient",
      errorCode: "http_502",
      retryable: true,
      // A 502 means "try later" by itself; but only the page's words carried it.
      flags: ["http_error_text", "code_in_prose", "retry_hint"],
    },
  },
  {
    name: '"500 Internal Server Error" as text is internal',
    report: { response: textResult("HTTP/1.1 500 Internal Server Error") },
    expect: { silentFailure: true, category: "internal", errorCode: "http_500" },
  },
  {
    name: "Not authorised prose is permission",
    report: { response: textResult("Not authorised to view payroll data") },
    expect: { silentFailure: true, category: "permission", flags: ["error_text", "no_error_code"] },
  },
  {
    name: "an expired-token message is auth",
    report: { response: textResult("Your token has expired. Please reconnect.") },
    expect: { silentFailure: true, category: "auth" },
  },
  {
    name: "GraphQL 200 with errors and data: null",
    report: {
      tool: "list_issues",
      response: textResult(
        '{"data":null,"errors":[{"message":"Field \\"issues\\" requires authentication","extensions":{"code":"UNAUTHENTICATED"}}]}',
      ),
    },
    expect: {
      silentFailure: true,
      category: "auth",
      errorCode: "UNAUTHENTICATED",
      partial: false,
      flags: ["graphql_errors_no_data"],
    },
  },
  {
    name: "GraphQL errors with every data field null is still no data",
    report: {
      tool: "get_repo",
      response: textResult(
        '{"data":{"repository":null,"owner":null},"errors":[{"message":"Something broke"}]}',
      ),
    },
    expect: { silentFailure: true, category: "unknown", flags: ["graphql_errors_no_data", "no_error_code"] },
  },
  {
    name: "GraphQL errors in structuredContent count too",
    report: {
      tool: "get_repo",
      response: result([{ type: "text", text: "see structured" }], {
        structuredContent: {
          data: null,
          errors: [{ message: "rate limited", extensions: { code: "RATE_LIMITED" } }],
        },
      }),
    },
    expect: { silentFailure: true, category: "rate_limited", errorCode: "RATE_LIMITED", retryable: true },
  },
  {
    name: "GraphQL data with field errors is partial, not a failure",
    report: {
      tool: "get_org",
      response: textResult(
        '{"data":{"organization":{"name":"Acme","billing":null}},"errors":[{"message":"Not authorised to read billing","path":["organization","billing"]}]}',
      ),
    },
    expect: { ...OK_CLEAN, partial: true, flags: ["graphql_partial"] },
  },
  {
    name: "identity tool answering {data:{viewer:null}} inside a text block",
    report: { tool: "viewer", response: textResult('{"data":{"viewer":null}}') },
    expect: {
      silentFailure: true,
      category: "auth",
      retryable: false,
      empty: false,
      flags: ["identity_null", "no_error_code"],
    },
  },
  {
    name: "identity tool get_current_user answering null",
    report: { tool: "get_current_user", response: textResult("null") },
    expect: {
      silentFailure: true,
      category: "auth",
      flags: ["identity_null", "no_error_code", "opaque_error"],
    },
  },
  {
    name: "identity tool named with a prefix and camelCase (manage__whoAmI)",
    report: { tool: "manage__whoAmI", response: result([], { structuredContent: { user: null } }) },
    expect: { silentFailure: true, flags: ["identity_null", "no_error_code"] },
  },
  {
    name: "identity tool me answering an empty object",
    report: { tool: "me", response: textResult("{}") },
    expect: { silentFailure: true, flags: ["identity_null", "no_error_code"] },
  },
  {
    name: "identity tool with GraphQL UNAUTHENTICATED carries the code",
    report: {
      tool: "viewer",
      response: textResult(
        '{"data":{"viewer":null},"errors":[{"message":"token expired","extensions":{"code":"UNAUTHENTICATED"}}]}',
      ),
    },
    expect: { silentFailure: true, category: "auth", errorCode: "UNAUTHENTICATED", flags: ["identity_null"] },
  },
  {
    name: 'a JSON object with an error key and no data: {"error": "channel_not_found", "ok": false}',
    report: { tool: "post_message", response: textResult('{"ok":false,"error":"channel_not_found"}') },
    expect: { silentFailure: true, errorCode: "channel_not_found", flags: ["error_object"] },
  },
  {
    name: '{"success": false, "message": "Invalid API key"} is an auth error object',
    report: { response: textResult('{"success": false, "message": "Invalid API key"}') },
    expect: { silentFailure: true, category: "auth", flags: ["error_object", "no_error_code"] },
  },
  {
    name: '{"status": "error", "message": …} is an error object',
    report: { response: textResult('{"status":"error","message":"upstream timed out"}') },
    expect: {
      silentFailure: true,
      category: "transient",
      retryable: true,
      flags: ["error_object", "no_error_code"],
    },
  },
  {
    name: '{"error": {"code": "forbidden", "message": …}} reads the nested code',
    report: { response: textResult('{"error":{"code":"forbidden","message":"no access to this board"}}') },
    expect: { silentFailure: true, category: "permission", errorCode: "forbidden", flags: ["error_object"] },
  },
  {
    name: "structuredContent.error while isError is not true is structured_error_ignored",
    report: {
      response: textResult("Done.", {
        structuredContent: { error: { code: "payment_required", message: "add credit" } },
      }),
    },
    expect: {
      silentFailure: true,
      category: "business",
      errorCode: "payment_required",
      flags: ["structured_error_ignored"],
    },
  },
  {
    name: "explicit metadata in a silent failure wins for category and retryable",
    report: { response: textResult('{"error":"busy","errorCategory":"transient","isRetryable":false}') },
    expect: { silentFailure: true, category: "transient", retryable: false },
  },
  {
    name: "an empty JSON array is a valid empty result",
    report: { tool: "list_orders", response: textResult("[]") },
    expect: { ...OK_CLEAN, empty: true, flags: ["empty_result"] },
  },
  {
    name: "an empty JSON object is a valid empty result",
    report: { tool: "list_orders", response: textResult("{}") },
    expect: { ...OK_CLEAN, empty: true, flags: ["empty_result"] },
  },
  {
    name: "an object of empty collections and zero counts is empty",
    report: { tool: "search_orders", response: textResult('{"data":{"orders":[]},"total":0,"next":null}') },
    expect: { ...OK_CLEAN, empty: true, flags: ["empty_result"] },
  },
  {
    name: "an empty content array is a valid empty result",
    report: { response: result([]) },
    expect: { ...OK_CLEAN, empty: true, flags: ["empty_result"] },
  },
  {
    name: '"No orders for this customer" is empty, not a failure',
    report: { tool: "get_orders", response: textResult("No orders for this customer") },
    expect: { ...OK_CLEAN, empty: true, flags: ["empty_result"] },
  },
  {
    name: '"No results found." is empty',
    report: { tool: "find_docs", response: textResult("No results found.") },
    expect: { ...OK_CLEAN, empty: true, flags: ["empty_result"] },
  },
  {
    name: '"0 matching documents" is empty',
    report: { tool: "find_docs", response: textResult("0 matching documents") },
    expect: { empty: true },
  },
  {
    name: "empty structuredContent items is empty",
    report: {
      tool: "find_docs",
      response: result([{ type: "text", text: "[]" }], { structuredContent: { items: [] } }),
    },
    expect: { empty: true, flags: ["empty_result"] },
  },
];

describe("classify: silent failures, partial and empty results", () => {
  it.each(cases)("$name", ({ report, expect: expected }) => {
    const classification = classify({ ...base, ...report });
    const { flags, ...fields } = expected;
    expect(classification).toMatchObject(fields);
    if (flags) expect([...classification.flags].sort()).toEqual([...flags].sort());
  });
});
