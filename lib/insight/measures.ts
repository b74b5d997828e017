import type { Flag } from "../classify/types";
import { HYGIENE_COUNTERS, type CallFilterParams, type HygieneCall, type HygieneCounts } from "../rollups";
import { gradeShare, MIN_FAILURES_TO_GRADE, overallGrade, type Bands, type Grade } from "./grades";

// The measures of the server report card: for each, which of a server's counts it reads (all from the
// tool rollups), the share it shows, the Activity filters that open the calls behind each count, the
// bands that grade it and the calls it takes its examples from. Each is titled by the fault its figure
// counts. The instance's grading page (/report-card/grading, lib/insight/grading.ts) is generated from
// these definitions; docs/REPORT-CARD.md describes them (a unit test holds its table to them).

/** One server's tool-call counts over a period (sums of its tool_rollups rows). */
export interface ServerCounts extends HygieneCounts {
  calls: number;
  failures: number;
  silent_failures: number;
  tool_errors: number;
  protocol_errors: number;
  transport_errors: number;
  opaque_errors: number;
  raw_exceptions: number;
}

export const MEASURE_IDS = ["silent", "uncoded", "opaque", "retry", "channel", "raw"] as const;
export type MeasureId = (typeof MEASURE_IDS)[number];

/** A count shown on the card with the calls behind it. */
export interface Part {
  key: string;
  label: string;
  count: number;
  filter: CallFilterParams;
}

export interface MeasureResult {
  id: MeasureId;
  /** Named by the fault its figure counts ("Failures hidden from isError"), never by the virtue. */
  title: string;
  /** What the figure counts, in the card's words ("Returned as text, isError not set"). */
  fault: string;
  /** What the share is of, in words ("failures the server answered"). */
  of: string;
  /** The share shown: `part.count` of `total`. */
  part: Part | null;
  total: number;
  share: number | null;
  /** The failures with the fault: the figure's count. */
  problem: number;
  /** The share with the fault (`problem` of `total`): the figure shown and graded. */
  problemShare: number | null;
  grade: Grade | null;
  weight: number;
  /** Further counts that make up or go with the measure, each with its own calls. */
  details: Part[];
}

/** The failures the server itself answered: isError results, JSON-RPC errors, silent failures. */
export const ANSWERED_FILTER: CallFilterParams = {
  outcome: ["tool_error", "protocol_error", "silent_failure"],
};
export function answeredFailures(counts: ServerCounts): number {
  return counts.tool_errors + counts.protocol_errors + counts.silent_failures;
}

export interface MeasureDefinition {
  /** Named by the fault its figure counts. */
  title: string;
  /** A short column heading (the fleet table). */
  heading: string;
  /** What the figure counts, in the card's words. */
  fault: string;
  of: string;
  /** The problem share as a fraction, in words (the grading page, docs/REPORT-CARD.md). */
  problemShare: string;
  /** The flags and fields it reads; `code` spans in backticks. */
  reads: string;
  bands: Bands;
  weight: number;
  /** The calls the measure's examples (what to change) are taken from. */
  example(call: ExampleCall): boolean;
  compute(counts: ServerCounts): { part: Part | null; total: number; problem: number; details: Part[] };
}

export interface ExampleCall extends HygieneCall {
  silentFailure: boolean;
}

const flag = (key: string, label: string, count: number, flags: Flag[]): Part => ({
  key,
  label,
  count,
  filter: { flag: flags },
});
const has = (call: ExampleCall, ...flags: Flag[]) => flags.some((name) => call.flags.includes(name));
const answered = (call: ExampleCall) =>
  call.outcome === "tool_error" ||
  call.outcome === "protocol_error" ||
  (call.outcome === "ok" && call.silentFailure);

const CHANNEL = [
  ["internal_for_validation", "Validation or unknown-tool failures sent as a generic -32603"],
  [
    "validation_as_protocol",
    "Bad argument values sent as JSON-RPC -32602 where the revision expects isError",
  ],
  ["unknown_tool_results", "Unknown-tool failures returned as isError results instead of a protocol error"],
] as const;

