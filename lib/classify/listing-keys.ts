import { snakeCase } from "./names";

// What the members beside a listing's answer say about it, by their names: the window it was asked
// over, and which of its counts counts what matched.

/** The window a listing was asked over ("timeframe": [1765022400, 1765065600], Mux's): what was asked, not found. */
export function echoesWindow(key: string, value: readonly unknown[]): boolean {
  return (
    /^(?:time_?frame|time_?range|date_?range|time_?window|window|period|interval|between)$/i.test(key) &&
    value.length <= 2 &&
    value.every((item) => typeof item === "number" || typeof item === "string")
  );
}

/**
 * A count of what matched ("totalMatches", "match_count", "hits"), as against one of the whole that was
 * searched ({"totalViolations": 18, "totalMatches": 0, "violations": []}: a filter over a results file).
 */
export function countsMatches(key: string): boolean {
  return /(?:^|_)(?:match|matches|matched|hit|hits|found)(?:_|$)/.test(snakeCase(key));
}
