import { describe, expect, it } from "vitest";
import { answered, failedWith } from "./helpers";
import { rpcError } from "../../fixtures/jsonrpc";
import { classify } from "@/lib/classify";

// Round XLI's lessons (tuned on once round XLII was being captured blind by helpers who write no rules): an
// integration platform's action run that returned nothing and logged an error, an API's error summary as
// slash-joined tags under a generic -32603, a code after a pipe, an error class in brackets before its SQLSTATE,
// a privilege named in capitals, and statuses said as "failed with a 500 code" or in a Cloudflare page's title.
// Each rule with its other side.

const protocol = (message: string) =>
  classify({ method: "tools/call", server: "s", tool: "list_files", response: rpcError(-32603, message) });

describe("an action run that returned nothing and logged an error", () => {
  const run = (extra: Record<string, unknown>) =>
    JSON.stringify({
      exports: {
        debug: {
          status: 404,
          statusText: "Not Found",
          data: { code: 1002, message: "Invoice does not exist." },
        },
      },
      os: [
        {
          ts: 1,
          k: "error",
          err: { name: "AxiosError - Request failed with status code 404", message: "{…}" },
        },
      ],
      ret: null,
      ...extra,
    });

  it("failed as the exchange it kept says, with the API's own number", () => {
    expect(answered(run({}), "zoho_books-get-invoice")).toMatchObject({
      silentFailure: true,
      category: "validation",
      errorCode: "1002",
    });
  });

  it("failed as the error it logged says, when it kept no exchange", () => {
    const text = JSON.stringify({
      exports: {},
      os: [
        {
          k: "error",
          err: { name: "ConfigurationError", message: "Each status must be fewer than 500 characters long." },
        },
      ],
    });
    expect(answered(text, "mastodon-post-statuses")).toMatchObject({
      silentFailure: true,
      category: "validation",
    });
  });

  it("the other side: a run that returned a value, and a log reader's error lines, are answers", () => {
    expect(answered(run({ ret: { invoice_id: "INV-1" } }), "zoho_books-get-invoice").silentFailure).toBe(
      false,
    );
    const logs = JSON.stringify({ logs: [{ level: "error", error: "disk full on db-2" }], total: 1 });
    expect(answered(logs, "search_logs").silentFailure).toBe(false);
  });

  it("the other side: a body's code that only repeats its status is the status", () => {
    const text = run({ exports: { debug: { status: 404, statusText: "Not Found", data: { code: 404 } } } });
    expect(answered(text, "zoho_books-get-invoice").errorCode).toBe("http_404");
  });
});

describe("an API's error summary under a generic -32603", () => {
  it("its tags are the code, and their words the category", () => {
    expect(protocol("MCP error -32603: Dropbox API error: path/not_found/..")).toMatchObject({
      category: "validation",
      errorCode: "path/not_found",
      retryable: false,
    });
    expect(protocol("MCP error -32603: Dropbox API error: path/insufficient_space/..")).toMatchObject({
      category: "business",
      errorCode: "path/insufficient_space",
    });
    expect(protocol("MCP error -32603: Dropbox API error: too_many_requests/..")).toMatchObject({
      category: "rate_limited",
      retryable: true,
    });
    expect(protocol("MCP error -32603: Dropbox API error: to/conflict/file/..").category).toBe("validation");
  });

  it("the other side: a path the words name is no summary", () => {
    expect(
      failedWith("Could not copy to backups/daily/.. : the target is outside the share").errorCode,
    ).not.toBe("backups/daily");
  });
});

describe("statuses said another way", () => {
  it("failed with a 500 code; a Cloudflare page's title", () => {
    expect(protocol("MCP error -32603: Dropbox API error: Response failed with a 500 code")).toMatchObject({
      category: "internal",
      errorCode: "http_500",
    });
    expect(
      failedWith(
        '<!DOCTYPE html>\n<html lang="en-US"><head><title>falconer.com | 502: Bad gateway</title></head></html>',
      ),
    ).toMatchObject({ category: "transient", errorCode: "http_502", retryable: true });
  });
});

describe("codes and privileges in the words", () => {
  it("a code after a pipe, a class in brackets before its SQLSTATE", () => {
    expect(
      failedWith("old_string was not found in the document | code: edit_target_not_found"),
    ).toMatchObject({
      category: "validation",
      errorCode: "edit_target_not_found",
    });
    expect(failedWith("You do not have permission to change this document | code: forbidden").errorCode).toBe(
      "forbidden",
    );
    expect(
      failedWith(
        "Error executing tool: error executing the statement, current status FAILED: [PARSE_SYNTAX_ERROR] Syntax error at or near 'FORM'. SQLSTATE: 42601",
      ),
    ).toMatchObject({ category: "validation", errorCode: "PARSE_SYNTAX_ERROR" });
  });

  it("the other side: an opaque value after a pipe, and a log level in brackets, are no codes", () => {
    expect(failedWith("Upload rejected | code: 7f3a9c").errorCode).not.toBe("7f3a9c");
    expect(failedWith("Error: [ERROR] disk full").errorCode).not.toBe("ERROR");
  });

  it("a privilege named in capitals that the caller lacks; a regexp or an identifier the input got wrong", () => {
    expect(
      failedWith("Error executing tool: User does not have USE SCHEMA on Schema 'main.marketing'."),
    ).toMatchObject({
      category: "permission",
    });
    expect(failedWith("Error executing tool: error parsing regexp: missing closing ]: `[s`").category).toBe(
      "validation",
    );
    expect(failedWith('Ambiguous identifier: "Postmortem Template" matches 2 documents').category).toBe(
      "validation",
    );
  });

  it("the other side: a thing the caller lacks in lower case is no privilege", () => {
    expect(failedWith("User does not have a manager on file").category).not.toBe("permission");
  });
});
