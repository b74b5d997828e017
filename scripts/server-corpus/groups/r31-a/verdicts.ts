// Verdicts for group r31-a, written from the captured exchanges (test/fixtures/server-corpus/groups/r31-a.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, partial, rpc, silent, tool, wire } from "../../verdict-helpers.js";

const WASTED =
  "The previous call in this session with the same tool and the same arguments failed non-retryably: a wasted retry.";

export const VERDICTS: Record<string, Verdict> = {
  // ------------------------------------------------------------------------------------------- tldv-mcp (stdio)
  // Every tl;dv failure comes back as an ordinary result (no isError): {"data": null, "error": "<axios's message>"}.
  // The API's own body never reaches the payload; what shows is axios's "Request failed with status code N" (a quoted
  // status, so http_N) or a system error. The client retries 429 and 5xx three times (1 s, 2 s, 2 s) before answering.
  // Argument errors are the SDK's JSON-RPC -32602 with zod's issues, and an unknown tool is JSON-RPC -32602 too.
  "tldv-001": ok("four meetings with organizer, invitees and template: page 1 of 1, total 4"),
  "tldv-002": ok("one meeting matching 'pricing'"),
  "tldv-003": ok("results [] with total 0: a search that found nothing", true),
  "tldv-004": ok("page 2 of 2 of the external meetings, one result"),
  "tldv-005": ok("the pricing review's metadata wrapped as {data: {...}}"),
  "tldv-006": ok("four transcript sentences with speaker and start/end times"),
  "tldv-007": ok("two highlights (one auto, one manual) with their topics"),
  "tldv-008": ok(
    '{"meetingId": …, "data": []}: the 1:1 exists and has no highlights — an empty listing of its highlights, not a missing meeting',
    true,
  ),
  "tldv-009": ok(
    "the onboarding call's metadata after about 1 s: the API's one 429 was absorbed by the client's own retry, and the answer is clean",
  ),
  "tldv-010": silent(
    "validation",
    "http_404",
    false,
    '{"data": null, "error": "Request failed with status code 404"} as an ordinary result: the meeting id does not exist',
  ),
  "tldv-011": silent(
    "validation",
    "http_404",
    false,
    `the same {"data": null, "error": "Request failed with status code 404"} for the same id. ${WASTED}`,
    true,
  ),
  "tldv-012": silent(
    "validation",
    "http_400",
    false,
    '{"data": null, "error": "Request failed with status code 400"} as an ordinary result: a title passed where a meeting id belongs',
  ),
  "tldv-013": rpc(
    "validation",
    "invalid_string",
    false,
    "JSON-RPC -32602 'Invalid arguments for tool list-meetings' with a zod issue invalid_string (validation datetime) at from",
  ),
  "tldv-014": rpc(
    "validation",
    "invalid_type",
    false,
    "JSON-RPC -32602 'Invalid arguments for tool get-transcript' with a zod issue invalid_type: meetingId is required",
  ),
  "tldv-015": silent(
    "permission",
    "http_403",
    false,
    '{"data": null, "error": "Request failed with status code 403"} as an ordinary result: a meeting of another workspace, refused',
  ),
  "tldv-016": silent(
    "auth",
    "http_401",
    false,
    '{"data": null, "error": "Request failed with status code 401"} as an ordinary result: the API key was revoked',
  ),
  "tldv-017": silent(
    "rate_limited",
    "http_429",
    true,
    '{"data": null, "error": "Request failed with status code 429"} after 5 s of the client\'s own retries: still throttled (the Retry-After is not shown)',
  ),
  "tldv-018": silent(
    "internal",
    "http_500",
    true,
    '{"data": null, "error": "Request failed with status code 500"} after 5 s of the client\'s own retries: tl;dv\'s 500',
  ),
  "tldv-019": silent(
    "transient",
    "http_502",
    true,
    '{"data": null, "error": "Request failed with status code 502"} after 5 s of retries: a bad gateway (the HTML page itself is not shown)',
  ),
  "tldv-020": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s: MCP error -32001 Request timed out",
  ),
  "tldv-021": silent(
    "transient",
    "econnrefused",
    true,
    '{"data": null, "error": "connect ECONNREFUSED 127.0.0.1:42550"} as an ordinary result: the API could not be reached',
  ),
  "tldv-022": rpc("unknown_tool", "-32602", false, "JSON-RPC -32602 'Tool import-meeting not found'"),
  "tldv-023": ok("the onboarding call's transcript: four sentences"),

  // ---------------------------------------------------------------------------------------- gilbert-mcp (stdio)
  // Every API failure is thrown and becomes an isError result "Gilbert API <status>: <the body's first 500
  // characters>" (the body here is the API's {"detail": …}, a validation list, or an HTML page); a fetch that never
  // reached the API is isError "fetch failed". It retries a 5xx and a network error once. The SDK answers bad
  // arguments and an unknown tool as isError "MCP error -32602: …".
  "glb-001": ok(
    "three meetings with status, dates, speakers and a transcript excerpt; one of them carries summary_status 'error', which is data about that meeting, not a failure of the listing",
  ),
  "glb-002": ok("the completed meetings since 1 November (two), per_page 50"),
  "glb-003": ok("data [] with total 0: no meeting whose transcription failed", true),
  "glb-004": ok("the COPIL meeting in full: metadata, transcript and markdown summary"),
  "glb-005": ok("the COPIL transcript (Speaker 0/1/2 lines)"),
  "glb-006": ok("the COPIL summary: decisions and actions"),
  "glb-007": partial(
    "transient",
    null,
    true,
    "the meeting and its transcript came back, but summary_text is null with summary_status 'error' and summary_error 'La génération de la synthèse a échoué (délai dépassé côté modèle). Relancez-la…': get_meeting asks for metadata + transcript + summary, and the summary part failed on a model timeout (transient; the message says to relaunch it)",
  ),
  "glb-008": ok("one meeting matching 'budget' with a snippet"),
  "glb-009": ok("data [] with total 0: a search that found nothing", true),
  "glb-010": ok("two folders with their meeting counts"),
  "glb-011": ok("the two meetings of the 'Kick-off projets' folder"),
  "glb-012": tool(
    "permission",
    "http_403",
    false,
    'isError \'Gilbert API 403: {"detail":"Cette clé API ne porte pas le scope shared:read"}\': the key lacks the scope for shared folders',
  ),
  "glb-013": tool(
    "validation",
    "http_404",
    false,
    'isError \'Gilbert API 404: {"detail":"Réunion introuvable"}\': the meeting does not exist',
  ),
  "glb-014": tool(
    "validation",
    "http_404",
    false,
    `isError 'Gilbert API 404: {"detail":"Réunion introuvable"}' again for the same id. ${WASTED}`,
    true,
  ),
  "glb-015": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: … Number must be less than or equal to 100 at per_page' (no zod code in the text)",
  ),
  "glb-016": tool(
    "validation",
    "datetime_from_date_parsing",
    false,
    'isError \'Gilbert API 422: {"detail":[{"type":"datetime_from_date_parsing","loc":["query","from"],…}]}\': \'hier\' is not a date; the validation error\'s type is the most specific code',
  ),
  "glb-017": tool(
    "auth",
    "http_401",
    false,
    'isError \'Gilbert API 401: {"detail":"Clé API invalide ou révoquée"}\': the key was revoked',
  ),
  "glb-018": tool(
    "business",
    "http_402",
    false,
    'isError \'Gilbert API 402: {"detail":"Quota API mensuel atteint (10 000 requêtes, plan Starter). Passez au plan Business pour continuer."}\': the plan\'s monthly quota is spent',
  ),
  "glb-019": tool(
    "rate_limited",
    "http_429",
    true,
    'isError \'Gilbert API 429: {"detail":"Trop de requêtes : 60 requêtes par minute maximum."}\' (the Retry-After header is not shown)',
  ),
  "glb-020": tool(
    "internal",
    "http_500",
    true,
    "isError 'Gilbert API 500: Internal Server Error' after the server's one retry: the API's 500",
  ),
  "glb-021": tool(
    "transient",
    "http_502",
    true,
    "isError 'Gilbert API 502: <html>…<title>502 Bad Gateway</title>…nginx…' after the server's one retry: the front's bad gateway page",
  ),
  "glb-022": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s: MCP error -32001 Request timed out",
  ),
  "glb-023": tool(
    "transient",
    null,
    true,
    "isError 'fetch failed' (after the server's one retry): the Gilbert API could not be reached",
  ),
  "glb-024": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool create_meeting not found'",
  ),
  "glb-025": ok("the Q3 budget review's summary"),
};
