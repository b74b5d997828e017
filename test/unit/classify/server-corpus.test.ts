import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { prepareCalls, type PreparedCall } from "@/lib/ingest/prepare";
import { markRepeats, repeatKey, type PriorCall } from "@/lib/ingest/wasted-retry";
import { argumentsFingerprint } from "@/lib/reporter/fingerprint";

// Scores Faultline on exchanges captured from 14 published MCP servers run here (real servers,
// the real SDK client, through the reporter: test/fixtures/server-corpus/README.md), each with
// a verdict a careful reader wrote before Faultline was run on it. The held-out third was fixed
// (by a hash of the id) before any rule was changed: its figures are the honest ones.
// Calls go through ingest's own preparation (validation, classification) and, in session order,
// through its wasted-retry marking, as they would be stored.

interface Line {
  id: string;
  split: "held-out" | "tuning";
  server: string;
  arguments?: unknown;
  call: Record<string, unknown>;
  expected: {
    outcome: string;
    silentFailure: boolean;
    category: string | null;
    errorCode: string | null;
    retryable: boolean | null;
    empty: boolean;
    partial: boolean;
    wastedRetry: boolean;
  };
}

const lines: Line[] = readFileSync(
  path.join(import.meta.dirname, "../../fixtures/server-corpus/calls.jsonl"),
  "utf8",
)
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as Line);

/** Each line as Faultline stores it: prepared, then marked against the same session's earlier calls. */
function judge(corpus: Line[]): Map<string, PreparedCall> {
  const latest = new Map<string, PriorCall>();
  const judged = new Map<string, PreparedCall>();
  for (const line of corpus) {
    // As the reporter sends it now: with a fingerprint of the arguments (captured before it did).
    const sent = {
      ...line.call,
      argumentsHash: line.call.argumentsHash ?? argumentsFingerprint(line.arguments),
    };
    const { prepared, rejected } = prepareCalls([sent], new Date());
    if (rejected.length > 0) throw new Error(`${line.id} was rejected: ${JSON.stringify(rejected)}`);
    const [stored] = markRepeats(prepared, latest);
    judged.set(line.id, stored!);
    const key = repeatKey(stored!);
    if (key) latest.set(key, stored!);
  }
  return judged;
}

const judged = judge(lines);

interface Score {
  lines: number;
  failures: number;
  precision: number;
  recall: number;
  outcome: number;
  category: number;
  errorCode: number;
  retryable: number;
  empty: number;
  wastedFalseFlags: string[];
  wastedMissed: string[];
  wrong: Record<"outcome" | "category" | "errorCode" | "retryable" | "empty" | "failed", string[]>;
}

const ratio = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);
const failed = (v: { outcome: string; silentFailure: boolean }) => v.outcome !== "ok" || v.silentFailure;

function score(subset: Line[]): Score {
  const wrong: Score["wrong"] = {
    outcome: [],
    category: [],
    errorCode: [],
    retryable: [],
    empty: [],
    failed: [],
  };
  let flagged = 0;
  let caught = 0;
  let withCode = 0;
  const wastedFalseFlags: string[] = [];
  const wastedMissed: string[] = [];
  for (const line of subset) {
    const got = judged.get(line.id)!;
    const expected = line.expected;
    if (failed(got)) flagged++;
    if (failed(got) !== failed(expected))
      wrong.failed.push(`${line.id} (${got.outcome}${got.silentFailure ? ", silent" : ""})`);
    if (got.outcome !== expected.outcome) wrong.outcome.push(`${line.id} (${got.outcome})`);
    if (got.empty !== expected.empty) wrong.empty.push(`${line.id} (${got.empty})`);
    const wasted = got.flags.includes("wasted_retry");
    if (wasted && !expected.wastedRetry) wastedFalseFlags.push(line.id);
    if (!wasted && expected.wastedRetry) wastedMissed.push(line.id);
    if (!failed(expected) || !failed(got)) continue;
    caught++;
    if (got.category !== expected.category)
      wrong.category.push(`${line.id} (${got.category} ≠ ${expected.category})`);
    if (got.retryable !== expected.retryable) wrong.retryable.push(`${line.id} (${got.retryable})`);
    if (expected.errorCode !== null) {
      withCode++;
      if (got.errorCode !== expected.errorCode)
        wrong.errorCode.push(`${line.id} (${got.errorCode} ≠ ${expected.errorCode})`);
    }
  }
  const failures = subset.filter((line) => failed(line.expected)).length;
  return {
    lines: subset.length,
    failures,
    precision: ratio(caught, flagged),
    recall: ratio(caught, failures),
    outcome: ratio(subset.length - wrong.outcome.length, subset.length),
    category: ratio(caught - wrong.category.length, caught),
    errorCode: ratio(withCode - wrong.errorCode.length, withCode),
    retryable: ratio(caught - wrong.retryable.length, caught),
    empty: ratio(subset.length - wrong.empty.length, subset.length),
    wastedFalseFlags,
    wastedMissed,
    wrong,
  };
}

