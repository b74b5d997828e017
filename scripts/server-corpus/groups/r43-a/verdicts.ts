// Verdicts for group r43-a, written from the captured exchanges (test/fixtures/server-corpus/groups/r43-a.jsonl)
// without reading or running Faultline's classifier.
//
// clockify-mcp answers a success as `{"ok":true,"action":…,"data":…,"meta":…}` (text and structuredContent) and every
// failure as result.isError with one line of text: its own checks in plain words ("end must be after start"), an
// upstream HTTP error as `clockify GET failed: <status> <reason>: <Clockify's message> (upstream_code=<code>)`, a
// network error as Go's `dial tcp …: connect: connection refused`. Only an unknown tool is a JSON-RPC error (-32602).

import type { Verdict } from "../../verdicts.js";
import { ok, rpc, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  "a-ck-001": ok("ok:true with the key's user (Maren Lindqvist) and the resolved workspace id."),
  "a-ck-002": ok("ok:true with the workspace's three projects and their clients and rates."),
  "a-ck-003": ok(
    "A project search by name that found nothing: ok:true, data [] and meta.count 0. A search, so empty, not a failed lookup.",
    true,
  ),
  "a-ck-004": ok("ok:true with the project named Website Relaunch (resolved by name, then fetched by id)."),
  "a-ck-005": tool(
    "validation",
    null,
    false,
    "isError: \"project 'Atlas Migration' not found. Use clockify_list_projects to see available projects\" — a named thing that does not exist. No code in the text.",
  ),
  "a-ck-006": ok("ok:true with the four time entries of 1–4 December."),
  "a-ck-007": ok("Today's entries: ok:true, data [], count 0 — a list that found nothing.", true),
  "a-ck-008": ok(
    "Timer status: ok:true, running false, entry null. The tool answers whether a timer runs; 'none' is the answer, not a missing thing.",
  ),
  "a-ck-009": tool(
    "validation",
    null,
    false,
    'isError: "end must be after start" — the server\'s own check of the arguments (nothing was sent upstream). No code.',
  ),
  "a-ck-010": ok("ok:true with the created entry (08:30–10:00 UTC, 1 h 30 min) and the resolved project id."),
  "a-ck-011": ok("ok:true with the time entry asked for."),
  "a-ck-012": tool(
    "validation",
    "501",
    false,
    "isError relaying Clockify's 400: \"TIMEENTRY with id … doesn't belong to WORKSPACE with id …\" with upstream_code=501. The entry does not exist in this workspace: validation. The code member Clockify sends is 501 (its generic error code, not an HTTP status), which the text carries as upstream_code; that wins over the quoted 400.",
  ),
  "a-ck-013": tool(
    "validation",
    "501",
    false,
    "The same lookup of the missing entry, unchanged, after a non-retryable failure of the same tool with the same arguments: the same 400 / upstream_code=501. A wasted retry.",
    true,
  ),
  "a-ck-014": ok("ok:true with the started entry (start set, no end)."),
  "a-ck-015": ok("ok:true with the stopped entry (end set)."),
  "a-ck-016": tool(
    "permission",
    "501",
    false,
    "isError: \"clockify GET failed: 403 Forbidden: Access Denied (upstream_code=501)\" — a regular member may not list the workspace's users. Permission; the payload's code member is 501.",
  ),
  "a-ck-017": ok("ok:true with the summary report: totals and three project groups."),
  "a-ck-018": tool(
    "validation",
    null,
    false,
    'isError: "invalid start: unrecognized datetime format: \\"last tuesday\\"" — a bad argument, refused by the server\'s parser. No code.',
  ),
  "a-ck-019": tool(
    "validation",
    null,
    false,
    'isError: "confirmation token required" — the server\'s policy wants a token minted by a dry_run:true call first; the call lacks a required argument, so validation (nothing upstream refused it). Ambiguous: a policy refusal could be read as permission.',
  ),
  "a-ck-020": tool(
    "rate_limited",
    "429",
    true,
    'isError: "clockify GET failed: 429 Too Many Requests: Too many requests (upstream_code=429)". Rate limited, retryable; the code member is 429.',
  ),
  "a-ck-021": tool(
    "internal",
    "500",
    true,
    'isError: "clockify GET failed: 500 Internal Server Error: Internal server error (upstream_code=500)" — the API\'s 500 relayed. Internal, retryable by the contract; the code member is 500.',
  ),
  "a-ck-022": tool(
    "transient",
    "http_502",
    true,
    "isError: \"clockify GET /workspaces/…/clients failed: 502 Bad Gateway: <!DOCTYPE html>…\" — Cloudflare's 502 page relayed after the server's own retries (about 2 s). A gateway error: transient, retryable; no code member, the quoted status gives http_502.",
  ),
  "a-ck-023": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 4 s: MCP error -32001 Request timed out. Transport error, timeout, retryable.",
  ),
  "a-ck-024": tool(
    "transient",
    "econnrefused",
    true,
    'isError: Go\'s "dial tcp 127.0.0.1:45200: connect: connection refused" — the API unreachable. Transient, retryable; the system error is ECONNREFUSED, written lower-case.',
  ),
  "a-ck-025": rpc(
    "unknown_tool",
    "-32602",
    false,
    'JSON-RPC error -32602 "unknown tool: clockify_list_invoices". The words say unknown tool, which decides over the generic code; the code is the JSON-RPC one.',
  ),
  "a-ckx-001": tool(
    "auth",
    "1000",
    false,
    'isError: "clockify GET failed: 401 Unauthorized: Full authentication is required to access this resource (upstream_code=1000)" — the revoked key. Auth; the code member is 1000.',
  ),
  "a-ckx-002": tool(
    "auth",
    "1000",
    false,
    "A different tool with the same revoked key: the same 401 / upstream_code=1000. Not a wasted retry (different tool and arguments).",
  ),
};
