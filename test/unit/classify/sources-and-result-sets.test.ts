import { describe, expect, it } from "vitest";
import { answered, failedWith } from "./helpers";

// Round XL's lessons (tuned on once round XLI was being captured blind by helpers who write no rules): an answer
// keyed by source whose every source failed, an API's method named before its status, error names in PascalCase, a
// quota that refills, the upstream's body relayed as a JSON text, a query's result set that counts no rows, a
// reason phrase under a wrapper's label, failures said in Japanese, and the caller's own id. Each rule with its
// other side.

describe("an answer keyed by source", () => {
  it("whose every source failed is a silent failure, read from the first", () => {
    const text = JSON.stringify({
      google: { error: "User does not have sufficient permission for site 'https://shop.example.com/'." },
      bing: { error: "fetch failed" },
    });
    expect(answered(text, "analytics_query")).toMatchObject({ silentFailure: true, category: "permission" });
  });

  it("the other side: a source that answered makes it an answer", () => {
    const text = JSON.stringify({
      google: [{ keys: ["https://shop.example.com/tents"], clicks: 530 }],
      bing: { error: "Bing API error (GetQueryStats): 400 {}" },
    });
    expect(answered(text, "analytics_query").silentFailure).toBe(false);
  });
});

describe("an API's failure said by its client", () => {
  it("names the method before the status: the body's own code and name decide", () => {
    const said = (body: string) =>
      answered(JSON.stringify({ bing: { error: `Bing API error (GetFeeds): 400 ${body}` } }));
    expect(said('{"ErrorCode":3,"Message":"ERROR!!! InvalidApiKey"}')).toMatchObject({
      silentFailure: true,
      category: "auth",
      errorCode: "3",
    });
    expect(said('{"ErrorCode":4,"Message":"ERROR!!! ThrottleUser"}')).toMatchObject({
      category: "rate_limited",
      retryable: true,
    });
  });

  it("the other side: a code in parentheses after the word error is still a code", () => {
    expect(failedWith("SQL Error (MCP_CLIENT_ERROR): connection pool exhausted").errorCode).toBe(
      "MCP_CLIENT_ERROR",
    );
    expect(failedWith("ERROR!!! InvalidRequest: the site URL is malformed").category).not.toBe("auth");
  });

  it("a quota that refills, with a retry advised, is a rate limit", () => {
    expect(
      answered(
        JSON.stringify({
          google: { error: "Search Analytics load quota exceeded for site 'x'. Try again later." },
        }),
      ),
    ).toMatchObject({ category: "rate_limited", retryable: true });
  });

  it("the other side: a plan's quota is the account's", () => {
    expect(failedWith("Monthly quota exceeded. Upgrade your plan to continue.")).toMatchObject({
      category: "business",
    });
  });

  it("relays the upstream's body as a JSON text: its own code", () => {
    const text = JSON.stringify({
      error: "Resource 'megan@contoso.com' does not exist.",
      statusCode: 404,
      errorBody: JSON.stringify({ code: "Request_ResourceNotFound", message: "Resource does not exist." }),
    });
    expect(failedWith(text)).toMatchObject({ category: "validation", errorCode: "Request_ResourceNotFound" });
  });

  it("the other side: a body that is no JSON leaves the status", () => {
    const text = JSON.stringify({
      error: "Resource does not exist.",
      statusCode: 404,
      errorBody: "NotFound",
    });
    expect(failedWith(text).errorCode).toBe("http_404");
  });

  it("a tenant without the license a feature needs is the account's", () => {
    const text = JSON.stringify({
      error: "Neither tenant is B2C or tenant doesn't have premium license",
      statusCode: 403,
    });
    expect(failedWith(text)).toMatchObject({ category: "business", retryable: false });
    expect(
      failedWith(
        JSON.stringify({
          error: "The user doesn't have the required privileges for this operation.",
          statusCode: 403,
        }),
      ),
    ).toMatchObject({ category: "permission" });
  });
});

