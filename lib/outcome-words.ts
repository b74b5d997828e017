import type { OutcomeFilter } from "./schemas/read";

// How a person reads an outcome or a category: words, never the API's snake_case values. One home
// for the badges, the chart's legend, the filters' choices and chips, the call page and the report
// card's Markdown. The values themselves (URL parameters, API fields, CSV, metrics) stay as they are.

export const OUTCOME_WORDS: Record<OutcomeFilter, string> = {
  ok: "ok",
  silent_failure: "silent failure",
  tool_error: "tool error",
  protocol_error: "protocol error",
  transport_error: "transport error",
};

/** An outcome (a filter value, or a call's outcome and silent flag) in words; unknown values as they are. */
export function outcomeWords(outcome: string, silentFailure = false): string {
  if (outcome === "ok" && silentFailure) return OUTCOME_WORDS.silent_failure;
  return (OUTCOME_WORDS as Record<string, string>)[outcome] ?? outcome;
}

/** A category ("rate_limited") in words ("rate limited"). */
export function categoryWords(category: string): string {
  return category.replaceAll("_", " ");
}
