import { describe, expect, it } from "vitest";
import { answered, failedWith } from "./helpers";
import { rpcError } from "../../fixtures/jsonrpc";
import { classify } from "@/lib/classify";

// Round XLIII's lessons (tuned on once round XLIV was being captured blind by helpers who write no rules): the
// upstream's own code as a key=value, statuses quoted as "got: 403", "(403) Forbidden" and "413 Request Entity Too
// Large", refusals in the words secrets vaults, push and flag services use, listings that count none in a
// heading, and an audit whose every score is null. Each rule with its other side.

const protocol = (code: number, message: string) =>
  classify({ method: "tools/call", server: "s", tool: "get_secret", response: rpcError(code, message) });

describe("the upstream's own code, and the status a client quotes", () => {
  it("(upstream_code=501) is the code, beside the status it came with", () => {
    expect(
      failedWith(
        "clockify GET failed: 400 Bad Request: TIMEENTRY with id 6761b3f0 doesn't belong to WORKSPACE with id 64f1c2a9 (upstream_code=501)",
      ),
    ).toMatchObject({ category: "validation", errorCode: "501" });
    expect(
      failedWith("clockify GET failed: 429 Too Many Requests: Too many requests (upstream_code=429)"),
    ).toMatchObject({ category: "rate_limited", errorCode: "429", retryable: true });
  });

  it("the other side: a process's exit code in parentheses is not the API's", () => {
    expect(failedWith("Command failed: git push (exit_code=1)")).not.toMatchObject({ errorCode: "1" });
  });

  it("statuses as clients quote them: 'Expected one of: 200 got: 403', '(403) Forbidden', '413 Request Entity Too Large'", () => {
    expect(
      answered("Error: Server returned unexpected response. Expected one of: 200 got: 500"),
    ).toMatchObject({
      silentFailure: true,
      category: "internal",
      errorCode: "http_500",
      retryable: true,
    });
    expect(
      failedWith(
        '[ERROR] 2026/12/07 15:54:19 (403) Forbidden: You don\'t have the permission to create items in the "Platform-Prod" vault.',
      ),
    ).toMatchObject({ category: "permission", errorCode: "http_403" });
    expect(protocol(-32000, "Failed to send file: ETELEGRAM: 413 Request Entity Too Large")).toMatchObject({
      category: "validation",
      errorCode: "http_413",
    });
  });
});

describe("refusals in the words of vaults, push and flag services", () => {
  it("reads each for who refused and why", () => {
    const cases: [string, string][] = [
      [
        "Error: Must supply either a `registration_token` or `topic` parameter to `send_message`.",
        "validation",
      ],
      [
        "Error: Cannot supply both `registration_token` and `topic` in a single `send_message` request.",
        "validation",
      ],
      ['"Marketing" isn\'t a vault in this account. Specify the vault with its ID or name.', "validation"],
      ["Error running Lighthouse audit: Cloud metadata endpoints are blocked", "permission"],
      ["Error (0): HTTP 0", "transient"],
    ];
    for (const [text, category] of cases) expect(failedWith(text), text).toMatchObject({ category });
    expect(protocol(-32603, "Tool 'messaging_list_topics' could not be found.")).toMatchObject({
      category: "unknown_tool",
    });
    expect(
      protocol(-32600, "Human approval required. Approval ID: apr_01JF3W8N6Q. Use get_approval_status."),
    ).toMatchObject({
      category: "permission",
      retryable: false,
    });
    expect(
      protocol(-32603, "Scope 'secrets:read:finance/payroll/*' is outside this agent's allowed namespaces"),
    ).toMatchObject({ category: "permission" });
    expect(protocol(-32603, "Invalid or revoked agent key")).toMatchObject({ category: "auth" });
  });

  it("a generic refusal code said of a plan tier is the plan's refusal", () => {
    expect(
      failedWith(
        "AUTH_FORBIDDEN: The requested feature requires a higher plan tier (e.g. sequential testing). (403)",
      ),
    ).toMatchObject({ category: "business", errorCode: "AUTH_FORBIDDEN" });
  });

  it("the other side: the same code about the caller's rights, and an old protocol's version, are what they say", () => {
    expect(
      failedWith("AUTH_FORBIDDEN: the credentials are valid but don't have access to this project. (403)"),
    ).toMatchObject({ category: "permission" });
    expect(failedWith("Upstream answered over HTTP 0.9")).not.toMatchObject({
      category: "transient",
    });
  });
});

describe("listings that found none", () => {
  it("'No tasks found in list with ID: <long id>' and a heading that counts none are empty", () => {
    expect(
      answered(
        "No tasks found in list with ID: AAMkADQ1ZjE3MjQ0LWE2ZTctNDc4Yy1iNWIyLTA0YjM4NDQ1MTdlZQAuAAAAAAC8bbiLO7xOQ5sCyPCExjWjAQBDDgJ3xnAAAC=",
        "get-tasks",
      ),
    ).toMatchObject({ empty: true, silentFailure: false });
    expect(answered("Task tree (0 tasks):\n", "list_with_tree")).toMatchObject({ empty: true });
  });

  it("the other side: a heading that counts some is not empty", () => {
    expect(answered("Task tree (3 tasks):", "list_with_tree")).toMatchObject({ empty: false });
  });
});

describe("an audit whose every score is null", () => {
  const audit = (scores: Record<string, unknown>) =>
    answered(
      JSON.stringify({ url: "chrome-error://chromewebdata/", version: "13.5.0", scores, metrics: {} }),
      "run_audit",
    );

  it("measured nothing: a silent failure that does not say why", () => {
    expect(
      audit({ performance: { title: "Performance", score: null }, seo: { title: "SEO", score: null } }),
    ).toMatchObject({
      silentFailure: true,
      category: "unknown",
      retryable: false,
      flags: expect.arrayContaining(["nothing_measured"]),
    });
  });

  it("the other side: a score of 0, and one audit that does not apply beside scores, are measurements", () => {
    expect(audit({ performance: { title: "Performance", score: 0 } })).toMatchObject({
      silentFailure: false,
    });
    expect(
      audit({ performance: { title: "Performance", score: 0.92 }, pwa: { title: "PWA", score: null } }),
    ).toMatchObject({ silentFailure: false });
  });
});
