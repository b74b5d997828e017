// Verdicts for group r40-c, written from the captured exchanges (test/fixtures/server-corpus/groups/r40-c.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, rpc, silent, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // nx-mcp (Nrwl): its own failures are isError texts ("Project X not found", "Failed to retrieve CI information:
  // <body>", "Error: Failed to download artifact: <status> - <body>"); an exception its handler does not catch
  // (an upstream HTTP status thrown as "HTTP Error <status>", a TypeError) comes back as a JSON-RPC error -32603
  // with the exception's message, and a non-Error rejection as -32603 "Internal error". The SDK's unknown-tool
  // answer is a JSON-RPC error -32602. Tool arguments are not validated against the schemas.
  "nxw-001": ok("the workspace root path"),
  "nxw-002": ok("the annotated nx.json and the three projects of the workspace graph"),
  "nxw-003": ok("the graph filtered by tag: cart and shop, with nx.json"),
  "nxw-004": ok("one project's configuration, its targets and its dependency"),
  "nxw-005": ok("the selected targets.build of one project, with the full project as structuredContent"),
  "nxw-006": tool(
    "validation",
    null,
    false,
    "isError 'Project checkout not found': the named project does not exist",
  ),
  "nxw-007": tool(
    "validation",
    null,
    false,
    "isError 'Project checkout not found' again for the same tool and arguments, after the same non-retryable failure",
    true,
  ),
  "nxw-008": ok("official and community plugin lists read from GitHub"),
  "nxw-009": rpc(
    "internal",
    "-32603",
    true,
    "JSON-RPC error -32603 'Internal error' and nothing else: the 429 from GitHub's raw host was rejected as a bare string, which the SDK reports without a message; no better signal on the wire",
  ),
  "nxw-010": ok("two documentation sections matching the query"),
  "nxw-011": ok(
    "a documentation search that found nothing: the result's only text is empty (no section matched)",
    true,
  ),
  "nxw-012": rpc(
    "rate_limited",
    "http_429",
    true,
    "JSON-RPC error -32603 'HTTP Error 429': nx.dev's documentation search throttled the call (the status is quoted)",
  ),
  "nxw-013": rpc(
    "internal",
    "http_500",
    true,
    "JSON-RPC error -32603 'HTTP Error 500': the documentation search answered 500 (internal by the contract)",
  ),
  "nxw-014": ok(
    "the current branch's CI pipeline execution: status FAILED, one failed task, a verified self-healing fix; a report about a failed build, not a failed call",
  ),
  "nxw-015": ok("the selected failedTasks field as JSON, with the full CI information as structuredContent"),
  "nxw-016": silent(
    "validation",
    null,
    false,
    "isError false, but the text and structuredContent.error say 'No CI pipeline execution found for branch \"feat/search-facets\"' with every field null: a look-up of one named branch answered with nothing",
  ),
  "nxw-017": ok("the failed task's terminal output (a test failure it reports, read successfully)"),
  "nxw-018": tool(
    "auth",
    "AccessDenied",
    false,
    "isError 'Error: Failed to download artifact: 403 - …<Code>AccessDenied</Code><Message>Request has expired</Message>…': the signed archive URL was refused as expired; the XML's code member is the code",
  ),
  "nxw-019": rpc(
    "internal",
    "-32603",
    true,
    "JSON-RPC error -32603 \"Cannot read properties of undefined (reading 'trim')\": an uncaught TypeError (the required taskId was missing, but nothing on the wire says so)",
  ),
  "nxw-020": tool(
    "auth",
    "http_401",
    false,
    "isError 'Failed to retrieve CI information: Unauthorized: the personal access token used is not valid for this workspace…': the status phrase in title case before the body's message",
  ),
  "nxw-021": tool(
    "transient",
    "http_503",
    true,
    "isError 'Failed to retrieve CI information: <html>…503 Service Temporarily Unavailable… scheduled maintenance…': Nx Cloud unavailable. The previous call with the same tool and arguments (nxw-020) failed non-retryably, so by the rule this failure is a wasted retry",
    true,
  ),
  "nxw-022": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out",
  ),
  "nxw-023": tool(
    "transient",
    null,
    true,
    "isError 'Failed to retrieve CI information: fetch failed…': Nx Cloud unreachable (the proxy refused); no code in the text",
  ),
  "nxw-024": ok("the self-healing fix was applied: 'Successfully applied the fix', success true"),
  "nxw-025": rpc(
    "unknown_tool",
    "-32602",
    false,
    "JSON-RPC error -32602 'Tool nx_run_task not found': the words decide over the generic code",
  ),
};
