import { describe, expect, it } from "vitest";
import { answered, classifyCall, failedWith, rpcError, textResult } from "./helpers";

// Round XXVI's lessons (tuned on once round XXVII was being captured blind by helpers who write no rules): a
// server's own code in the JSON-RPC server range carried in a field, a caller who must authenticate, a named
// right a key lacks, a region that may not see a thing, a state machine's refused transition, runtime and
// upstream server errors, a cost beyond a query's maximum, a deadline with its length, a report whose counts
// are zero beside "no results", and names listed as unavailable. Each rule with its other side.

describe("a server's own code in a field", () => {
  it("wins over the status its words quote, as the contract's code member", () => {
    expect(failedWith('{"error":"API error: 403 Forbidden","code":-32000}')).toMatchObject({
      errorCode: "-32000",
      category: "permission",
    });
    const structured = textResult(
      "Error: Fetch failed for https://x/esearch. Status: 429 (failed after 3 attempts)",
      {
        isError: true,
        structuredContent: { error: { code: -32003, data: { reason: "rate_limited" } } },
      },
    );
    expect(classifyCall(structured)).toMatchObject({ errorCode: "-32003", category: "rate_limited" });
  });

  it("the other side: the protocol's own -32603 and a code only in prose yield to the status", () => {
    expect(classifyCall(rpcError(-32603, "Request failed with status code 404")).errorCode).toBe("http_404");
    expect(failedWith("MCP error -32000: upstream answered 503 Service Unavailable").errorCode).toBe(
      "http_503",
    );
  });
});

describe("who refused, in words", () => {
  it("a caller who must authenticate is auth", () => {
    expect(failedWith("You must authenticate to access this resource.").category).toBe("auth");
  });

  it("a named right the key lacks, and a region that may not see the thing, are permission", () => {
    expect(
      failedWith("Error: This API key does not have the 'orders:write' permission required for this request")
        .category,
    ).toBe("permission");
    expect(
      failedWith(
        "Error: Video is unplayable\n\nReason: Video unavailable\n  - The uploader has not made this video available in your country",
      ).category,
    ).toBe("permission");
  });

  it("the other side: a webhook that must authenticate its callbacks, a token without the expected format", () => {
    expect(
      failedWith("The webhook must authenticate its callbacks: field 'url' must be a valid URL").category,
    ).toBe("validation");
    expect(failedWith("The token does not have the expected format").category).not.toBe("permission");
  });
});

describe("what the server or its upstream broke", () => {
  it("a refused state transition is business", () => {
    expect(failedWith("Error: Cannot transition order from 'cancelled' to 'confirmed'").category).toBe(
      "business",
    );
  });

  it("a runtime's destructuring error, an upstream API's server error and a scraped page that changed are internal", () => {
    expect(
      classifyCall(
        rpcError(
          -32603,
          "Failed to retrieve transcript: Invalid attempt to destructure non-iterable instance",
        ),
      ).category,
    ).toBe("internal");
    expect(failedWith("Error: arXiv API server error")).toMatchObject({
      category: "internal",
      retryable: true,
    });
    expect(
      failedWith(
        "Error: Could not parse YouTube data for video: x\n\nThis is unusual and may indicate YouTube has changed their page structure.",
      ).category,
    ).toBe("internal");
  });

  it("a deadline quoted with its length is transient", () => {
    expect(failedWith("Error: NCBI request deadline (8000ms) exceeded")).toMatchObject({
      category: "transient",
      retryable: true,
    });
  });

  it("the other side: moving a file between missing paths is the caller's, and so is an invalid attempt count", () => {
    expect(failedWith("Cannot move file from 'a.txt' to 'b.txt': path not found").category).toBe(
      "validation",
    );
    expect(failedWith("Error: invalid attempt count: -1").category).toBe("validation");
  });
});

describe("the caller's input, in words", () => {
  it("a cost beyond a query's maximum, and nothing of a kind for the thing named, are validation", () => {
    expect(
      failedWith(
        "Failed to fetch orders: Query cost is 2802, which exceeds the single query max cost limit (1000).",
      ).category,
    ).toBe("validation");
    expect(failedWith("Error: No transcript available for this video.").category).toBe("validation");
  });

  it("the other side: a rate limit stays one, and capacity for a region is transient", () => {
    expect(failedWith("Rate limit exceeded: max 100 requests per minute").category).toBe("rate_limited");
    expect(failedWith("No capacity available for this region right now").category).toBe("transient");
  });
});

describe("reports that found nothing", () => {
  const report = (counts: string, note: string) =>
    `## Europe PMC Search Results\n**Query:** (TITLE:"ostrich")\n${counts}\n**Search URL:** https://europepmc.org/search?query=x%20y\n\n> ${note}`;

  it("counts that are all zero beside a line that says nothing matched are empty", () => {
    expect(
      answered(report("**Total Hits:** 0 | **Returned:** 0", "No results matched your query.")),
    ).toMatchObject({
      silentFailure: false,
      empty: true,
    });
  });

  it("the other side: a count above zero is an answer", () => {
    expect(
      answered(report("**Total Hits:** 12 | **Returned:** 0", "No results matched your filter.")).empty,
    ).toBe(false);
  });

  it("names listed as unavailable beside nothing returned were not found", () => {
    const text =
      "## PubMed Articles\n**Articles Returned:** 0\n**Unavailable PMIDs:** 39999991\n\n> No articles were returned. These PMIDs may be invalid.";
    expect(answered(text, "pubmed_fetch_articles")).toMatchObject({
      silentFailure: true,
      category: "validation",
    });
  });

  it("the other side: a label that lists no name, or names beside what was returned", () => {
    expect(
      answered("**Articles Returned:** 0\n**Missing:** none\n\nNo articles were returned.").silentFailure,
    ).toBe(false);
    expect(
      answered("**Articles Returned:** 2\n**Unavailable PMIDs:** 39999991\n\n1. A trial\n2. A review")
        .silentFailure,
    ).toBe(false);
  });
});
