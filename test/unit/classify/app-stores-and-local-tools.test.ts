import { describe, expect, it } from "vitest";
import { answered, classifyCall, failedWith, rpcError } from "./helpers";

// Round XXXVI's lessons (tuned on once round XXXVII was being captured blind by helpers who write no rules): App
// Store Connect's detail sentences under a generic -32603, an answer carried under the old revision's `toolResult`
// name beside empty content, a decoder's JSON parse error on the caller's token, a code-search tool's own refusals
// and its searches that say at both ends they found nothing. Each rule with its other side.

const apple = (detail: string) =>
  classifyCall(rpcError(-32603, `MCP error -32603: App Store Connect API error: ${detail}`), "get_app_info");

describe("an API's detail sentences under a generic -32603", () => {
  it("a resource that does not exist, a key whose role is short, a token to sign again, a state that refuses", () => {
    expect(apple("There is no resource of type 'apps' with id '1499999999'")).toMatchObject({
      category: "validation",
      retryable: false,
    });
    expect(apple("The API key in use does not allow this request")).toMatchObject({
      category: "permission",
      retryable: false,
    });
    expect(
      apple("Provide a properly configured and signed bearer token, and make sure that it has not expired."),
    ).toMatchObject({ category: "auth", retryable: false });
    expect(apple("You cannot create a new version of the App in the current state.")).toMatchObject({
      category: "business",
      retryable: false,
    });
  });

  it("the other side: a bare internal error stays internal and worth retrying", () => {
    expect(apple("An unexpected error occurred on the server side.")).toMatchObject({
      category: "internal",
      retryable: true,
    });
  });
});

describe("an answer under the old revision's toolResult name", () => {
  const result = (toolResult: unknown) => ({ jsonrpc: "2.0", id: 3, result: { content: [], toolResult } });

  it("beside empty content, a toolResult that is no tool result is the server's answer, not nothing", () => {
    const listed = classifyCall(
      result({ data: [{ type: "betaGroups", id: "0f4b", attributes: {} }] }),
      "list",
    );
    expect(listed).toMatchObject({ outcome: "ok", empty: false, silentFailure: false });
    expect(classifyCall(result({ data: [] }), "list_beta_groups").empty).toBe(true);
  });

  it("the other side: the old shape itself, a tool result with its own isError, is still read as one", () => {
    const old = {
      jsonrpc: "2.0",
      id: 4,
      result: { toolResult: { isError: true, content: [{ type: "text", text: "Error: Worker not found" }] } },
    };
    expect(classifyCall(old, "worker_get")).toMatchObject({ outcome: "ok", silentFailure: true });
  });
});

describe("a decoder's parse error on what the caller handed it", () => {
  const parse = "Error: Unexpected token 'u', \"user_8421 \"... is not valid JSON";

  it("is the caller's input, whichever channel it comes by", () => {
    expect(failedWith(parse, "decode_jwt")).toMatchObject({ category: "validation", retryable: false });
    expect(answered(parse, "decode_jwt")).toMatchObject({ silentFailure: true, category: "validation" });
    expect(classifyCall(rpcError(-32603, `MCP error -32603: ${parse}`), "decode_jwt")).toMatchObject({
      outcome: "protocol_error",
      category: "validation",
      retryable: false,
    });
  });

  it("the other side: the same words from a tool that fetches are the server's reading of an answer", () => {
    expect(failedWith(parse, "get_user")).toMatchObject({ category: "internal", retryable: true });
    expect(
      failedWith("Error: Cannot read properties of undefined (reading 'exp')", "decode_jwt").category,
    ).toBe("internal");
  });
});

describe("a code-search tool's own refusals", () => {
  it("a path that may not contain '..', a pattern of the wrong kind, a parameter to set", () => {
    expect(
      failedWith("Error: Failed to search code: Path cannot contain directory traversal sequences (..)")
        .category,
    ).toBe("validation");
    expect(
      failedWith(
        'Error: Pattern "TODO" appears to be literal text search. This tool is for AST code patterns only.\nExamples of valid AST patterns: "console.log($ARG)"',
      ).category,
    ).toBe("validation");
    expect(
      failedWith(
        "Error: Changes cannot be sent for review automatically. Please set the query parameter changesNotSentForReview to true.",
      ).category,
    ).toBe("validation");
  });

  it("the other side: a path outside the sandbox is still a permission refusal", () => {
    expect(failedWith("Access denied: path outside allowed directories: /etc/passwd").category).toBe(
      "permission",
    );
  });
});

describe("a search that says at both ends it found nothing", () => {
  it("with what it was asked echoed between, found nothing", () => {
    expect(
      answered(
        "Found 0 matches for the YAML rule.\n\nRule used:\nid: await-in-loop\nrule:\n  pattern: await $CALL\n\nMatches:\n[]",
        "find_code_by_rule",
      ),
    ).toMatchObject({ silentFailure: false, empty: true });
    expect(
      answered(
        'Test result: NO MATCH\n\nRule tested:\nid: no-console-log\n\nAgainst code:\nlogger.info("cart");\n\nNo matches found',
        "test_match_code_rule",
      ).empty,
    ).toBe(true);
  });

  it("the other side: a count of none above what it then lists is a listing", () => {
    expect(
      answered(
        "Found 0 matches in src/.\n\nMatches in tests/:\n- tests/cart.test.ts:12 await fetchCart()",
        "find_code",
      ).empty,
    ).toBe(false);
  });
});
