// Verdicts for group r36-b, written from the captured exchanges (test/fixtures/server-corpus/groups/r36-b.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, rpc, silent, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // datamuse-mcp: every failure is isError {"error": "<message>"}; the server's own zod errors are the ZodError's
  // issue array as text; upstream failures are "HTTP error: <status>" or "Rate limit exceeded (100k requests/day)"
  // after three attempts; a network failure is undici's bare "fetch failed".
  "dm-001": ok("five synonyms of 'happy' with their parts of speech"),
  "dm-002": ok("ten synonyms of 'bright' biased toward the topic 'light'"),
  "dm-003": ok("four antonyms of 'generous' (five were allowed)"),
  "dm-004": ok("perfect rhymes for 'orange': the text '[]' — a search that found nothing", true),
  "dm-005": ok("five near rhymes for 'grape' with syllable counts"),
  "dm-006": ok("four sound-alikes for the misspelling 'jirraf', each with its ARPAbet pronunciation"),
  "dm-007": ok("five words matching the pattern 't??k'"),
  "dm-008": ok("words matching 'zzq*x': the text '[]' — a pattern search that found nothing", true),
  "dm-009": ok("five words associated with 'ocean'"),
  "dm-010": ok("five adjectives used with 'ocean', with frequencies"),
  "dm-011": ok("'serendipity': two definitions, part of speech, five syllables, IPA and frequency"),
  "dm-012": silent(
    "validation",
    null,
    false,
    "get_word_info for a made-up word answers an empty record as an ordinary result: definitions [], partOfSpeech [], syllables 0, pronunciation '', frequency 0. A look-up of one named word answered with nothing known about it: the word is not in the dictionary",
  ),
  "dm-013": ok("three completions for the prefix 'serend'"),
  "dm-014": tool(
    "validation",
    "too_small",
    false,
    'isError {"error": "[ { \\"code\\": \\"too_small\\", … \\"String must contain at least 1 character(s)\\", \\"path\\": [\\"word\\"] } ]"} — the server\'s own zod check on an empty word',
  ),
  "dm-015": tool(
    "validation",
    "invalid_enum_value",
    false,
    "isError with the zod issue invalid_enum_value: \"Expected 'perfect' | 'near', received 'slant'\"",
  ),
  "dm-016": tool(
    "validation",
    "invalid_enum_value",
    false,
    "the same invalid_enum_value isError again for the same tool and arguments, after a non-retryable failure",
    true,
  ),
  "dm-017": tool(
    "rate_limited",
    null,
    true,
    'isError {"error": "Rate limit exceeded (100k requests/day)"} after the server\'s three attempts; the 429 and its Retry-After are not shown, so no code',
  ),
  "dm-018": tool(
    "internal",
    "http_500",
    true,
    'isError {"error": "HTTP error: 500"}: Datamuse answered 500 three times (an upstream 500 relayed is internal by the contract)',
  ),
  "dm-019": tool(
    "transient",
    "http_502",
    true,
    'isError {"error": "HTTP error: 502"}: the gateway in front of Datamuse answered 502',
  ),
  "dm-020": tool(
    "transient",
    "http_503",
    true,
    'isError {"error": "HTTP error: 503"}: Datamuse temporarily unavailable',
  ),
  "dm-021": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out (Datamuse answering 15 s late)",
  ),
  "dm-022": tool(
    "transient",
    null,
    true,
    'isError {"error": "fetch failed"}: undici could not reach Datamuse (the proxy refused) after three attempts; no code in the text',
  ),
  "dm-023": ok(
    "dm-001's five synonyms again while Datamuse is unreachable: the server answered from its 5-minute cache, a real success",
  ),
  "dm-024": ok("three antonyms of 'ancient' once Datamuse is back (dm-022's call, now answered)"),
  "dm-025": tool(
    "unknown_tool",
    null,
    false,
    'isError {"error": "Unknown tool: define_word"}: the server has no such tool',
  ),

  // urban-dictionary-mcp: every failure is isError "Error: …"; upstream failures are axios's message after
  // 'Failed to fetch definitions for "<term>": ' ("Request failed with status code N", "timeout of 5000ms exceeded",
  // "connect ECONNREFUSED …"). A thrown TypeError reaches the client as JSON-RPC -32603.
  "ud-001": ok("three definitions of 'rizz', sorted by thumbs up"),
  "ud-002": ok("two definitions of 'ghosting' (limit 2)"),
  "ud-003": ok("one of two definitions of 'no cap' (limit 1)"),
  "ud-004": ok("a random word ('snackish') with its definition"),
  "ud-005": ok(
    "'No definitions found for \"qzxv florpington\". Try a different term or check the spelling.' as an ordinary result: Urban Dictionary's search by term found nothing (list [])",
    true,
  ),
  "ud-006": tool(
    "validation",
    null,
    false,
    "isError 'Error: Term is required and cannot be empty.' — the server's own check on an empty term",
  ),
  "ud-007": tool(
    "validation",
    null,
    false,
    "the same isError 'Term is required' again for the same tool and arguments, after a non-retryable failure",
    true,
  ),
  "ud-008": tool(
    "validation",
    null,
    false,
    "isError 'Error: Term is required and cannot be empty.' with no term at all (other arguments than ud-007's, so not a repeat)",
  ),
  "ud-009": rpc(
    "internal",
    "-32603",
    true,
    "JSON-RPC error -32603 'term.trim is not a function': the handler threw a TypeError on a number where the term string belongs. The words carry no validation signal, so internal and retryable by the contract's default, though the same call fails again",
  ),
  "ud-010": tool(
    "rate_limited",
    "http_429",
    true,
    "isError 'Error: Failed to fetch definitions for \"bussin\": Request failed with status code 429'",
  ),
  "ud-011": tool(
    "internal",
    "http_500",
    true,
    "isError 'Error: Failed to fetch random word: Request failed with status code 500' (an upstream 500 relayed)",
  ),
  "ud-012": tool(
    "transient",
    "http_502",
    true,
    "isError '… Request failed with status code 502': Cloudflare's bad gateway in front of the API",
  ),
  "ud-013": tool(
    "permission",
    "http_403",
    false,
    "isError '… Request failed with status code 403': the client was refused (a Cloudflare challenge behind it, which the text does not show)",
  ),
  "ud-014": tool(
    "permission",
    "http_403",
    false,
    "the same 403 isError again for the same tool and arguments, after a non-retryable failure",
    true,
  ),
  "ud-015": tool(
    "transient",
    "http_503",
    true,
    "isError '… Request failed with status code 503': the API temporarily unavailable",
  ),
  "ud-016": tool(
    "transient",
    null,
    true,
    "isError '… timeout of 5000ms exceeded': the server's own 5 s request timeout fired before the client's; no status or system error name",
  ),
  "ud-017": tool(
    "transient",
    "econnrefused",
    true,
    "isError '… connect ECONNREFUSED 127.0.0.1:43351': the way to Urban Dictionary refused the connection",
  ),
  "ud-018": silent(
    "transient",
    null,
    true,
    "'Unable to fetch a random word at this time. Please try again.' as an ordinary result: the tool says it failed to get a word (the API answered an empty list) and to try again",
  ),
  "ud-019": ok("three definitions of 'rizz' once the API is back (limit 5, three exist)"),
  "ud-020": tool("unknown_tool", null, false, "isError 'Error: Unknown tool \"slang_of_the_day\"'"),
};
