import { describe, expect, it } from "vitest";
import { classify, type CallReport, type Classification } from "@/lib/classify";
import { answered, failedWith, rpcError } from "./helpers";

// Round XVI's lessons (tuned on once round XVII was being captured blind by helpers who write no
// rules), each rule with the other side beside it: refusals in the words identity, storage and mail
// APIs use; what a lost error object says; a command that could not be spawned; listings that found
// nothing, written as a heading or in Chinese.

const call = (response: unknown, tool = "t"): Classification =>
  classify({ method: "tools/call", server: "s", tool, httpStatus: 200, response } as CallReport);

const rpc = (message: string): Classification => call(rpcError(-32603, message));

describe("refusals in the words the field uses", () => {
  it.each([
    ["Error: Rejected undeclared parameters: archived", "validation"],
    ["Error: Unknown or restricted tool: auth0_delete_application", "unknown_tool"],
    ["Failed to create template: has already been taken", "validation"],
    ["Failed to create contact: email: has already been taken", "validation"],
    [
      "Error: API request error: Failed to obtain access token: OAuth2 token request failed: 400 Bad Request",
      "auth",
    ],
    [
      'Error: API request failed: 400 Bad Request\nDetails: {"object": "error", "message": "Your organization currently has 22 seats filled. Your new plan only has (3) seats. Remove some users."}',
      "business",
    ],
    [
      'Error: Didit API 400 Bad Request on PATCH /session/1/update-status/: {"detail":"Session status cannot be changed: the session is already Approved."}',
      "business",
    ],
    ['{"error":{"message":"Folder is not empty"}}', "business"],
    ['{"error":{"message":"General Error"}}', "internal"],
  ])("%s → %s", (text, category) => {
    expect(failedWith(text).category).toBe(category);
  });

  it.each([
    ["User exists with same username", "validation"],
    ["执行工具 upload_file 时出错: 文件不存在: /tmp/files/q4-report.pdf", "validation"],
    ["执行工具 delete_bucket 时出错: The bucket you tried to delete is not empty", "business"],
    ["执行工具 list_buckets 时出错: The Access Key Id you provided does not exist in our records.", "auth"],
    [
      'Search failed: Error: Serper API error: 400 Bad Request - {"message":"Not enough credits","statusCode":400}',
      "business",
    ],
  ])("-32603 %s → %s", (message, category) => {
    expect(rpc(message)).toMatchObject({ outcome: "protocol_error", category, retryable: false });
  });

  it("the other side: a path that names billing is not a billing refusal", () => {
    const got = failedWith(
      'Error: Didit API 502 Bad Gateway on GET /billing/balance/: {"raw":"<html><head><title>502 Bad Gateway</title></head></html>"}',
    );
    expect(got).toMatchObject({ category: "transient", retryable: true });
  });

  it("the other side: a word that is not empty, and a parameter that is merely named", () => {
    expect(failedWith("Error: value is not empty, expected an empty string").category).not.toBe("business");
    expect(failedWith("Error: timeout while waiting for parameters to load").category).not.toBe("validation");
  });
});

describe("what Faultline cannot know, and what cannot be retried", () => {
  it("an error object printed as [object Object] says nothing of what failed", () => {
    expect(failedWith("kagi error: Unexpected error: [object Object]")).toMatchObject({
      category: "unknown",
      retryable: false,
    });
  });

  it("the other side: an unexpected error with its words stays internal", () => {
    expect(failedWith("Unexpected error: the renderer crashed").category).toBe("internal");
  });

  it("a command the server could not spawn fails the same way until someone installs it", () => {
    expect(failedWith("Failed to execute command: spawn bw ENOENT")).toMatchObject({
      category: "internal",
      errorCode: "enoent",
      retryable: false,
    });
    // Faultline's judgement, not the server's word: no retry_hint.
    expect(failedWith("Failed to execute command: spawn bw ENOENT").flags).not.toContain("retry_hint");
  });

  it("the other side: an internal failure with no such code stays retryable", () => {
    expect(failedWith("Internal server error").retryable).toBe(true);
  });
});

describe("listings that found nothing", () => {
  it.each([
    ["Users in realm staging:\n"],
    ["Groups in realm staging:"],
    ["存储桶 backups 中找到 0 个对象:\n"],
  ])("%j is empty", (text) => {
    expect(answered(text)).toMatchObject({ outcome: "ok", silentFailure: false, empty: true });
  });

  it("a search that echoes its parameters and the credits it spent, with no results, is empty", () => {
    const text = JSON.stringify(
      { searchParameters: { q: "zqxj", gl: "us", type: "search" }, organic: [], credits: 1 },
      null,
      2,
    );
    expect(answered(text).empty).toBe(true);
  });

  it("the other side: a lone label and a heading with rows under it are not", () => {
    expect(answered("Echo: ").empty).toBe(false);
    expect(answered("Detailed Results:").empty).toBe(false);
    expect(answered("Users in realm staging:\n- ada (ada@example.com)").empty).toBe(false);
    expect(answered("存储桶 backups 中找到 3 个对象:\nq4.pdf").empty).toBe(false);
  });
});
