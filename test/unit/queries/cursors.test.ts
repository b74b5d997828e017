import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../../lib/errors";
import { decodeCursor, encodeCursor } from "../../../lib/queries/cursor";
import { decodeKeyset, encodeKeyset, type KeysetShape } from "../../../lib/queries/keyset";

// Cursors come back in URLs anyone can edit: one that is not what a page handed out is refused
// here (and the page shows its first page), never passed on to fail in PostgreSQL as a 500.

const encode = (value: unknown) => Buffer.from(JSON.stringify(value), "utf8").toString("base64url");

describe("keyset cursors", () => {
  const silent: KeysetShape = ["int32", "int53", "string", "string", "string"];
  const failures: KeysetShape = ["int32", "digits", "string"];
  const tools: KeysetShape = ["number", "string", "string"];

  it("round-trip what the pages hand out", () => {
    const value = [7, 1_764_460_800_123_456, "docs", "parse", "error_text"];
    expect(decodeKeyset(encodeKeyset(value), silent)).toEqual(value);
    expect(decodeKeyset(encodeKeyset([3, "1764460800123456", "ab12"]), failures)).toEqual([
      3,
      "1764460800123456",
      "ab12",
    ]);
    expect(decodeKeyset(encodeKeyset([0.273, "crm", "lookup"]), tools)).toEqual([0.273, "crm", "lookup"]);
  });

  it.each([
    ["a fraction where an int goes", silent, [1.5, 1, "a", "b", "c"]],
    ["an int past 32 bits", silent, [10_000_000_000, 1, "a", "b", "c"]],
    ["a number past a bigint", silent, [1, 1e300, "a", "b", "c"]],
    ["a NUL in a string", silent, [1, 1, "\u0000", "b", "c"]],
    ["a bigint that is not digits", failures, [1, "2026-11-30T00:00:00Z", "abc"]],
    ["a bigint longer than a bigint", failures, [1, "9".repeat(30), "abc"]],
    ["a NUL in a tool's key", tools, [1, "\u0000", "a"]],
    ["the wrong length", tools, [1, "a"]],
    ["not an array", tools, { a: 1 }],
  ])("refuses %s", (_, shape, value) => {
    expect(() => decodeKeyset(encode(value), shape)).toThrow(InvalidInputError);
  });

  it("refuses what is not base64 JSON at all", () => {
    expect(() => decodeKeyset("garbage", tools)).toThrow(InvalidInputError);
    expect(() => decodeKeyset("A".repeat(300), tools)).toThrow(InvalidInputError);
  });
});

describe("Activity's time cursors", () => {
  it("round-trip a position", () => {
    const position = { occurredAt: new Date("2026-11-30T10:00:00.123Z"), id: "call-1" };
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
  });

  it.each([
    ["garbage", "garbage"],
    ["an empty object", encode({})],
    ["a date that is not one", encode(["not a date", "1"])],
    ["a year PostgreSQL cannot hold", encode(["-271821-04-20T00:00:00Z", "1"])],
    ["a NUL in the id", encode(["2026-11-30T10:00:00Z", "a\u0000b"])],
  ])("refuses %s", (_, cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(InvalidInputError);
  });
});
