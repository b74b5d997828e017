// The "shell" group of the server corpus: command runners, a sandboxed CLI, a calculator and
// format/encoding toolbox, a time-zone server and a code runner. Every server runs over stdio from
// this folder's own install (npm ci here); none of them needs anything behind it but the local
// machine, so the group has no stand-in: prepare() only lays out the files they work on.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec, type Step } from "../../harness.js";
import { VERDICTS } from "./verdicts.js";

export { VERDICTS };

const GROUP_DIR = path.dirname(fileURLToPath(import.meta.url));
/** Everything this group's servers read or write. */
export const DATA = "/tmp/faultline-corpus-shell";
const FILES = path.join(DATA, "data");
const WORKSPACE = path.join(DATA, "ws");
const TMP = path.join(DATA, "tmp");

export const PACKAGES: Record<string, string> = {
  "mcp-server-commands": "0.5.0",
  "mcp-cli": "1.0.5",
  "@coo-quack/calc-mcp": "2.1.1",
  "time-mcp": "1.0.6",
  "mcp-server-code-runner": "0.1.8",
};

const step = (
  id: string,
  tool: string,
  args: Record<string, unknown>,
  scenario: string,
  more: Partial<Step> = {},
): Step => ({ id, tool, args, scenario, ...more });

const killAfter = (ms: number) => async (live: { kill(): void }) => {
  await sleep(ms);
  live.kill();
};

const PARTS_CSV = [
  "sku,name,material,stock",
  "BLT-001,Hex bolt M8,steel,1200",
  "NUT-002,Lock nut M8,steel,950",
  "WSH-003,Washer 8 mm,zinc,0",
  "SCR-004,Wood screw 4x40,brass,310",
  "",
].join("\n");

const APP_LOG = [
  "2026-12-01T08:00:01Z INFO  worker started",
  "2026-12-01T08:00:05Z ERROR upstream timed out after 30s (order 1142)",
  "2026-12-01T08:01:12Z INFO  order 1143 shipped",
  "2026-12-01T08:02:40Z ERROR payment declined: card_expired (order 1144)",
  "",
].join("\n");

/** Lays out the files fresh for each capture. Nothing listens: no stand-in is needed. */
export async function prepare(): Promise<() => Promise<void>> {
  fs.rmSync(DATA, { recursive: true, force: true });
  for (const dir of [FILES, WORKSPACE, path.join(WORKSPACE, "empty"), TMP])
    fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(FILES, "parts.csv"), PARTS_CSV);
  fs.writeFileSync(path.join(FILES, "app.log"), APP_LOG);
  fs.writeFileSync(path.join(WORKSPACE, "notes.txt"), "reorder M8 bolts\ncheck washer stock\n");
  fs.writeFileSync(path.join(WORKSPACE, "parts.csv"), PARTS_CSV);
  return async () => {};
}

// ---------------------------------------------------------------------------------------------
// mcp-server-commands (g0t4): one tool, run_command, through child_process.exec.

const commandsServer = (label: string) =>
  stdioServer(label, "mcp-server-commands", { from: GROUP_DIR, cwd: DATA, env: { TMPDIR: TMP } });

