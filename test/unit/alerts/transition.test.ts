import { describe, expect, it } from "vitest";
import type { Condition } from "@/lib/alerts/measure";
import { transition } from "@/lib/alerts/transition";

// The rule state machine, each move with the message it sends: a window with too few calls to
// judge is "no data" — never a "resolved", and an announced episode goes on through it.

const now = new Date("2026-12-06T12:00:00Z");
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const move = (
  state: string,
  notified: boolean,
  condition: Condition,
  options: { lastNotifiedMinutesAgo?: number; notifyNoData?: boolean } = {},
) =>
  transition(
    {
      state,
      notified,
      lastNotifiedAt:
        options.lastNotifiedMinutesAgo === undefined ? null : minutesAgo(options.lastNotifiedMinutesAgo),
    },
    condition,
    60,
    now,
    options.notifyNoData,
  );

describe("the rule state machine", () => {
  it("ok → firing says firing and starts an episode", () => {
    expect(move("ok", false, "active")).toMatchObject({ state: "firing", send: "firing", episode: "start" });
  });

  it("firing → no data sends nothing: the incident stays open", () => {
    const next = move("firing", true, "no_data", { lastNotifiedMinutesAgo: 5 });
    expect(next).toMatchObject({ state: "no_data", notified: true, episode: "keep", changed: true });
    expect(next.send).toBeUndefined();
  });

  it("firing → clear resolves; no data → clear resolves the episode it kept open", () => {
    expect(move("firing", true, "clear")).toMatchObject({ state: "ok", send: "resolved", episode: "end" });
    expect(move("no_data", true, "clear")).toMatchObject({ state: "ok", send: "resolved", episode: "end" });
  });

  it("no data → failing again goes on with the same episode, quiet within the cool-down", () => {
    const quiet = move("no_data", true, "active", { lastNotifiedMinutesAgo: 10 });
    expect(quiet).toMatchObject({ state: "firing", episode: "keep", changed: true });
    expect(quiet.send).toBeUndefined();
    expect(move("no_data", true, "active", { lastNotifiedMinutesAgo: 90 })).toMatchObject({
      state: "firing",
      send: "firing",
      repeat: true,
      episode: "keep",
    });
  });

  it("ok → no data and back say nothing, unless the rule asks to hear of no data", () => {
    expect(move("ok", false, "no_data").send).toBeUndefined();
    expect(move("no_data", false, "clear")).toMatchObject({ state: "ok", changed: true });
    expect(move("no_data", false, "clear").send).toBeUndefined();
    expect(move("ok", false, "no_data", { notifyNoData: true })).toMatchObject({ send: "no_data" });
    expect(move("no_data", false, "no_data", { notifyNoData: true }).send).toBeUndefined();
  });

  it("a window with no data after a silent ok never starts an episode", () => {
    expect(move("no_data", false, "active")).toMatchObject({
      state: "firing",
      send: "firing",
      episode: "start",
    });
  });
});
