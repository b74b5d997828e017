import type { DriftKind } from "./drift";
import type { DayStatus } from "./store";

// How the pages say a probe's state: the status bar of the last 90 UTC days (one bar a day, as a
// status page shows it), each day and each run in words, an interval in words, and the texts a
// server sent (reasons, drift) clipped. Pure: no I/O, safe in the browser.

export const STATUS_DAYS = 90;

export type DayState = "passed" | "failed" | "none";

export interface StatusBarDay {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  runs: number;
  failed: number;
  state: DayState;
  /** The day in words: "12 Nov: 3 of 288 runs failed". */
  label: string;
}

const DAY_MS = 86_400_000;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "12 Nov" for a UTC day "2026-11-12" (the same words on the server and in any browser). */
export function dayWords(day: string): string {
  const [, month, date] = day.split("-").map(Number);
  return `${date} ${MONTHS[(month ?? 1) - 1]}`;
}

const runs = (count: number) => `${count.toLocaleString("en-US")} run${count === 1 ? "" : "s"}`;

/** Every UTC day of the last `count` (today last), each with its runs; a day without runs is "none". */
export function statusBar(days: readonly DayStatus[], now: Date, count = STATUS_DAYS): StatusBarDay[] {
  const byDay = new Map(days.map((day) => [day.day, day]));
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: count }, (_, index) => {
    const day = new Date(today - (count - 1 - index) * DAY_MS).toISOString().slice(0, 10);
    const found = byDay.get(day);
    const total = found?.runs ?? 0;
    const failed = found?.failed ?? 0;
    const state: DayState = total === 0 ? "none" : failed > 0 ? "failed" : "passed";
    const words =
      state === "none"
        ? "no runs"
        : state === "failed"
          ? `${failed.toLocaleString("en-US")} of ${runs(total)} failed`
          : `all ${runs(total)} passed`;
    return { day, runs: total, failed, state, label: `${dayWords(day)}: ${words}` };
  });
}

/** The bar in one sentence: "Last 90 days: 4 days with a failed run, 80 all passed, 6 without runs." */
export function statusSummary(bar: readonly StatusBarDay[]): string {
  const count = (state: DayState) => bar.filter((day) => day.state === state).length;
  const days = (n: number) => `${n} day${n === 1 ? "" : "s"}`;
  return `Last ${bar.length} days: ${days(count("failed"))} with a failed run, ${days(count("passed"))} all passed, ${days(count("none"))} without runs.`;
}

/** A transport as the pages name it. */
export const TRANSPORT_WORDS = { http: "HTTP", sse: "SSE", stdio: "stdio" } as const;

/** An interval in words: "5 min", "1 h", "90 s". */
export function intervalWords(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

/** A text a server or a sender sent, on one line and at most `max` characters. */
export function clipText(text: string, max = 300): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export const DRIFT_KINDS: readonly DriftKind[] = ["breaking", "warning", "info"];

/** A drift event in words: `tool "search": parameter "limit" is now required`. */
export function driftWords(event: { tool: string; change: string }): string {
  return `${clipText(event.tool, 100)}: ${clipText(event.change)}`;
}
