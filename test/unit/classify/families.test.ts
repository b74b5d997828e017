import { describe, expect, it } from "vitest";
import { classify, type CallReport, type Classification } from "@/lib/classify";
import { rpcError, textResult } from "./helpers";

// What kind of failure it was, read by one reader for every channel (lib/classify/reader): an
// isError result, a JSON-RPC error whose generic code (-32603) the words refine, and a silent
// failure. Each family of real errors with a test on each side: what it must catch, and what it
// must leave alone.

const base: CallReport = { method: "tools/call", server: "s", tool: "t", httpStatus: 200 };
const run = (report: Partial<CallReport>): Classification => classify({ ...base, ...report });
const toolError = (text: string, extra: Record<string, unknown> = {}) =>
  run({ response: textResult(text, { isError: true, ...extra }) });
const internalError = (message: string) => run({ response: rpcError(-32603, message) });
const success = (text: string, extra: Record<string, unknown> = {}) =>
  run({ response: textResult(text, extra) });

type Expected = Partial<Pick<Classification, "category" | "errorCode" | "retryable" | "outcome">>;

/** The same words must read the same whether they come as an isError text or a -32603 message. */
function bothChannels(text: string, expected: Expected & { rpcErrorCode?: string | null }) {
  const { rpcErrorCode, ...common } = expected;
  expect(toolError(text), `isError: ${text}`).toMatchObject({ outcome: "tool_error", ...common });
  expect(internalError(text), `-32603: ${text}`).toMatchObject({
    outcome: "protocol_error",
    ...common,
    errorCode: rpcErrorCode === undefined ? (common.errorCode ?? "-32603") : rpcErrorCode,
  });
}

describe("database errors", () => {
  it.each([
    ['relation "part_prices" does not exist', "validation"],
    ['column "colour" of relation "items" does not exist', "validation"],
    ['syntax error at or near "SELEC"', "validation"],
    ['duplicate key value violates unique constraint "items_sku_key"', "validation"],
    ['insert or update on table "orders" violates foreign key constraint "orders_item_fkey"', "validation"],
    ['null value in column "sku" violates not-null constraint', "validation"],
    ["cannot execute INSERT in a read-only transaction", "permission"],
    ["permission denied for table payroll", "permission"],
    ["deadlock detected", "transient"],
    ["could not serialize access due to concurrent update", "transient"],
    ["canceling statement due to statement timeout", "transient"],
    ["terminating connection due to administrator command", "transient"],
  ] as const)("%s → %s, on both channels", (text, category) => {
    bothChannels(text, { category, retryable: category === "transient" });
  });

  it("reads SQLite's result codes: the code, and what it means", () => {
    bothChannels("SQLITE_CONSTRAINT: UNIQUE constraint failed: parts.sku", {
      category: "validation",
      errorCode: "SQLITE_CONSTRAINT",
      rpcErrorCode: "SQLITE_CONSTRAINT",
    });
    bothChannels("SQLITE_BUSY: database is locked", {
      category: "transient",
      errorCode: "SQLITE_BUSY",
      rpcErrorCode: "SQLITE_BUSY",
      retryable: true,
    });
    // SQLITE_ERROR says nothing by itself: its words decide.
    expect(toolError("Error: SQLITE_ERROR: no such table: invoices")).toMatchObject({
      category: "validation",
      errorCode: "SQLITE_ERROR",
    });
  });

  it("reads a SQLSTATE when the driver prints one", () => {
    expect(toolError('ERROR: relation "x" does not exist (SQLSTATE 42P01)')).toMatchObject({
      category: "validation",
      errorCode: "42P01",
    });
    expect(toolError("ERROR: could not serialize access (SQLSTATE 40001)")).toMatchObject({
      category: "transient",
      errorCode: "40001",
    });
  });

  it("leaves alone data that only mentions those words", () => {
    for (const text of [
      "Use ON CONFLICT DO NOTHING to avoid 'duplicate key value violates unique constraint' errors.",
      "Checked 12 tables: none is locked, no deadlock detected in the last hour.",
      "relation_count: 14",
    ]) {
      expect(success(text), text).toMatchObject({ outcome: "ok", silentFailure: false, category: null });
    }
  });
});

