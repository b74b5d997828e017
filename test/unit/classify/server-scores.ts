import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { prepareCalls, type PreparedCall } from "@/lib/ingest/prepare";
import { markRepeats, repeatKey, type PriorCall } from "@/lib/ingest/wasted-retry";
import { argumentsFingerprint } from "@/lib/reporter/fingerprint";

// The server corpus (test/fixtures/server-corpus): real calls to published MCP servers with
// verdicts written from the wire, scored by server. Round III (calls.jsonl, 14 servers) was tuned
// on, all of it. Round IV (groups/*.jsonl) added servers of other kinds; before any rule was
// changed for them, a third of all servers — taken from round IV only, by the order of the sha256
// of their package names — was held out, and their calls were not read while rules were written.

/** Round III is calls.jsonl; a group file of a later round starts with "r5-" … "r11-"; any other is round IV. */
export const ROUND_ORDER = [
  "III",
  "IV",
  "V",
  "VI",
  "VII",
  "VIII",
  "IX",
  "X",
  "XI",
  "XII",
  "XIII",
  "XIV",
  "XV",
  "XVI",
  "XVII",
  "XVIII",
  "XIX",
  "XX",
  "XXI",
  "XXII",
  "XXIII",
  "XXIV",
  "XXV",
  "XXVI",
  "XXVII",
  "XXVIII",
  "XXIX",
  "XXX",
  "XXXI",
  "XXXII",
  "XXXIII",
  "XXXIV",
  "XXXV",
  "XXXVI",
  "XXXVII",
  "XXXVIII",
  "XXXIX",
  "XL",
  "XLI",
  "XLII",
  "XLIII",
  "XLIV",
] as const;
export type Round = (typeof ROUND_ORDER)[number];

const PREFIXED: Record<string, Round> = {
  "r5-": "V",
  "r6-": "VI",
  "r7-": "VII",
  "r8-": "VIII",
  "r9-": "IX",
  "r10-": "X",
  "r11-": "XI",
  "r12-": "XII",
  "r13-": "XIII",
  "r14-": "XIV",
  "r15-": "XV",
  "r16-": "XVI",
  "r17-": "XVII",
  "r18-": "XVIII",
  "r19-": "XIX",
  "r20-": "XX",
  "r21-": "XXI",
  "r22-": "XXII",
  "r23-": "XXIII",
  "r24-": "XXIV",
  "r25-": "XXV",
  "r26-": "XXVI",
  "r27-": "XXVII",
  "r28-": "XXVIII",
  "r29-": "XXIX",
  "r30-": "XXX",
  "r31-": "XXXI",
  "r32-": "XXXII",
  "r33-": "XXXIII",
  "r34-": "XXXIV",
  "r35-": "XXXV",
  "r36-": "XXXVI",
  "r37-": "XXXVII",
  "r38-": "XXXVIII",
  "r39-": "XXXIX",
  "r40-": "XL",
  "r41-": "XLI",
  "r42-": "XLII",
  "r43-": "XLIII",
  "r44-": "XLIV",
};

function roundOf(file: string): Round {
  return PREFIXED[/^r\d+-/.exec(file)?.[0] ?? ""] ?? "IV";
}

export interface Expected {
  outcome: string;
  silentFailure: boolean;
  category: string | null;
  errorCode: string | null;
  retryable: boolean | null;
  empty: boolean;
  partial: boolean;
  wastedRetry: boolean;
}

export interface Line {
  id: string;
  /** Unique across the corpus: ids are unique within a round's group only ("pdf-001" in two groups). */
  key: string;
  group?: string;
  server: string;
  /** Round III's split by call (kept for its own floors); round IV lines have none. */
  split?: "held-out" | "tuning";
  round: Round;
  arguments?: unknown;
  call: Record<string, unknown>;
  expected: Expected;
}

const DIR = path.join(import.meta.dirname, "../../fixtures/server-corpus");

function readLines(file: string, round: Round): Line[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((text) => {
      const parsed = JSON.parse(text) as Omit<Line, "round" | "key">;
      const line = { ...parsed, round, key: `${parsed.group ?? "III"}/${parsed.id}` };
      if (!line.expected) throw new Error(`${path.basename(file)}: ${line.id} has no verdict`);
      return line;
    });
}

