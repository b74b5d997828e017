import { describe, expect, it } from "vitest";
import { answered, classifyCall, failedWith, rpcError } from "./helpers";

// Round XXXIV's lessons (tuned on once round XXXV was being captured blind by helpers who write no rules): what a
// code sandbox's own errors say (the caller's code threw, did not parse, or called a command the sandbox lacks,
// with a terminal's colours and a usage text around the words), an SEO API's own numbers after its words, a
// part of an answer filled with defaults when its fetch failed, and `ls -l`'s empty folder. Each rule with its
// other side.

const COLOURED_STDERR = JSON.stringify(
  {
    stdout: "",
    stderr:
      '  File \u001b[35m"/tmp/_jb_script.py"\u001b[0m, line \u001b[35m411\u001b[0m\n    print\u001b[1;31m(\u001b[0m"total"\n\u001b[1;35mSyntaxError\u001b[0m: \u001b[35m\'(\' was never closed\u001b[0m\n',
    exitCode: 1,
  },
  null,
  2,
);

const USAGE_AFTER_FAILURE = JSON.stringify({
  stdout: "",
  stderr:
    "node: this sandbox uses js-exec instead of node\n\nUsage: js-exec [OPTIONS] [-c CODE | FILE] [ARGS...]\n\nOptions:\n  -c CODE          Execute inline code\n\nLimits:\n  Memory: 64 MB per execution\n  Timeout: configurable via maxJsTimeoutMs\n",
  exitCode: 1,
});

describe("what a code sandbox's failures say", () => {
  it("an interpreter's SyntaxError, coloured for a terminal and escaped in a JSON stderr, is the caller's code", () => {
    expect(failedWith(COLOURED_STDERR, "bash_exec")).toMatchObject({
      category: "validation",
      retryable: false,
    });
    expect(failedWith("SyntaxError: '(' was never closed", "bash_exec").category).toBe("validation");
  });

  it("the other side: a JSON parser's SyntaxError about an answer is not the caller's code", () => {
    expect(
      failedWith(
        "Failed to parse response: SyntaxError: Unexpected token '<', \"<!DOCTYPE \"... is not valid JSON",
      ).category,
    ).toBe("transient");
    expect(failedWith("SyntaxError: Unexpected end of JSON input").category).toBe("internal");
  });

  it("a command that printed its usage was called wrong, and its documentation is not read as what failed", () => {
    expect(failedWith(USAGE_AFTER_FAILURE, "bash_exec")).toMatchObject({
      category: "validation",
      retryable: false,
    });
    expect(failedWith("error: unknown flag --fast\nusage: convert <input> [-o output]").category).toBe(
      "validation",
    );
  });

  it("the other side: words above a usage text still decide, and a usage figure is no synopsis", () => {
    expect(failedWith("deploy: connection refused\nUsage: deploy [--env ENV] <app>").category).toBe(
      "transient",
    );
    expect(failedWith("Usage: 120% of the monthly allowance").category).not.toBe("validation");
  });

  it("-32603 around what the caller's code threw, from a tool that runs it, is the caller's to fix", () => {
    const thrown = rpcError(-32603, "MCP error -32603: Execution error: customer is not defined");
    expect(classifyCall(thrown, "execute_js")).toMatchObject({
      outcome: "protocol_error",
      category: "validation",
      errorCode: "-32603",
      retryable: false,
    });
  });

  it("the other side: the same words from another tool are the server's, and a network error stays one", () => {
    expect(
      classifyCall(
        rpcError(-32603, "MCP error -32603: Execution error: customer is not defined"),
        "get_customer",
      ),
    ).toMatchObject({ category: "internal", retryable: true });
    expect(
      classifyCall(
        rpcError(-32603, "MCP error -32603: Execution error: connect ECONNREFUSED 10.0.0.5:443"),
        "run_code",
      ).category,
    ).toBe("transient");
  });
});

describe("an API's own number after its words", () => {
  it("'(code: N)' ending an API's error line is that API's code", () => {
    expect(failedWith("Error: Serpstat API error: Invalid token! (code: 32001)")).toMatchObject({
      category: "auth",
      errorCode: "32001",
    });
    expect(
      failedWith(
        "Error: Serpstat API error: You have run out of API credits. Please upgrade your plan. (code: 32004)",
      ).errorCode,
    ).toBe("32004");
  });

  it("a method the plan does not include is the plan's refusal", () => {
    expect(
      failedWith(
        "Error: Serpstat API error: Access to this method is not available for your plan (code: 32003)",
      ),
    ).toMatchObject({ category: "business", errorCode: "32003", retryable: false });
  });

  it("the other side: a status in the same place stays a status", () => {
    expect(failedWith("Error: Billing API error: upstream answered (code: 503)").errorCode).not.toBe("503");
  });
});

describe("a part of an answer filled with defaults when its fetch failed", () => {
  const part = (error: string) =>
    JSON.stringify({
      success: true,
      queueName: "orders.incoming",
      info: { name: "orders.incoming", size: 0, consumerCount: 0, error },
      timestamp: "2026-12-07T09:32:43.071Z",
    });

  it("its HTTP client's 'Request failed with status code 503' is the answer's failure", () => {
    expect(answered(part("Request failed with status code 503"), "queue_info")).toMatchObject({
      silentFailure: true,
      category: "transient",
      errorCode: "http_503",
      retryable: true,
    });
  });

  it("the other side: other words, a list, a checking tool and a log tool report data", () => {
    expect(answered(part("queue paused by operator"), "queue_info").silentFailure).toBe(false);
    const list = JSON.stringify([{ name: "a", error: "Request failed with status code 503" }]);
    expect(answered(list, "list_webhooks").silentFailure).toBe(false);
    expect(answered(part("Request failed with status code 503"), "health_check").silentFailure).toBe(false);
    expect(answered(part("Request failed with status code 503"), "search_logs").silentFailure).toBe(false);
  });
});

describe("ls -l's empty folder", () => {
  it("'total 0' alone is a listing that found nothing", () => {
    expect(answered("total 0\n", "bash_list_files")).toMatchObject({ silentFailure: false, empty: true });
  });

  it("the other side: a total above its entries is a listing", () => {
    expect(
      answered("total 8\n-rw-r--r-- 1 user user 12 Dec  7 09:32 notes.txt\n", "bash_list_files").empty,
    ).toBe(false);
  });
});
