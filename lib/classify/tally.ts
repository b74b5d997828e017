import { scanWindow } from "./text";

// A batch tool's own tally of what it did: "Processed 1 records:\n- Successful: 0\n- Failed: 1",
// "0 succeeded, 3 failed". When nothing succeeded and something failed, the call did none of its
// work, however it is worded ("INSERT operation completed"): a silent failure. Only the words a
// tool uses for its own items count — "passed" and "errors" are what a test runner or a linter
// reports about the code it checked, which is its data.

// Also as a bulk API counts them in JSON: {"successCount": 0, "failCount": 2} (Iterable's), "failed_count".
const SUCCEEDED =
  /\b(?:successful|succeeded|successes|success)(?:_?count)?\b["']?[ \t]*[:=][ \t]*(\d{1,9})\b|\b(\d{1,9})[ \t]+(?:succeeded|successful)\b/gi;
const FAILED =
  /\b(?:failed|fail(?:ed|ure)?_?count)\b["']?[ \t]*[:=][ \t]*(\d{1,9})\b|\b(\d{1,9})[ \t]+failed\b/gi;

function counts(pattern: RegExp, scan: string): number[] {
  return [...scan.matchAll(pattern)].map((match) => Number(match[1] ?? match[2]));
}

/** A tally in which no success was counted and at least one failure was. */
function noneSucceeded(succeeded: number[], failed: number[]): boolean {
  return succeeded.length > 0 && succeeded.every((n) => n === 0) && failed.some((n) => n > 0);
}

/** A markdown table with its header and no row. */
const HEADER_ONLY_TABLE = /^\|[^\n]{1,400}\|[ \t]*\r?\n\|[ \t:|-]{3,400}\|[ \t]*(?:\r?\n(?!\|)|(?![^]))/m;

/** A line that says items could not be done: "⚠️ Could not check some TLDs: … All sources failed." */
const ITEMS_FAILED =
  /^[^\n]{0,40}\b(?:could not|couldn't|unable to|failed to) \w+|\ball (?:sources|providers|backends|upstreams|mirrors|endpoints|registries|attempts) failed\b/im;

/** The tool's tally says every item failed: no success counted, at least one failure. */
export function everyItemFailed(text: string): boolean {
  const scan = scanWindow(text);
  return noneSucceeded(counts(SUCCEEDED, scan), counts(FAILED, scan));
}

/**
 * The tool's table lists nothing and its notes say what could not be done: nothing was found because the
 * lookups failed — the tool's own notes, below its own table, whatever data it searches.
 */
export function emptyTableOfFailures(text: string): boolean {
  const scan = scanWindow(text);
  const table = HEADER_ONLY_TABLE.exec(scan);
  return table !== null && ITEMS_FAILED.test(scan.slice(table.index + table[0].length));
}

const SUCCESS_KEY = /^(?:success(?:ful)?|succeeded|successes|applied)(?:_?count)?$/i;
const FAILURE_KEY = /^(?:failed|fail(?:ed|ure)?_?count|failures?_?count)$/i;

/** The same tally as a bulk API's JSON answer: {"successCount": 0, "failCount": 2, "failedUpdates": {…}}. */
export function everyItemFailedIn(document: unknown): boolean {
  if (typeof document !== "object" || document === null || Array.isArray(document)) return false;
  const entries = Object.entries(document);
  const counted = (key: RegExp) =>
    entries.filter(([name, value]) => key.test(name) && typeof value === "number").map(([, value]) => value);
  return noneSucceeded(counted(SUCCESS_KEY), counted(FAILURE_KEY));
}
