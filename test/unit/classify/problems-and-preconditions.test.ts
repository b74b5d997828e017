import { describe, expect, it } from "vitest";
import { classifyCall, answered, failedWith } from "./helpers";
import { textResult } from "../../fixtures/jsonrpc";

// Round XXXIX's lessons (tuned on once round XL was being captured blind by helpers who write no rules): a problem
// document's own code under a name of its own, a lookup that lists what it did not find beside an empty answer, a
// client's words about a status it did not expect, a server-side error that advises a retry, preconditions said as
// "first using the X tool" and "use force=true", and a search's "No results found" about a long path. Each rule
// with its other side.

const problem = (body: Record<string, unknown>) =>
  classifyCall(textResult(JSON.stringify(body), { isError: true, structuredContent: body }));

describe("a problem document's own code beside its status", () => {
  it("is the code, under an extension member named for a status, a code or a reason", () => {
    expect(
      problem({
        type: "Error",
        title: "Parent not published",
        status: 400,
        operationStatus: "PathNotPublished",
      }),
    ).toMatchObject({ category: "validation", errorCode: "PathNotPublished" });
    expect(
      problem({ title: "The document could not be found", status: 404, operationStatus: "NotFound" }),
    ).toMatchObject({ category: "validation", errorCode: "NotFound" });
    expect(problem({ title: "Quota", status: 403, denial_reason: "QUOTA_EXCEEDED" }).errorCode).toBe(
      "QUOTA_EXCEEDED",
    );
  });

  it("the other side: a type of error, a sentence, or no status beside it is no code", () => {
    expect(
      problem({ message: "Insufficient balance", status: 402, errorType: "deepseek_api_error" }).errorCode,
    ).toBe("http_402");
    expect(
      problem({ title: "Not found", status: 404, operationStatus: "The document was deleted" }).errorCode,
    ).toBe("http_404");
    expect(failedWith(JSON.stringify({ jobStatus: "NotStarted", detail: "queued" })).errorCode).not.toBe(
      "NotStarted",
    );
  });
});

describe("a lookup that lists what it did not find", () => {
  it("beside an empty answer and the scope it looked in, found nothing it was asked for", () => {
    const text = JSON.stringify({ branch: "main", labels: [], not_found: ["checkout.promo_banner"] });
    expect(answered(text, "get_labels")).toMatchObject({ silentFailure: true, category: "validation" });
  });

  it("the other side: beside what it found, the answer stands", () => {
    const text = JSON.stringify({
      branch: "main",
      labels: [{ key: "checkout.title", values: { en: "Checkout" } }],
      not_found: ["checkout.promo_banner"],
    });
    expect(answered(text, "get_labels")).toMatchObject({ silentFailure: false, empty: false });
  });
});

describe("a client's words about a status it did not expect", () => {
  it("are no unknown input: the status decides", () => {
    const text =
      'HTTP-Code: 500\nMessage: "Unknown API Status Code!\\nBody: \\"{\\"errors\\":[\\"Internal Server Error\\"]}\\""';
    expect(failedWith(text)).toMatchObject({ category: "internal", errorCode: "http_500", retryable: true });
  });

  it("the other side: an unknown status the caller asked for is the caller's input", () => {
    expect(failedWith("Unknown status 'archived'. Valid statuses: open, closed")).toMatchObject({
      category: "validation",
    });
  });
});

describe("a server-side error that advises a retry", () => {
  it("is internal, and retryable", () => {
    expect(
      failedWith(
        "Translatize API error: The service could not complete the request due to a server-side error. Try again later.",
      ),
    ).toMatchObject({ category: "internal", retryable: true });
  });

  it("the other side: advice to retry alone is transient", () => {
    expect(failedWith("The service could not complete the request. Try again later.")).toMatchObject({
      category: "transient",
    });
  });
});

describe("a precondition the caller has to meet first", () => {
  it("said as a tool to use first, or a switch to set", () => {
    expect(
      failedWith(
        "Error: Codebase '/srv/billing' is not indexed. Please index it first using the index_codebase tool.",
      ),
    ).toMatchObject({ category: "validation", retryable: false });
    expect(
      failedWith("Codebase '/srv/billing' is already indexed. Use force=true to re-index."),
    ).toMatchObject({
      category: "validation",
      retryable: false,
    });
  });

  it("the other side: another switch the advice names is no precondition", () => {
    expect(failedWith("Upstream timed out. Set verbose=true for details.")).toMatchObject({
      category: "transient",
    });
  });
});

describe("a search that found nothing, about a long path", () => {
  it("is empty", () => {
    const text = `No results found for query: "kubernetes helm chart values" in codebase '/tmp/corpus/code/billing-service-legacy'`;
    expect(answered(text, "search_code")).toMatchObject({ silentFailure: false, empty: true });
  });
});