describe("system error names", () => {
  it.each([
    ["ENOENT: no such file or directory, open '/data/missing.md'", "validation", "enoent"],
    ["ENOTDIR: not a directory, scandir '/data/todo.md'", "validation", "enotdir"],
    ["EISDIR: illegal operation on a directory, read", "validation", "eisdir"],
    ["EEXIST: file already exists, mkdir '/data/notes'", "validation", "eexist"],
    ["EACCES: permission denied, open '/etc/shadow'", "permission", "eacces"],
    ["EPERM: operation not permitted, unlink '/data/lock'", "permission", "eperm"],
    ["read ECONNRESET", "transient", "econnreset"],
  ] as const)("%s → %s (%s)", (text, category, errorCode) => {
    bothChannels(text, { category, errorCode, rpcErrorCode: errorCode });
  });

  it("leaves a command that could not be spawned to the server's own fault, and keeps its code", () => {
    expect(toolError("spawn uvx ENOENT")).toMatchObject({ category: "internal", errorCode: "enoent" });
  });
});

describe("policy refusals", () => {
  it.each([
    "Access denied - path outside allowed directories: /etc/passwd not in /data",
    'Fetcher blocked request to private address "127.0.0.1".',
    "Blocked URL: file:///etc/passwd (blocked URL with disallowed protocol)",
    "Domain 127.0.0.1 is not in the allowed domains list.",
    "Error: Path traversal detected: attempts to escape the defined root directory.",
    "This action is not allowed by policy.",
  ])("%s → permission, never retried", (text) => {
    expect(toolError(text)).toMatchObject({ category: "permission", retryable: false });
  });

  it("leaves alone a success that explains a policy", () => {
    expect(
      success("Blocked URLs are listed in the allowlist settings; 3 domains are allowed."),
    ).toMatchObject({
      outcome: "ok",
      silentFailure: false,
    });
  });
});

describe("OAuth error bodies", () => {
  it.each([
    ['{"error":"invalid_grant","error_description":"refresh token expired"}', "invalid_grant"],
    ['{"error":"invalid_client","error_description":"client authentication failed"}', "invalid_client"],
    ['{"error":"invalid_token"}', "invalid_token"],
    ['{"error":"unauthorized_client"}', "unauthorized_client"],
  ])("%s → auth, its code", (body, errorCode) => {
    expect(toolError(`Token refresh failed: 400 ${body}`)).toMatchObject({ category: "auth", errorCode });
    expect(success(body)).toMatchObject({ silentFailure: true, category: "auth", errorCode });
  });
});

describe("an HTTP status the tool quotes", () => {
  it.each([
    ["Failed to fetch https://api.example/items/9: HTTP error: 404", "validation", "http_404", false],
    ["Failed to fetch https://api.example/: HTTP error: 401", "auth", "http_401", false],
    ["Error: API request failed: Request failed with status code 429", "rate_limited", "http_429", true],
    ["Failed to fetch https://api.example/: HTTP error: 503", "transient", "http_503", true],
    ["HTTP error: 500", "internal", "http_500", true],
  ] as const)("%s → %s (%s)", (text, category, errorCode, retryable) => {
    expect(toolError(text)).toMatchObject({ category, errorCode, retryable });
  });
});

describe("a generic JSON-RPC code is a fallback; the words refine it", () => {
  it("reads the words of a -32603", () => {
    expect(internalError("Unknown tool: execute")).toMatchObject({
      category: "unknown_tool",
      retryable: false,
    });
    expect(internalError("Tool not found: fetch_pdf")).toMatchObject({ category: "unknown_tool" });
    expect(internalError("GitLab API error: Forbidden")).toMatchObject({ category: "permission" });
    expect(internalError("GitLab API error: Too Many Requests")).toMatchObject({ category: "rate_limited" });
    expect(run({ response: rpcError(-32000, "connect ECONNREFUSED 10.0.0.5:5432") })).toMatchObject({
      category: "transient",
      errorCode: "econnrefused",
    });
  });

  it("keeps -32603 internal (and retryable once) when the words say nothing", () => {
    expect(internalError("Internal error")).toMatchObject({
      category: "internal",
      errorCode: "-32603",
      retryable: true,
    });
    expect(internalError("something odd happened")).toMatchObject({ category: "internal", retryable: true });
  });

  it("lets -32601 decide: the method does not exist", () => {
    expect(run({ response: rpcError(-32601, "Method not found") })).toMatchObject({
      category: "unknown_tool",
    });
  });
});