describe("a query's result set", () => {
  const run = (extra: Record<string, unknown>) =>
    answered(
      JSON.stringify({
        data: { rows: [], cols: [{ name: "count", base_type: "type/BigInteger" }], results_timezone: "UTC" },
        database_id: 2,
        json_query: { database: 2, type: "native", native: { query: "select count(*) from t" } },
        status: "completed",
        row_count: 0,
        running_time: 184,
        ...extra,
      }),
      "execute_question",
    );

  it("that counts no rows and holds none is empty, whatever it says about itself", () => {
    expect(run({})).toMatchObject({ silentFailure: false, empty: true });
  });

  it("the other side: rows it holds, or a count above zero, are data", () => {
    expect(run({ data: { rows: [[42]], cols: [{ name: "count" }] } }).empty).toBe(false);
    expect(run({ row_count: 3 }).empty).toBe(false);
  });

  it("that failed names its error type as its code, not a class of errors", () => {
    const failed = (errorType: string) =>
      answered(
        JSON.stringify({
          data: { rows: [], cols: [] },
          status: "failed",
          error_type: errorType,
          error: 'ERROR: relation "funnel_7d" does not exist',
        }),
        "execute_question",
      );
    expect(failed("invalid-query")).toMatchObject({ silentFailure: true, errorCode: "invalid-query" });
    expect(failed("api_error").errorCode).not.toBe("api_error");
  });

  it("said as labelled lines under a heading, with its paging, is empty", () => {
    const text = "SEARCH PRODUCTS RESULT\nTotal: 0\nOffset: 0\nLimit: 10\nFacets: none\nResults: none";
    expect(answered(text, "search_products")).toMatchObject({ silentFailure: false, empty: true });
  });

  it("the other side: a count above zero is not empty", () => {
    expect(
      answered("SEARCH PRODUCTS RESULT\nTotal: 3\nOffset: 10\nResults: none", "search_products").empty,
    ).toBe(false);
  });
});

describe("a status's reason phrase as a label", () => {
  it("under a wrapper's words, or before a sentence, is that status", () => {
    expect(
      failedWith(
        "Failed to retrieve CI information: Unauthorized: the personal access token used is not valid for this workspace.",
      ),
    ).toMatchObject({ category: "auth", errorCode: "http_401" });
    expect(failedWith("Not found: Job not found. Check that the ID or resource exists.").errorCode).toBe(
      "http_404",
    );
  });

  it("the other side: before a name it is a file's words, and a JSON-RPC code says more", () => {
    expect(failedWith("Not found: a.txt").errorCode).toBeNull();
    expect(failedWith("MCP error -32600: Bad Request: The specified time range is empty.").errorCode).toBe(
      "-32600",
    );
  });
});

describe("failures said in Japanese", () => {
  it("an error label opening the answer makes it a failure, read from its words", () => {
    expect(
      answered("パス検証エラー: Path '/api/v1/payrolls' not found in the API schema.", "api_get"),
    ).toMatchObject({ silentFailure: true, category: "validation" });
    expect(answered("事業所一覧の取得に失敗: 認証エラーが発生しました。", "list_companies")).toMatchObject({
      silentFailure: true,
      category: "auth",
    });
    expect(
      failedWith(
        "APIリクエストエラー: company_id の不整合: リクエストの company_id (1) と現在の事業所 (2) が異なります。",
      ),
    ).toMatchObject({ category: "validation" });
  });

  it("the other side: advice to sign in again after a refusal does not make it an auth failure", () => {
    expect(
      failedWith(
        "APIリクエストエラー: アクセス拒否 (403): このアプリケーションにはアクセス権限がありません。\nそれでも解決しない場合は、freee_authenticate で再認証してください。",
      ),
    ).toMatchObject({ category: "permission" });
  });
});

describe("a server's own words for what it cannot do now", () => {
  it("an overload is transient; a listed tool with no handler is an unknown tool", () => {
    expect(
      failedWith(
        "Failed to read cart: The service is unable to handle the request due to a temporary overload.",
      ),
    ).toMatchObject({ category: "transient", retryable: true });
    expect(failedWith("Invalid method read_order")).toMatchObject({ category: "unknown_tool" });
  });

  it("the other side: an HTTP method, and a success that mentions an overload, are not", () => {
    expect(failedWith("Invalid method GET").category).not.toBe("unknown_tool");
    expect(answered("CPU overload alerts: 3 in the last hour", "list_alerts").silentFailure).toBe(false);
  });

  it("a standard's code a client repeats after the wrapper's words is the code", () => {
    expect(failedWith("Failed to read project: invalid_token, invalid_token")).toMatchObject({
      category: "auth",
      errorCode: "invalid_token",
    });
    expect(failedWith("Failed to read project: some_words, more words").errorCode).not.toBe("some_words");
  });
});

describe("the caller's own id", () => {
  it("answered null says the credential reaches no one", () => {
    expect(answered("null", "getUserId")).toMatchObject({ silentFailure: true, category: "auth" });
  });

  it("the other side: a user looked up and answered null was not found", () => {
    expect(answered("null", "getUser")).toMatchObject({
      silentFailure: true,
      category: "validation",
    });
  });
});
