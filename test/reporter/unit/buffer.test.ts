import { describe, expect, it } from "vitest";
import { CallBuffer } from "../../../lib/reporter/buffer";

// The sender's buffer: bounded in calls and in bytes, the oldest dropped (and the count
// returned, for the stats), a batch not answered for put back in front.

const call = (name: string, bytes = name.length) => ({ json: name, bytes });
const names = (batch: { json: string }[]) => batch.map((entry) => entry.json);

describe("CallBuffer", () => {
  it("drops the oldest past the count bound, and says how many", () => {
    const buffer = new CallBuffer(3, Infinity);
    expect([buffer.push(call("a")), buffer.push(call("b")), buffer.push(call("c"))]).toEqual([0, 0, 0]);
    expect(buffer.push(call("d"))).toBe(1);
    expect(names(buffer.take(10, Infinity))).toEqual(["b", "c", "d"]);
  });

  it("drops the oldest past the byte bound", () => {
    const buffer = new CallBuffer(100, 10);
    buffer.push(call("a", 4));
    buffer.push(call("b", 4));
    expect(buffer.push(call("c", 4))).toBe(1);
    expect(buffer.push(call("big", 10))).toBe(2);
    expect(names(buffer.take(10, Infinity))).toEqual(["big"]);
  });

  it("takes batches within a byte budget, always at least one call", () => {
    const buffer = new CallBuffer(100, Infinity);
    for (const name of ["a", "b", "c", "d"]) buffer.push(call(name, 4));
    expect(names(buffer.take(10, 10))).toEqual(["a", "b"]); // 4 + 1 + 4 + 1
    expect(names(buffer.take(1, 10))).toEqual(["c"]);
    expect(names(buffer.take(10, 1))).toEqual(["d"]);
    expect(buffer.length).toBe(0);
  });

  it("puts an unanswered batch back in front, then holds the bounds by dropping the oldest", () => {
    const buffer = new CallBuffer(3, Infinity);
    buffer.push(call("a"));
    buffer.push(call("b"));
    const batch = buffer.take(2, Infinity);
    buffer.push(call("c"));
    buffer.push(call("d"));
    expect(buffer.putBack(batch)).toBe(1);
    expect(names(buffer.take(10, Infinity))).toEqual(["b", "c", "d"]);
  });
});
