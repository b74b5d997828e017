// Verdicts for group r33-b, written from the captured exchanges (the `call` objects in
// test/fixtures/server-corpus/groups/r33-b.jsonl), never by running Faultline. Conventions:
// test/fixtures/server-corpus/README.md, "How the verdicts were made".

import { ok, silent, tool, wire } from "../../verdict-helpers.js";
import type { Verdict } from "../../verdicts.js";

const WASTED =
  "The previous call with this tool and these arguments failed non-retryably and this one fails the same way.";

export const VERDICTS: Record<string, Verdict> = {
  // --- @eslint/mcp: ESLint 10 on small projects on disk --------------------------------------------------------------
  "esl-001": ok(
    "One lint result for clean.js: messages [], errorCount 0, warningCount 0 (plus ESLint's note that 'semi' is deprecated). A report about the file that was asked for, not a search that found nothing.",
  ),
  "esl-002": ok(
    "orders.js linted: 5 errors (prefer-const, no-unused-vars, eqeqeq, no-undef 'apiBase', semi) and 1 warning (no-console). A linter reporting problems in its input is a success.",
  ),
  "esl-003": ok("Two lint results: clean.js with no messages, orders.js with 5 errors and 1 warning."),
  "esl-004": ok(
    "broken.js: one fatal message 'Parsing error: Unexpected token ;' at 3:26, errorCount 1. ESLint ran and reported the syntax error in the file it was asked to check; that is its job, not a failure of the call.",
  ),
  "esl-005": ok(
    "The src folder: three results (broken.js with its parsing error, clean.js clean, orders.js 5 errors / 1 warning).",
  ),
  "esl-006": ok("The glob src/*.js: the same three results as the folder."),
  "esl-007": ok(
    "One result for dist/bundle.js with a warning 'File ignored because of a matching ignore pattern. Use \"--no-ignore\" …': the project's config ignores dist/**, and ESLint says so about the file; the call did what the project's config asks.",
  ),
  "esl-008": ok(
    "One result for notes.ts with a warning 'File ignored because no matching configuration was supplied.': no config block covers .ts files; ESLint reports that about its input.",
  ),
  "esl-009": ok(
    "The relative path resolved against the server's cwd: orders.js with 5 errors and 1 warning.",
  ),
  "esl-010": tool(
    "validation",
    null,
    false,
    "isError \"No files matching '…/src/checkout.js' were found.\": the path names a file that does not exist; no code in the payload.",
  ),
  "esl-011": tool(
    "validation",
    null,
    false,
    `The same 'No files matching … were found.' again. ${WASTED}`,
    true,
  ),
  "esl-012": tool(
    "validation",
    null,
    false,
    "isError \"No files matching '…/src/payments.js' were found.\": one of the two paths does not exist and ESLint refuses the whole call (no result for clean.js comes back), so a failure, not a partial success.",
  ),
  "esl-013": tool(
    "validation",
    null,
    false,
    "isError \"All files matched by '…/app/docs' are ignored.\": the folder holds nothing ESLint lints (only a README.md); the caller must name other files.",
  ),
  "esl-014": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: Invalid arguments for tool lint-files: Array must contain at least 1 element(s) at filePaths'.",
  ),
  "esl-015": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: … Expected array, received string at filePaths'.",
  ),
  "esl-016": tool(
    "validation",
    null,
    false,
    'isError \'Key "rules": Key "semi": Value "sometimes" should be equal to one of the allowed values. …\': the project\'s eslint.config.mjs gives the rule an option it does not take; the config must change.',
  ),
  "esl-017": tool("validation", null, false, `The same invalid 'semi' option again. ${WASTED}`, true),
  "esl-018": tool(
    "validation",
    null,
    false,
    'isError \'Key "rules": Key "no-floating-promises": Could not find "no-floating-promises" in plugin "@".\': the config names a rule ESLint does not have.',
  ),
  "esl-019": tool(
    "validation",
    null,
    false,
    "isError \"Cannot find package 'eslint-plugin-react' imported from …/plugin/eslint.config.mjs\": the project's config needs a plugin that is not installed; nothing succeeds until someone installs it. The text does not carry Node's ERR_MODULE_NOT_FOUND, so no code.",
  ),
  "esl-020": tool(
    "validation",
    null,
    false,
    "isError \"Unexpected token ']'\": the project's eslint.config.mjs does not parse (a missing brace), so ESLint cannot load it; the file must be fixed. The wire shows only the syntax error's words, without the file's name.",
  ),
  "esl-021": tool(
    "validation",
    null,
    false,
    "isError 'Could not find config file.': no eslint.config.* exists in any folder above the file; ESLint 10 will not lint without one.",
  ),
  "esl-022": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool fix-files not found': the server has only lint-files.",
  ),
  "esl-023": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 3 s: MCP error -32001 Request timed out. The project's id-match pattern ^(a+)+$ backtracks catastrophically on a 31-letter identifier and holds the server's event loop; the next try meets the same pattern, but by the contract a client timeout is transient.",
  ),

  // --- mcp-graphql-schema: a shop's schema in SDL -------------------------------------------------------------------
  "gqs-001": ok("The five root query fields: order, orders, customer, search, node."),
  "gqs-002": ok("The SDL of Query.orders with its arguments."),
  "gqs-003": silent(
    "validation",
    null,
    false,
    "'Field not found or has no definition' as an ordinary result: a lookup of one query field that the schema does not have.",
  ),
  "gqs-004": silent(
    "validation",
    null,
    false,
    `The same 'Field not found or has no definition' again. ${WASTED}`,
    true,
  ),
  "gqs-005": ok("The three root mutation fields."),
  "gqs-006": ok("The SDL of Mutation.createOrder."),
  "gqs-007": ok("The two root subscription fields."),
  "gqs-008": ok("The SDL of Subscription.orderUpdated."),
  "gqs-009": ok("Twenty-five type names, built-in scalars included."),
  "gqs-010": ok("The Order type in SDL, with its description."),
  "gqs-011": ok(
    "String has no SDL of its own; the tool answers its name, GraphQL's description and 'Kind: GraphQLScalarType' — the built-in type was found.",
  ),
  "gqs-012": silent(
    "validation",
    null,
    false,
    "'Type \"Invoice\" not found' as an ordinary result: a lookup of one named type that the schema does not have.",
  ),
  "gqs-013": silent(
    "validation",
    null,
    false,
    "'Type \"order\" not found' as an ordinary result: type names are case-sensitive and the schema has Order, not order.",
  ),
  "gqs-014": ok("Customer's five fields with their types."),
  "gqs-015": ok("CreateOrderInput's three input fields."),
  "gqs-016": silent(
    "validation",
    null,
    false,
    "'Type \"OrderStatus\" is not an object type with fields' as an ordinary result: the fields of an enum were asked for, and none came back; the caller must ask for another type (or use get-type).",
  ),
  "gqs-017": ok("Eight matching types and eight matching fields for 'order'."),
  "gqs-018": ok(
    "'Matching types: None' but one matching field, Customer.shippingAddress: the search found something.",
  ),
  "gqs-019": ok(
    "'Matching types: None / Matching fields: None': nothing in the schema matches 'warehouse'.",
    true,
  ),
  "gqs-020": tool(
    "validation",
    null,
    false,
    "isError 'Invalid regular expression: /order(/i: Unterminated group': the pattern argument is not a valid regular expression (a SyntaxError the SDK turned into isError).",
  ),
  "gqs-021": tool("validation", null, false, `The same invalid regular expression again. ${WASTED}`, true),
  "gqs-022": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: Invalid arguments for tool get-type: Required at typeName'.",
  ),
  "gqs-023": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: … Expected string, received number at typeName'.",
  ),
  "gqs-024": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool validate-query not found': the server has no query validator.",
  ),
};