const commandSteps: Step[] = [
  step("cmd-001", "run_command", { command: "ls -1", workdir: FILES }, "list the data folder"),
  step("cmd-002", "run_command", { command: "cat parts.csv", workdir: FILES }, "print a CSV file"),
  step(
    "cmd-003",
    "run_command",
    { command: "grep ERROR app.log", workdir: FILES },
    "grep a log for ERROR lines (the lines found are application errors, the command succeeded)",
  ),
  step(
    "cmd-004",
    "run_command",
    { command: "grep -i titanium parts.csv", workdir: FILES },
    "grep for a word that is not in the file (grep exits 1)",
  ),
  step(
    "cmd-005",
    "run_command",
    { command: "cat invoices.csv", workdir: FILES },
    "print a file that does not exist",
  ),
  step(
    "cmd-006",
    "run_command",
    { command: "cat invoices.csv", workdir: FILES },
    "the same missing file again, same arguments",
  ),
  step("cmd-007", "run_command", { command: "frobnicate --all" }, "a command that is not installed"),
  step(
    "cmd-008",
    "run_command",
    { command: "touch /sys/kernel/faultline-probe" },
    "create a file where even root may not (sysfs)",
  ),
  step("cmd-009", "run_command", { command: "true" }, "a command that succeeds and prints nothing"),
  step(
    "cmd-010",
    "run_command",
    { command: "ls", workdir: path.join(DATA, "no-such-dir") },
    "working directory that does not exist",
  ),
  step("cmd-011", "run_command", { command: 42 }, "command given as a number"),
  step("cmd-012", "run_command", { workdir: FILES }, "required command missing"),
  step(
    "cmd-013",
    "run_command",
    {
      command: "python3",
      workdir: FILES,
      stdin:
        "import csv\nrows = list(csv.DictReader(open('parts.csv')))\nprint(sum(int(r['stock']) for r in rows))\n",
    },
    "a Python script piped on stdin: total stock",
  ),
  step(
    "cmd-014",
    "run_command",
    { command: "python3", stdin: "per_box = 1200\nboxes = 0\nprint(per_box / boxes)\n" },
    "a Python script that divides by zero",
  ),
  step("cmd-015", "run_command", { command: "sleep 5" }, "a 5 s command with a 1.5 s client timeout", {
    timeoutMs: 1500,
  }),
  step("cmd-016", "run_script", { script: "ls" }, "call a tool the server does not have"),
  step(
    "cmd-017",
    "run_command",
    { command: "sort -t, -k4 -n -r parts.csv | head -n 3", workdir: FILES },
    "a pipeline after the failures: top stock",
  ),
];

const commandsKilledSteps: Step[] = [
  step("cmd-018", "run_command", { command: "echo before the crash" }, "a call before the server is killed"),
  step(
    "cmd-019",
    "run_command",
    { command: "sleep 10" },
    "server process killed (SIGKILL) 1 s into a 10 s command",
    {
      timeoutMs: 8000,
      during: killAfter(1000),
    },
  ),
  step(
    "cmd-020",
    "run_command",
    { command: "echo after the crash" },
    "a call on the same client after the server process died",
  ),
];

// ---------------------------------------------------------------------------------------------
// mcp-cli (gkctou): a shell with an allow-list of directories; it answers every failure as
// ordinary text, never with isError.

const cliServer = (label: string) =>
  stdioServer(label, "mcp-cli", { from: GROUP_DIR, cwd: DATA, args: [WORKSPACE] });

const cliSteps: Step[] = [
  step(
    "cli-001",
    "validatePath",
    { targetPath: "notes.txt", workingDirectory: WORKSPACE },
    "validate a path inside the allowed directory",
  ),
  step(
    "cli-002",
    "validatePath",
    { targetPath: "../../../etc/passwd", workingDirectory: WORKSPACE },
    "validate a path that escapes the allowed directory (the validator's job is to say so)",
  ),
  step("cli-003", "listDirectory", { workingDirectory: WORKSPACE, path: "." }, "list the workspace"),
  step("cli-004", "readFile", { workingDirectory: WORKSPACE, path: "notes.txt" }, "read a note"),
  step(
    "cli-005",
    "readFile",
    { workingDirectory: WORKSPACE, path: "invoices.csv" },
    "read a file that does not exist",
  ),
  step(
    "cli-006",
    "readFile",
    { workingDirectory: WORKSPACE, path: "invoices.csv" },
    "the same missing file again, same arguments",
  ),
  step(
    "cli-007",
    "readFile",
    { workingDirectory: WORKSPACE, path: "/etc/hostname" },
    "read a file outside the allowed directory",
  ),
  step(
    "cli-008",
    "executeCommand",
    { workingDirectory: WORKSPACE, command: "ls", args: ["-1"] },
    "run ls in the workspace",
  ),
  step(
    "cli-009",
    "executeCommand",
    { workingDirectory: WORKSPACE, command: "wc", args: ["-l", "parts.csv"] },
    "count lines of a CSV",
  ),
  step(
    "cli-010",
    "executeCommand",
    { workingDirectory: WORKSPACE, command: "cat", args: ["invoices.csv"] },
    "cat a file that does not exist (the command exits 1)",
  ),
  step(
    "cli-011",
    "executeCommand",
    { workingDirectory: "/etc", command: "ls" },
    "run a command in a directory outside the allow-list",
  ),
  step(
    "cli-012",
    "executeCommand",
    { workingDirectory: WORKSPACE, command: "frobnicate", args: ["--all"] },
    "a command that is not installed",
  ),
  step(
    "cli-013",
    "writeFile",
    { workingDirectory: WORKSPACE, path: "order.txt", content: "200 x BLT-001\n" },
    "write a new file",
  ),
  step(
    "cli-014",
    "deleteFile",
    { workingDirectory: WORKSPACE, path: "draft.txt" },
    "delete a file that does not exist",
  ),
  step("cli-015", "listDirectory", { workingDirectory: WORKSPACE, path: "empty" }, "list an empty directory"),
  step("cli-016", "readFile", { workingDirectory: WORKSPACE, path: 123 }, "path given as a number"),
  step(
    "cli-017",
    "runScript",
    { workingDirectory: WORKSPACE, script: "ls" },
    "call a tool the server does not have",
  ),
  step(
    "cli-018",
    "removeDirectory",
    { workingDirectory: WORKSPACE, path: "archive" },
    "remove a directory that does not exist",
  ),
  step(
    "cli-019",
    "copyFile",
    { workingDirectory: WORKSPACE, source: "parts.csv", destination: "parts-backup.csv" },
    "copy a file inside the workspace",
  ),
  step(
    "cli-020",
    "moveFile",
    { workingDirectory: WORKSPACE, source: "order.txt", destination: "../outbox/order.txt" },
    "move a file to a destination outside the allowed directory",
  ),
];

