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

describe("isDatabaseUnavailable with Prisma's driver-adapter errors", () => {
  it("looks inside meta.driverAdapterError (P2039 around 57P01)", () => {
    const driverError = Object.assign(new Error("terminating connection due to administrator command"), {
      cause: { originalCode: "57P01", kind: "postgres" },
    });
    const prismaError = Object.assign(new Error("Invalid `findUnique()` invocation"), {
      code: "P2039",
      meta: { modelName: "ApiKey", driverAdapterError: driverError },
    });
    expect(isDatabaseUnavailable(prismaError)).toBe(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error("x"), { code: "P2039", meta: { driverAdapterError: new Error("syntax") } }),
      ),
    ).toBe(false);
  });
});
