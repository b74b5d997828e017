import { describe, expect, it } from "vitest";
import { classify, type CallReport, type Classification } from "@/lib/classify";
import { textResult } from "./helpers";

// Successes that are not what they claim, and successes that only look like failures: values that
// are none, lookups that found nothing, HTTP answers relayed inside a success, validators' verdicts,
// and the common shapes of an empty result. Each with both sides.

const run = (text: string, tool = "t"): Classification =>
  classify({
    method: "tools/call",
    server: "s",
    tool,
    httpStatus: 200,
    response: textResult(text),
  } as CallReport);

describe("a value that is none: NaN, Invalid Date, undefined", () => {
  it.each([
    ["NaN", "calculate"],
    ["Result: NaN", "calculate"],
    ["The answer is undefined.", "evaluate"],
    ["Invalid Date", "convert_time"],
    ['{"result": "Invalid Date", "timezone": "Mars/Olympus"}', "convert_time"],
    ['{"resultType":"vector","result":[{"metric":{},"value":[1796508000,"NaN"]}]}', "query"],
  ])("%s is a silent failure (invalid_value, validation)", (text, tool) => {
    expect(run(text, tool)).toMatchObject({
      silentFailure: true,
      category: "validation",
      retryable: false,
      flags: expect.arrayContaining(["invalid_value"]),
    });
  });

  it.each([
    ["a table that holds a NaN cell", "| city | mean |\n| --- | --- |\n| Oslo | 4.2 |\n| Lima | NaN |"],
    ["a sentence about NaN", "NaN is a value of the number type that is not a number."],
    ["a series with one real sample", '{"result":[{"value":[1,"NaN"]},{"value":[1,"0.25"]}]}'],
    ["null, which may be the answer", '{"result": null}'],
    ["a wider record with a NaN field", '{"name":"x","mean":"NaN","count":0,"min":1,"max":2,"unit":"ms"}'],
  ])("%s is data", (_name, text) => {
    expect(run(text, "query").silentFailure).toBe(false);
  });
});

describe("a lookup of one named thing that found nothing", () => {
  it.each([
    ["get_user", "{}"],
    ["describe_table", '{"columns": []}'],
    ["get_repo", '{"data":{"repository":null}}'],
    ["show_issue", "null"],
    ["getCustomer", "[]"],
  ])("%s answering %s is not found (empty_lookup, validation)", (tool, text) => {
    expect(run(text, tool)).toMatchObject({
      silentFailure: true,
      category: "validation",
      empty: false,
      flags: expect.arrayContaining(["empty_lookup"]),
    });
  });

  it.each([
    ["list_users", "[]"],
    ["search_issues", "[]"],
    ["get_users", "[]"],
    ["read_graph", '{"entities": [], "relations": []}'],
    ["get_status", "{}"],
    ["query", '{"rows": []}'],
  ])("%s answering %s found nothing: empty, not a failure", (tool, text) => {
    expect(run(text, tool)).toMatchObject({ silentFailure: false, empty: true });
  });

  it("reads an empty file as a file", () => {
    expect(run("", "read_file").silentFailure).toBe(false);
  });
});

describe("an HTTP status relayed inside a success", () => {
  it("a status with the answer's own words in a success envelope is a silent failure", () => {
    expect(
      run('{"success": true, "statusCode": 404, "message": "Not Found", "data": {"id": null}}'),
    ).toMatchObject({
      silentFailure: true,
      errorCode: "http_404",
      category: "validation",
    });
    expect(
      run('{"url": "https://api.test/x", "response": {"status": 503, "error": "upstream down"}}'),
    ).toMatchObject({
      silentFailure: true,
      errorCode: "http_503",
      category: "transient",
    });
  });

  it("an exchange wrapped beside its request is read whole: a failure by its body, a success for what it holds", () => {
    const exchange = (status: number, body: unknown) =>
      JSON.stringify({
        request: { url: "http://api.test/v1/customers", method: "GET" },
        response: { statusCode: status, statusText: "", headers: {}, body },
        validation: { isError: status >= 400 },
      });
    expect(
      run(exchange(404, { error: { code: "resource_missing", message: "No such customer" } })),
    ).toMatchObject({
      silentFailure: true,
      errorCode: "resource_missing",
      category: "validation",
    });
    expect(run(exchange(200, { object: "list", data: [], has_more: false }))).toMatchObject({
      silentFailure: false,
      empty: true,
    });
  });

  it("a status a checking tool reports, or one with nothing that says it is an answer's, is data", () => {
    expect(run('{"url": "https://a.test", "status": 404}').silentFailure).toBe(false);
    expect(
      run('{"endpoint": "https://a.test", "status": 503, "message": "Service Unavailable"}', "check_uptime")
        .silentFailure,
    ).toBe(false);
  });
});

describe("data that mentions an error", () => {
  it("a validator's verdict on its input is its answer", () => {
    expect(
      run('{"valid": false, "error": "line 3: unexpected key \\"foo\\""}', "validate_config").silentFailure,
    ).toBe(false);
    expect(
      run('{"isValid": false, "errors": [{"path": "/name", "message": "is required"}]}').silentFailure,
    ).toBe(false);
  });

  it("the same error object without a verdict is the tool's failure", () => {
    expect(run('{"error": "line 3: unexpected key \\"foo\\""}').silentFailure).toBe(true);
  });
});

