import { describe, expect, it } from "vitest";
import { rpcError } from "../../fixtures/jsonrpc";
import { answered, classifyCall, failedWith } from "./helpers";

// Round XXI's lessons (tuned on once round XXII was captured blind by helpers who write no rules): a
// client's exception serialised whole into an ordinary result, a bulk tally in JSON, "not found" in the
// API's own language, an identity tool answering that, a count of none above its empty list, a not-found
// hedged with permissions, rights not granted, accounts not switched on, a credential's variable not set,
// and the server's own answer refused by its MCP library. Each rule with its other side.

describe("a client's exception serialised into an ordinary result", () => {
  const apiError = (statusCode: number, code: string, msg: string) =>
    JSON.stringify({
      statusCode,
      endpoint: "/api/lists",
      name: "IterableApiError",
      apiResponse: { msg, code },
      code,
    });

  it("is the failure it carries: its code, its category", () => {
    expect(answered(apiError(401, "BadApiKey", "Invalid API key"))).toMatchObject({
      silentFailure: true,
      errorCode: "BadApiKey",
      category: "auth",
    });
    expect(answered(apiError(429, "RateLimitExceeded", "Exceeded rate limit."))).toMatchObject({
      silentFailure: true,
      category: "rate_limited",
      retryable: true,
    });
  });

  it("a code that says Success on a 400 names nothing; the status does, and the client's class name is no code", () => {
    const got = answered(apiError(400, "Success", "error.lists.invalidListId(999999999)"));
    expect(got).toMatchObject({ silentFailure: true, errorCode: "http_400", category: "validation" });
    const raw = answered(
      JSON.stringify({
        statusCode: 404,
        endpoint: "/api/campaigns/99999999",
        name: "IterableRawError",
        rawResponse: "<html><title>Action not found</title></html>",
      }),
    );
    expect(raw).toMatchObject({ silentFailure: true, errorCode: "http_404" });
  });

  it("the other side: a record that names its endpoint and status is data", () => {
    const webhook = JSON.stringify({ name: "Order hook", endpoint: "/hooks/orders", statusCode: 404 });
    expect(answered(webhook).silentFailure).toBe(false);
    const success = JSON.stringify({ statusCode: 200, endpoint: "/api/lists", name: "IterableApiError" });
    expect(answered(success).silentFailure).toBe(false);
  });
});

describe("a bulk tally in JSON", () => {
  it("nothing succeeded and something failed is a silent failure", () => {
    const got = answered(
      JSON.stringify({ successCount: 0, failCount: 2, failedUpdates: { failedUserIds: ["u-1", "u-2"] } }),
    );
    expect(got.silentFailure).toBe(true);
  });

  it("the other side: some succeeded, or nothing was asked", () => {
    expect(answered(JSON.stringify({ successCount: 1, failCount: 1 })).silentFailure).toBe(false);
    expect(answered(JSON.stringify({ successCount: 0, failCount: 0 })).silentFailure).toBe(false);
    // A test run's own tally is what it was asked for.
    expect(answered(JSON.stringify({ passed: 0, failures: 3 })).silentFailure).toBe(false);
  });
});

describe("not found in the API's own language", () => {
  it.each(["Entité non trouvée.", "Datensatz nicht gefunden", "Recurso no encontrado"])(
    "%j as the whole answer is a silent validation failure",
    (text) => {
      expect(answered(text)).toMatchObject({ silentFailure: true, category: "validation" });
    },
  );

  it("the other side: the words inside a sentence about something else", () => {
    expect(
      answered("Le rapport liste trois pages introuvables sur le site, corrigées depuis.").silentFailure,
    ).toBe(false);
  });

  it("from a tool that says who the caller is, it is the credential that names no one", () => {
    const got = answered("Entité non trouvée.", "boond_application_current_user");
    expect(got).toMatchObject({ silentFailure: true, category: "auth" });
    expect(answered('{"id": 7, "name": "Dana"}', "boond_application_current_user").silentFailure).toBe(false);
  });
});

describe("a count of none above its list", () => {
  it("in any language, a zero before a noun above [] found nothing", () => {
    expect(answered("0 élément(s)\n\n[]")).toMatchObject({ empty: true, silentFailure: false });
  });

  it("the other side: a count above zero, or a zero with a list that has something", () => {
    expect(answered("2 élément(s)\n\n[]").empty).toBe(false);
    expect(answered('0 élément(s)\n\n[{"id": 1}]').empty).toBe(false);
  });
});

describe("words that decide between categories", () => {
  it("a not-found that names permissions only as one alternative is not found", () => {
    const got = failedWith(
      "Error getting campaign details: Unsupported get request. Object with ID '120219999999999999' does not exist, cannot be loaded due to missing permissions, or does not support this operation.",
    );
    expect(got.category).toBe("validation");
    // The other side: a refusal for missing permissions, no alternative named.
    expect(failedWith("Cannot be loaded due to missing permissions.").category).toBe("permission");
  });

  it("a right the owner has not granted is permission", () => {
    const got = failedWith(
      "Error pausing campaign: (#200) Ad account owner has NOT grant ads_management or ads_read permission",
    );
    expect(got.category).toBe("permission");
  });

  it("an account or a feature of it not switched on is the account's state", () => {
    expect(
      failedWith(
        "BoondManager API 501 Not Implemented: Not Implemented: This API is not active for this customer",
      ).category,
    ).toBe("business");
    expect(
      failedWith(
        "The customer account can't be accessed because it is not yet enabled or has been deactivated.",
      ).category,
    ).toBe("business");
    // The other side: an account named beside a failure of something else.
    expect(failedWith("Account 42: the request timed out").category).toBe("transient");
  });

  it("a credential's environment variable not set is auth", () => {
    expect(
      failedWith(
        "Error: Deployment failed: Missing EDGEONE_PAGES_API_TOKEN. Please provide a token with --token.",
      ).category,
    ).toBe("auth");
    expect(failedWith("GITHUB_TOKEN is not set").category).toBe("auth");
    // The other side: a missing variable that is no credential.
    expect(failedWith("Missing OUTPUT_DIR").category).not.toBe("auth");
  });

  it("the server's own answer refused by its MCP library is internal, whatever issue codes it quotes", () => {
    const got = classifyCall(
      rpcError(
        -32602,
        'MCP error -32602: Invalid tools/call result: [{"code": "invalid_union", "errors": [[{"expected": "string", "code": "invalid_type", "path": ["text"], "message": "Invalid input: expected string, received undefined"}]], "path": ["content", 0], "message": "Invalid input"}]',
      ),
    );
    expect(got).toMatchObject({ outcome: "protocol_error", category: "internal", retryable: true });
    // The other side: the caller's arguments refused with the same issue codes.
    const input = classifyCall(
      rpcError(
        -32602,
        'MCP error -32602: Input validation error: Invalid arguments for tool deploy: [{"code": "invalid_type", "expected": "string", "path": ["name"], "message": "Required"}]',
      ),
    );
    expect(input.category).toBe("validation");
  });
});
