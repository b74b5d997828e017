// Verdicts for group r15-c, written from the captured exchanges alone (the fixture's call objects), by the
// rules in test/fixtures/server-corpus/README.md. Faultline's classifier was never opened or run.

import type { Verdict } from "../../verdicts.js";
import { ok, rpc, silent, tool, wire } from "../../verdict-helpers.js";

const GENERIC =
  'Clarity\'s only failure text, "An error occurred while fetching the data.", as an ordinary result';

export const VERDICTS: Record<string, Verdict> = {
  // ------------------------------------------------------------------ package-registry-mcp
  "preg-001": ok("express's summary: versions, dependencies, maintainers"),
  "preg-002": ok("three markdown parsers found"),
  "preg-003": ok("results [] for a search that matches nothing", true),
  // Re-judged 2026-12-06 (errorCode) by the convention for a message that is only a status's reason
  // phrase, after a label or before the body's message (test/fixtures/server-corpus/README.md).
  "preg-004": silent(
    "validation",
    "http_404",
    false,
    '"Error fetching package details: Not found" returned as an ordinary result: the named npm package does not exist',
  ),
  // Re-judged 2026-12-06 (errorCode) by the convention for a message that is only a status's reason
  // phrase, after a label or before the body's message (test/fixtures/server-corpus/README.md).
  "preg-005": silent(
    "validation",
    "http_404",
    false,
    "the same missing package asked again with the same arguments, same not-found text as a success",
    true,
  ),
  "preg-006": ok("react's five newest versions"),
  "preg-007": ok("requests' PyPI metadata"),
  // Re-judged 2026-12-06 (errorCode) by the convention for a message that is only a status's reason
  // phrase, after a label or before the body's message (test/fixtures/server-corpus/README.md).
  "preg-008": silent(
    "validation",
    "http_404",
    false,
    '"Error fetching package details: Not Found" as an ordinary result: the PyPI project does not exist',
  ),
  "preg-009": ok("Django's three newest release keys"),
  "preg-010": ok("serde's crate summary"),
  "preg-011": silent(
    "permission",
    "http_403",
    false,
    '"The request failed with status 403: Forbidden." as an ordinary result: crates.io refused the client',
  ),
  "preg-012": silent(
    "unknown",
    null,
    false,
    '"Error fetching package details: " with nothing after it, as a success: a failure whose words say nothing (the crate does not exist)',
  ),
  "preg-013": ok("results [] for a crate search that matches nothing", true),
  "preg-014": ok("Newtonsoft.Json's NuGet summary"),
  "preg-015": silent(
    "validation",
    "http_404",
    false,
    '"The request failed with status 404: Not Found." as an ordinary result: the NuGet package does not exist',
  ),
  "preg-016": tool("transient", "http_503", true, "isError: search service answered 503 Service Unavailable"),
  "preg-017": ok("gorilla/mux's module summary and versions"),
  "preg-018": silent(
    "validation",
    "http_404",
    false,
    'Go module lookup answered "…failed with status 404: Not Found." as an ordinary result: the module does not exist',
  ),
  "preg-019": ok("one advisory for lodash"),
  "preg-020": tool(
    "rate_limited",
    null,
    true,
    'isError: GitHub\'s "API rate limit exceeded for …" (its 403 rate-limit answer); the words say rate limit',
  ),
  // Re-judged 2026-12-06 (errorCode) by the convention for a message that is only a status's reason
  // phrase (test/fixtures/server-corpus/README.md).
  "preg-021": tool("validation", "http_404", false, 'isError "Not Found": the advisory id does not exist'),
  "preg-022": tool(
    "validation",
    "invalid_string",
    false,
    "isError quoting -32602 input validation; the zod issue's code is invalid_string (GHSA id format)",
  ),
  "preg-023": tool(
    "validation",
    "too_big",
    false,
    "isError quoting -32602 input validation; zod issue code too_big (limit over 100)",
  ),
  "preg-024": tool(
    "rate_limited",
    "http_429",
    true,
    'isError "The request failed with status 429: Too Many Requests."',
  ),
  "preg-025": silent(
    "transient",
    "http_502",
    true,
    '"Error fetching package details: The request failed with status 502: Bad Gateway." as an ordinary result',
  ),
  "preg-026": wire("transient", "timeout", true, "the client gave up after 3 s (-32001 Request timed out)"),
  "preg-027": tool(
    "unknown_tool",
    "-32602",
    false,
    'isError "MCP error -32602: Tool get-rubygems-package-details not found"',
  ),
  "preg-028": tool("transient", null, true, 'isError "fetch failed": the registry could not be reached'),

  // ------------------------------------------------------------------------ mcp-maven-deps
  "mvn-001": ok("spring-core's latest stable release, 7.0.1"),
  "mvn-002": ok("jackson-databind's latest release with pre-releases included, 3.0.0-rc9"),
  "mvn-003": ok("guava's five newest versions"),
  "mvn-004": ok('"true": junit 4.13.2 exists'),
  "mvn-005": ok('"false": the answer to whether an unreleased version exists'),
  "mvn-006": tool(
    "validation",
    null,
    false,
    'isError "No Maven dependency found for com.acme:billing-client": the artifact does not exist',
  ),
  "mvn-007": tool(
    "validation",
    null,
    false,
    "the same missing artifact asked again with the same arguments, same isError",
    true,
  ),
  "mvn-008": tool(
    "validation",
    null,
    false,
    'isError "No stable releases found … All available versions are pre-releases.": nothing matches what was asked',
  ),
  "mvn-009": rpc(
    "validation",
    "-32602",
    false,
    'JSON-RPC -32602 "Invalid Maven coordinate format. Minimum format is groupId:artifactId"',
  ),
  "mvn-010": rpc(
    "validation",
    "-32602",
    false,
    'JSON-RPC -32602 "Version must be provided either in dependency string or version parameter"',
  ),
  "mvn-011": rpc(
    "validation",
    "-32602",
    false,
    'JSON-RPC -32602 "Invalid Maven dependency format" (depth as a word)',
  ),
  "mvn-012": ok('"false": asked whether a version exists, and it does not'),
  "mvn-013": ok("lwjgl's latest release from a full coordinate"),
  "mvn-014": tool(
    "permission",
    "http_403",
    false,
    'isError "Maven Central API error: Forbidden" (403 reason phrase)',
  ),
  "mvn-015": tool(
    "rate_limited",
    "http_429",
    true,
    'isError "Maven Central API error: Too Many Requests" (429 reason phrase)',
  ),
  "mvn-016": tool("transient", "http_502", true, 'isError "Maven Central API error: Bad Gateway"'),
  "mvn-017": tool("transient", "http_503", true, 'isError "Maven Central API error: Service Unavailable"'),
  "mvn-018": tool("internal", "http_500", true, 'isError "Maven Central API error: Internal Server Error"'),
  "mvn-019": tool(
    "validation",
    null,
    false,
    'isError "No Maven dependency found for org.springframework:spring-core": the wire says not found (the cause was an HTML page answered with 200)',
  ),
  "mvn-020": wire("transient", "timeout", true, "the client gave up after 3 s (-32001 Request timed out)"),
  "mvn-021": rpc("unknown_tool", "-32601", false, 'JSON-RPC -32601 "Unknown tool: search_maven_artifacts"'),
  "mvn-022": tool(
    "transient",
    "econnrefused",
    true,
    'isError "Maven Central API error: connect ECONNREFUSED 127.0.0.1:40251"',
  ),
  "mvn-023": wire(
    "transient",
    "connection_closed",
    true,
    "the server process died mid-call: -32000 Connection closed, no answer",
  ),

  // ------------------------------------------------------------------------ @smartbear/mcp
  "bsg-001": ok("the organization's two projects"),
  "bsg-002": tool(
    "validation",
    null,
    false,
    'isError "No current project is configured …": the call needs a project the caller has not chosen',
  ),
  "bsg-003": ok("three open errors"),
  "bsg-004": ok("data [] / total_count 0: no fixed errors", true),
  "bsg-005": ok("one error with its latest event, pivots and dashboard URL"),
  "bsg-006": tool(
    "validation",
    "http_404",
    false,
    'isError "Request failed with status 404: {"errors":["Not found"]}": the error id does not exist',
  ),
  "bsg-007": tool(
    "validation",
    "http_404",
    false,
    "the same missing error asked again with the same arguments, same 404",
    true,
  ),
  "bsg-008": tool("validation", null, false, 'isError "Project with ID … not found."'),
  "bsg-009": tool("validation", null, false, 'isError "Invalid filter key: user.favorite_color"'),
  "bsg-010": ok('{"success":true}: the error was marked fixed'),
  "bsg-011": tool(
    "permission",
    "http_403",
    false,
    'isError "Request failed with status 403: … You do not have permission to perform this action"',
  ),
  "bsg-012": tool(
    "validation",
    null,
    false,
    "isError \"reopenRules parameter is required when using 'snooze' operation\"",
  ),
  "bsg-013": ok("one production release with stability figures"),
  "bsg-014": ok("data [] / total_count 0: no staging releases", true),
  "bsg-015": tool(
    "validation",
    "http_404",
    false,
    'isError "Request failed with status 404": the release does not exist',
  ),
  "bsg-016": ok("one event with its stack trace"),
  "bsg-017": tool(
    "validation",
    null,
    false,
    'isError "Both projectSlug and eventId must be present in the link"',
  ),
  "bsg-018": tool(
    "auth",
    "http_401",
    false,
    'isError "Request failed with status 401: {"errors":["Unauthorized"]}" (revoked token)',
  ),
  "bsg-019": tool(
    "rate_limited",
    "http_429",
    true,
    'isError "Request failed with status 429: {"errors":["Rate limit exceeded"]}"',
  ),
  "bsg-020": tool(
    "internal",
    "http_500",
    true,
    'isError "Request failed with status 500: … Internal server error"',
  ),
  "bsg-021": tool(
    "transient",
    "http_502",
    true,
    "isError quoting status 502 and Cloudflare's 502 Bad Gateway page",
  ),
  "bsg-022": tool(
    "validation",
    null,
    false,
    'isError "Input validation error: … errorId: Invalid input: expected string, received number" (no code on the wire)',
  ),
  "bsg-023": tool(
    "validation",
    null,
    false,
    'isError "Input validation error: … operation: Invalid option: expected one of …"',
  ),
  "bsg-024": wire("transient", "timeout", true, "the client gave up after 3 s (-32001 Request timed out)"),
  "bsg-025": rpc(
    "unknown_tool",
    "-32602",
    false,
    'JSON-RPC error -32602 "Tool bugsnag_delete_error not found" (HTTP 200)',
  ),
  "bsg-026": tool("transient", null, true, 'isError "fetch failed": BugSnag could not be reached'),

  // --------------------------------------------------------- @microsoft/clarity-mcp-server
  "clar-001": ok("traffic totals for three days"),
  "clar-002": ok("sessions by browser"),
  "clar-003": ok("rage clicks on the checkout page"),
  "clar-004": ok("[]: the dashboard query matched no sessions", true),
  "clar-005": ok("two recordings with rage or dead clicks"),
  "clar-006": ok("recordings [] / totalCount 0", true),
  "clar-007": ok("one setup article"),
  "clar-008": ok("[]: no documentation matched", true),
  "clar-009": silent(
    "unknown",
    null,
    false,
    `${GENERIC}; nothing on the wire says why (the API refused the range)`,
  ),
  "clar-010": silent(
    "unknown",
    null,
    false,
    `the same query again with the same arguments; ${GENERIC} again`,
    true,
  ),
  "clar-011": silent(
    "unknown",
    null,
    false,
    `${GENERIC} (the token had been revoked; not visible on the wire)`,
  ),
  "clar-012": silent(
    "unknown",
    null,
    false,
    `${GENERIC} (the daily quota was spent; not visible on the wire)`,
  ),
  "clar-013": silent("unknown", null, false, `${GENERIC} (an HTML 503; not visible on the wire)`),
  "clar-014": silent("unknown", null, false, `${GENERIC} (an HTML page with 200; not visible on the wire)`),
  "clar-015": tool(
    "validation",
    "-32602",
    false,
    'isError "MCP error -32602: Input validation error: … Maximum sample count is 250 at count"',
  ),
  "clar-016": tool(
    "validation",
    "-32602",
    false,
    "isError quoting -32602: deviceType 'Smartwatch' is not in the enum",
  ),
  "clar-017": tool("validation", "-32602", false, 'isError quoting -32602: "Required at filters.date"'),
  "clar-018": ok("recordings [] / totalCount 0 for future days", true),
  "clar-019": tool(
    "validation",
    "-32602",
    false,
    'isError quoting -32602: "Expected string, received number at query"',
  ),
  "clar-020": wire("transient", "timeout", true, "the client gave up after 3 s (-32001 Request timed out)"),
  "clar-021": tool(
    "unknown_tool",
    "-32602",
    false,
    'isError "MCP error -32602: Tool list-heatmaps not found"',
  ),
  "clar-022": silent(
    "unknown",
    null,
    false,
    `${GENERIC} (Clarity could not be reached; not visible on the wire)`,
  ),
  "clar-023": wire(
    "transient",
    "connection_closed",
    true,
    "the server process died mid-call: -32000 Connection closed, no answer",
  ),
};
