import { describe, expect, it } from "vitest";
import { classify, type CallReport, type Flag } from "@/lib/classify";
import { rpcError, textResult } from "./helpers";
import { maskBuiltIn as redact } from "@/lib/redact";

// The flags the server report card counts (docs/REPORT-CARD.md): whether a failure says if a retry
// can help, whether its code came from a field or only from its words, and a masked secret.

const base: CallReport = { method: "tools/call", server: "billing", tool: "refund" };
const flagsOf = (report: Partial<CallReport>, options = {}) =>
  classify({ ...base, ...report }, options).flags;
const has = (flags: Flag[], flag: Flag) => flags.includes(flag);

describe("retry_hint", () => {
  it("is set by explicit retry metadata, either way", () => {
    const no = textResult(
      JSON.stringify({ errorCategory: "business", isRetryable: false, message: "outside the 45-day window" }),
      { isError: true },
    );
    const yes = textResult("quota", {
      isError: true,
      structuredContent: { error: { code: "quota", retryable: true } },
    });
    expect(has(flagsOf({ response: no }), "retry_hint")).toBe(true);
    expect(has(flagsOf({ response: yes }), "retry_hint")).toBe(true);
  });

  it("is set by a Retry-After in the words and by a code that means try later", () => {
    expect(
      has(
        flagsOf({ response: textResult("Too busy, retry after 30 seconds", { isError: true }) }),
        "retry_hint",
      ),
    ).toBe(true);
    const coded = textResult("Upstream down", {
      isError: true,
      structuredContent: { error: { code: "upstream_unreachable" } },
    });
    expect(has(flagsOf({ response: coded }), "retry_hint")).toBe(true);
  });

  it("is not set by a bare -32603, an opaque text, or a transport failure", () => {
    expect(has(flagsOf({ response: rpcError(-32603, "Internal error") }), "retry_hint")).toBe(false);
    expect(has(flagsOf({ response: textResult("Operation failed", { isError: true }) }), "retry_hint")).toBe(
      false,
    );
    expect(has(flagsOf({ httpStatus: 503, response: "Service Unavailable" }), "retry_hint")).toBe(false);
  });
});

describe("code_in_prose", () => {
  it("marks a code read from the words only", () => {
    expect(
      has(flagsOf({ response: textResult("HTTP 404: lead missing", { isError: true }) }), "code_in_prose"),
    ).toBe(true);
  });

  it("is not set when a field carries the code: structuredContent, a JSON text, the JSON-RPC error, a digested code", () => {
    const structured = textResult("Payment required.", {
      isError: true,
      structuredContent: { error: { code: "payment_required" } },
    });
    const json = textResult(JSON.stringify({ code: "order_locked", message: "locked" }), { isError: true });
    for (const report of [
      { response: structured },
      { response: json },
      { response: rpcError(-32602, "Unknown tool: refund_v2") },
      { isError: true, errorCode: "payment_required", text: "Payment required" },
    ]) {
      const flags = flagsOf(report);
      expect(flags, JSON.stringify(report)).not.toContain("code_in_prose");
      expect(flags).not.toContain("no_error_code");
    }
  });
});

describe("secret_masked", () => {
  it("is set when the redactor changed the stored text, on successes too", () => {
    const leaked = textResult("token=ghp_abcdefghijklmnopqrstuvwxyz0123456789 accepted");
    expect(has(flagsOf({ response: leaked }, { redact }), "secret_masked")).toBe(true);
    expect(has(flagsOf({ response: textResult("all fine") }, { redact }), "secret_masked")).toBe(false);
  });
});
