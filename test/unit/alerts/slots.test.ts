import { describe, expect, it } from "vitest";
import { concurrencyLimits } from "@/lib/alerts/config";
import { DeliverySlots } from "@/lib/alerts/slots";
import { parseEnv } from "@/lib/env";

describe("alert delivery slots", () => {
  it("a receiver takes at most its bound, a project at most its own, all of them at most the total", () => {
    const slots = new DeliverySlots({ total: 5, perProject: 3, perReceiver: 2 });
    expect([slots.take("a", "http://slow"), slots.take("a", "http://slow")]).toEqual([true, true]);
    expect(slots.take("a", "http://slow")).toBe(false); // the receiver's bound
    expect(slots.take("a", "http://other")).toBe(true); // the project's third
    expect(slots.take("a", "http://third")).toBe(false); // the project's bound
    // Another project's receiver on the same host is another receiver.
    expect([slots.take("b", "http://slow"), slots.take("b", "http://slow")]).toEqual([true, true]);
    expect(slots.take("c", "http://c")).toBe(false); // the total
    expect({ inFlight: slots.inFlight, free: slots.free }).toEqual({ inFlight: 5, free: 0 });
    slots.give("a", "http://slow");
    expect(slots.take("c", "http://c")).toBe(true); // a freed slot is anyone's
    expect(slots.take("a", "http://slow")).toBe(false);
  });

  it("a slot given back can be taken again, by the same receiver or another project", () => {
    const slots = new DeliverySlots({ total: 2, perProject: 2, perReceiver: 1 });
    expect(slots.take("a", "x")).toBe(true);
    expect(slots.take("a", "x")).toBe(false);
    slots.give("a", "x");
    expect(slots.take("a", "x")).toBe(true);
    expect(slots.take("b", "x")).toBe(true);
    expect(slots.free).toBe(0);
    slots.give("a", "x");
    slots.give("b", "x");
    expect({ inFlight: slots.inFlight, free: slots.free }).toEqual({ inFlight: 0, free: 2 });
  });

  it("settings: defaults 32 / 8 / 2; each bound brought down to the one it is part of", () => {
    const env = parseEnv({});
    expect([
      env.FAULTLINE_ALERTS_CONCURRENCY,
      env.FAULTLINE_ALERTS_PROJECT_CONCURRENCY,
      env.FAULTLINE_ALERTS_RECEIVER_CONCURRENCY,
    ]).toEqual([32, 8, 2]);
    expect(concurrencyLimits(4, 8, 6)).toEqual({ total: 4, perProject: 4, perReceiver: 4 });
    expect(concurrencyLimits(32, 8, 2)).toEqual({ total: 32, perProject: 8, perReceiver: 2 });
    expect(() => parseEnv({ FAULTLINE_ALERTS_CONCURRENCY: "0" })).toThrow(/FAULTLINE_ALERTS_CONCURRENCY/);
  });
});
