import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "@/lib/db/errors";

describe("isDatabaseUnavailable", () => {
  it.each([
    [
      "a refused connection",
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
    ],
    [
      "an admin shutdown",
      Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
    ],
    ["too many connections", Object.assign(new Error("sorry, too many clients already"), { code: "53300" })],
    ["Prisma P1001", Object.assign(new Error("Invalid invocation"), { code: "P1001" })],
    [
      "a wrapped cause",
      new Error("query failed", { cause: Object.assign(new Error("x"), { code: "ECONNRESET" }) }),
    ],
    ["a terminated connection", new Error("Connection terminated unexpectedly")],
  ])("recognises %s", (_label, error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([
    ["a unique violation", Object.assign(new Error("duplicate key"), { code: "23505" })],
    ["a syntax error", Object.assign(new Error("syntax error"), { code: "42601" })],
    ["a plain error", new Error("boom")],
    ["not an error", "ECONNREFUSED"],
  ])("does not mistake %s for it", (_label, error) => expect(isDatabaseUnavailable(error)).toBe(false));
});
