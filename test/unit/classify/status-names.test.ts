import { describe, expect, it } from "vitest";
import { answered, failedWith } from "./helpers";

// Round XIII's lessons (tuned on once round XIV was being captured blind by helpers who write no
// rules), each rule with the other side beside it: a status name closing what failed, a code in
// parentheses, an API's number that extends its HTTP status, zod's issue list, an HTML page where
// JSON was expected, a sign-in page, the words of keys, projects and quotas; and answers that found
// nothing — a record with no field set, an error that only says nothing was found, a reader's 404 page.

describe("a status name closing what failed", () => {
  it.each([
    ["Geocoding failed: INVALID_USER_KEY", "INVALID_USER_KEY", "auth", false],
    ["IP Location failed: INVALID_PARAMS", "INVALID_PARAMS", "validation", false],
    [
      "Direction Driving failed: CUQPS_HAS_EXCEEDED_THE_LIMIT",
      "CUQPS_HAS_EXCEEDED_THE_LIMIT",
      "rate_limited",
      true,
    ],
    ["Get weather failed: UNKNOWN_ERROR", "UNKNOWN_ERROR", "internal", true],
    [
      "Failed to get timezone for (0, -140): Timezone API returned status: ZERO_RESULTS",
      "ZERO_RESULTS",
      "validation",
      false,
    ],
  ])("%s → %s, %s", (text, code, category, retryable) => {
    expect(failedWith(text)).toMatchObject({ errorCode: code, category, retryable });
  });

  it("the other side: a name in the middle of a sentence is not the failure's code", () => {
    expect(failedWith("Upload failed: MAX_FILE_SIZE is 10 MB, this file is 12 MB").errorCode).not.toBe(
      "MAX_FILE_SIZE",
    );
  });

  it("a key that is not a credential stays validation", () => {
    expect(failedWith("Write failed: INVALID_PARTITION_KEY").category).toBe("validation");
  });
});

describe("a code in parentheses after the words", () => {
  it.each([
    ["Ashby API error: Candidate not found (code: candidate_not_found)", "candidate_not_found", "validation"],
    [
      "Ashby API error: HTTP 403: Forbidden: The API key provided is invalid or has been deactivated. (code: invalid_api_key) [job.list]",
      "invalid_api_key",
      "auth",
    ],
    [
      "Ashby API error: HTTP 403: Forbidden: The API key is missing the permission required for offer.list (offersRead). (code: missing_endpoint_permission)",
      "missing_endpoint_permission",
      "permission",
    ],
  ])("%s → %s", (text, code, category) => {
    expect(failedWith(text)).toMatchObject({ errorCode: code, category });
  });

  it("the other side: a lone word in parentheses is not a code", () => {
    expect(failedWith("Upload failed (code: 12)").errorCode).not.toBe("12");
  });
});

describe("an API's own number that extends its HTTP status", () => {
  const jina = (code: number, status: number, name: string, message: string) =>
    `Jina Reader API error (${code}): ${JSON.stringify({ data: null, code, name, status, message })}`;

  it("is the code: {code: 422, status: 42203}", () => {
    expect(
      failedWith(jina(422, 42203, "SubmittedDataMalformedError", "Domain 'x.test' could not be resolved")),
    ).toMatchObject({
      errorCode: "42203",
      category: "validation",
    });
    expect(
      failedWith(jina(429, 42903, "RateLimitTriggeredError", "Per IP rate limit exceeded")),
    ).toMatchObject({
      errorCode: "42903",
      category: "rate_limited",
    });
  });

  it("the other side: a number that does not extend the status is not read as its refinement", () => {
    expect(failedWith(jina(422, 51203, "SubmittedDataMalformedError", "bad input")).errorCode).not.toBe(
      "51203",
    );
  });

  it("451 (unavailable for legal reasons) is a refusal by policy: permission", () => {
    expect(
      failedWith(
        jina(451, 45102, "SecurityCompromiseError", "Domain x blocked until 2039 due to previous abuse"),
      ).category,
    ).toBe("permission");
  });
});

describe("zod's issue list", () => {
  const issues = JSON.stringify(
    [{ code: "custom", message: "Subreddit must be 2-21 characters", path: ["subreddit"] }],
    null,
    2,
  );

  it("is the caller's input, with the first issue's code", () => {
    expect(failedWith(`Error: ${issues}`)).toMatchObject({ errorCode: "custom", category: "validation" });
  });

  it("the other side: a list of records with a code and a path is not an issue list unless a failure says so", () => {
    const data = JSON.stringify([{ code: "fr", message: "French", path: ["langs"] }]);
    expect(answered(data)).toMatchObject({ outcome: "ok", silentFailure: false });
  });
});

describe("an HTML page where the API's JSON was expected", () => {
  it.each([
    "Error: Unexpected token '<', \"<!DOCTYPE \"... is not valid JSON",
    "Error: Reddit returned HTML instead of JSON - the subreddit may be inaccessible",
  ])("%s → transient, retryable", (text) => {
    expect(failedWith(text)).toMatchObject({ category: "transient", retryable: true });
  });

  it("the other side: any other JSON parse failure is the server's own: internal", () => {
    expect(failedWith("SyntaxError: Unexpected end of JSON input").category).toBe("internal");
    expect(failedWith("Unexpected token 'u', \"undefined\" is not valid JSON").category).toBe("internal");
  });
});

