// Group r36-c: developer utilities run locally — jwt-forge-mcp (ryudi84, "Sovereign"), which decodes JSON Web
// Tokens and checks that they are well formed, and @notprolands/ast-grep-mcp (notprolands), which runs ast-grep's
// structural search, YAML rule tests and rewrites over a small TypeScript project. Both over stdio, with no
// service behind them; ast-grep is the Linux binary that @ast-grep/cli-linux-x64-gnu ships in its npm package
// (pinned here, put on the server's PATH). The servers' folders are under /tmp/faultline-corpus-r36-c/, made
// afresh by `prepare`.
//
//   (cd scripts/server-corpus/groups/r36-c && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r36-c

import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stdioServer, type SessionSpec } from "../../harness.js";
import { step } from "../../steps.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));
const DATA = "/tmp/faultline-corpus-r36-c";
const HOME = path.join(DATA, "home");
const JWT_CWD = path.join(DATA, "jwt");
const PROJECT = path.join(DATA, "shop-web");
const AST_GREP_BIN = path.join(FROM, "node_modules", "@ast-grep", "cli-linux-x64-gnu");

export const PACKAGES: Record<string, string> = {
  "jwt-forge-mcp": "1.0.4",
  "@notprolands/ast-grep-mcp": "1.1.1",
};

// ------------------------------------------------------------------------------------------------ jwt-forge-mcp

const b64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");
const SECRET = "r36c-not-a-real-secret";

/** An HS256 token signed with SECRET (fixed claims, so the fixture is the same on every run). */
function hs256(payload: Record<string, unknown>, header: Record<string, unknown> = {}): string {
  const head = b64url(JSON.stringify({ alg: "HS256", typ: "JWT", ...header }));
  const body = b64url(JSON.stringify(payload));
  const sig = crypto.createHmac("sha256", SECRET).update(`${head}.${body}`).digest("base64url");
  return `${head}.${body}.${sig}`;
}

const VALID = hs256({
  iss: "https://auth.shop.example",
  sub: "user_8421",
  aud: "checkout-api",
  scope: "orders:read orders:write",
  iat: 1767225600,
  exp: 4102444800,
});
const EXPIRED = hs256({
  iss: "https://auth.shop.example",
  sub: "user_8421",
  iat: 1699996400,
  exp: 1700000000,
});
const NO_EXP = hs256({ sub: "service-account-billing", role: "batch" });
const [vHead, vBody, vSig] = VALID.split(".") as [string, string, string];
// RS256 header with a key id; the signature is 256 fixed bytes (this server never verifies signatures).
const RS256 = [
  b64url(JSON.stringify({ alg: "RS256", typ: "JWT", kid: "2026-11-key-1" })),
  b64url(JSON.stringify({ iss: "https://login.example.org", sub: "ada", exp: 4102444800, nbf: 1767225600 })),
  Buffer.alloc(256, 7).toString("base64url"),
].join(".");
const TAMPERED = `${vHead}.${b64url(JSON.stringify({ sub: "user_8421", role: "admin", exp: 4102444800 }))}.${vSig}`;
const ALG_NONE = `${b64url(JSON.stringify({ alg: "none", typ: "JWT" }))}.${b64url(JSON.stringify({ sub: "guest" }))}.`;
const TWO_PARTS = `${vHead}.${vBody}`;
const TEXT_PAYLOAD = `${vHead}.${b64url("user_8421 logged in at 10:42")}.${vSig}`;
// The same claims in standard base64 with padding (+, / and =) rather than base64url.
const STD_B64 = [
  Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64"),
  Buffer.from(JSON.stringify({ sub: "user_8421", note: "a>b?c", exp: 4102444800 })).toString("base64"),
  vSig,
].join(".");
const EXP_STRING = hs256({ sub: "user_8421", exp: "2027-01-01T00:00:00Z" });
const JWE = [
  b64url(JSON.stringify({ alg: "RSA-OAEP-256", enc: "A256GCM" })),
  b64url(Buffer.alloc(32, 1)),
  b64url(Buffer.alloc(12, 2)),
  b64url(Buffer.alloc(40, 3)),
  b64url(Buffer.alloc(16, 4)),
].join(".");
const OVERSIZED = hs256({
  sub: "user_8421",
  exp: 4102444800,
  permissions: Array.from({ length: 6000 }, (_, i) => `catalog:item:${i}:read`),
});

