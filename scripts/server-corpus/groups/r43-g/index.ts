// Group r43-g: secrets managers and password vaults — Agent Secret Store (a vault built for AI agents: scoped short-lived
// tokens, access tiers with human approval) through its own server `@agentsecretstore/mcp`, and 1Password through
// `@jrejaud/op-mcp` (Studio Corsair), which runs the 1Password CLI `op` with a service account token. Both over stdio.
// Agent Secret Store's API is a loopback stand-in reached by the server's own `ASS_API_URL`; `op` is a stand-in CLI the
// server finds at its own `OP_PATH` (standins.ts, op-standin.mjs). See README.md.
//
//   (cd scripts/server-corpus/groups/r43-g && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r43-g

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec, type Step } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  AGENT_KEY,
  ALL_STANDINS,
  APPROVAL_ID,
  ASS_PORT,
  DATA,
  OP_LOG,
  OP_TOKEN,
  OP_WRAPPER,
  REVOKED_OP_TOKEN,
  WRONG_AGENT_KEY,
  assStandin,
  clearTimers,
  installOp,
  seen,
  state,
  unknownRequests,
  writeOpState,
  type OpFlag,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));
const HOME = path.join(DATA, "home");

export const PACKAGES: Record<string, string> = {
  "@agentsecretstore/mcp": "1.0.0",
  "@jrejaud/op-mcp": "1.0.0",
};

const flag = stateFlags(state);

/** Sets one of the op stand-in's flags for the call (a state file, since every `op` run is a new process). */
function opFlag(name: OpFlag, extra: Partial<Step> = {}): Partial<Step> {
  return {
    ...extra,
    before: async () => writeOpState({ [name]: true }),
    after: async () => writeOpState({}),
  };
}

// ── Agent Secret Store (stdio) ───────────────────────────────────────────────────────────────────────────────────

function ass(label: string, key: string) {
  return stdioServer(label, "@agentsecretstore/mcp", {
    from: FROM,
    cwd: DATA,
    env: { HOME, ASS_AGENT_KEY: key, ASS_API_URL: `http://127.0.0.1:${ASS_PORT}` },
  });
}

