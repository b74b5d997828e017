import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { classify, SILENT_FAILURE_FLAGS, type Classification } from "../../lib/classify/index.ts";
import { JUDGED, LINES } from "../../test/unit/classify/server-scores.ts";

// How often each silent-failure rule and each category verdict fires on the whole corpus
// (successes included), and how often it is right: the text corpus (whole texts real servers
// returned as successes, test/fixtures/corpus) and the server corpus (whole calls,
// test/fixtures/server-corpus). A silent-failure rule under PRECISION_BAR may not mark a success
// as failed (test/unit/classify/rule-precision.test.ts holds the classifier to it).

export const PRECISION_BAR = 0.98;
/** Below this many fires a rule's precision is not yet measured: three fires say little either way. */
export const MIN_FIRES = 10;

const HERE = path.dirname(fileURLToPath(import.meta.url));

interface Judged {
  got: Pick<Classification, "outcome" | "silentFailure" | "category" | "empty" | "flags">;
  expected: { failed: boolean; category: string | null; empty: boolean | undefined };
}

interface TextLine {
  id: string;
  tool: string | null;
  server: string | null;
  text: string;
  asReturned?: string;
  expected: { silentFailure: boolean; category: string | null };
}

function textCorpus(): Judged[] {
  const file = path.join(HERE, "../../test/fixtures/corpus/corpus.jsonl");
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as TextLine)
    .map((line) => ({
      got: classify({
        method: "tools/call",
        server: line.server ?? "corpus",
        tool: line.tool,
        httpStatus: 200,
        response: { jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: line.text }] } },
      }),
      expected: { failed: line.expected.silentFailure, category: line.expected.category, empty: undefined },
    }));
}

function serverCorpus(): Judged[] {
  return LINES.map((line) => ({
    got: JUDGED.get(line.key)!,
    expected: {
      failed: line.expected.outcome !== "ok" || line.expected.silentFailure,
      category: line.expected.category,
      empty: line.expected.empty,
    },
  }));
}

export interface RuleRow {
  rule: string;
  fires: number;
  right: number;
}

const failedGot = (got: Judged["got"]) => got.outcome !== "ok" || got.silentFailure;

/** Every rule's figures on both corpora together. */
export function ruleRows(): RuleRow[] {
  const judged = [...textCorpus(), ...serverCorpus()];
  const rows: RuleRow[] = [];
  for (const flag of SILENT_FAILURE_FLAGS) {
    const fired = judged.filter((item) => item.got.silentFailure && item.got.flags.includes(flag));
    rows.push({
      rule: `silent: ${flag}`,
      fires: fired.length,
      right: fired.filter((item) => item.expected.failed).length,
    });
  }
  const emptied = judged.filter((item) => item.got.empty && item.expected.empty !== undefined);
  rows.push({
    rule: "empty",
    fires: emptied.length,
    right: emptied.filter((item) => item.expected.empty).length,
  });
  const categories = [
    ...new Set(judged.flatMap((item) => (item.got.category ? [item.got.category] : []))),
  ].sort();
  for (const category of categories) {
    // A category verdict is scored where both Faultline and the judge say the call failed.
    const fired = judged.filter(
      (item) => item.got.category === category && failedGot(item.got) && item.expected.failed,
    );
    rows.push({
      rule: `category: ${category}`,
      fires: fired.length,
      right: fired.filter((item) => item.expected.category === category).length,
    });
  }
  return rows;
}

/** The markdown table docs/OUTCOMES.md carries between its rule-precision markers. */
export function renderTable(rows: RuleRow[] = ruleRows()): string {
  const lines = [
    "| rule | fires | right | precision |",
    "| --- | ---: | ---: | ---: |",
    ...rows.map(
      (row) =>
        `| ${row.rule} | ${row.fires} | ${row.right} | ${row.fires === 0 ? "—" : (row.right / row.fires).toFixed(3)}${row.fires > 0 && row.fires < MIN_FIRES ? " (too few fires to judge)" : ""} |`,
    ),
  ];
  return lines.join("\n");
}

export const DOC = path.join(HERE, "../../docs/OUTCOMES.md");
export const START = "<!-- rule-precision:start (scripts/rule-precision/write.ts writes this table) -->";
export const END = "<!-- rule-precision:end -->";

/** A markdown table without its alignment padding (prettier pads the columns of the one in the docs). */
export function unpadded(table: string): string {
  return table
    .trim()
    .split("\n")
    .map((line) => line.replace(/[ \t]*\|[ \t]*/g, "|").replace(/-{3,}(:?)/g, "---$1"))
    .join("\n");
}

/** The table docs/OUTCOMES.md shows now. */
export function documentedTable(): string {
  const doc = readFileSync(DOC, "utf8");
  const from = doc.indexOf(START);
  const to = doc.indexOf(END);
  if (from < 0 || to < from) return "";
  return doc.slice(from + START.length, to).trim();
}
