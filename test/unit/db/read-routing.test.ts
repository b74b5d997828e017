import { describe, expect, it } from "vitest";
import { CLOCK_MARGIN_MS, routeRead } from "../../../lib/db/read-routing";
import { describeReplica, parseLsn, type ReplicaStatus } from "../../../lib/db/replica";
import { parseEnv } from "../../../lib/env";
import { readIntent } from "../../../lib/http/read-your-writes";

const NOW = 1_800_000_000_000;
const streaming: ReplicaStatus = {
  state: "streaming",
  lagSeconds: 0.2,
  completeAsOf: NOW - 200,
  checkedAt: NOW - 100,
  maxLagSeconds: 5,
};

describe("where reads go (routeRead)", () => {
  it("no replica configured: the primary", () => {
    expect(routeRead(undefined)).toEqual({ target: "primary", reason: "no_replica" });
  });

  it("a streaming replica within the bound serves a user who has not written lately", () => {
    expect(routeRead(streaming)).toEqual({ target: "replica", reason: "replica" });
    expect(routeRead(streaming, { lastWriteAt: NOW - 60_000 })).toEqual({
      target: "replica",
      reason: "replica",
    });
  });

  it("a replica that cannot serve sends everyone to the primary, saying why", () => {
    for (const state of ["starting", "lagging", "down", "not_standby"] as const) {
      expect(routeRead({ ...streaming, state })).toEqual({ target: "primary", reason: state });
    }
  });

  it("a user's reads stay on the primary until the replica has everything committed by their last write (and the clock margin)", () => {
    const wrote = streaming.completeAsOf! - CLOCK_MARGIN_MS + 1;
    expect(routeRead(streaming, { lastWriteAt: wrote })).toEqual({ target: "primary", reason: "own_write" });
    expect(routeRead(streaming, { lastWriteAt: wrote - 1 }).target).toBe("replica");
    expect(routeRead(streaming, { writing: true })).toEqual({ target: "primary", reason: "own_write" });
  });
});

describe("the write cookie (readIntent)", () => {
  it("reads a time, never later than now, and ignores anything else", () => {
    expect(readIntent("1700000000000", null)).toEqual({ lastWriteAt: 1_700_000_000_000, writing: false });
    expect(readIntent("99999999999999", null).lastWriteAt).toBeLessThanOrEqual(Date.now());
    for (const junk of ["", "abc", "-5", "1e12", "12.5", "1".repeat(40)]) {
      expect(readIntent(junk, null).lastWriteAt).toBeUndefined();
    }
    expect(readIntent(undefined, "1").writing).toBe(true);
    expect(readIntent(undefined, "yes").writing).toBe(false);
  });
});

describe("the replica's status", () => {
  it("compares WAL positions as numbers", () => {
    expect(parseLsn("0/16B3748")).toBe(0x16b3748n);
    expect(parseLsn("16/B374D848") > parseLsn("9/FFFFFFFF")).toBe(true);
  });

  it("is one sentence for Settings", () => {
    expect(describeReplica(streaming)).toEqual({
      serving: true,
      text: "Serving dashboard and read-API reads, 0.2 s behind the primary (bound 5 s).",
    });
    expect(describeReplica({ ...streaming, state: "lagging", lagSeconds: 12.34 }).text).toBe(
      "Not serving: 12.3 s behind the primary, over the 5 s bound. Reads go to the primary until it catches up.",
    );
    expect(describeReplica({ ...streaming, state: "down", problem: "ECONNREFUSED" }).serving).toBe(false);
  });
});

describe("configuration", () => {
  it("takes a postgres URL for the replica and a lag bound, and names the field and rule otherwise", () => {
    const env = parseEnv({ FAULTLINE_READ_DATABASE_URL: "postgresql://r@replica:5432/faultline" });
    expect(env.FAULTLINE_READ_DATABASE_URL).toBe("postgresql://r@replica:5432/faultline");
    expect(env.FAULTLINE_READ_REPLICA_MAX_LAG_SECONDS).toBe(5);
    expect(parseEnv({}).FAULTLINE_READ_DATABASE_URL).toBeUndefined();
    expect(() => parseEnv({ FAULTLINE_READ_DATABASE_URL: "mysql://x" })).toThrow(
      /FAULTLINE_READ_DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/,
    );
    expect(() => parseEnv({ FAULTLINE_READ_REPLICA_MAX_LAG_SECONDS: "0" })).toThrow(
      /FAULTLINE_READ_REPLICA_MAX_LAG_SECONDS: must be at least 0.5/,
    );
  });
});
