import { categoryWords, outcomeWords } from "./outcome-words";
import type { RangePreset } from "./schemas/dashboard";
import { RANGE_LABELS } from "./schemas/dashboard";
import type { CallFilters } from "./schemas/read";
import { viewHref, type ViewParams } from "./view-href";

// The filters a view applies, one chip each, with the link that removes it. Built from the
// filters the page parsed (never from the raw URL), so a chip shows exactly what selects the
// rows; the link keeps every other parameter of the view. Pure: no I/O.

export interface FilterChip {
  /** The URL parameter the chip stands for ("sessionId", "server", "range" …). */
  key: string;
  /** What people read before the value: "Session", "Server", "Time". */
  label: string;
  value: string;
  /** For the time range of a custom window: shown in the reader's time zone. */
  window?: { from: string; to: string };
  /** This view without the filter (or without this one value of a repeated filter). */
  removeHref: string;
}

/** The window as the page resolved it (lib/schemas/dashboard resolveWindow). */
export interface ChipWindow {
  range: RangePreset | "custom";
  from: Date;
  to: Date;
}

/** Parameters no chip removal keeps: the page position (a filter removed starts at page one). */
const PAGING = ["cursor", "after"];

/** A chip per value of a filter; removing one value keeps the others. */
function chipsOf(
  path: string,
  params: ViewParams,
  key: string,
  label: string,
  values: readonly string[],
  alsoOmit: readonly string[] = [],
  words: (value: string) => string = (value) => value,
): FilterChip[] {
  return values.map((value, index) => ({
    key,
    label,
    value: words(value),
    removeHref: viewHref(path, params, [...PAGING, ...alsoOmit], {
      [key]: values.filter((_, other) => other !== index),
    }),
  }));
}

/** The time range, when it is not the default (the last 24 hours). */
export function windowChip(path: string, params: ViewParams, window: ChipWindow): FilterChip[] {
  if (window.range === "24h") return [];
  const removeHref = viewHref(path, params, [...PAGING, "range", "from", "to"]);
  return window.range === "custom"
    ? [
        {
          key: "range",
          label: "Time",
          value: `${window.from.toISOString()} – ${window.to.toISOString()}`,
          window: { from: window.from.toISOString(), to: window.to.toISOString() },
          removeHref,
        },
      ]
    : [{ key: "range", label: "Time", value: RANGE_LABELS[window.range], removeHref }];
}

/** The time range and server filter every dashboard page keeps in its URL. */
export function windowChips(
  path: string,
  params: ViewParams,
  window: ChipWindow & { servers: readonly string[] },
): FilterChip[] {
  return [...windowChip(path, params, window), ...chipsOf(path, params, "server", "Server", window.servers)];
}

/** A list page's search text (Tools, the silent successes …), `alsoOmit` going with it. */
export function searchChip(
  path: string,
  params: ViewParams,
  q: string | undefined,
  alsoOmit: readonly string[] = [],
): FilterChip[] {
  return q ? chipsOf(path, params, "q", "Search", [q], alsoOmit) : [];
}

/** Filters whose values are fixed words people read (outcomes, categories), not names. */
const CHIP_WORDS: Partial<Record<keyof CallFilters, (value: string) => string>> = {
  outcome: (value) => outcomeWords(value),
  category: categoryWords,
};

/** How each Activity filter reads on its chip, in the order the chips show. */
const CALL_FILTER_LABELS = [
  ["sessionId", "Session"],
  ["agent", "Agent"],
  ["server", "Server"],
  ["tool", "Tool"],
  ["outcome", "Outcome"],
  ["category", "Category"],
  ["errorCode", "Error code"],
  ["method", "Method"],
  ["flag", "Flag"],
  ["route", "Route"],
  ["signature", "Signature"],
] as const satisfies readonly (readonly [keyof CallFilters, string])[];

/** Every filter of an Activity view: the window, each field, the search text. */
export function callFilterChips(
  params: ViewParams,
  query: CallFilters,
  window: ChipWindow,
  path = "/calls",
): FilterChip[] {
  const chips = windowChip(path, params, window);
  for (const [key, label] of CALL_FILTER_LABELS) {
    const value: unknown = query[key];
    const values = Array.isArray(value) ? (value as string[]) : typeof value === "string" ? [value] : [];
    // "found" says the search box chose this filter: it goes with it.
    chips.push(
      ...chipsOf(path, params, key, label, values, params.found === key ? ["found"] : [], CHIP_WORDS[key]),
    );
  }
  if (query.silentFailure !== undefined)
    chips.push(
      ...chipsOf(path, params, "silentFailure", "Silent failure", [query.silentFailure ? "yes" : "no"]).map(
        (chip) => ({ ...chip, removeHref: viewHref(path, params, [...PAGING, "silentFailure"]) }),
      ),
    );
  chips.push(...searchChip(path, params, query.q, ["text"]));
  return chips;
}
