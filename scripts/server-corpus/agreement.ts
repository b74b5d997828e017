// How far two careful judges agree on the same calls: the ceiling any classifier can be measured
// against. A second judge wrote verdicts for round VIII's 354 calls, round IX's 270, round X's 287,
// round XI's 230, round XII's 232, round XIV's 304 and round XV's 302 from the wire alone, without the first judge's verdicts or Faultline's
// (test/fixtures/server-corpus/second-judge/).
// This prints, for each round, by the same metrics the corpus test uses (macro over servers, and micro
// counts): the second judge against the first, Faultline against the first, and Faultline against the
// second.
//
//   npx tsx scripts/server-corpus/agreement.ts

import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { JUDGED, LINES, type Expected } from "../../test/unit/classify/server-scores";

type Verdict = Pick<Expected, "outcome" | "silentFailure" | "category" | "errorCode" | "retryable" | "empty">;

const HERE = path.dirname(fileURLToPath(import.meta.url));
const secondJudge = (file: string) =>
  JSON.parse(
    readFileSync(path.join(HERE, "../../test/fixtures/server-corpus/second-judge", file), "utf8"),
  ) as Record<string, Verdict>;
const ROUNDS = [
  { round: "VIII", second: secondJudge("r8.json") },
  { round: "IX", second: secondJudge("r9.json") },
  { round: "X", second: secondJudge("r10.json") },
  { round: "XI", second: secondJudge("r11.json") },
  { round: "XII", second: secondJudge("r12.json") },
  { round: "XIV", second: secondJudge("r14.json") },
  { round: "XV", second: secondJudge("r15.json") },
  { round: "XVI", second: secondJudge("r16.json") },
  { round: "XVII", second: secondJudge("r17.json") },
  { round: "XVIII", second: secondJudge("r18.json") },
  { round: "XIX", second: secondJudge("r19.json") },
  { round: "XX", second: secondJudge("r20.json") },
  { round: "XXI", second: secondJudge("r21.json") },
  { round: "XXII", second: secondJudge("r22.json") },
  { round: "XXIII", second: secondJudge("r23.json") },
  { round: "XXIV", second: secondJudge("r24.json") },
  { round: "XXV", second: secondJudge("r25.json") },
  { round: "XXVI", second: secondJudge("r26.json") },
  { round: "XXVII", second: secondJudge("r27.json") },
  { round: "XXVIII", second: secondJudge("r28.json") },
  { round: "XXIX", second: secondJudge("r29.json") },
  { round: "XXX", second: secondJudge("r30.json") },
  { round: "XXXI", second: secondJudge("r31.json") },
  { round: "XXXII", second: secondJudge("r32.json") },
  { round: "XXXIII", second: secondJudge("r33.json") },
  { round: "XXXIV", second: secondJudge("r34.json") },
  { round: "XXXV", second: secondJudge("r35.json") },
  { round: "XXXVI", second: secondJudge("r36.json") },
  { round: "XXXVII", second: secondJudge("r37.json") },
  { round: "XXXVIII", second: secondJudge("r38.json") },
  { round: "XXXIX", second: secondJudge("r39.json") },
  { round: "XL", second: secondJudge("r40.json") },
  { round: "XLI", second: secondJudge("r41.json") },
  { round: "XLII", second: secondJudge("r42.json") },
  { round: "XLIII", second: secondJudge("r43.json") },
  { round: "XLIV", second: secondJudge("r44.json") },
] as const;
const METRICS = ["precision", "recall", "category", "retryable", "errorCode", "empty"] as const;
const failed = (v: Verdict) => v.outcome !== "ok" || v.silentFailure;

/** Agreement of `got` with `truth`, counted as the corpus test counts a classifier against its judge. */
function counts(pairs: [truth: Verdict, got: Verdict][]) {
  const c = Object.fromEntries(METRICS.map((m) => [m, [0, 0]])) as Record<(typeof METRICS)[number], number[]>;
  for (const [truth, got] of pairs) {
    if (failed(got)) c.precision = [c.precision[0]! + (failed(truth) ? 1 : 0), c.precision[1]! + 1];
    if (failed(truth)) c.recall = [c.recall[0]! + (failed(got) ? 1 : 0), c.recall[1]! + 1];
    c.empty = [c.empty[0]! + (truth.empty === got.empty ? 1 : 0), c.empty[1]! + 1];
    if (!failed(truth) || !failed(got)) continue;
    c.category = [c.category[0]! + (truth.category === got.category ? 1 : 0), c.category[1]! + 1];
    c.retryable = [c.retryable[0]! + (truth.retryable === got.retryable ? 1 : 0), c.retryable[1]! + 1];
    if (truth.errorCode !== null)
      c.errorCode = [c.errorCode[0]! + (truth.errorCode === got.errorCode ? 1 : 0), c.errorCode[1]! + 1];
  }
  return c;
}

const faultline = (key: string) => JUDGED.get(key)! as unknown as Verdict;

for (const { round, second } of ROUNDS) {
  // Keyed by id, or by group and id where two groups of a round used the same ids (round XLI on).
  const verdict = (line: (typeof LINES)[number]) => second[line.key] ?? second[line.id];
  const lines = LINES.filter((line) => line.round === round && verdict(line));
  const servers = [...new Set(lines.map((line) => line.server))];
  const report = (name: string, pair: (line: (typeof lines)[number]) => [Verdict, Verdict]) => {
    const per = servers.map((server) => counts(lines.filter((line) => line.server === server).map(pair)));
    const all = counts(lines.map(pair));
    const cells = METRICS.map((metric) => {
      const applying = per.filter((c) => c[metric][1]! > 0);
      const macro = applying.reduce((sum, c) => sum + c[metric][0]! / c[metric][1]!, 0) / applying.length;
      return `${metric} ${macro.toFixed(3)} (${all[metric][0]}/${all[metric][1]})`;
    });
    console.log(`${name}\n  ${cells.join("\n  ")}`);
  };
  console.log(`\nround ${round}: ${lines.length} calls, ${servers.length} servers, judged twice`);
  report("second judge against the first", (line) => [line.expected, verdict(line)!]);
  report("Faultline against the first judge", (line) => [line.expected, faultline(line.key)]);
  report("Faultline against the second judge", (line) => [verdict(line)!, faultline(line.key)]);
}
