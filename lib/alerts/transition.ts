import type { MessageKind } from "./messages";
import type { Condition } from "./measure";
import type { RuleState } from "./store";

// The state machine of an alert (a rule, or one group of a rule that runs per server or per
// tool): where it goes given its window's condition, and whether that sends a message.

export interface Transition {
  state: RuleState;
  /** The message to send, if any. */
  send?: MessageKind;
  repeat: boolean;
  notified: boolean;
  notifiedAt: Date | null;
  changed: boolean;
  /** The announced episode: begins now, goes on, or is over (its dedup key is when it began). */
  episode: "start" | "keep" | "end";
}

/** The state machine: where a rule goes given its condition, and whether that sends a message. */
export function transition(
  current: { state: string; notified: boolean; lastNotifiedAt: Date | null },
  condition: Condition,
  cooldownMinutes: number,
  now: Date,
  notifyNoData = false,
): Transition {
  const quiet = { repeat: false, notified: current.notified, notifiedAt: current.lastNotifiedAt };
  if (condition === "no_data") {
    // Too few calls to judge: not resolved, not firing. An announced episode stays open.
    const entering = current.state !== "no_data";
    return {
      ...quiet,
      state: "no_data",
      send: entering && notifyNoData ? "no_data" : undefined,
      changed: entering,
      episode: current.notified ? "keep" : "end",
    };
  }
  // An announced episode that went through no data and fails again goes on (same key, cool-down).
  const goesOn = current.state === "firing" || (current.state === "no_data" && current.notified);
  if (condition === "active" && !goesOn) {
    // A new episode — the first, or one after a "resolved": said at once, whatever the cool-down
    // (which only spaces the repeats of an alert that has not resolved).
    return {
      state: "firing",
      send: "firing",
      repeat: false,
      notified: true,
      notifiedAt: now,
      changed: true,
      episode: "start",
    };
  }
  if (condition === "active") {
    const coolingDown =
      current.lastNotifiedAt !== null &&
      now.getTime() - current.lastNotifiedAt.getTime() < cooldownMinutes * 60_000;
    const changed = current.state !== "firing";
    const episode = current.notified ? "keep" : "start";
    // Still firing: quiet within the cool-down, then "still firing" once per cool-down.
    return coolingDown
      ? { ...quiet, state: "firing", changed, episode }
      : {
          state: "firing",
          send: "firing",
          repeat: current.notified,
          notified: true,
          notifiedAt: now,
          changed,
          episode,
        };
  }
  if (current.state !== "ok") {
    // Judged healthy again: an announced episode resolves (also after a stretch of no data).
    return {
      state: "ok",
      send: current.notified ? "resolved" : undefined,
      repeat: false,
      notified: false,
      notifiedAt: current.lastNotifiedAt,
      changed: true,
      episode: "end",
    };
  }
  return { ...quiet, state: "ok", notified: false, changed: false, episode: "end" };
}
