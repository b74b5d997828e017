import { describe, expect, it } from "vitest";
import { answered, classifyCall, failedWith, rpcError, textResult } from "./helpers";

// Round XXIX's lessons (tuned on once round XXX was being captured blind by helpers who write no rules): an
// error member that is a code word, a server's catch-all JSON-RPC code around what its upstream answered, a
// status's phrase before the body's message, reports that count nothing above their advice, a lookup that
// found no one with the key it was given, a listing that says only what kind of answer it is, and a write
// refused for a stale version. Each rule with its other side.

const silentObject = (body: Record<string, unknown>, tool = "t") =>
  answered(JSON.stringify(body, null, 2), tool);

describe("an error member that is a code word", () => {
  it("is the code, not its status's phrase", () => {
    expect(
      silentObject({
        error: "forbidden",
        message: "You do not have permission to access this Jira resource.",
      }),
    ).toMatchObject({ silentFailure: true, category: "permission", errorCode: "forbidden" });
    expect(silentObject({ error: "unauthorized", message: "Bad credentials" })).toMatchObject({
      category: "auth",
      errorCode: "unauthorized",
    });
  });

  it("the other side: a reason phrase as written by a client stays the status it names", () => {
    expect(silentObject({ error: "Not Found" })).toMatchObject({
      category: "validation",
      errorCode: "http_404",
    });
  });

  it("'server error' with advice to retry is the server's failure: internal, retryable", () => {
    expect(
      silentObject({ error: "server_error", message: "Jira server error. Please retry later." }),
    ).toMatchObject({ category: "internal", errorCode: "server_error", retryable: true });
  });

  it("the other side: an unavailable service that says to retry stays transient", () => {
    expect(failedWith("Service temporarily unavailable. Please retry later.").category).toBe("transient");
  });
});

describe("a server's catch-all JSON-RPC code around what its upstream answered", () => {
  it("-32600 around a quoted status: the status is the code", () => {
    expect(
      classifyCall(rpcError(-32600, "MCP error -32600: Jira API error: Request failed with status code 429")),
    ).toMatchObject({ category: "rate_limited", errorCode: "http_429", retryable: true });
  });

  it("-32602 around a status or a network error is not the caller's arguments", () => {
    expect(
      classifyCall(rpcError(-32602, "MCP error -32602: Request failed with status code 500")),
    ).toMatchObject({ category: "internal", errorCode: "http_500", retryable: true });
    expect(
      classifyCall(rpcError(-32602, "MCP error -32602: Request failed with status code 404")),
    ).toMatchObject({ category: "validation", errorCode: "http_404", retryable: false });
    expect(
      classifyCall(rpcError(-32602, "MCP error -32602: connect ECONNREFUSED 127.0.0.1:42350")),
    ).toMatchObject({ category: "transient", errorCode: "econnrefused", retryable: true });
  });

  it("the other side: -32602 for the arguments themselves stays -32602", () => {
    expect(
      classifyCall(
        rpcError(-32602, "MCP error -32602: Invalid arguments for tool get_note: noteId is required"),
      ),
    ).toMatchObject({ category: "validation", errorCode: "-32602" });
  });

  it("the other side: -32602 a server sets as its own code member beside a quoted status stays its code", () => {
    const verdict = classifyCall(
      textResult("Error: Fetch failed for https://example.org/efetch. Status: 400", {
        isError: true,
        structuredContent: { error: { code: -32602, message: "Fetch failed. Status: 400" } },
      }),
    );
    expect(verdict.errorCode).toBe("-32602");
  });

  it("-32603 whose message is only 'Internal server error' quotes the 500", () => {
    expect(classifyCall(rpcError(-32603, "MCP error -32603: Internal server error"))).toMatchObject({
      category: "internal",
      errorCode: "http_500",
    });
  });
});

