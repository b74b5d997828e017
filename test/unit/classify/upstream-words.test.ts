import { describe, expect, it } from "vitest";
import { classify, type CallReport, type Classification } from "@/lib/classify";
import { answered, failedWith, rpcError } from "./helpers";

// Round XVIII's lessons (tuned on once round XIX was being captured blind by helpers who write no
// rules): where relayed upstream errors keep their codes (Google's error object, a document closing
// the text, an error object's name, a text that is one JSON string), results the client refused whose
// own words failed, the words of a state, a content policy and a balance, generations that made
// nothing, and listings that found nothing. Each rule with the other side beside it.

const call = (response: unknown, tool = "t", clientError?: CallReport["clientError"]): Classification =>
  classify({ method: "tools/call", server: "s", tool, httpStatus: 200, response, clientError } as CallReport);

describe("codes relayed inside another error", () => {
  const google = (status: string, code: number, message: string, reason?: string) =>
    JSON.stringify({
      error: {
        code,
        message,
        status,
        ...(reason
          ? {
              details: [
                { "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason, domain: "googleapis.com" },
              ],
            }
          : {}),
      },
    });

  it("Google's error object after a label: the ErrorInfo reason, else the named status, not the number", () => {
    const key = call(
      rpcError(
        -32603,
        `Failed to generate image: ${google("INVALID_ARGUMENT", 400, "API key not valid. Please pass a valid API key.", "API_KEY_INVALID")}`,
      ),
    );
    expect(key).toMatchObject({ errorCode: "API_KEY_INVALID", category: "auth" });
    const busy = call(
      rpcError(-32603, `Failed to edit image: ${google("UNAVAILABLE", 503, "The model is overloaded.")}`),
    );
    expect(busy).toMatchObject({ errorCode: "UNAVAILABLE", category: "transient", retryable: true });
  });

  it("the other side: an error object with a number and no named status keeps the status", () => {
    const got = call(rpcError(-32603, 'Failed: {"error":{"code":503,"message":"Try later"}}'));
    expect(got.errorCode).toBe("http_503");
  });

  it("a document closing the text after a space is read: an exchange's own code", () => {
    const got = failedWith(
      'Error fetching account balance: exchange {"code":-2015,"msg":"Invalid API-key, IP, or permissions for action."}',
    );
    expect(got).toMatchObject({ errorCode: "-2015", category: "auth" });
    // The other side: a document with words after it, and no colon before it, is not the failure's.
    const inside = failedWith('Error: the batch {"code":7} was not sent, try a smaller one');
    expect(inside.errorCode).not.toBe("7");
  });

  it("an error object's snake_case name is its code, inside a text that is one JSON string", () => {
    const text = JSON.stringify(
      'Error getting budget b-1: {"error":{"id":"404.2","name":"resource_not_found","detail":"Resource not found"}}',
    );
    expect(answered(text)).toMatchObject({
      silentFailure: true,
      errorCode: "resource_not_found",
      category: "validation",
    });
    const lapsed = JSON.stringify(
      'Error listing budgets: {"error":{"id":"403.1","name":"subscription_lapsed","detail":"Subscription for this account has lapsed."}}',
    );
    expect(answered(lapsed)).toMatchObject({ errorCode: "subscription_lapsed", category: "business" });
  });

  it("the other side: a class name is no code; node-fetch's FetchError is the network", () => {
    const got = answered(JSON.stringify('Error listing budgets: {"cause":{},"name":"FetchError"}'));
    expect(got.errorCode).not.toBe("FetchError");
    expect(got).toMatchObject({ silentFailure: true, category: "transient", retryable: true });
  });

  it("a field's issue code in parentheses before its message", () => {
    const got = answered(
      "Invalid arguments for tool 'get_balance': chain (invalid_enum_value): Invalid enum value. Expected 'eth' | 'bsc', received 'sol'",
    );
    expect(got).toMatchObject({
      silentFailure: true,
      errorCode: "invalid_enum_value",
      category: "validation",
    });
    expect(answered("Balance of wallet (main): 12.5 ETH").silentFailure).toBe(false);
  });

  it("a framework's exception class named after a status is that status, refined by the words", () => {
    const body = (message: string) =>
      JSON.stringify({ status: "error", error: { code: "BadRequestException", message } });
    expect(failedWith(body("start must be a valid ISO 8601 date"))).toMatchObject({
      errorCode: "BadRequestException",
      category: "validation",
    });
    expect(
      failedWith(body("User either already has booking at this time or is not available")).category,
    ).toBe("business");
  });
});

describe("a result the client refused", () => {
  const zod = { name: "$ZodError", message: '[{"code":"invalid_union","errors":[],"path":["content",0]}]' };

  it("whose block is an error: the outcome follows the wire, read from the server's words", () => {
    const got = call(
      {
        jsonrpc: "2.0",
        id: 1,
        result: { content: [{ type: "error", text: "Either payee_id or payee_name must be provided" }] },
      },
      "create_transaction",
      zod,
    );
    expect(got).toMatchObject({
      outcome: "ok",
      silentFailure: true,
      category: "validation",
      retryable: false,
    });
    expect(got.flags).toEqual(expect.arrayContaining(["error_object", "client_rejected_result"]));
  });

  it("the other side: a rejected result with no failure in it is the server's broken answer", () => {
    const got = call(
      { jsonrpc: "2.0", id: 1, result: { content: null, file: { id: "f1" } } },
      "get_file",
      zod,
    );
    expect(got).toMatchObject({ outcome: "protocol_error", category: "internal" });
  });
});

describe("the words of a state, a policy and a balance", () => {
  it.each([
    ["Can't cancel booking b-7 because it has been cancelled already.", "business"],
    ['HTTP 400: {"status":"ALREADY_COMPLETED"}', "business"],
    ["transaction has been deleted and cannot be updated", "business"],
    ["Your request was rejected by the safety system. safety_violations=[violence]", "business"],
    ['HTTP 403: {"detail":"User is locked. Reason: Exhausted balance. Top up your balance."}', "business"],
    ["Invalid requests[0].createItem: Duplicate choice option values are not allowed.", "validation"],
    ["binance does not have market symbol DOGE/EUR", "validation"],
    ["voice id not exist", "validation"],
    ["Failed to complete API request", "transient"],
  ])("%j → %s", (text, category) => {
    expect(failedWith(text).category).toBe(category);
  });

  it("work not finished yet is worth the same call later", () => {
    const got = failedWith('HTTP 400: {"detail":"Request is still in progress"}');
    expect(got).toMatchObject({ category: "business", retryable: true });
  });

  it("a daily usage used up is a rate limit, whatever status it came with", () => {
    const got = failedWith("Blocked: your plan's daily total included usage has been consumed");
    expect(got).toMatchObject({ category: "rate_limited", retryable: true });
  });

  it.each([
    // A name taken is the input's; writes refused and a right lacking are permissions.
    ["A record with this name already exists", "validation"],
    ["Writes are not allowed on this connection", "permission"],
    ["The user does not have permission to view this board", "permission"],
  ])("the other side: %j → %s", (text, category) => {
    expect(failedWith(text).category).toBe(category);
  });

  it("the other side: a daily sending limit of the account is no rate limit", () => {
    expect(failedWith("Daily user sending limit exceeded.").category).not.toBe("rate_limited");
  });

  it("the other side: a guess between two causes names neither", () => {
    const got = answered(
      "Failed to delete post with ID 102. It may not exist or you may not have permission.",
    );
    expect(got.category).not.toBe("validation");
  });
});

describe("answers that did not do the work", () => {
  it("a missing argument, asked for in the answer, is a silent validation failure", () => {
    const got = answered(
      '"No budget ID provided. Please provide a budget ID or set the BUDGET_ID environment variable."',
    );
    expect(got).toMatchObject({ silentFailure: true, category: "validation" });
    expect(answered("No filter given; showing all 3 projects:\n- a\n- b\n- c").silentFailure).toBe(false);
  });

  it("a generation that says it generated nothing", () => {
    const got = answered(
      '🎨 Image generated!\n\nPrompt: "a surfer"\n\nNote: No image was generated. The model may have returned only text.',
      "generate_image",
    );
    expect(got).toMatchObject({ silentFailure: true, category: "unknown", retryable: false });
    expect(got.flags).toContain("nothing_generated");
    // The other side: a record that quotes it inside data is data.
    const data = answered('[{"job":"j-4","log":"No image was generated for step 2"}]', "list_jobs");
    expect(data.silentFailure).toBe(false);
  });

  it("an object whose one member is an error message, however it is spelt", () => {
    const got = answered(
      JSON.stringify({
        "Error Message": "This endpoint is not available under your current subscription. Upgrade your plan.",
      }),
    );
    expect(got).toMatchObject({ silentFailure: true, category: "business" });
    expect(
      answered(JSON.stringify({ "Error Message": "", symbol: "AAPL", price: 189.2 })).silentFailure,
    ).toBe(false);
  });
});

describe("listings that found nothing", () => {
  it("an empty page with paging numbers beside it", () => {
    const pagination = {
      totalItems: 0,
      itemsPerPage: 100,
      currentPage: 1,
      totalPages: 1,
      hasNextPage: false,
    };
    expect(answered(JSON.stringify({ status: "success", data: [], pagination }), "list_bookings").empty).toBe(
      true,
    );
    expect(
      answered(JSON.stringify({ total: 5, page: 9, pageSize: 100, data: [] }), "list_markets").empty,
    ).toBe(true);
    // The other side: a first page that holds nothing while five were counted is not an empty listing.
    expect(answered(JSON.stringify({ total: 5, page: 1, data: [] }), "list_markets").empty).toBe(false);
  });

  it("what was asked about, then a last line saying there is nothing, for a tool that asks for many", () => {
    const responses =
      "**Form Responses**\n\nForm ID: 1m7Xk2\nTotal Responses: 0\nEdit Form: https://forms.example/1m7Xk2/edit\n\nNo responses yet.";
    expect(answered(responses, "getFormResponses").empty).toBe(true);
    // The other side: one thing read (found, with nothing in it), and a count above zero beside the note.
    const form =
      "**Form: Feedback**\n\nForm ID: 1m7Xk2\nDocument Title: Feedback\n\nNo questions in this form.";
    expect(answered(form, "readForm").empty).toBe(false);
    expect(
      answered(responses.replace("Total Responses: 0", "Total Responses: 4"), "getFormResponses").empty,
    ).toBe(false);
  });

  it("one thing looked for and not there, in the singular, after an emoji", () => {
    expect(answered("📷 No previous image found.", "get_last_image_info").empty).toBe(true);
  });
});