// ---------------------------------------------------------------------------------------------
// @coo-quack/calc-mcp: math (mathjs), unit conversion, dates, time zones, regex, encodings.

const calcServer = (label: string) =>
  stdioServer(label, "@coo-quack/calc-mcp", { from: GROUP_DIR, cwd: DATA });

const calcSteps: Step[] = [
  step("calc-001", "math", { expression: "2 * (3 + 4)^2" }, "evaluate an expression"),
  step("calc-002", "math", { expression: "1200 / 0" }, "divide by zero"),
  step("calc-003", "math", { expression: "2 +* 3" }, "an expression with a syntax error"),
  step("calc-004", "math", { expression: "2 +* 3" }, "the same bad expression again, same arguments"),
  step("calc-005", "math", { expression: "unknownFn(3)" }, "call a function mathjs does not have"),
  step("calc-006", "math", { action: "statistics", values: [12, 15, 9, 21] }, "statistics of four numbers"),
  step("calc-007", "convert", { value: 100, from: "km", to: "mi" }, "convert 100 km to miles"),
  step(
    "calc-008",
    "convert",
    { value: 5, from: "furlong", to: "parsec" },
    "convert between units it does not know",
  ),
  step("calc-009", "convert", { value: 10, from: "kg", to: "m" }, "convert a weight into a length"),
  step("calc-010", "convert", { value: "ten", from: "kg", to: "lb" }, "value given as a string"),
  step(
    "calc-011",
    "datetime",
    {
      action: "convert",
      datetime: "2026-12-05T09:00:00",
      fromTimezone: "Europe/Paris",
      timezone: "Mars/Olympus_Mons",
    },
    "convert a time into a time zone that does not exist",
  ),
  step(
    "calc-012",
    "date",
    { action: "diff", date: "2026-01-01", date2: "2026-12-25" },
    "days between two dates",
  ),
  step(
    "calc-013",
    "date",
    { action: "add", date: "2026-12-05", amount: 2, unit: "weeks" },
    "add with a unit outside the enum",
  ),
  step(
    "calc-014",
    "regex",
    { pattern: "TITANIUM-\\d+", text: "BLT-001 NUT-002 WSH-003", action: "match" },
    "a regex that matches nothing",
  ),
  step(
    "calc-015",
    "regex",
    { pattern: "([A-Z]+-\\d+", text: "BLT-001", action: "match" },
    "an invalid regex (unclosed group)",
  ),
  step(
    "calc-016",
    "regex",
    { pattern: "(a+)+$", text: "aaaaaaaaaaaaaaaaaaaaaaaa!", action: "test" },
    "a pattern with nested quantifiers",
  ),
  step("calc-017", "base", { value: "12Z", from: 10, to: 2 }, "a digit that is not valid in base 10"),
  step(
    "calc-018",
    "format_validate",
    { input: '{"sku": "BLT-001", "stock": }', format: "json" },
    "validate broken JSON (the validator's job is to say so)",
  ),
  step("calc-019", "base64", { input: "Ym9sdHMgYW5kIG51dHM=", action: "decode" }, "decode base64"),
  step(
    "calc-020",
    "currency_convert",
    { amount: 10, from: "EUR", to: "USD" },
    "call a tool the server does not have",
  ),
];

