// Verdicts for group r43-g, written from the captured exchanges (test/fixtures/server-corpus/groups/r43-g.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, rpc, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // @agentsecretstore/mcp: a low-level SDK `Server`. Every failure is thrown as an McpError and reaches the client as a
  // JSON-RPC error, never as isError: an upstream non-2xx is -32603 with the body's `detail` alone (no status), or
  // "HTTP <status> <statusText>" when the body is not JSON; a token request queued for human approval is -32600; its own
  // zod parse is -32602 "Invalid arguments: …"; an unknown tool -32601; a network failure -32603 "fetch failed".
  // Response headers (Retry-After) are dropped. No retries, no timeout of its own.
  "g-ass-001": ok("the four namespaces the agent can see, with their secret counts"),
  "g-ass-002": ok("metadata of the namespace's two secrets (keys, types, tiers, versions), no values"),
  "g-ass-003": ok('{"secrets": [], "total": 0}: the namespace holds no secrets yet', true),
  "g-ass-004": ok("the secret's value with its version, tier and timestamps"),
  "g-ass-005": rpc(
    "validation",
    "-32603",
    false,
    'JSON-RPC error -32603 "Secret not found": the key does not exist in the namespace (the API\'s 404 detail; no status or code member survives, so the JSON-RPC code is the code)',
  ),
  "g-ass-006": rpc(
    "validation",
    "-32603",
    false,
    'the same -32603 "Secret not found" for the same tool and arguments, after a non-retryable failure',
    true,
  ),
  "g-ass-007": ok("the new secret stored: path, version 1, tier and type"),
  "g-ass-008": rpc(
    "validation",
    "-32602",
    false,
    "JSON-RPC error -32602 \"Invalid arguments: secret_type: Invalid enum value … received 'password'\": the server's own zod parse refused the argument",
  ),
  "g-ass-009": rpc(
    "permission",
    "-32600",
    false,
    'JSON-RPC error -32600 "Human approval required. Approval ID: apr_… Use get_approval_status to check progress.": the secret is sensitive-tier and its read token waits for a human approver; the same call passes only once someone approves (see README, Ambiguous)',
  ),
  "g-ass-010": ok("the approval request: pending, 0 of 1 approvals"),
  "g-ass-011": rpc(
    "validation",
    "-32603",
    false,
    'JSON-RPC error -32603 "Approval request not found": the approval id does not exist',
  ),
  "g-ass-012": ok("a scoped token for secrets:read:staging/* with a 15 m ttl"),
  "g-ass-013": rpc(
    "permission",
    "-32603",
    false,
    "JSON-RPC error -32603 \"Scope 'secrets:read:finance/payroll/*' is outside this agent's allowed namespaces\": the agent may not read that namespace (the API's 403 detail)",
  ),
  "g-ass-014": ok(
    '{"requires_human_auth": true, "message": "Secret deletion requires human authorization. Use the dashboard … or the CLI …"}: the tool is documented to hand deletion to a human and did so; nothing was attempted that failed (see README, Ambiguous)',
  ),
  "g-ass-015": rpc(
    "auth",
    "-32603",
    false,
    'JSON-RPC error -32603 "Token has been revoked": the scoped token was revoked between issue and use; the server keeps it cached, so the same call fails again until it is restarted',
  ),
  "g-ass-016": rpc(
    "rate_limited",
    "-32603",
    true,
    'JSON-RPC error -32603 "Rate limit exceeded: 60 per 1 minute": throttled (the 429 status and Retry-After are not shown)',
  ),
  "g-ass-017": rpc(
    "internal",
    "http_500",
    true,
    "JSON-RPC error -32603 \"Internal Server Error\": the message is nothing but the 500 status's reason phrase (the API's detail), so it quotes that status",
  ),
  "g-ass-018": rpc(
    "transient",
    "http_502",
    true,
    'JSON-RPC error -32603 "HTTP 502 Bad Gateway": Cloudflare\'s 502 page in front of the API (not JSON, so the server reports the status)',
  ),
  "g-ass-019": wire(
    "transient",
    "timeout",
    true,
    "the client gave up after 4 s (-32001 Request timed out): the API answered 15 s late",
  ),
  "g-ass-020": rpc(
    "transient",
    "-32603",
    true,
    'JSON-RPC error -32603 "fetch failed": the API could not be reached (connection refused); undici\'s message carries no cause code',
  ),
  "g-ass-021": rpc(
    "unknown_tool",
    "-32601",
    false,
    'JSON-RPC error -32601 "Unknown tool: purge_secret": the server has no such tool',
  ),
  "g-ass-022": rpc(
    "validation",
    "-32602",
    false,
    'JSON-RPC error -32602 "Invalid arguments: key: Required": the required key argument is missing',
  ),
  "g-assk-001": rpc(
    "auth",
    "-32603",
    false,
    'JSON-RPC error -32603 "Invalid or revoked agent key": the token request with the rotated agent key was refused (the API\'s 401 detail)',
  ),
  "g-assk-002": rpc(
    "auth",
    "-32603",
    false,
    'JSON-RPC error -32603 "Invalid or revoked agent key": the approval lookup, sent with the agent key itself, refused the same way',
  ),

  // @jrejaud/op-mcp: an SDK McpServer whose tools run `op` (at OP_PATH) and return its stdout; when `op` exits non-zero
  // the tool throws op's stderr and the SDK turns it into isError text, so 1Password CLI's "[ERROR] <date> <time>
  // <message>" reaches the agent whole, with the HTTP status in parentheses where op prints one. A search that matches
  // nothing is an ordinary text answer. The SDK answers its own schema failures and unknown tools as isError
  // "MCP error -32602: …". It waits up to 30 s for op; the client's timeout came first.
  "g-op-001": ok("the two vaults the service account can use, with ids, versions and item counts"),
  "g-op-002": ok("the two items of the Engineering vault that match 'github', with their metadata"),
  "g-op-003": ok('"No items found matching \\"datadog\\"": the search found nothing', true),
  "g-op-004": tool(
    "validation",
    null,
    false,
    'isError "[ERROR] … a vault query must be provided when this command is called by a service account. Please specify one either through the --vault flag …": the call needs a vault argument; no code',
  ),
  "g-op-005": ok("the field's value, as op read printed it"),
  "g-op-006": tool(
    "validation",
    null,
    false,
    'isError "[ERROR] … could not read secret \'op://Engineering/Stripe live/credential\': … \\"Stripe live\\" isn\'t an item in the \\"Engineering\\" vault …": the item does not exist',
  ),
  "g-op-007": tool(
    "validation",
    null,
    false,
    "the same isError for the same tool and reference, after a non-retryable failure",
    true,
  ),
  "g-op-008": ok("the whole item with its fields and their op:// references"),
  "g-op-009": tool(
    "validation",
    null,
    false,
    "isError \"[ERROR] … item 'Engineering/GitHub deploy bot' does not have a field 'one-time password'\": the field does not exist",
  ),
  "g-op-010": ok("the created password item as op printed it"),
  "g-op-011": tool(
    "permission",
    "http_403",
    false,
    'isError "[ERROR] … (403) Forbidden: You don\'t have the permission to create items in the \\"Platform-Prod\\" vault.": the service account may only read that vault; the status is quoted',
  ),
  "g-op-012": ok("the item at version 4 with the new password"),
  "g-op-013": tool(
    "validation",
    null,
    false,
    'isError "[ERROR] … invalid assignment statement \\"passwd\\": assignment statements must have the format …": a malformed argument',
  ),
  "g-op-014": ok(
    "a 24-character password of letters and digits, as asked: op could not serve the server's op:// generator reference and the server fell back to its own generator, which is its documented path",
  ),
  "g-op-015": ok('"Item \\"Sentry relay token\\" archived.": op exited 0'),
  "g-op-016": tool(
    "validation",
    null,
    false,
    'isError "[ERROR] … \\"Marketing\\" isn\'t a vault in this account. Specify the vault with its ID or name.": the vault does not exist',
  ),
  "g-op-017": tool(
    "rate_limited",
    "http_429",
    true,
    'isError "[ERROR] … (429) Too Many Requests: You\'ve reached the maximum number of this type of requests this service account is allowed to make. Please retry in 58 minutes …": throttled; it will pass later',
  ),
  "g-op-018": tool(
    "internal",
    "http_500",
    true,
    'isError "[ERROR] … (500) Internal Server Error: An unexpected error occurred. Please try again later.": 1Password\'s own server error, status quoted',
  ),
  "g-op-019": tool(
    "transient",
    null,
    true,
    'isError "[ERROR] … could not get vaults: Get \\"https://…/api/v3/vaults\\": dial tcp: lookup …: i/o timeout": no network; Go\'s resolver message names no error code',
  ),
  "g-op-020": wire(
    "transient",
    "timeout",
    true,
    "the client gave up after 4 s (-32001 Request timed out): op answered 15 s late",
  ),
  "g-op-021": tool(
    "unknown_tool",
    "-32602",
    false,
    'isError "MCP error -32602: Tool item_share not found": the server has no such tool',
  ),
  "g-op-022": tool(
    "validation",
    "-32602",
    false,
    "isError \"MCP error -32602: Input validation error: … Invalid enum value … received 'api-credential' at category\": refused by the tool's schema before op ran",
  ),
  "g-opk-001": tool(
    "auth",
    "http_401",
    false,
    'isError "[ERROR] … (401) Unauthorized: You aren\'t authorized to perform this action.": the service account token was revoked; status quoted',
  ),
};
