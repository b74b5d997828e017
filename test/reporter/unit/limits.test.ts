import { describe, expect, it } from "vitest";
import { classify } from "@/lib/classify";
import { fitReport, LIMITS } from "@/lib/reporter/limits";
import type { CallReport } from "@/lib/reporter/types";
import { callSchema } from "@/lib/schemas/call";

// Every route of the package fits each report to what the webhook accepts (lib/reporter/limits),
// so no call is lost to a limit: a label over its length is cut, a message cut to what Faultline
// reads, and the webhook keeps the first 4,096 characters of a longer message instead of refusing.

const long = (n: number, unit = "x") => unit.repeat(n);

const report = (): CallReport => ({
  id: long(300, "i"),
  occurredAt: new Date().toISOString(),
  durationMs: 5,
  server: long(300, "s"),
  tool: long(300, "t"),
  method: "tools/call",
  sessionId: long(300, "e"),
  agent: long(300, "a"),
  argumentsHash: long(300, "h"),
  protocolVersion: long(80, "p"),
  transportError: long(300, "c"),
  requestId: long(300, "r"),
  mcpSessionId: long(300, "m"),
  serverInfoName: long(300, "n"),
  route: "server",
  response: {
    jsonrpc: "2.0",
    id: 1,
    result: { isError: true, content: [{ type: "text", text: long(20_000, "w ") }] },
  },
  clientError: { name: long(300, "N"), code: long(150, "C"), message: long(10_000, "q ") },
  serverError: { name: "TypeError", code: "E_LONG", message: long(10_000, "thrown ") },
});

describe("a report fit to the webhook's limits", () => {
  it("is accepted whole: every label within its length, every message within what Faultline reads", () => {
    const fitted = fitReport(report());
    const parsed = callSchema.safeParse(fitted);
    expect(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 3))).toBe(true);
    expect(fitted.tool).toHaveLength(LIMITS.tool);
    expect(fitted.serverError!.message).toHaveLength(LIMITS.message);
    expect(fitted.clientError!.code).toBeUndefined(); // a code over its length says nothing reliable
  });

  it("the webhook keeps the start of an over-long message rather than refusing the call, and says the text was cut", () => {
    const sent = {
      server: "crm",
      tool: "t",
      response: report().response,
      serverError: { name: "TypeError", message: long(10_000, "thrown ") },
    };
    const parsed = callSchema.safeParse(sent);
    expect(parsed.success).toBe(true);
    expect(parsed.data!.serverError!.message).toHaveLength(LIMITS.message);
    expect(classify(parsed.data!).flags).toContain("text_truncated");
  });

  it("leaves the given report as it was", () => {
    const given = report();
    fitReport(given);
    expect(given.tool).toHaveLength(300);
  });
});
