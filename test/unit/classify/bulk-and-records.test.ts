import { describe, expect, it } from "vitest";
import { answered, failedWith } from "./helpers";

// Round XX's lessons (tuned on once round XXI was being captured blind by helpers who write no rules):
// an API's own numbers in the errors it relays, lists whose every record or response failed, an
// identity answer known by its own link, hosts that do not resolve, states and caps, wrappers two
// labels deep, and listings' paging. Each rule with its other side.

describe("an API's own numbers", () => {
  it("the first relayed error's id is the code, over the status beside it", () => {
    const rest = failedWith(
      JSON.stringify({
        error: "We didn't find the resource/entity you are requesting.",
        status: 404,
        details: [{ errorId: 25710, domain: "API_INVENTORY", message: "Not found" }],
      }),
    );
    expect(rest).toMatchObject({ errorCode: "25710", category: "validation" });
    const trading = failedWith(
      JSON.stringify({
        error: "Auction ended.",
        details: [{ LongMessage: "The auction has already been closed.", ErrorCode: 1047 }],
      }),
    );
    expect(trading).toMatchObject({ errorCode: "1047", category: "business" });
  });

  it("the other side: an error id that is a trace id is no code", () => {
    const got = failedWith(
      JSON.stringify({
        error: "Not found",
        status: 404,
        details: [{ errorId: "3f2c9d0e-1a4b-4c8d-8d6e-2f1a0b9c8d7e", message: "Not found" }],
      }),
    );
    expect(got.errorCode).toBe("http_404");
  });

  it("an exchange's number beside the status it came with", () => {
    const got = failedWith(
      'Error: binance 429 Too Many Requests {"code":-1003,"msg":"Too much request weight used; current limit is 6000 request weight per 1 MINUTE."}',
    );
    expect(got).toMatchObject({ errorCode: "-1003", category: "rate_limited" });
  });
});

describe("lists that failed whole", () => {
  const deadPage = {
    input: { url: "https://shop.example/dp/B000000000" },
    error: "Page not found (404). The product page does not exist or was removed.",
    error_code: "dead_page",
    timestamp: "2026-12-06T10:15:03.000Z",
  };

  it("every record an error record is a silent failure", () => {
    const got = answered(JSON.stringify([deadPage]), "web_data_product");
    expect(got).toMatchObject({ silentFailure: true, errorCode: "dead_page", category: "validation" });
    // The other side: one error record among good ones is data; and a log search's records are its hits.
    const mixed = [deadPage, { input: { url: "https://shop.example/dp/B01" }, title: "Mug", price: 12 }];
    expect(answered(JSON.stringify(mixed), "web_data_product").silentFailure).toBe(false);
    expect(answered(JSON.stringify([deadPage]), "search_logs").silentFailure).toBe(false);
  });

  it("a bulk call whose every response failed", () => {
    const failed = (sku: string) => ({
      statusCode: 404,
      sku,
      errors: [{ errorId: 25710, message: "We didn't find the resource/entity you are requesting." }],
    });
    const got = answered(JSON.stringify({ responses: [failed("A-1"), failed("B-2")] }), "bulk_update_price");
    expect(got).toMatchObject({ silentFailure: true, errorCode: "25710", category: "validation" });
    expect(got.flags).toContain("batch_failed");
    // The other side: one of two done is not every one failed.
    const mixed = { responses: [failed("A-1"), { statusCode: 200, sku: "B-2", offerId: "9" }] };
    expect(answered(JSON.stringify(mixed), "bulk_update_price").silentFailure).toBe(false);
  });
});

describe("identity, hosts, states and wrappers", () => {
  it("a JSON:API answer about the caller by its own link, with no one in it", () => {
    const me = {
      jsonapi: { version: "1.0" },
      links: { self: "https://api.example.com/v1/users/me" },
      data: null,
    };
    const got = answered(JSON.stringify(me), "ls_get_user");
    expect(got).toMatchObject({ silentFailure: true, category: "auth" });
    // The other side: the same envelope about a user by id is a lookup, not the caller.
    const other = { ...me, links: { self: "https://api.example.com/v1/users/42" } };
    expect(answered(JSON.stringify(other), "ls_get_user").category).not.toBe("auth");
  });

  it("a host that does not resolve is the URL's; a refused connection is the network's", () => {
    expect(
      failedWith("Failed to scrape page: net::ERR_NAME_NOT_RESOLVED at https://nowhere.example/"),
    ).toMatchObject({
      category: "validation",
      retryable: false,
    });
    expect(
      failedWith("Failed to scrape page: net::ERR_CONNECTION_REFUSED at https://shop.example/").category,
    ).toBe("transient");
  });

  it.each([
    ["Error: This order has already been refunded.", "business"],
    ["Error: This license key has reached the activation limit.", "business"],
    ["Failed to create alert: Request body is not processable. Please check the errors.", "validation"],
    ["Error: Server Error", "internal"],
    ["Right-hand side of 'instanceof' is not an object", "internal"],
  ])("%j → %s", (text, category) => {
    expect(failedWith(text).category).toBe(category);
  });

  it("a reason phrase two labels deep", () => {
    expect(failedWith("Error: Failed to get alert: Internal Server Error").errorCode).toBe("http_500");
  });
});

describe("paging", () => {
  it("a page count beside an empty listing counts nothing", () => {
    const monitors = {
      monitors: [],
      metadata: { totalCount: 0, pageCount: 1, page: 0 },
      url: "https://app.example/monitors",
    };
    expect(answered(JSON.stringify(monitors), "list_monitors").empty).toBe(true);
    // The other side: a total above zero on the first page is not nothing.
    expect(
      answered(
        JSON.stringify({ ...monitors, metadata: { totalCount: 4, pageCount: 1, page: 0 } }),
        "list_monitors",
      ).empty,
    ).toBe(false);
  });

  it("a page past the end of a listing, under any name", () => {
    expect(
      answered(JSON.stringify({ profiles: [], totalCount: 3, page: 4, perPage: 10 }), "list_profiles").empty,
    ).toBe(true);
  });
});
