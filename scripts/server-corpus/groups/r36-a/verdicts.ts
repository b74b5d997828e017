// Verdicts for group r36-a, written from the captured exchanges (test/fixtures/server-corpus/groups/r36-a.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, rpc, silent, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // appstore-connect-mcp-server (App Store Connect): an axios failure is thrown as McpError -32603 "App Store Connect
  // API error: <the first error's detail, else axios's message>"; the server's own checks throw -32603 or -32602;
  // most list tools answer the old `toolResult` shape with `content: []`.
  "asc-001": ok("two apps, with paging meta"),
  "asc-002": ok("the app with its build included"),
  "asc-003": ok("two beta groups in toolResult.data (content is [])"),
  "asc-004": ok("the group's two testers in toolResult.data"),
  "asc-005": ok("toolResult.data [] with paging total 0 — a listing that found nothing", true),
  "asc-006": ok("the new tester, state INVITED"),
  "asc-007": rpc(
    "validation",
    "-32603",
    false,
    "-32603 'App Store Connect API error: The provided entity includes an attribute with an invalid value: 'kai.lindqvist@' is not a valid email address' — Apple's 409 code is not on the wire",
  ),
  "asc-008": rpc(
    "validation",
    "-32603",
    false,
    "-32603 'There is no resource of type 'apps' with id '1499999999'' — a named app that does not exist",
  ),
  "asc-009": rpc(
    "validation",
    "-32603",
    false,
    "the same get_app_info with the same appId after a non-retryable not-found, failing the same way",
    true,
  ),
  "asc-010": ok("two App Store versions in toolResult.data"),
  "asc-011": rpc(
    "validation",
    "-32603",
    false,
    "-32603 'You cannot create a new version of the App in the current state.' — refused while 3.8.0 waits for review; not retryable without someone acting (README, Ambiguous)",
  ),
  "asc-012": rpc(
    "validation",
    "-32603",
    false,
    "-32603 'Version string must be in format X.Y or X.Y.Z' — the server's own check of the argument",
  ),
  "asc-013": ok("two bundle ids"),
  "asc-014": ok("devices filtered to MAC_OS: data [] — nothing found", true),
  "asc-015": rpc(
    "permission",
    "-32603",
    false,
    "-32603 'The API key in use does not allow this request' — the key's role may not list users",
  ),
  "asc-016": rpc(
    "validation",
    "-32603",
    false,
    "-32603 'No app found with bundle ID: com.northwind.habits.watchkitapp' — a named thing that does not exist",
  ),
  "asc-017": rpc("validation", "-32602", false, "-32602 'Missing required parameters: appId'"),
  "asc-018": rpc(
    "rate_limited",
    "-32603",
    true,
    "-32603 'We've received too many requests for this API. Please wait and try again or slow down your request rate.'",
  ),
  "asc-019": rpc(
    "internal",
    "-32603",
    true,
    "-32603 'An unexpected error occurred on the server side. If this issue continues, contact us…' — Apple's 500",
  ),
  "asc-020": rpc(
    "transient",
    "http_502",
    true,
    "-32603 'App Store Connect API error: Request failed with status code 502' — a quoted 502",
  ),
  "asc-021": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s: -32001 Request timed out",
  ),
  "asc-022": rpc(
    "transient",
    "econnrefused",
    true,
    "-32603 'App Store Connect API error: connect ECONNREFUSED 127.0.0.1:43300'",
  ),
  "asc-023": rpc("unknown_tool", "-32601", false, "-32601 'Unknown tool: list_builds'"),
  "asc-024": rpc(
    "unknown_tool",
    "-32601",
    false,
    "-32601 'Sales reports are not available. Please set APP_STORE_CONNECT_VENDOR_NUMBER environment variable.' — a tool the server does not list without that setting (README, Ambiguous)",
  ),
  "asc-025": rpc(
    "auth",
    "-32603",
    false,
    "-32603 'Provide a properly configured and signed bearer token, and make sure that it has not expired…' — Apple's 401 for a key it no longer accepts",
  ),

  // @blocktopus/mcp-google-play (Google Play Developer API): every thrown error, the API's included, is returned as
  // an ordinary result 'Error: <message>' with no isError — silent failures.
  "gp-001": ok("the app's edit details (default language, contacts)"),
  "gp-002": ok("the production track with two releases"),
  "gp-003": ok(
    'the beta track answered as {"track": "beta"}, no releases — a listing that found nothing',
    true,
  ),
  "gp-004": ok("two reviews"),
  "gp-005": ok("reviews answered '{}' — none found", true),
  "gp-006": ok("'Successfully replied to review …'"),
  "gp-007": silent(
    "validation",
    null,
    false,
    "ok text 'Error: Review not found.' — a reply to a review that does not exist",
  ),
  "gp-008": ok("the en-US listing"),
  "gp-009": silent(
    "validation",
    null,
    false,
    "ok text 'Error: Package not found: com.northwind.habbits.' — a named app that does not exist",
  ),
  "gp-010": silent(
    "validation",
    null,
    false,
    "the same get_app_info with the same package after a non-retryable silent not-found, failing the same way",
    true,
  ),
  "gp-011": silent(
    "validation",
    null,
    false,
    "ok text 'Error: Changes cannot be sent for review automatically. Please set the query parameter changesNotSentForReview to true…' — the edit was not committed (README, Ambiguous)",
  ),
  "gp-012": ok("'Successfully updated en-US listing for com.northwind.pantry'"),
  "gp-013": ok(
    "a fixed note 'To list apps, you need to provide package names…' — the tool's designed answer, not an error (README, Ambiguous)",
  ),
  "gp-014": silent(
    "permission",
    null,
    false,
    "ok text 'Error: The caller does not have permission' — Google's 403 for an app the account was not granted",
  ),
  "gp-015": silent(
    "rate_limited",
    null,
    true,
    "ok text 'Error: Quota exceeded for quota metric 'Queries' and limit 'Queries per minute'…' after the client's own retries — a per-minute limit",
  ),
  "gp-016": silent("internal", null, true, "ok text 'Error: Internal error encountered.' — Google's 500"),
  "gp-017": silent(
    "transient",
    null,
    true,
    "ok text 'Error: The service is currently unavailable.' — Google's 503",
  ),
  "gp-018": wire("transient", "timeout", true, "no answer within the client's 3 s: -32001 Request timed out"),
  "gp-019": silent(
    "transient",
    "econnrefused",
    true,
    "ok text 'Error: request to https://androidpublisher.googleapis.com/… failed, reason: connect ECONNREFUSED 127.0.0.1:43301'",
  ),
  "gp-020": silent(
    "validation",
    "invalid_enum_value",
    false,
    "ok text 'Error: [ { \"code\": \"invalid_enum_value\", … received 'qa' } ]' — the zod issue as text",
  ),
  "gp-021": silent("unknown_tool", null, false, "ok text 'Error: Unknown tool: get_vitals'"),
  "gp-022": silent(
    "auth",
    "invalid_grant",
    false,
    "ok text 'Error: invalid_grant: Invalid JWT Signature.' — the token endpoint refused a deleted service-account key",
  ),

  // revenuecat-mcp (RevenueCat v2): every API failure becomes a JSON-RPC error with a fixed message by status —
  // 400 -32602 'Validation error', 401 -32600 'Unauthenticated', 403 -32600 'Forbidden', 404 -32602 'Not found',
  // 429 -32600 'Rate limited', anything else -32603 'Internal server error' (after up to three tries for 5xx and
  // network errors). The API's body never reaches the wire.
  "rc-001": ok("two offerings"),
  "rc-002": ok("the current offering"),
  "rc-003": ok("three products"),
  "rc-004": ok("the annual product"),
  "rc-005": rpc(
    "validation",
    "-32602",
    false,
    "-32602 'Validation error' — RevenueCat's 400 for the offering",
  ),
  "rc-006": rpc(
    "validation",
    "-32602",
    false,
    "-32602 'Validation error' — RevenueCat's 400 for the product",
  ),
  "rc-007": rpc("validation", "-32602", false, "-32602 'Not found' — an offering id that does not exist"),
  "rc-008": rpc(
    "validation",
    "-32602",
    false,
    "the same GetOffering with the same arguments after a non-retryable 'Not found', failing the same way",
    true,
  ),
  "rc-009": rpc(
    "validation",
    "-32602",
    false,
    "-32602 'Not found' — the server asked a path outside any project; the wire says not found (README, Ambiguous)",
  ),
  "rc-010": rpc("permission", "-32600", false, "-32600 'Forbidden' — a project the key does not belong to"),
  "rc-011": ok("'{success: true, message: Offering … deleted successfully}'"),
  "rc-012": rpc(
    "internal",
    "-32603",
    true,
    "-32603 'Internal server error' for a call without its id — the argument check's failure is hidden behind the generic message (README, Ambiguous)",
  ),
  "rc-013": rpc("rate_limited", "-32600", true, "-32600 'Rate limited'"),
  "rc-014": rpc(
    "internal",
    "-32603",
    true,
    "-32603 'Internal server error' — RevenueCat's 500, after the server's own three tries",
  ),
  "rc-015": rpc(
    "internal",
    "-32603",
    true,
    "-32603 'Internal server error' — the API answered 423 resource_locked_error; nothing of it is on the wire (README, Ambiguous)",
  ),
  "rc-016": wire("transient", "timeout", true, "no answer within the client's 3 s: -32001 Request timed out"),
  "rc-017": rpc(
    "internal",
    "-32603",
    true,
    "-32603 'Internal server error' — the connection was refused three times; the wire carries only the generic message (README, Ambiguous)",
  ),
  "rc-018": rpc(
    "internal",
    "-32603",
    true,
    "-32603 'Internal server error' for a tool the server does not have — nothing on the wire names the tool (README, Ambiguous)",
  ),
  "rc-019": rpc("auth", "-32600", false, "-32600 'Unauthenticated' — a secret key RevenueCat does not know"),
};