/** CORPUS_ROUNDS=III,IV scores only those rounds (a round still being captured stays out). */
const ROUNDS = new Set((process.env.CORPUS_ROUNDS ?? ROUND_ORDER.join(",")).split(","));

export const LINES: Line[] = [
  ...(ROUNDS.has("III") ? readLines(path.join(DIR, "calls.jsonl"), "III") : []),
  ...readdirSync(path.join(DIR, "groups"))
    .filter((file) => file.endsWith(".jsonl"))
    .sort()
    .map((file) => [file, roundOf(file)] as const)
    .filter(([, round]) => ROUNDS.has(round))
    .flatMap(([file, round]) => readLines(path.join(DIR, "groups", file), round)),
];

export const SERVERS = [...new Set(LINES.map((line) => line.server))];

/**
 * The held-out servers: ceil(all servers / 3) of the newest round's, the first by sha256 of the
 * package name. Fixed by this rule before any call of that round was read.
 */
export function heldOutServers(lines: readonly Line[]): Set<string> {
  const all = [...new Set(lines.map((line) => line.server))];
  const newest = [...ROUND_ORDER].reverse().find((round) => lines.some((line) => line.round === round));
  const newer = [...new Set(lines.filter((line) => line.round === newest).map((line) => line.server))];
  const hash = (name: string) => createHash("sha256").update(name).digest("hex");
  return new Set(newer.sort((a, b) => hash(a).localeCompare(hash(b))).slice(0, Math.ceil(all.length / 3)));
}

export const HELD_OUT = heldOutServers(LINES);

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
    const { prepared, rejected } = prepareCalls([sent], new Date(String(line.call.occurredAt ?? Date.now())));
    if (rejected.length > 0) throw new Error(`${line.key} was rejected: ${JSON.stringify(rejected)}`);
    const [stored] = markRepeats(prepared, latest);
    if (judged.has(line.key)) throw new Error(`${line.key} appears twice in the corpus`);
    judged.set(line.key, stored!);
    const key = repeatKey(stored!);
    if (key) latest.set(key, stored!);
  }
  return judged;
}

export const JUDGED = judge(LINES);

export const METRICS = ["precision", "recall", "category", "retryable", "errorCode", "empty"] as const;
export type Metric = (typeof METRICS)[number];

export interface Score {
  lines: number;
  failures: number;
  /** Each metric as [right, of]; `of` 0 means the metric does not apply to these lines. */
  counts: Record<Metric, [number, number]>;
  wrong: Record<"failed" | "outcome" | "category" | "errorCode" | "retryable" | "empty", string[]>;
  wastedFalseFlags: string[];
  wastedMissed: string[];
}

const failed = (v: { outcome: string; silentFailure: boolean }) => v.outcome !== "ok" || v.silentFailure;

export function score(subset: Line[]): Score {
  const wrong: Score["wrong"] = {
    failed: [],
    outcome: [],
    category: [],
    errorCode: [],
    retryable: [],
    empty: [],
  };
  let flagged = 0;
  let caught = 0;
  let withCode = 0;
  const wastedFalseFlags: string[] = [];
  const wastedMissed: string[] = [];
  for (const line of subset) {
    const got = JUDGED.get(line.key)!;
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
    counts: {
      precision: [caught, flagged],
      recall: [caught, failures],
      category: [caught - wrong.category.length, caught],
      retryable: [caught - wrong.retryable.length, caught],
      errorCode: [withCode - wrong.errorCode.length, withCode],
      empty: [subset.length - wrong.empty.length, subset.length],
    },
    wrong,
    wastedFalseFlags,
    wastedMissed,
  };
}

/** A metric over the lines themselves (micro); 1 when it does not apply. */
export function micro(s: Score, metric: Metric): number {
  const [right, of] = s.counts[metric];
  return of === 0 ? 1 : right / of;
}

/** A metric averaged over servers, each counted once (macro), over the servers it applies to. */
export function macro(scores: Score[], metric: Metric): number {
  const applying = scores.filter((s) => s.counts[metric][1] > 0);
  if (applying.length === 0) return 1;
  return applying.reduce((sum, s) => sum + micro(s, metric), 0) / applying.length;
}

export const BY_SERVER = new Map(
  SERVERS.map((server) => [server, score(LINES.filter((line) => line.server === server))]),
);
