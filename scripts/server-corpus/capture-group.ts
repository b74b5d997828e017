// Captures one group of servers added to the server corpus in its fourth round
// (scripts/server-corpus/groups/<group>/): starts the sink and the group's stand-ins, runs its
// sessions through the same harness as capture.ts, and writes
// test/fixtures/server-corpus/groups/<group>.jsonl (each captured call object joined with the
// group's verdicts). Each group keeps its own package.json, so its servers install apart.
//
//   (cd scripts/server-corpus/groups/<group> && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts <group>            # capture the group again
//   npx tsx scripts/server-corpus/capture-group.ts <group> --only x,y # some sessions, to /tmp only
//   npx tsx scripts/server-corpus/capture-group.ts <group> --apply-verdicts

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { HERE, LOGS, ROOT, runSession, type Captured, type SessionSpec } from "./harness.js";
import { startSink } from "./sink.js";
import type { Verdict } from "./verdicts.js";

/** What a group's `index.ts` exports. */
export interface Group {
  SESSIONS: SessionSpec[];
  /** Starts what the group's servers need (stand-ins, data); returns how to stop it. */
  prepare?: () => Promise<() => Promise<void>>;
  /** The verdicts, by step id, written from the captured exchanges (never by running Faultline). */
  VERDICTS: Record<string, Verdict>;
  /** Each server package the group runs, with its version. */
  PACKAGES: Record<string, string>;
}

interface Line {
  id: string;
  group: string;
  server: string;
  version: string;
  transport: "stdio" | "http";
  tool: string;
  arguments: Record<string, unknown>;
  scenario: string;
  call: unknown;
  expected: Verdict["expected"] | null;
  reason: string | null;
}

const argv = process.argv.slice(2);
const name = argv[0];
if (!name || name.startsWith("-"))
  throw new Error("usage: capture-group.ts <group> [--only a,b] [--apply-verdicts]");
const group = (await import(pathToFileURL(path.join(HERE, "groups", name, "index.ts")).href)) as Group;
const OUT = path.resolve(HERE, "../../test/fixtures/server-corpus/groups", `${name}.jsonl`);

function withVerdict(line: Omit<Line, "expected" | "reason">): Line {
  const verdict = group.VERDICTS[line.id];
  return { ...line, expected: verdict?.expected ?? null, reason: verdict?.reason ?? null };
}

function write(file: string, lines: Line[]) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, lines.map((line) => JSON.stringify(line)).join("\n") + "\n");
  const missing = lines.filter((line) => !line.expected).map((line) => line.id);
  const unused = Object.keys(group.VERDICTS).filter((id) => !lines.some((line) => line.id === id));
  console.error(`wrote ${lines.length} lines to ${path.relative(process.cwd(), file)}`);
  if (missing.length) console.error(`no verdict yet for ${missing.length}: ${missing.join(", ")}`);
  if (unused.length) console.error(`verdicts for ids not captured: ${unused.join(", ")}`);
}

async function capture(only: string[] | undefined) {
  fs.mkdirSync(path.join(ROOT, "home"), { recursive: true });
  fs.mkdirSync(LOGS, { recursive: true });
  const stop = (await group.prepare?.()) ?? (async () => {});
  const sink = await startSink(0);
  const captured: Captured[] = [];
  try {
    for (const session of group.SESSIONS) {
      if (only && !only.includes(session.label)) continue;
      captured.push(...(await runSession(session, sink.url)));
    }
  } finally {
    await stop();
    await sink.close();
  }
  const lines: Line[] = [];
  for (const entry of captured) {
    const call = entry.reportId ? sink.calls.get(entry.reportId) : undefined;
    if (!call) {
      console.error(`  ${entry.step.id}: the sink received no call object, left out`);
      continue;
    }
    lines.push(
      withVerdict({
        id: entry.step.id,
        group: name!,
        server: entry.server,
        version: group.PACKAGES[entry.server] ?? "?",
        transport: entry.transport,
        tool: entry.step.tool,
        arguments: entry.step.args,
        scenario: entry.step.scenario,
        call,
      }),
    );
  }
  write(only ? path.join(ROOT, `partial-${name}.jsonl`) : OUT, lines);
}

function applyVerdicts() {
  const lines = fs
    .readFileSync(OUT, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((text) => JSON.parse(text) as Line);
  write(
    OUT,
    lines.map(({ expected: _expected, reason: _reason, ...line }) => withVerdict(line)),
  );
}

if (argv.includes("--apply-verdicts")) applyVerdicts();
else {
  const at = argv.indexOf("--only");
  await capture(at >= 0 ? (argv[at + 1] ?? "").split(",") : undefined);
}
process.exit(0);
