// Group r33-b: developer utilities that run locally — ESLint's own MCP server (@eslint/mcp, the ESLint team) linting
// small projects on disk, and mcp-graphql-schema (hannesj) browsing a GraphQL schema file. Both over stdio, with no
// service behind them: the files they read are written under /tmp/faultline-corpus-r33-b/ (workspace.ts).
//
//   (cd scripts/server-corpus/groups/r33-b && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r33-b

import path from "node:path";
import { fileURLToPath } from "node:url";
import { stdioServer, type SessionSpec } from "../../harness.js";
import { step } from "../../steps.js";
import { APP, DATA, ESLINT, SCHEMA, writeWorkspace } from "./workspace.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@eslint/mcp": "0.3.13",
  "mcp-graphql-schema": "0.0.2",
};

const HOME = path.join(DATA, "home");
const src = (name: string) => path.join(APP, "src", name);
const project = (name: string) => path.join(ESLINT, name);

// ------------------------------------------------------------------------------------------------- @eslint/mcp

const eslint: SessionSpec = {
  label: "r33-b-eslint",
  server: "@eslint/mcp",
  transport: "stdio",
  start: stdioServer("r33-b-eslint", "@eslint/mcp", { from: FROM, cwd: APP, env: { HOME } }),
  steps: [
    step("esl-001", "lint-files", { filePaths: [src("clean.js")] }, "a file with no problems"),
    step(
      "esl-002",
      "lint-files",
      { filePaths: [src("orders.js")] },
      "a file with problems (undefined global, ==, missing semicolon, unused variable, let, console)",
    ),
    step(
      "esl-003",
      "lint-files",
      { filePaths: [src("clean.js"), src("orders.js")] },
      "two files, one clean and one with problems",
    ),
    step(
      "esl-004",
      "lint-files",
      { filePaths: [src("broken.js")] },
      "a file with a syntax error (ESLint reports a fatal parsing error about it)",
    ),
    step("esl-005", "lint-files", { filePaths: [path.join(APP, "src")] }, "a whole folder"),
    step("esl-006", "lint-files", { filePaths: [path.join(APP, "src", "*.js")] }, "a glob pattern"),
    step(
      "esl-007",
      "lint-files",
      { filePaths: [path.join(APP, "dist", "bundle.js")] },
      "a file under the config's ignores (dist/**)",
    ),
    step(
      "esl-008",
      "lint-files",
      { filePaths: [src("notes.ts")] },
      "a TypeScript file no config block matches",
    ),
    step(
      "esl-009",
      "lint-files",
      { filePaths: ["src/orders.js"] },
      "a relative path (resolved against the cwd)",
    ),
    step(
      "esl-010",
      "lint-files",
      { filePaths: [src("checkout.js")] },
      "a file that does not exist ('No files matching the pattern')",
    ),
    step("esl-011", "lint-files", { filePaths: [src("checkout.js")] }, "the same call again, path unchanged"),
    step(
      "esl-012",
      "lint-files",
      { filePaths: [src("clean.js"), src("payments.js")] },
      "one file that exists and one that does not",
    ),
    step(
      "esl-013",
      "lint-files",
      { filePaths: [path.join(APP, "docs")] },
      "a folder with no lintable files (only a README.md)",
    ),
    step("esl-014", "lint-files", { filePaths: [] }, "an empty list of paths (schema: nonempty)"),
    step("esl-015", "lint-files", { filePaths: src("orders.js") }, "a single path as a string, not an array"),
    step(
      "esl-016",
      "lint-files",
      { filePaths: [path.join(project("badrule"), "index.js")] },
      "a project whose config gives 'semi' an option it does not take",
    ),
    step(
      "esl-017",
      "lint-files",
      { filePaths: [path.join(project("badrule"), "index.js")] },
      "the same call again, config unchanged",
    ),
    step(
      "esl-018",
      "lint-files",
      { filePaths: [path.join(project("unknownrule"), "index.js")] },
      "a project whose config turns on a rule ESLint does not have",
    ),
    step(
      "esl-019",
      "lint-files",
      { filePaths: [path.join(project("plugin"), "App.jsx")] },
      "a project whose config imports a plugin that is not installed",
    ),
    step(
      "esl-020",
      "lint-files",
      { filePaths: [path.join(project("syntaxconf"), "index.js")] },
      "a project whose eslint.config.mjs has a syntax error",
    ),
    step(
      "esl-021",
      "lint-files",
      { filePaths: [path.join(DATA, "loose", "script.js")] },
      "a file with no eslint.config.* in any folder above it",
    ),
    step("esl-022", "fix-files", { filePaths: [src("orders.js")] }, "a tool the server does not have"),
    step(
      "esl-023",
      "lint-files",
      { filePaths: [path.join(project("idmatch"), "names.js")] },
      "an id-match pattern with catastrophic backtracking, ^(a+)+$, on a 32-character identifier (client timeout 3 s)",
      { timeoutMs: 3_000 },
    ),
  ],
};

