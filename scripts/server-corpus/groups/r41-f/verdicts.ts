// Verdicts for group r41-f, written from the captured exchanges (test/fixtures/server-corpus/groups/r41-f.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // @falconer/mcp: every failure is isError with the message alone. API errors are `<message> | code: <code>` from
  // Falconer's `{message, code}` body (no status shown); a body that is not JSON is shown as its first 200 characters;
  // a 401 is rewritten as "Not logged in. Run `falconer oauth login` …"; the server's own identifier look-ups throw
  // plain sentences. GETs are retried twice on 408/429/5xx and connection errors before the error is shown.
  "fal-001": ok("two document excerpts (runbook, onboarding) with ids, visibility and last update"),
  "fal-002": ok("one excerpt for the semantic query, as the limit asked"),
  "fal-003": ok('"No documents found.": a keyword search that matched nothing', true),
  "fal-004": ok(
    "the runbook's full Markdown plus its attachment's metadata and a resource_link to a temporary download",
  ),
  "fal-005": ok("the document found by its title and returned in full"),
  "fal-006": tool(
    "validation",
    null,
    false,
    'isError "Ambiguous identifier: \\"Postmortem Template\\" matches 2 documents: … Use a document ID for exact matching.": the argument names no single document; the caller must pass an id',
  ),
  "fal-007": tool(
    "validation",
    null,
    false,
    'isError "Document not found: Redis Failover Checklist. Use the search tool …": the named document does not exist',
  ),
  "fal-008": tool(
    "validation",
    null,
    false,
    "the same not-found answer again for the same tool and arguments, after a non-retryable failure",
    true,
  ),
  "fal-009": ok("a synthesized answer with two numbered citations and a conversationId"),
  "fal-010": ok("two folders and one document at the top of the company section"),
  "fal-011": tool(
    "validation",
    "not_found",
    false,
    'isError "Folder not found | code: not_found": the folder id does not exist; the body\'s code is the code',
  ),
  "fal-012": ok("two revisions of the runbook with authors and dates"),
  "fal-013": ok('{"data": [], "nextCursor": null}: no resolved comment threads on the document', true),
  "fal-014": ok("the new document's URL"),
  "fal-015": tool(
    "validation",
    "edit_target_not_found",
    false,
    'isError "old_string was not found in the document | code: edit_target_not_found": the text to replace is not in the document',
  ),
  "fal-016": tool(
    "permission",
    "forbidden",
    false,
    'isError "You do not have permission to change the review status of this document | code: forbidden": refused for this user',
  ),
  "fal-017": ok("two open staleness findings with their keys, severity and documents"),
  "fal-018": ok(
    "the Platform folder's children (two documents, one folder) with a next-page cursor; the expired access token was refreshed silently first",
  ),
  "fal-019": tool(
    "rate_limited",
    "rate_limited",
    true,
    'isError "Rate limit exceeded. Try again in 30 seconds. | code: rate_limited": throttled, says when to come back',
  ),
  "fal-020": tool(
    "internal",
    "internal_error",
    true,
    'isError "Internal server error | code: internal_error": Falconer\'s own server error',
  ),
  "fal-021": tool(
    "transient",
    "http_502",
    true,
    "isError whose text is the first 200 characters of an HTML page ending \"<title>falconer.com | 502: B\": a gateway's 502 page where the API's JSON was expected; the title quotes the status",
  ),
  "fal-022": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: the SDK raised -32001 Request timed out",
  ),
  "fal-023": tool(
    "auth",
    null,
    false,
    'isError "Not logged in. Run `falconer oauth login` to authenticate.": the access token was refused; the user must sign in again',
  ),
  "fal-024": tool(
    "transient",
    null,
    true,
    'isError "Unable to connect. Is the computer able to access the url?": the API could not be reached (connection refused; no system code shown)',
  ),
  "fal-025": tool(
    "unknown_tool",
    "-32602",
    false,
    'isError "MCP error -32602: Tool export_document not found": the server has no such tool',
  ),
};
