// The human verdicts for the shell group, keyed by step id, written after reading each captured
// exchange (test/fixtures/server-corpus/groups/shell.jsonl) against Faultline's outcome contract —
// never by running Faultline's classifier. The conventions are the fixture README's
// (test/fixtures/server-corpus/README.md, "How the verdicts were made"), plus these, for this group:
// - A command or snippet that ran and failed, reported by the server with isError, is a tool_error.
//   When the failure is the caller's own input (a missing file it named, a command that does not
//   exist, its script raising an exception, a syntax error) the category is validation; when the
//   payload says nothing about why (a bare "Command failed: …" with no stderr), unknown.
// - An exit status (mcp-cli's `"code": 1`, 127) is not an error code.
// - A date/time tool that answers an impossible or unparsable date with a number, a rolled-over
//   date, NaN or a made-up relative time is a silent failure (validation): the caller's input was
//   not a date, and the answer is not about it.

import type { Verdict } from "../../verdicts.js";

type Category = NonNullable<Verdict["expected"]["category"]>;

const base = {
  silentFailure: false,
  category: null,
  errorCode: null,
  retryable: null,
  empty: false,
  partial: false,
  wastedRetry: false,
};

const ok = (reason: string): Verdict => ({ expected: { outcome: "ok", ...base }, reason });
const empty = (reason: string): Verdict => ({ expected: { outcome: "ok", ...base, empty: true }, reason });
const fail =
  (outcome: "tool_error" | "protocol_error" | "transport_error") =>
  (
    category: Category,
    errorCode: string | null,
    retryable: boolean,
    reason: string,
    wastedRetry = false,
  ): Verdict => ({
    expected: { outcome, ...base, category, errorCode, retryable, wastedRetry },
    reason,
  });
const tool = fail("tool_error");
const rpc = fail("protocol_error");
const wire = fail("transport_error");
const silent = (
  category: Category,
  errorCode: string | null,
  retryable: boolean,
  reason: string,
  wastedRetry = false,
): Verdict => ({
  expected: { outcome: "ok", ...base, silentFailure: true, category, errorCode, retryable, wastedRetry },
  reason,
});

const WASTED =
  "Same tool, same arguments, same session, right after a failure that retrying cannot fix: a wasted retry.";