// ------------------------------------------------------------------------------------------ mcp-graphql-schema

const gql: SessionSpec = {
  label: "r33-b-graphql-schema",
  server: "mcp-graphql-schema",
  transport: "stdio",
  start: stdioServer("r33-b-graphql-schema", "mcp-graphql-schema", {
    from: FROM,
    cwd: path.dirname(SCHEMA),
    args: [SCHEMA],
    env: { HOME },
  }),
  steps: [
    step("gqs-001", "list-query-fields", {}, "the root query fields"),
    step("gqs-002", "get-query-field", { fieldName: "orders" }, "one query field's definition"),
    step("gqs-003", "get-query-field", { fieldName: "invoices" }, "a query field the schema does not have"),
    step("gqs-004", "get-query-field", { fieldName: "invoices" }, "the same call again, name unchanged"),
    step("gqs-005", "list-mutation-fields", {}, "the root mutation fields"),
    step("gqs-006", "get-mutation-field", { fieldName: "createOrder" }, "one mutation's definition"),
    step("gqs-007", "list-subscription-fields", {}, "the root subscription fields"),
    step("gqs-008", "get-subscription-field", { fieldName: "orderUpdated" }, "one subscription's definition"),
    step("gqs-009", "list-types", {}, "every type in the schema"),
    step("gqs-010", "get-type", { typeName: "Order" }, "an object type in SDL"),
    step("gqs-011", "get-type", { typeName: "String" }, "a built-in scalar (no SDL of its own)"),
    step("gqs-012", "get-type", { typeName: "Invoice" }, "a type the schema does not have"),
    step("gqs-013", "get-type", { typeName: "order" }, "a type name in the wrong case"),
    step("gqs-014", "get-type-fields", { typeName: "Customer" }, "an object type's fields"),
    step("gqs-015", "get-type-fields", { typeName: "CreateOrderInput" }, "an input type's fields"),
    step(
      "gqs-016",
      "get-type-fields",
      { typeName: "OrderStatus" },
      "the fields of an enum ('is not an object type with fields')",
    ),
    step("gqs-017", "search-schema", { pattern: "order" }, "types and fields whose names match 'order'"),
    step("gqs-018", "search-schema", { pattern: "^ship" }, "a regular expression anchored at the start"),
    step("gqs-019", "search-schema", { pattern: "warehouse" }, "a search that matches nothing"),
    step("gqs-020", "search-schema", { pattern: "order(" }, "an invalid regular expression"),
    step("gqs-021", "search-schema", { pattern: "order(" }, "the same call again, pattern unchanged"),
    step("gqs-022", "get-type", {}, "typeName missing"),
    step("gqs-023", "get-type-fields", { typeName: 42 }, "typeName given as a number"),
    step(
      "gqs-024",
      "validate-query",
      { query: "{ order(id: 1) { id } }" },
      "a tool the server does not have",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [eslint, gql];

export async function prepare(): Promise<() => Promise<void>> {
  writeWorkspace();
  return async () => {};
}
