// Verdicts for group r35-a, written from the captured exchanges (test/fixtures/server-corpus/groups/r35-a.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, rpc, silent, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // @twilio-alpha/mcp (Twilio Video): a failed API call is thrown, so the SDK's low-level Server answers JSON-RPC
  // -32603 whose message is the API's body verbatim.
  "tvid-001": ok("two rooms in progress, with the page's meta"),
  "tvid-002": ok("the new group room, status in-progress"),
  "tvid-003": ok("one room by SID"),
  "tvid-004": ok("two connected participants"),
  "tvid-005": ok("the room's recordings: recordings [] — a listing that found nothing", true),
  "tvid-006": rpc(
    "validation",
    "20404",
    false,
    "-32603 whose message is Twilio's 404 body: code 20404 'The requested resource /Rooms/RM000… was not found'",
  ),
  "tvid-007": rpc(
    "validation",
    "20404",
    false,
    "the same FetchRoom with the same Sid after a non-retryable 20404, failing the same way",
    true,
  ),
  "tvid-008": rpc(
    "validation",
    "53113",
    false,
    "Twilio 400, code 53113 'Unable to create record: Room exists'",
  ),
  "tvid-009": rpc(
    "validation",
    "53108",
    false,
    "Twilio 400, code 53108 'RoomType is not valid' (Type 'webinar')",
  ),
  "tvid-010": ok("the room, now status completed with end_time and duration"),
  "tvid-011": rpc(
    "validation",
    "53112",
    false,
    "Twilio 400, code 53112 'Unable to update record: Status is invalid' — the room is already completed",
  ),
  "tvid-012": ok("one completed composition"),
  "tvid-013": ok("a new composition, status enqueued"),
  "tvid-014": rpc(
    "validation",
    "20404",
    false,
    "20404 for '/Participants/{Sid}': the missing Sid argument was left in the path as a placeholder; the payload says not found (README, Ambiguous)",
  ),
  "tvid-015": rpc(
    "business",
    "53119",
    false,
    "Twilio 400, code 53119 'The concurrent Rooms quota was exceeded' — an account quota (README, Ambiguous)",
  ),
  "tvid-016": rpc("rate_limited", "20429", true, "Twilio 429 body, code 20429 'Too Many Requests'"),
  "tvid-017": rpc(
    "permission",
    "20403",
    false,
    "Twilio 403 body, code 20403 'Forbidden. You don't have permission to access this resource.'",
  ),
  "tvid-018": rpc("internal", "20500", true, "Twilio 500 body, code 20500 'Internal Server Error'"),
  "tvid-019": rpc(
    "transient",
    "http_503",
    true,
    "-32603 whose message is an HTML page titled '503 Service Temporarily Unavailable' — a gateway's page where JSON was expected",
  ),
  "tvid-020": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s: -32001 Request timed out",
  ),
  "tvid-021": rpc(
    "internal",
    "-32603",
    true,
    "-32603 'An error occurred while making the request' — the server replaces the refused connection with a generic sentence; no better signal (README, Ambiguous)",
  ),
  "tvid-022": rpc(
    "unknown_tool",
    "-32603",
    false,
    "-32603 'Tool (TwilioVideoV1--ListMeetings) not found' — the words decide over the catch-all code",
  ),
  "tvid-023": rpc(
    "auth",
    "20003",
    false,
    "Twilio 401 body, code 20003 'Authenticate' / 'Your AccountSid or AuthToken was incorrect.'",
  ),

  // @transloadit/mcp-server: thrown failures become isError text ('API error (HTTP n) CODE: message'); several paths
  // answer {status: "error", errors: [...]} as an ordinary result.
  "tlv-001": ok("five robots matching 'video'"),
  "tlv-002": ok("the /video/encode robot's summary and parameters"),
  "tlv-003": tool(
    "internal",
    "-32602",
    true,
    "isError 'MCP error -32602: Output validation error: … Expected robot or robots for ok status.' — the server's own answer for an unknown robot fails its output schema (README, Ambiguous)",
  ),
  "tlv-004": ok("status ok with one warning-level lint note"),
  "tlv-005": ok(
    "status 'error' with a linting issue about the instructions it was given (step 'nowhere' does not exist) — a validator's answer about its input",
  ),
  "tlv-006": ok("two templates, total 2"),
  "tlv-007": ok("templates [], total 0 — a search that found nothing", true),
  "tlv-008": ok("the new assembly, ok ASSEMBLY_EXECUTING, with next_steps"),
  "tlv-009": ok("the assembly's status, ASSEMBLY_EXECUTING"),
  "tlv-010": ok("the assembly completed (ASSEMBLY_COMPLETED) with one encoded result"),
  "tlv-011": tool(
    "validation",
    "ASSEMBLY_NOT_FOUND",
    false,
    "isError 'API error (HTTP 404) ASSEMBLY_NOT_FOUND: The Assembly … could not be found.'",
  ),
  "tlv-012": tool(
    "validation",
    "ASSEMBLY_NOT_FOUND",
    false,
    "the same status lookup with the same ID after a non-retryable ASSEMBLY_NOT_FOUND, failing the same way",
    true,
  ),
  "tlv-013": silent(
    "validation",
    "mcp_missing_args",
    false,
    "ok result {status: 'error', errors: [{code: 'mcp_missing_args', message: 'Provide assembly_url or assembly_id.'}]}",
  ),
  "tlv-014": silent(
    "validation",
    "mcp_template_not_found",
    false,
    "ok result {status: 'error'} with code mcp_template_not_found 'Template not found: meeting-recording-4k'",
  ),
  "tlv-015": tool(
    "validation",
    "ASSEMBLY_NO_STEPS",
    false,
    "isError 'API error (HTTP 400) ASSEMBLY_NO_STEPS: No steps were given for this Assembly.'",
  ),
  "tlv-016": silent(
    "rate_limited",
    "mcp_list_templates_failed",
    true,
    "ok result {status: 'error', templates: []} whose error (code mcp_list_templates_failed) reads 'API error (HTTP 429) RATE_LIMIT_REACHED: Request limit reached', after the client's five retries (README, Ambiguous)",
  ),
  "tlv-017": tool(
    "internal",
    "http_500",
    true,
    "isError 'API error (HTTP 500)' — nginx's 500 page, no body shown",
  ),
  "tlv-018": silent(
    "transient",
    "mcp_list_templates_failed",
    true,
    "ok result {status: 'error', templates: []} with code mcp_list_templates_failed 'API error (HTTP 502)'",
  ),
  "tlv-019": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s: -32001 Request timed out",
  ),
  "tlv-020": tool("transient", "econnrefused", true, "isError 'connect ECONNREFUSED 127.0.0.1:43151'"),
  "tlv-021": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool transloadit_cancel_assembly not found'",
  ),
  "tlv-022": silent(
    "auth",
    "mcp_list_templates_failed",
    false,
    "ok result {status: 'error', templates: []} whose error reads 'API error (HTTP 401) GET_ACCOUNT_UNKNOWN_AUTH_KEY: We could not find an account for the Auth Key …'",
  ),
  "tlv-023": tool(
    "auth",
    "GET_ACCOUNT_UNKNOWN_AUTH_KEY",
    false,
    "isError 'API error (HTTP 401) GET_ACCOUNT_UNKNOWN_AUTH_KEY: We could not find an account for the Auth Key …'",
  ),
};
