// Verdicts for group r36-c, written from the captured exchanges (the `call` objects in
// test/fixtures/server-corpus/groups/r36-c.jsonl), never by running Faultline. Conventions:
// test/fixtures/server-corpus/README.md, "How the verdicts were made": a validator answering that its input is
// malformed is ok; an exit status ("Command failed with exit code 1") is not an error code; the SDK's
// "MCP error -32602: …" inside an isError text gives the code "-32602", and "Tool X not found" is `unknown_tool`.

import { ok, tool } from "../../verdict-helpers.js";
import type { Verdict } from "../../verdicts.js";

const WASTED =
  "The previous call with this tool and these arguments failed non-retryably and this one fails the same way.";

export const VERDICTS: Record<string, Verdict> = {
  // --- jwt-forge-mcp 1.0.4: decodes JWTs without verifying them; failures are isError text -----------------------------
  "jwt-001": ok(
    "The decoded header (HS256) and payload, the signature as hex and '✓ Valid (expires 2100-01-01T00:00:00.000Z)'.",
  ),
  "jwt-002": ok(
    "The decoded header and payload with '✗ Expired (2023-11-14T22:13:20.000Z)': the tool decoded the token and reports its expiry as data about it. The token is expired, the decode is not a failure.",
  ),
  "jwt-003": ok("The decoded service token with 'No expiration claim'."),
  "jwt-004": ok(
    "The decoded RS256 header with its kid, the payload with exp and nbf, and the signature as hex.",
  ),
  "jwt-005": ok(
    "'✓ Has 3 parts / ✓ Header is valid JSON / ✓ Payload is valid JSON' for a well-formed token.",
  ),
  "jwt-006": tool(
    "validation",
    null,
    false,
    "isError '✗ Invalid JWT: must have 3 parts separated by dots' for a token cut after its payload: malformed input.",
  ),
  "jwt-007": tool(
    "validation",
    null,
    false,
    `The same isError '✗ Invalid JWT: must have 3 parts separated by dots'. ${WASTED}`,
    true,
  ),
  "jwt-008": ok(
    "The format check answers '✗ Must have 3 dot-separated parts' with the header and payload parts valid JSON: a validator answering that its input is malformed, which is its data.",
  ),
  "jwt-009": tool(
    "validation",
    null,
    false,
    "isError 'Error: Unexpected token 'u', \"user_8421 \"... is not valid JSON': the payload part is base64url of plain text, not JSON. A JSON parse error on the caller's input, no code.",
  ),
  "jwt-010": tool(
    "validation",
    null,
    false,
    "isError 'Error: Unexpected token …, … is not valid JSON' for the token pasted with its 'Bearer ' prefix: the first part no longer decodes to JSON. Malformed input.",
  ),
  "jwt-011": ok(
    "The format check answers '✓ Has 3 parts / ✗ Header is not valid JSON / ✓ Payload is valid JSON' for the prefixed token: a validator's finding about its input.",
  ),
  "jwt-012": ok(
    "The decoded header and the edited payload (role admin) with '✓ Valid (expires …)'. The tool decodes without verifying signatures (its description says so), so a signature that no longer matches is not something it checks; the decode succeeded.",
  ),
  "jwt-013": ok("The decoded alg=none header and payload with an empty signature and 'No expiration claim'."),
  "jwt-014": ok(
    "A token in standard base64 with padding decoded to its header and payload (Node's base64url decoder accepts the + / = alphabet).",
  ),
  "jwt-015": tool(
    "validation",
    null,
    false,
    "isError 'Error: Invalid time value' for a token whose exp claim is an ISO date string: the server's own date conversion threw a RangeError on the claim. Judged validation (the input's claim is malformed and the words say a value is invalid), not internal.",
  ),
  "jwt-016": tool(
    "validation",
    null,
    false,
    "isError '✗ Invalid JWT: must have 3 parts separated by dots' for a five-part JWE: the input is not a signed JWT.",
  ),
  "jwt-017": tool(
    "validation",
    null,
    false,
    "isError '✗ Invalid JWT: must have 3 parts separated by dots' for an empty token.",
  ),
  "jwt-018": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: Invalid arguments for tool decode_jwt: Invalid input: expected string, received undefined at token': the required argument is missing. The quoted JSON-RPC code is the code.",
  ),
  "jwt-019": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: … expected string, received number at token': a number where the token string belongs.",
  ),
  "jwt-020": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool verify_jwt not found': the server has no such tool. Words decide over the generic code.",
  ),
  "jwt-021": ok(
    "A 200 KB token decoded in full: the header, the 6,000 permission claims and '✓ Valid (expires …)'.",
  ),
  "jwt-022": ok("'✓ Has 3 parts / ✓ Header is valid JSON / ✓ Payload is valid JSON' for the RS256 token."),
  "jwt-023": ok(
    "The decoded token with its non-ASCII name, audience list and nested address, and '✓ Valid (expires …)'.",
  ),
  "jwt-024": ok(
    "'✓ Has 3 parts / ✓ Header is valid JSON / ✓ Payload is valid JSON' for the unsigned alg=none token: the check is of form only, and the form is right.",
  ),

  // --- @notprolands/ast-grep-mcp 1.1.1: runs the ast-grep binary; failures are isError text ---------------------------
  "sg-001": tool(
    "internal",
    null,
    true,
    "isError 'Error: Failed to dump syntax tree: Command failed with exit code 1: Debug CST: program …' followed by the whole syntax tree asked for. ast-grep printed the tree and exited 1 (it found no match for the code in the working folder), and the server treats any non-zero exit as a failure. From the wire a tool failure of the server's own command with no better signal: internal, retryable by the contract's default, though the same call fails the same way.",
  ),
  "sg-002": tool(
    "internal",
    null,
    true,
    "isError 'Error: Failed to dump syntax tree: Command failed with exit code 1: Debug Pattern: await_expression …': as sg-001, the pattern's structure was printed and the command's exit status 1 made the server report a failure. Internal by the contract's default.",
  ),
  "sg-003": ok(
    "'Found 2 matches for pattern: console.log($$$ARGS)' with the two matches in src/money.ts and src/cart.ts.",
  ),
  "sg-004": tool(
    "unknown",
    null,
    false,
    "isError 'Error: Failed to search code: Command failed with exit code 1: ' with nothing after the colon, for a search with no matches (ast-grep exits 1 when it finds nothing and prints an empty result). The wire carries no signal of what went wrong: unknown, not retryable. The real outcome is an empty search, which the server turned into a failure.",
  ),
  "sg-005": ok(
    "'Found 0 matches for the YAML rule.' with 'Matches: []' for a rule looking for await inside a for statement (the project's loop is a for…of, another node kind): a search that found nothing.",
    true,
  ),
  "sg-006": ok("'Test result: MATCH FOUND (1 matches)' with the matched console.log call."),
  "sg-007": ok(
    "'Test result: NO MATCH … No matches found': the rule tested against a snippet it does not match.",
    true,
  ),
  "sg-008": ok(
    "'🔍 Code rewrite analysis completed' with the diff that would change both console.log calls to logger.debug (preview, nothing applied).",
  ),
  "sg-009": ok(
    "'No matches found for pattern: var $NAME = $VALUE … No changes were made.' for a rewrite under src/legacy: from the wire a rewrite that found nothing to change. Yet the file was rewritten (both var declarations became const, their semicolons dropped): ast-grep's --update-all prints nothing, which the server reads as no matches. Judged from the wire.",
    true,
  ),
  "sg-010": ok(
    "'Code scan completed … ❌ Code quality issues found:' with two no-console-log warnings: the scan ran and reports findings about the code, which are its data.",
  ),
  "sg-011": ok("'Import Usage Analysis completed' with the two import statements of src/cart.ts."),
  "sg-012": tool(
    "validation",
    null,
    false,
    "isError 'Failed to dump syntax tree: Command failed with exit code 2: error: invalid value 'cobol' for '--lang <LANG>': cobol is not supported!': a language ast-grep does not have. The exit status is not a code.",
  ),
  "sg-013": ok(
    "'Found 0 matches for pattern: function $NAME(' with 'Matches: []': from the wire a search that found nothing, though the pattern is not valid code (ast-grep read it as an error node and matched nothing) and the server did not say so.",
    true,
  ),
  "sg-014": tool(
    "validation",
    null,
    false,
    "isError 'Error: Project folder not found: /tmp/faultline-corpus-r36-c/shop-api': a named thing that does not exist.",
  ),
  "sg-015": tool(
    "validation",
    null,
    false,
    "isError 'Error: Failed to search code: Path cannot contain directory traversal sequences (..)': the server's own check on the argument refused a relative path with '..'. A bad argument rather than a permission answer.",
  ),
  "sg-016": tool(
    "validation",
    null,
    false,
    'isError \'Error: Invalid YAML rule. Must contain "id:", "language:", and "rule:" fields.\' with an example: the rule has no rule: key.',
  ),
  "sg-017": tool(
    "validation",
    null,
    false,
    `The same isError 'Invalid YAML rule. Must contain …'. ${WASTED}`,
    true,
  ),
  "sg-018": tool(
    "validation",
    null,
    false,
    "isError 'Failed to search with YAML rule: Command failed with exit code 8: Error: Cannot parse rule … mapping values are not allowed in this context at line 5, column 12': malformed YAML.",
  ),
  "sg-019": tool(
    "validation",
    null,
    false,
    "isError 'Failed to test rule: Command failed with exit code 8: Error: Cannot parse rule … data did not match any variant of untagged enum SgLang at line 2, column 11': the rule names a language ast-grep does not know (python3).",
  ),
  "sg-020": tool(
    "validation",
    null,
    false,
    "isError 'Error: Pattern \"TODO\" appears to be literal text search. This tool is for AST code patterns only.': the server's own check refused a plain word as a rewrite pattern.",
  ),
  "sg-021": tool(
    "validation",
    null,
    false,
    "isError 'Error: Rule file not found at .rules/helpers/find-all-imports-and-ids.yml. Please ensure the rule file exists in the project root.': a file the discovery mode needs does not exist in the project.",
  ),
  "sg-022": ok(
    "'Found 2 matches for pattern: console.log($$$ARGS)' again: the earlier rewrite was a preview and changed nothing.",
  ),
  "sg-023": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool lint_code not found': the server has no such tool.",
  ),
  "sg-024": ok("'Found 1 matches for the YAML rule.' with the logger.info call inside refreshPrices."),
  "sg-025": ok("'Found 1 matches for pattern: $LIST.reduce($$$ARGS)' with the reduce call in cartTotal."),
};
