// Verdicts for group r44-g, written from the captured exchanges (test/fixtures/server-corpus/groups/r44-g.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, rpc, wire } from "../../verdict-helpers.js";

const WASTED =
  "The same tool with the same arguments failed non-retryably before in this session, and fails again.";

export const VERDICTS: Record<string, Verdict> = {
  // @whop/mcp: every failure of the Whop API is an APIError thrown out of the low-level Server's handler, so the SDK
  // answers a JSON-RPC error -32603 whose message is "<status> <the body as JSON>" (here {"error": {"status", "type",
  // "message"}}), the body's HTML for a gateway page, or "Connection error."; an unknown tool is thrown the same way.
  // No result is ever isError. The SDK retries 408/409/429/5xx and connection errors twice before it throws.
  "g-whop-001": ok("the meetup group's company record"),
  "g-whop-002": ok("two products listed: the monthly meetup pass and the workshop day"),
  "g-whop-003": ok("the waitlisted workshop day's product record"),
  "g-whop-004": rpc(
    "validation",
    "not_found",
    false,
    'JSON-RPC -32603 "404 {"error":{"status":404,"type":"not_found","message":"Could not find that product. …"}}": the product id does not exist; error.type is the code member',
  ),
  "g-whop-005": ok("the two passes' plans (a monthly renewal and a waitlisted one-time seat with stock 0)"),
  "g-whop-006": ok(
    "two memberships listed, one active and one canceled: a listing, the canceled membership is data",
  ),
  "g-whop-007": ok('{"data": [], …}: no membership is past due', true),
  "g-whop-008": ok("the active membership with its plan, product and renewal period"),
  "g-whop-009": ok("one member found by name"),
  "g-whop-010": ok('{"data": [], …}: a member search that finds nobody', true),
  "g-whop-011": ok("the workshop's waitlist: one pending entry and one denied, with their answers"),
  "g-whop-012": ok('{"job_id": …}: the approval of the pending entry was accepted as a job'),
  "g-whop-013": rpc(
    "validation",
    "unprocessable_entity",
    false,
    'JSON-RPC -32603 "422 {"error":{"status":422,"type":"unprocessable_entity","message":"Only pending entries can be approved or denied."}}": the named entry is not in a state the call accepts',
  ),
  "g-whop-014": rpc(
    "validation",
    "unprocessable_entity",
    false,
    `The same 422 unprocessable_entity. ${WASTED}`,
    true,
  ),
  "g-whop-015": ok("a new 10 % promo code for the workshop with 20 uses, status active"),
  "g-whop-016": rpc(
    "validation",
    "invalid_request",
    false,
    'JSON-RPC -32603 "400 {"error":{"status":400,"type":"invalid_request","message":"Code must be between 3 and 32 characters and may only contain letters, numbers, dashes and underscores."}}": a bad argument',
  ),
  "g-whop-017": rpc(
    "validation",
    "unprocessable_entity",
    false,
    'JSON-RPC -32603 "422 {"error":{"status":422,"type":"unprocessable_entity","message":"This membership has already been canceled."}}": the named membership is not in a state the call accepts',
  ),
  "g-whop-018": ok('{"has_access": true, "access_level": "customer"}: the member holds the pass'),
  "g-whop-019": rpc(
    "permission",
    "forbidden",
    false,
    'JSON-RPC -32603 "403 {"error":{"status":403,"type":"forbidden","message":"You do not have permission to access this company. …"}}": the key may not read that company',
  ),
  "g-whop-020": rpc(
    "permission",
    "forbidden",
    false,
    'JSON-RPC -32603 "403 {"error":{"status":403,"type":"forbidden","message":"This API key is missing the required permission: plan:waitlist:manage"}}": a missing permission',
  ),
  "g-whop-021": rpc(
    "auth",
    "unauthorized",
    false,
    'JSON-RPC -32603 "401 {"error":{"status":401,"type":"unauthorized","message":"The API key provided is invalid or has been revoked."}}": the credentials were refused',
  ),
  "g-whop-022": rpc(
    "rate_limited",
    "rate_limited",
    true,
    'JSON-RPC -32603 "429 {"error":{"status":429,"type":"rate_limited","message":"Too many requests. …"}}" after about 2 s (the SDK\'s own retries)',
  ),
  "g-whop-023": rpc(
    "internal",
    "internal_server_error",
    true,
    'JSON-RPC -32603 "500 {"error":{"status":500,"type":"internal_server_error","message":"Something went wrong on our end. Please try again later."}}": the API\'s 500',
  ),
  "g-whop-024": rpc(
    "transient",
    "http_502",
    true,
    'JSON-RPC -32603 "502 <!DOCTYPE html> … api.whop.com | 502: Bad gateway": a gateway\'s error page with its status quoted',
  ),
  "g-whop-025": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out",
  ),
  "g-whop-026": rpc(
    "transient",
    "-32603",
    true,
    'JSON-RPC -32603 "Connection error.": the API could not be reached; no system error name is given, so the JSON-RPC code',
  ),
  "g-whop-027": rpc(
    "unknown_tool",
    "-32603",
    false,
    'JSON-RPC -32603 "Unknown tool: list_events": the words name an unknown tool',
  ),
};
