// Verdicts for group r11-docs, written from the captured exchanges
// (test/fixtures/server-corpus/groups/r11-docs.jsonl) by the contract in
// test/fixtures/server-corpus/README.md — never by running Faultline's classifier.

import type { Verdict } from "../../verdicts.js";
import { ok, rpc, silent, tool, wire } from "../../verdict-helpers.js";

const WASTED = "An identical repeat right after a non-retryable failure: a wasted retry.";
const STRAPI_GENERIC =
  "isError 'MCP error -32603: Failed to fetch entries for content type … This could be due to:' followed by five possible causes (missing type, token permissions, admin access, no published entries, database): the text is the same whatever went wrong, so the category cannot be read from it; the quoted -32603 is the only code.";

export const VERDICTS: Record<string, Verdict> = {
  // --- strapi-mcp ------------------------------------------------------------------------------
  "stp-001": ok("Three content types with uid, display name and description."),
  "stp-002": ok("Two articles with their fields and pagination."),
  "stp-003": tool("unknown", "-32603", false, `A filter that matched nothing. ${STRAPI_GENERIC}`),
  "stp-004": tool("unknown", "-32603", false, `A list of the authors collection. ${STRAPI_GENERIC}`),
  "stp-005": tool("unknown", "-32603", false, `A list of api::podcast.podcast. ${STRAPI_GENERIC}`),
  "stp-006": ok("The article with its documentId, fields and meta."),
  "stp-007": silent(
    "validation",
    null,
    false,
    "A lookup of one article by id answered with the ordinary text 'null': the thing asked for was not found, reported as a success.",
  ),
  "stp-008": silent("validation", null, false, `The same lookup answered 'null' again. ${WASTED}`, true),
  "stp-009": ok("The article content type's schema with its attributes."),
  "stp-010": ok("The created draft article with its new id and documentId."),
  "stp-011": tool(
    "internal",
    "-32603",
    true,
    "isError 'Failed to create entry … via strapiClient: … No data returned from API' (-32603 quoted three times): the create failed and the server's words only say that the API returned no data; the reason is not shown. Internal, retryable by the default for internal.",
  ),
  "stp-012": tool(
    "internal",
    "-32603",
    true,
    "The same 'No data returned from API' failure for another body (a different slug): internal, no reason shown.",
  ),
  "stp-013": ok("The updated article with the new title."),
  "stp-014": ok("The article returned with a publishedAt time and status 'published'."),
  "stp-015": tool(
    "validation",
    "http_404",
    false,
    "isError 'Failed to delete entry … via strapiClient: Unexpected response status: 404': the delete failed and the only status quoted is 404 (the entry not found at the path the server used).",
  ),
  "stp-016": tool("validation", "-32602", false, "isError 'MCP error -32602: Content type is required'."),
  "stp-017": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Invalid query options: Expected property name …': the options argument is not JSON.",
  ),
  "stp-018": silent(
    "unknown",
    null,
    false,
    "A lookup of the article that stp-006 returned, answered with the ordinary text 'null': the article exists, so the lookup failed and the failure was reported as a success; nothing on the wire says why.",
  ),
  "stp-019": tool(
    "unknown",
    "-32603",
    false,
    `A list of the articles, which earlier calls listed. ${STRAPI_GENERIC}`,
  ),
  "stp-020": tool(
    "internal",
    "http_500",
    true,
    "isError 'Failed to fetch entry …: 500 Internal Server Error': the CMS failed; retryable.",
  ),
  "stp-021": tool("unknown", "-32603", false, `A list of the articles again. ${STRAPI_GENERIC}`),
  "stp-022": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 3 s: MCP error -32001, a client timeout.",
  ),
  "stp-023": tool("unknown_tool", "-32601", false, "isError 'MCP error -32601: Unknown tool: delete_media'."),
  "stp-024": tool("unknown", "-32603", false, `A list of the articles again. ${STRAPI_GENERIC}`),
  "stp-025": wire(
    "transient",
    "connection_closed",
    true,
    "The server process was killed while the call was in flight: the connection closed before an answer (-32000 Connection closed).",
  ),

  // --- @piotr-agier/google-drive-mcp (Streamable HTTP) --------------------------------------------
  "gd-001": ok("One file found, with its type, id, path and times."),
  "gd-002": ok("'Found 0 files': a search that found nothing.", true),
  "gd-003": ok("The folder's two files with their ids."),
  "gd-004": ok("'Contents of folder:' and nothing under it: an empty folder.", true),
  "gd-005": tool(
    "validation",
    null,
    false,
    "isError 'Error: File not found: <id>.': the folder does not exist.",
  ),
  "gd-006": ok("The markdown file's content with its name, type and length."),
  "gd-007": tool("validation", null, false, "isError 'Error: File not found: <id>.'."),
  "gd-008": tool("validation", null, false, `The same 'File not found' again. ${WASTED}`, true),
  "gd-009": ok("'Created file: press-contacts.txt' with its new id."),
  "gd-010": tool(
    "internal",
    null,
    true,
    "isError 'Converting circular structure to JSON … TLSSocket …': the server crashed on its own error handling (it tried to serialise an HTTP client object); what the API said is lost. Internal, retryable by the default for internal.",
  ),
  "gd-011": tool(
    "permission",
    null,
    false,
    "isError 'The user does not have sufficient permissions for file <id>.'.",
  ),
  "gd-012": tool(
    "validation",
    null,
    false,
    "isError 'Error: Valid email is required' (the tool's own argument check).",
  ),
  "gd-013": ok("Two permissions of the file (owner, anyone with the link)."),
  "gd-014": tool(
    "validation",
    null,
    false,
    "isError 'Error: Invalid Value' for a raw Drive query: the query was rejected.",
  ),
  "gd-015": tool("validation", null, false, "isError 'Error: Search query is required'."),
  "gd-016": tool(
    "auth",
    null,
    false,
    "isError 'Request had invalid authentication credentials. Expected OAuth 2 access token …': the access token is not accepted.",
  ),
  "gd-017": tool(
    "rate_limited",
    null,
    true,
    "isError \"Quota exceeded for quota metric 'Queries' and limit 'Queries per minute per user' …\": a per-minute query quota, retryable later.",
  ),
  "gd-018": tool("internal", null, true, "isError 'Error: Internal Error' from the API: retryable."),
  "gd-019": tool(
    "transient",
    "http_502",
    true,
    "isError whose text is Google's HTML page 'Error 502 (Server Error)!!1 … The server encountered a temporary error … Please try again in 30 seconds.': a temporary upstream failure; the code is the 502 the page states.",
  ),
  "gd-020": tool(
    "business",
    null,
    false,
    "isError \"The user's Drive storage quota has been exceeded.\": the account's storage is full; no retry helps until space is freed.",
  ),
  "gd-021": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 3 s: MCP error -32001, a client timeout.",
  ),
  "gd-022": tool("unknown_tool", null, false, "isError 'Error: Tool not found'."),
  "gd-023": tool(
    "transient",
    "econnrefused",
    true,
    "isError 'request to https://www.googleapis.com/… failed, reason: connect ECONNREFUSED …': the API could not be reached.",
  ),
  "gd-024": wire(
    "transient",
    "timeout",
    true,
    "The server (Streamable HTTP) was killed mid-call; the client did not see the connection close and gave up at its 60 s timeout (-32001).",
  ),

  // --- mcp-google-drive (stdio) ---------------------------------------------------------------------
  "mgd-001": ok(
    "A list of seven files with their metadata (the server answers with its own result shape, files instead of content, which the client accepted).",
  ),
  "mgd-002": ok("One file found for 'catalogue'."),
  "mgd-003": ok("totalResults 0, files []: a search that found nothing.", true),
  "mgd-004": rpc(
    "internal",
    "invalid_type",
    true,
    "The server answered a result with 'content: null' beside the file's metadata; the client's result schema rejected it (ZodError, invalid_type at 'content'), so the host got an error, not the metadata. A server bug; retryable by the default for internal, though it will fail the same way.",
  ),
  "mgd-005": rpc(
    "validation",
    "-32603",
    false,
    "JSON-RPC -32603 'Tool execution failed: … Failed to get file: Error: File not found: <id>.'.",
  ),
  "mgd-006": rpc(
    "internal",
    "invalid_type",
    true,
    "The file's text came back as a string in 'content' instead of a content array; the client rejected the result (ZodError, invalid_type), so the host got an error. A server bug.",
  ),
  "mgd-007": rpc(
    "validation",
    "-32603",
    false,
    "JSON-RPC -32603 '… Failed to get file content: Error: Only files with binary content can be downloaded. Use Export with Docs Editors files.': a Google Doc cannot be read this way.",
  ),
  "mgd-008": rpc(
    "internal",
    "invalid_type",
    true,
    "A PDF's content came back as an empty object '{}' in 'content'; the client rejected the result (ZodError, invalid_type). A server bug; the binary content is lost either way.",
  ),
  "mgd-009": ok("totalResults 0, files []: an empty folder.", true),
  "mgd-010": rpc(
    "validation",
    "-32603",
    false,
    "JSON-RPC -32603 '… Failed to list files: Error: Invalid Value': the query was rejected.",
  ),
  "mgd-011": rpc("validation", "-32603", false, `The same 'Invalid Value' again. ${WASTED}`, true),
  "mgd-012": ok("'Folder created successfully' with the new folder's metadata."),
  "mgd-013": rpc(
    "permission",
    "-32603",
    false,
    "JSON-RPC -32603 '… Failed to delete file: Error: The user does not have sufficient permissions for file <id>.'.",
  ),
  "mgd-014": rpc(
    "validation",
    "-32603",
    false,
    "JSON-RPC -32603 '… Failed to share file: Error: Bad Request. User message: \"Sorry, the email address you entered is not valid.\"'.",
  ),
  "mgd-015": ok("Two permissions of the file."),
  "mgd-016": rpc(
    "validation",
    "-32603",
    false,
    "JSON-RPC -32603 '… Failed to get drive info: Error: Shared drive not found: root': the thing the tool looked up was not found (the tool asks for a shared drive called 'root' when no driveId is given).",
  ),
  "mgd-017": rpc(
    "validation",
    "invalid_type",
    false,
    "JSON-RPC -32603 'Tool execution failed' with a zod issue array: invalid_type, path content, 'Required'. The zod issue's code wins.",
  ),
  "mgd-018": rpc(
    "auth",
    "-32603",
    false,
    "JSON-RPC -32603 '… Failed to list files: Error: Invalid Credentials': the credentials are no longer accepted.",
  ),
  "mgd-019": silent(
    "unknown",
    null,
    false,
    "A search for 'release' answered totalResults 0 with its case and word variations, while mgd-001 listed 'release-notes.md' in the same session: the search failed and the failure became an ordinary empty result; nothing on the wire says why.",
  ),
  "mgd-020": rpc(
    "transient",
    "http_502",
    true,
    "JSON-RPC -32603 whose message is Google's HTML 'Error 502 (Server Error)!!1 … temporary error … try again in 30 seconds' page: a temporary upstream failure; the code is the page's 502.",
  ),
  "mgd-021": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 3 s: MCP error -32001, a client timeout.",
  ),
  "mgd-022": rpc(
    "unknown_tool",
    "-32603",
    false,
    "JSON-RPC -32603 'Tool execution failed: Error: Unknown tool: empty_trash': the words decide over the generic code.",
  ),
  "mgd-023": rpc(
    "transient",
    "econnrefused",
    true,
    "JSON-RPC -32603 '… request to https://www.googleapis.com/… failed, reason: connect ECONNREFUSED …': the API could not be reached.",
  ),
  "mgd-024": wire(
    "transient",
    "connection_closed",
    true,
    "The server process was killed while the call was in flight: the connection closed before an answer (-32000 Connection closed).",
  ),
};
