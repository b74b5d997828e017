import { describe, expect, it } from "vitest";
import { IngestError } from "@/lib/ingest/errors";
import { InflightBytes } from "@/lib/ingest/offload/inflight";

// The in-flight budget's arithmetic: a request holds its body's bytes as they arrive, then at
// least what its prepared calls take, and gives all of it back once.

const refusal = (work: () => void): IngestError => {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(IngestError);
    return error as IngestError;
  }
  throw new Error("not refused");
};

describe("InflightBytes", () => {
  it("grows a hold to what its prepared calls take, never shrinks it, and refuses past the project's share", () => {
    const budget = new InflightBytes(1000);
    const first = budget.open("p");
    first.take(100);
    first.atLeast(400);
    expect(budget.held).toBe(400);
    first.atLeast(300); // already holds more
    expect(budget.held).toBe(400);
    const second = budget.open("p");
    const refused = refusal(() => second.take(200));
    expect(refused.status).toBe(429);
    expect(budget.held).toBe(400); // nothing of the refused chunk is counted
    // Another project still has its own share; the instance's whole budget is the last bound.
    const other = budget.open("q");
    other.take(500);
    expect(refusal(() => other.atLeast(700)).status).toBe(503);
    first.release();
    first.release(); // once only
    other.release();
    expect(budget.held).toBe(0);
    second.take(200);
    expect(budget.held).toBe(200);
  });
});
