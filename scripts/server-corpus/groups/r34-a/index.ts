// Group r34-a: code execution sandboxes run locally — js-sandbox-mcp-server (garc33), which runs JavaScript
// snippets in a vm2 NodeVM after an acorn parse and a banned-word check, and just-bash-mcp (dalist1), a bash
// sandbox in JavaScript (vercel-labs' just-bash) with an in-memory filesystem, a command allow-list, QuickJS
// behind `js-exec` and emscripten CPython behind `python3`. Both over stdio, with no service behind them;
// the servers' working folders are under /tmp/faultline-corpus-r34-a/.
//
//   (cd scripts/server-corpus/groups/r34-a && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r34-a

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stdioServer, type SessionSpec } from "../../harness.js";
import { step } from "../../steps.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));
const DATA = "/tmp/faultline-corpus-r34-a";
const HOME = path.join(DATA, "home");
const JS_CWD = path.join(DATA, "js-sandbox");
const JB_CWD = path.join(DATA, "just-bash");

export const PACKAGES: Record<string, string> = {
  "js-sandbox-mcp-server": "0.2.0",
  "just-bash-mcp": "3.1.0",
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ------------------------------------------------------------------------------------ js-sandbox-mcp-server

const jsStart = (label: string) =>
  stdioServer(label, "js-sandbox-mcp-server", { from: FROM, bin: "js-sandbox", cwd: JS_CWD, env: { HOME } });

const jsSandbox: SessionSpec = {
  label: "r34-a-js-sandbox",
  server: "js-sandbox-mcp-server",
  transport: "stdio",
  start: jsStart("r34-a-js-sandbox"),
  steps: [
    step(
      "jss-001",
      "execute_js",
      { code: 'console.log("hello from the sandbox")' },
      "a snippet that prints a line",
    ),
    step(
      "jss-002",
      "execute_js",
      {
        code: "const orders = [{ total: 12.5 }, { total: 7.25 }, { total: 30 }];\nconst sum = orders.reduce((s, o) => s + o.total, 0);\nconsole.log('orders:', orders.length, 'sum:', sum.toFixed(2));",
      },
      "a small computation over an array, printed",
    ),
    step(
      "jss-003",
      "execute_js",
      { code: "console.log(JSON.stringify({ squares: [1, 2, 3, 4].map((n) => n * n) }))" },
      "an object printed as JSON",
    ),
    step("jss-004", "execute_js", { code: "1 + 2" }, "an expression with no output (nothing printed)"),
    step(
      "jss-005",
      "execute_js",
      { code: "module.exports = [1, 2, 3].map((n) => n * 2);" },
      "a value exported rather than printed (the server returns no result value)",
    ),
    step(
      "jss-006",
      "execute_js",
      { code: 'console.error("warning: cache is cold")' },
      "a snippet that writes to console.error and ends normally",
    ),
    step(
      "jss-007",
      "execute_js",
      { code: 'try {\n  JSON.parse("{oops");\n} catch (e) {\n  console.log("Error:", e.message);\n}' },
      "a snippet that catches its own exception and prints 'Error: …'",
    ),
    step(
      "jss-008",
      "execute_js",
      {
        code: "console.log(new Date(0).toISOString(), Math.max(3, 9, 4))",
        timeout: 1000,
        memory: 16 * 1024 * 1024,
      },
      "a snippet with the optional timeout and memory limits set",
    ),
    step(
      "jss-009",
      "execute_js",
      { code: "for (let day = 1; day <= 3; day++) {\n  console.log(`day ${day}: ${day * 4} tickets`);\n}" },
      "a loop printing three lines",
    ),
    step(
      "jss-010",
      "execute_js",
      {
        code: 'const log = "GET /orders 200 12ms\\nGET /orders/9 404 3ms";\nconsole.log(log.match(/\\d{3}(?= )/g).join(" "));',
      },
      "a regular expression pulling the status codes out of a log excerpt",
    ),
    step(
      "jss-011",
      "execute_js",
      { code: 'console.log({ id: 7, name: "lamp" })' },
      "an object printed without JSON.stringify (the server joins String(arg))",
    ),
    step("jss-012", "execute_js", { code: "const total = ;" }, "a syntax error"),
    step("jss-013", "execute_js", { code: "const total = ;" }, "the same call again, code unchanged"),
    step(
      "jss-014",
      "execute_js",
      { code: "const n = 6 * 7;\nreturn n;" },
      "a top-level return (the acorn check parses the code as a script)",
    ),
    step(
      "jss-015",
      "execute_js",
      { code: 'throw new Error("inventory service returned no rows")' },
      "a snippet that throws an Error",
    ),
    step(
      "jss-016",
      "execute_js",
      { code: "console.log(customer.name)" },
      "a reference to an undefined variable",
    ),
    step(
      "jss-017",
      "execute_js",
      { code: 'const fs = require("fs");\nconsole.log(fs.readdirSync("/"));' },
      "require('fs'), a forbidden word",
    ),
    step(
      "jss-018",
      "execute_js",
      { code: 'console.log("processing 3 orders")' },
      "a string that merely contains 'process' (the banned-word check matches substrings)",
    ),
    step("jss-019", "execute_js", {}, "code missing"),
    step("jss-020", "run_python", { code: "print(1)" }, "a tool the server does not have"),
    step(
      "jss-021",
      "execute_js",
      { code: "let i = 0;\nwhile (true) { i++; }", timeout: 500 },
      "an endless loop with timeout 500 ms (NodeVM ignores it; client timeout 3 s, the last call, since it blocks the server)",
      { timeoutMs: 3_000 },
    ),
  ],
};

// An exception thrown later, in a timer the snippet set, escapes the sandbox and ends the server's process.
const jsSandboxCrash: SessionSpec = {
  label: "r34-a-js-sandbox-crash",
  server: "js-sandbox-mcp-server",
  transport: "stdio",
  start: jsStart("r34-a-js-sandbox-crash"),
  steps: [
    step("jss-022", "execute_js", { code: 'console.log("warm-up")' }, "a first snippet in a fresh server"),
    step(
      "jss-023",
      "execute_js",
      { code: 'setTimeout(() => { throw new Error("late failure"); }, 50);\nconsole.log("scheduled");' },
      "a snippet that schedules a throw in a timer and returns at once",
      { after: () => wait(1_500) },
    ),
    step(
      "jss-024",
      "execute_js",
      { code: 'console.log("still there?")' },
      "the next snippet, after the timer fired",
    ),
  ],
};

// ------------------------------------------------------------------------------------------ just-bash-mcp

const ALLOWED = "echo,cat,ls,mkdir,seq,printf,grep,wc,sort,head,jq,sleep,python3,js-exec,node";

const jbStart = (label: string, env: Record<string, string>) =>
  stdioServer(label, "just-bash-mcp", {
    from: FROM,
    cwd: JB_CWD,
    env: {
      HOME,
      JUST_BASH_ENABLE_PYTHON: "true",
      JUST_BASH_ENABLE_JAVASCRIPT: "true",
      JUST_BASH_ALLOWED_COMMANDS: ALLOWED,
      JUST_BASH_MAX_PYTHON_TIMEOUT_MS: "3000",
      ...env,
    },
  });

const ORDERS = JSON.stringify({
  orders: [
    { id: "A-1", status: "paid", total: 12.5 },
    { id: "A-2", status: "open", total: 7.25 },
    { id: "A-3", status: "paid", total: 30 },
  ],
});

const justBash: SessionSpec = {
  label: "r34-a-just-bash",
  server: "just-bash-mcp",
  transport: "stdio",
  start: jbStart("r34-a-just-bash", { JUST_BASH_DEFENSE_IN_DEPTH: "false" }),
  steps: [
    step(
      "jb-001",
      "bash_exec",
      { command: "echo 'sandbox ready' && seq 3" },
      "echo and seq in a fresh sandbox",
    ),
    step(
      "jb-002",
      "bash_exec",
      { command: "python3 -c 'print(sum(x * x for x in range(10)))'" },
      "a Python one-liner (emscripten CPython)",
    ),
    step(
      "jb-003",
      "bash_exec",
      { command: "js-exec -c 'console.log([3, 1, 2].sort().join(\",\"))'" },
      "a JavaScript one-liner (QuickJS)",
    ),
    step(
      "jb-004",
      "bash_exec",
      { command: "js-exec -c 'const price: number = 4.5; console.log((price * 2).toFixed(2))'" },
      "TypeScript through js-exec (types stripped)",
    ),
    step(
      "jb-005",
      "bash_exec",
      {
        command: "jq -r '.orders[] | select(.status == \"paid\") | .id' /data/orders.json",
        files: { "/data/orders.json": ORDERS },
      },
      "jq over a file passed in with the call",
    ),
    step(
      "jb-006",
      "bash_exec",
      { command: "sort", stdin: "pear\napple\nfig\n" },
      "sort reading the call's stdin",
    ),
    step(
      "jb-007",
      "bash_exec_persistent",
      {
        command:
          "mkdir -p /home/user/notes /home/user/archive && printf 'alpha\\nbeta\\n' > /home/user/notes/todo.txt && wc -l /home/user/notes/todo.txt",
      },
      "write a file in the persistent sandbox",
    ),
    step("jb-008", "bash_read_file", { path: "/home/user/notes/todo.txt" }, "read that file back"),
    step("jb-009", "bash_list_files", { path: "/home/user/notes" }, "list the notes folder"),
    step("jb-010", "bash_list_files", { path: "/home/user/archive" }, "list a folder that is empty"),
    step(
      "jb-011",
      "bash_exec",
      { command: "echo 'error: cache miss, rebuilding' >&2; echo rebuilt" },
      "a script that prints an error line to stderr and exits 0",
    ),
    step(
      "jb-012",
      "bash_exec",
      {
        command:
          'python3 -c \'import sys; print("warning: using defaults", file=sys.stderr); print("done")\'',
      },
      "Python that prints a warning to stderr and exits 0",
    ),
    step(
      "jb-013",
      "bash_exec",
      { command: 'python3 -c \'rates = {"EUR": 1.0}\nprint(rates["USD"])\'' },
      "Python raising KeyError",
    ),
    step("jb-014", "bash_exec", { command: "python3 -c 'print(\"total\"'" }, "a Python syntax error"),
    step(
      "jb-015",
      "bash_exec",
      { command: "python3 -c 'print(\"total\"'" },
      "the same call again, code unchanged",
    ),
    step(
      "jb-016",
      "bash_exec",
      { command: "js-exec -c 'throw new TypeError(\"price must be a number\")'" },
      "JavaScript that throws",
    ),
    step(
      "jb-017",
      "bash_exec",
      { command: 'python3 -c \'import subprocess; subprocess.run(["ls", "/"])\'' },
      "Python that starts a subprocess (the runtime cannot)",
    ),
    step("jb-018", "bash_exec", { command: "rm -rf /home/user" }, "rm, a command outside the allow-list"),
    step(
      "jb-019",
      "bash_exec",
      { command: "node -e 'console.log(1)'" },
      "node, an interpreter the sandbox does not have",
    ),
    step(
      "jb-020",
      "bash_exec",
      { command: "python3 -c 'while True: pass'" },
      "an endless Python loop (Python limit 3 s)",
    ),
    step("jb-021", "bash_exec", { command: 42 }, "command given as a number"),
    step("jb-022", "bash_run", { command: "ls" }, "a tool the server does not have"),
    step("jb-023", "bash_exec", { command: "sleep 10 && echo done" }, "sleep past the client's 2 s timeout", {
      timeoutMs: 2_000,
    }),
  ],
};

// The server's default (defense-in-depth on): a second fresh sandbox in the same process is refused.
const justBashDefault: SessionSpec = {
  label: "r34-a-just-bash-default",
  server: "just-bash-mcp",
  transport: "stdio",
  start: jbStart("r34-a-just-bash-default", {}),
  steps: [
    step(
      "jb-024",
      "bash_exec",
      { command: "echo first" },
      "a first fresh sandbox, defense-in-depth on (default)",
    ),
    step("jb-025", "bash_exec", { command: "echo second" }, "a second fresh sandbox in the same server"),
  ],
};

export const SESSIONS: SessionSpec[] = [jsSandbox, jsSandboxCrash, justBash, justBashDefault];

export async function prepare(): Promise<() => Promise<void>> {
  fs.rmSync(DATA, { recursive: true, force: true });
  for (const dir of [HOME, JS_CWD, JB_CWD]) fs.mkdirSync(dir, { recursive: true });
  return async () => {};
}
