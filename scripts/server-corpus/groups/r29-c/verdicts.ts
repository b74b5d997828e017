// Verdicts for group r29-c, written from the captured exchanges (test/fixtures/server-corpus/groups/r29-c.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, partial, rpc, silent, tool, wire } from "../../verdict-helpers.js";

const WASTED =
  "The previous call in this session was the same tool with the same arguments and failed non-retryably: a wasted retry.";

export const VERDICTS: Record<string, Verdict> = {
  // ---------------------------------------------------------------------------------------- triliumnext-mcp (stdio)
  // Most ETAPI failures become JSON-RPC errors carrying axios's own sentence ("Request failed with status code N"):
  // the handlers wrap them as -32602 (get_note, search_notes) or -32603 (list_children_notes, and resolve_note_id's
  // "TriliumNext API error: …"); the body's code and message never reach the wire. read_attributes and
  // manage_attributes answer ordinary results instead.
  "tri-001": ok("one note matching 'kubernetes' with its labels and relation"),
  "tri-002": ok("'[]': a keyword search that matched no note", true),
  "tri-003": ok("two notes carrying the #todo label"),
  "tri-004": ok("'✅ Resolved \"Reading list\" to Note ID: Rd8LsT4wQn1x (… Matches: 1)'"),
  "tri-005": ok(
    "'Found 2 matches for \"Project Phoenix\". Please choose:' with both notes' ids: the lookup worked and lists candidates",
  ),
  "tri-006": silent(
    "validation",
    null,
    false,
    "ok text '❌ No notes found matching \"Gardening plan\". No notes found matching the search criteria. Consider using search_notes …': resolve_note_id is a lookup of one named note (exact match asked), and the note named does not exist",
  ),
  "tri-007": ok("the note's metadata, blobId/contentHash and HTML content"),
  "tri-008": rpc(
    "validation",
    "http_404",
    false,
    "JSON-RPC -32602 'Request failed with status code 404' (ETAPI's NOTE_NOT_FOUND, only the status shown): the note id named does not exist",
  ),
  "tri-009": rpc(
    "validation",
    "http_404",
    false,
    `the same -32602 'Request failed with status code 404'. ${WASTED}`,
    true,
  ),
  "tri-010": ok("the Inbox's two children with ids, types and dates"),
  "tri-011": ok("'totalChildCount: 0, children []': a note with no children", true),
  "tri-012": ok("three attributes: two labels and one relation, with a summary"),
  "tri-013": ok("'Created note: Nw5cR8eA1tEd'"),
  "tri-014": partial(
    "unknown",
    null,
    false,
    "'✅ Created 2/3 attributes successfully with 1 errors' and the two labels made: one attribute (the relation to a missing note; ETAPI answered 404) was not created, and the result does not say why",
  ),
  "tri-015": silent(
    "validation",
    null,
    false,
    "ok result 'appliedCount 0, failedCount 1, conflict true, message CONFLICT: Note has been modified. Current blobId: q1Wx…, expected: staleBlob0000000. Call get_note again …': nothing was patched, because the expectedHash given is stale; the same call fails again until the note is re-read",
  ),
  "tri-016": rpc(
    "validation",
    "-32602",
    false,
    "JSON-RPC -32602 'Missing required parameter 'expectedHash'. You must call get_note first …': a required argument is missing",
  ),
  "tri-017": silent(
    "auth",
    "http_401",
    false,
    "ok result (no isError) '❌ Failed to retrieve attributes: Request failed with status code 401' with 'Error details: 1. Request failed with status code 401': ETAPI refused the token (NOT_AUTHENTICATED), reported as ordinary text",
  ),
  "tri-018": rpc(
    "rate_limited",
    "http_429",
    true,
    "JSON-RPC -32603 'TriliumNext API error: Request failed with status code 429': the reverse proxy's rate limit (its Retry-After is not passed on)",
  ),
  "tri-019": rpc(
    "internal",
    "http_500",
    true,
    "JSON-RPC -32602 'Request failed with status code 500': Trilium's 500 GENERIC, quoted by status only; the words decide over the generic -32602",
  ),
  "tri-020": rpc(
    "transient",
    "http_502",
    true,
    "JSON-RPC -32603 'Request failed with status code 502': nginx's bad gateway in front of Trilium",
  ),
  "tri-021": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s (Trilium took 15 s; the server sets no timeout of its own): the client's -32001 Request timed out",
  ),
  "tri-022": rpc(
    "transient",
    "econnrefused",
    true,
    "JSON-RPC -32602 'connect ECONNREFUSED 127.0.0.1:42350': Trilium cannot be reached",
  ),
  "tri-023": rpc("unknown_tool", "-32601", false, "JSON-RPC -32601 'Unknown tool: get_note_revisions'"),
  "tri-024": ok("the note with its content, on the server started with PERMISSIONS=READ"),
  "tri-025": rpc(
    "permission",
    "-32600",
    false,
    "JSON-RPC -32600 'Permission denied: Not authorized to delete notes.': the server is configured read-only (PERMISSIONS=READ)",
  ),

  // ------------------------------------------------------------------------------------------ dub `mcp` (stdio)
  // Failures are isError with the SDK error's message: the API body's `error.message` alone for the statuses it
  // models (the code and doc_url are dropped), "API error occurred: Status N …Body: …" for others, "Response
  // validation failed" when a body does not match its schema, "Unable to make request: …" for network errors.
  "dub-001": ok("two links matching 'launch' with their clicks, tags and UTM fields"),
  "dub-002": ok("'[]': a link search that matched nothing", true),
  "dub-003": ok("the link with its destination, tags and counts"),
  "dub-004": tool(
    "validation",
    null,
    false,
    "isError 'Link not found.' (the API's 404 not_found; the code is not shown): the key named does not exist",
  ),
  "dub-005": tool("validation", null, false, `the same isError 'Link not found.'. ${WASTED}`, true),
  "dub-006": ok("the new link acme.link/team-pricing with its id and tag"),
  "dub-007": tool(
    "validation",
    null,
    false,
    "isError 'Duplicate key: This short link already exists.' (the API's 409 conflict): the key asked for is taken",
  ),
  "dub-008": partial(
    "validation",
    "conflict",
    false,
    "three results: two created links and one item {link, error 'Duplicate key: This short link already exists.', code 'conflict'}: one of three was not created",
  ),
  "dub-009": ok("'37': the domain's link count"),
  "dub-010": ok("clicks by country for three countries"),
  "dub-011": ok("the link's totals: 2,255 clicks, 61 leads, 5 sales"),
  "dub-012": ok("two tags with ids and colours"),
  "dub-013": ok("'[]': the workspace has no folders", true),
  "dub-014": ok("one verified primary domain"),
  "dub-015": ok(
    "the QR code's PNG bytes, returned as a JSON string in a text block rather than as an image: the API answered 200 image/png and the content is there, mangled in transport by the server's formatting",
  ),
  "dub-016": rpc(
    "validation",
    "-32602",
    false,
    "JSON-RPC -32602 'Invalid arguments for tool links-create: [… invalid_type … path request.url … Required]': the destination url is missing",
  ),
  "dub-017": tool(
    "internal",
    null,
    true,
    "isError 'Response validation failed' and nothing else: the SDK could not parse the API's answer (a 403 exceeded_limit, which its Forbidden schema does not allow); on the wire an unexplained client-side exception",
  ),
  "dub-018": tool(
    "permission",
    null,
    false,
    "isError 'The provided key does not have the required permissions for this endpoint … Having the 'links.write' permission would allow this request to continue.'",
  ),
  "dub-019": tool(
    "auth",
    "http_401",
    false,
    "isError 'Unauthorized: Invalid API key.': the status's reason phrase before the body's message quotes the 401; the key is revoked",
  ),
  "dub-020": tool(
    "rate_limited",
    "http_429",
    true,
    "isError 'Too many requests.': nothing but the 429's reason phrase (the Retry-After of 41 s is not passed on)",
  ),
  "dub-021": tool(
    "internal",
    null,
    true,
    "isError 'An internal server error occurred. Please contact our support if the problem persists.' (the API's 500 internal_server_error; the code is not shown)",
  ),
  "dub-022": tool(
    "transient",
    "http_502",
    true,
    "isError 'API error occurred: Status 502 Content-Type \"text/html; charset=utf-8\" Body: <!DOCTYPE html>… 502: BAD_GATEWAY … NO_RESPONSE_FROM_FUNCTION …': Vercel's edge page, status quoted",
  ),
  "dub-023": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s (the API took 15 s; the SDK sets no timeout): the client's -32001 Request timed out",
  ),
  "dub-024": tool(
    "transient",
    null,
    true,
    "isError 'Unable to make request: TypeError: fetch failed': the API cannot be reached (no system error code shown)",
  ),
  "dub-025": rpc(
    "unknown_tool",
    "-32602",
    false,
    "JSON-RPC -32602 'Tool links-archive not found': the words decide over the generic code",
  ),
};
