// Human verdicts for group r6-store, keyed by step id, written from the captured exchanges
// (test/fixtures/server-corpus/groups/r6-store.jsonl) against the outcome contract — never by
// running Faultline's classifier.

// The shape of scripts/server-corpus/verdicts.ts's Verdict, written out so this folder imports nothing else.
type Category =
  | "unknown_tool"
  | "validation"
  | "permission"
  | "auth"
  | "rate_limited"
  | "transient"
  | "business"
  | "internal"
  | "unknown";
export interface Verdict {
  expected: {
    outcome: "ok" | "tool_error" | "protocol_error" | "transport_error";
    silentFailure: boolean;
    category: Category | null;
    errorCode: string | null;
    retryable: boolean | null;
    empty: boolean;
    partial: boolean;
    wastedRetry: boolean;
  };
  reason: string;
}

type Expected = Verdict["expected"];

const base: Expected = {
  outcome: "ok",
  silentFailure: false,
  category: null,
  errorCode: null,
  retryable: null,
  empty: false,
  partial: false,
  wastedRetry: false,
};

const ok = (reason: string, extra: Partial<Expected> = {}): Verdict => ({
  expected: { ...base, ...extra },
  reason,
});
const empty = (reason: string): Verdict => ok(reason, { empty: true });
const fail = (
  outcome: Expected["outcome"],
  category: NonNullable<Expected["category"]>,
  errorCode: string | null,
  retryable: boolean,
  reason: string,
  extra: Partial<Expected> = {},
): Verdict => ({ expected: { ...base, outcome, category, errorCode, retryable, ...extra }, reason });
const silent = (
  category: NonNullable<Expected["category"]>,
  errorCode: string | null,
  retryable: boolean,
  reason: string,
  extra: Partial<Expected> = {},
): Verdict => fail("ok", category, errorCode, retryable, reason, { silentFailure: true, ...extra });

