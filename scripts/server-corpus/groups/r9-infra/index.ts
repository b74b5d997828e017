// Group r9-infra: infrastructure APIs agents call — web search (Perplexity), two secrets managers
// (Doppler, Infisical) and a hosting platform's management API (Supabase) — each behind a loopback
// stand-in that answers with the real API's bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r9-infra && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r9-infra

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  DOPPLER_PORT,
  DOPPLER_TOKEN,
  INFISICAL_CLIENT_ID,
  INFISICAL_CLIENT_SECRET,
  INFISICAL_PORT,
  INFISICAL_PROJECT_ID,
  PERPLEXITY_KEY,
  PERPLEXITY_PORT,
  SUPABASE_OTHER_ORG_REF,
  SUPABASE_PAT,
  SUPABASE_PORT,
  SUPABASE_REF,
  dopplerStandin,
  infisicalStandin,
  perplexityStandin,
  state,
  supabaseStandin,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));
const DATA = "/tmp/faultline-corpus-r9-infra";

export const PACKAGES: Record<string, string> = {
  "@perplexity-ai/mcp-server": "1.2.1",
  "@dopplerhq/mcp-server": "1.0.5",
  "@infisical/mcp": "0.0.24",
  "@supabase/mcp-server-supabase": "0.13.0",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const ask = (content: string) => ({ messages: [{ role: "user", content }] });

// ----------------------------------------------------------------------------- Perplexity

const perplexity: SessionSpec = {
  label: "r9-infra-perplexity",
  server: "@perplexity-ai/mcp-server",
  transport: "stdio",
  start: stdioServer("r9-infra-perplexity", "@perplexity-ai/mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      PERPLEXITY_API_KEY: PERPLEXITY_KEY,
      PERPLEXITY_BASE_URL: `http://127.0.0.1:${PERPLEXITY_PORT}`,
    },
  }),
  steps: [
    step(
      "pplx-001",
      "perplexity_search",
      { query: "model context protocol specification tools", max_results: 3 },
      "web search for the MCP specification",
    ),
    step(
      "pplx-002",
      "perplexity_search",
      { query: "qwxzyplk vorbantic glimmerstaff 1887" },
      "web search for words that match nothing",
    ),
    step(
      "pplx-003",
      "perplexity_search",
      { query: "model context protocol", max_results: 50 },
      "max_results 50 (the tool allows 1–20)",
    ),
    step(
      "pplx-004",
      "perplexity_search",
      { query: "model context protocol", country: "Germany" },
      "a country name where an ISO 3166-1 alpha-2 code is expected",
    ),
    step(
      "pplx-005",
      "perplexity_search",
      { query: "model context protocol", country: "Germany" },
      "the same bad country again, unchanged",
    ),
    step("pplx-006", "perplexity_ask", ask("What is the capital of Australia?"), "a quick factual question"),
    step(
      "pplx-007",
      "perplexity_ask",
      { messages: [{ role: "user", content: 42 }] },
      "a message whose content is a number",
    ),
    step(
      "pplx-008",
      "perplexity_reason",
      ask("Is 2147483647 prime? Show the reasoning."),
      "a reasoning question",
    ),
    step(
      "pplx-009",
      "perplexity_ask",
      ask("Plan a moon base supply schedule for 2040"),
      "a question whose agent run fails mid-stream (response.failed)",
    ),
    step(
      "pplx-010",
      "perplexity_ask",
      ask("List the capital of every country in the world"),
      "an answer the API cut at its output-token limit (status incomplete)",
    ),
    step(
      "pplx-011",
      "perplexity_search",
      { query: "model context protocol" },
      "search while the CDN answers with a JavaScript challenge page (HTTP 200 HTML)",
      flag("perplexityChallenge"),
    ),
    step(
      "pplx-012",
      "perplexity_search",
      { query: "model context protocol" },
      "search after the API key was revoked (openresty 401 page)",
      flag("perplexityKeyRevoked"),
    ),
    step(
      "pplx-013",
      "perplexity_search",
      { query: "model context protocol" },
      "search while over the rate limit (429, Retry-After)",
      flag("perplexityRateLimited"),
    ),
    step(
      "pplx-014",
      "perplexity_ask",
      ask("What is the capital of Australia?"),
      "a question while the API answers 500",
      flag("perplexityServerError"),
    ),
    step(
      "pplx-015",
      "perplexity_search",
      { query: "model context protocol" },
      "search while Cloudflare answers 502",
      flag("perplexityGateway"),
    ),
    step(
      "pplx-016",
      "perplexity_search",
      { query: "slow query about model context protocol" },
      "a search that takes 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "pplx-017",
      "perplexity_search",
      { query: "model context protocol" },
      "search while the API cannot be reached (stand-in stopped)",
      down(perplexityStandin),
    ),
    step("pplx-018", "perplexity_images", { query: "canberra" }, "a tool the server does not have"),
    step(
      "pplx-019",
      "perplexity_research",
      ask("Write a detailed history of the internet"),
      "a deep research run; the MCP server is killed mid-call",
      killMidCall,
    ),
    step(
      "pplx-020",
      "perplexity_search",
      { query: "model context protocol" },
      "search after the MCP server process died",
    ),
  ],
};

