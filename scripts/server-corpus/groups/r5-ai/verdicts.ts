// The human verdicts for group r5-ai, keyed by step id, written after reading each captured
// exchange (test/fixtures/server-corpus/groups/r5-ai.jsonl) against Faultline's outcome contract,
// with the conventions of test/fixtures/server-corpus/README.md — never by running Faultline.

import type { Verdict } from "../../verdicts.js";

type Outcome = Verdict["expected"]["outcome"];
type Category = NonNullable<Verdict["expected"]["category"]>;

const base = {
  silentFailure: false,
  category: null,
  errorCode: null,
  retryable: null,
  empty: false,
  partial: false,
  wastedRetry: false,
};

const ok = (reason: string): Verdict => ({ expected: { outcome: "ok", ...base }, reason });
const empty = (reason: string): Verdict => ({ expected: { outcome: "ok", ...base, empty: true }, reason });
const fail = (
  outcome: Exclude<Outcome, "ok">,
  category: Category,
  errorCode: string | null,
  retryable: boolean,
  reason: string,
  wastedRetry = false,
): Verdict => ({ expected: { outcome, ...base, category, errorCode, retryable, wastedRetry }, reason });
const silent = (
  category: Category,
  errorCode: string | null,
  retryable: boolean,
  reason: string,
  wastedRetry = false,
): Verdict => ({
  expected: { outcome: "ok", ...base, silentFailure: true, category, errorCode, retryable, wastedRetry },
  reason,
});
const tool = (
  category: Category,
  errorCode: string | null,
  retryable: boolean,
  reason: string,
  wasted = false,
) => fail("tool_error", category, errorCode, retryable, reason, wasted);
const wire = (category: Category, errorCode: string | null, retryable: boolean, reason: string) =>
  fail("transport_error", category, errorCode, retryable, reason);

const WASTED =
  " Same tool, same arguments, same session, right after a non-retryable failure: a wasted retry.";