export const VERDICTS: Record<string, Verdict> = {
  // @agent-infra/mcp-server-filesystem
  "afs-001": ok("Lists the one allowed directory."),
  "afs-002": ok("Directory listing with files and folders."),
  "afs-003": ok("The file's contents."),
  "afs-004": fail(
    "tool_error",
    "validation",
    "enoent",
    false,
    "isError ENOENT: the named file does not exist.",
  ),
  "afs-005": fail(
    "tool_error",
    "validation",
    "enoent",
    false,
    "Same ENOENT right after the same call failed non-retryably.",
    {
      wastedRetry: true,
    },
  ),
  "afs-006": fail(
    "tool_error",
    "permission",
    null,
    false,
    "isError 'Access denied - path outside allowed directories': a sandbox refusal.",
  ),
  "afs-007": ok("File written, success message."),
  "afs-008": fail(
    "tool_error",
    "validation",
    null,
    false,
    "isError: the text to replace is not in the file (caller's input).",
  ),
  "afs-009": empty("Search ran and answered 'No matches found'."),
  "afs-010": fail(
    "tool_error",
    "validation",
    "enotdir",
    false,
    "isError ENOTDIR: the path named is a file, not a directory.",
  ),
  "afs-011": fail(
    "protocol_error",
    "validation",
    "invalid_type",
    false,
    "JSON-RPC -32602 with a zod invalid_type issue: path must be a string.",
  ),
  "afs-012": ok("File metadata (size, times, permissions)."),
  "afs-013": fail(
    "protocol_error",
    "unknown_tool",
    "-32602",
    false,
    "JSON-RPC -32602 'Tool delete_file not found'.",
  ),
  "afs-014": fail(
    "transport_error",
    "transient",
    "timeout",
    true,
    "No answer; the client gave up with -32001 Request timed out.",
  ),
  "afs-015": fail(
    "transport_error",
    "transient",
    "connection_closed",
    true,
    "Server process killed mid-call: connection closed before an answer.",
  ),
  "afs-016": fail(
    "transport_error",
    "transient",
    "connection_closed",
    true,
    "Call after the server died: the SDK says Not connected, nothing was sent.",
  ),

  // gitea-mcp
  "gitea-001": ok("The current user's profile."),
  "gitea-002": ok("Two repositories."),
  "gitea-003": ok("Two open issues."),
  "gitea-004": empty("Issue list of a repository with none: []."),
  "gitea-005": fail(
    "tool_error",
    "validation",
    null,
    false,
    "isError relaying Gitea's \"The target couldn't be found.\": the issue named does not exist.",
  ),
  "gitea-006": fail(
    "tool_error",
    "validation",
    null,
    false,
    "Same not-found right after the same call failed non-retryably.",
    {
      wastedRetry: true,
    },
  ),
  "gitea-007": fail(
    "tool_error",
    "validation",
    "invalid_type",
    false,
    "isError quoting -32602 input validation with a zod invalid_type issue on index.",
  ),
  "gitea-008": fail(
    "tool_error",
    "validation",
    "invalid_value",
    false,
    "isError quoting -32602 input validation: state (and type) not among the allowed values.",
  ),
  "gitea-009": fail(
    "tool_error",
    "permission",
    null,
    false,
    "isError: the token lacks the required scope read:repository — not allowed, credentials are valid.",
  ),
  "gitea-010": fail(
    "tool_error",
    "rate_limited",
    null,
    true,
    "isError 'rate limit exceeded, retry after 30 seconds'.",
  ),
  "gitea-011": ok("The repository's labels."),
  "gitea-012": fail(
    "tool_error",
    "internal",
    null,
    true,
    "isError relaying Gitea's server-side 'db: sql: database is closed' with no status or code: a server fault.",
  ),
  // Re-judged 2026-12-06 (internal → transient) by the convention for an HTML page where JSON was
  // expected (test/fixtures/server-corpus/README.md).
  "gitea-013": fail(
    "tool_error",
    "transient",
    null,
    true,
    "isError: the server choked parsing an HTML page as JSON ('Unexpected token <'); nothing says what the upstream answered.",
  ),
  "gitea-014": fail(
    "tool_error",
    "validation",
    null,
    false,
    "isError: a repository with the same name already exists.",
  ),
  "gitea-015": fail(
    "tool_error",
    "validation",
    null,
    false,
    "isError: the repository name has characters Gitea refuses.",
  ),
  "gitea-016": fail(
    "transport_error",
    "transient",
    "timeout",
    true,
    "No answer in 2 s; the client gave up with -32001 Request timed out.",
  ),
  "gitea-017": fail(
    "tool_error",
    "transient",
    null,
    true,
    "isError 'fetch failed': the Gitea API could not be reached.",
  ),
  "gitea-018": fail(
    "tool_error",
    "unknown_tool",
    "-32602",
    false,
    "isError quoting -32602 'Tool repo__delete not found'.",
  ),
  "gitea-019": fail(
    "tool_error",
    "auth",
    null,
    false,
    "isError: Gitea's answer to a revoked token ('user does not exist [uid: 0 …]') on a who-am-I call: the credentials identify nobody.",
  ),
  "gitea-020": fail(
    "tool_error",
    "auth",
    null,
    false,
    "Same revoked-token answer on another tool: credentials rejected.",
  ),

  // @google-cloud/storage-mcp (GCS JSON API stand-in via STORAGE_EMULATOR_HOST)
  "gcs-001": ok("Two bucket names."),
  "gcs-002": ok("Three objects in the bucket."),
  "gcs-003": ok("The object's content and metadata."),
  "gcs-004": ok("The object's metadata."),
  "gcs-005": empty("object_count 0, objects []: the bucket is empty."),
  "gcs-006": silent(
    "validation",
    null,
    false,
    "Ok result whose JSON is {error: 'No such object …'}: the named object does not exist, told as data.",
  ),
  "gcs-007": silent(
    "validation",
    null,
    false,
    "Same silent 'No such object' right after the same call failed non-retryably.",
    { wastedRetry: true },
  ),
  "gcs-008": silent(
    "validation",
    null,
    false,
    "Ok result {success:false, error: 'The specified bucket does not exist.'}.",
  ),
  "gcs-009": silent(
    "permission",
    null,
    false,
    "Ok result {error: '… does not have storage.objects.list access … Permission denied'}: an IAM refusal told as data.",
  ),
  "gcs-010": silent(
    "auth",
    null,
    false,
    "Ok result {success:false, error: '… Invalid Credentials'}: credentials rejected, told as data.",
  ),
  "gcs-011": empty("No objects under the prefix: object_count 0, objects []."),
  "gcs-012": ok("The object's content."),
  "gcs-013": ok("success true: object written."),
  "gcs-014": silent(
    "validation",
    "http_412",
    false,
    "Ok result {error: 'Request failed with status code 412'}: the safe writer's precondition failed because the object exists.",
  ),
  "gcs-015": fail(
    "tool_error",
    "validation",
    "invalid_type",
    false,
    "isError quoting -32602 input validation with a zod invalid_type issue: content must be a string.",
  ),
  "gcs-016": silent(
    "rate_limited",
    null,
    true,
    "Ok result {error: 'The rate of change requests to the bucket is too high.'} after the library's own retries: rate limited, told as data.",
  ),
  "gcs-017": silent(
    "transient",
    null,
    true,
    "Ok result {error: 'Backend Error'} after the library's own retries: an upstream outage told as data.",
  ),
  "gcs-018": fail(
    "tool_error",
    "permission",
    null,
    false,
    "isError: the account lacks storage.buckets.list on that project (permission denied).",
  ),
  "gcs-019": fail(
    "tool_error",
    "unknown_tool",
    "-32602",
    false,
    "isError quoting -32602 'Tool delete_object not found'.",
  ),
  "gcs-020": silent(
    "transient",
    "econnrefused",
    true,
    "Ok result {success:false, error: '… connect ECONNREFUSED'}: the storage API is unreachable, told as data.",
  ),

  // @modelcontextprotocol/server-pdf
  "pdf-001": ok("Lists the local PDFs and allowed directory."),
  "pdf-002": ok("64 bytes of the PDF, base64, with totals."),
  "pdf-003": empty(
    "Offset past the end: 0 bytes, hasMore false — a read that found nothing, not reported as an error.",
  ),
  "pdf-004": fail(
    "tool_error",
    "validation",
    null,
    false,
    "isError input validation: byteCount below the minimum of 1.",
  ),
  "pdf-005": fail("tool_error", "validation", null, false, "isError 'File not found' for the named PDF."),
  "pdf-006": fail(
    "tool_error",
    "validation",
    null,
    false,
    "Same 'File not found' right after the same call failed non-retryably.",
    {
      wastedRetry: true,
    },
  ),
  "pdf-007": fail(
    "tool_error",
    "permission",
    null,
    false,
    "isError 'Local file not in allowed list': a sandbox refusal.",
  ),
  "pdf-008": ok("PDF opened in a viewer, viewUUID returned."),
  "pdf-009": ok(
    "The server answered 'PDF opened' for the corrupt file; nothing on the wire says it failed (the viewer renders it later).",
  ),
  "pdf-010": fail(
    "tool_error",
    "permission",
    null,
    false,
    "isError 'Only HTTPS URLs are allowed': a policy refusal of the http URL.",
  ),
  "pdf-011": fail(
    "tool_error",
    "permission",
    null,
    false,
    "isError 'Only HTTPS URLs are allowed' (another URL, same policy).",
  ),
  "pdf-012": fail(
    "tool_error",
    "permission",
    null,
    false,
    "isError 'Only HTTPS URLs are allowed' (another URL, same policy).",
  ),
  "pdf-013": ok(
    "'Queued: navigate to page 2' — the command was accepted; nothing says the viewer does not exist.",
  ),
  "pdf-014": ok("The unknown argument was ignored; the usual listing."),
  "pdf-015": fail(
    "protocol_error",
    "unknown_tool",
    "-32602",
    false,
    "JSON-RPC -32602 'Tool extract_text not found'.",
  ),
};
