import { describe, expect, it } from "vitest";
import { answered, failedWith } from "./helpers";
import { rpcError } from "../../fixtures/jsonrpc";
import { classify } from "@/lib/classify";

// Round XLII's lessons (tuned on once round XLIII was being captured blind by helpers who write no rules): a
// `status` member that is a sentence, an HTTP status's name as an error's type, a plan's limit under a generic
// "invalid parameters" code, a framework's "Server Error" line over what was thrown, the phrases ASP.NET and
// others answer with, a listing's echo of its time window, a count of matches beside a count of the whole, and
// a lookup's own {"found": false}. Each rule with its other side.

const protocol = (message: string) =>
  classify({ method: "tools/call", server: "s", tool: "list_assets", response: rpcError(-32603, message) });

describe("a status that is a sentence is the answer's words", () => {
  const status = (words: string, tool = "run_code_analyzer") =>
    answered(JSON.stringify({ status: words }), tool);

  it("a name that does not exist, a file that must exist, a limit exceeded: the caller's arguments", () => {
    for (const words of [
      "No rule with name 'ApexSqlInjectionCheck' exists in engine 'pmd'.",
      "All targeted files must exist, but /work/app/classes/PaymentController.cls does not exist.",
      "The number of targets, 11, exceeds the maximum allowable length of 10.",
      "All targets must be files, but /work/app/classes is a directory.",
    ]) {
      expect(status(words), words).toMatchObject({ silentFailure: true, category: "validation" });
    }
  });

  it("an error it caught keeps its system code; a parse of a cut-off file is the server's failure", () => {
    expect(status("ENOENT: no such file or directory, open '/work/results/missing.json'")).toMatchObject({
      silentFailure: true,
      errorCode: "enoent",
    });
    expect(status("Unexpected end of JSON input", "query_code_analyzer_results")).toMatchObject({
      silentFailure: true,
      category: "internal",
      retryable: true,
    });
  });

  it("the other side: a state in words, a status beside what was found, and a notice over kept rows are answers", () => {
    expect(status("Queued for delivery in two minutes")).toMatchObject({ silentFailure: false });
    expect(
      answered(
        JSON.stringify({
          status: "No rule with name 'X' exists in engine 'pmd'. Closest matches below.",
          rules: [{ name: "ApexSOQLInjection", engine: "pmd" }],
        }),
      ),
    ).toMatchObject({ silentFailure: false });
    expect(answered("The result exceeds the maximum of 100 rows; showing the first 100.")).toMatchObject({
      silentFailure: false,
    });
  });
});

describe("an HTTP status's name as an error's type is its code", () => {
  it('Mux\'s 401 {"error": {"type": "unauthorized"}} under -32603 is coded unauthorized', () => {
    expect(
      protocol('401 {"error":{"type":"unauthorized","messages":["Unauthorized request"]}}'),
    ).toMatchObject({ category: "auth", errorCode: "unauthorized" });
    expect(protocol('403 {"error":{"type":"forbidden","messages":["no"]}}')).toMatchObject({
      category: "permission",
      errorCode: "forbidden",
    });
  });

  it("the other side: a type that names no status is not a code", () => {
    expect(protocol('401 {"error":{"type":"client","messages":["Unauthorized request"]}}')).toMatchObject({
      category: "auth",
      errorCode: "-32603",
    });
  });
});

describe("a plan's limit under a code that only says the request was refused", () => {
  it("invalid_parameters about the free plan's limit is the plan's refusal", () => {
    expect(
      protocol(
        '400 {"error":{"type":"invalid_parameters","messages":["Free plan environments are limited to 10 assets. Delete an asset or upgrade your plan to create more."]}}',
      ),
    ).toMatchObject({ category: "business", errorCode: "invalid_parameters", retryable: false });
  });

  it("the other side: the same code about an argument, or about a billing field, is the caller's input", () => {
    expect(
      protocol(
        '400 {"error":{"type":"invalid_parameters","messages":["Title must be at most 512 characters."]}}',
      ),
    ).toMatchObject({ category: "validation" });
    expect(
      protocol('400 {"error":{"type":"invalid_request","messages":["billing_address.country is invalid"]}}'),
    ).toMatchObject({ category: "validation" });
  });
});

