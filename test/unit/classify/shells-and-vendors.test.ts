import { describe, expect, it } from "vitest";
import { classify, type CallReport, type Classification } from "@/lib/classify";
import { answered, failedWith, rpcError } from "./helpers";

// Round XIX's lessons (tuned on once round XX was being captured blind by helpers who write no rules):
// vendors' own numbers and labels beside the status they came with, a proxy relaying its upstream's
// JSON-RPC error, reason phrases as clients join them, the words of SSH, the account an identity tool
// answers null for, archived records, and reports that found nothing. Each rule with its other side.

const call = (response: unknown, tool = "t"): Classification =>
  classify({ method: "tools/call", server: "s", tool, httpStatus: 200, response } as CallReport);

describe("codes beside the status they came with", () => {
  it("a server's label for a kind of failure yields to the status or network code it quotes", () => {
    const envelope = (message: string) => answered(JSON.stringify({ error: true, message }));
    expect(envelope("API_ERROR: Request failed with status code 406").errorCode).toBe("http_406");
    expect(envelope("AUTHENTICATION_ERROR: Request failed with status code 401")).toMatchObject({
      errorCode: "http_401",
      category: "auth",
    });
    expect(envelope("API_ERROR: connect ECONNREFUSED 127.0.0.1:443").errorCode).toBe("econnrefused");
    // The other side: a label with nothing more specific beside it is the code.
    expect(envelope("VALIDATION_ERROR: client name is required").errorCode).toBe("VALIDATION_ERROR");
  });

  it("a gRPC status yields to the HTTP status a gateway answered in its place", () => {
    const gateway = call(
      rpcError(-32603, "Google Analytics API error: 14 UNAVAILABLE: Received HTTP status code 502"),
    );
    expect(gateway).toMatchObject({ errorCode: "http_502", category: "transient" });
    const dropped = call(rpcError(-32603, "Analytics API error: 14 UNAVAILABLE: Connection dropped"));
    expect(dropped.errorCode).toBe("UNAVAILABLE");
  });

  it("a vendor's number in brackets opening its message, or after what failed", () => {
    expect(
      failedWith(
        "Error: Request failed with status code 400\nQuickBooks fault (ValidationFault): [610] Object Not Found — Something you're trying to use has been made inactive.",
      ).errorCode,
    ).toBe("610");
    expect(
      failedWith(
        "Error after retry: Request failed with status code 401\nfault (AUTHENTICATION): [3200] message=AuthenticationFailed; statusCode=401",
      ),
    ).toMatchObject({ errorCode: "3200", category: "auth" });
    expect(failedWith("Query failed (code 4001)\nError parsing query").errorCode).toBe("4001");
    // The other side: a limit quoted in brackets is a number, not a code.
    const limit = failedWith(
      "Error: illegal_argument_exception: Result window is too large, from + size must be less than or equal to: [10000] but was [10040].",
    );
    expect(limit.errorCode).not.toBe("10000");
  });

  it("a proxy relaying its upstream's JSON-RPC error keeps the upstream's code", () => {
    const relayed = (outer: number, status: number, inner: number, message: string) =>
      call(
        rpcError(
          outer,
          `WordPress API error (${status}): ${JSON.stringify({ jsonrpc: "2.0", id: 11, error: { code: inner, message } })}`,
        ),
      );
    expect(
      relayed(-32008, 403, -32008, "Permission denied: Sorry, you are not allowed to publish posts")
        .errorCode,
    ).toBe("-32008");
    expect(relayed(-32601, 404, -32003, "Tool not found: wp_posts_search").errorCode).toBe("-32003");
    // The other side: a relayed generic -32603 says less than the status it came with.
    expect(relayed(-32603, 500, -32603, "Internal error").errorCode).toBe("http_500");
  });

  it("a code after an error label, before its message", () => {
    const got = failedWith(
      "SSH connection error: HOST_KEY_PIN_MISMATCH: the key presented is not the pinned key.",
    );
    expect(got.errorCode).toBe("HOST_KEY_PIN_MISMATCH");
  });

  it("a status's reason phrase after a wrapper's label, or before the body's message", () => {
    expect(failedWith("Error fetching datasets: Internal server error").errorCode).toBe("http_500");
    expect(failedWith("Error fetching projects: Unauthorized - Session not found")).toMatchObject({
      errorCode: "http_401",
      category: "auth",
    });
    expect(failedWith("Error executing query: Too Many Requests - API rate limit exceeded").errorCode).toBe(
      "http_429",
    );
    // The other side: words that merely begin like a phrase are not a status.
    expect(failedWith("Error: Not Found in cache, retrying elsewhere").errorCode).not.toBe("http_404");
  });

  it("an OAuth scope missing is a right, not the input", () => {
    const body = {
      statusCode: 403,
      body: { message: "You are missing the following scopes - sites:write", code: "missing_scopes" },
    };
    expect(
      failedWith(JSON.stringify({ name: "Error", message: "ForbiddenError", error: body })).category,
    ).toBe("permission");
  });
});

