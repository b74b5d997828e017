import { describe, expect, it } from "vitest";
import { boundedCopy } from "../../../lib/reporter/bounded-json";
import { nestingDepth } from "../../../lib/schemas/call";

// What the recorder keeps of an MCP server's answer: all of an ordinary one, a bounded part of
// a hostile one (test/reporter/perf/reporter-hostile.test.ts sends them through the real SDK).

const size = (value: unknown) => JSON.stringify(value).length;

describe("boundedCopy", () => {
  it("keeps an ordinary answer whole", () => {
    const message = {
      jsonrpc: "2.0",
      id: 7,
      result: {
        content: [{ type: "text", text: "Echo: hello" }],
        structuredContent: { items: [1, 2, { ok: true, note: null }] },
        isError: false,
      },
    };
    expect(boundedCopy(message)).toEqual(message);
  });

  it("cuts a huge text, and keeps the fields beside it", () => {
    const message = {
      jsonrpc: "2.0",
      id: 1,
      result: { content: [{ type: "text", text: "x".repeat(20 << 20) }], isError: true },
    };
    const copy = boundedCopy(message) as typeof message;
    expect(copy.result.isError).toBe(true);
    expect(copy.result.content[0]!.text).toHaveLength(16 * 1024);
    expect(size(copy)).toBeLessThan(64 * 1024);
  });

  it("keeps the front of a huge list and what sits beside it (breadth first)", () => {
    const blocks = Array.from({ length: 100_000 }, (_, index) => ({ type: "text", text: `block ${index}` }));
    const copy = boundedCopy({ result: { content: blocks, isError: true } }) as {
      result: { content: { type: string; text: string }[]; isError: boolean };
    };
    expect(copy.result.isError).toBe(true);
    expect(copy.result.content.length).toBeGreaterThan(1_000);
    expect(copy.result.content.length).toBeLessThan(100_000);
    // Every block kept is whole: none left as an empty {} that would read as an empty answer.
    expect(copy.result.content.every((block, index) => block.text === `block ${index}`)).toBe(true);
    expect(size(copy)).toBeLessThan(80 * 1024);
  });

  it("stops at 64 levels, as Faultline accepts, without recursing (10,000 levels deep)", () => {
    let deep: unknown = "bottom";
    for (let level = 0; level < 10_000; level++) deep = { a: deep };
    const copy = boundedCopy({ result: { structuredContent: deep } });
    expect(nestingDepth(copy, 1_000)).toBe(64);
  });

  it("counts escapes: 64 KiB of control characters stay within the budget serialized", () => {
    const copy = boundedCopy("\u0007".repeat(64 * 1024)) as string;
    expect(size(copy)).toBeLessThanOrEqual(64 * 1024);
  });

  it("never ends a cut text on half a surrogate pair", () => {
    const copy = boundedCopy(`${"a".repeat(16 * 1024 - 1)}😀tail`) as string;
    expect(copy.isWellFormed()).toBe(true);
    expect(copy).toHaveLength(16 * 1024 - 1);
  });

  it("terminates on a cycle (a transport that hands over live objects)", () => {
    const cycle: Record<string, unknown> = { name: "loop" };
    cycle.self = cycle;
    expect(size(boundedCopy(cycle))).toBeLessThan(80 * 1024);
  });

  it("leaves out what JSON cannot hold", () => {
    expect(boundedCopy({ n: Number.NaN, f: () => 1, list: [undefined, 1] })).toEqual({
      n: null,
      list: [null, 1],
    });
  });
});
