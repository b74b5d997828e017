// Verdicts for group r44-e, written from the captured exchanges (test/fixtures/server-corpus/groups/r44-e.jsonl)
// without reading or running Faultline's classifier.
//
// comfyui-mcp answers a success as text (pretty JSON, or Markdown for its summaries) and most failures as
// result.isError with one JSON object `{"error":"<CODE>","message":…,"details":…}` (WORKFLOW_EXECUTION_ERROR with
// ComfyUI's own 400 body in details, IMAGE_NOT_FOUND, NON_JSON_RESPONSE for an answer that was not ComfyUI's JSON:
// aiohttp's 500 text, an nginx page), its own argument checks as a plain isError sentence, a network error as
// `fetch failed: connect ECONNREFUSED …`, and an unknown tool as an isError `MCP error -32602: Tool … not found`.
// Some reads fold a failed request into an ordinary answer: a lookup that found nothing as plain text ("No history
// found…", "Workflow not found: … (404)"), a model listing refused with 401 as "Could not determine … HTTP 401", and
// the queue listing refused with 429 as an empty queue.

import type { Verdict } from "../../verdicts.js";
import { ok, partial, silent, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  "e-cui-001": ok(
    "The host's system stats as JSON: ComfyUI 0.3.68, Python, PyTorch, the RTX 4090 with its total and free VRAM.",
  ),
  "e-cui-002": ok(
    "The health summary: versions, VRAM, an empty queue, the installed models by category (two categories marked EMPTY with a hint) and the one recent error line from ComfyUI's log (an earlier run's out-of-memory). A report that mentions an error and empty categories, not a failed call.",
  ),
  "e-cui-003": ok("The three installed checkpoints."),
  "e-cui-004": ok(
    "'No embeddings installed.' — an inventory listing that found nothing. Empty, not a failed lookup.",
    true,
  ),
  "e-cui-005": ok(
    "The run queue as JSON: running 0, pending 0, both job lists []. A listing that found nothing.",
    true,
  ),
  "e-cui-006": ok(
    "The most recent run from the history: status success, completed, 11.42 s, one output image named.",
  ),
  "e-cui-007": silent(
    "validation",
    null,
    false,
    "An ordinary result whose whole text is 'No history found for prompt 0c4f7e2a-….' — the lookup of one named prompt id answered that it does not exist. A silent validation failure (a named thing not found); no code in the text.",
  ),
  "e-cui-008": ok(
    "The diagnosis of an earlier failed run, as asked: the failed node (3, KSampler), torch.OutOfMemoryError, its message and traceback. Data about a failure the tool was asked to explain, not a failed call.",
  ),
  "e-cui-009": ok("The graph was enqueued: status 'enqueued', a prompt_id, queue_remaining 0."),
  "e-cui-010": tool(
    "validation",
    "WORKFLOW_EXECUTION_ERROR",
    false,
    'isError: {"error":"WORKFLOW_EXECUTION_ERROR", "message":"ComfyUI rejected the workflow (400): Prompt outputs failed validation … Value not in list (ckpt_name: …)"} with ComfyUI\'s 400 body in details (type prompt_outputs_failed_validation, node_errors value_not_in_list). The checkpoint named is not installed: validation. The payload\'s code member is the `error` string; ComfyUI\'s nested error type is the more specific reading (see README, Ambiguous).',
  ),
  "e-cui-011": tool(
    "validation",
    "WORKFLOW_EXECUTION_ERROR",
    false,
    "The same graph with the same missing checkpoint, unchanged, after a non-retryable failure of the same tool with the same arguments: the same 400 rejection. A wasted retry.",
    true,
  ),
  "e-cui-012": tool(
    "validation",
    "WORKFLOW_EXECUTION_ERROR",
    false,
    "isError: WORKFLOW_EXECUTION_ERROR, 'ComfyUI rejected the workflow (400): Cannot execute because node FaceDetailer does not exist.' (ComfyUI's error type invalid_prompt, details \"Node ID '#12'\"). A node class the server does not have: validation. Not a wasted retry (different arguments).",
  ),
  "e-cui-013": ok("The output image: a 'Saved to: …' line and the PNG inline as an image block."),
  "e-cui-014": tool(
    "validation",
    "IMAGE_NOT_FOUND",
    false,
    'isError: {"error":"IMAGE_NOT_FOUND", "message":"ComfyUI /view returned 404 for \\"harbor_dusk_00099_.png\\" (output). No such file …", details.status 404}. A named file that does not exist: validation; the code member is IMAGE_NOT_FOUND.',
  ),
  "e-cui-015": silent(
    "validation",
    "http_404",
    false,
    "An ordinary result whose whole text is 'Workflow not found: portrait_flux.json (404)'. The saved workflow asked for by name does not exist; the failure is reported as a success. Silent validation; the quoted status gives http_404.",
  ),
  "e-cui-016": partial(
    "validation",
    null,
    false,
    "Four of the five expressions evaluated (w, h, megapixels, ratio); line 5 came back null with errors: [{line 5, \"Unknown identifier 'denoise'\"}]. A success with a failed part: partial, the part failing on its input (validation). No code.",
  ),
  "e-cui-017": tool(
    "validation",
    null,
    false,
    "isError: 'queue action:\"status\" requires `prompt_id` — the job to check.' The server's own check of a missing argument; nothing was sent to ComfyUI. No code.",
  ),
  "e-cui-018": tool(
    "internal",
    "NON_JSON_RESPONSE",
    true,
    'isError: {"error":"NON_JSON_RESPONSE", "message":"/history/REDACTED answered 500 with a text/plain … body … Body starts: 500 Internal Server Error Server got itself in trouble …"}. ComfyUI\'s 500 relayed: internal, retryable by the contract. The payload\'s code member NON_JSON_RESPONSE wins over the quoted 500.',
  ),
  "e-cui-019": tool(
    "transient",
    "NON_JSON_RESPONSE",
    true,
    "isError: NON_JSON_RESPONSE, 'http://127.0.0.1:45900/system_stats answered 502 with an HTML page … 502 Bad Gateway … nginx …' and the server's own advice to treat it as a temporary outage and retry. A gateway error: transient, retryable; the code member is NON_JSON_RESPONSE.",
  ),
  "e-cui-020": silent(
    "rate_limited",
    null,
    true,
    "The queue listing answered exactly like e-cui-005 (running 0, pending 0, empty job lists) while nginx answered the server's GET /queue with 429 Too Many Requests and Retry-After: 30 (the stand-in's log and the server's stderr show the 429; the server caught it and reported an empty queue). A silent failure: the payload is a refusal presented as data. Rate limited, retryable; nothing in the payload carries a code. Judged with what the capture shows beyond the payload (see README, Ambiguous).",
  ),
  "e-cui-021": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 4 s: MCP error -32001 Request timed out. Transport error, timeout, retryable.",
  ),
  "e-cui-022": tool(
    "transient",
    "econnrefused",
    true,
    "isError: 'fetch failed: connect ECONNREFUSED 127.0.0.1:45900 (ECONNREFUSED) — while requesting http://127.0.0.1:45900/system_stats (GET) …'. The ComfyUI host unreachable: transient, retryable; the system error ECONNREFUSED, lower-cased.",
  ),
  "e-cui-023": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError whose text is 'MCP error -32602: Tool list_albums not found'. The words say unknown tool; the code is the JSON-RPC one quoted in the text.",
  ),
  "e-cuix-001": tool(
    "auth",
    "NON_JSON_RESPONSE",
    false,
    "isError: NON_JSON_RESPONSE, '… /system_stats answered 401 with an HTML page … <title>401 Authorization Required</title> … nginx …'. The proxy refused the revoked token: auth, not retryable, although the server's own text calls it 'a temporary server outage' and says to retry (see README, Ambiguous). The code member is NON_JSON_RESPONSE.",
  ),
  "e-cuix-002": silent(
    "auth",
    "http_401",
    false,
    "An ordinary result: 'Could not determine which checkpoints models are installed — ComfyUI did not answer the model listing … checkpoints: HTTP 401 …'. The listing failed and the result says so in prose with no isError: a silent failure. The quoted 401 makes it auth (the same revoked token), not retryable; code http_401. Not a wasted retry (a different tool).",
  ),
};
