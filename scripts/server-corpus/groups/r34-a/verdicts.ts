// Verdicts for group r34-a, written from the captured exchanges (the `call` objects in
// test/fixtures/server-corpus/groups/r34-a.jsonl), never by running Faultline. Conventions:
// test/fixtures/server-corpus/README.md, "How the verdicts were made", plus the shell group's for code runners:
// a snippet that ran and failed because of the caller's own code (a syntax error, an exception it raises, a
// name it does not define) is `validation`, not retryable; an exit status is not an error code.

import { ok, rpc, tool, wire } from "../../verdict-helpers.js";
import type { Verdict } from "../../verdicts.js";

const WASTED =
  "The previous call with this tool and these arguments failed non-retryably and this one fails the same way.";

export const VERDICTS: Record<string, Verdict> = {
  // --- js-sandbox-mcp-server 0.2.0: vm2 NodeVM, answers {console, executionTime, memoryUsage} ------------------------
  "jss-001": ok("The snippet ran; console ['hello from the sandbox']."),
  "jss-002": ok("The computation ran; console ['orders: 3 sum: 49.75']."),
  "jss-003": ok("The snippet ran; console ['{\"squares\":[1,4,9,16]}']."),
  "jss-004": ok(
    "The expression ran and printed nothing: console [], with timing and memory figures. A run that produced no output, not a search that found nothing, so not empty.",
  ),
  "jss-005": ok(
    "module.exports was set and the run ended normally; the server returns only what was printed, so console []. The snippet did what it said; that the server has no way to return a value is its design, not a failure of the call.",
  ),
  "jss-006": ok(
    "console.error ran and the snippet ended normally; the server captures only console.log, so console []. Code that prints an error while running fine is a success.",
  ),
  "jss-007": ok(
    "The snippet caught its own JSON.parse exception and printed 'Error: Expected property name or '}' in JSON at position 1': a program that ran and printed an error, a success.",
  ),
  "jss-008": ok("With timeout 1000 and memory 16 MiB set: console ['1970-01-01T00:00:00.000Z 9']."),
  "jss-009": ok("The loop ran; three console lines 'day 1: 4 tickets' … 'day 3: 12 tickets'."),
  "jss-010": ok("The regular expression ran; console ['200 404']."),
  "jss-011": ok(
    "The snippet ran; the object prints as '[object Object]' because the server joins String(arg). Lossy formatting of what the code printed, not a failure.",
  ),
  "jss-012": rpc(
    "validation",
    "-32603",
    false,
    "JSON-RPC error -32603 'MCP error -32603: Execution error: MCP error -32600: Code validation error: Unexpected token (1:14)': acorn could not parse the snippet, a syntax error in the caller's code. The error's code member is -32603; the -32600 is only quoted inside the message.",
  ),
  "jss-013": rpc(
    "validation",
    "-32603",
    false,
    `The same 'Code validation error: Unexpected token (1:14)'. ${WASTED}`,
    true,
  ),
  "jss-014": rpc(
    "validation",
    "-32603",
    false,
    "JSON-RPC error -32603 '… Code validation error: 'return' outside of function (2:0)': the server parses snippets as scripts, so a top-level return is refused before running; the caller must change the code.",
  ),
  "jss-015": rpc(
    "validation",
    "-32603",
    false,
    "JSON-RPC error -32603 'MCP error -32603: Execution error: inventory service returned no rows': the snippet itself threw that Error (there is no inventory service); the caller's code fails the same way every time. Borderline: the bare exception message under -32603 reads as internal.",
  ),
  "jss-016": rpc(
    "validation",
    "-32603",
    false,
    "JSON-RPC error -32603 'Execution error: customer is not defined': a ReferenceError in the caller's snippet.",
  ),
  "jss-017": rpc(
    "permission",
    "-32603",
    false,
    "JSON-RPC error -32603 '… Code validation error: Forbidden use of 'require'': the sandbox refuses the module system; a policy refusal of what the code may do.",
  ),
  "jss-018": rpc(
    "permission",
    "-32603",
    false,
    "JSON-RPC error -32603 '… Forbidden use of 'process'' for code that only prints the string 'processing 3 orders': the banned-word check matches substrings. Still the sandbox's policy refusing the call, as the words say; the caller must rephrase.",
  ),
  "jss-019": rpc(
    "validation",
    "-32600",
    false,
    "JSON-RPC error -32600 'The \"code\" parameter is required and must be a string': the argument is missing.",
  ),
  "jss-020": rpc("unknown_tool", "-32601", false, "JSON-RPC error -32601 'Unknown tool: run_python'."),
  "jss-021": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 3 s: MCP error -32001 Request timed out. NodeVM ignores the timeout argument (500 ms) and the endless loop holds the server; by the contract a client timeout is transient, though the same loop will time out again.",
  ),
  "jss-022": ok("A fresh server; console ['warm-up']."),
  "jss-023": ok(
    "The snippet scheduled a throw in a timer and returned at once: console ['scheduled']. The call itself succeeded; the timer's exception escaped the sandbox afterwards and ended the server process (its stderr shows 'Error: late failure').",
  ),
  "jss-024": wire(
    "transient",
    "connection_closed",
    true,
    "The server process had died (the previous snippet's timer threw outside the sandbox): the SDK's 'Not connected', the request never left, session unbound. Transient by the convention for a client whose server died, though only a restart helps.",
  ),

  // --- just-bash-mcp 3.1.0: {stdout, stderr, exitCode, env}, isError when exitCode is not 0 ----------------------------
  "jb-001": ok("exitCode 0, stdout 'sandbox ready\\n1\\n2\\n3\\n'."),
  "jb-002": ok("Python ran: exitCode 0, stdout '285'."),
  "jb-003": ok("js-exec ran: exitCode 0, stdout '1,2,3'."),
  "jb-004": ok("TypeScript through js-exec (types stripped): exitCode 0, stdout '9.00'."),
  "jb-005": ok("jq over the file passed with the call: exitCode 0, stdout 'A-1\\nA-3'."),
  "jb-006": ok("sort on the call's stdin: exitCode 0, stdout 'apple\\nfig\\npear'."),
  "jb-007": ok(
    "mkdir, printf and wc in the persistent sandbox: exitCode 0, stdout '2 /home/user/notes/todo.txt'.",
  ),
  "jb-008": ok("The file written before, read back: 'alpha\\nbeta\\n'."),
  "jb-009": ok("isError false; the listing 'total 1' with todo.txt."),
  "jb-010": ok(
    "isError false; 'total 0': the folder exists and holds nothing, a listing that found nothing.",
    true,
  ),
  "jb-011": ok(
    "exitCode 0, stdout 'rebuilt', stderr 'error: cache miss, rebuilding': the script printed an error line and ran fine.",
  ),
  "jb-012": ok(
    "exitCode 0, stdout 'done', stderr 'warning: using defaults': a warning printed by a run that succeeded.",
  ),
  "jb-013": tool(
    "validation",
    null,
    false,
    "isError, exitCode 1, stderr a Python traceback ending 'KeyError: 'USD'': the caller's script raised; the same script fails the same way every time. No code (the exit status is not one).",
  ),
  "jb-014": tool(
    "validation",
    null,
    false,
    "isError, exitCode 1, stderr (with ANSI colours) 'SyntaxError: '(' was never closed': a syntax error in the caller's Python.",
  ),
  "jb-015": tool("validation", null, false, `The same SyntaxError again. ${WASTED}`, true),
  "jb-016": tool(
    "validation",
    null,
    false,
    "isError, exitCode 1, stderr 'at <eval> (-c:160:16): price must be a number': the caller's JavaScript threw.",
  ),
  "jb-017": tool(
    "validation",
    null,
    false,
    "isError, exitCode 1, traceback ending 'OSError: [Errno 138] emscripten does not support processes.': the runtime cannot start processes, so the code must change. Borderline: a sandbox refusing a capability reads as permission too; the words say 'does not support', not 'not allowed'. Errno 138 is a number, not a named system error.",
  ),
  "jb-018": tool(
    "validation",
    null,
    false,
    "isError, exitCode 127, stderr 'bash: rm: command not found': rm is outside the server's allow-list, and the sandbox says so only as a command that does not exist. Judged by the words (a named thing that does not exist); really a policy refusal (permission).",
  ),
  "jb-019": tool(
    "validation",
    null,
    false,
    "isError, exitCode 1, stderr 'node: this sandbox uses js-exec instead of node' with js-exec's usage: the interpreter the caller asked for is not there; it must call js-exec instead.",
  ),
  "jb-020": tool(
    "transient",
    null,
    true,
    "isError, exitCode 124, stderr 'python3: Execution timeout: exceeded 3000ms limit': the sandbox's Python time limit stopped the endless loop. A timeout, transient and retryable by the contract, though this loop will always time out. No code (124 is an exit status).",
  ),
  "jb-021": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: Invalid arguments for tool bash_exec: Invalid input: expected string, received number at command'.",
  ),
  "jb-022": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool bash_run not found': the words decide.",
  ),
  "jb-023": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 2 s: MCP error -32001 Request timed out (sleep 10 was still running).",
  ),
  "jb-024": ok(
    "Defense-in-depth on (the default): the first fresh sandbox runs, exitCode 0, stdout 'first'.",
  ),
  "jb-025": tool(
    "internal",
    null,
    true,
    "isError 'Execution error: DefenseInDepthBox config conflict: all resolved defense options, including exclusions and the violation callback, must match across Bash instances. Call DefenseInDepthBox.resetInstance() between incompatible configurations.': the server's own bug (each fresh sandbox builds a new violation callback, which the process-wide box refuses). Internal and so retryable by the contract, though in this process every later bash_exec fails the same way.",
  ),
};