describe("the words of shells and back offices", () => {
  it.each([
    ["SSH connection error: All configured authentication methods failed", "auth"],
    ["Error: Command blocked: 'rm' is blacklisted", "permission"],
    ["SFTP error: Unable to start subsystem: sftp", "permission"],
    ["read-command only accepts read-only commands, got: safe", "validation"],
    ["Error: No active connection. Use 'connect' first.", "validation"],
    ["Harvest API error: Project is archived and can no longer be tracked against", "business"],
  ])("%j → %s", (text, category) => {
    expect(failedWith(text).category).toBe(category);
  });

  it("a connection that is not open where the answer should be is transient, said as a success", () => {
    const got = answered(
      JSON.stringify({
        status: false,
        error: "No active Designer app connection to the site, please open it.",
      }),
    );
    expect(got).toMatchObject({ silentFailure: true, category: "transient", retryable: true });
  });

  it("a remote command not found, from a tool that runs the caller's commands, is the caller's", () => {
    const payload = JSON.stringify({
      isError: true,
      exitCode: 127,
      error: "Command exited with code 127: bash: line 1: pgbackrest: command not found",
    });
    const ssh = call(
      {
        jsonrpc: "2.0",
        id: 1,
        result: { content: [{ type: "text", text: payload }], structuredContent: JSON.parse(payload) },
      },
      "ssh_run",
    );
    expect(ssh).toMatchObject({ silentFailure: true, category: "validation", retryable: false });
    // The other side: the same words from a tool that runs nothing of the caller's are the server's.
    const other = call(
      {
        jsonrpc: "2.0",
        id: 1,
        result: { content: [{ type: "text", text: payload }], structuredContent: JSON.parse(payload) },
      },
      "backup_status",
    );
    expect(other.category).toBe("internal");
  });
});

describe("identity and nothing", () => {
  it("the account a credential belongs to, answered null beside the envelope's status or time", () => {
    const got = answered(
      JSON.stringify({ CompanyInfo: null, time: "2026-12-06T09:41:17.332-08:00" }),
      "get_company_info",
    );
    expect(got).toMatchObject({ silentFailure: true, category: "auth" });
    expect(got.flags).toContain("identity_null");
    // The other side: an envelope that is only its status answered nothing about anyone.
    expect(answered(JSON.stringify({ success: true }), "whoami").silentFailure).toBe(false);
  });

  it("a report whose rows are empty beside its column headers", () => {
    const report = (rows: unknown[]) =>
      answered(
        JSON.stringify({
          dimensionHeaders: [{ name: "country" }],
          metricHeaders: [{ name: "sessions", type: "TYPE_INTEGER" }],
          rows,
          totals: [],
          rowCount: rows.length,
          metadata: { currencyCode: "EUR", timeZone: "Europe/Berlin" },
          kind: "analyticsData#runReport",
        }),
        "run_report",
      );
    expect(report([]).empty).toBe(true);
    expect(report([{ dimensionValues: [{ value: "DE" }], metricValues: [{ value: "12" }] }]).empty).toBe(
      false,
    );
  });

  it("a command that exited 0 and printed nothing", () => {
    const printed = (exit: number, output: string) =>
      answered(
        `[db1] Command: find /var/backups -name '*.partial'\nExit Code: ${exit}\nOutput:\n${output}`,
        "ssh_execute",
      );
    expect(printed(0, "").empty).toBe(true);
    expect(printed(0, "/var/backups/a.partial").empty).toBe(false);
    expect(printed(1, "").empty).toBe(false);
  });
});