const agentSecretStore: SessionSpec = {
  label: "r43-g-ass",
  server: "@agentsecretstore/mcp",
  transport: "stdio",
  start: ass("r43-g-ass", AGENT_KEY),
  steps: [
    step("g-ass-001", "list_namespaces", {}, "the namespaces this agent can see"),
    step("g-ass-002", "list_secrets", { namespace: "production/openai" }, "secret metadata in a namespace"),
    step(
      "g-ass-003",
      "list_secrets",
      { namespace: "staging/search" },
      "a namespace that holds no secrets yet",
    ),
    step(
      "g-ass-004",
      "get_secret",
      { namespace: "production/openai", key: "OPENAI_API_KEY" },
      "a standard-tier secret's value",
    ),
    step(
      "g-ass-005",
      "get_secret",
      { namespace: "production/openai", key: "OPENAI_ORG_KEY" },
      "a key the namespace does not have (404)",
    ),
    step(
      "g-ass-006",
      "get_secret",
      { namespace: "production/openai", key: "OPENAI_ORG_KEY" },
      "the same lookup again, unchanged",
    ),
    step(
      "g-ass-007",
      "set_secret",
      {
        namespace: "staging/stripe",
        key: "STRIPE_WEBHOOK_SECRET",
        value: "whsec_test_9Lm4Qx2Vr7Tn1Bc8",
        secret_type: "api_key",
      },
      "store a new secret in a staging namespace",
    ),
    step(
      "g-ass-008",
      "set_secret",
      { namespace: "staging/stripe", key: "STRIPE_TEST_KEY", value: "sk_test_51Hx", secret_type: "password" },
      "a secret_type outside the tool's enum (the server's own zod parse)",
    ),
    step(
      "g-ass-009",
      "get_secret",
      { namespace: "production/stripe", key: "STRIPE_SECRET_KEY" },
      "a sensitive-tier secret: the token request is queued for a human approval",
    ),
    step(
      "g-ass-010",
      "get_approval_status",
      { approval_id: APPROVAL_ID },
      "the approval request, still pending",
    ),
    step(
      "g-ass-011",
      "get_approval_status",
      { approval_id: "apr_01JF3W8N6Q2KX4T9ZB7MRC5D1X" },
      "an approval id that does not exist (404)",
    ),
    step(
      "g-ass-012",
      "request_token",
      { scopes: ["secrets:read:staging/*"], ttl: "15m" },
      "a scoped read token for the staging namespaces",
    ),
    step(
      "g-ass-013",
      "list_secrets",
      { namespace: "finance/payroll" },
      "a namespace outside the agent's allowed namespaces (403 on the token request)",
    ),
    step(
      "g-ass-014",
      "delete_secret",
      { namespace: "staging/stripe", key: "STRIPE_WEBHOOK_SECRET" },
      "deletion, which this server leaves to a human",
    ),
    step(
      "g-ass-015",
      "get_secret",
      { namespace: "staging/stripe", key: "STRIPE_WEBHOOK_SECRET" },
      "the scoped token is revoked by the vault owner between issue and use (401)",
      flag("tokenRevoked"),
    ),
    step("g-ass-016", "list_namespaces", {}, "the API answers 429 with Retry-After", flag("rateLimited")),
    step(
      "g-ass-017",
      "list_secrets",
      { namespace: "production/openai" },
      "the API answers 500",
      flag("serverError"),
    ),
    step(
      "g-ass-018",
      "get_secret",
      { namespace: "production/openai", key: "OPENAI_API_KEY" },
      "Cloudflare's 502 page in front of the API",
      flag("badGateway"),
    ),
    step(
      "g-ass-019",
      "list_namespaces",
      {},
      "the API answers 15 s late; the client waits 4 s",
      flag("slow", { timeoutMs: 4000 }),
    ),
    step(
      "g-ass-020",
      "list_secrets",
      { namespace: "staging/search" },
      "the API unreachable (connection refused)",
      {
        ...down(assStandin),
      },
    ),
    step("g-ass-021", "purge_secret", { namespace: "staging/stripe" }, "a tool the server does not have"),
    step(
      "g-ass-022",
      "get_secret",
      { namespace: "production/openai" },
      "get_secret without its key argument",
    ),
  ],
};

const agentSecretStoreWrongKey: SessionSpec = {
  label: "r43-g-ass-key",
  server: "@agentsecretstore/mcp",
  transport: "stdio",
  start: ass("r43-g-ass-key", WRONG_AGENT_KEY),
  steps: [
    step("g-assk-001", "list_namespaces", {}, "an agent key that was rotated (401 on the token request)"),
    step(
      "g-assk-002",
      "get_approval_status",
      { approval_id: APPROVAL_ID },
      "an approval lookup with the rotated agent key (401)",
    ),
  ],
};

// ── 1Password through op (stdio) ────────────────────────────────────────────────────────────────────────────────────

function onePassword(label: string, token: string) {
  return stdioServer(label, "@jrejaud/op-mcp", {
    from: FROM,
    cwd: DATA,
    env: { HOME, OP_PATH: OP_WRAPPER, OP_SERVICE_ACCOUNT_TOKEN: token },
  });
}

