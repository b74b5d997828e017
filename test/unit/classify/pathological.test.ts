import { describe, expect, it } from "vitest";
import { classify, type CallReport } from "@/lib/classify";
import { createRedactor } from "@/lib/redact";
import { textResult, toolErrorResult } from "../../fixtures/jsonrpc";
import { PATHOLOGICAL_FAMILIES } from "../../fixtures/pathological";

// Regex work per call is bounded whatever a sender sends: each family of inputs that makes
// a backtracking pattern quadratic, at the largest size a field can carry (the 5 MB body
// limit), is classified and masked within a budget that linear work meets many times over
// and quadratic work misses by minutes. (A guard against a class of bug, not a speed target:
// speed is measured under bench/.)

const SIZE = 5 * 1024 * 1024;
const BUDGET_MS = 300;
const redact = createRedactor(["cust-[0-9]{6}", "(a+)+$"]);

const shapes: [string, (text: string) => CallReport][] = [
  [
    "a success's text",
    (text) => ({ method: "tools/call", server: "s", tool: "t", response: textResult(text) }),
  ],
  [
    "a search tool's text",
    (text) => ({ method: "tools/call", server: "s", tool: "search_logs", response: textResult(text) }),
  ],
  [
    "an identity tool's text",
    (text) => ({ method: "tools/call", server: "s", tool: "viewer", response: textResult(text) }),
  ],
  [
    "an isError text",
    (text) => ({ method: "tools/call", server: "s", tool: "t", response: toolErrorResult(text) }),
  ],
  [
    "a non-JSON-RPC body",
    (text) => ({ method: "tools/call", server: "s", tool: "t", httpStatus: 502, response: text }),
  ],
  [
    "a 2xx body",
    (text) => ({ method: "tools/call", server: "s", tool: "t", httpStatus: 200, response: text }),
  ],
  [
    "a client error",
    (text) => ({
      method: "tools/call",
      server: "s",
      tool: "t",
      clientError: { name: "Error", message: text },
    }),
  ],
  ["a digested text", (text) => ({ method: "tools/call", server: "s", tool: "t", isError: false, text })],
];

describe("bounded regex work on hostile input", () => {
  it.each(Object.entries(PATHOLOGICAL_FAMILIES))(
    "%s, 5 MB, in every place a text can be",
    (_family, make) => {
      const text = make(SIZE).slice(0, SIZE);
      const slowest: [string, number][] = [];
      for (const [place, report] of shapes) {
        const started = performance.now();
        const result = classify(report(text), { redact });
        slowest.push([place, performance.now() - started]);
        expect(result.text.length).toBeLessThanOrEqual(1024);
      }
      const started = performance.now();
      redact(text);
      slowest.push(["the redactor alone", performance.now() - started]);
      const over = slowest
        .filter(([, ms]) => ms > BUDGET_MS)
        .map(([place, ms]) => `${place}: ${ms.toFixed(0)} ms`);
      expect(over).toEqual([]);
    },
  );
});
