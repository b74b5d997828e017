import { describe, expect, it } from "vitest";
import { classify, type CallReport, type Classification } from "@/lib/classify";
import { result, rpcError } from "./helpers";

// Round VIII's lessons, each rule with the other side beside it: work a tool started and reports on
// in its success (a run, a scraped page), answers written as labelled lines, notices servers append,
// statuses relayed where a JSON-RPC code goes, codes named by their member, and more shapes of nothing.

const texts = (tool: string, ...blocks: string[]): Classification =>
  classify({
    method: "tools/call",
    server: "s",
    tool,
    httpStatus: 200,
    response: result(blocks.map((text) => ({ type: "text", text }))),
  } as CallReport);

const empty = (tool: string, ...blocks: string[]): Classification =>
  classify({
    method: "tools/call",
    server: "s",
    tool,
    httpStatus: 200,
    response: result(blocks.map((text) => ({ type: "text", text }))),
  } as CallReport);

const refused = (tool: string, text: string): Classification =>
  classify({
    method: "tools/call",
    server: "s",
    tool,
    httpStatus: 200,
    response: result([{ type: "text", text }], { isError: true }),
  } as CallReport);

const json = (value: unknown) => JSON.stringify(value, null, 2);

describe("work the tool started, reported as its success", () => {
  const prediction = {
    id: "q8zv4h1r",
    model: "acme/hello",
    input: { text: "hi" },
    logs: "Traceback …",
    output: null,
    error: "CUDA out of memory. Tried to allocate 2.00 GiB",
    status: "failed",
  };

  it("a run the tool created whose own status is failed is a silent failure, in its words", () => {
    const got = texts("create_predictions", json(prediction));
    expect(got).toMatchObject({ outcome: "ok", silentFailure: true, category: "internal" });
  });

  it("the same record read back by a tool that reads state is data", () => {
    expect(texts("get_prediction", json(prediction)).silentFailure).toBe(false);
    expect(texts("list_predictions", json({ results: [prediction] })).silentFailure).toBe(false);
    expect(texts("job_status", json(prediction)).silentFailure).toBe(false);
  });

  it("a run that succeeded, or failed with nothing said, is not flagged by this rule", () => {
    expect(
      texts("create_predictions", json({ ...prediction, status: "succeeded", error: null })).silentFailure,
    ).toBe(false);
    expect(texts("create_predictions", json({ ...prediction, error: "" })).silentFailure).toBe(false);
  });

  it("a query answered inside a labelled line with its status error is a silent failure", () => {
    const body = { response: { status: "error", error: "Query timed out", series: [], query: "avg:x{*}" } };
    const got = texts("query_metrics", `Queried metrics data: ${JSON.stringify(body)}`);
    expect(got).toMatchObject({ silentFailure: true, category: "transient" });
    const fine = { response: { status: "ok", error: "", series: [{ points: [[1, 2]] }] } };
    expect(texts("query_metrics", `Queried metrics data: ${JSON.stringify(fine)}`).silentFailure).toBe(false);
  });

  it("a scraped page whose metadata carries an HTTP error status is that error", () => {
    const page = (statusCode: number) =>
      json({
        markdown: "# Page not found\n\nThe page does not exist.",
        metadata: { title: "404", statusCode },
      });
    expect(texts("scrape", page(404))).toMatchObject({
      silentFailure: true,
      category: "validation",
      errorCode: "http_404",
    });
    expect(texts("scrape", page(200)).silentFailure).toBe(false);
  });
});

describe("a failed answer with an echo beside it, and a checker that never ran", () => {
  it("a machine code and a sentence beside an id or two is a failed answer", () => {
    const got = texts(
      "list_occurrences",
      JSON.stringify({
        error: "group_item_not_supported",
        message: "Occurrence listing for grouped items is not currently supported.",
        item_id: 1204857355,
        counter: 57,
      }),
    );
    expect(got).toMatchObject({
      silentFailure: true,
      errorCode: "group_item_not_supported",
      category: "validation",
    });
  });

  it("a record with its own status and error code stays a record", () => {
    const record = {
      id: 7,
      name: "nightly",
      status: "failed",
      error: "timeout_exceeded",
      message: "took too long",
    };
    expect(texts("get_job", JSON.stringify(record)).silentFailure).toBe(false);
  });

  it("a checker's success:false is its finding, unless what it asked refused it (401, 5xx)", () => {
    const finding = { success: false, message: "Configuration has errors: invalid key 'lights'", data: null };
    expect(texts("check_config", json(finding)).silentFailure).toBe(false);
    const refusedCheck = {
      success: false,
      message: "Configuration has errors: HA API error: 401 - 401: Unauthorized",
      data: null,
    };
    expect(texts("check_config", json(refusedCheck))).toMatchObject({
      silentFailure: true,
      category: "auth",
      errorCode: "http_401",
    });
  });
});

describe("the tool's own work, named and failed", () => {
  it.each([
    "Retrieval failed or returned no results.",
    "Upload failed.",
    "Bulk publish completed with status: failed. Error: Not all entities could be published.",
  ])("%s is a silent failure", (text) => {
    expect(texts("t", text).silentFailure).toBe(true);
  });

  it.each([
    "Build failed on main two hours ago",
    "The search found 3 failed jobs",
    "Bulk publish completed with status: succeeded.",
  ])("%s is data", (text) => {
    expect(texts("t", text).silentFailure).toBe(false);
  });
});

