import { describe, expect, it } from "vitest";
import { classify, type CallReport, type Classification } from "@/lib/classify";
import { answered, failedWith } from "./helpers";

// Round XV's lessons (tuned on once round XVI was being captured blind by helpers who write no rules),
// each rule with the other side beside it: the code an API's error object carries inside a client's
// message wins over the status the message also quotes; a message that is only a reason phrase
// quotes that status; a code in brackets after an API's name; -32600 is a catch-all whose words
// decide; the reason after a generic label decides; answers printed after a label over several lines.

const call = (response: unknown, tool = "t", httpStatus = 200): Classification =>
  classify({ method: "tools/call", server: "s", tool, httpStatus, response } as CallReport);

const graph = (status: string, code: string, message: string) =>
  JSON.stringify({
    error: `Microsoft Graph API error: ${status} - ${JSON.stringify({ error: { code, message, innerError: { "request-id": "b7c1f0e2" } } })}`,
  });

describe("an API's own code inside a client's message beats the status beside it", () => {
  it.each([
    [
      graph("404 Not Found", "ErrorItemNotFound", "The specified object was not found in the store."),
      "ErrorItemNotFound",
      "validation",
    ],
    [
      graph("409 Conflict", "nameAlreadyExists", "An item with the same name already exists"),
      "nameAlreadyExists",
      "validation",
    ],
    [
      graph("429 Too Many Requests", "TooManyRequests", "Please retry after 1 seconds."),
      "TooManyRequests",
      "rate_limited",
    ],
    [
      JSON.stringify({
        response: { size: 0 },
        body: { status: 404, code: "boardNotFound", message: "Board not found", type: "error" },
        statusCode: 404,
        name: "HttpError",
      }),
      "boardNotFound",
      "validation",
    ],
    [
      'Error: {"errors":[{"severity":"Error","location":{"start":21,"end":25},"code":"SC1001","message":"Syntax error, incorrect syntax near \'FORM\'."}]}',
      "SC1001",
      "validation",
    ],
  ])("%s → %s", (text, code, category) => {
    expect(failedWith(text)).toMatchObject({ errorCode: code, category });
  });

  it("the other side: a client's class name is not the API's code; the status is", () => {
    const got = failedWith(JSON.stringify({ response: { size: 0 }, statusCode: 503, name: "HttpError" }));
    expect(got).toMatchObject({ errorCode: "http_503", category: "transient", retryable: true });
  });

  it("the other side: a library's exception class in an error member is not a code", () => {
    expect(failedWith('{"error":"TypeError","message":"x is not a function"}').errorCode).not.toBe(
      "TypeError",
    );
  });
});

describe("a message that is only a reason phrase quotes that status", () => {
  it.each([
    ["Error: Not Found", "http_404", "validation"],
    ["Maven Central API error: Bad Gateway", "http_502", "transient"],
    ["GitLab API error: Unauthorized", "http_401", "auth"],
    ["Too Many Requests", "http_429", "rate_limited"],
  ])("%s → %s", (text, code, category) => {
    expect(failedWith(text)).toMatchObject({ errorCode: code, category });
  });

  it("the other side: a reason phrase inside a sentence is words, not a status", () => {
    expect(failedWith("Error: the page you asked for was not found on this server").errorCode).not.toBe(
      "http_404",
    );
  });
});

describe("a code in brackets after the API's name", () => {
  it.each([
    ["Error: Hetzner API [not_found]: server with ID '41' not found", "not_found", "validation", false],
    ["Error: Hetzner API [protected]: server deletion is protected", "protected", "business", false],
    [
      "Error: Hetzner API [token_readonly]: The token is only allowed to perform GET requests",
      "token_readonly",
      "permission",
      false,
    ],
    [
      "Error: Hetzner API [maintenance]: operation is currently blocked due to maintenance",
      "maintenance",
      "transient",
      true,
    ],
  ])("%s → %s", (text, code, category, retryable) => {
    expect(failedWith(text)).toMatchObject({ errorCode: code, category, retryable });
  });

  it("the other side: a tag that opens a line is a decoration, not a code", () => {
    expect(failedWith("[warning] quota: disk almost full").errorCode).not.toBe("warning");
  });
});