// ---------------------------------------------------------------------------------------------
// time-mcp (yokingma): dayjs behind six tools.

const timeServer = (label: string) =>
  stdioServer(label, "time-mcp", { from: GROUP_DIR, cwd: DATA, env: { TZ: "UTC" } });

const timeSteps: Step[] = [
  step("time-001", "current_time", { timezone: "Europe/Paris" }, "current time in Paris"),
  step(
    "time-002",
    "current_time",
    { timezone: "Mars/Olympus_Mons" },
    "current time in a zone that does not exist",
  ),
  step("time-003", "current_time", { format: "DD.MM.YYYY" }, "a format outside the enum"),
  step(
    "time-004",
    "convert_time",
    { sourceTimezone: "Asia/Tokyo", targetTimezone: "America/New_York", time: "2026-12-05 09:30:00" },
    "convert a time between two zones",
  ),
  step(
    "time-005",
    "convert_time",
    { sourceTimezone: "Asia/Tokio", targetTimezone: "America/New_York", time: "2026-12-05 09:30:00" },
    "convert from a misspelt zone",
  ),
  step(
    "time-006",
    "convert_time",
    { sourceTimezone: "Asia/Tokyo", targetTimezone: "America/New_York", time: "2026-12-05 25:99:00" },
    "convert an impossible time of day",
  ),
  step("time-007", "days_in_month", { date: "2024-02-10" }, "days in February 2024"),
  step("time-008", "days_in_month", { date: "2024-13-45" }, "days in month of an impossible date"),
  step("time-009", "days_in_month", { date: "2024-13-45" }, "the same impossible date again, same arguments"),
  step("time-010", "get_timestamp", { time: "2026-12-05 12:30:00.000" }, "timestamp of a time"),
  step("time-011", "get_timestamp", { time: "next tuesday" }, "timestamp of words that are not a date"),
  step("time-012", "relative_time", { time: "2020-01-01 00:00:00" }, "relative time of a past date"),
  step("time-013", "relative_time", { time: "soon" }, "relative time of a word that is not a date"),
  step("time-014", "get_week_year", { date: "2026-12-05" }, "week of the year"),
  step("time-015", "get_week_year", { date: 20261205 }, "date given as a number"),
  step("time-016", "list_timezones", {}, "call a tool the server does not have"),
  step(
    "time-017",
    "convert_time",
    { sourceTimezone: "UTC", targetTimezone: "Asia/Kolkata" },
    "required time missing",
  ),
  step(
    "time-018",
    "convert_time",
    { sourceTimezone: "Europe/London", targetTimezone: "Australia/Sydney", time: "2026-12-05 18:00:00" },
    "convert a time from London to Sydney",
  ),
  step("time-019", "relative_time", { time: "2030-06-01 00:00:00" }, "relative time of a future date"),
  step("time-020", "days_in_month", {}, "days in the current month (no date given)"),
];

// ---------------------------------------------------------------------------------------------
// mcp-server-code-runner (formulahendry): writes the snippet to $TMPDIR/tmp.<ext> and runs it
// with the language's interpreter. Its Streamable HTTP mode cannot be used (see README.md).

const coderunServer = (label: string) =>
  stdioServer(label, "mcp-server-code-runner", { from: GROUP_DIR, cwd: DATA, env: { TMPDIR: TMP } });

