// Verdicts for group r44-a, written from the captured exchanges (test/fixtures/server-corpus/groups/r44-a.jsonl)
// without reading or running Faultline's classifier.
//
// @suiteinsider/netsuite-mcp relays each NetSuite tool call to NetSuite's AI Connector (a JSON-RPC tools/call) and
// answers with NetSuite's whole `result` — content and isError both — JSON-stringified into one ok text block. So a
// tool failure NetSuite reports (isError:true, with NetSuite REST's problem document or an {"error": …}) reaches the
// client as an ok result whose text is that failure: a silent failure. Failures the server itself sees are
// result.isError with one line: "❌ Not authenticated…", "❌ Error: Tool execution failed: <NetSuite's JSON-RPC
// message or axios's message>" (axios's "Request failed with status code <n>" for any non-2xx, "connect ECONNREFUSED
// …"), "❌ Error: NetSuite authentication failed. Please re-authenticate." for a 401, "❌ Error: Failed to refresh access
// token…", "❌ Authentication failed: <OAuth error>".

import type { Verdict } from "../../verdicts.js";
import { ok, silent, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  "a-ns-001": tool(
    "auth",
    null,
    false,
    'isError: "❌ Not authenticated. Please use the netsuite_authenticate tool first." — no credentials yet; a login is needed before any retry can succeed. No code.',
  ),
  "a-ns-002": ok(
    'Login finished: the user allowed access in the browser, the code was exchanged for tokens, and the tool answers "✅ Successfully authenticated with NetSuite!".',
  ),
  "a-ns-003": ok(
    "The relayed NetSuite result (JSON text inside the text) lists the account's four subsidiaries.",
  ),
  "a-ns-004": ok("The relayed result lists six reports the role may run."),
  "a-ns-005": ok(
    "The relayed result is November's income statement for subsidiary 2, with rows down to net income.",
  ),
  "a-ns-006": silent(
    "validation",
    null,
    false,
    'An ok text that is NetSuite\'s own tool failure: {"content":[{"text":"{\\"error\\":\\"Report with id -905 was not found or is not available to the current role.\\"}"}],"isError":true}. The proxy passed NetSuite\'s isError on as data. A named report that does not exist: validation. No code member.',
  ),
  "a-ns-007": ok("The relayed result holds the saved search's three rows (items below their reorder point)."),
  "a-ns-008": ok(
    "The saved search ran and matched nothing: results [] and count 0 in the relayed result, no isError. A search that found nothing.",
    true,
  ),
  "a-ns-009": silent(
    "validation",
    "SSS_INVALID_SRCH_ID",
    false,
    'An ok text carrying NetSuite\'s isError:true result: "SSS_INVALID_SRCH_ID: An nlobjSearch object with the id customsearch_open_so_q4 does not exist." A saved search that does not exist: validation. The NetSuite error code leads the message; taken as the code.',
  ),
  "a-ns-010": ok("The relayed result is the sales order record's fields and sublists."),
  "a-ns-011": ok("The relayed result is customer 1842 (Summit Trail Outfitters)."),
  "a-ns-012": silent(
    "validation",
    "NONEXISTENT_ID",
    false,
    'An ok text whose relayed result is isError:true with NetSuite REST\'s 404 problem document: "The record instance does not exist. Provide a valid record instance ID.", o:errorCode NONEXISTENT_ID. A missing record: validation, code from the o:errorCode member.',
  ),
  "a-ns-013": silent(
    "validation",
    "NONEXISTENT_ID",
    false,
    "The same lookup of the missing customer, unchanged, right after it failed non-retryably: the same relayed 404 NONEXISTENT_ID. A wasted retry (silent failures count).",
    true,
  ),
  "a-ns-014": ok("The relayed SuiteQL result: five sales orders (items, count 5, hasMore false)."),
  "a-ns-015": ok(
    "The SuiteQL query ran and matched no row: items [], count 0, totalResults 0, no isError. A query that found nothing.",
    true,
  ),
  "a-ns-016": silent(
    "validation",
    "INVALID_PARAMETER",
    false,
    "An ok text carrying NetSuite's isError:true result with a 400 problem document: \"Invalid search query. … Field 'shipdate_promised' for record 'transaction' was not found. Reason: NOT_EXPOSED …\", o:errorCode INVALID_PARAMETER. A bad query: validation.",
  ),
  "a-ns-017": ok("The relayed result: success true, sales order 10517 created, with its record URL."),
  "a-ns-018": silent(
    "permission",
    "INSUFFICIENT_PERMISSION",
    false,
    "An ok text carrying NetSuite's isError:true result with a 403 problem document: \"Permission Violation: You need the 'Transactions -> Make Journal Entry' permission …\", o:errorCode INSUFFICIENT_PERMISSION. The role may not make journal entries: permission.",
  ),
  "a-ns-019": tool(
    "unknown_tool",
    null,
    false,
    'isError: "❌ Error: Tool execution failed: Unknown tool: ns_deleteRecord" — NetSuite\'s JSON-RPC error message relayed as text (its code is not in the text). A tool that does not exist.',
  ),
  "a-ns-020": tool(
    "rate_limited",
    "http_429",
    true,
    'isError: "❌ Error: Tool execution failed: Request failed with status code 429" — NetSuite\'s concurrency limit (the Retry-After and body are dropped by the server). Rate limited, retryable; the quoted status is the code.',
  ),
  "a-ns-021": tool(
    "internal",
    "http_500",
    true,
    "isError: \"❌ Error: Tool execution failed: Request failed with status code 500\" — NetSuite's 500 relayed as axios's message. Internal, retryable by default.",
  ),
  "a-ns-022": tool(
    "transient",
    "http_502",
    true,
    'isError: "❌ Error: Tool execution failed: Request failed with status code 502" — the edge\'s 502 page (not shown). A bad gateway: transient, retryable.',
  ),
  "a-ns-023": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 4 s: MCP error -32001 Request timed out (NetSuite answered 15 s late). Client timeout: transport_error, transient, retryable.",
  ),
  "a-ns-024": tool(
    "transient",
    "econnrefused",
    true,
    'isError: "❌ Error: Tool execution failed: connect ECONNREFUSED 127.0.0.1:45700" — NetSuite unreachable. Connection refused: transient, retryable; the system error name is the code.',
  ),
  "a-ns-025": tool(
    "auth",
    null,
    false,
    'isError: "❌ Error: NetSuite authentication failed. Please re-authenticate." — NetSuite answered 401 for the revoked token (status not shown). Invalid credentials: auth, not retryable without a new login. No code in the text.',
  ),
  "a-nsx-001": tool(
    "auth",
    null,
    false,
    'isError: "❌ Error: Failed to refresh access token. Please re-authenticate." — the stored access token had expired and NetSuite refused the refresh (invalid_grant, not shown). Expired credentials: auth, needs a new login. No code in the text.',
  ),
  "a-nsx-002": tool(
    "auth",
    "access_denied",
    false,
    "isError: \"❌ Authentication failed: access_denied\" plus a checklist — the OAuth login ended with the user denying access on NetSuite's consent page. A failed authentication, not retryable without the user's consent; the OAuth error code access_denied is the code.",
  ),
};