const UNICODE = hs256({
  sub: "user_9001",
  name: "Zoë Ångström 名前",
  aud: ["checkout-api", "orders-api"],
  address: { city: "Köln", country: "DE" },
  exp: 4102444800,
});

const jwt: SessionSpec = {
  label: "r36-c-jwt-forge",
  server: "jwt-forge-mcp",
  transport: "stdio",
  start: stdioServer("r36-c-jwt-forge", "jwt-forge-mcp", { from: FROM, cwd: JWT_CWD, env: { HOME } }),
  steps: [
    step("jwt-001", "decode_jwt", { token: VALID }, "an HS256 access token that expires in 2100"),
    step("jwt-002", "decode_jwt", { token: EXPIRED }, "a token that expired in November 2023"),
    step("jwt-003", "decode_jwt", { token: NO_EXP }, "a service token with no exp claim"),
    step("jwt-004", "decode_jwt", { token: RS256 }, "an RS256 token with a key id and nbf"),
    step("jwt-005", "validate_jwt_format", { token: VALID }, "check a well-formed token"),
    step("jwt-006", "decode_jwt", { token: TWO_PARTS }, "a token cut after the payload (two parts)"),
    step("jwt-007", "decode_jwt", { token: TWO_PARTS }, "the same call again, unchanged"),
    step("jwt-008", "validate_jwt_format", { token: TWO_PARTS }, "check the two-part token's format"),
    step(
      "jwt-009",
      "decode_jwt",
      { token: TEXT_PAYLOAD },
      "a payload that is base64url of plain text, not JSON",
    ),
    step("jwt-010", "decode_jwt", { token: `Bearer ${VALID}` }, "the token pasted with its 'Bearer ' prefix"),
    step(
      "jwt-011",
      "validate_jwt_format",
      { token: `Bearer ${VALID}` },
      "check the format of the token with its 'Bearer ' prefix",
    ),
    step(
      "jwt-012",
      "decode_jwt",
      { token: TAMPERED },
      "a token whose payload was edited after signing (the signature no longer matches)",
    ),
    step("jwt-013", "decode_jwt", { token: ALG_NONE }, "an unsigned alg=none token with an empty signature"),
    step("jwt-014", "decode_jwt", { token: STD_B64 }, "a token in standard base64 with padding"),
    step(
      "jwt-015",
      "decode_jwt",
      { token: EXP_STRING },
      "an exp claim written as an ISO date string instead of seconds",
    ),
    step("jwt-016", "decode_jwt", { token: JWE }, "an encrypted token (JWE, five parts)"),
    step("jwt-017", "decode_jwt", { token: "" }, "an empty token"),
    step("jwt-018", "decode_jwt", {}, "the token argument missing"),
    step("jwt-019", "decode_jwt", { token: 12345 }, "a number where the token string belongs"),
    step("jwt-020", "verify_jwt", { token: VALID, secret: SECRET }, "a tool the server does not have"),
    step("jwt-021", "decode_jwt", { token: OVERSIZED }, "a 200 KB token with 6,000 permission claims"),
    step("jwt-022", "validate_jwt_format", { token: RS256 }, "check the RS256 token's format"),
    step("jwt-023", "decode_jwt", { token: UNICODE }, "a token with non-ASCII names and an audience list"),
    step("jwt-024", "validate_jwt_format", { token: ALG_NONE }, "check the unsigned alg=none token's format"),
  ],
};

// ----------------------------------------------------------------------------------------- @notprolands/ast-grep-mcp

const astEnv = { HOME, PATH: `${AST_GREP_BIN}:/usr/local/bin:/usr/bin:/bin`, TMPDIR: path.join(DATA, "tmp") };

const CONSOLE_RULE = `id: no-console-log
language: typescript
rule:
  pattern: console.log($$$ARGS)
message: Remove console.log before shipping
severity: warning
`;

