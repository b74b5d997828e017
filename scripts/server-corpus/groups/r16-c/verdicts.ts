// Verdicts for group r16-c, written from the captured exchanges (test/fixtures/server-corpus/groups/r16-c.jsonl),
// each read in full, by the rules in test/fixtures/server-corpus/README.md. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, partial, rpc, silent, tool, wire } from "../../verdict-helpers.js";

const TIMEOUT = "no answer within the client's 3 s (-32001 Request timed out)";

export const VERDICTS: Record<string, Verdict> = {
  // ------------------------------------------------------------------------------- sendgrid-mcp (stdio)
  "sg-001": ok("the key's scopes as JSON"),
  "sg-002": ok("two marketing lists with their contact counts"),
  "sg-003": ok("one dynamic template with its active version"),
  "sg-004": ok("the template and its versions"),
  "sg-005": tool(
    "validation",
    "http_404",
    false,
    'isError "SendGrid API error (404): {"errors":[{"field":"","message":"resource not found"}]}" for an unknown template id',
  ),
  "sg-006": tool(
    "validation",
    "http_404",
    false,
    "the same 404 for the same missing template; repeated after a non-retryable failure",
    true,
  ),
  "sg-007": ok('a contact search that matched nobody: {"result":[],"contact_count":0}', true),
  "sg-008": partial(
    "validation",
    null,
    false,
    'one address found, the other answered {"error":"contact not found"} inside a 200 result',
  ),
  "sg-009": tool(
    "validation",
    "http_404",
    false,
    'isError "SendGrid API error (404): … No contacts found" for an address that is not a contact',
  ),
  "sg-010": ok("one contact with its lists and custom fields"),
  "sg-011": ok("three days of global metrics"),
  "sg-012": tool(
    "validation",
    "http_400",
    false,
    'isError quoting SendGrid\'s 400 on field start_date: "is not a valid date. Please use the format YYYY-MM-DD."',
  ),
  "sg-013": tool(
    "permission",
    "http_403",
    false,
    'isError "SendGrid API error (403): … access forbidden" — one of the five stats endpoints the overview fans out to is not allowed for this key, and the whole tool failed',
  ),
  "sg-014": tool(
    "internal",
    null,
    false,
    'isError "Unexpected end of JSON input": the server parses the empty body of SendGrid\'s 202 as JSON (the mail itself was accepted)',
  ),
  "sg-015": tool(
    "permission",
    "http_403",
    false,
    'isError quoting SendGrid\'s 403 "The from address does not match a verified Sender Identity…" (field from)',
  ),
  "sg-016": tool(
    "validation",
    "http_400",
    false,
    'isError quoting SendGrid\'s 400 "This list name is already in use…" (field name): already exists',
  ),
  "sg-017": ok("the new custom field with its id"),
  "sg-018": tool(
    "validation",
    "-32602",
    false,
    "isError \"MCP error -32602: Input validation error: … Invalid enum value. Expected 'Text' | 'Number' | 'Date', received 'Boolean' at field_type\"",
  ),
  "sg-019": silent(
    "validation",
    null,
    false,
    'no isError, but the whole text is "Error: query_dsl must be valid JSON. Please provide a properly formatted query."',
  ),
  "sg-020": tool(
    "auth",
    "http_401",
    false,
    'isError "SendGrid API error (401): … authorization required" (the key was deleted)',
  ),
  "sg-021": tool(
    "rate_limited",
    "http_429",
    true,
    'isError "SendGrid API error (429): … too many requests" (the rate-limit headers are not passed on)',
  ),
  "sg-022": tool(
    "transient",
    "http_502",
    true,
    "isError quoting status 502 and Cloudflare's HTML Bad Gateway page",
  ),
  "sg-023": wire("transient", "timeout", true, TIMEOUT),
  "sg-024": tool("unknown_tool", "-32602", false, 'isError "MCP error -32602: Tool send_sms not found"'),
  "sg-025": tool(
    "transient",
    null,
    true,
    'isError "fetch failed": SendGrid could not be reached (connection refused, not named in the text)',
  ),
  "sg-026": wire(
    "transient",
    "connection_closed",
    true,
    "the server process was killed mid-call: -32000 Connection closed",
  ),

  // ------------------------------------------------------------ @agentx-ai/mailchimp-mcp-server (stdio)
  "mc-001": ok("the account's root resource"),
  "mc-002": ok("two audiences, one of them with no members"),
  "mc-003": ok("one audience with its defaults and stats"),
  "mc-004": rpc(
    "validation",
    "http_404",
    false,
    'JSON-RPC -32603 "Mailchimp API Error: 404 Not Found - {…"title":"Resource Not Found"…}" for an unknown audience id',
  ),
  "mc-005": rpc(
    "validation",
    "http_404",
    false,
    "the same 404 for the same missing audience; repeated after a non-retryable failure",
    true,
  ),
  "mc-006": ok("two members with their status"),
  "mc-007": ok("an audience without members: []", true),
  "mc-008": rpc(
    "validation",
    "http_404",
    false,
    "the required list_id was left out; the server called /lists/undefined/members and relayed Mailchimp's 404 as -32603",
  ),
  "mc-009": rpc(
    "validation",
    "http_404",
    false,
    "-32603 quoting Mailchimp's 404 Resource Not Found for a subscriber hash not in the audience",
  ),
  "mc-010": ok("one sent campaign"),
  "mc-011": ok("the campaign's report: opens, clicks, bounces, revenue"),
  "mc-012": ok("no classic automations: []", true),
  "mc-013": rpc(
    "internal",
    "-32603",
    false,
    "-32603 \"Cannot read properties of undefined (reading 'map')\": the server reads `subscribers` where Mailchimp's queue answer has `queue` (a server bug)",
  ),
  "mc-014": ok("one saved segment"),
  "mc-015": ok("one user template"),
  "mc-016": ok("one connected store"),
  "mc-017": rpc(
    "validation",
    "http_404",
    false,
    "-32603 quoting Mailchimp's 404 Resource Not Found for an order the store does not have",
  ),
  "mc-018": rpc(
    "auth",
    "http_401",
    false,
    '-32603 quoting Mailchimp\'s 401 "API Key Invalid … Your API key may be invalid"',
  ),
  "mc-019": rpc(
    "permission",
    "http_403",
    false,
    '-32603 quoting Mailchimp\'s 403 Forbidden "User does not have access to the requested operation"',
  ),
  "mc-020": rpc(
    "rate_limited",
    "http_429",
    true,
    '-32603 quoting Mailchimp\'s 429 "You have exceeded the limit of 10 simultaneous connections."',
  ),
  "mc-021": rpc(
    "internal",
    "http_500",
    true,
    '-32603 quoting Mailchimp\'s 500 "An unexpected internal error has occurred…"',
  ),
  "mc-022": rpc(
    "transient",
    "http_503",
    true,
    "-32603 quoting 503 Service Unavailable and Akamai's HTML page",
  ),
  "mc-023": rpc(
    "transient",
    "-32603",
    true,
    '-32603 "Unexpected token \'<\', "<!DOCTYPE "... is not valid JSON": an HTML page where the API\'s JSON was expected (a maintenance page)',
  ),
  "mc-024": wire("transient", "timeout", true, TIMEOUT),
  "mc-025": rpc("unknown_tool", "-32603", false, '-32603 "Unknown tool: create_campaign"'),
  "mc-026": rpc(
    "transient",
    "econnrefused",
    true,
    '-32603 "request to https://us21.api.mailchimp.com/3.0/lists… failed, reason: connect ECONNREFUSED …"',
  ),

  // -------------------------------------------------------------------------------- mcp-mailtrap (stdio)
  "mt-001": ok("the one account the token reaches"),
  "mt-002": ok("one template, listed as text"),
  "mt-003": ok("the template with its HTML and text bodies"),
  // Re-judged 2026-12-06 (errorCode) by the convention for a message that is only a status's reason
  // phrase, after a label or before the body's message (test/fixtures/server-corpus/README.md).
  "mt-004": tool("validation", "http_404", false, 'isError "Failed to get template: Not Found"'),
  // Re-judged 2026-12-06 (errorCode) by the convention for a message that is only a status's reason
  // phrase, after a label or before the body's message (test/fixtures/server-corpus/README.md).
  "mt-005": tool(
    "validation",
    "http_404",
    false,
    "the same Not Found for the same missing template; repeated after a non-retryable failure",
    true,
  ),
  // Re-judged 2026-12-06 (errorCode) by the convention for a message that is only a status's reason
  // phrase, after a label or before the body's message (test/fixtures/server-corpus/README.md).
  "mt-006": tool(
    "validation",
    "http_404",
    false,
    'isError "Failed to get template: Not Found": a name where the numeric id belongs (the server passed it on unchecked)',
  ),
  "mt-007": tool(
    "validation",
    null,
    false,
    'isError "Failed to create template: has already been taken" (the name exists)',
  ),
  "mt-008": ok("the receipt was sent; message id returned"),
  "mt-009": tool(
    "permission",
    null,
    false,
    'isError "Failed to send email: Unauthorized: sender domain is not verified for this token"',
  ),
  "mt-010": ok("the test e-mail landed in the sandbox inbox"),
  "mt-011": ok('"No messages found in the sandbox inbox."', true),
  "mt-012": ok("two sending domains, one not yet DNS-verified (data, not a failure)"),
  "mt-013": ok("the contact with its fields and lists"),
  // Re-judged 2026-12-06 (errorCode) by the convention for a message that is only a status's reason
  // phrase, after a label or before the body's message (test/fixtures/server-corpus/README.md).
  "mt-014": tool("validation", "http_404", false, 'isError "Failed to get contact: Not Found"'),
  "mt-015": tool(
    "validation",
    null,
    false,
    'isError "Failed to create contact: email: has already been taken" (already exists)',
  ),
  "mt-016": ok('"No contact lists in your Mailtrap account."', true),
  "mt-017": ok('"No suppressions found matching email …"', true),
  "mt-018": tool(
    "validation",
    null,
    false,
    'isError "Failed to get sending stats: end_date: must be after start_date"',
  ),
  "mt-019": tool("permission", null, false, 'isError "Failed to get billing usage: Access forbidden"'),
  "mt-020": tool("auth", null, false, 'isError "Failed to list templates: Incorrect API token"'),
  "mt-021": tool("rate_limited", null, true, 'isError "Failed to list sending domains: Rate limit exceeded"'),
  // Re-judged 2026-12-06 (errorCode) by the convention for a message that is only a status's reason
  // phrase, after a label or before the body's message (test/fixtures/server-corpus/README.md).
  "mt-022": tool(
    "internal",
    "http_500",
    true,
    'isError "Failed to list templates: Internal Server Error" (the API\'s 500, status not quoted)',
  ),
  "mt-023": tool("transient", "http_504", true, "isError quoting nginx's HTML 504 Gateway Time-out page"),
  "mt-024": wire("transient", "timeout", true, TIMEOUT),
  "mt-025": rpc("unknown_tool", "-32603", false, 'JSON-RPC -32603 "Unknown tool: list-sms-messages"'),
  "mt-026": tool(
    "transient",
    "econnrefused",
    true,
    'isError "Failed to list templates: connect ECONNREFUSED 127.0.0.1:40402"',
  ),
};