export const MEASURES: Record<MeasureId, MeasureDefinition> = {
  silent: {
    title: "Failures hidden from isError",
    heading: "Silent failures",
    fault: "Returned as text, isError not set (silent)",
    problemShare: "silent failures ÷ (silent failures + `isError` results)",
    reads:
      "`silentFailure` (flags `error_text`, `http_error_text`, `error_object`, `graphql_errors_no_data`, `identity_null`, `structured_error_ignored`, `nested_error_flag`)",
    of: "tool failures (isError results and failures returned as ordinary text)",
    bands: [0.01, 0.05, 0.15, 0.3],
    weight: 3,
    example: (call) => call.outcome === "ok" && call.silentFailure,
    compute: (counts) => ({
      part: {
        key: "silent",
        label: "Returned as text, isError not set (silent)",
        count: counts.silent_failures,
        filter: { outcome: ["silent_failure"] },
      },
      total: counts.tool_errors + counts.silent_failures,
      problem: counts.silent_failures,
      details: [
        {
          key: "is_error",
          label: "Reported with isError",
          count: counts.tool_errors,
          filter: { outcome: ["tool_error"] },
        },
      ],
    }),
  },
  uncoded: {
    title: "Failures without a machine-readable code",
    heading: "No machine code",
    fault: "No code in any field (none, or only in the words)",
    problemShare: "(no code + code only in prose) ÷ answered",
    reads: "`no_error_code`; `code_in_prose`",
    of: "failures the server answered",
    bands: [0.05, 0.2, 0.4, 0.6],
    weight: 2,
    example: (call) => has(call, "no_error_code", "code_in_prose"),
    compute: (counts) => ({
      part: flag(
        "uncoded",
        "No code in any field (none, or only in the words)",
        counts.no_error_codes + counts.codes_in_prose,
        ["no_error_code", "code_in_prose"],
      ),
      total: answeredFailures(counts),
      problem: counts.no_error_codes + counts.codes_in_prose,
      details: [
        flag("no_code", "No code at all", counts.no_error_codes, ["no_error_code"]),
        flag("code_in_prose", "A code only in the message's words", counts.codes_in_prose, ["code_in_prose"]),
      ],
    }),
  },
  opaque: {
    title: "Failures that do not say what went wrong",
    heading: "Opaque",
    fault: 'Opaque ("Operation failed", "Error", no text)',
    problemShare: "opaque ÷ answered",
    reads: '`opaque_error` ("Operation failed", "Error", no text)',
    of: "failures the server answered",
    bands: [0.02, 0.1, 0.25, 0.5],
    weight: 2,
    example: (call) => has(call, "opaque_error"),
    compute: (counts) => ({
      part: flag("opaque", 'Opaque ("Operation failed", "Error", no text)', counts.opaque_errors, [
        "opaque_error",
      ]),
      total: answeredFailures(counts),
      problem: counts.opaque_errors,
      details: [],
    }),
  },
  retry: {
    title: "Failures that do not say whether a retry can help",
    heading: "No retry hint",
    fault: "Say nothing about retrying",
    problemShare: "(answered − with a hint) ÷ answered",
    reads: "`retry_hint`; the wasted retries shown beside it: `wasted_retry`",
    of: "failures the server answered",
    bands: [0.2, 0.4, 0.6, 0.8],
    weight: 1,
    example: (call) => answered(call) && !has(call, "retry_hint"),
    compute: (counts) => {
      const total = answeredFailures(counts);
      return {
        // No filter selects the failures without a hint, so the figure has no link of its own;
        // the hints beside it do.
        part: null,
        total,
        problem: total - counts.retry_hints,
        details: [
          flag("retry_hint", "Say whether a retry can help", counts.retry_hints, ["retry_hint"]),
          flag(
            "wasted_retry",
            "Wasted retries (the same call repeated after a non-retryable failure)",
            counts.wasted_retries,
            ["wasted_retry"],
          ),
        ],
      };
    },
  },
  channel: {
    title: "Failures on the wrong protocol channel",
    heading: "Wrong channel",
    fault: "Misfiled",
    problemShare: "misfiled ÷ answered",
    reads:
      "a `protocol_error` of category `validation` or `unknown_tool` with code `-32603`; `validation_as_protocol_error`; a `tool_error` of category `unknown_tool`",
    of: "failures the server answered",
    bands: [0.01, 0.05, 0.15, 0.3],
    weight: 1,
    example: (call) => CHANNEL.some(([column]) => HYGIENE_COUNTERS[column].matches(call)),
    compute: (counts) => {
      const details = CHANNEL.map(([column, label]) => ({
        key: column,
        label,
        count: counts[column],
        filter: HYGIENE_COUNTERS[column].filter,
      }));
      const problem = details.reduce((sum, detail) => sum + detail.count, 0);
      return { part: null, total: answeredFailures(counts), problem, details };
    },
  },
  raw: {
    title: "Failures showing a raw exception",
    heading: "Raw exceptions",
    fault: "A raw exception or stack trace shown to the agent",
    problemShare: "raw exceptions ÷ answered",
    reads: "`raw_exception` (a stack trace shown to the agent)",
    of: "failures the server answered",
    bands: [0.01, 0.05, 0.15, 0.3],
    weight: 2,
    example: (call) => has(call, "raw_exception"),
    compute: (counts) => ({
      part: flag("raw", "A raw exception or stack trace shown to the agent", counts.raw_exceptions, [
        "raw_exception",
      ]),
      total: answeredFailures(counts),
      problem: counts.raw_exceptions,
      details: [],
    }),
  },
};

export function measure(id: MeasureId, counts: ServerCounts): MeasureResult {
  const definition = MEASURES[id];
  const { part, total, problem, details } = definition.compute(counts);
  const problemShare = total === 0 ? null : problem / total;
  return {
    id,
    title: definition.title,
    fault: definition.fault,
    of: definition.of,
    part,
    total,
    share: part && total > 0 ? part.count / total : null,
    problem,
    problemShare,
    grade:
      problemShare !== null && total >= MIN_FAILURES_TO_GRADE
        ? gradeShare(problemShare, definition.bands)
        : null,
    weight: definition.weight,
    details,
  };
}

export interface Scorecard {
  measures: MeasureResult[];
  grade: Grade | null;
  /** The weighted mean of the measures' points (A 4 … F 0): sorts servers within a grade. */
  points: number | null;
}

export function scorecard(counts: ServerCounts): Scorecard {
  const measures = MEASURE_IDS.map((id) => measure(id, counts));
  return { measures, ...overallGrade(measures) };
}
