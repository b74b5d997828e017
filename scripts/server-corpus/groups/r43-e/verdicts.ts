// Verdicts for group r43-e, written from the captured exchanges (test/fixtures/server-corpus/groups/r43-e.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, tool, wire } from "../../verdict-helpers.js";

const WASTED =
  "The same tool with the same arguments failed non-retryably before in this session, and fails again.";

export const VERDICTS: Record<string, Verdict> = {
  // @shipeasy/mcp: every failure is an isError result. An admin-API error becomes "Error (<status>): <the body's
  // error>" (plus the body's `instructions` on a new line when there are any); the body's `code` member is not shown.
  // A 401 and a 403 are rewritten as "AUTH_REQUIRED: … (401)" / "AUTH_FORBIDDEN: … (403)" with a Cause/Fix block. A
  // body that is not JSON (a gateway page) leaves only "Error (502): HTTP 502"; no answer at all is "Error (0): HTTP
  // 0". The server's own refusals (the list-before-create guard, a missing `.shipeasy` binding, an unknown tool) are
  // isError texts with an upper-case label and send no request.
  "e-shp-001": ok(
    "whoami: the project (Lumenfold, Starter plan, active) with its modules and analysis defaults",
  ),
  "e-shp-002": ok(
    "the project's three gates as {data, next_cursor}, followed by the listToken block the list mints; a listing",
  ),
  "e-shp-003": ok(
    '{"data": [], "next_cursor": null} for the search "dark-mode", plus a fresh listToken: the search found no gate',
    true,
  ),
  "e-shp-004": ok("the checkout.new-flow gate: enabled, 25% rollout, country rule, version 7"),
  "e-shp-005": tool(
    "validation",
    "http_404",
    false,
    'isError "Error (404): The resource does not exist or is not visible to the caller.": the gate name does not exist; the text quotes the status and carries no code member',
  ),
  "e-shp-006": tool("validation", "http_404", false, `The same 404 for the same gate name. ${WASTED}`, true),
  "e-shp-007": ok("the gate came back with rolloutPct 5000 and version 8: the rollout was raised to 50%"),
  "e-shp-008": tool(
    "validation",
    "http_422",
    false,
    'isError "Error (422): The request body failed structural (schema) validation.": a rollout of 25000 basis points is out of range; a bad argument',
  ),
  "e-shp-009": ok('{"id": "gate_…", "enabled": true}: the semantic-search gate was turned on'),
  "e-shp-010": tool(
    "validation",
    "LIST_BEFORE_CREATE",
    false,
    'isError "LIST_BEFORE_CREATE: no `listToken` was supplied." with steps to call release_flags_list first: the server\'s own guard refused a create that lacks a required argument; the upper-case label is the machine code; the same call fails until a list is made',
  ),
  "e-shp-011": ok("one kill switch (payments.providers) with its value, switches and version per env"),
  "e-shp-012": ok("the adyen switch set to false on prod: the answer echoes id, env, switchKey and value"),
  "e-shp-013": ok("two experiments listed, one running with a winning verdict and one draft"),
  "e-shp-014": ok(
    "the running experiment's analysis: one row per group, the checklist group +6.8% with p 0.012",
  ),
  "e-shp-015": ok(
    'the draft experiment was found; its "results": [] and verdict not_started: no analysis exists yet, nothing to report',
    true,
  ),
  "e-shp-016": tool(
    "validation",
    "http_422",
    false,
    'isError "Error (422): The experiment has no goal metric set, which the requested action requires." with instructions to attach one first: a precondition of the experiment the caller must fix; no code member is shown, so the quoted status',
  ),
  "e-shp-017": tool(
    "business",
    "AUTH_FORBIDDEN",
    false,
    'isError "AUTH_FORBIDDEN: The requested feature requires a higher plan tier (e.g. sequential testing, …). (403)": the words say the plan does not include sequential testing, a plan limit and not a missing grant, though the server\'s label and its Fix block read as an access problem; the label is the machine code',
  ),
  "e-shp-018": tool(
    "validation",
    "PROJECT_NOT_BOUND",
    false,
    "isError \"PROJECT_NOT_BOUND: this MCP tool writes to a Shipeasy project, but the working directory is not bound to one.\" (no request sent): the server's local precondition for writes is unmet; the caller's setup must change (shipeasy bind), so not retryable",
  ),
  "e-shp-019": tool(
    "auth",
    "AUTH_REQUIRED",
    false,
    'isError "AUTH_REQUIRED: Missing or invalid admin SDK key. (401)" with a re-install Fix: the CLI token was refused',
  ),
  "e-shp-020": tool(
    "rate_limited",
    "http_429",
    true,
    'isError "Error (429): Too many requests": rate limited (the Retry-After header is not relayed)',
  ),
  "e-shp-021": tool(
    "internal",
    "http_500",
    true,
    'isError "Error (500): Unexpected server error.": the admin API\'s 500',
  ),
  "e-shp-022": tool(
    "transient",
    "http_502",
    true,
    'isError "Error (502): HTTP 502": a bad gateway in front of the API (its HTML page was dropped, only the status is left)',
  ),
  "e-shp-023": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out",
  ),
  "e-shp-024": tool(
    "transient",
    null,
    true,
    'isError "Error (0): HTTP 0": status 0 is the client\'s way of saying no HTTP answer came at all (the API was unreachable); read as a network failure, transient; 0 is not a status, so no code',
  ),
  "e-shp-025": tool(
    "unknown_tool",
    null,
    false,
    'isError "Error: unknown tool \\"release_flags_delete\\"": the tool does not exist',
  ),
};
