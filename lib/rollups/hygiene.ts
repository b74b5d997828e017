import type { Flag } from "../classify/types";

// The error-hygiene counters of the tool rollups (the server report card, lib/insight): which calls
// each counts, and the Activity filters that open exactly those calls. One definition serves the
// fold at ingest, the card's examples and the card's links, so a share and the calls its link
// opens cannot drift apart. (The migration that added the columns backfilled them with the same
// conditions written in SQL: prisma/migrations/20261202120000_report_card.)

/** What a counter looks at of a call. */
export interface HygieneCall {
  outcome: string;
  category: string | null;
  errorCode: string | null;
  flags: readonly string[];
}

/** Activity filters (GET /api/v1/calls, /calls): repeated values are alternatives; fields all apply. */
export interface CallFilterParams {
  outcome?: string[];
  category?: string[];
  errorCode?: string[];
  flag?: Flag[];
}

export interface HygieneCounter {
  /** Column of tool_rollups, and the key of the row shape. */
  column: HygieneColumn;
  matches(call: HygieneCall): boolean;
  filter: CallFilterParams;
}

export const HYGIENE_COLUMNS = [
  "no_error_codes",
  "codes_in_prose",
  "retry_hints",
  "wasted_retries",
  "secrets_masked",
  "validation_as_protocol",
  "internal_for_validation",
  "unknown_tool_results",
] as const;
export type HygieneColumn = (typeof HYGIENE_COLUMNS)[number];

const flagged = (column: HygieneColumn, flag: Flag): HygieneCounter => ({
  column,
  matches: (call) => call.flags.includes(flag),
  filter: { flag: [flag] },
});

/** Validation and unknown-tool failures have codes of their own; -32603 says "internal error". */
const MISFILED_AS_INTERNAL = ["validation", "unknown_tool"];

export const HYGIENE_COUNTERS: Record<HygieneColumn, HygieneCounter> = {
  no_error_codes: flagged("no_error_codes", "no_error_code"),
  codes_in_prose: flagged("codes_in_prose", "code_in_prose"),
  retry_hints: flagged("retry_hints", "retry_hint"),
  wasted_retries: flagged("wasted_retries", "wasted_retry"),
  secrets_masked: flagged("secrets_masked", "secret_masked"),
  validation_as_protocol: flagged("validation_as_protocol", "validation_as_protocol_error"),
  internal_for_validation: {
    column: "internal_for_validation",
    matches: (call) =>
      call.outcome === "protocol_error" &&
      MISFILED_AS_INTERNAL.includes(call.category ?? "") &&
      call.errorCode === "-32603",
    filter: { outcome: ["protocol_error"], category: MISFILED_AS_INTERNAL, errorCode: ["-32603"] },
  },
  // The specification keeps an unknown tool a protocol error (-32602) at every revision.
  unknown_tool_results: {
    column: "unknown_tool_results",
    matches: (call) => call.outcome === "tool_error" && call.category === "unknown_tool",
    filter: { outcome: ["tool_error"], category: ["unknown_tool"] },
  },
};

export type HygieneCounts = Record<HygieneColumn, number>;

export function emptyHygieneCounts(): HygieneCounts {
  return Object.fromEntries(HYGIENE_COLUMNS.map((column) => [column, 0])) as HygieneCounts;
}