describe("empty results in common shapes", () => {
  it.each([
    '{"result": []}',
    '{"items": [], "total": 0, "page": 1, "per_page": 50}',
    '{"object":"list","results":[],"next_cursor":null,"has_more":false}',
    '{"resultType":"vector","result":[]}',
    "🔍 No results found for 'quarterly'",
    "Search: no matches",
    "Total results: 0, showing 0 from position 0",
  ])("%s is empty", (text) => {
    expect(run(text, "search")).toMatchObject({ silentFailure: false, empty: true });
  });

  it.each(['{"items": [], "total": 3}', '{"name": "Acme", "tags": []}', "Total results: 12"])(
    "%s holds data",
    (text) => {
      expect(run(text, "search").empty).toBe(false);
    },
  );
});

describe("round IV's shapes", () => {
  it("a tool's own success: false is its failure whatever it carries beside; a checking tool's is a finding", () => {
    const text = JSON.stringify({
      success: false,
      message: "Command execution failed",
      data: { stdout: "", stderr: "cat: invoices.csv: No such file or directory\n", code: 1 },
    });
    expect(run(text, "executeCommand")).toMatchObject({ silentFailure: true, category: "validation" });
    const fetchFailed = JSON.stringify({
      success: false,
      error: "fetch failed",
      request: { url: "http://x.test/" },
    });
    expect(run(fetchFailed, "fetch")).toMatchObject({ silentFailure: true, category: "transient" });
    expect(
      run(JSON.stringify({ success: false, message: "path is outside the workspace" }), "validatePath")
        .silentFailure,
    ).toBe(false);
  });

  it("NaN or Infinity at the end of a sentence that gives a number, with its unit", () => {
    expect(run("The timestamp of next tuesday (parsed as UTC) is NaN ms.", "get_timestamp").flags).toContain(
      "invalid_value",
    );
    expect(run("Infinity", "math").flags).toContain("invalid_value");
    // "undefined" is a word in a sentence: only as a bare answer or after a short label.
    expect(run("In C, the behaviour of signed overflow is undefined.", "explain").silentFailure).toBe(false);
  });

  it("a browser's page whose status line is an HTTP error", () => {
    const page =
      "### Page\n- Page URL: http://shop.test/x\n- Page Title: 404 Not Found\n- HTTP status: 404 Not Found";
    expect(run(page, "browser_navigate")).toMatchObject({ silentFailure: true, errorCode: "http_404" });
    expect(
      run(page.replace("404 Not Found\n- HTTP status: 404", "Parts\n- HTTP status: 200"), "browser_navigate")
        .silentFailure,
    ).toBe(false);
    expect(run(page, "check_links").silentFailure).toBe(false);
  });

  it.each([
    "[]\nQuery execution time: 1.01 ms",
    '{"items":[],"metadata":{"resourceVersion":"48230","totalItems":0,"hasMore":false}}',
    '{"matches":null,"index":null,"groups":null}',
    '### Result\nNo matches found for "titanium".',
    '🔍 No results found for "zqxj". Try different search terms or check if the engines are working.',
  ])("%s is empty", (text) => {
    expect(run(text, "search")).toMatchObject({ silentFailure: false, empty: true });
  });
});

describe("round V's answers", () => {
  it("a link built from an undefined value is a silent failure; a page about undefined is not", () => {
    expect(run('{"webUrl": "http://wiki.test/browse/undefined"}', "create_issue").flags).toContain(
      "invalid_value",
    );
    expect(run('{"webUrl": "http://wiki.test/wiki/Undefined_behavior"}', "get_page").silentFailure).toBe(
      false,
    );
  });

  it("an envelope that echoes its request is still an error; a listing that calls 'nothing found' an error is empty", () => {
    expect(
      run(
        '{"status":"error","error":"HTTP Error: 429 Too Many Requests","context":{"inputParams":{"module":"vpc"}}}',
      ),
    ).toMatchObject({ silentFailure: true, category: "rate_limited", errorCode: "http_429" });
    expect(
      run(
        '{"status":"error","error":"No data sources found for provider hashicorp/null","context":{}}',
        "listDataSources",
      ),
    ).toMatchObject({ silentFailure: false, empty: true });
  });

  it.each([
    '{"meta":[{"name":"count()","type":"UInt64"}],"data":[],"rows":0,"statistics":{"elapsed":0.001}}',
    '{"success":true,"data":{"statements":[{"sql":"SELECT 1 WHERE false","rows":[],"count":0}],"source_id":"shop"}}',
    '{"totalResults":0,"startAt":0,"limit":25,"results":[]}',
    "PLAT/sink:docs — 0 entries",
    "=== Investigation: HighLatency ===\n\nNo instances found for this alert.",
  ])("%s is empty", (text) => {
    expect(run(text, "query")).toMatchObject({ silentFailure: false, empty: true });
  });
});

describe("tool names are read by whole words", () => {
  it("invalidate_cache is not a validator, get_latest_release not a test", () => {
    expect(
      run(JSON.stringify({ success: false, message: "cache is locked by another job" }), "invalidate_cache")
        .silentFailure,
    ).toBe(true);
    expect(
      run('{"success": true, "statusCode": 404, "message": "Not Found"}', "get_latest_release").silentFailure,
    ).toBe(true);
    expect(
      run('{"success": true, "statusCode": 404, "message": "Not Found"}', "run_tests").silentFailure,
    ).toBe(false);
  });
});