export const VERDICTS: Record<string, Verdict> = {
  // --- mcp-server-commands 0.5.0 -----------------------------------------------------------------
  "cmd-001": ok("ls printed the two files of the folder."),
  "cmd-002": ok("cat printed the CSV."),
  "cmd-003": ok(
    "grep found and printed two ERROR lines of the log: the lines are data the caller asked for, the command itself succeeded.",
  ),
  "cmd-004": tool(
    "unknown",
    null,
    false,
    "isError 'Command failed: grep -i titanium parts.csv' with no stderr: grep exited 1 because nothing matched, but the payload only says the command failed, so nothing tells the kind. Borderline: really an empty search that the server reports as a failure.",
  ),
  "cmd-005": tool(
    "validation",
    null,
    false,
    "isError: cat says 'invoices.csv: No such file or directory' — the file the caller named does not exist (no errno name is written, so no code).",
  ),
  "cmd-006": tool("validation", null, false, `The same missing file again. ${WASTED}`, true),
  "cmd-007": tool(
    "validation",
    null,
    false,
    "isError: '/bin/sh: 1: frobnicate: not found' — the command the caller asked to run does not exist (exit 127); the caller's input, not the server.",
  ),
  "cmd-008": tool(
    "permission",
    null,
    false,
    "isError: touch says 'Permission denied' on sysfs: refused by the system, not something a retry changes.",
  ),
  "cmd-009": empty(
    "`true` succeeded and printed nothing: the result has no content at all, a success with nothing in it.",
  ),
  "cmd-010": tool(
    "validation",
    "enoent",
    false,
    "isError 'spawn /bin/sh ENOENT': Node reports a working directory that does not exist as the shell missing; the workdir the caller gave does not exist, so validation with enoent. Borderline: the words alone read as a shell that could not be spawned (internal).",
  ),
  "cmd-011": tool(
    "validation",
    null,
    false,
    "isError: 'The \"command\" argument must be of type string. Received type number (42)' — a wrong argument type, caught by Node rather than by a schema (the server declares no validation).",
  ),
  "cmd-012": tool(
    "validation",
    null,
    false,
    "isError 'Command is required, current value: undefined': required argument missing.",
  ),
  "cmd-013": ok("python3 read the CSV from stdin's script and printed the total stock, 2460."),
  "cmd-014": tool(
    "validation",
    null,
    false,
    "isError with the script's traceback, 'ZeroDivisionError: division by zero': the command runner did run it; the caller's own script is wrong and will fail the same way every time. Borderline: an exception's message alone would read as internal.",
  ),
  "cmd-015": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 1.5 s timeout (-32001 Request timed out).",
  ),
  "cmd-016": rpc(
    "unknown_tool",
    "-32603",
    false,
    "JSON-RPC error -32603 'Unknown tool': the server threw for a tool name it does not have; the words decide over the generic code.",
  ),
  "cmd-017": ok("A sort | head pipeline printed the three parts with the most stock."),
  "cmd-018": ok("echo printed its line before the crash."),
  "cmd-019": wire(
    "transient",
    "connection_closed",
    true,
    "The server process was killed 1 s into a 10 s command: the stdio connection closed before any answer (-32000 Connection closed).",
  ),
  "cmd-020": wire(
    "transient",
    "connection_closed",
    true,
    "The server process is gone: 'Not connected', the request never left. Connection closed, transient by the contract, though this client cannot succeed without reconnecting.",
  ),

  // --- mcp-cli 1.0.5 (every failure is answered as ordinary text, never isError) ---------------------
  "cli-001": ok("validatePath answered success: the path is inside the allowed directory."),
  "cli-002": ok(
    "validatePath reported the path as invalid (it escapes the workspace): validating the path is the tool's job, and its answer about the input is data, not a failure of the call.",
  ),
  "cli-003": ok("Directory listing of the workspace."),
  "cli-004": ok("The note's content."),
  "cli-005": silent(
    "validation",
    null,
    false,
    "'Error: File does not exist' told as an ordinary result: the file the caller named does not exist.",
  ),
  "cli-006": silent(
    "validation",
    null,
    false,
    `The same missing file again, silently failing again. ${WASTED}`,
    true,
  ),
  "cli-007": silent(
    "permission",
    null,
    false,
    "'Error: Path must be within working directory' as an ordinary result: the server's sandbox refused a path outside its allowed directory.",
  ),
  "cli-008": ok("ls ran in the workspace; success true, exit code 0, the listing in stdout."),
  "cli-009": ok("wc counted 5 lines; success true."),
  "cli-010": silent(
    "validation",
    null,
    false,
    "An ok result whose payload says success false, 'Command execution failed', with cat's 'No such file or directory' and exit status 1: the server itself reports the call as failed, so a silent failure; the file the caller named does not exist. The exit status is not a code.",
  ),
  "cli-011": silent(
    "permission",
    null,
    false,
    "'Error: Working directory validation failed: Path must be within working directory' as ordinary text: the sandbox refused /etc.",
  ),
  "cli-012": silent(
    "validation",
    null,
    false,
    "success false, 'Command execution failed', stderr 'frobnicate: not found', exit status 127: the command the caller asked for does not exist, reported inside an ok result.",
  ),
  "cli-013": ok("File written; success true."),
  "cli-014": silent(
    "validation",
    null,
    false,
    "'Error: File does not exist' as ordinary text: nothing to delete under that name.",
  ),
  "cli-015": empty("The empty directory listed: success true with files []."),
  "cli-016": silent(
    "validation",
    "invalid_type",
    false,
    "'Error: [ { code: invalid_type, expected string, received number, path [path] } ]' as ordinary text: a zod argument error, whose issue code is the most specific code.",
  ),
  "cli-017": silent(
    "unknown_tool",
    null,
    false,
    "'Error: Unknown tool: runScript' as an ordinary result: the tool does not exist, told without isError.",
  ),
  "cli-018": silent(
    "validation",
    null,
    false,
    "'Error: Directory does not exist' as ordinary text: the directory the caller named is not there.",
  ),

  "cli-019": ok("File copied inside the workspace; success true."),
  "cli-020": silent(
    "permission",
    null,
    false,
    "'Error: Destination: Path must be within working directory' as ordinary text: the sandbox refused a destination outside the workspace.",
  ),
  // --- @coo-quack/calc-mcp 2.1.1 -------------------------------------------------------------------
  "calc-001": ok("2 * (3 + 4)^2 = 98."),
  "calc-002": silent(
    "validation",
    null,
    false,
    "1200 / 0 answered 'Infinity' as the result: a division by zero returned as if it were a number. Borderline: Infinity is mathjs's (IEEE) answer, but no caller asking a calculator for a quotient can use it.",
  ),
  "calc-003": tool(
    "validation",
    null,
    false,
    "isError 'Value expected (char 4)': a syntax error in the expression.",
  ),
  "calc-004": tool("validation", null, false, `The same bad expression again. ${WASTED}`, true),
  "calc-005": tool(
    "validation",
    null,
    false,
    "isError 'Undefined function unknownFn': the expression names a function that does not exist.",
  ),
  "calc-006": ok("Statistics of the four values."),
  "calc-007": ok("100 km = 62.137119 mi."),
  "calc-008": tool(
    "validation",
    null,
    false,
    "isError 'Unknown unit: furlong', with the list of supported units.",
  ),
  "calc-009": tool(
    "validation",
    null,
    false,
    "isError \"Unknown unit 'm' in weight\": a weight cannot be converted into a length.",
  ),
  "calc-010": tool(
    "validation",
    "-32602",
    false,
    "isError quoting MCP error -32602, input validation: value expected number, received string.",
  ),
  "calc-011": silent(
    "validation",
    null,
    false,
    "Asked to convert into the zone 'Mars/Olympus_Mons', which does not exist, the tool answered the time in UTC (+00:00) as if that were the answer: a silent failure; only the offset in the payload betrays it.",
  ),
  "calc-012": ok("Difference between the two dates: 358 days."),
  "calc-013": tool(
    "validation",
    "-32602",
    false,
    "isError quoting MCP error -32602: unit 'weeks' is not one of the allowed values.",
  ),
  "calc-014": empty(
    "The regex matched nothing: matches null, index null, groups null — a search that found nothing.",
  ),
  "calc-015": tool(
    "validation",
    null,
    false,
    "isError 'Invalid regular expression: … Unterminated group': a regex syntax error.",
  ),
  "calc-016": tool(
    "validation",
    null,
    false,
    "isError 'Pattern contains nested quantifiers (possible ReDoS risk)': the tool refuses the pattern the caller gave; rewriting the pattern is the fix. Borderline: a safety policy's refusal could be read as permission.",
  ),
  "calc-017": tool(
    "validation",
    null,
    false,
    "isError 'Cannot parse \"12Z\" as base 10': an invalid digit for the base.",
  ),
  "calc-018": ok(
    "format_validate answered valid false with the parse error: validating the JSON is the tool's job, and its verdict on the input is data.",
  ),
  "calc-019": ok("Base64 decoded to 'bolts and nuts'."),
  "calc-020": tool(
    "unknown_tool",
    "-32602",
    false,
    "'Tool currency_convert not found' (quoted with -32602): unknown tool.",
  ),

  // --- time-mcp 1.0.6 --------------------------------------------------------------------------------
  "time-001": ok("Current UTC time and the time in Europe/Paris."),
  "time-002": tool(
    "validation",
    null,
    false,
    "isError 'Invalid time zone specified: Mars/Olympus_Mons': the zone the caller named does not exist.",
  ),
  "time-003": tool(
    "validation",
    "-32602",
    false,
    "isError quoting MCP error -32602: format 'DD.MM.YYYY' is not one of the allowed values.",
  ),
  "time-004": ok("09:30 in Tokyo is 19:30 the day before in New York, a 14 h difference."),
  "time-005": tool(
    "validation",
    null,
    false,
    "isError 'Invalid time zone specified: Asia/Tokio': a misspelt zone name.",
  ),
  "time-006": silent(
    "validation",
    null,
    false,
    "The impossible time 25:99:00 was rolled over to 02:39 the next day and converted as if the caller had asked for that: a silent failure (the answer is about a different time than the one asked).",
  ),
  "time-007": ok("February 2024 has 29 days."),
  "time-008": silent(
    "validation",
    null,
    false,
    "The impossible date 2024-13-45 was rolled over by dayjs and answered '28' as if it were valid: a silent failure with no sign of it in the payload.",
  ),
  "time-009": silent(
    "validation",
    null,
    false,
    `The same impossible date again, the same silent wrong answer. ${WASTED}`,
    true,
  ),
  "time-010": ok("Timestamp of the given time, in milliseconds."),
  "time-011": silent(
    "validation",
    null,
    false,
    "'The timestamp of next tuesday (parsed as UTC) is NaN ms.': NaN where a number was asked for, because the words are not a date.",
  ),
  "time-012": ok("2020-01-01 is '7 years ago'."),
  "time-013": silent(
    "validation",
    null,
    false,
    "'soon' is not a date, yet the tool answered 'a month ago' (whatever the JavaScript date parser made of it): a made-up answer to unparsable input.",
  ),
  "time-014": ok("Week 49, ISO week 49."),
  "time-015": tool(
    "validation",
    "-32602",
    false,
    "isError quoting MCP error -32602: date expected string, received number.",
  ),
  "time-016": tool(
    "unknown_tool",
    "-32602",
    false,
    "'Tool list_timezones not found' (quoted with -32602): unknown tool.",
  ),
  "time-017": tool(
    "validation",
    "-32602",
    false,
    "isError quoting MCP error -32602: the required time is missing (expected string, received undefined).",
  ),

  "time-018": ok("18:00 in London is 05:00 the next day in Sydney, 11 h ahead."),
  "time-019": ok("2030-06-01 is 'in 3 years'."),
  "time-020": ok("The current month (December) has 31 days."),
  // --- mcp-server-code-runner 0.1.8 -----------------------------------------------------------------
  "run-001": ok('The JavaScript snippet printed {"total":2460}.'),
  "run-002": ok("The shell script printed its greeting and 'Linux'."),
  "run-003": empty(
    "The snippet ran and printed nothing: the result is one empty text, a success with nothing in it.",
  ),
  "run-004": tool(
    "validation",
    null,
    false,
    "isError 'Command failed: node …' with 'TypeError: Cannot read properties of null': the runner did run the snippet; the caller's code throws, every time.",
  ),
  "run-005": tool(
    "unknown",
    null,
    false,
    "isError 'Stderr: warning: using default price list': the snippet exited 0 and printed 42, but the server treats any stderr as failure and drops the output. Nothing in the payload says what failed. Borderline: a server bug (internal) to whoever knows the code.",
  ),
  "run-006": ok(
    "The snippet's job was to print a line that happens to be an error message, and it did: data that mentions an error, not a failure.",
  ),
  "run-007": tool(
    "internal",
    null,
    true,
    "isError '/bin/sh: 1: python: not found': the server runs Python as `python`, which this host does not have (only python3) — the server's own executor is missing, not the caller's fault; internal, retryable by the contract's default though it will fail again.",
  ),
  "run-008": tool(
    "validation",
    "-32602",
    false,
    "isError quoting MCP error -32602: languageId 'rust' is not one of the allowed values.",
  ),
  "run-009": tool("validation", "-32602", false, `The same unsupported language again. ${WASTED}`, true),
  "run-010": tool(
    "validation",
    "-32602",
    false,
    "isError quoting MCP error -32602: code expected string, received number.",
  ),
  "run-011": tool(
    "unknown",
    null,
    false,
    "isError 'Error: Command failed: node \"…/tmp.js\"' with nothing else: the snippet exited 3 without output, and the payload does not say why.",
  ),
  "run-012": tool(
    "validation",
    null,
    false,
    "isError with node's 'SyntaxError: Unexpected token': the caller's snippet does not parse.",
  ),
  "run-013": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 2 s timeout (-32001 Request timed out).",
  ),
  "run-014": tool(
    "unknown_tool",
    "-32602",
    false,
    "'Tool run-python not found' (quoted with -32602): unknown tool.",
  ),
  "run-015": ok("The shell pipeline printed the stock column."),
  "run-016": tool(
    "validation",
    "enoent",
    false,
    "isError with the snippet's uncaught 'ENOENT: no such file or directory' (code 'ENOENT'): the file the caller's code reads does not exist.",
  ),
  "run-017": tool(
    "permission",
    "eacces",
    false,
    "isError with the snippet's uncaught 'EACCES: permission denied' writing to sysfs: refused by the system.",
  ),
  "run-018": ok("The snippet printed its 400 lines (about 10 KB)."),
  "run-019": ok("The snippet printed 'before' before the crash."),
  "run-020": wire(
    "transient",
    "connection_closed",
    true,
    "The server process was killed 1 s into a 10 s snippet: the stdio connection closed before any answer (-32000 Connection closed).",
  ),
};
