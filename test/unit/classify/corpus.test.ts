import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { classify, type Category, type Classification } from "@/lib/classify";
import { textResult } from "./helpers";

// Scores the classifier on texts that real MCP servers returned (test/fixtures/corpus/README.md),
// each as the whole text of a result that claimed success. The held-out third was never looked
// at while the rules were tuned: its scores are the honest ones.

interface CorpusLine {
  id: string;
  split: "held-out" | "tuning";
  /** How the server returned it: "isError" lines were failures it reported, read as such below too. */
  asReturned?: "success" | "isError" | "unknown";
  tool: string | null;
  server: string | null;
  text: string;
  expected: { silentFailure: boolean; category: Category | null; errorCode: string | null };
}

/** What the classifier is asked to reach (issue 10). */
const TARGETS = { precision: 0.98, recall: 0.95, categoryAgreement: 0.85 };
/**
 * What it reaches today, the floor no change may fall below. Recall and category agreement on
 * the held-out third are short of the targets: the rules fit the tuning lines (recall 98 %)
 * better than lines they never saw. Raise a floor when a general rule lifts the score.
 */
const FLOORS = {
  "held-out": { precision: 1, recall: 0.7, categoryAgreement: 0.71 },
  all: { precision: 1, recall: 0.9, categoryAgreement: 0.9 },
};

const corpus: CorpusLine[] = readFileSync(
  path.join(import.meta.dirname, "../../fixtures/corpus/corpus.jsonl"),
  "utf8",
)
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as CorpusLine);

function classifyLine(line: CorpusLine): Classification {
  return classify({
    method: "tools/call",
    server: line.server ?? "corpus",
    tool: line.tool,
    httpStatus: 200,
    response: textResult(line.text, { isError: false }),
  });
}

interface Score {
  lines: number;
  silent: number;
  precision: number;
  recall: number;
  categoryAgreement: number;
  errorCodeAgreement: number;
  falseAlarms: string[];
  missed: string[];
  wrongCategory: string[];
  wrongErrorCode: string[];
}

const ratio = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);

function score(lines: CorpusLine[]): Score {
  let flagged = 0;
  let caught = 0;
  let withCode = 0;
  let codeAgrees = 0;
  const falseAlarms: string[] = [];
  const missed: string[] = [];
  const wrongCategory: string[] = [];
  const wrongErrorCode: string[] = [];
  for (const line of lines) {
    const got = classifyLine(line);
    if (got.silentFailure) flagged++;
    if (!line.expected.silentFailure) {
      if (got.silentFailure) falseAlarms.push(line.id);
      continue;
    }
    if (!got.silentFailure) {
      missed.push(line.id);
      continue;
    }
    caught++;
    if (got.category !== line.expected.category) wrongCategory.push(`${line.id} (${got.category})`);
    if (line.expected.errorCode) {
      withCode++;
      if (got.errorCode === line.expected.errorCode) codeAgrees++;
      else wrongErrorCode.push(`${line.id} (${got.errorCode})`);
    }
  }
  const silent = lines.filter((line) => line.expected.silentFailure).length;
  return {
    lines: lines.length,
    silent,
    precision: ratio(caught, flagged),
    recall: ratio(caught, silent),
    categoryAgreement: ratio(caught - wrongCategory.length, caught),
    errorCodeAgreement: ratio(codeAgrees, withCode),
    falseAlarms,
    missed,
    wrongCategory,
    wrongErrorCode,
  };
}

const heldOut = score(corpus.filter((line) => line.split === "held-out"));
const all = score(corpus);

const percent = (value: number) => `${(100 * value).toFixed(1)}%`.padStart(7);
console.log(
  [
    "Classifier on the corpus (test/fixtures/corpus): silent failures in successful results",
    "           lines  silent  precision  recall  category  errorCode",
    ...(
      [
        ["held-out", heldOut],
        ["all", all],
      ] as const
    ).map(
      ([name, s]) =>
        `${name.padEnd(9)} ${String(s.lines).padStart(6)}  ${String(s.silent).padStart(6)}  ${percent(s.precision).padStart(9)}  ${percent(s.recall).padStart(6)}  ${percent(s.categoryAgreement).padStart(8)}  ${percent(s.errorCodeAgreement).padStart(9)}`,
    ),
    `missed (all): ${all.missed.join(", ") || "none"}`,
    `false alarms (all): ${all.falseAlarms.join(", ") || "none"}`,
    ...(
      [
        ["held-out", heldOut],
        ["all", all],
      ] as const
    ).map(([name, s]) => {
      const verdict = (key: keyof typeof TARGETS) =>
        `${key} ${s[key] >= TARGETS[key] ? "met" : "MISSED"} (target ${percent(TARGETS[key]).trim()})`;
      return `targets on ${name}: ${verdict("precision")}, ${verdict("recall")}, ${verdict("categoryAgreement")}`;
    }),
  ].join("\n"),
);

/**
 * The lines their servers returned with isError: true, classified as they came. A server that
 * follows the specification must be read at least as well as one that forgets isError.
 */
function scoreAsReturned(lines: CorpusLine[]): {
  lines: number;
  category: number;
  errorCode: number;
  wrong: string[];
} {
  let agreeing = 0;
  let withCode = 0;
  let codes = 0;
  const wrong: string[] = [];
  for (const line of lines) {
    const got = classify({
      method: "tools/call",
      server: line.server ?? "corpus",
      tool: line.tool,
      httpStatus: 200,
      response: textResult(line.text, { isError: true }),
    });
    if (got.category === line.expected.category) agreeing++;
    else wrong.push(`${line.id} (${got.category})`);
    if (line.expected.errorCode) {
      withCode++;
      if (got.errorCode === line.expected.errorCode) codes++;
    }
  }
  return {
    lines: lines.length,
    category: ratio(agreeing, lines.length),
    errorCode: ratio(codes, withCode),
    wrong,
  };
}

const asReturned = scoreAsReturned(corpus.filter((line) => line.asReturned === "isError"));
console.log(
  `as returned with isError (${asReturned.lines} lines): category ${percent(asReturned.category).trim()}, errorCode ${percent(asReturned.errorCode).trim()}; wrong category: ${asReturned.wrong.join(", ") || "none"}`,
);

describe("classifier on the corpus of real texts", () => {
  it("reads a text returned with isError as well as the same text returned as a success", () => {
    // Before one reader served both (issue 18): category 21 of 40, errorCode 9 of 21.
    expect(asReturned.category, asReturned.wrong.join(", ")).toBeGreaterThanOrEqual(0.875);
    expect(asReturned.errorCode).toBeGreaterThanOrEqual(0.85);
  });

  it("has the corpus it scores", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(150);
    expect(heldOut.lines).toBeGreaterThanOrEqual(corpus.length / 4);
  });

  it.each([
    ["held-out", heldOut],
    ["all", all],
  ] as const)(
    "meets the precision target and stays at or above today's recall and categories on %s",
    (name, s) => {
      expect(s.precision, `false alarms: ${s.falseAlarms.join(", ")}`).toBeGreaterThanOrEqual(
        TARGETS.precision,
      );
      expect(s.precision).toBeGreaterThanOrEqual(FLOORS[name].precision);
      expect(s.recall, `missed: ${s.missed.join(", ")}`).toBeGreaterThanOrEqual(FLOORS[name].recall);
      expect(s.categoryAgreement, `wrong category: ${s.wrongCategory.join(", ")}`).toBeGreaterThanOrEqual(
        FLOORS[name].categoryAgreement,
      );
    },
  );
});
