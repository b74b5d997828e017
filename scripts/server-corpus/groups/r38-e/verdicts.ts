// Verdicts for group r38-e, written from the captured exchanges (test/fixtures/server-corpus/groups/r38-e.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, silent, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // @heroku/mcp-server (stdio) runs each tool as a Heroku CLI command in `heroku repl` and passes the CLI's output on
  // as text. When that output holds the CLI's `<<<ERROR>>>…<<<END ERROR>>>` block it is isError, prefixed with
  // "[Heroku MCP Server Error] …"; the API's `{id, message}` arrives as the message and "Error ID: <id>". The block is
  // matched with `.` (no \r), so an error whose text holds \r\n (a gateway's HTML page) is passed on as an ordinary
  // result. The server's own wait for a command ends in an ordinary "The command failed to complete in N ms". The
  // SDK's schema check and an unknown tool are isError "MCP error -32602: …".
  "hk-001": ok("the account's two apps, acme-api and acme-worker (eu)"),
  "hk-002": ok("'There are no apps in team acme-platform.': a listing that found nothing", true),
  "hk-003": ok("acme-api's details as JSON: add-ons, app, dynos, collaborators"),
  "hk-004": tool(
    "validation",
    "not_found",
    false,
    'isError "Couldn\'t find that app." with Error ID: not_found: the named app does not exist',
  ),
  "hk-005": tool(
    "validation",
    "not_found",
    false,
    "the same not_found isError again for the same tool and arguments, after a non-retryable failure",
    true,
  ),
  "hk-006": ok("two teams with the account's role in each"),
  "hk-007": tool(
    "permission",
    null,
    false,
    "isError 'You do not have access to any spaces.': the API listed no spaces and the CLI reports the empty listing as an error worded as a lack of access; judged by its words (permission), not as an empty success",
  ),
  "hk-008": ok("acme-api's one add-on, a Postgres database attached as DATABASE, with its price"),
  "hk-009": ok(
    "acme-api's dynos by process type; worker.1 is crashed, which is data about the app, not a failed call",
  ),
  "hk-010": ok("heroku-redis's two plans with hourly and monthly prices"),
  "hk-011": ok("'=== My Pipelines' with nothing under it: no pipelines", true),
  "hk-012": tool(
    "business",
    "verification_required",
    false,
    "isError 'Please verify your account to install this add-on plan (please enter a credit card)…' with Error ID: verification_required: the account must be verified with a card first",
  ),
  "hk-013": tool(
    "validation",
    "invalid_params",
    false,
    "isError 'Name is already taken' with Error ID: invalid_params",
  ),
  "hk-014": tool(
    "permission",
    "forbidden",
    false,
    "isError 'You do not have access to the app acme-worker.' with Error ID: forbidden",
  ),
  "hk-015": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: … Invalid enum value. Expected 'us' | 'eu', received 'ap' at region'",
  ),
  "hk-016": tool(
    "rate_limited",
    "rate_limit",
    true,
    "isError 'Your account reached the API rate limit / Please wait a few minutes…' with Error ID: rate_limit",
  ),
  "hk-017": tool(
    "internal",
    "internal_server_error",
    true,
    "isError 'Internal server error.' with Error ID: internal_server_error",
  ),
  "hk-018": silent(
    "transient",
    "http_502",
    true,
    "'HTTP Error 502 for GET http://127.0.0.1/teams' and nginx's 502 Bad Gateway page inside the CLI's <<<ERROR>>> block, passed on as an ordinary result (the page's \\r\\n defeats the server's error match)",
  ),
  "hk-019": tool(
    "transient",
    "unavailable",
    true,
    "isError 'API is temporarily unavailable.' with Error ID: unavailable (the API answered 503)",
  ),
  "hk-020": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out",
  ),
  "hk-021": silent(
    "transient",
    null,
    true,
    "'The command failed to complete in 10000ms' as an ordinary result: the server's own wait for the CLI ran out",
  ),
  "hk-022": tool(
    "auth",
    null,
    false,
    "isError 'The token provided to HEROKU_API_KEY is invalid. Please double-check that you have the correct token…' (the API answered 401; the CLI's sentence carries no code)",
  ),
  "hk-023": tool(
    "transient",
    "econnrefused",
    true,
    "isError 'connect ECONNREFUSED 127.0.0.1:43850' after the CLI's own retries: the API could not be reached",
  ),
  "hk-024": tool("unknown_tool", "-32602", false, "isError 'MCP error -32602: Tool restart_app not found'"),
  "hk-025": ok("the account's two apps once the API answers again"),
};