describe("-32600 is a catch-all: the words say who refused", () => {
  it.each([
    ["MCP error -32600: Access denied: Rate Limit Exceeded", "rate_limited", true],
    ["MCP error -32600: Access denied: Calendar usage limits exceeded.", "business", false],
    ["MCP error -32600: Google API error: Request had invalid authentication credentials.", "auth", false],
    ['MCP error -32600: No account has write access to calendar "team".', "permission", false],
  ])("%s → %s", (text, category, retryable) => {
    expect(failedWith(text)).toMatchObject({ category, retryable, errorCode: "-32600" });
  });

  it("a network error under -32600 is the network's, with its code", () => {
    const got = failedWith(
      "MCP error -32600: Google API error: request to https://x/y failed, reason: connect ECONNREFUSED 127.0.0.1:1",
    );
    expect(got).toMatchObject({ category: "transient", errorCode: "econnrefused", retryable: true });
  });

  it("the other side: -32600 with no such words stays validation", () => {
    expect(failedWith("MCP error -32600: Invalid request: missing field 'calendarId'").category).toBe(
      "validation",
    );
  });
});

describe("the reason after a generic label decides", () => {
  it("Internal error: … not found is the caller's name", () => {
    expect(
      failedWith("MCP error -32603: Internal error: Event with ID 'a1b2' not found in calendar 'primary'."),
    ).toMatchObject({
      category: "validation",
      retryable: false,
    });
  });

  it("the other side: an internal error with nothing more stays internal", () => {
    expect(failedWith("MCP error -32603: Internal error: something broke while rendering").category).toBe(
      "internal",
    );
  });
});

describe("the words of cloud databases and hosting APIs", () => {
  it.each([
    [
      'Error: Message: {"Errors":["Request rate is large. More Request Units may be needed, so no changes were made. Please retry this request later."]}',
      "rate_limited",
    ],
    [
      "Error: Request originated from IP 203.0.113.77 through public internet. This is blocked by your Cosmos DB account firewall settings.",
      "permission",
    ],
    [
      "Error: Database modifications are disabled for connection 'ro'. Operation 'delete_document' was blocked.",
      "permission",
    ],
    ["Error: The input authorization token can't serve the request. The wrong key is being used.", "auth"],
    ["Error: Connection 'analytics' not active. Active connections: shop, shop-readonly", "validation"],
    ['HTTP 403: {"message":"This action is unauthorized."}', "permission"],
    [
      'HTTP 422: {"message":"[Billing] The payment could not be processed: the card on file was declined."}',
      "business",
    ],
    [
      '{"error":"Graph circuit breaker is open (cooldown 1982 ms). Upstream has failed repeatedly."}',
      "transient",
    ],
    ["No Maven dependency found for com.acme:billing-client", "validation"],
  ])("%s → %s", (text, category) => {
    expect(failedWith(text).category).toBe(category);
  });

  it("the other side: a 401 that says unauthorized stays auth; a 422 without a domain's words stays validation", () => {
    expect(failedWith('HTTP 401: {"message":"Unauthenticated."}').category).toBe("auth");
    expect(failedWith('HTTP 422: {"message":"The name field is required."}').category).toBe("validation");
  });

  it("Cloudflare's 530 page in front of an API is transient", () => {
    const got = failedWith(
      "HTTP 530: <!DOCTYPE html><html><head><title>Origin DNS error | api.example.com | Cloudflare</title></head></html>",
    );
    expect(got).toMatchObject({ category: "transient", errorCode: "http_530", retryable: true });
  });
});

describe("a 401 on the wire whose body names an OAuth error", () => {
  it("stores that error's code", () => {
    const got = call(
      '{"error":"invalid_token","error_description":"The access token has expired"}',
      "t",
      401,
    );
    expect(got).toMatchObject({ outcome: "transport_error", errorCode: "invalid_token", category: "auth" });
  });

  it("the other side: a body that only names the status keeps the status", () => {
    expect(call('{"error":"Unauthorized"}', "t", 401).errorCode).toBe("http_401");
  });
});

describe("answers printed after a label, and wrappers with nothing inside", () => {
  it("a label then a document over several lines is read as the document", () => {
    const text = `Tool: cosmos_query, Result: ${JSON.stringify({ documents: [], stats: { requestCharge: 2.83, documentCount: 0 } }, null, 2)}`;
    expect(answered(text)).toMatchObject({ outcome: "ok", empty: true });
  });

  it("the other side: the same label over a document with data is not empty", () => {
    const text = `Tool: cosmos_query, Result: ${JSON.stringify({ documents: [{ id: "o-1" }], stats: { documentCount: 1 } }, null, 2)}`;
    expect(answered(text)).toMatchObject({ outcome: "ok", empty: false, silentFailure: false });
  });

  it("a framework's wrapper with an empty message is a failure", () => {
    expect(answered("Error fetching package details: ")).toMatchObject({ silentFailure: true });
  });

  it("the other side: a topic heading is not", () => {
    expect(answered("Error handling:").silentFailure).toBe(false);
  });
});
