import { describe, expect, it } from "vitest";
import { classify, type CallReport } from "@/lib/classify";
import { createRedactor, maskBuiltIn } from "@/lib/redact";
import { textResult, toolErrorResult } from "../../fixtures/jsonrpc";
import { PATHOLOGICAL_FAMILIES } from "../../fixtures/pathological";

// Regex work per call is bounded whatever a sender sends: each family of inputs that makes
// a backtracking pattern quadratic, at the largest size a field can carry (the 5 MB body
// limit), is classified and masked within a budget that linear work meets many times over
// and quadratic work misses by minutes. (A guard against a class of bug, not a speed target:
// speed is measured under bench/.)

const SIZE = 5 * 1024 * 1024;
// Linear work here takes tens of milliseconds; a quadratic pattern takes minutes. The margin
// keeps the test steady on a loaded machine.
const BUDGET_MS = 1_000;
const redact = createRedactor(["cust-[0-9]{6}", "(a+)+$"]);

// Shapes aimed at the redactor's secret-name, quoted-value, authorization-scheme, cookie and
// vendor-prefix patterns: a name at every few characters, quoted values that never close,
// separators that could be read as part of the token, cookie lists that stop short of "=".
const REDACTION_FAMILIES: Record<string, (length: number) => string> = {
  "_password run": (n) => "_password".repeat(n / 9),
  "password then escaped quotes": (n) => `"password":"${'\\"'.repeat(n / 2)}`,
  "names whose quoted value never closes": (n) => `pwd:"${"x".repeat(250)}`.repeat(n / 255),
  "names with no value": (n) => 'pwd:"pwd:;'.repeat(n / 10),
  "escaped-quote assignments": (n) => 'token=\\"'.repeat(n / 8),
  "Bearer%20 repeated": (n) => "Bearer%20".repeat(n / 9),
  "Bearer then %20 run": (n) => `Bearer${"%20".repeat(n / 3)}`,
  "Bearer no-break spaces": (n) => "Bearer\u00a0".repeat(n / 7),
  "Cookie: a= repeated": (n) => "Cookie: a=".repeat(n / 10),
  "Cookie: name without =": (n) => `Cookie: ${"a".repeat(n)}`,
  "one long cookie list": (n) => `Cookie: ${"a=b;".repeat(n / 4)}`,
  "_sk- repeated": (n) => "_sk-".repeat(n / 4),
  "_github_pat_ repeated": (n) => "_github_pat_".repeat(n / 12),
};
const HOSTILE_INPUT_FAMILIES = { ...PATHOLOGICAL_FAMILIES, ...REDACTION_FAMILIES };

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
  it.each(Object.entries(HOSTILE_INPUT_FAMILIES))(
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

// The redactor reads at most REDACTION_WINDOW characters, which would hide a quadratic pattern
// behind a small input; here its built-in patterns run over the whole of each hostile string,
// at a size where linear work takes milliseconds and quadratic work takes minutes.
describe("bounded regex work in the redaction patterns themselves, with no window", () => {
  const size = 512 * 1024;
  it.each(Object.entries(HOSTILE_INPUT_FAMILIES))("%s, 512 KB", (_family, make) => {
    const text = make(size).slice(0, size);
    const started = performance.now();
    maskBuiltIn(text);
    expect(performance.now() - started).toBeLessThan(BUDGET_MS);
  });
});
