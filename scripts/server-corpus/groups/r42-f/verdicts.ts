// Verdicts for group r42-f, written from the captured exchanges (test/fixtures/server-corpus/groups/r42-f.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, rpc, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // @fireberry/mcp-server: every failure its API client catches comes back as isError with one line of text — the
  // API's own `Message` (v2) or `message` (v3 query) when the body has that shape, else the server's own "Invalid
  // response format from API" (a body its schema refuses: a 401 on a metadata route, an empty field list) or "Unknown
  // error" (a body that is not JSON, or no answer at all). The HTTP status is never shown. Its zod argument checks are
  // isError "Error parsing … arguments {tree}"; an unknown tool is thrown from the low-level Server's handler, a
  // JSON-RPC -32603.
  "fb-001": ok(
    "six object types (Account, Contact, Opportunity, Case, Task, Product) with their objectType numbers",
  ),
  "fb-002": ok("the Contact object's five fields with their types"),
  "fb-003": ok("the Opportunity status picklist: Open, Proposal Sent, Negotiation, Won, Lost"),
  "fb-004": tool(
    "internal",
    null,
    true,
    "isError 'Invalid response format from API': by its words the API answered something the server could not read; " +
      "nothing says the object type does not exist (the API's empty list was refused by the server's non-empty schema)",
  ),
  "fb-005": ok("three accounts with name, email, revenue and owner, last page"),
  "fb-006": ok("query answered data [] on the last page: no account starts with Zeta", true),
  "fb-007": ok("three aggregated rows, sum and count of estimated value per status"),
  "fb-008": tool(
    "validation",
    null,
    false,
    "isError \"Invalid field name: 'annualrevenue'\": the query names a field that does not exist",
  ),
  "fb-009": tool(
    "validation",
    null,
    false,
    "the same invalid field name again, same tool and arguments as fb-008, which failed non-retryably",
    true,
  ),
  "fb-010": tool(
    "validation",
    null,
    false,
    "isError 'Error parsing query arguments' with the zod tree: 'between' requires an array of exactly 2 values",
  ),
  "fb-011": ok("record created: success true with the new contact's _id"),
  "fb-012": tool(
    "validation",
    null,
    false,
    "isError \"Invalid field name: 'mobile_phone'\": the record names a field the object lacks",
  ),
  "fb-013": ok("opportunity updated: success true, the record with statuscode 3 and the new value"),
  "fb-014": tool("validation", null, false, "isError 'Record not found': the opportunity id names nothing"),
  "fb-015": ok("custom object created: success true, objecttypecode 1003"),
  "fb-016": ok("field created: success true, systemField pcfRenewalDate"),
  "fb-017": rpc(
    "unknown_tool",
    "-32603",
    false,
    "JSON-RPC error -32603 'Unknown tool: record_delete': the words name an unknown tool over the generic code",
  ),
  "fb-018": tool(
    "rate_limited",
    null,
    true,
    "isError 'API rate limit exceeded. Please try again later.' (the 429 and its Retry-After are not shown)",
  ),
  "fb-019": tool(
    "internal",
    null,
    true,
    "isError 'An error has occurred.': the API's generic server-error message, no status or code shown",
  ),
  "fb-020": tool(
    "unknown",
    null,
    false,
    "isError 'Unknown error': nothing says what failed (a 502 HTML page the server could not parse, which the text hides)",
  ),
  "fb-021": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out",
  ),
  "fb-022": tool(
    "unknown",
    null,
    false,
    "isError 'Unknown error' again, here for a refused connection; the text carries no signal of it",
  ),
  "fb-023": tool(
    "internal",
    null,
    true,
    "isError 'Invalid response format from API' for a revoked token: the 401 body was refused by the server's schema, " +
      "so the words only say the API's answer could not be read",
  ),
  "fb-024": tool(
    "auth",
    null,
    false,
    "isError 'Authorization has been denied for this request.': the token is not accepted",
  ),

  // hnbcrm-mcp: the lead, pipeline and dashboard tools let the client's Error escape and the SDK's McpServer answers
  // isError with its message; the contact tools catch it themselves and answer the same isError text. The message is
  // the route's `error` member, else `HTTP <status>`; a network failure shows undici's "fetch failed". The SDK's own
  // input validation and unknown tool are isError "MCP error -32602 …".
  "hnb-001": ok("one board, Sales Pipeline, with four stages"),
  "hnb-002": ok("one lead with its contact, stage and assignee; hasMore false"),
  "hnb-003": ok("leads [] in the Closed Lost stage", true),
  "hnb-004": ok("the lead in full"),
  "hnb-005": tool("validation", null, false, "isError 'Lead not found'"),
  "hnb-006": tool(
    "validation",
    null,
    false,
    "isError 'ArgumentValidationError: Value does not match validator … v.id(\"leads\")': the lead id is malformed " +
      "(the route answered it as a 500, which the text does not show)",
  ),
  "hnb-007": ok("success true with the new lead's and contact's ids"),
  "hnb-008": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error … Required at title'",
  ),
  "hnb-009": ok("success true: the lead was moved"),
  "hnb-010": tool(
    "validation",
    null,
    false,
    "isError '[CONVEX M(leads:internalMoveLeadToStage)] … Server Error / Uncaught Error: Lead not found': the words " +
      "name a lead that does not exist, over the generic 'Server Error'",
  ),
  "hnb-011": ok("one contact matches Verde Agro"),
  "hnb-012": ok("contacts []: the search found nobody", true),
  "hnb-013": ok("the contact with missingFields linkedinUrl, industry, companySize, companyWebsite"),
  "hnb-014": ok("success true: enrichment written"),
  "hnb-015": tool("validation", null, false, "isError 'Contact not found'"),
  "hnb-016": tool(
    "validation",
    null,
    false,
    "the same missing contact again, same tool and arguments as hnb-015, which failed non-retryably",
    true,
  ),
  "hnb-017": ok("dashboard: pipeline stats per stage and leads by source"),
  "hnb-018": ok("two team members, a human admin and an AI agent"),
  "hnb-019": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool crm_close_deal not found'",
  ),
  "hnb-020": tool("rate_limited", null, true, "isError 'Rate limit exceeded — try again in a minute'"),
  "hnb-021": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out",
  ),
  "hnb-022": tool(
    "transient",
    null,
    true,
    "isError 'fetch failed': the request never got an answer (a network failure, its cause not shown)",
  ),
  "hnb-023": tool(
    "auth",
    null,
    false,
    "isError 'Invalid API key' (the route answered it with status 500, which the text does not show)",
  ),
};