describe("notices a server appends are not the answer", () => {
  const notice =
    "[acme-mcp server notice] This server is DEPRECATED and stops serving requests on 2026-11-15.";

  it("a count of nothing with a notice beside it is empty", () => {
    expect(empty("get-prompts", "Found 0 prompts (page 1 of 0)", "[]", notice).empty).toBe(true);
  });

  it("a failure with a notice beside it is still read", () => {
    expect(texts("t", "Error: connection refused", notice)).toMatchObject({
      silentFailure: true,
      category: "transient",
    });
  });

  it("an answer with a notice beside it is the answer", () => {
    expect(texts("get-prompts", "Found 2 prompts", '[{"name":"a"},{"name":"b"}]', notice)).toMatchObject({
      silentFailure: false,
      empty: false,
    });
  });
});

describe("more shapes of nothing", () => {
  it.each([
    [["Context: ", "RAG Sources: []"]],
    [["Monitors: []", 'Summary of monitors: {"alert":0,"warn":0,"ok":0}']],
    [["Logs data: []"]],
    [['{"success":true,"data":{"web":[]},"creditsUsed":2,"id":"0193a3c1"}']],
    [['{"sys":{"type":"Array"},"total":0,"skip":0,"limit":3,"items":[]}']],
    [['{"items":[],"pagination":{"page":1,"total_count":0},"filters_applied":{"status":"active"}}']],
    [['{"directoryPath":"Archive","tree":"(empty or all items filtered)","totalEntries":0}']],
    [['{"success":true,"errorCode":0,"error":"","data":[]}']],
    [['{"options":{"method":"get"},"response":{},"body":{"next":null,"results":[]},"results":[],"next":""}']],
    [
      [
        "Listing 0 log records from environment prod.\n\nNext Steps:\n* Try broader terms\n* Open http://10.1.2.3/ui",
      ],
    ],
  ])("%j is empty", (blocks) => {
    expect(empty("list_things", ...blocks)).toMatchObject({ silentFailure: false, empty: true });
  });

  it.each([
    [["Monitors: [1]", 'Summary of monitors: {"alert":1}']],
    [['{"success":true,"data":{"web":[{"url":"x"}]},"creditsUsed":2}']],
    [['{"items":[],"pagination":{"page":2,"total_count":40}}']],
    [['{"id":"abc","name":"job","retry_count":0}']],
    [['{"success":true,"data":{"part":null},"responseTime":"13ms"}']],
    [["Listing 0 log records from environment prod.\n\nResults:\n* 12:00 started"]],
  ])("%j is not empty", (blocks) => {
    expect(empty("list_things", ...blocks).empty).toBe(false);
  });

  it("no content from a write is done, from a search nothing, from a command nothing printed", () => {
    const none = (tool: string) =>
      classify({ method: "tools/call", server: "s", tool, response: result([]) } as CallReport).empty;
    expect(none("delete-feature-flag")).toBe(false);
    expect(none("search_flags")).toBe(true);
    expect(none("run_command")).toBe(true);
  });
});

describe("codes where the field puts them", () => {
  it("an HTTP status in the JSON-RPC code's place is that status", () => {
    const got = classify({
      method: "tools/call",
      server: "s",
      tool: "get_incident",
      response: rpcError(404, 'HTTP-Code: 404\nMessage: {"errors":["Not found"]}'),
    } as CallReport);
    expect(got).toMatchObject({ outcome: "protocol_error", errorCode: "http_404", category: "validation" });
    const plain = classify({
      method: "tools/call",
      server: "s",
      tool: "t",
      response: rpcError(-32603, "Internal error"),
    } as CallReport);
    expect(plain.errorCode).toBe("-32603");
  });

  it.each([
    ['Error: API 403: {"success":false,"error":"没有权限访问此资源"}', "http_403"],
    ['Error: API 500: {"success":false,"error":"服务器内部错误"}', "http_500"],
    ['Obsidian API Bad Request: {"message":"Specified period is not enabled.","errorCode":40461}', "40461"],
    [
      'Error: radarr API error: 400 Bad Request - [{"propertyName":"TmdbId","errorMessage":"This movie has already been added","errorCode":"MovieExistsValidator"}]',
      "MovieExistsValidator",
    ],
    [
      'Error: [{"type":"less_than_equal","loc":["query","page_size"],"msg":"Input should be less than or equal to 500","input":"1000"}]',
      "less_than_equal",
    ],
  ])("%s → %s", (text, code) => {
    expect(refused("t", text).errorCode).toBe(code);
  });

  it("an error code of 0, or a status number, is not a code of its own", () => {
    expect(refused("t", 'Request failed: {"errorCode":0,"message":"boom"}').errorCode).not.toBe("0");
  });
});

describe("the vocabulary of the field", () => {
  it.each([
    ["<p>There has been a critical error on this website.</p>", "internal"],
    ["Error: API 500: 服务器内部错误", "internal"],
    ["<h1>Briefly unavailable for scheduled maintenance. Check back in a minute.</h1>", "transient"],
    ["Failed to call the API. Retry the request and verify network connectivity.", "transient"],
    ["The driving-traffic profile supports a maximum of 10 coordinate pairs.", "validation"],
    ["Confirmation required for destructive operation. Set confirm: true to proceed.", "validation"],
    ["Error: Path outside config directory: ../../etc/shadow", "permission"],
    [
      "Output validation error: Invalid structured content for tool list_files: first_id: expected string",
      "internal",
    ],
    ["Input should be less than or equal to 500", "validation"],
  ])("%s → %s", (text, category) => {
    expect(refused("t", text).category).toBe(category);
  });
});