describe("phrases a framework answers with", () => {
  it("an unreachable server is transient", () => {
    expect(
      failedWith("Error: Canvas server is not reachable at http://127.0.0.1:3000 (auto-start disabled)."),
    ).toMatchObject({ category: "transient", retryable: true });
  });

  it("the other side: unreachable code is not a network", () => {
    expect(failedWith("Compilation failed: unreachable code after return statement")).not.toMatchObject({
      category: "transient",
    });
  });

  it("ASP.NET's defaults: 'An error has occurred.' is its unhandled exception, 'Authorization has been denied' its 401", () => {
    expect(failedWith("An error has occurred.")).toMatchObject({ category: "internal", retryable: true });
    expect(failedWith("Authorization has been denied for this request.")).toMatchObject({ category: "auth" });
  });

  it("the other side: an error that says what it was doing says no more than that", () => {
    expect(failedWith("An error occurred while fetching the data.")).toMatchObject({ category: "unknown" });
  });

  it("an invalid response from the API is the server's reading of its answer, not the caller's input", () => {
    expect(failedWith("Invalid response format from API")).toMatchObject({ category: "internal" });
    expect(failedWith("Invalid date format: 2026-13-01")).toMatchObject({ category: "validation" });
  });

  it("a 'Server Error' line over what was thrown: what was thrown decides", () => {
    const convex = (thrown: string) =>
      failedWith(
        `[CONVEX M(leads:internalMoveLeadToStage)] [Request ID: 8f2c61d0a4b97e35] Server Error\n${thrown}\n    at handler (../convex/leads.ts:202:19)\n`,
      );
    expect(convex("Uncaught Error: Lead not found")).toMatchObject({
      category: "validation",
      retryable: false,
    });
    expect(convex("Uncaught TypeError: Cannot read properties of undefined (reading 'id')")).toMatchObject({
      category: "internal",
    });
    expect(failedWith("Server Error")).toMatchObject({ category: "internal" });
  });
});

describe("a listing that found nothing, beside what it echoes and what it searched", () => {
  it("an empty list beside its time window is empty", () => {
    expect(
      answered(JSON.stringify({ data: [], total_row_count: 0, timeframe: [1765022400, 1765065600] })),
    ).toMatchObject({ empty: true, silentFailure: false });
  });

  it("the other side: values beside it that are not a window are data", () => {
    expect(
      answered(JSON.stringify({ data: [], total_row_count: 0, breakdown: ["country", "browser"] })),
    ).toMatchObject({ empty: false });
  });

  it("no matches in a results file that holds others is empty", () => {
    expect(
      answered(
        JSON.stringify({
          status: "success",
          resultsFile: "/work/results/recommended.json",
          totalViolations: 18,
          totalMatches: 0,
          violations: [],
        }),
      ),
    ).toMatchObject({ empty: true });
  });

  it("the other side: a total of others with no count of matches is a page, not nothing", () => {
    expect(answered(JSON.stringify({ totalViolations: 18, fixedCount: 0, violations: [] }))).toMatchObject({
      empty: false,
    });
  });
});

describe("a lookup's own verdict that the id it was given is not there", () => {
  it("{found: false} saying the transaction id was not found is a silent validation failure", () => {
    const text = JSON.stringify({
      found: false,
      transaction_details: [],
      total_items: 0,
      message:
        "The transaction ID 9GS80322PR4183417 was not found in the last 12 months. Please verify the transaction ID and try again.",
    });
    expect(answered(text, "list_transactions")).toMatchObject({
      silentFailure: true,
      category: "validation",
      empty: false,
    });
  });

  it("the other side: a search that found nothing says so and is empty", () => {
    const text = JSON.stringify({
      found: false,
      results: [],
      total: 0,
      message: "The search term 'blue widgets' was not found in any product.",
    });
    expect(answered(text, "search_products")).toMatchObject({ silentFailure: false, empty: true });
  });
});
