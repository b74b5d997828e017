// Verdicts for group r39-d, written from the captured exchanges (test/fixtures/server-corpus/groups/r39-d.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, rpc, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // @zilliz/claude-context-mcp (stdio, the SDK's low-level Server): its own checks and every error it catches are
  // isError results ("Error searching code: <message> Please check if the codebase has been indexed first.", with the
  // OpenAI SDK's "<status> <message>" or grpc-js's "<code> <NAME>: <details>" inside); an unknown tool is a thrown
  // Error, which the SDK answers as JSON-RPC -32603. A Milvus Status error on a search is dropped by the vector-store
  // layer and comes out as "No results found" (zc-019); a thrown Status object is printed as "[object Object]" (zc-023).
  "zc-001": ok(
    "get_indexing_status answers the status asked for: the codebase is not indexed (an ordinary text with ❌ and a hint to index it). A status look-up whose answer is 'not indexed' is a value, not a failure (listed as ambiguous)",
  ),
  "zc-002": tool(
    "validation",
    null,
    false,
    "isError 'Error: Codebase … is not indexed. Please index it first using the index_codebase tool.': a precondition the caller must meet; the same call fails until someone indexes it",
  ),
  "zc-003": ok(
    "'Started background indexing for codebase … using AST splitter.': the indexing job was accepted",
  ),
  "zc-004": ok("the codebase is fully indexed: 4 files, 10 chunks, status completed"),
  "zc-005": ok("5 ranked code chunks with locations and context for the query"),
  "zc-006": ok("one Python chunk for the query, restricted to .py files as asked"),
  "zc-007": ok(
    "'No results found for query …': a search restricted to .go files in a codebase that has none found nothing",
    true,
  ),
  "zc-008": tool(
    "validation",
    null,
    false,
    "isError 'Codebase … is already indexed. Use force=true to re-index.': the call conflicts with the codebase's state; it needs force=true",
  ),
  "zc-009": tool(
    "validation",
    null,
    false,
    "isError 'Error: Path … does not exist.': the named directory is not there",
  ),
  "zc-010": tool(
    "validation",
    null,
    false,
    "the same 'Path … does not exist' isError for the same tool and arguments, after a non-retryable failure",
    true,
  ),
  "zc-011": tool(
    "validation",
    null,
    false,
    "isError \"Error: Invalid splitter type 'treesitter'. Must be 'ast' or 'langchain'.\": a bad argument value",
  ),
  "zc-012": tool(
    "validation",
    null,
    false,
    "isError 'Error: Invalid file extensions in extensionFilter: [\"ts\"]. Use proper extensions like '.ts'': a bad argument value",
  ),
  "zc-013": tool(
    "validation",
    null,
    false,
    "isError \"Error searching code: Cannot read properties of undefined (reading 'length')\" for a call without the required `query` argument: the words are only a TypeError, but the cause on the wire is the caller's missing argument (listed as ambiguous)",
  ),
  "zc-014": tool(
    "auth",
    "http_401",
    false,
    "isError quoting the embeddings API's '401 Incorrect API key provided: sk-proj-****…': the OpenAI key is wrong",
  ),
  "zc-015": tool(
    "rate_limited",
    "http_429",
    true,
    "isError quoting '429 Rate limit reached for text-embedding-3-small … on requests per min (RPM) … Please try again in 20ms': rate limited, retryable",
  ),
  "zc-016": tool(
    "business",
    "http_429",
    false,
    "isError quoting '429 You exceeded your current quota, please check your plan and billing details': the account's quota, not a rate; it needs billing to change",
  ),
  "zc-017": tool(
    "internal",
    "http_500",
    true,
    "isError quoting '500 The server had an error while processing your request. Sorry about that!': the embeddings API's 500",
  ),
  "zc-018": tool(
    "auth",
    "16",
    false,
    "isError quoting grpc-js's '16 UNAUTHENTICATED: auth check failure, please check username, password or api key is correct or not': Milvus refused the token",
  ),
  "zc-019": ok(
    "'No results found for query …' for a search whose words are in the indexed code: the stand-in answered the search with a RateLimit Status, which the server dropped; nothing on the wire shows a failure, so it reads as an empty search (listed as ambiguous)",
    true,
  ),
  "zc-020": tool(
    "transient",
    "14",
    true,
    "isError quoting '14 UNAVAILABLE: No connection established … (retried 3 times, 145ms)': Milvus could not be reached",
  ),
  "zc-021": ok("5 ranked chunks for zc-020's call once Milvus is back"),
  "zc-022": wire(
    "transient",
    "timeout",
    true,
    "the client gave up after 4 s with -32001 'Request timed out': no answer",
  ),
  "zc-023": tool(
    "unknown",
    null,
    false,
    "isError 'Error validating collection creation: [object Object]': indexing was refused before it started, and the message carries nothing usable (the cause, the plan's collection limit, was printed as [object Object]; listed as ambiguous)",
  ),
  "zc-024": ok("'Successfully cleared codebase …': the index was dropped"),
  "zc-025": rpc("unknown_tool", "-32603", false, "JSON-RPC -32603 'Unknown tool: list_collections'"),
};