// -------------------------------------------------------------------------------- Doppler

const BACKEND_DEV = { project: "backend", config: "dev" };

const doppler: SessionSpec = {
  label: "r9-infra-doppler",
  server: "@dopplerhq/mcp-server",
  transport: "stdio",
  start: stdioServer("r9-infra-doppler", "@dopplerhq/mcp-server", {
    from: FROM,
    cwd: DATA,
    env: { DOPPLER_TOKEN, DOPPLER_BASE_URL: `http://127.0.0.1:${DOPPLER_PORT}` },
  }),
  steps: [
    step("dop-001", "confirm_access", {}, "the access confirmation the server asks for first"),
    step("dop-002", "projects_list", {}, "list the projects"),
    step("dop-003", "configs_list", { project: "backend" }, "list the configs of a project"),
    step("dop-004", "secrets_names", BACKEND_DEV, "names of the secrets in backend/dev"),
    step("dop-005", "secrets_get", { ...BACKEND_DEV, name: "DATABASE_URL" }, "read one secret"),
    step(
      "dop-006",
      "secrets_get",
      { ...BACKEND_DEV, name: "STRIPE_SECRET_KEY" },
      "read a secret that does not exist",
    ),
    step(
      "dop-007",
      "secrets_get",
      { ...BACKEND_DEV, name: "STRIPE_SECRET_KEY" },
      "the same missing secret again, unchanged",
    ),
    step(
      "dop-008",
      "configs_get",
      { project: "backend", config: "staging" },
      "a config name that does not exist (the config is stg)",
    ),
    step("dop-009", "secrets_list", { config: "dev" }, "list secrets without the required project"),
    step(
      "dop-010",
      "secrets_list",
      { project: "backend", config: "dev_personal" },
      "list secrets of a config that has none",
    ),
    step(
      "dop-011",
      "secrets_update",
      { ...BACKEND_DEV, secrets: { "feature-flags": "beta" } },
      "set a secret whose name is lower-case with hyphens",
    ),
    step(
      "dop-012",
      "secrets_update",
      { project: "backend", config: "prd", secrets: { LOG_LEVEL: "debug" } },
      "set a secret in the locked production config",
    ),
    step(
      "dop-013",
      "secrets_update",
      { ...BACKEND_DEV, secrets: { LOG_LEVEL: "info" } },
      "set a secret in dev",
    ),
    step(
      "dop-014",
      "secrets_download",
      { ...BACKEND_DEV, format: "env" },
      "download the dev secrets as a .env file",
    ),
    step("dop-015", "projects_get", { project: "billing" }, "a project that does not exist"),
    step(
      "dop-016",
      "secrets_list",
      BACKEND_DEV,
      "list secrets while the workplace is over its rate limit (429)",
      flag("dopplerRateLimited"),
    ),
    step(
      "dop-017",
      "projects_get",
      { project: "backend" },
      "read a project after the token was revoked",
      flag("dopplerTokenRevoked"),
    ),
    step(
      "dop-018",
      "configs_list",
      { project: "backend" },
      "list configs while Cloudflare answers 502",
      flag("dopplerMaintenance"),
    ),
    step(
      "dop-019",
      "secrets_names",
      BACKEND_DEV,
      "secret names while an SSO proxy answers with its sign-in page (HTTP 200 HTML)",
      flag("dopplerBehindLogin"),
    ),
    step(
      "dop-020",
      "secrets_get",
      { ...BACKEND_DEV, name: "SLOW_SECRET" },
      "a secret read that takes 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "dop-021",
      "secrets_names",
      BACKEND_DEV,
      "secret names while the API cannot be reached (stand-in stopped)",
      down(dopplerStandin),
    ),
    step(
      "dop-022",
      "secrets_rotate",
      { ...BACKEND_DEV, name: "DATABASE_URL" },
      "a tool the server does not have",
    ),
  ],
};

// ------------------------------------------------------------------------------ Infisical

const PROJECT = { projectId: INFISICAL_PROJECT_ID };

