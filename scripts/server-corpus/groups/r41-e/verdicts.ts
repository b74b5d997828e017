// Verdicts for group r41-e, written from the captured exchanges (test/fixtures/server-corpus/groups/r41-e.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, silent, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // @pipedream/mcp 0.0.1 (Pipedream's own server, stdio, `--app mastodon`, SDK 1.x McpServer). Each tool is one
  // Pipedream action; a call answers Pipedream's run-action response pretty-printed as ordinary text, whatever it
  // holds: `{exports: {$summary}, os: [], ret}` on success, and when the Mastodon request inside the action failed,
  // `{exports: {debug: <the HTTP response>}, os: [{k: "error", err: {name: "AxiosError - Request failed with status
  // code N", message: <the body as JSON>}}]}` with no `ret` — never isError, so every Mastodon failure is silent. A
  // non-2xx answer from Pipedream's own API is thrown by its SDK ("HTTP error! status: N, body: …") and becomes
  // isError; so does the SDK's "ran out of attempts trying to retrieve oauth access token", which it raises after
  // swallowing three failed token requests, whatever failed them. No connected account answers a Connect link as
  // ordinary text. The server also prints "Running action: <key>" to stdout before each run (the client skips the line).
  "md-001": ok("'Successfully retrieved 5 item(s) from home timeline' with five statuses in ret"),
  "md-002": ok("'Successfully posted 1 status(es)': the new public status with its id and URL in ret"),
  "md-003": ok("'Successfully retrieved status with ID …': the friend's status in ret"),
  "md-004": silent(
    "validation",
    "http_404",
    false,
    "ordinary text holding the run's error: os[0] k 'error', 'AxiosError - Request failed with status code 404', " +
      'message {"error":"Record not found"}, no ret: the status id does not exist',
  ),
  "md-005": silent(
    "validation",
    "http_404",
    false,
    "the same 404 'Record not found' run error for the same tool and arguments, after a non-retryable failure",
    true,
  ),
  "md-006": ok("'Successfully retrieved 3 item(s)': three hashtags with their usage history"),
  "md-007": ok("'Successfully retrieved 0 item(s)' and ret []: an account search that found nobody", true),
  "md-008": ok("'Successfully retrieved 3 item(s) from hashtag timeline': three public #birding statuses"),
  "md-009": silent(
    "permission",
    "http_403",
    false,
    "ordinary text holding the run's error: status code 403, message " +
      '{"error":"This action is not allowed"}: Mastodon refuses to boost a followers-only status',
  ),
  "md-010": silent(
    "validation",
    "http_422",
    false,
    "ordinary text holding the run's error: status code 422, " +
      '{"error":"Validation failed: Text character limit of 500 exceeded"}: nothing was posted',
  ),
  "md-011": ok("'Successfully posted 3 statuses.': a thread of three, each a reply to the first"),
  "md-012": silent(
    "validation",
    null,
    false,
    "ordinary text holding the run's error: os[0] ConfigurationError 'Each status must be fewer than 500 characters " +
      "long.', empty exports, no ret: the action's own check refused the thread (a class name, not a code)",
  ),
  "md-013": ok("'Successfully retrieved 4 account(s) that the user is following' with the four accounts"),
  "md-014": ok("'Successfully deleted status with ID …': the deleted status in ret"),
  "md-015": silent(
    "validation",
    "http_404",
    false,
    "ordinary text holding the run's error: DELETE …/statuses/<id> failed with status code 404 'Record not found': " +
      "another account's status is not found among the user's own (a different tool than md-004/005)",
  ),
  "md-016": silent(
    "auth",
    "http_401",
    false,
    "ordinary text holding the run's error: status code 401, " +
      '{"error":"The access token was revoked"} (WWW-Authenticate invalid_token): the Mastodon grant must be renewed',
  ),
  "md-017": silent(
    "auth",
    null,
    false,
    "ordinary text 'You need to connect your account to call this tool. Please visit this URL …': the user has no " +
      "connected Mastodon account, nothing was posted until someone connects one (ambiguous: a prompt, not an error)",
  ),
  "md-018": silent(
    "rate_limited",
    "http_429",
    true,
    "ordinary text holding the run's error: status code 429, " +
      '{"error":"Too many requests"}, x-ratelimit-remaining 0 and a reset time: the status was not posted',
  ),
  "md-019": silent(
    "transient",
    "http_502",
    true,
    "ordinary text holding the run's error: status code 502 with nginx's '502 Bad Gateway' HTML page as the body",
  ),
  "md-020": tool(
    "rate_limited",
    "http_429",
    true,
    'isError \'HTTP error! status: 429, body: {"error":"rate limit exceeded, retry in 60 seconds"}\' from Pipedream',
  ),
  "md-021": tool(
    "internal",
    "http_500",
    true,
    'isError \'HTTP error! status: 500, body: {"error":"internal server error"}\' from Pipedream\'s API',
  ),
  "md-022": tool(
    "auth",
    null,
    false,
    "isError 'ran out of attempts trying to retrieve oauth access token': the server could not get a Pipedream " +
      "token; nothing says why, so read as its credentials (ambiguous, same text as md-024)",
  ),
  "md-023": wire("transient", "timeout", true, "no answer within the client's 4 s: -32001 Request timed out"),
  "md-024": tool(
    "auth",
    null,
    false,
    "isError 'ran out of attempts trying to retrieve oauth access token', word for word md-022's: the SDK swallowed " +
      "the failed token requests, so the unreachable API shows only as a token failure (ambiguous)",
  ),
  "md-025": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool mastodon-view-notifications not found'",
  ),
};
