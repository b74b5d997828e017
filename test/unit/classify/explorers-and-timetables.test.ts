import { describe, expect, it } from "vitest";
import { answered, failedWith } from "./helpers";

// Round XXX's lessons (tuned on once round XXXI was being captured blind by helpers who write no rules): an
// API error relayed with its `httpStatusCode`, a key refused in the words of access, a quota run out, advice
// beside an error or beside nothing found, a lookup that counts none, a server error whose words were lost,
// a library's own refusals, a blockchain explorer's NOTOK answers and a node's reverted call. Each rule with
// its other side.

const silent = (body: unknown, tool = "t") => answered(JSON.stringify(body, null, 2), tool);

describe("an API error relayed with its status", () => {
  const tfl = (status: number, message: string) =>
    silent({
      error: `An error occurred while fetching the status: ${JSON.stringify({
        exceptionType: "EntityNotFoundException",
        httpStatusCode: status,
        message,
      })}`,
    });

  it("httpStatusCode is the status; 'not recognised' is the caller's input", () => {
    expect(tfl(404, "The following line id is not recognised: jubliee")).toMatchObject({
      silentFailure: true,
      category: "validation",
      errorCode: "http_404",
    });
    expect(tfl(500, "An error has occurred.")).toMatchObject({
      category: "internal",
      errorCode: "http_500",
      retryable: true,
    });
  });

  it("a key refused in the words of access is auth; access refused alone stays permission", () => {
    expect(
      failedWith("Access denied due to invalid subscription key. Make sure to provide a valid key.").category,
    ).toBe("auth");
    expect(failedWith("Access denied.").category).toBe("permission");
  });

  it("a quota run out is business, also under a 403", () => {
    expect(
      failedWith(
        'Error: {"statusCode":403,"message":"Out of call volume quota. Quota will be replenished in 16:18:43."}',
      ),
    ).toMatchObject({ category: "business", errorCode: "http_403" });
    expect(failedWith('Error: {"statusCode":403,"message":"Forbidden"}').category).toBe("permission");
  });

  it("a request count over its limit is a rate limit", () => {
    expect(
      failedWith("Error: TMDB API Error: Your request count (41) is over the allowed limit of (40)."),
    ).toMatchObject({ category: "rate_limited", retryable: true });
  });

  it("the other side: advice to upgrade beside a rate limit leaves it a rate limit", () => {
    expect(
      failedWith(
        "Rate limit exceeded. Remaining (req/min): 0. Upgrade your plan for increased rate limits or retry after 49s",
      ).category,
    ).toBe("rate_limited");
  });
});

describe("advice beside an answer", () => {
  it("an error with suggestions and a timestamp is a silent failure", () => {
    expect(
      silent({
        error: "Bus stop 99999 not found",
        suggestions: ["Verify the bus stop code is correct", "Try using the search_bus_stops tool"],
        timestamp: "2026-12-07T08:23:41.940Z",
      }),
    ).toMatchObject({ silentFailure: true, category: "validation" });
  });

  it("a search that found nothing, with suggestions and its own metadata, is empty", () => {
    const found = (results: unknown[]) =>
      silent(
        {
          query: "Zzyzx Road",
          totalFound: results.length,
          results,
          suggestions: [{ text: "Try abbreviations", type: "tip", confidence: 0.9 }],
          searchMetadata: { fuzzySearchEnabled: true, queryVariations: ["zzyzx road"] },
        },
        "search_bus_stops",
      );
    expect(found([])).toMatchObject({ silentFailure: false, empty: true });
    expect(found([{ code: "01012", name: "Hotel Grand Pacific" }]).empty).toBe(false);
  });

  it("a lookup whose answer counts none of what it holds found nothing in it", () => {
    const arrivals = (totalServices: number) =>
      silent({ busStopCode: "01012", services: [], totalServices, timestamp: "…" }, "get_bus_arrival");
    expect(arrivals(0)).toMatchObject({ silentFailure: false, empty: true });
    expect(arrivals(2).empty).toBe(false);
  });
});

describe("words that were lost, and a library's own refusals", () => {
  it("a server error whose words were lost is internal; with no such word it says nothing", () => {
    expect(
      silent({ error: "Tool 'get_bus_arrival' failed: LTA API server error: [object Object]" }),
    ).toMatchObject({
      category: "internal",
      retryable: true,
    });
    expect(failedWith("tavily error: Unexpected error: [object Object]").category).toBe("unknown");
  });

  it("past the end of a text, or a format a thing lacks, is the caller's input", () => {
    expect(
      failedWith("Error: Offset 90000 is beyond the end of the content (total length: 5101).").category,
    ).toBe("validation");
    expect(failedWith("Error: Book 5 does not have an EPUB format").category).toBe("validation");
  });

  it("an executable missing from the server's machine is internal, not a missing thing of the caller's", () => {
    expect(
      failedWith(
        "Error: browserType.launch: Executable doesn't exist at /home/.cache/ms-playwright/chrome-headless-shell\nPlease run the following command to download new browsers: npx playwright install",
      ).category,
    ).toBe("internal");
    expect(failedWith("Error: File doesn't exist at /notes/a.md").category).toBe("validation");
  });

  it("a lookup by ISBN that found no book is not-found", () => {
    expect(answered("No book found for isbn: 9780000000002", "get_book_by_id")).toMatchObject({
      silentFailure: true,
      category: "validation",
    });
  });
});

describe("a blockchain explorer's NOTOK answers", () => {
  const etherscan = (result: unknown, message = "NOTOK") => silent({ status: "0", message, result });

  it("are silent failures read by their result's words", () => {
    expect(etherscan("Invalid API Key")).toMatchObject({ silentFailure: true, category: "auth" });
    expect(etherscan("Max calls per sec rate limit reached (3/sec)")).toMatchObject({
      category: "rate_limited",
      retryable: true,
    });
    expect(etherscan("Contract source code not verified").category).toBe("validation");
    expect(etherscan("Error! Invalid address format").category).toBe("validation");
    expect(
      etherscan(
        "Free API access is not supported for this chain. Please upgrade your api plan for full chain coverage.",
      ).category,
    ).toBe("business");
    expect(
      etherscan(
        "Sorry, it looks like you are trying to access an API Pro endpoint. Contact us to upgrade to API Pro.",
      ).category,
    ).toBe("business");
  });

  it("the other side: status 0 with a listing that found nothing is empty, not a failure", () => {
    expect(etherscan([], "No transactions found")).toMatchObject({ silentFailure: false, empty: true });
  });
});

describe("a node's answers", () => {
  it("a reverted call and an address that is no contract are the caller's input, not a credential", () => {
    expect(
      answered(
        'Error reading contract: The contract function "ownerOf" reverted with the following reason:\nERC721: invalid token ID',
      ),
    ).toMatchObject({ silentFailure: true, category: "validation" });
    expect(answered("Error fetching ERC20 token info: Token address is not a contract").category).toBe(
      "validation",
    );
    expect(failedWith("Error: invalid token").category).toBe("auth");
  });

  it("EIP-1474's 'request exceeds defined limit' is a rate limit; a body over a size limit is not", () => {
    expect(
      answered("Error fetching latest block: Request exceeds defined limit.\n\nDetails: limit exceeded"),
    ).toMatchObject({ category: "rate_limited", retryable: true });
    expect(failedWith("Request body exceeds the maximum size of 1 MB").category).toBe("validation");
  });
});