const heldOut = score(lines.filter((line) => line.split === "held-out"));
const heldOutIds = new Set(lines.filter((line) => line.split === "held-out").map((line) => line.id));
const all = score(lines);

/** What the classifier is asked to reach (issue 18), on the held-out third and on all. */
const TARGETS = { category: 0.9, retryable: 0.95, errorCode: 0.9 };
/** What it reaches today: the floor no change may fall below. Raise it when a general rule lifts the score. */
const FLOORS = {
  "held-out": { category: 0.95, retryable: 0.96, errorCode: 1, empty: 1 },
  all: { category: 0.96, retryable: 0.97, errorCode: 1, empty: 1 },
};

/**
 * Verdicts Faultline does not reach, on purpose; each a tuning line. A new miss fails the test, and
 * so does one of these once it is reached (remove it here then).
 */
const KNOWN_DISAGREEMENTS: Record<string, string> = {
  // The demo tool was asked for a sample error and returned "Error: Operation failed" as a success:
  // from the exchange alone it is an error text like any other.
  "ev-008": "flagged silent; the judge's ok rests on knowing what the caller asked for",
  // The failure is a 404 page inside a base64 gzip blob: Faultline does not decompress what a tool returns.
  "ev-018": "judged a silent failure from inside a compressed resource",
};

const percent = (value: number) => `${(100 * value).toFixed(1)}%`;
console.log(
  [
    "Faultline on the server corpus (test/fixtures/server-corpus): 304 calls to 14 published MCP servers",
    "          lines  failures  precision  recall  outcome  category  errorCode  retryable  empty  wasted-retry false flags / missed",
    ...(
      [
        ["held-out", heldOut],
        ["all", all],
      ] as const
    ).map(
      ([name, s]) =>
        `${name.padEnd(9)} ${String(s.lines).padStart(5)}  ${String(s.failures).padStart(8)}  ${percent(s.precision).padStart(9)}  ${percent(s.recall).padStart(6)}  ${percent(s.outcome).padStart(7)}  ${percent(s.category).padStart(8)}  ${percent(s.errorCode).padStart(9)}  ${percent(s.retryable).padStart(9)}  ${percent(s.empty).padStart(5)}  ${s.wastedFalseFlags.length} / ${s.wastedMissed.length}`,
    ),
    ...Object.entries(all.wrong).map(([what, ids]) => `wrong ${what} (all): ${ids.join(", ") || "none"}`),
    `wasted_retry on a call that is not a same-arguments repeat (all): ${all.wastedFalseFlags.join(", ") || "none"}`,
    `wasted_retry missed (all): ${all.wastedMissed.join(", ") || "none"}`,
  ].join("\n"),
);

describe("Faultline on the server corpus", () => {
  it("has the corpus it scores: 150+ calls from 8+ servers, a held-out third", () => {
    expect(lines.length).toBeGreaterThanOrEqual(150);
    expect(new Set(lines.map((line) => line.server)).size).toBeGreaterThanOrEqual(8);
    expect(heldOut.lines).toBeGreaterThanOrEqual(lines.length / 4);
  });

  it.each([
    ["held-out", heldOut],
    ["all", all],
  ] as const)(
    "says whether a call failed as the judge did (but for the known disagreements), and meets the targets, on %s",
    (name, s) => {
      const disagreements = Object.keys(KNOWN_DISAGREEMENTS).filter(
        (id) => name === "all" || heldOutIds.has(id),
      );
      expect(
        s.wrong.failed.map((entry) => entry.split(" ")[0]),
        "failed or not",
      ).toEqual(disagreements);
      const floor = FLOORS[name];
      expect(s.category, `wrong category: ${s.wrong.category.join(", ")}`).toBeGreaterThanOrEqual(
        Math.max(TARGETS.category, floor.category),
      );
      expect(s.retryable, `wrong retryable: ${s.wrong.retryable.join(", ")}`).toBeGreaterThanOrEqual(
        Math.max(TARGETS.retryable, floor.retryable),
      );
      expect(s.errorCode, `wrong errorCode: ${s.wrong.errorCode.join(", ")}`).toBeGreaterThanOrEqual(
        Math.max(TARGETS.errorCode, floor.errorCode),
      );
      expect(s.empty, `wrong empty: ${s.wrong.empty.join(", ")}`).toBeGreaterThanOrEqual(floor.empty);
      expect(s.wastedFalseFlags, "wasted_retry on a call that is not a same-arguments repeat").toEqual([]);
      expect(s.wastedMissed, "wasted_retry missed").toEqual([]);
    },
  );
});