const infisical: SessionSpec = {
  label: "r9-infra-infisical",
  server: "@infisical/mcp",
  transport: "stdio",
  start: stdioServer("r9-infra-infisical", "@infisical/mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      INFISICAL_HOST_URL: `http://127.0.0.1:${INFISICAL_PORT}`,
      INFISICAL_UNIVERSAL_AUTH_CLIENT_ID: INFISICAL_CLIENT_ID,
      INFISICAL_UNIVERSAL_AUTH_CLIENT_SECRET: INFISICAL_CLIENT_SECRET,
    },
  }),
  steps: [
    step("inf-001", "list-projects", {}, "list the projects"),
    step("inf-002", "list-secrets", { ...PROJECT, environmentSlug: "dev" }, "list the dev secrets"),
    step(
      "inf-003",
      "get-secret",
      { ...PROJECT, environmentSlug: "dev", secretName: "DB_PASSWORD" },
      "read one secret",
    ),
    step(
      "inf-004",
      "get-secret",
      { ...PROJECT, environmentSlug: "dev", secretName: "SENTRY_DSN" },
      "read a secret that does not exist",
    ),
    step(
      "inf-005",
      "get-secret",
      { ...PROJECT, environmentSlug: "dev", secretName: "SENTRY_DSN" },
      "the same missing secret again, unchanged",
    ),
    step(
      "inf-006",
      "list-secrets",
      { ...PROJECT, environmentSlug: "qa" },
      "list secrets of an environment that does not exist",
    ),
    step(
      "inf-007",
      "list-secrets",
      { ...PROJECT, environmentSlug: "dev", secretPath: "/integrations" },
      "list secrets of a folder that has none",
    ),
    step(
      "inf-008",
      "create-secret",
      { ...PROJECT, environmentSlug: "dev", secretName: "DB_PASSWORD", secretValue: "x" },
      "create a secret that already exists",
    ),
    step(
      "inf-009",
      "create-secret",
      { ...PROJECT, environmentSlug: "dev", secretValue: "https://hooks.example/1" },
      "create a secret without its name",
    ),
    step(
      "inf-010",
      "create-secret",
      {
        ...PROJECT,
        environmentSlug: "dev",
        secretName: "WEBHOOK_URL",
        secretValue: "https://hooks.example/1",
      },
      "create a new secret",
    ),
    step(
      "inf-011",
      "update-secret",
      { ...PROJECT, environmentSlug: "prod", secretName: "DB_PASSWORD", secretValue: "rotated" },
      "update a production secret the machine identity may only read",
    ),
    step(
      "inf-012",
      "delete-secret",
      { ...PROJECT, environmentSlug: "staging", secretName: "DB_PASSWORD" },
      "delete a staging secret",
    ),
    step(
      "inf-013",
      "create-environment",
      { projectId: INFISICAL_PROJECT_ID, name: "QA Env", slug: "QA Env" },
      "create an environment whose slug has capitals and a space",
    ),
    step(
      "inf-014",
      "get-secret",
      {
        projectId: "00000000-0000-4000-8000-000000000000",
        environmentSlug: "dev",
        secretName: "DB_PASSWORD",
      },
      "a project id that does not exist",
    ),
    step(
      "inf-015",
      "list-projects",
      {},
      "list projects while the API answers 500",
      flag("infisicalServerError"),
    ),
    step(
      "inf-016",
      "list-secrets",
      { ...PROJECT, environmentSlug: "dev" },
      "list secrets while the API keeps answering 429 (the SDK retries four times)",
      flag("infisicalRateLimited", { timeoutMs: 40_000 }),
    ),
    step(
      "inf-017",
      "get-secret",
      { ...PROJECT, environmentSlug: "dev", secretName: "DB_PASSWORD" },
      "read a secret after the identity's access token was revoked",
      flag("infisicalTokenRevoked"),
    ),
    step(
      "inf-018",
      "get-secret",
      { ...PROJECT, environmentSlug: "dev", secretName: "DB_PASSWORD" },
      "read a secret while nginx answers 502",
      flag("infisicalGateway"),
    ),
    step(
      "inf-019",
      "get-secret",
      { ...PROJECT, environmentSlug: "dev", secretName: "SLOW_TOKEN" },
      "a secret read that takes 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "inf-020",
      "list-secrets",
      { ...PROJECT, environmentSlug: "dev" },
      "list secrets while the API cannot be reached (the SDK retries four times)",
      down(infisicalStandin, { timeoutMs: 40_000 }),
    ),
    step(
      "inf-021",
      "rotate-secret",
      { ...PROJECT, secretName: "DB_PASSWORD" },
      "a tool the server does not have",
    ),
  ],
};