describe("machine codes stated in the text, the most specific winning", () => {
  it("a code the text opens with, and a wait, sent with isError", () => {
    expect(toolError("quota_exceeded: retry after 30 seconds")).toMatchObject({
      errorCode: "quota_exceeded",
      retryable: true,
    });
    expect(toolError("ledger_locked: the ledger is closed for the month")).toMatchObject({
      errorCode: "ledger_locked",
      retryable: false,
    });
  });

  it("a code inside a quoted HTTP error body, over the status around it", () => {
    expect(
      toolError(
        'Error: API request failed: Request failed with status code 404 (404: {"error":{"code":"item_not_found","message":"no item with id 999"}})',
      ),
    ).toMatchObject({ category: "validation", errorCode: "item_not_found" });
    expect(
      toolError('Request failed with status code 429 (429: {"error":"rate_limited","retry_after":30})'),
    ).toMatchObject({ category: "rate_limited", errorCode: "rate_limited", retryable: true });
  });

  it("the first errors[].code of an envelope, and a validation issue's code", () => {
    expect(
      toolError(
        'GraphQL request failed: {"errors":[{"message":"Unauthorized","extensions":{"code":"UNAUTHENTICATED"}}]}',
      ),
    ).toMatchObject({ category: "auth", errorCode: "UNAUTHENTICATED" });
    expect(
      internalError(
        '[\n  {\n    "code": "invalid_format",\n    "path": ["url"],\n    "message": "Invalid URL"\n  }\n]',
      ),
    ).toMatchObject({ category: "validation", errorCode: "invalid_format" });
  });

  it("a code that only says an error happened does not beat the status it wraps", () => {
    expect(
      toolError(
        "InternalServerError: Error code: 500 - {'error': {'message': \"Http status code: 403 (Forbidden)\", 'code': 'http_error'}}",
      ),
    ).toMatchObject({ category: "permission", errorCode: "http_403" });
  });

  it("an explicit retry verdict in the text wins over the category's default", () => {
    expect(toolError('{"error":{"code":"upstream_unreachable","isRetryable":false}}')).toMatchObject({
      category: "transient",
      retryable: false,
    });
    expect(toolError("Service temporarily unavailable. Retry-After: 120")).toMatchObject({
      category: "transient",
      retryable: true,
    });
  });
});

describe("what the caller named does not exist, on every channel", () => {
  it.each([
    "Entity with name Bob not found",
    'Table "invoices" does not exist',
    "fatal: Not a valid object name deadbeefcafe",
    "error: pathspec 'no-such-branch' did not match any file(s) known to git",
    "Destination already exists: /data/notes/todo.md",
  ])("%s → validation, as a silent failure's words would be", (text) => {
    expect(toolError(text)).toMatchObject({ category: "validation", retryable: false });
  });

  it("does not read a missing upstream as a transient failure", () => {
    expect(toolError("fatal: The current branch main has no upstream branch.")).toMatchObject({
      category: "validation",
    });
    expect(toolError("upstream connect error or disconnect/reset before headers")).toMatchObject({
      category: "transient",
    });
  });
});

