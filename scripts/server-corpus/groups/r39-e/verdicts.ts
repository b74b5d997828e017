// Verdicts for group r39-e, written from the captured exchanges (test/fixtures/server-corpus/groups/r39-e.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, rpc, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // @umbraco-cms/mcp-dev (stdio) passes a Management API answer on as JSON text plus structuredContent. An API error
  // is isError with the API's own body (Umbraco's ProblemDetails `{type: "Error", title, status, detail?,
  // operationStatus?}`); a bodyless error becomes `{status, detail: <reason phrase>}`; an exception (fetch failing)
  // becomes `{type: "Error", title: <error name>, detail: <message>, status: 500}`. A non-JSON error body (an HTML page)
  // is put into structuredContent as a string, which the client's SDK rejects: the call ends in a JSON-RPC -32602
  // "Invalid tools/call result". The SDK's schema check and an unknown tool are isError "MCP error -32602: …".
  "umb-001": ok("the content tree's root: Home and Journal, total 2"),
  "umb-002": ok("the Journal's three children: a published post, a draft post and a draft folder"),
  "umb-003": ok("the published post with its title, summary and tags values and its variant"),
  "umb-004": tool(
    "validation",
    "NotFound",
    false,
    'isError ProblemDetails {"title":"The document could not be found","status":404,"operationStatus":"NotFound"}: the named document does not exist; the operation status is the code',
  ),
  "umb-005": tool(
    "validation",
    "NotFound",
    false,
    "the same NotFound isError again for the same tool and arguments, after a non-retryable failure",
    true,
  ),
  "umb-006": ok("one matching post, total 1"),
  "umb-007": ok('{"items":[],"total":0}: a search that found nothing', true),
  "umb-008": ok(
    "the published post's URL, and an empty urlInfos for the draft (a draft has no URL): the answer about both documents, not a failed part",
  ),
  "umb-009": ok("the site's two languages, en-US default and da-DK"),
  "umb-010": ok("'Document created successfully' with the new document's id"),
  "umb-011": tool(
    "validation",
    "PropertyValidationError",
    false,
    "isError ProblemDetails 'Validation failed' / 'One or more properties did not pass validation' (400) with errors for $.values[0].value (empty) and $.values[1].value (pattern)",
  ),
  "umb-012": tool(
    "validation",
    "NotFound",
    false,
    "isError ProblemDetails 'The document type could not be found' (404, operationStatus NotFound): the named document type does not exist",
  ),
  "umb-013": ok(
    "an empty text and no isError: the publish endpoint answers 200 with no body and the tool passes that on as ''; an action that succeeded, not a search that found nothing",
  ),
  "umb-014": tool(
    "validation",
    "PathNotPublished",
    false,
    "isError ProblemDetails 'Parent not published' / 'Could not publish the content because its parent was not published.' (400, operationStatus PathNotPublished): the caller must publish the parent first",
  ),
  "umb-015": tool(
    "permission",
    "http_403",
    false,
    'isError {"status":403,"detail":"Forbidden"}: the API refused the API user (an empty 403, its status and reason phrase)',
  ),
  "umb-016": tool(
    "validation",
    "invalid_format",
    false,
    'isError \'MCP error -32602: Input validation error: … "code": "invalid_format", "format": "guid" … Invalid GUID\' at id: a slug where a GUID belongs; the zod issue\'s code',
  ),
  "umb-017": tool(
    "validation",
    "http_400",
    false,
    'isError {"title":"Invalid Cursor","status":400,"detail":"Invalid pagination cursor. Use the nextCursor value from a previous response."}: the server\'s own check of the cursor argument',
  ),
  "umb-018": rpc(
    "internal",
    "invalid_type",
    true,
    "JSON-RPC -32602 'Invalid tools/call result: … expected record, received string' at structuredContent: the server's own result failed the client's check (it put a non-JSON answer into structuredContent as a string); what the API answered is not visible. A server bug; internal, retryable by default",
  ),
  "umb-019": tool(
    "internal",
    "http_500",
    true,
    "isError ProblemDetails 'An error occurred while processing your request.' with status 500 and a traceId: the API's unhandled error",
  ),
  "umb-020": rpc(
    "internal",
    "invalid_type",
    true,
    "the same JSON-RPC -32602 'Invalid tools/call result: … expected record, received string' as umb-018, for another tool: the server's malformed result hides what the API answered",
  ),
  "umb-021": tool(
    "auth",
    "http_401",
    false,
    'isError {"status":401,"detail":"Unauthorized"}: the API refused the token (an empty 401, its status and reason phrase)',
  ),
  "umb-022": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out",
  ),
  "umb-023": tool(
    "transient",
    null,
    true,
    'isError {"type":"Error","title":"TypeError","detail":"fetch failed","status":500}: the site could not be reached; the 500 is the server\'s own default for a thrown error, not a status Umbraco answered, so it is not taken as the code',
  ),
  "umb-024": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool unpublish-page not found'",
  ),
  "umb-025": ok("the content tree's root again once the site answers"),
};
