// Group r11-cloud: cloud platforms and infrastructure APIs — Cloudflare (Workers, KV, R2, D1), Vercel
// (deployments), Upstash (Redis databases through its Developer API and REST endpoints) and Render
// (services and deploys) — each behind a loopback stand-in that answers with the real API's bodies and
// error bodies (standins.ts), reached through a loopback HTTPS proxy the servers use as their proxy.
//
//   (cd scripts/server-corpus/groups/r11-cloud && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r11-cloud

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { httpServer, stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  CLOUDFLARE_ACCOUNT,
  CLOUDFLARE_IDS,
  CLOUDFLARE_PROXY_PORT,
  CLOUDFLARE_TOKEN,
  DATA,
  RENDER_IDS,
  RENDER_KEY,
  RENDER_PROXY_PORT,
  UPSTASH_EMAIL,
  UPSTASH_IDS,
  UPSTASH_KEY,
  UPSTASH_MCP_PORT,
  UPSTASH_PROXY_PORT,
  VERCEL_IDS,
  VERCEL_PROXY_PORT,
  VERCEL_TOKEN,
  clearTimers,
  cloudflareStandin,
  ensureCertificate,
  renderStandin,
  state,
  upstashStandin,
  vercelStandin,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@cloudflare/mcp-server-cloudflare": "0.2.0",
  "vercel-mcp": "0.0.7",
  "@upstash/mcp-server": "0.3.0",
  "@niyogi/render-mcp": "1.0.1",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

/**
 * Trust for the stand-in certificate, and a proxy that answers as the API. `viaPreload` routes the
 * server's fetch through HTTPS_PROXY (`proxy-preload.mjs`); axios reads HTTPS_PROXY by itself.
 */
function proxied(port: number, viaPreload: boolean): Record<string, string> {
  return {
    HTTPS_PROXY: `http://127.0.0.1:${port}`,
    NODE_EXTRA_CA_CERTS: CERT,
    HOME: path.join(DATA, "home"),
    ...(viaPreload
      ? { NODE_OPTIONS: `--import ${pathToFileURL(path.join(FROM, "proxy-preload.mjs")).href}` }
      : {}),
  };
}

// -------------------------------------------------------------------------------------- Cloudflare

const cloudflare: SessionSpec = {
  label: "r11-cloud-cloudflare",
  server: "@cloudflare/mcp-server-cloudflare",
  transport: "stdio",
  start: stdioServer("r11-cloud-cloudflare", "@cloudflare/mcp-server-cloudflare", {
    from: FROM,
    cwd: DATA,
    args: ["run", CLOUDFLARE_ACCOUNT],
    env: { CLOUDFLARE_API_TOKEN: CLOUDFLARE_TOKEN, ...proxied(CLOUDFLARE_PROXY_PORT, true) },
  }),
  steps: [
    step("cfw-001", "worker_list", {}, "the account's Workers scripts"),
    step("cfw-002", "worker_get", { name: "edge-router" }, "the edge-router Worker's script"),
    step("cfw-003", "worker_get", { name: "edge-routr" }, "a Worker name that does not exist (misspelt)"),
    step("cfw-004", "worker_get", { name: "edge-routr" }, "the same missing Worker again, unchanged"),
    step("cfw-005", "get_kvs", {}, "the account's KV namespaces"),
    step(
      "cfw-006",
      "kv_get",
      { namespaceId: CLOUDFLARE_IDS.kvFlags, key: "flags:checkout-v2" },
      "a feature flag from the FEATURE_FLAGS namespace",
    ),
    step(
      "cfw-007",
      "kv_get",
      { namespaceId: CLOUDFLARE_IDS.kvFlags, key: "flags:checkout-v3" },
      "a KV key that does not exist",
    ),
    step(
      "cfw-008",
      "kv_put",
      { namespaceId: CLOUDFLARE_IDS.kvFlags, key: "flags:search-v3", value: '{"enabled":true,"rollout":5}' },
      "write a feature flag",
    ),
    step(
      "cfw-009",
      "kv_list",
      { namespaceId: CLOUDFLARE_IDS.kvSessions, prefix: "tenant:acme:" },
      "KV keys under a prefix nobody wrote",
    ),
    step("cfw-010", "r2_list_buckets", {}, "the R2 buckets"),
    step(
      "cfw-011",
      "r2_list_objects",
      { bucket: "assets-staging" },
      "objects of an R2 bucket that does not exist",
    ),
    step(
      "cfw-012",
      "d1_query",
      {
        databaseId: CLOUDFLARE_IDS.d1App,
        query: "SELECT id, email, plan, created_at FROM customers LIMIT 3",
      },
      "a D1 query",
    ),
    step(
      "cfw-013",
      "d1_query",
      { databaseId: CLOUDFLARE_IDS.d1App, query: "SELECT id, total FROM orders WHERE customer_id = 1041" },
      "a D1 query on a table that does not exist",
    ),
    step(
      "cfw-014",
      "d1_query",
      { databaseId: CLOUDFLARE_IDS.d1App, query: "SELECT count(*) FROM customers" },
      "a D1 query while D1's storage answers 500",
      flag("cloudflareD1Internal"),
    ),
    step(
      "cfw-015",
      "worker_delete",
      { name: "image-resizer" },
      "delete a Worker with a token that may only read Workers scripts",
    ),
    step(
      "cfw-016",
      "worker_list",
      {},
      "the Workers while the API answers 429 (Retry-After 60)",
      flag("cloudflareRateLimited"),
    ),
    step(
      "cfw-017",
      "r2_list_buckets",
      {},
      "the R2 buckets while Cloudflare's edge answers its 502 page",
      flag("cloudflareBadGateway"),
    ),
    step(
      "cfw-018",
      "worker_list",
      {},
      "the Workers after the API token was revoked",
      flag("cloudflareTokenRevoked"),
    ),
    step(
      "cfw-019",
      "worker_get",
      { name: "report-builder" },
      "a Worker script that takes the API 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("cfw-020", "worker_get", {}, "get a Worker without the required name"),
    step(
      "cfw-021",
      "worker_rename",
      { name: "edge-router", newName: "edge-gateway" },
      "a tool the server does not have",
    ),
    step(
      "cfw-022",
      "worker_list",
      {},
      "the Workers while the API cannot be reached (proxy stopped)",
      down(cloudflareStandin),
    ),
    step(
      "cfw-023",
      "worker_get",
      { name: "report-builder" },
      "a slow Worker script read; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ------------------------------------------------------------------------------------------ Vercel

const vercel: SessionSpec = {
  label: "r11-cloud-vercel",
  server: "vercel-mcp",
  transport: "stdio",
  start: stdioServer("r11-cloud-vercel", "vercel-mcp", {
    from: FROM,
    cwd: DATA,
    args: [`VERCEL_API_KEY=${VERCEL_TOKEN}`],
    env: proxied(VERCEL_PROXY_PORT, true),
  }),
  steps: [
    step("vcl-001", "getDeployments", { limit: 5 }, "the latest deployments"),
    step(
      "vcl-002",
      "getDeployments",
      { projectId: "prj_9Zf4Tn2Bv6Xk8Lp1Qw3Hc5Rm" },
      "deployments of a project that has none",
    ),
    step("vcl-003", "getDeployment", { deploymentId: VERCEL_IDS.ready }, "a production deployment"),
    step("vcl-004", "getDeployment", { deploymentId: VERCEL_IDS.failed }, "a deployment whose build failed"),
    step(
      "vcl-005",
      "getDeployment",
      { deploymentId: "dpl_5Xk2Lp8Qw1Hc4Rm7Zf3Tn9Bv6Dy" },
      "a deployment id that does not exist",
    ),
    step(
      "vcl-006",
      "getDeployment",
      { deploymentId: "dpl_5Xk2Lp8Qw1Hc4Rm7Zf3Tn9Bv6Dy" },
      "the same missing deployment again, unchanged",
    ),
    step(
      "vcl-007",
      "getDeploymentEvents",
      { deploymentId: VERCEL_IDS.ready },
      "build events of a deployment",
    ),
    step(
      "vcl-008",
      "getDeploymentEvents",
      { deploymentId: VERCEL_IDS.failed },
      "build events of the failed deployment",
    ),
    step("vcl-009", "listDeploymentFiles", { deploymentId: VERCEL_IDS.ready }, "the files of a deployment"),
    step(
      "vcl-010",
      "getDeploymentFileContents",
      { deploymentId: VERCEL_IDS.ready, fileId: "0000000000000000000000000000000000000000" },
      "a file id the deployment does not have",
    ),
    step(
      "vcl-011",
      "cancelDeployment",
      { deploymentId: VERCEL_IDS.ready },
      "cancel a deployment that already finished",
    ),
    step(
      "vcl-012",
      "cancelDeployment",
      { deploymentId: VERCEL_IDS.building },
      "cancel a deployment still building",
    ),
    step(
      "vcl-013",
      "deleteDeployment",
      { deploymentId: VERCEL_IDS.otherTeam },
      "delete a deployment of a team the token may not delete in",
    ),
    step(
      "vcl-014",
      "getDeployments",
      { limit: 5 },
      "the deployments while the API answers 429 (Retry-After 60)",
      flag("vercelRateLimited"),
    ),
    step(
      "vcl-015",
      "getDeployment",
      { deploymentId: VERCEL_IDS.ready },
      "a deployment while the API answers 500",
      flag("vercelServerError"),
    ),
    step(
      "vcl-016",
      "getDeploymentEvents",
      { deploymentId: VERCEL_IDS.ready },
      "build events while the edge answers an HTML 503 page",
      flag("vercelUnavailablePage"),
    ),
    step(
      "vcl-017",
      "getDeployments",
      { limit: 5 },
      "the deployments after the access token was revoked",
      flag("vercelTokenRevoked"),
    ),
    step(
      "vcl-018",
      "getDeployment",
      { deploymentId: VERCEL_IDS.slow },
      "a deployment that takes the API 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("vcl-019", "getDeployment", { withGitRepoInfo: "true" }, "get a deployment without the required id"),
    step(
      "vcl-020",
      "promoteDeployment",
      { deploymentId: VERCEL_IDS.ready },
      "a tool the server does not have",
    ),
    step(
      "vcl-021",
      "getDeployments",
      { limit: 5 },
      "the deployments while the API cannot be reached (proxy stopped)",
      down(vercelStandin),
    ),
    step(
      "vcl-022",
      "getDeployment",
      { deploymentId: VERCEL_IDS.slow },
      "a slow deployment read; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ----------------------------------------------------------------------------------------- Upstash

const upstash: SessionSpec = {
  label: "r11-cloud-upstash",
  server: "@upstash/mcp-server",
  transport: "http",
  start: httpServer("r11-cloud-upstash", "@upstash/mcp-server", {
    from: FROM,
    port: UPSTASH_MCP_PORT,
    args: ["--transport", "http", "--port", String(UPSTASH_MCP_PORT)],
    env: { UPSTASH_EMAIL, UPSTASH_API_KEY: UPSTASH_KEY, ...proxied(UPSTASH_PROXY_PORT, true) },
  }),
  steps: [
    step("ups-001", "redis_database_list_databases", {}, "the account's Redis databases"),
    step(
      "ups-002",
      "redis_database_get_details",
      { database_id: UPSTASH_IDS.sessions },
      "details of the edge-sessions database",
    ),
    step(
      "ups-003",
      "redis_database_get_details",
      { database_id: "4b8e2f1a-9c3d-4e7b-a5f0-2d6c8e1b9a38" },
      "a database id that does not exist",
    ),
    step(
      "ups-004",
      "redis_database_get_details",
      { database_id: "4b8e2f1a-9c3d-4e7b-a5f0-2d6c8e1b9a38" },
      "the same missing database again, unchanged",
    ),
    step(
      "ups-005",
      "redis_database_run_redis_commands",
      { database_id: UPSTASH_IDS.sessions, commands: [["GET", "session:8f2c41d7"]] },
      "read a session key",
    ),
    step(
      "ups-006",
      "redis_database_run_redis_commands",
      { database_id: UPSTASH_IDS.sessions, commands: [["SCAN", "0", "MATCH", "cart:*", "COUNT", "100"]] },
      "scan for keys matching a pattern nothing uses",
    ),
    step(
      "ups-007",
      "redis_database_run_redis_commands",
      { database_id: UPSTASH_IDS.sessions, commands: [["HGET", "session:8f2c41d7", "plan"]] },
      "a hash command on a string key",
    ),
    step(
      "ups-008",
      "redis_database_run_redis_commands",
      {
        database_id: UPSTASH_IDS.sessions,
        commands: [
          ["SET", "session:77d0e4a2", '{"user":"u_1041","plan":"team"}'],
          ["INCR", "session:8f2c41d7"],
          ["GET", "session:77d0e4a2"],
        ],
      },
      "a pipeline of three commands, one of them INCR on a key holding JSON",
    ),
    step(
      "ups-009",
      "redis_database_list_backups",
      { database_id: UPSTASH_IDS.sessions },
      "backups of a database that has none",
    ),
    step(
      "ups-010",
      "redis_database_manage_backup",
      { database_id: UPSTASH_IDS.ratelimit, operation: "create", backup_name: "before-migration" },
      "back up a free-tier database",
    ),
    step(
      "ups-011",
      "redis_database_get_statistics",
      { id: UPSTASH_IDS.sessions, period: "12h", stat_type: "throughput" },
      "throughput statistics of a database",
    ),
    step(
      "ups-012",
      "redis_database_get_statistics",
      { id: UPSTASH_IDS.ratelimit, period: "1h", stat_type: "keyspace" },
      "statistics of a database with no samples in the period",
    ),
    step(
      "ups-013",
      "redis_database_reset_password",
      { id: UPSTASH_IDS.sessions },
      "reset a database password with a team member's key",
    ),
    step(
      "ups-014",
      "redis_database_list_databases",
      {},
      "the databases while the API answers 429 (Retry-After 30)",
      flag("upstashRateLimited"),
    ),
    step(
      "ups-015",
      "redis_database_get_details",
      { database_id: UPSTASH_IDS.sessions },
      "a database while the load balancer answers its 502 page",
      flag("upstashBadGateway"),
    ),
    step(
      "ups-016",
      "redis_database_run_redis_commands",
      { database_id: UPSTASH_IDS.sessions, commands: [["GET", "session:1a9e3b05"]] },
      "a command after the database used up its daily request limit",
      flag("upstashDailyLimit"),
    ),
    step(
      "ups-017",
      "redis_database_list_databases",
      {},
      "the databases after the API key was revoked",
      flag("upstashKeyRevoked"),
    ),
    step(
      "ups-018",
      "redis_database_get_details",
      { database_id: UPSTASH_IDS.slow },
      "a database that takes the API 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "ups-019",
      "redis_database_get_statistics",
      { id: UPSTASH_IDS.sessions, period: "2w" },
      "statistics for a period the tool does not offer",
    ),
    step(
      "ups-020",
      "redis_database_flush",
      { database_id: UPSTASH_IDS.sessions },
      "a tool the server does not have",
    ),
    step(
      "ups-021",
      "redis_database_list_databases",
      {},
      "the databases while the API cannot be reached (proxy stopped)",
      down(upstashStandin),
    ),
    step(
      "ups-022",
      "redis_database_get_details",
      { database_id: UPSTASH_IDS.slow },
      "a slow database read; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ------------------------------------------------------------------------------------------ Render

const render: SessionSpec = {
  label: "r11-cloud-render",
  server: "@niyogi/render-mcp",
  transport: "stdio",
  start: stdioServer("r11-cloud-render", "@niyogi/render-mcp", {
    from: FROM,
    cwd: DATA,
    args: ["start"],
    env: { RENDER_API_KEY: RENDER_KEY, ...proxied(RENDER_PROXY_PORT, false) },
  }),
  steps: [
    step("rnd-001", "list_services", { params: { limit: 10 } }, "the account's services"),
    step("rnd-002", "get_service", { params: { serviceId: RENDER_IDS.api } }, "the API web service"),
    step(
      "rnd-003",
      "get_service",
      { params: { serviceId: "srv-ct4k9qlds78s73b2d1f9" } },
      "a service id that does not exist",
    ),
    step(
      "rnd-004",
      "get_service",
      { params: { serviceId: "srv-ct4k9qlds78s73b2d1f9" } },
      "the same missing service again, unchanged",
    ),
    step(
      "rnd-005",
      "get_deploys",
      { params: { serviceId: RENDER_IDS.api, limit: 3 } },
      "recent deploys of a service",
    ),
    step(
      "rnd-006",
      "get_deploys",
      { params: { serviceId: RENDER_IDS.cron } },
      "deploys of a cron job that has never been deployed",
    ),
    step("rnd-007", "deploy_service", { params: { serviceId: RENDER_IDS.api } }, "trigger a deploy"),
    step(
      "rnd-008",
      "deploy_service",
      { params: { serviceId: RENDER_IDS.suspended } },
      "trigger a deploy of a service suspended for billing",
    ),
    step(
      "rnd-009",
      "manage_env_vars",
      {
        params: {
          serviceId: RENDER_IDS.worker,
          envVars: [
            { key: "NODE_ENV", value: "production" },
            { key: "WEBHOOK_MAX_RETRIES", value: "8" },
          ],
        },
      },
      "replace a worker's environment variables",
    ),
    step(
      "rnd-010",
      "manage_domains",
      { params: { serviceId: RENDER_IDS.api, action: "list" } },
      "custom domains of the API service",
    ),
    step(
      "rnd-011",
      "manage_domains",
      { params: { serviceId: RENDER_IDS.api, action: "add" } },
      "add a custom domain without naming it",
    ),
    step(
      "rnd-012",
      "create_service",
      {
        params: {
          name: "pdf-renderer",
          type: "web_service",
          repo: "https://github.com/northwind-labs/pdf-renderer",
        },
      },
      "create a service without the owner id the API requires",
    ),
    step(
      "rnd-013",
      "delete_service",
      { params: { serviceId: RENDER_IDS.otherWorkspace } },
      "delete a service in a workspace where the key's user is only a developer",
    ),
    step(
      "rnd-014",
      "list_services",
      { params: { limit: 10 } },
      "the services while the API answers 429",
      flag("renderRateLimited"),
    ),
    step(
      "rnd-015",
      "get_service",
      { params: { serviceId: RENDER_IDS.api } },
      "a service while Cloudflare in front of the API answers its 502 page",
      flag("renderBadGateway"),
    ),
    step(
      "rnd-016",
      "list_services",
      { params: { limit: 10 } },
      "the services while Cloudflare answers a challenge page with HTTP 200",
      flag("renderChallengePage"),
    ),
    step(
      "rnd-017",
      "get_service",
      { params: { serviceId: RENDER_IDS.api } },
      "a service while Cloudflare answers a challenge page with HTTP 200",
      flag("renderChallengePage"),
    ),
    step(
      "rnd-018",
      "list_services",
      { params: { limit: 10 } },
      "the services after the API key was revoked",
      flag("renderKeyRevoked"),
    ),
    step(
      "rnd-019",
      "get_service",
      { params: { serviceId: RENDER_IDS.slow } },
      "a service that takes the API 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("rnd-020", "get_service", {}, "get a service without the required params"),
    step(
      "rnd-021",
      "suspend_service",
      { params: { serviceId: RENDER_IDS.api } },
      "a tool the server does not have",
    ),
    step(
      "rnd-022",
      "list_services",
      { params: { limit: 10 } },
      "the services while the API cannot be reached (proxy stopped)",
      down(renderStandin),
    ),
    step(
      "rnd-023",
      "get_service",
      { params: { serviceId: RENDER_IDS.slow } },
      "a slow service read; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [cloudflare, vercel, upstash, render];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(path.join(DATA, "home"), { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
