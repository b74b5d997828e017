// Verdicts for group r39-c, written from the captured exchanges (test/fixtures/server-corpus/groups/r39-c.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, partial, silent, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // @translatize/mcp (stdio, SDK McpServer): every tool answers its result as pretty-printed JSON text. Any API
  // failure is isError "Translatize API error [<code>]: <remedy>", the code being the body's `error` member (or
  // `network_error` / `timeout` from its own client), the remedy the server's own sentence for that code (the body's
  // message only for codes it does not know). Every 5xx is collapsed on purpose into one sentence with no code and no
  // status ("… could not complete the request due to a server-side error. Try again later …"). Headers (Retry-After)
  // are dropped. Bad arguments and an unknown tool are isError "MCP error -32602 …" from the SDK.
  "tz-001": ok(
    "the project, its four languages, base branch main, scope create-own and per-language completeness",
  ),
  "tz-002": ok(
    "the four checkout.* labels with their values; one label has empty Latvian and French values — data about untranslated strings, not a failure",
  ),
  "tz-003": partial(
    "validation",
    null,
    false,
    "three keys asked by name: two returned in full, the third listed in not_found — a look-up with one named part that does not exist",
  ),
  "tz-004": silent(
    "validation",
    null,
    false,
    "one key asked by name: labels [] and not_found ['checkout.promo_banner'] — a look-up of one named thing answered empty",
  ),
  "tz-005": ok("one label whose values contain 'payment', with its values"),
  "tz-006": ok("a search of translation values for 'gift card': total_matches 0, labels []", true),
  "tz-007": ok(
    "the three keys still missing a Latvian value, with their English source — the list the tool exists to give, not a failure",
  ),
  "tz-008": ok("a new key created (action created) with its English and German values"),
  "tz-009": tool(
    "validation",
    "unknown_languages",
    false,
    "isError 'Translatize API error [unknown_languages]: One or more language codes are not configured on this project …': de-CH is not a project language",
  ),
  "tz-010": tool(
    "validation",
    "unknown_languages",
    false,
    "the same unknown_languages error again for the same tool and arguments, after a non-retryable failure",
    true,
  ),
  "tz-011": partial(
    "validation",
    "unknown_languages",
    false,
    "a batch of three: updated 2, and failed [{key 'account.delete_confirm', error 'unknown_languages: es'}] — one item refused for a language the project lacks",
  ),
  "tz-012": ok("a branch of the token's own created from main"),
  "tz-013": ok("a key's English and German values changed on the new branch (action updated)"),
  "tz-014": ok("the review packet: one changed key with its new and previous values, and the platform link"),
  "tz-015": tool(
    "validation",
    "branch_exists",
    false,
    "isError 'Translatize API error [branch_exists]: A branch with that name already exists …': the name is taken (by tz-012)",
  ),
  "tz-016": tool(
    "permission",
    "branch_not_allowed",
    false,
    "isError 'Translatize API error [branch_not_allowed]: That branch is not in this token's allowed set …': the token may not read release-2-4",
  ),
  "tz-017": tool(
    "business",
    "ai_quota_exceeded",
    false,
    "isError 'Translatize API error [ai_quota_exceeded]: The AI translation quota is exhausted (used 498112 of 500000 …)': the plan's quota refused it; it needs an upgrade or the next billing period",
  ),
  "tz-018": ok(
    "no active job; the last job completed (3 failed values among its counts — data about an earlier job) and the AI quota",
  ),
  "tz-019": tool(
    "auth",
    "token_expired",
    false,
    "isError 'Translatize API error [token_expired]: Authentication failed: the TRANSLATIZE_API_TOKEN is missing, wrong, or expired …'",
  ),
  "tz-020": tool(
    "rate_limited",
    "rate_limited",
    true,
    "isError 'Translatize API error [rate_limited]: Too many requests. Retry after 30 seconds.'",
  ),
  "tz-021": tool(
    "internal",
    null,
    true,
    "isError 'Translatize API error: The Translatize service could not complete the request due to a server-side error. Try again later …': a server-side failure with no code or status shown",
  ),
  "tz-022": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out",
  ),
  "tz-023": tool(
    "transient",
    "network_error",
    true,
    "isError 'Translatize API error [network_error]: Could not reach the Translatize API: fetch failed …': the API was unreachable",
  ),
  "tz-024": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool export_labels not found': the words decide over the generic code",
  ),
  "tz-025": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: Invalid arguments for tool upsert_label: Required at key'",
  ),
};
