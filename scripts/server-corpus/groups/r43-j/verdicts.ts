// Verdicts for group r43-j, written from the captured exchanges (test/fixtures/server-corpus/groups/r43-j.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // dataiku-mcp: every DSS failure is isError with a text that starts "<status> <statusText>: <body's message>",
  // then its own "Error type", "Retryable" and "Hint" lines and the retry metadata; structuredContent repeats them
  // (status, category, retryable). A transport failure is status 0 ("Network Error" / "Request Timeout"). The SDK's
  // McpServer answers bad arguments and an unknown tool as isError "MCP error -32602 …".
  "dk-001": ok("three projects listed with key, name and description"),
  "dk-002": ok("the project's key, name, status, owner, tags and version"),
  "dk-003": tool(
    "permission",
    "http_403",
    false,
    "isError '403 Forbidden: Failed to read project permissions', 'Error type: forbidden', 'Retryable: no': the key " +
      "may not read that project (the key was mistyped, which the answer cannot tell apart)",
  ),
  "dk-004": ok("four datasets with type, connection and schema"),
  "dk-005": ok("five rows of the prepared dataset as CSV with a header"),
  "dk-006": tool(
    "validation",
    "http_500",
    false,
    "isError '500 Internal Server Error: Root path of the dataset CHURN_PIPELINE.raw_events does not exist…' with the " +
      "server's 'Error type: validation', 'Retryable: no' and a hint to build the dataset first: the data named is " +
      "missing; the explicit retryable metadata wins over the 500",
  ),
  "dk-007": ok(
    "three jobs listed: one RUNNING, one FAILED, one DONE (job states are data, not a failure of the call)",
  ),
  "dk-008": ok("'No jobs found.': filtered 0 of 3, items []", true),
  "dk-009": ok("job started: the new job's id"),
  "dk-010": ok("a running job's progress: 1/2 activities done, one running"),
  "dk-011": ok(
    "the failed job's log: seven lines, among them a Snowflake SQL compilation error — a log that reports an error is data",
  ),
  "dk-012": tool(
    "unknown",
    null,
    false,
    "isError 'State: FAILED … Result: terminal failure state. Treat as failed run': the server marks the wait failed " +
      "because the job it waited on ended FAILED; the payload gives no cause (the log holds it), and waiting again " +
      "returns the same",
  ),
  "dk-013": tool(
    "validation",
    "http_404",
    false,
    "isError '404 Not Found: Job CHURN_PIPELINE.Build_orders_enriched_… not found', 'Retryable: no': the job id names nothing",
  ),
  "dk-014": tool(
    "validation",
    "http_404",
    false,
    "the same 404 for the same job id: same tool and arguments as dk-013, which failed non-retryably",
    true,
  ),
  "dk-015": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: … Invalid option … at buildMode': FULL_BUILD is not a build mode",
  ),
  "dk-016": ok("two scenarios, one active, one inactive"),
  "dk-017": ok(
    "the scenario's status: active, not running, next run, last run outcome FAILED — a past run's outcome is data",
  ),
  "dk-018": ok("scenario triggered with its run id"),
  "dk-019": ok("the project's variables: three standard keys, one local"),
  "dk-020": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool pipeline not found': the words name an unknown tool",
  ),
  "dk-021": tool(
    "transient",
    "http_502",
    true,
    "isError '502 Bad Gateway: <html>…nginx…' with 'Error type: transient', 'Retryable: yes' after the server's own " +
      "retry (2/2 attempts)",
  ),
  "dk-022": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out",
  ),
  "dk-023": tool(
    "transient",
    null,
    true,
    "isError '0 Request Timeout: Request timed out after 8000ms', 'Error type: transient', 'Retryable: yes': the " +
      "server's own request timeout; status 0 is not an HTTP status and no code is given",
  ),
  "dk-024": tool(
    "transient",
    null,
    true,
    "isError '0 Network Error: fetch failed', 'Retryable: yes' after 2/2 attempts: the instance could not be reached; " +
      "'fetch failed' names no system error",
  ),
  "dk-025": tool(
    "auth",
    "http_401",
    false,
    "isError '401 Unauthorized: Unknown API Key' (the server's own label says 'forbidden'; the status and words say " +
      "the key is not valid), 'Retryable: no'",
  ),
};