export const VERDICTS: Record<string, Verdict> = {
  // open-meteo-mcp-server, stdio
  "om-001": ok("Geocoding found Berlin: one result with coordinates."),
  "om-002": ok("Hourly forecast values returned for the coordinates."),
  "om-003": empty(
    "A place search that matched nothing: the API's answer has no results member, only its timing.",
  ),
  "om-004": ok("Elevation returned for the point."),
  "om-005": tool("validation", "-32602", false, "isError: MCP -32602 input validation, latitude above 90."),
  "om-006": tool(
    "validation",
    "-32602",
    false,
    "isError: MCP -32602 input validation, latitude given as a string.",
  ),
  "om-007": tool(
    "validation",
    "-32602",
    false,
    "isError: MCP -32602, the hourly variable is not one of the allowed values.",
  ),
  "om-008": tool(
    "validation",
    "-32602",
    false,
    "isError: MCP -32602, country code not an ISO-3166-1 alpha-2 code.",
  ),
  "om-009": tool("validation", "-32602", false, "isError: MCP -32602, start_date after end_date."),
  "om-010": tool(
    "validation",
    "-32602",
    false,
    "The same refused date range again, refused again." + WASTED,
    true,
  ),
  "om-011": ok("Daily archive values returned for a valid date range."),
  "om-012": tool(
    "rate_limited",
    null,
    true,
    "isError: the tool says the Open-Meteo rate limit was reached and to retry later; no code or status quoted.",
  ),
  "om-013": tool(
    "transient",
    "http_502",
    true,
    "isError: Open-Meteo server error quoting status 502 (a bad gateway).",
  ),
  "om-014": tool(
    "transient",
    "econnrefused",
    true,
    "isError: connect ECONNREFUSED to the API, the backend is unreachable.",
  ),
  "om-015": tool("unknown_tool", "-32602", false, "isError: MCP -32602 Tool weather_now not found."),
  "om-016": wire(
    "transient",
    "timeout",
    true,
    "No answer; the client gave up with -32001 Request timed out.",
  ),
  // open-meteo-mcp-server, Streamable HTTP
  "omh-001": ok("Geocoding over HTTP found Berlin."),
  "omh-002": ok("Current weather returned over HTTP."),
  "omh-003": ok("Elevations for the two points returned."),
  "omh-004": wire(
    "auth",
    "http_401",
    false,
    "HTTP 401 from the MCP endpoint: valid API key required; the call never reached the tool.",
  ),
  "omh-005": tool(
    "validation",
    "-32602",
    false,
    "isError: MCP -32602, forecast_days above the maximum of 16.",
  ),
  "omh-006": tool("validation", "-32602", false, "isError: MCP -32602, name shorter than two characters."),
  "omh-007": tool(
    "transient",
    "econnrefused",
    true,
    "isError: connect ECONNREFUSED to the API, the backend is unreachable.",
  ),
  "omh-008": empty("A place search that matched nothing: no results member, only timing."),
  "omh-009": ok("Daily forecast returned."),
  "omh-010": ok("Daily forecast returned."),
  "omh-011": ok("Daily forecast returned."),
  "omh-012": wire(
    "rate_limited",
    "http_429",
    true,
    "HTTP 429 Too many requests from the MCP endpoint's own rate limiter; try again later.",
  ),
  // o3-search-mcp
  "o3-001": ok("The model's answer to the question."),
  "o3-002": ok("The model's answer to the troubleshooting question."),
  "o3-003": silent(
    "validation",
    "http_400",
    false,
    "A success whose text is the API's 400 error: the input is an empty string.",
  ),
  "o3-004": silent(
    "validation",
    "http_400",
    false,
    "The same empty input again, the same 400 told as text." + WASTED,
    true,
  ),
  "o3-005": tool(
    "validation",
    "-32602",
    false,
    "isError: MCP -32602, input is a number where a string is expected.",
  ),
  "o3-006": silent(
    "validation",
    "http_400",
    false,
    "A success whose text is a 400: the input exceeds the model's context window.",
  ),
  "o3-007": silent(
    "business",
    "http_429",
    false,
    "A success whose text is a 429 about exceeding the current quota and the plan's billing: an account refusal, not a rate limit.",
  ),
  "o3-008": silent(
    "rate_limited",
    "http_429",
    true,
    "A success whose text is a 429 rate limit on tokens per minute, with try again in 1.2s.",
  ),
  "o3-009": silent("auth", "http_401", false, "A success whose text is a 401: incorrect API key provided."),
  "o3-010": silent(
    "internal",
    "http_500",
    true,
    "A success whose text is a 500: the server had an error while processing the request.",
  ),
  "o3-011": silent(
    "validation",
    "http_404",
    false,
    "A success whose text is a 404: the model o3 does not exist or the key has no access to it.",
  ),
  "o3-012": silent(
    "transient",
    null,
    true,
    "A success whose text is 'Error: Connection error.': the API could not be reached.",
  ),
  "o3-013": tool("unknown_tool", "-32602", false, "isError: MCP -32602 Tool search not found."),
  "o3-014": wire(
    "transient",
    "timeout",
    true,
    "No answer; the client gave up with -32001 Request timed out.",
  ),
  "o3-015": wire(
    "transient",
    "connection_closed",
    true,
    "The server process died mid-call: connection closed before an answer.",
  ),
  // @houtini/lm
  "hl-001": ok("Discovery reports the endpoint online with its models."),
  "hl-002": ok("The model list."),
  "hl-003": ok("The local model's answer to the code task."),
  "hl-004": ok("An embedding vector returned."),
  "hl-005": tool(
    "validation",
    "model_not_found",
    false,
    "isError: embeddings API 404 with code model_not_found for the model named.",
  ),
  "hl-006": tool(
    "validation",
    "model_not_found",
    false,
    "The same unknown embedding model again, same 404." + WASTED,
    true,
  ),
  "hl-007": tool(
    "permission",
    null,
    false,
    "isError: the file is outside the allowed roots (HOUTINI_LM_FILE_ROOTS).",
  ),
  "hl-008": tool("validation", "enoent", false, "isError: the named file does not exist (ENOENT)."),
  "hl-009": ok("The model's answer about the file that was read."),
  "hl-010": tool(
    "validation",
    "context_length_exceeded",
    false,
    "isError: API 400 with code context_length_exceeded, the message is too long for the model.",
  ),
  "hl-011": tool("auth", "invalid_api_key", false, "isError: API 401 with code invalid_api_key."),
  "hl-012": tool(
    "transient",
    "model_overloaded",
    true,
    "isError: API 503 with code model_overloaded, please try again later.",
  ),
  "hl-013": ok("The server accepted a number as the message and the model answered: the tool did its job."),
  "hl-014": ok(
    "The discovery tool's job is to say whether the endpoint is online; it answered OFFLINE correctly.",
  ),
  "hl-015": tool(
    "transient",
    null,
    true,
    "isError: fetch failed, the endpoint is unreachable (no code given).",
  ),
  "hl-016": tool("unknown_tool", null, false, "isError: Unknown tool: summarize."),
  // ollama-mcp
  "ol-001": ok("The installed models."),
  "ol-002": empty("No model is loaded: models []."),
  "ol-003": ok("Details of the named model."),
  "ol-004": ok("The chat answer."),
  "ol-005": ok("The embedding returned."),
  "ol-006": tool("validation", null, false, "isError: model 'mistral:7b' not found."),
  "ol-007": tool("validation", null, false, "The same missing model again, not found again." + WASTED, true),
  "ol-008": tool(
    "validation",
    null,
    false,
    "isError: the named model does not support generate (an embedding model).",
  ),
  "ol-009": tool(
    "validation",
    "invalid_enum_value",
    false,
    "isError: a zod issue, invalid_enum_value for the message role.",
  ),
  "ol-010": tool(
    "validation",
    null,
    false,
    "isError: a zod issue 'Invalid JSON format' for options; its code is only 'custom'.",
  ),
  "ol-011": tool(
    "validation",
    null,
    false,
    "isError: pull model manifest: file does not exist, the registry has no such model.",
  ),
  "ol-012": tool("validation", null, false, "isError: the model to delete was not found."),
  "ol-013": tool(
    "auth",
    null,
    false,
    "isError: OLLAMA_API_KEY is required for web search, no credentials configured.",
  ),
  "ol-014": tool("transient", null, true, "isError: fetch failed, Ollama is unreachable (no code given)."),
  "ol-015": tool("unknown_tool", null, false, "isError: Unknown tool: ollama_run."),
  "ol-016": wire(
    "transient",
    "connection_closed",
    true,
    "The server process died mid-call: connection closed before an answer.",
  ),
  // caldav-mcp (a real Radicale server)
  "cd-001": ok("The two calendars."),
  "cd-002": ok("The new event's uid."),
  "cd-003": ok("The week's event."),
  "cd-004": empty("No events in that month: []."),
  "cd-005": ok("The new task's uid."),
  "cd-006": ok("The open task."),
  "cd-007": tool(
    "unknown",
    null,
    false,
    "isError: 'Failed to create event.' with no reason or status; nothing on the wire says why.",
  ),
  "cd-008": tool("validation", "-32602", false, "isError: MCP -32602, invalid ISO datetime (30 February)."),
  "cd-009": tool(
    "unknown",
    null,
    false,
    "isError: failed to retrieve the ETag of the event; no status, nothing says it is missing.",
  ),
  "cd-010": tool("unknown", null, false, "The same delete again, the same failure." + WASTED, true),
  "cd-011": tool(
    "unknown",
    null,
    false,
    "isError: failed to retrieve events from the CalDAV server, with no reason or status.",
  ),
  "cd-012": tool(
    "validation",
    "-32602",
    false,
    "isError: MCP -32602, the status is not one of the allowed values.",
  ),
  "cd-013": ok("The calendar list was returned (the server answers it from what it read at start-up)."),
  "cd-014": tool(
    "unknown",
    null,
    false,
    "isError: failed to retrieve events from the CalDAV server, with no reason or status.",
  ),
  "cd-015": wire(
    "transient",
    "timeout",
    true,
    "No answer; the client gave up with -32001 Request timed out.",
  ),
  "cd-016": tool("unknown_tool", "-32602", false, "isError: MCP -32602 Tool share-calendar not found."),
};