describe("an HTTP exchange returned whole by a curl-like tool", () => {
  const exchange = (status: number, body: unknown) =>
    JSON.stringify({ status, statusText: "x", headers: { "content-type": "application/json" }, body });

  it("a 4xx or 5xx is a silent failure with the status, refined by what the body names", () => {
    expect(success(exchange(404, "<html>Not Found</html>"))).toMatchObject({
      silentFailure: true,
      category: "validation",
      errorCode: "http_404",
    });
    expect(success(exchange(401, JSON.stringify({ error: "invalid_token" })))).toMatchObject({
      silentFailure: true,
      category: "auth",
      errorCode: "invalid_token",
    });
    expect(success(exchange(503, "upstream unavailable"))).toMatchObject({
      category: "transient",
      retryable: true,
    });
  });

  it("a 2xx is read for what it carries: an error envelope inside, or nothing found", () => {
    expect(success(exchange(200, JSON.stringify({ ok: false, error: "channel_not_found" })))).toMatchObject({
      silentFailure: true,
      errorCode: "channel_not_found",
    });
    expect(success(exchange(200, JSON.stringify({ items: [], total: 0 })))).toMatchObject({
      silentFailure: false,
      empty: true,
    });
    expect(success(exchange(200, JSON.stringify({ items: [{ id: 1 }] })))).toMatchObject({
      silentFailure: false,
      empty: false,
    });
  });

  it("leaves alone a status that is data: a link checker's answer, a serialised exception", () => {
    expect(success(JSON.stringify({ url: "https://example.com/old", status: 404 }))).toMatchObject({
      outcome: "ok",
      silentFailure: false,
    });
  });
});

describe("empty row sets", () => {
  it.each([
    { rows: [], rowCount: 0, fields: [{ name: "id" }] },
    { success: true, commits: [], totalCount: 0, note: "No commits matched the filters." },
    { message: "Records updated successfully", rowsAffected: 0 },
    { success: true, diff: "", filesChanged: 0, insertions: 0, deletions: 0 },
    { results: [], query: "status:open", page: 1 },
  ])("%j is a valid empty answer", (document) => {
    expect(success(JSON.stringify(document))).toMatchObject({
      outcome: "ok",
      empty: true,
      silentFailure: false,
    });
  });

  it("says empty for a summary that counts nothing", () => {
    expect(success("\nTotal: 0 files, 0 directories\nCombined size: 0 B")).toMatchObject({ empty: true });
    expect(success("Total: 3 files, 0 directories")).toMatchObject({ empty: false });
  });

  it.each([
    { name: "Acme", tags: [] },
    { results: [], total: 5 },
    { user: { id: 1 }, orders: [] },
    { rows: [{ id: 1 }], rowCount: 1 },
  ])("%j is not empty: it carries data", (document) => {
    expect(success(JSON.stringify(document))).toMatchObject({ empty: false });
  });
});

describe("what the tool threw, when the server says (server instrumentation)", () => {
  const thrown = (text: string, serverError: CallReport["serverError"]) =>
    run({ response: textResult(text, { isError: true }), serverError });
  const withoutIt = (text: string) => run({ response: textResult(text, { isError: true }) });

  // The agent saw the same isError text through the proxy, the reporter or OTLP: what the server
  // alone knows (the class, its code) is kept beside the call, never a reason for another verdict.
  it.each([
    ["lead 9 not found", { name: "TypeError", message: "lead 9 not found" }],
    ["slow down", { name: "RateLimitError", message: "slow down" }],
    ["lead 9", { name: "LeadNotFoundError", message: "lead 9" }],
    ["boom", { name: "TypeError", message: "boom" }],
    ["Unsupported URL protocol", { name: "TypeError", message: "Unsupported URL protocol" }],
    ["the ledger is closed", { name: "LedgerError", code: "lead_locked", message: "x" }],
    ["no such file", { name: "Error", code: "ENOENT", message: "x" }],
  ] as const)("%s: the verdict of the text the agent saw, whatever was thrown", (text, error) => {
    const { outcome, category, errorCode, retryable, silentFailure, signature } = thrown(text, error);
    expect({ outcome, category, errorCode, retryable, silentFailure, signature }).toEqual(
      (({ outcome, category, errorCode, retryable, silentFailure, signature }) => ({
        outcome,
        category,
        errorCode,
        retryable,
        silentFailure,
        signature,
      }))(withoutIt(text)),
    );
  });

  it("a bare throw is not retried: nothing says a retry can help", () => {
    expect(thrown("boom", { name: "TypeError", message: "boom" })).toMatchObject({
      category: "unknown",
      retryable: false,
    });
  });

  it("leaves a result the server returned (nothing thrown) to its words", () => {
    expect(toolError("boom")).toMatchObject({ category: "unknown" });
  });
});
