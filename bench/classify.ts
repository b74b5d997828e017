// npx tsx bench/classify.ts — the classifier's cost per call, on real payloads: every call of the
// server corpus and every text of the text corpus (test/fixtures), classified ROUNDS times. The
// baseline in the same run is a JSON round trip of the same reports (what merely touching a payload
// costs); the ratio is what to compare across commits on one machine, the µs what to budget.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { classify, type CallReport } from "../lib/classify";

const ROUNDS = Number(process.env.ROUNDS ?? 20);
const FIXTURES = path.join(import.meta.dirname, "../test/fixtures");

function jsonl(file: string): Record<string, unknown>[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const serverDir = path.join(FIXTURES, "server-corpus");
const serverCalls = [
  ...jsonl(path.join(serverDir, "calls.jsonl")),
  ...readdirSync(path.join(serverDir, "groups"))
    .filter((file) => file.endsWith(".jsonl"))
    .flatMap((file) => jsonl(path.join(serverDir, "groups", file))),
].map((line) => line.call as CallReport);
const texts = jsonl(path.join(FIXTURES, "corpus/corpus.jsonl")).map((line): CallReport => ({
  method: "tools/call",
  server: String(line.server ?? "corpus"),
  tool: (line.tool as string | null) ?? null,
  httpStatus: 200,
  response: { jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: line.text }] } },
}));

function time(label: string, reports: CallReport[], work: (report: CallReport) => unknown): number {
  for (const report of reports) work(report); // warm up
  const started = process.hrtime.bigint();
  for (let round = 0; round < ROUNDS; round++) for (const report of reports) work(report);
  const micros = Number(process.hrtime.bigint() - started) / 1000 / (ROUNDS * reports.length);
  console.log(`${label.padEnd(44)} ${micros.toFixed(1).padStart(7)} µs/call`);
  return micros;
}

for (const [name, reports] of [
  ["server corpus", serverCalls],
  ["text corpus", texts],
] as const) {
  const baseline = time(`${name} (${reports.length}): JSON round trip`, reports, (report) =>
    JSON.parse(JSON.stringify(report)),
  );
  const classified = time(`${name} (${reports.length}): classify`, reports, (report) => classify(report));
  console.log(`${name}: classify / JSON round trip = ${(classified / baseline).toFixed(2)}×`);
}
