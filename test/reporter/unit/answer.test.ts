import { describe, expect, it } from "vitest";
import { checkIngestAnswer, errorMessage, parseAnswer } from "../../../lib/reporter/answer";

// What the reporter believes of Faultline's answer: only an ingest answer that accounts for
// every call sent (test/reporter/perf/reporter-hostile.test.ts runs the same shapes end to end).

const bytes = (text: string) => new TextEncoder().encode(text);
const valid = {
  accepted: 2,
  duplicates: 1,
  rejected: [{ index: 3, errors: [{ path: "tool", message: "Required" }] }],
};

describe("parseAnswer", () => {
  it("reads UTF-8 JSON", () => {
    expect(parseAnswer(bytes('{"accepted":1}'))).toEqual({ ok: true, value: { accepted: 1 } });
  });

  it("refuses invalid UTF-8, text that is not JSON, and nesting deeper than an answer ever does", () => {
    expect(parseAnswer(new Uint8Array([0x7b, 0xff, 0x7d]))).toMatchObject({ ok: false, problem: /UTF-8/ });
    expect(parseAnswer(bytes("<html>"))).toMatchObject({ ok: false, problem: /is not JSON/ });
    const deep = `${"[".repeat(17)}${"]".repeat(17)}`;
    expect(parseAnswer(bytes(deep))).toMatchObject({ ok: false, problem: /nests deeper than 16/ });
    // Brackets inside strings are text, not nesting.
    expect(parseAnswer(bytes(JSON.stringify({ note: "[".repeat(100) })))).toMatchObject({ ok: true });
  });
});

describe("checkIngestAnswer", () => {
  it("accepts an answer that accounts for every call sent", () => {
    expect(checkIngestAnswer({ ...valid, calls: [] }, 4)).toEqual({ ok: true, value: valid });
  });

  const wrong: [string, unknown, RegExp][] = [
    ["null", null, /expected an object, got null/],
    ["a string", "string", /got the string "string"/],
    ["a list", [], /got a list/],
    ["accepted not a number", { ...valid, accepted: "x" }, /"accepted" must be a count/],
    ["a negative count", { ...valid, duplicates: -1 }, /"duplicates" must be a count/],
    ["a fractional count", { ...valid, accepted: 1.5 }, /"accepted" must be a count/],
    ["rejected missing", { accepted: 4, duplicates: 0 }, /"rejected" must be a list, got nothing/],
    ["rejected an object", { ...valid, rejected: {} }, /"rejected" must be a list/],
    ["rejected of numbers", { ...valid, rejected: [1] }, /"rejected\[0\]" must be an object/],
    [
      "an index that is text",
      { ...valid, rejected: [{ index: "a", errors: [] }] },
      /no index of a call sent/,
    ],
    [
      "an index past the batch",
      { ...valid, rejected: [{ index: 4, errors: [] }] },
      /no index of a call sent/,
    ],
    ["errors null", { ...valid, rejected: [{ index: 3, errors: null }] }, /"errors" must be a list/],
    ["errors of numbers", { ...valid, rejected: [{ index: 3, errors: [1] }] }, /\{path, message\}/],
    [
      "the same call twice",
      {
        accepted: 2,
        duplicates: 0,
        rejected: [
          { index: 1, errors: [] },
          { index: 1, errors: [] },
        ],
      },
      /names call 1 twice/,
    ],
    ["calls not a list", { ...valid, calls: {} }, /"calls" must be a list/],
    ["counts that do not add up", { accepted: 1, duplicates: 0, rejected: [] }, /answers for 1 of 4 calls/],
  ];
  for (const [name, answer, problem] of wrong) {
    it(`refuses ${name}`, () => {
      const checked = checkIngestAnswer(answer, 4);
      expect(checked.ok).toBe(false);
      if (!checked.ok) expect(checked.problem).toMatch(problem);
    });
  }
});

describe("errorMessage", () => {
  it("reads Faultline's error answer, and nothing else", () => {
    expect(errorMessage({ error: { code: "unauthorized", message: "the key was revoked" } })).toBe(
      "the key was revoked",
    );
    expect(errorMessage({ error: "unauthorized" })).toBeUndefined();
    expect(errorMessage({ error: { message: "no code" } })).toBeUndefined();
    expect(errorMessage(null)).toBeUndefined();
  });

  it("quotes what the other end wrote without its control characters, and not at any length", () => {
    const message = errorMessage({ error: { code: "x", message: `a\u0000b\n${"c".repeat(1000)}` } })!;
    expect(message.startsWith("a b c")).toBe(true);
    expect(message.length).toBeLessThanOrEqual(301);
  });
});
