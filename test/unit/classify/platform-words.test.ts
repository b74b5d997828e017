import { describe, expect, it } from "vitest";
import { classify, type CallReport, type Classification } from "@/lib/classify";
import { answered, failedWith, result, textResult } from "./helpers";

// Round XVII's lessons (tuned on once round XVIII was being captured blind by helpers who write no
// rules), each rule with the other side beside it: codes where work-management and database platforms
// put them (closing a message in parentheses, opening a line, an error object's hyphenated type, a
// status beside the result's text); their words for hidden records, quotas, plans and transient
// faults; refusals returned as answers; listings that found nothing, and lookups that did not.

const call = (response: unknown, tool = "t"): Classification =>
  classify({ method: "tools/call", server: "s", tool, httpStatus: 200, response } as CallReport);

describe("codes where platforms put them", () => {
  it.each([
    ["Error: The requested resource does not exist (object_not_found)", "object_not_found", "validation"],
    [
      "Error: The resource is restricted and cannot be accessed with this token (restricted_resource)",
      "restricted_resource",
      "permission",
    ],
    [
      "Error: The transaction could not be completed due to a conflict (conflict_error)",
      "conflict_error",
      "transient",
    ],
    ["Error: The bearer token is not valid (unauthorized)", "unauthorized", "auth"],
    ["Error: Invalid request\n\ninvalid_grant: Invalid JWT Signature.", "invalid_grant", "auth"],
  ])("%j → %s, %s", (text, code, category) => {
    expect(answered(text)).toMatchObject({ silentFailure: true, errorCode: code, category });
  });

  it("an error object's hyphenated type beside its message is its code", () => {
    const got = failedWith(
      'Error querying app: {"type":"record-not-found","message":"Record not found: app","trace-id":"6a3f"}',
    );
    expect(got).toMatchObject({ errorCode: "record-not-found", category: "validation" });
  });

  it("the other side: a word in parentheses that no table names, and Stripe's snake_case kind, are not codes", () => {
    expect(answered("Error: the export failed (partially)").errorCode).not.toBe("partially");
    const stripe = answered(
      JSON.stringify({
        status: 403,
        body: { error: { type: "invalid_request_error", message: "The key lacks a permission" } },
      }),
    );
    expect(stripe.errorCode).not.toBe("invalid_request_error");
  });

  it("a status the result carries beside its text codes a failure whose words carry none", () => {
    const got = call(
      result(
        [
          {
            type: "text",
            text: 'Error: API not found. Verify the ID is correct.\nJira API Error: {"errorMessages":["Issue does not exist or you do not have permission to see it."]}',
          },
        ],
        {
          metadata: { errorType: "API_ERROR", statusCode: 404 },
        },
      ),
    );
    expect(got).toMatchObject({ silentFailure: true, errorCode: "http_404", category: "validation" });
  });

  it("the other side: a status beside a success is not a failure", () => {
    const got = call(result([{ type: "text", text: "3 issues" }], { metadata: { statusCode: 404 } }));
    expect(got.silentFailure).toBe(false);
  });
});

describe("platforms' words", () => {
  it.each([
    ["Exceeded rate limits: too many api requests per user per method", "rate_limited"],
    ["Query exceeded limit for bytes billed: 1000000000. 48318382080 or higher required.", "business"],
    ["API Error: Your current subscription plan does not support this API Function.", "business"],
    [
      "API Error: You have not supplied a valid API Access Key. [Technical Support: support@apilayer.com]",
      "auth",
    ],
    [
      "❌ Input Error: Climb category filters (minCat, maxCat) require activityType to be 'riding'.",
      "validation",
    ],
    [
      "Error [INTERNAL_ERROR]: Invalid arguments for motion_calendar: No validator found for tool: motion_calendar",
      "unknown_tool",
    ],
    [
      "An internal error occurred and the request could not be completed. This is usually caused by a transient issue. Retrying the job with back-off should solve the problem.",
      "transient",
    ],
    ['{"error": "Failed to parse listing details. The page structure may have changed."}', "internal"],
    ["❌ API Error: Strava API Error in getAuthenticatedAthlete (401): Authorization Error", "auth"],
  ])("%s → %s", (text, category) => {
    expect(failedWith(text).category).toBe(category);
  });

  it("a record that does not exist or is hidden is not found, not a missing right", () => {
    expect(failedWith("Issue does not exist or you do not have permission to see it.").category).toBe(
      "validation",
    );
  });

  it("the other side: a plain missing right stays permission; an internal error with no advice stays internal", () => {
    expect(failedWith("You do not have permission to see this issue.").category).toBe("permission");
    expect(failedWith("An internal error occurred.").category).toBe("internal");
  });
});

describe("refusals returned as answers", () => {
  it.each([
    ["Only SELECT queries are allowed. This query was identified as: DELETE"],
    ['Restricted fields detected — table "sales.customers" has restricted columns: "email", "phone".'],
  ])("%s is a silent permission failure", (text) => {
    expect(answered(text)).toMatchObject({ silentFailure: true, category: "permission" });
  });

  it("the other side: a sentence about what is allowed, further down, is data", () => {
    expect(answered("Query plan:\n1. Only SELECT queries are allowed in read replicas.").silentFailure).toBe(
      false,
    );
  });
});

describe("what found nothing, and what did not find the one thing asked for", () => {
  it.each([
    ['Search Results for "kubernetes migration" (Limit: 100) (Scope: both):\n'],
    ["issues: []\nisLast: true"],
    [
      JSON.stringify({
        searchUrl: "https://x.test/s?q=y",
        searchResults: [],
        paginationInfo: { pageCursors: [] },
      }),
    ],
  ])("%j is empty", (text) => {
    expect(answered(text)).toMatchObject({ silentFailure: false, empty: true });
  });

  it("a write that answers with an empty text is not an empty result", () => {
    expect(call(textResult(""), "jira_put").empty).toBe(false);
    expect(call(textResult(""), "search_issues").empty).toBe(true);
  });

  it("a chart over a range that holds nothing is empty; a quote of one symbol answered [] is not found", () => {
    expect(answered("[]", "getFullChart")).toMatchObject({ silentFailure: false, empty: true });
    expect(answered("[]", "getQuote")).toMatchObject({ silentFailure: true, category: "validation" });
  });

  it("no data found for the specified thing is that thing not found", () => {
    expect(answered("No flight data found for the specified flight number.")).toMatchObject({
      silentFailure: true,
      category: "validation",
      flags: expect.arrayContaining(["empty_lookup"]),
    });
  });

  it("the other side: a search that found nothing for its terms is empty", () => {
    expect(answered("No results found for 'zqxj flurbo'.")).toMatchObject({
      silentFailure: false,
      empty: true,
    });
  });
});