const op: SessionSpec = {
  label: "r43-g-op",
  server: "@jrejaud/op-mcp",
  transport: "stdio",
  start: onePassword("r43-g-op", OP_TOKEN),
  steps: [
    step("g-op-001", "vault_list", {}, "the vaults the service account can use"),
    step(
      "g-op-002",
      "item_lookup",
      { query: "github", vault: "Engineering" },
      "items matching a word in one vault",
    ),
    step(
      "g-op-003",
      "item_lookup",
      { query: "datadog", vault: "Engineering" },
      "a search that matches nothing",
    ),
    step(
      "g-op-004",
      "item_lookup",
      { query: "postgres" },
      "a search without a vault (a service account must name one)",
    ),
    step(
      "g-op-005",
      "password_read",
      { reference: "op://Engineering/GitHub deploy bot/password" },
      "one field by secret reference",
    ),
    step(
      "g-op-006",
      "password_read",
      { reference: "op://Engineering/Stripe live/credential" },
      "a reference to an item the vault does not have",
    ),
    step(
      "g-op-007",
      "password_read",
      { reference: "op://Engineering/Stripe live/credential" },
      "the same reference again, unchanged",
    ),
    step(
      "g-op-008",
      "password_read",
      { reference: "Engineering/Postgres staging" },
      "a whole item by vault/item",
    ),
    step(
      "g-op-009",
      "password_read",
      { reference: "op://Engineering/GitHub deploy bot/one-time password" },
      "a field the item does not have",
    ),
    step(
      "g-op-010",
      "password_create",
      {
        title: "Sentry relay token",
        vault: "Engineering",
        category: "password",
        password: "srt_4Kq9Vx2Mz7Lp1Tn8",
        tags: "observability",
      },
      "create a password item",
    ),
    step(
      "g-op-011",
      "password_create",
      {
        title: "Grafana admin",
        vault: "Platform-Prod",
        username: "admin",
        url: "https://grafana.nordbrot.de",
      },
      "create a login in a vault the service account can only read (403)",
    ),
    step(
      "g-op-012",
      "password_update",
      { item: "Postgres staging", vault: "Engineering", field_assignments: ["password=Rt5!mW8qZ2xN6vK3"] },
      "rotate an item's password",
    ),
    step(
      "g-op-013",
      "password_update",
      { item: "Postgres staging", vault: "Engineering", field_assignments: ["passwd"] },
      "an assignment without a value",
    ),
    step(
      "g-op-014",
      "password_generate",
      { length: 24, symbols: false },
      "a generated password (the server tries an op reference first, then falls back to its own generator)",
    ),
    step(
      "g-op-015",
      "item_delete",
      { item: "Sentry relay token", vault: "Engineering" },
      "archive the item created above",
    ),
    step(
      "g-op-016",
      "item_lookup",
      { query: "grafana", vault: "Marketing" },
      "a vault name the account does not have",
    ),
    step(
      "g-op-017",
      "vault_list",
      {},
      "1Password answers 429 for the service account",
      opFlag("rateLimited"),
    ),
    step(
      "g-op-018",
      "item_lookup",
      { query: "github", vault: "Engineering" },
      "1Password answers 500",
      opFlag("serverError"),
    ),
    step(
      "g-op-019",
      "vault_list",
      {},
      "no network: the CLI cannot resolve the account's host",
      opFlag("network"),
    ),
    step(
      "g-op-020",
      "password_read",
      { reference: "op://Engineering/Postgres staging/password" },
      "the CLI answers 15 s late; the client waits 4 s",
      opFlag("slow", { timeoutMs: 4000 }),
    ),
    step("g-op-021", "item_share", { item: "Postgres staging" }, "a tool the server does not have"),
    step(
      "g-op-022",
      "password_create",
      { title: "Anthropic key", vault: "Engineering", category: "api-credential" },
      "a category outside the tool's enum",
    ),
  ],
};

const opRevoked: SessionSpec = {
  label: "r43-g-op-revoked",
  server: "@jrejaud/op-mcp",
  transport: "stdio",
  start: onePassword("r43-g-op-revoked", REVOKED_OP_TOKEN),
  steps: [step("g-opk-001", "vault_list", {}, "a service account token that was revoked (401)")],
};

export const SESSIONS: SessionSpec[] = [agentSecretStore, agentSecretStoreWrongKey, op, opRevoked];

export async function prepare(): Promise<() => Promise<void>> {
  fs.rmSync(DATA, { recursive: true, force: true });
  fs.mkdirSync(HOME, { recursive: true });
  installOp();
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
    if (fs.existsSync(OP_LOG))
      console.error(`op was run ${fs.readFileSync(OP_LOG, "utf8").split("\n").length - 1} times`);
  };
}
