import { describe, expect, it } from "vitest";
import { answered } from "./helpers";

// Round XXXVII's lessons (tuned on once round XXXVIII was being captured blind by helpers who write no rules): servers
// that never set isError and say their failures as ordinary answers — an error status beside the request's echo, a
// Chinese "call failed" label above an error page, a text that an account's limit stopped
// the call, work "not finalized yet" — and searches whose "No libraries found …" is not a lookup's miss. Each rule
// with its other side.

describe("an error status beside the request's echo", () => {
  const failure = (message: string) =>
    JSON.stringify({ status: "error", message, query: { doi: "10.9999/not-a-registered-doi" } }, null, 2);

  it("is the call's failure, read from its message", () => {
    expect(answered(failure("API request failed with status 404"), "getWorkByDOI")).toMatchObject({
      silentFailure: true,
      category: "validation",
      errorCode: "http_404",
    });
    expect(answered(failure("fetch failed"), "getWorkByDOI")).toMatchObject({
      silentFailure: true,
      category: "transient",
      retryable: true,
    });
  });

  it("the other side: an echo beside what was found is an answer, and beside nothing it is an empty search", () => {
    const found = {
      status: "success",
      query: { title: "Attention", rows: 1 },
      results: [{ title: "Attention…" }],
    };
    expect(answered(JSON.stringify(found), "searchByTitle")).toMatchObject({
      silentFailure: false,
      empty: false,
    });
    const none = { status: "no_results", query: { title: "qzxv florp", rows: 5 }, results: [] };
    expect(answered(JSON.stringify(none), "searchByTitle")).toMatchObject({
      silentFailure: false,
      empty: true,
    });
  });
});

describe("a failure label in Chinese", () => {
  it("above the status its API answered and that answer's error page, from a search tool", () => {
    const page =
      "❌ 调用失败: HTTP 502: <html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";
    expect(answered(page, "search_humans")).toMatchObject({
      silentFailure: true,
      category: "transient",
      errorCode: "http_502",
    });
  });

  it("an unknown tool, said in Chinese, is an unknown tool", () => {
    expect(answered("❌ 调用失败: 未知工具: hire_human", "hire_human")).toMatchObject({
      silentFailure: true,
      category: "unknown_tool",
    });
  });

  it("the other side: a search's hits that quote an error page are data", () => {
    const hits = "1. Fixing nginx errors\n2. 调用失败: how to read a 502 page\n3. Bad Gateway explained";
    expect(answered(hits, "search_docs").silentFailure).toBe(false);
  });
});

describe("an account's limit, work not ready", () => {
  it("a spending limit reached stopped the call: the plan's refusal", () => {
    expect(
      answered(
        "Monthly spending limit of $5.00 reached for this teamspace. An owner or admin can raise the limit at https://context7.com/dashboard/billing.",
        "query-docs",
      ),
    ).toMatchObject({ silentFailure: true, category: "business", retryable: false });
  });

  it("a library not finalized yet can succeed later", () => {
    const body = { error: "library_not_finalized", message: "Library /tanstack/router not finalized yet." };
    expect(answered(JSON.stringify(body), "query-docs")).toMatchObject({
      silentFailure: true,
      category: "transient",
      retryable: true,
    });
  });
});

describe("a search by name that found nothing", () => {
  it("advice to search differently says it was a search, whatever the tool's name", () => {
    expect(
      answered('No libraries found for "Zorblax". Try a different search term.', "resolve-library-id"),
    ).toMatchObject({ silentFailure: false, empty: true });
    expect(answered("No libraries found matching the provided name.", "resolve-library-id")).toMatchObject({
      silentFailure: false,
      empty: true,
    });
  });

  it("the other side: a lookup of one named thing that points to the search tool did not find it", () => {
    expect(
      answered(
        '❌ No notes found matching "Gardening plan". Consider using search_notes for broader results.',
        "resolve_note_id",
      ),
    ).toMatchObject({ silentFailure: true, category: "validation" });
    expect(answered("No order found with id 5.", "get_order")).toMatchObject({ silentFailure: true });
  });
});
