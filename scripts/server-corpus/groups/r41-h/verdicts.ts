// Verdicts for group r41-h, written from the captured exchanges (test/fixtures/server-corpus/groups/r41-h.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, rpc, silent, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // nextcloud-mcp-server: every failure of the Nextcloud API comes back as an ordinary text "Error: <what failed>:
  // <axios message>" without isError; Nextcloud's XML and OCS bodies never show (it reads a top-level `message` they
  // do not have), so only "Request failed with status code <n>" or the network error is left. Only its own argument
  // checks and an unknown tool throw, and those are isError "Error: …".
  "nc-001": ok("Connected to NextCloud successfully. Version: 30.0.4.1"),
  "nc-002": ok(
    "the root listed (Readme.md and three entries; the folders show as nameless 0-byte items, how the server reads a PROPFIND with a second 404 propstat)",
  ),
  "nc-003": ok("/Projects listed: report.md, budget-2027.xlsx and the Empty folder (shown nameless)"),
  "nc-004": ok("'Files in /Projects/Empty:' followed by nothing: an empty folder", true),
  "nc-005": silent(
    "validation",
    "http_404",
    false,
    "ordinary text 'Error: Failed to list files: Request failed with status code 404': the folder does not exist",
  ),
  "nc-006": silent(
    "validation",
    "http_404",
    false,
    "the same 404 again for the same tool and arguments, after a non-retryable failure",
    true,
  ),
  "nc-007": ok("Directory created successfully: /Projects/Q1"),
  "nc-008": silent(
    "validation",
    "http_405",
    false,
    "ordinary text 'Error: Failed to create directory: Request failed with status code 405': MKCOL on a folder that exists",
  ),
  "nc-009": ok("File uploaded successfully: /Projects/Q1/plan.md"),
  "nc-010": silent(
    "business",
    "http_507",
    false,
    "ordinary text 'Error: Failed to upload file: Request failed with status code 507': Insufficient Storage, the user's quota is used up",
  ),
  "nc-011": ok("the file's bytes as base64"),
  "nc-012": ok("a public link share created: ID 341 with its URL and token"),
  "nc-013": silent(
    "validation",
    "http_404",
    false,
    "ordinary text 'Error: Failed to create share: Request failed with status code 404': the path to share does not exist",
  ),
  "nc-014": ok("two existing shares listed"),
  "nc-015": ok("'No shares found.' for a folder without shares", true),
  "nc-016": silent(
    "validation",
    "http_412",
    false,
    "ordinary text 'Error: Move file failed: Request failed with status code 412': the destination exists and overwrite was not asked for",
  ),
  "nc-017": ok(
    "'Search results for \"report\": No files found': a search that found nothing (the server's fallback listed the root only)",
    true,
  ),
  "nc-018": silent(
    "validation",
    "http_404",
    false,
    "ordinary text 'Error: Get file versions failed: Request failed with status code 404': versions of the named file not found",
  ),
  "nc-019": silent(
    "transient",
    "http_423",
    true,
    "ordinary text 'Error: Failed to delete file: Request failed with status code 423': the file is Locked by another client; the same delete can succeed once the lock is released",
  ),
  "nc-020": silent(
    "auth",
    "http_401",
    false,
    "ordinary text 'Error: Failed to list files: Request failed with status code 401': the credentials were refused",
  ),
  "nc-021": silent(
    "transient",
    "http_503",
    true,
    "ordinary text 'Error: Failed to list files: Request failed with status code 503': the instance is unavailable",
  ),
  "nc-022": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out",
  ),
  "nc-023": silent(
    "transient",
    "econnrefused",
    true,
    "ordinary text 'Error: Connection test failed: connect ECONNREFUSED 127.0.0.1:44850': Nextcloud unreachable",
  ),
  "nc-024": tool(
    "validation",
    null,
    false,
    "isError 'Error: Path is required': the required argument is missing",
  ),
  "nc-025": tool("unknown_tool", null, false, "isError 'Error: Unknown tool: rename-file'"),

  // dbx-mcp-server: every Dropbox failure is thrown as an McpError, so the SDK answers a JSON-RPC error: -32603
  // "Dropbox API error: <error_summary>" (Dropbox's tag path, e.g. path/not_found/..), or the SDK's "Response failed
  // with a <status> code" when the body is not JSON, or node-fetch's network error. Its handler returns only
  // `content`, so no result is ever isError; its own "Error: … is not a file" is ordinary text.
  "dbx-001": ok("the account: Priya Raman, a Pro account, no team"),
  "dbx-002": ok("the root listed: two folders and a file"),
  "dbx-003": ok("three files in /Projects/Acme"),
  "dbx-004": ok("'[]': an empty folder", true),
  "dbx-005": rpc(
    "validation",
    "path/not_found",
    false,
    "JSON-RPC -32603 'Dropbox API error: path/not_found/..': the folder does not exist; Dropbox's error tag is the code",
  ),
  "dbx-006": rpc(
    "validation",
    "path/not_found",
    false,
    "the same path/not_found again for the same tool and arguments, after a non-retryable failure",
    true,
  ),
  "dbx-007": ok("the file's metadata"),
  "dbx-008": ok("two matches for 'invoice'"),
  "dbx-009": ok("total_matches 0, matches []: a search that found nothing", true),
  "dbx-010": ok("notes.md's content as base64"),
  "dbx-011": silent(
    "validation",
    null,
    false,
    "ordinary text 'Error: /Projects/Acme is not a file': the path given names a folder",
  ),
  "dbx-012": ok("Created folder at /Projects/Initech"),
  "dbx-013": rpc(
    "validation",
    "path/conflict/folder",
    false,
    "JSON-RPC -32603 'Dropbox API error: path/conflict/folder/..': a folder is already there",
  ),
  "dbx-014": ok("File uploaded successfully to /Projects/Initech/kickoff.md"),
  "dbx-015": rpc(
    "business",
    "path/insufficient_space",
    false,
    "JSON-RPC -32603 'Dropbox API error: path/insufficient_space/..': the account is out of space (its plan's quota)",
  ),
  "dbx-016": ok("a public shared link created"),
  "dbx-017": ok("the existing shared link returned, with 'Using existing shared link'"),
  "dbx-018": rpc(
    "permission",
    "missing_scope",
    false,
    "JSON-RPC -32603 'Dropbox API error: missing_scope/..': the app is not granted the scope this call needs",
  ),
  "dbx-019": rpc(
    "validation",
    "to/conflict/file",
    false,
    "JSON-RPC -32603 'Dropbox API error: to/conflict/file/..': a file already exists at the destination",
  ),
  "dbx-020": rpc(
    "auth",
    "expired_access_token",
    false,
    "JSON-RPC -32603 'Dropbox API error: expired_access_token/..': the access token has expired",
  ),
  "dbx-021": rpc(
    "rate_limited",
    "too_many_requests",
    true,
    "JSON-RPC -32603 'Dropbox API error: too_many_requests/..': rate limited (the Retry-After is not shown)",
  ),
  "dbx-022": rpc(
    "internal",
    "http_500",
    true,
    "JSON-RPC -32603 'Dropbox API error: Response failed with a 500 code': Dropbox's 500 relayed (internal by the contract)",
  ),
  "dbx-023": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out",
  ),
  "dbx-024": rpc(
    "transient",
    "econnrefused",
    true,
    "JSON-RPC -32603 '… request to https://api.dropboxapi.com/2/files/list_folder failed, reason: connect ECONNREFUSED …': Dropbox unreachable",
  ),
  "dbx-025": rpc("unknown_tool", "-32601", false, "JSON-RPC -32601 'Unknown tool: delete_folder'"),
};