describe("a status's phrase before the body's message", () => {
  it("in title case, after a colon, quotes that status", () => {
    expect(failedWith("Unauthorized: Invalid API key.")).toMatchObject({
      category: "auth",
      errorCode: "http_401",
    });
    expect(failedWith("Conflict: Git Repository is empty.").errorCode).toBe("http_409");
  });

  it("the other side: lower case is a tool's own words, not a status text", () => {
    expect(failedWith("Not found: notes/a.txt").errorCode).toBeNull();
  });

  it("a client's refusal of the API's response is not the caller's input: internal", () => {
    expect(failedWith("Response validation failed")).toMatchObject({ category: "internal", retryable: true });
    expect(failedWith("Request validation failed: name is required").category).toBe("validation");
  });
});

describe("reports that count nothing", () => {
  const advice =
    '**Next steps:**\n- Get board details using `manage_jira_board` — `{"operation":"get","boardId":"<id>"}`';

  it("a zero count above a section of advice is empty", () => {
    expect(
      answered(`# Boards (0)\n\n\n---\nShowing all 0 boards\n---\n${advice}`, "manage_jira_board").empty,
    ).toBe(true);
    expect(
      answered(
        `# Search Results\n**JQL:** \`project = HELP\`\nFound 0 issues\n\n---\nShowing all 0 results\n---\n${advice}`,
        "manage_jira_filter",
      ).empty,
    ).toBe(true);
  });

  it("the other side: a listing above the same advice is data", () => {
    expect(
      answered(
        `# Boards (2)\n\n- HELP board\n- OPS board\n---\nShowing all 2 boards\n---\n${advice}`,
        "list_boards",
      ).empty,
    ).toBe(false);
  });

  it("a report that opens with a count of zero is empty", () => {
    expect(answered("**0 events** (of unknown total)\n\n", "list_events").empty).toBe(true);
    expect(
      answered("**3 events** (of unknown total)\n\n- signup\n- login\n- logout", "list_events").empty,
    ).toBe(false);
  });
});

describe("a lookup that found no one with the key it was given", () => {
  it("is a silent validation failure", () => {
    expect(answered("No person found with distinct_id: user_0000-deleted", "get_person")).toMatchObject({
      silentFailure: true,
      category: "validation",
    });
    const resolve =
      '❌ No notes found matching "Gardening plan". No notes found matching the search criteria. Consider using search_notes for broader results.';
    expect(answered(resolve, "resolve_note_id")).toMatchObject({
      silentFailure: true,
      category: "validation",
    });
  });

  it("the other side: a search that finds no one found nothing", () => {
    expect(answered("No person found with distinct_id: user_0000-deleted", "search_people")).toMatchObject({
      silentFailure: false,
    });
    expect(answered('No notes found matching "Gardening plan".', "search_notes")).toMatchObject({
      silentFailure: false,
      empty: true,
    });
  });
});

describe("a listing that says only what kind of answer it is", () => {
  it("is empty: Google's APIs leave an empty list out", () => {
    expect(
      answered(JSON.stringify({ responseAggregationType: "byProperty" }), "search_analytics").empty,
    ).toBe(true);
  });

  it("the other side: rows beside it, or a tool that fetches one thing, are not", () => {
    const rows = { responseAggregationType: "byProperty", rows: [{ keys: ["customs"], clicks: 4 }] };
    expect(answered(JSON.stringify(rows), "search_analytics").empty).toBe(false);
    expect(answered(JSON.stringify({ permissionType: "siteOwner" }), "get_site").empty).toBe(false);
  });
});

describe("a write refused for a stale version", () => {
  const patch = (appliedCount: number, failedCount: number, message: string) =>
    silentObject(
      { noteId: "kV3q", revisionCreated: false, patchResults: [], appliedCount, failedCount, message },
      "patch_note",
    );

  it("applying nothing, with a conflict on the version it expected, is a silent validation failure", () => {
    expect(
      patch(
        0,
        1,
        "CONFLICT: Note has been modified. Current blobId: q1Wx, expected: staleBlob0000000. Call get_note again to get the latest content.",
      ),
    ).toMatchObject({ silentFailure: true, category: "validation", retryable: false });
  });

  it("the other side: every patch applied is a success", () => {
    expect(patch(2, 0, "Applied 2 patches.")).toMatchObject({ silentFailure: false });
  });
});