describe("the words of sign-in pages, keys, projects, quotas and outages", () => {
  it.each([
    [
      `{"error":"Failed to read topic 1042: Cannot use 'in' operator to search for 'x' in <!DOCTYPE html><html><head><title>Sign in ・ Cloudflare Access</title></head>"}`,
      "auth",
    ],
    ["API key not valid. Please pass a valid API key.", "auth"],
    [
      "Authentication is required to use this endpoint. Please provide a valid API key via Authorization header.",
      "auth",
    ],
    [
      "Translation failed: Authorization failure, check auth_key, message: Wrong endpoint. Use https://api-free.deepl.com",
      "auth",
    ],
    [
      "Weather API has not been used in project 184093657220 before or it is disabled. Enable it by visiting https://console.developers.google.com then retry.",
      "permission",
    ],
    ["Error: Cannot access r/acme_staff - it may be private, quarantined, or doesn't exist.", "permission"],
    ["API quota exceeded. Wait and retry, or check quota at console.cloud.google.com", "rate_limited"],
    ["Failed to retrieve video information: Resource has been exhausted (e.g. check quota).", "rate_limited"],
    ["Failed to retrieve trending videos: The service is currently unavailable.", "transient"],
    ["No search results available for query zzqx", "validation"],
  ])("%s → %s", (text, category) => {
    expect(failedWith(text).category).toBe(category);
  });

  it("the other side: advice about a key's permissions is permission, a billing quota business", () => {
    expect(
      failedWith("Error: WooCommerce API access forbidden. Please check your API key permissions.").category,
    ).toBe("permission");
    expect(
      failedWith("Quota for this billing period has been exceeded, message: Quota Exceeded").category,
    ).toBe("business");
    expect(failedWith("ReferenceError: Cannot access 'client' before initialization").category).not.toBe(
      "permission",
    );
  });
});

describe("answers that found nothing, and answers that are failures", () => {
  it("a record none of whose fields has a value did not resolve what was asked: silent validation", () => {
    expect(
      answered(JSON.stringify({ province: [], city: [], adcode: [], rectangle: [] }), "maps_ip_location"),
    ).toMatchObject({
      silentFailure: true,
      category: "validation",
      flags: expect.arrayContaining(["empty_lookup"]),
    });
  });

  it("the other side: a listing's empty collections, and a search, are empty", () => {
    expect(
      answered(JSON.stringify({ activeTargets: [], droppedTargets: [], droppedTargetCounts: {} })),
    ).toMatchObject({
      silentFailure: false,
      empty: true,
    });
    expect(answered(JSON.stringify({ city: [], district: [], street: [] }), "search_places")).toMatchObject({
      silentFailure: false,
      empty: true,
    });
    expect(answered(JSON.stringify({ name: "", city: [] }))).toMatchObject({ silentFailure: false });
  });

  it("an error object that only says nothing was found, after the server's wrapper, is empty", () => {
    expect(
      answered(JSON.stringify({ error: "Failed to retrieve channel's top videos: No videos found." })),
    ).toMatchObject({
      silentFailure: false,
      empty: true,
    });
    expect(
      answered(JSON.stringify({ error: "Failed to retrieve channel's top videos: quota exceeded" }))
        .silentFailure,
    ).toBe(true);
  });

  it("a sentence, then the JSON on the next line: read as that JSON", () => {
    expect(answered('0 candidate(s) matching "Zebulon".\n{\n  "candidates": []\n}')).toMatchObject({
      empty: true,
    });
    const failed =
      'Ashby candidate.info returned success: false — Candidate not found\n{"success": false, "errors": ["candidate_not_found"], "errorInfo": {"code": "candidate_not_found", "message": "Candidate not found"}}';
    expect(answered(failed, "ashby_call_api")).toMatchObject({ silentFailure: true, category: "validation" });
  });

  it("a reader's short page whose heading is a status line is that status", () => {
    const page =
      "Page 1 of 1 | 20 tokens\n=====\n\n# 404 Not Found\n\nThe page you are looking for was moved, removed or never existed.";
    expect(answered(page, "read_url")).toMatchObject({
      silentFailure: true,
      errorCode: "http_404",
      category: "validation",
    });
    expect(
      answered(
        "# 404 Not Found\n\nThe 404 status means the server cannot find the resource. " +
          "It is returned when… ".repeat(40),
        "read_url",
      ).silentFailure,
    ).toBe(false);
  });

  it("one line that opens as the call's error and quotes its status, from a search tool, is a failure", () => {
    const text =
      "Ashby API error: HTTP 500: Internal Server Error: An unexpected error occurred. (code: internal_server_error) [candidate.search]";
    expect(answered(text, "ashby_search_candidates")).toMatchObject({
      silentFailure: true,
      category: "internal",
    });
    expect(answered("Found 1 log line: [ERROR] HTTP 500 from /api/orders", "search_logs").silentFailure).toBe(
      false,
    );
  });
});
