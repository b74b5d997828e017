// Verdicts for group r8-ai, by step id, written from the captured exchanges
// (test/fixtures/server-corpus/groups/r8-ai.jsonl) under the contract in
// test/fixtures/server-corpus/README.md. The uncertain ones are listed in this group's README.

import type { Verdict } from "../../verdicts.js";
import { ok, partial, rpc, silent, tool, wire } from "../../verdict-helpers.js";

const KB_SWALLOWED =
  'the server answers every Bedrock error with the ok text "Retrieval failed or returned no results."';

export const VERDICTS: Record<string, Verdict> = {
  // ---------------------------------------------------------------- @modelcontextprotocol/server-aws-kb-retrieval
  "kb-001": ok(
    '"Context: Rotating the orders database credentials: 1. Create the new secret version…" with its RAG source.',
  ),
  "kb-002": ok(
    '"Context: Ingest gateway status codes: a 503 Service Unavailable … A 502 Bad Gateway …": a retrieved passage that explains error codes; the retrieval itself succeeded.',
  ),
  "kb-003": ok('"Context: " and "RAG Sources: []": the query matched nothing in the knowledge base.', true),
  "kb-004": silent(
    "validation",
    null,
    false,
    `Knowledge base KBMISSING9 does not exist (404 ResourceNotFoundException); ${KB_SWALLOWED}, no isError, no code.`,
  ),
  "kb-005": silent(
    "validation",
    null,
    false,
    'The same missing knowledge base again: "Retrieval failed or returned no results." once more, right after the same failed call.',
    true,
  ),
  "kb-006": silent(
    "validation",
    null,
    false,
    `A knowledge base name where its id belongs (400 ValidationException on the id pattern); ${KB_SWALLOWED}.`,
  ),
  "kb-007": silent(
    "validation",
    null,
    false,
    `n = 0 (400 ValidationException: numberOfResults must be >= 1); ${KB_SWALLOWED}.`,
  ),
  "kb-008": silent(
    "validation",
    null,
    false,
    `n given as the word "three" (400 SerializationException); ${KB_SWALLOWED}.`,
  ),
  "kb-009": silent(
    "validation",
    null,
    false,
    'The required knowledgeBaseId was left out; the server does not validate its arguments and answers "Retrieval failed or returned no results." as a success.',
  ),
  "kb-010": silent(
    "permission",
    null,
    false,
    `The IAM user may not call bedrock:Retrieve on KBFINANCE1 (403 AccessDeniedException); ${KB_SWALLOWED}.`,
  ),
  "kb-011": silent(
    "rate_limited",
    null,
    true,
    `Bedrock throttled every attempt (429 ThrottlingException, retried by the SDK for ~1.2 s); ${KB_SWALLOWED}.`,
  ),
  "kb-012": silent(
    "auth",
    null,
    false,
    `The access key is no longer valid (403 UnrecognizedClientException); ${KB_SWALLOWED}.`,
  ),
  "kb-013": silent(
    "internal",
    null,
    true,
    `Bedrock answered 500 InternalServerException to every attempt; ${KB_SWALLOWED}.`,
  ),
  "kb-014": silent("transient", null, true, `The endpoint refused connections; ${KB_SWALLOWED}.`),
  "kb-015": tool("unknown_tool", null, false, 'isError "Unknown tool: delete_from_aws_kb".'),
  "kb-016": wire(
    "transient",
    "timeout",
    true,
    'No answer within the client\'s 3 s: "MCP error -32001: Request timed out".',
  ),
  "kb-017": wire(
    "transient",
    "connection_closed",
    true,
    'The server process was killed mid-call: transportError connection_closed, "MCP error -32000: Connection closed".',
  ),

  // ---------------------------------------------------------------- opik-mcp
  "op-001": ok(
    '"Found 2 projects (page 1 of 1)" with the project list (and the server\'s deprecation notice).',
  ),
  "op-002": ok('"Found 2 traces (showing page 1 of 1)" with the traces.'),
  "op-003": ok('"Trace Details for ID: 0193a1f4-…" with the trace.'),
  "op-004": silent(
    "validation",
    "http_404",
    false,
    'Ok result whose text is the API\'s error: "Status code: 404 Body: { \\"errors\\": [ \\"Trace not found\\" ] }".',
  ),
  "op-005": silent(
    "validation",
    "http_404",
    false,
    'The same missing trace again: "Status code: 404 … Trace not found" as an ok result, right after the same failed call.',
    true,
  ),
  "op-006": silent(
    "validation",
    "http_404",
    false,
    'A trace id that is not a UUID: ok result "Status code: 404 Body: { \\"code\\": 404, \\"message\\": \\"HTTP 404 Not Found\\" }".',
  ),
  "op-007": ok('"Found 0 prompts (page 1 of 0)" and "[]": no prompt has that name.', true),
  "op-008": silent(
    "validation",
    "http_400",
    false,
    'Ok result "Status code: 400 … \\"Invalid filters query parameter \'name contains \\\\\\"refund\\\\\\"\'\\"": the API rejected the filter the server built from the query.',
  ),
  "op-009": silent(
    "validation",
    "http_409",
    false,
    'Ok result "ConflictError Status code: 409 Body: { \\"errors\\": [ \\"Prompt id or name already exists\\" ] }": nothing was created.',
  ),
  "op-010": tool(
    "validation",
    "-32602",
    false,
    "isError \"MCP error -32602: Input validation error: … Invalid enum value. Expected 'mustache' | 'jinja2', received 'handlebars' at type\".",
  ),
  "op-011": silent(
    "internal",
    null,
    true,
    'Ok result "Error adding feedback: Expected object. Received undefined.": the SDK refused to build the request, no score was added; nothing in the arguments caused it.',
  ),
  "op-012": silent(
    "validation",
    null,
    false,
    'Ok result "Error: No projects found": with no project named and none in the workspace the tool could not pick a project to list.',
  ),
  "op-013": silent(
    "rate_limited",
    "http_429",
    true,
    'Ok result "Status code: 429 … Too Many Requests: You have exceeded the rate limit for user general events. Please slow down" (after ~2.8 s of SDK retries).',
  ),
  "op-014": silent(
    "internal",
    "http_500",
    true,
    'Ok result "Status code: 500 … There was an error processing your request. It has been logged (ID 7c1e4f2a9b3d8e60)."',
  ),
  "op-015": silent(
    "auth",
    "http_401",
    false,
    'Ok result "Status code: 401 Body: { \\"code\\": 401, \\"message\\": \\"User not allowed to access workspace\\" }".',
  ),
  "op-016": rpc(
    "internal",
    "invalid_union",
    true,
    'JSON-RPC error -32602 "Invalid tools/call result: [ { \\"code\\": \\"invalid_union\\" … expected string, received undefined": the server returned text content without text (the API had answered an HTML login page with 200).',
  ),
  "op-017": wire(
    "transient",
    "timeout",
    true,
    'No answer within the client\'s 3 s: "MCP error -32001: Request timed out".',
  ),
  "op-018": silent(
    "transient",
    null,
    true,
    'Ok result "fetch failed": the backend refused connections; no isError, no code.',
  ),
  "op-019": tool(
    "unknown_tool",
    "-32602",
    false,
    'isError "MCP error -32602: Tool delete-project not found".',
  ),

  // ---------------------------------------------------------------- firecrawl-mcp
  "fc-001": ok('The page\'s markdown "# Installing the Acme Widgets SDK…" with metadata statusCode 200.'),
  "fc-002": ok('"links": three URLs of the docs site.'),
  "fc-003": ok('"links": [] — no URL of the site matches "billing".', true),
  "fc-004": ok('"data":{"web":[]} — the search found nothing.', true),
  "fc-005": silent(
    "validation",
    "http_404",
    false,
    'Ok result whose page is the site\'s 404: markdown "# Page not found …", title "404 – Page not found", metadata "statusCode": 404.',
  ),
  "fc-006": silent(
    "validation",
    "http_404",
    false,
    'The same misspelt URL again: the 404 page ("statusCode": 404) as an ok result, right after the same failed call.',
    true,
  ),
  "fc-007": rpc(
    "validation",
    "-32602",
    false,
    "JSON-RPC error -32602 \"Tool 'firecrawl_scrape' parameter validation failed: url: Invalid URL.\"",
  ),
  "fc-008": rpc(
    "validation",
    "-32602",
    false,
    'JSON-RPC error -32602 "parameter validation failed: formats.0: Invalid option: expected one of \\"markdown\\"|…"',
  ),
  "fc-009": partial(
    "internal",
    null,
    true,
    'Ok result of the crawl with "status": "failed", "completed": 1, "total": 14: one page came back, the crawl failed on the rest with no reason given.',
  ),
  "fc-010": tool(
    "validation",
    "http_404",
    false,
    "isError \"Tool 'firecrawl_check_crawl_status' execution failed: Request failed with status code 404\" for a job id that does not exist.",
  ),
  "fc-011": tool(
    "permission",
    null,
    false,
    'isError "…execution failed: We apologize for the inconvenience but we do not support this site…": the provider refuses that site.',
  ),
  "fc-012": tool(
    "auth",
    null,
    false,
    "isError \"Tool 'firecrawl_map' execution failed: Unauthorized: Invalid token\".",
  ),
  "fc-013": tool(
    "business",
    null,
    false,
    'isError "…execution failed: Insufficient credits to perform this request. For more credits, you can upgrade your plan…".',
  ),
  "fc-014": tool(
    "rate_limited",
    null,
    true,
    'isError "…execution failed: Rate limit exceeded. Consumed (req/min): 11, Remaining (req/min): 0 … please retry after 49s".',
  ),
  "fc-015": tool(
    "internal",
    null,
    true,
    'isError "…execution failed: An unexpected error occurred. Please contact help@firecrawl.com for help. Your exception ID is 3b1f…".',
  ),
  "fc-016": tool(
    "transient",
    "econnrefused",
    true,
    "isError \"Tool 'firecrawl_scrape' execution failed: connect ECONNREFUSED 127.0.0.1:39002\".",
  ),
  "fc-017": wire(
    "transient",
    "timeout",
    true,
    'No answer within the client\'s 3 s: "MCP error -32001: Request timed out".',
  ),
  "fc-018": rpc(
    "unknown_tool",
    "-32601",
    false,
    'JSON-RPC error -32601 "Unknown tool: firecrawl_screenshot".',
  ),

  // ---------------------------------------------------------------- deepseek-mcp-server
  "ds-001": ok('"deepseek-flash\\ndeepseek-chat\\ndeepseek-reasoner" with the model list.'),
  "ds-002": ok('The answer "A vector index stores embeddings…", finish_reason "stop".'),
  "ds-003": ok('"is_available": true, "total_balance": "41.87".'),
  "ds-004": tool(
    "validation",
    "http_400",
    false,
    'isError "DeepSeek API error (400): Model Not Exist."; structuredContent status 400, retryable false.',
  ),
  "ds-005": tool(
    "validation",
    "http_400",
    false,
    'The same unknown model again: isError "DeepSeek API error (400): Model Not Exist." right after the same failed call.',
    true,
  ),
  "ds-006": tool(
    "validation",
    null,
    false,
    'isError "Input validation error: Invalid arguments for tool chat_completion: temperature: Too big: expected number to be <=2".',
  ),
  "ds-007": silent(
    "transient",
    "insufficient_system_resource",
    true,
    'Ok result "(no assistant content returned)" with "response_text": "" and "finish_reason": "insufficient_system_resource": the generation was abandoned.',
  ),
  "ds-008": tool(
    "internal",
    null,
    true,
    "isError \"Output validation error: Invalid structured content for tool list_files: first_id: Invalid input: expected string, received null…\": the server's own output schema rejected the API's empty list.",
  ),
  "ds-009": tool(
    "validation",
    "http_404",
    false,
    'isError "DeepSeek API error (404): No such file object: file-api-7Hq2c91xZ."',
  ),
  "ds-010": tool(
    "business",
    "http_402",
    false,
    'isError "DeepSeek API error (402): Insufficient Balance. Check account balance or billing status."',
  ),
  "ds-011": ok(
    '"is_available": false, "total_balance": "0.00": the balance was read; an empty balance is the answer, not a failure of the call.',
  ),
  "ds-012": tool(
    "rate_limited",
    "http_429",
    true,
    'isError "DeepSeek API error (429): Rate Limit Reached."; structuredContent retryable true.',
  ),
  "ds-013": tool(
    "auth",
    "http_401",
    false,
    'isError "DeepSeek API error (401): Authentication Fails, Your api key: ****0a1b2 is invalid."',
  ),
  "ds-014": tool(
    "transient",
    "http_503",
    true,
    'isError "DeepSeek API error (503): Server overloaded, please try again later."',
  ),
  "ds-015": tool(
    "transient",
    "http_502",
    true,
    'isError "DeepSeek API error (502): DeepSeek API request failed. Provider service issue; retry with backoff." (the CDN\'s HTML 502 page).',
  ),
  "ds-016": tool(
    "transient",
    null,
    true,
    'isError "DeepSeek API error: DeepSeek API request timed out after 4000ms."; status null, retryable true.',
  ),
  "ds-017": tool(
    "transient",
    null,
    true,
    'isError "DeepSeek API error: Failed to call DeepSeek API. Retry the request and verify network connectivity." (connection refused).',
  ),
  "ds-018": rpc("unknown_tool", "-32602", false, 'JSON-RPC error -32602 "Tool embeddings not found".'),

  // ---------------------------------------------------------------- replicate-mcp
  "rp-001": ok('The account: "username": "r8-ai-corpus".'),
  "rp-002": ok('"Successful tool call": the model exists; the server returns no model data for this tool.'),
  "rp-003": rpc(
    "validation",
    "http_404",
    false,
    'JSON-RPC error -32603 "404 {\\"detail\\":\\"The requested resource could not be found.\\",\\"status\\":404}" for a misspelt model.',
  ),
  "rp-004": rpc(
    "validation",
    "http_404",
    false,
    'The same misspelt model again: -32603 "404 {…could not be found…}" right after the same failed call.',
    true,
  ),
  "rp-005": rpc(
    "validation",
    "http_422",
    false,
    'JSON-RPC error -32603 "422 {\\"title\\":\\"Input validation failed\\",\\"detail\\":\\"- version: Invalid type. Expected: string, given: null\\"…}".',
  ),
  "rp-006": ok('The new prediction, "status": "starting".'),
  "rp-007": ok('The prediction, "status": "succeeded", "output": "hello Alice".'),
  "rp-008": silent(
    "internal",
    null,
    false,
    'Ok result with the prediction "status": "failed", "error": "CUDA out of memory. Tried to allocate 2.00 GiB": the model run asked for did not produce output.',
  ),
  "rp-009": rpc(
    "validation",
    "http_404",
    false,
    'prediction_id left out (the request went to /predictions/undefined): JSON-RPC error -32603 "404 {…could not be found…}".',
  ),
  "rp-010": ok('"Successful tool call": the search ran; the server returns no results for this tool.'),
  "rp-011": ok('"results": [] — there are no predictions.', true),
  "rp-012": rpc(
    "validation",
    "http_404",
    false,
    'JSON-RPC error -32603 "404 {\\"detail\\":\\"The requested resource could not be found.\\"…}" for a collection slug that does not exist.',
  ),
  "rp-013": rpc(
    "auth",
    "http_401",
    false,
    'JSON-RPC error -32603 "401 {\\"title\\":\\"Unauthenticated\\",\\"detail\\":\\"You did not pass a valid authentication token\\"…}".',
  ),
  "rp-014": rpc(
    "rate_limited",
    "http_429",
    true,
    'JSON-RPC error -32603 "429 {\\"title\\":\\"Request was throttled.\\",\\"detail\\":\\"…Expected available in 1 second.\\",\\"retry_after\\":1}" (after the client\'s own retries, ~2 s).',
  ),
  "rp-015": rpc(
    "internal",
    "http_500",
    true,
    'JSON-RPC error -32603 "500 <!doctype html>… <title>Server Error (500)</title>…".',
  ),
  "rp-016": rpc(
    "transient",
    null,
    true,
    'JSON-RPC error -32603 "Connection error." (the API refused connections; ~1.4 s of retries).',
  ),
  "rp-017": rpc("unknown_tool", "-32603", false, 'JSON-RPC error -32603 "Unknown tool: run_model".'),
  "rp-018": wire(
    "transient",
    "connection_closed",
    true,
    'The server process was killed mid-call: transportError connection_closed, "MCP error -32000: Connection closed".',
  ),
};