const coderunSteps: Step[] = [
  step(
    "run-001",
    "run-code",
    {
      languageId: "javascript",
      code: "const stock = [1200, 950, 0, 310];\nconsole.log(JSON.stringify({ total: stock.reduce((a, b) => a + b, 0) }));\n",
    },
    "run a JavaScript snippet",
  ),
  step(
    "run-002",
    "run-code",
    { languageId: "shellscript", code: "echo hello from bash\nuname -s\n" },
    "run a shell script",
  ),
  step(
    "run-003",
    "run-code",
    { languageId: "javascript", code: "const unused = 1;\n" },
    "a snippet that prints nothing",
  ),
  step(
    "run-004",
    "run-code",
    { languageId: "javascript", code: "const order = null;\nconsole.log(order.lines.length);\n" },
    "a snippet that throws a TypeError",
  ),
  step(
    "run-005",
    "run-code",
    {
      languageId: "javascript",
      code: "console.error('warning: using default price list');\nconsole.log(42);\n",
    },
    "a snippet that exits 0 but writes a warning to stderr",
  ),
  step(
    "run-006",
    "run-code",
    {
      languageId: "javascript",
      code: "console.log('Error: order 1144 payment declined (card_expired)');\n",
    },
    "a snippet whose output is an error message it was asked to print",
  ),
  step(
    "run-007",
    "run-code",
    { languageId: "python", code: "print(6 * 7)\n" },
    "Python: the server runs `python`, which is not installed",
  ),
  step("run-008", "run-code", { languageId: "rust", code: "fn main() {}\n" }, "a language outside the enum"),
  step(
    "run-009",
    "run-code",
    { languageId: "rust", code: "fn main() {}\n" },
    "the same call again, same arguments",
  ),
  step("run-010", "run-code", { languageId: "javascript", code: 42 }, "code given as a number"),
  step(
    "run-011",
    "run-code",
    { languageId: "javascript", code: "process.exitCode = 3;\n" },
    "a snippet that exits 3 silently",
  ),
  step(
    "run-012",
    "run-code",
    { languageId: "javascript", code: "console.log((;\n" },
    "a snippet with a syntax error",
  ),
  step(
    "run-013",
    "run-code",
    { languageId: "javascript", code: "setTimeout(() => console.log('done'), 6000);\n" },
    "a 6 s snippet with a 2 s client timeout",
    { timeoutMs: 2000 },
  ),
  step("run-014", "run-python", { code: "print(1)" }, "call a tool the server does not have"),
  step(
    "run-015",
    "run-code",
    { languageId: "shellscript", code: "printf 'sku,stock\\nBLT-001,1200\\n' | cut -d, -f2\n" },
    "a shell pipeline after the failures",
  ),
];

const coderunKilledSteps: Step[] = [
  step(
    "run-016",
    "run-code",
    {
      languageId: "javascript",
      code: "const fs = require('fs');\nconsole.log(fs.readFileSync('/tmp/faultline-corpus-shell/data/prices.json', 'utf8'));\n",
    },
    "a snippet that reads a file that does not exist",
  ),
  step(
    "run-017",
    "run-code",
    { languageId: "javascript", code: "require('fs').writeFileSync('/sys/kernel/faultline-probe', '1');\n" },
    "a snippet that writes where even root may not (sysfs)",
  ),
  step(
    "run-018",
    "run-code",
    {
      languageId: "javascript",
      code: "for (let i = 1; i <= 400; i++) console.log(`line ${i}: BLT-${String(i).padStart(3, '0')} in stock`);\n",
    },
    "a snippet that prints 400 lines",
  ),
  step(
    "run-019",
    "run-code",
    { languageId: "javascript", code: "console.log('before')\n" },
    "a call before the server is killed",
  ),
  step(
    "run-020",
    "run-code",
    { languageId: "javascript", code: "setTimeout(() => console.log('late'), 10000);\n" },
    "server process killed (SIGKILL) 1 s into a 10 s snippet",
    { timeoutMs: 8000, during: killAfter(1000) },
  ),
];

/** Cuts a server's steps into sessions of ten calls (one client connection each). */
function sessions(
  label: string,
  server: string,
  start: (label: string) => SessionSpec["start"],
  steps: Step[],
) {
  const out: SessionSpec[] = [];
  for (let at = 0; at < steps.length; at += 10) {
    const name = at === 0 ? label : `${label}-${at / 10 + 1}`;
    out.push({
      label: name,
      server,
      transport: "stdio",
      start: start(name),
      steps: steps.slice(at, at + 10),
    });
  }
  return out;
}

export const SESSIONS: SessionSpec[] = [
  ...sessions("shell-commands", "mcp-server-commands", commandsServer, [
    ...commandSteps,
    ...commandsKilledSteps,
  ]),
  ...sessions("shell-cli", "mcp-cli", cliServer, cliSteps),
  ...sessions("shell-calc", "@coo-quack/calc-mcp", calcServer, calcSteps),
  ...sessions("shell-time", "time-mcp", timeServer, timeSteps),
  ...sessions("shell-coderun", "mcp-server-code-runner", coderunServer, [
    ...coderunSteps,
    ...coderunKilledSteps,
  ]),
];
