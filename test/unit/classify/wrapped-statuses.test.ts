import { describe, expect, it } from "vitest";
import { answered, failedWith } from "./helpers";

// Round XXII's lessons (tuned on once round XXIII was captured blind by helpers who write no rules): the
// status an SDK writes before its message under a tool's label, a wrapper's catch-all beside what it wraps,
// a tool the server does not have quoted inside another error, an OAuth code inside a wrapper's message, a
// login that failed, a framework's word for an empty result, and a record whose counters are zero. Each
// rule with its other side.

describe("the status an SDK writes before its message", () => {
  it.each([
    ["Error retrieving vector store: 404 Vector store not found", "http_404", "validation"],
    ['Error listing vector stores: 401 {"detail":"Invalid API key"}', "http_401", "auth"],
    [
      "Error searching vector store: 402 Insufficient balance. Please top up your account.",
      "http_402",
      "business",
    ],
    [
      "Error: ChromaDB 422: Failed to deserialize the JSON body into the target type: missing field `query_embeddings`",
      "http_422",
      "validation",
    ],
  ])("%j is that status", (text, errorCode, category) => {
    expect(failedWith(text)).toMatchObject({ errorCode, category });
  });

  it("the other side: a number that counts something after a label is no status", () => {
    expect(failedWith("Error importing contacts: 404 rows had no e-mail address").errorCode).not.toBe(
      "http_404",
    );
  });
});

describe("what a wrapper quotes says more than its catch-all", () => {
  it("a network code or a status beside UNKNOWN_ERROR is the code", () => {
    const refused = answered(
      'Error [UNKNOWN_ERROR]: An unexpected error occurred: connect ECONNREFUSED 127.0.0.1:41250\n\nDetails: {\n  "originalError": "connect ECONNREFUSED 127.0.0.1:41250"\n}',
      "GetCollections",
    );
    expect(refused).toMatchObject({ silentFailure: true, errorCode: "econnrefused", category: "transient" });
    const gateway = answered(
      "Error [UNKNOWN_ERROR]: An unexpected error occurred: HTTP error (502): <html><head><title>502 Bad Gateway</title></head></html>",
      "GetRecord",
    );
    expect(gateway).toMatchObject({ silentFailure: true, errorCode: "http_502" });
  });

  it("the other side: the catch-all alone is the code there is", () => {
    expect(failedWith("Geocoding failed: UNKNOWN_ERROR")).toMatchObject({
      errorCode: "UNKNOWN_ERROR",
      category: "internal",
    });
  });

  it("a tool the server does not have, quoted inside its own error, is unknown_tool whatever the wrapper guessed", () => {
    const got = answered(
      'Error [RECORD_NOT_FOUND]: The specified record was not found.\n\nDetails: {\n  "originalError": "MCP error -32601: Tool not found"\n}',
      "SemanticSearch",
    );
    expect(got).toMatchObject({ silentFailure: true, category: "unknown_tool", errorCode: "-32601" });
    // The other side: the wrapper's own code, when nothing is quoted under it.
    expect(
      answered("Error [RECORD_NOT_FOUND]: The specified record was not found.", "GetRecord"),
    ).toMatchObject({ silentFailure: true, errorCode: "RECORD_NOT_FOUND", category: "validation" });
  });
});

describe("credentials refused in a wrapper's words", () => {
  it("an OAuth code inside a wrapper's message is the code, and it is auth", () => {
    const got = answered(
      JSON.stringify({
        error: {
          name: "Error",
          message: "Failed to list log entries: invalid_grant: Invalid JWT Signature.",
          stack:
            "Error: Failed to list log entries: invalid_grant: Invalid JWT Signature.\n    at listLogEntries",
        },
      }),
      "list_log_entries",
    );
    expect(got).toMatchObject({ silentFailure: true, errorCode: "invalid_grant", category: "auth" });
  });

  it("a 400 whose words say the login failed is auth", () => {
    const got = answered(
      JSON.stringify({
        error: "Authentication failed",
        message:
          'API request failed: 400 - {"code":"err_login_failed","message":"Authentication to server failed."}',
      }),
      "run_logs_query",
    );
    expect(got).toMatchObject({ silentFailure: true, category: "auth" });
    // The other side: a 400 about the request's own session stays the request's.
    expect(failedWith("Bad Request: No valid session ID provided (400)").category).toBe("validation");
  });
});

describe("empty and not empty", () => {
  it("a framework's word for a tool that returned [] is an empty answer", () => {
    expect(answered("Invoked tool returned an empty result", "list_log_entries")).toMatchObject({
      empty: true,
      silentFailure: false,
    });
  });

  it("a record with an id of its own whose only zeros are its counters is that record, not an empty listing", () => {
    const created = {
      id: "4e7d1a9c-8b2f-4c35-a6e0-9f1b3d5c7e21",
      name: "onboarding-handbook",
      file_counts: { pending: 0, completed: 0, failed: 0, total: 0 },
      status: "completed",
    };
    expect(answered(JSON.stringify(created), "vector_store_create").empty).toBe(false);
    // The other side: a listing that found nothing, with its own total.
    expect(answered(JSON.stringify({ data: [], total: 0 }), "vector_store_list").empty).toBe(true);
  });
});
