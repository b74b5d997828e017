// Verdicts for group r42-e, written from the captured exchanges (test/fixtures/server-corpus/groups/r42-e.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // langfuse-mcp (hugoles): every tool is one GET on Langfuse's public API whose JSON is returned pretty-printed; a
  // thrown error becomes the SDK's isError text. An upstream non-2xx is "Langfuse API <status> <statusText>: <first
  // 500 characters of the body>", so Langfuse's `{message, error}` body reaches the agent whole (Retry-After and the
  // rate-limit headers do not); a 2xx body that is not JSON is "Langfuse API returned non-JSON response from <path>:
  // <first 200 characters>"; a network failure is undici's bare "fetch failed". No retries, no timeout of its own.
  // The server's own input schemas and the SDK's unknown-tool answer are isError "MCP error -32602: …".
  "lf-001": ok('{"status": "OK", "version": "3.142.0"}: the API is up'),
  "lf-002": ok("three production traces with their observation and score ids, and the page meta"),
  "lf-003": ok('{"data": [], "meta": {"totalItems": 0}}: the user has no traces', true),
  "lf-004": ok("the trace with its three observations and its score"),
  "lf-005": tool(
    "validation",
    "LangfuseNotFoundError",
    false,
    'isError "Langfuse API 404 Not Found: {"message":"Trace … not found within authorized project","error":"LangfuseNotFoundError"}": the trace id does not exist; the body\'s error member is its code',
  ),
  "lf-006": tool(
    "validation",
    "LangfuseNotFoundError",
    false,
    "the same 404 for the same tool and arguments again, after a non-retryable failure",
    true,
  ),
  "lf-007": ok(
    "the one failed generation of the trace, as asked (level ERROR), whose recorded statusMessage quotes an OpenAI 429: trace data that talks about an error, the lookup itself worked",
  ),
  "lf-008": ok("the session with its one trace"),
  "lf-009": ok("two helpfulness scores (an eval and an annotation) with the page meta"),
  "lf-010": ok("two prompts labelled production, with their versions, labels and last config"),
  "lf-011": ok("version 3 of the chat prompt: its messages, config, labels and commit message"),
  "lf-012": tool(
    "validation",
    "LangfuseNotFoundError",
    false,
    'isError "Langfuse API 404 Not Found: {"message":"Prompt not found","error":"LangfuseNotFoundError"}": the prompt has no version 9',
  ),
  "lf-013": ok("the dataset's two runs with their metadata"),
  "lf-014": tool(
    "validation",
    "LangfuseNotFoundError",
    false,
    'isError "Langfuse API 404 Not Found: {"message":"Dataset run not found","error":"LangfuseNotFoundError"}": the run name does not exist',
  ),
  "lf-015": ok("trace counts and summed cost for the two trace names"),
  "lf-016": tool(
    "validation",
    "invalid_enum_value",
    false,
    'isError "Langfuse API 400 Bad Request: {"message":"Invalid request data","error":[{"code":"invalid_enum_value", … "path":["view"] …}]}": the query names a view the API does not have; the first zod issue\'s code is the most specific code',
  ),
  "lf-017": tool(
    "validation",
    "-32602",
    false,
    'isError "MCP error -32602: Input validation error: Invalid arguments for tool listTraces: Invalid datetime at fromTimestamp": refused by the server\'s own schema before any request',
  ),
  "lf-018": tool(
    "rate_limited",
    "http_429",
    true,
    'isError "Langfuse API 429 Too Many Requests: {"message":"Rate limit exceeded"}": throttled; the body has no code member, the quoted status is the code (Retry-After is not shown)',
  ),
  "lf-019": tool(
    "auth",
    null,
    false,
    'isError "Langfuse API returned non-JSON response from /api/public/score-configs: <!DOCTYPE html> … <title>Sign in · Nordbrot SSO</title> …": the proxy in front of Langfuse wants a sign-in; no status is shown. Judged auth, not the transient of an unexplained HTML page: the page says what is missing, and the same call will not pass until someone signs in (see README, Ambiguous)',
  ),
  "lf-020": tool(
    "internal",
    "http_500",
    true,
    'isError "Langfuse API 500 Internal Server Error: {"message":"Internal Server Error","error":"An unknown error occurred"}": Langfuse\'s own server error; the error member is a sentence, not a code, so the quoted status is the code',
  ),
  "lf-021": tool(
    "transient",
    "http_502",
    true,
    'isError "Langfuse API 502 Bad Gateway: <html>…<title>502 Bad Gateway</title>…": the load balancer\'s 502 page; the status is quoted',
  ),
  "lf-022": wire(
    "transient",
    "timeout",
    true,
    "the client gave up after 4 s (-32001 Request timed out): Langfuse answered 15 s late",
  ),
  "lf-023": tool(
    "transient",
    null,
    true,
    'isError "fetch failed": Langfuse could not be reached (connection refused); undici\'s message carries no cause code',
  ),
  "lf-024": tool(
    "unknown_tool",
    "-32602",
    false,
    'isError "MCP error -32602: Tool deleteTrace not found": the server has no such tool (it is read-only)',
  ),
  "lfk-001": ok(
    '{"status": "OK", "version": "3.142.0"} with a wrong secret key: the health endpoint does not check credentials, and what it was asked (is the API up) it answered truly (see README, Ambiguous)',
  ),
  "lfk-002": tool(
    "auth",
    "http_401",
    false,
    'isError "Langfuse API 401 Unauthorized: {"message":"Invalid credentials. Confirm that you\'ve configured the correct host."}": the key pair is wrong; the body has no code member, the quoted status is the code',
  ),
};