const astGrep: SessionSpec = {
  label: "r36-c-ast-grep",
  server: "@notprolands/ast-grep-mcp",
  transport: "stdio",
  start: stdioServer("r36-c-ast-grep", "@notprolands/ast-grep-mcp", {
    from: FROM,
    cwd: PROJECT,
    env: astEnv,
  }),
  steps: [
    step(
      "sg-001",
      "dump_syntax_tree",
      {
        code: "const total = items.reduce((s, i) => s + i.price, 0);",
        language: "typescript",
        format: "cst",
      },
      "the concrete syntax tree of one TypeScript line",
    ),
    step(
      "sg-002",
      "dump_syntax_tree",
      { code: "await Promise.all($$$CALLS)", language: "typescript", format: "pattern" },
      "how a pattern with a multi-node metavariable is read",
    ),
    step(
      "sg-003",
      "find_code",
      { project_folder: PROJECT, pattern: "console.log($$$ARGS)", language: "typescript" },
      "find console.log calls in the project",
    ),
    step(
      "sg-004",
      "find_code",
      { project_folder: PROJECT, pattern: "debugger", language: "typescript" },
      "find debugger statements (there are none)",
    ),
    step(
      "sg-005",
      "find_code_by_rule",
      {
        project_folder: PROJECT,
        yaml: `id: await-in-loop
language: typescript
rule:
  pattern: await $CALL
  inside:
    kind: for_statement
    stopBy: end
`,
      },
      "a YAML rule: await inside a for loop",
    ),
    step(
      "sg-006",
      "test_match_code_rule",
      { code: 'console.log("cart", cart);\nlogger.info("cart");', yaml: CONSOLE_RULE },
      "test a rule against a snippet that matches once",
    ),
    step(
      "sg-007",
      "test_match_code_rule",
      { code: 'logger.info("cart");', yaml: CONSOLE_RULE },
      "test the rule against a snippet it does not match",
    ),
    step(
      "sg-008",
      "rewrite_code",
      {
        project_folder: PROJECT,
        pattern: "console.log($$$ARGS)",
        replacement: "logger.debug($$$ARGS)",
        language: "typescript",
        auto_apply: false,
      },
      "preview a rewrite of console.log to logger.debug",
    ),
    step(
      "sg-009",
      "rewrite_code",
      {
        project_folder: PROJECT,
        pattern: "var $NAME = $VALUE",
        replacement: "const $NAME = $VALUE",
        language: "typescript",
        globs: ["src/legacy/**"],
      },
      "apply a rewrite of var to const under src/legacy",
    ),
    step("sg-010", "scan-code", {}, "scan the project with its sgconfig.yml rules"),
    step(
      "sg-011",
      "analyze-imports",
      { mode: "usage" },
      "import usage analysis with the project's helper rule",
    ),
    step(
      "sg-012",
      "dump_syntax_tree",
      { code: "PERFORM 100-MAIN UNTIL WS-EOF = 'Y'.", language: "cobol", format: "cst" },
      "a language ast-grep does not have",
    ),
    step(
      "sg-013",
      "find_code",
      { project_folder: PROJECT, pattern: "function $NAME(", language: "typescript" },
      "a pattern that is not valid code (an unclosed parameter list)",
    ),
    step(
      "sg-014",
      "find_code",
      {
        project_folder: path.join(DATA, "shop-api"),
        pattern: "console.log($$$ARGS)",
        language: "typescript",
      },
      "a project folder that does not exist",
    ),
    step(
      "sg-015",
      "find_code",
      { project_folder: "../shop-api", pattern: "console.log($$$ARGS)", language: "typescript" },
      "a relative project folder with '..'",
    ),
    step(
      "sg-016",
      "find_code_by_rule",
      { project_folder: PROJECT, yaml: "id: no-console\nlanguage: typescript\npattern: console.log($$$)\n" },
      "a YAML rule without its rule: key",
    ),
    step(
      "sg-017",
      "find_code_by_rule",
      { project_folder: PROJECT, yaml: "id: no-console\nlanguage: typescript\npattern: console.log($$$)\n" },
      "the same call again, unchanged",
    ),
    step(
      "sg-018",
      "find_code_by_rule",
      {
        project_folder: PROJECT,
        yaml: "id: no-console\nlanguage: typescript\nrule:\n  pattern: console.log($$$)\n   severity: error\n",
      },
      "a YAML rule with broken indentation",
    ),
    step(
      "sg-019",
      "test_match_code_rule",
      { code: "print('hi')", yaml: "id: no-print\nlanguage: python3\nrule:\n  pattern: print($$$)\n" },
      "a rule naming a language ast-grep does not know (python3)",
    ),
    step(
      "sg-020",
      "rewrite_code",
      { project_folder: PROJECT, pattern: "TODO", replacement: "FIXME", language: "typescript" },
      "a plain-text word as the rewrite pattern",
    ),
    step(
      "sg-021",
      "analyze-imports",
      { mode: "discovery" },
      "import discovery, whose helper rule the project does not have",
    ),
    step(
      "sg-022",
      "find_code",
      { project_folder: PROJECT, pattern: "console.log($$$ARGS)", language: "typescript" },
      "find console.log again after the rewrite preview (the preview changed nothing)",
    ),
    step("sg-023", "lint_code", { project_folder: PROJECT }, "a tool the server does not have"),
    step(
      "sg-024",
      "find_code_by_rule",
      {
        project_folder: PROJECT,
        yaml: `id: logger-calls-in-functions
language: typescript
rule:
  pattern: logger.$METHOD($$$ARGS)
  inside:
    kind: function_declaration
    stopBy: end
`,
      },
      "a YAML rule: logger calls inside function declarations",
    ),
    step(
      "sg-025",
      "find_code",
      { project_folder: PROJECT, pattern: "$LIST.reduce($$$ARGS)", language: "typescript" },
      "find reduce calls",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [jwt, astGrep];

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

export async function prepare(): Promise<() => Promise<void>> {
  fs.rmSync(DATA, { recursive: true, force: true });
  for (const dir of [HOME, JWT_CWD, PROJECT, path.join(DATA, "tmp")]) fs.mkdirSync(dir, { recursive: true });
  write(path.join(PROJECT, "package.json"), '{ "name": "shop-web", "private": true, "type": "module" }\n');
  write(
    path.join(PROJECT, "src", "cart.ts"),
    `import { logger } from "./logger";
import { formatPrice } from "./money";

export interface Item { sku: string; price: number; qty: number }

export function cartTotal(items: Item[]): number {
  const total = items.reduce((s, i) => s + i.price * i.qty, 0);
  console.log("cart total", total);
  return total;
}

export async function refreshPrices(items: Item[], fetchPrice: (sku: string) => Promise<number>) {
  for (const item of items) {
    item.price = await fetchPrice(item.sku);
  }
  logger.info("prices refreshed", formatPrice(cartTotal(items)));
}
`,
  );
  write(
    path.join(PROJECT, "src", "logger.ts"),
    `export const logger = {
  info: (...args: unknown[]) => console.info(...args),
  debug: (...args: unknown[]) => console.debug(...args),
};
`,
  );
  write(
    path.join(PROJECT, "src", "money.ts"),
    `export function formatPrice(cents: number): string {
  console.log("formatting", cents);
  return (cents / 100).toFixed(2);
}
`,
  );
  write(
    path.join(PROJECT, "src", "legacy", "coupons.ts"),
    `var discountRate = 0.1;
var maxCoupons = 3;

export function applyCoupon(total: number): number {
  return total * (1 - discountRate);
}
`,
  );
  write(path.join(PROJECT, "sgconfig.yml"), "ruleDirs:\n  - rules\n");
  write(path.join(PROJECT, "rules", "no-console-log.yml"), CONSOLE_RULE);
  write(
    path.join(PROJECT, ".rules", "helpers", "find-import-usage.yml"),
    `id: find-import-usage
language: typescript
rule:
  kind: import_statement
message: import statement
severity: info
`,
  );
  return async () => {};
}