// ------------------------------------------------------------------------------- Supabase

const REF = { project_id: SUPABASE_REF };

const supabase: SessionSpec = {
  label: "r9-infra-supabase",
  server: "@supabase/mcp-server-supabase",
  transport: "stdio",
  start: stdioServer("r9-infra-supabase", "@supabase/mcp-server-supabase", {
    from: FROM,
    cwd: DATA,
    args: [
      "--api-url",
      `http://127.0.0.1:${SUPABASE_PORT}`,
      "--features",
      "account,database,debugging,development,functions,storage",
    ],
    env: { SUPABASE_ACCESS_TOKEN: SUPABASE_PAT },
  }),
  steps: [
    step("sb-001", "list_projects", {}, "list the projects"),
    step("sb-002", "get_project", { id: SUPABASE_REF }, "details of one project"),
    step("sb-003", "get_project", { id: "zzzzzzzzzzzzzzzzzzzz" }, "a project ref that does not exist"),
    step(
      "sb-004",
      "execute_sql",
      { ...REF, query: "select id, email, plan, created_at from customers order by id" },
      "a SELECT over the customers table",
    ),
    step(
      "sb-005",
      "execute_sql",
      { ...REF, query: "select * from orders where total > 100" },
      "a SELECT from a table that does not exist",
    ),
    step(
      "sb-006",
      "execute_sql",
      { ...REF, query: "select * from orders where total > 100" },
      "the same failing query again, unchanged",
    ),
    step(
      "sb-007",
      "execute_sql",
      { ...REF, query: "select id, email from customers where plan = 'enterprise'" },
      "a SELECT that matches no row",
    ),
    step("sb-008", "execute_sql", { ...REF, query: "selct * from customers" }, "a query with a syntax error"),
    step(
      "sb-009",
      "execute_sql",
      { ...REF, query: "insert into customers (email, plan) values ('ada@example.com', 'pro')" },
      "an INSERT that violates a unique constraint",
    ),
    step(
      "sb-010",
      "execute_sql",
      { ...REF, query: "select count(*), pg_sleep(9) from customers" },
      "a query cancelled by the statement timeout",
    ),
    step("sb-011", "execute_sql", { query: "select 1" }, "execute_sql without its project_id"),
    step(
      "sb-012",
      "execute_sql",
      { project_id: "wxkplmqzrtyhgfdsanbv", query: "select 1" },
      "a query on a paused project",
    ),
    step(
      "sb-013",
      "list_edge_functions",
      { project_id: SUPABASE_OTHER_ORG_REF },
      "edge functions of a project in an organization the token cannot reach (403)",
    ),
    step("sb-014", "list_edge_functions", REF, "list the edge functions"),
    step(
      "sb-015",
      "query_logs",
      {
        ...REF,
        sql: "select id, timestamp, event_message from postgres_logs order by timestamp desc limit 2",
      },
      "recent Postgres log lines",
    ),
    step(
      "sb-016",
      "query_logs",
      { ...REF, sql: "select id, timestamp, event_message from edge_logs order by timestamp desc limit 100" },
      "edge logs, where the analytics backend returns an error inside a 200",
    ),
    step("sb-017", "get_advisors", { ...REF, type: "security" }, "security advisors"),
    step("sb-018", "get_advisors", { ...REF, type: "performance" }, "performance advisors (none)"),
    step("sb-019", "list_storage_buckets", REF, "list the storage buckets"),
    step(
      "sb-020",
      "list_projects",
      {},
      "list projects while throttled (429 ThrottlerException)",
      flag("supabaseThrottled"),
    ),
    step(
      "sb-021",
      "get_project",
      { id: SUPABASE_REF },
      "project details after the access token was revoked",
      flag("supabasePatRevoked"),
    ),
    step(
      "sb-022",
      "get_project",
      { id: SUPABASE_REF },
      "project details while Cloudflare answers 502",
      flag("supabaseGateway"),
    ),
    step(
      "sb-023",
      "execute_sql",
      { ...REF, query: "select count(*), pg_sleep(30) from customers" },
      "a query that takes 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "sb-024",
      "list_projects",
      {},
      "list projects while the API cannot be reached (stand-in stopped)",
      down(supabaseStandin),
    ),
    step("sb-025", "delete_project", REF, "a tool the server does not have"),
    step(
      "sb-026",
      "execute_sql",
      { ...REF, query: "select count(*), pg_sleep(30) from customers" },
      "a slow query; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [perplexity, doppler, infisical, supabase];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(DATA, { recursive: true });
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  return async () => {
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
