// Captures the server corpus: starts the sink, the local stand-ins and every MCP server, drives
// them with the real SDK client through Faultline's reporter, and writes
// test/fixtures/server-corpus/calls.jsonl (each captured call object joined with its verdict
// from verdicts.ts).
//
//   npx tsx scripts/server-corpus/capture.ts                  # capture everything again
//   npx tsx scripts/server-corpus/capture.ts --only postgres  # one or more sessions (by label), for a look
//   npx tsx scripts/server-corpus/capture.ts --apply-verdicts # keep the captured calls, re-apply verdicts.ts

import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { HERE, ROOT, runSession, type Captured } from "./harness.js";
import { cleanup, PORTS, SESSIONS } from "./sessions.js";
import { setup } from "./setup.js";
import { startSink } from "./sink.js";
import { startUpstream } from "./upstream.js";
import { VERDICTS, type Verdict } from "./verdicts.js";

const OUT_DIR = path.resolve(HERE, "../../test/fixtures/server-corpus");
const OUT = path.join(OUT_DIR, "calls.jsonl");

/** Fixed before any verdict was written: a third of the ids, by the first byte of their sha256. */
export function splitOf(id: string): "held-out" | "tuning" {
  return crypto.createHash("sha256").update(id).digest()[0]! % 3 === 0 ? "held-out" : "tuning";
}

interface Line {
  id: string;
  split: "held-out" | "tuning";
  server: string;
  transport: "stdio" | "http";
  tool: string;
  arguments: Record<string, unknown>;
  scenario: string;
  call: unknown;
  expected: Verdict["expected"] | null;
  reason: string | null;
}

function withVerdict(line: Omit<Line, "expected" | "reason">): Line {
  const verdict = VERDICTS[line.id];
  return { ...line, expected: verdict?.expected ?? null, reason: verdict?.reason ?? null };
}

function write(lines: Line[]) {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  fs.writeFileSync(OUT, lines.map((line) => JSON.stringify(line)).join("\n") + "\n");
  const missing = lines.filter((line) => !line.expected).map((line) => line.id);
  const unused = Object.keys(VERDICTS).filter((id) => !lines.some((line) => line.id === id));
  console.error(`wrote ${lines.length} lines to ${path.relative(process.cwd(), OUT)}`);
  if (missing.length) console.error(`no verdict yet for ${missing.length}: ${missing.join(", ")}`);
  if (unused.length) console.error(`verdicts for ids not captured: ${unused.join(", ")}`);
}

async function capture(only: string[] | undefined) {
  await setup();
  const sink = await startSink(0);
  const upstream = await startUpstream(PORTS.upstream);
  const captured: Captured[] = [];
  try {
    for (const session of SESSIONS) {
      if (only && !only.includes(session.label)) continue;
      captured.push(...(await runSession(session, sink.url)));
    }
  } finally {
    cleanup();
    await upstream.close();
    await sink.close();
  }
  const lines: Line[] = [];
  const notes: unknown[] = [];
  for (const entry of captured) {
    const call = entry.reportId ? sink.calls.get(entry.reportId) : undefined;
    if (!call) {
      console.error(`  ${entry.step.id}: the sink received no call object, left out`);
      continue;
    }
    lines.push(
      withVerdict({
        id: entry.step.id,
        split: splitOf(entry.step.id),
        server: entry.server,
        transport: entry.transport,
        tool: entry.step.tool,
        arguments: entry.step.args,
        scenario: entry.step.scenario,
        call,
      }),
    );
    notes.push({ id: entry.step.id, hostSaw: entry.hostSaw });
  }
  fs.writeFileSync(
    path.join(ROOT, "host-saw.jsonl"),
    notes.map((note) => JSON.stringify(note)).join("\n") + "\n",
  );
  if (only) {
    // A partial run does not replace the fixture: it is written beside the other logs.
    const file = path.join(ROOT, "partial-calls.jsonl");
    fs.writeFileSync(file, lines.map((line) => JSON.stringify(line)).join("\n") + "\n");
    console.error(`partial capture: ${lines.length} lines in ${file}`);
    return;
  }
  write(lines);
}

function applyVerdicts() {
  const lines = fs
    .readFileSync(OUT, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((text) => JSON.parse(text) as Line);
  write(
    lines.map(({ expected: _expected, reason: _reason, ...line }) =>
      withVerdict({ ...line, split: splitOf(line.id) }),
    ),
  );
}

const argv = process.argv.slice(2);
if (argv.includes("--apply-verdicts")) applyVerdicts();
else {
  const at = argv.indexOf("--only");
  await capture(at >= 0 ? (argv[at + 1] ?? "").split(",") : undefined);
}
// Children and sockets are closed; anything the SDK left behind must not keep the run alive.
process.exit(0);
