// Group r19-c: data infrastructure and analytics — remote shells to a database host (two SSH MCP servers, one
// over Streamable HTTP) and Google Analytics 4's Data API (over gRPC) — each published MCP server behind a
// loopback stand-in of what it reaches (standins.ts).
//
//   (cd scripts/server-corpus/groups/r19-c && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r19-c

import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { httpServer, sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  CERT,
  DATA,
  GA_PROPERTY_ID,
  GA_PROXY_PORT,
  SSH_PASSWORD,
  SSH_PORT,
  SSH_SECURED_PORT,
  SSH_USER,
  ensureCertificate,
  ensureHostKey,
  gaHost,
  gaState,
  sshHost,
  sshSecuredHost,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "ssh-mcp": "2.11.0",
  "@marian-craciunescu/ssh-mcp-server-secured": "1.0.23",
  "mcp-server-google-analytics": "1.1.0",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");

// ------------------------------------------------------------------------------------- ssh-mcp (HTTP)

const SSH_MCP_PORT = 40851;
const SSH_MCP_RL_PORT = 40852;
const SSH_MCP_CONFIG_DIR = path.join(DATA, "ssh-mcp");
const SSH_MCP_CONFIG = path.join(SSH_MCP_CONFIG_DIR, "config.toml");
const BEARER = "sshmcp-standin-bearer-6f2d9c41a7e3";
let bearer = BEARER;

/** A SHA256 fingerprint of some other ed25519 key: the pin a rebuilt host no longer matches. */
function stalePin(): string {
  const { publicKey } = crypto.generateKeyPairSync("ed25519");
  const der = publicKey.export({ type: "spki", format: "der" });
  return `SHA256:${crypto.createHash("sha256").update(der).digest("base64").replace(/=+$/, "")}`;
}

function writeSshMcpConfig() {
  fs.mkdirSync(SSH_MCP_CONFIG_DIR, { recursive: true, mode: 0o700 });
  fs.chmodSync(SSH_MCP_CONFIG_DIR, 0o700);
  const profile = (name: string, extra: string) => `
[[profiles]]
name = "${name}"
host = "127.0.0.1"
port = ${SSH_PORT}
user = "${SSH_USER}"
auth = "password"
group = "prod"
${extra}`;
  fs.writeFileSync(
    SSH_MCP_CONFIG,
    `[defaults]
defaultProfile = "analytics-db"
approvalMode = "ask-destructive"
commandTimeoutMs = 60000
${profile("analytics-db", 'role = "admin"\n')}${profile("analytics-db-viewer", 'role = "viewer"\n')}${profile(
      "replica-2",
      'role = "admin"\n',
    )}${profile("warehouse-pinned", `role = "admin"\ntrustedHostKey = "${stalePin()}"\n`)}`,
    { mode: 0o600 },
  );
  fs.chmodSync(SSH_MCP_CONFIG, 0o600);
}

const sshMcpEnv = {
  HOME,
  SSH_MCP_PASSWORD: SSH_PASSWORD,
  // The replica's password was rotated on the host; this one is the old one.
  SSH_MCP_REPLICA_2_PASSWORD: "Vq7-old-pass-before-rotation",
};

const sshMcp: SessionSpec = {
  label: "r19-c-ssh-mcp",
  server: "ssh-mcp",
  transport: "http",
  start: httpServer("r19-c-ssh-mcp", "ssh-mcp", {
    from: FROM,
    port: SSH_MCP_PORT,
    path: "/",
    args: [
      `--config=${SSH_MCP_CONFIG}`,
      "--transport=http",
      `--httpPort=${SSH_MCP_PORT}`,
      `--bearerToken=${BEARER}`,
    ],
    env: sshMcpEnv,
    headers: () => ({ authorization: `Bearer ${bearer}` }),
  }),
  steps: [
    step("sshm-001", "list-connections", {}, "the configured hosts"),
    step("sshm-002", "read-command", { command: "uptime" }, "uptime of the database host"),
    step("sshm-003", "read-command", { command: "df -h /var/lib/postgresql" }, "disk use of the data volume"),
    step("sshm-004", "read-command", { command: "ls -la /var/backups/pg" }, "the nightly dumps"),
    step(
      "sshm-005",
      "read-command",
      { command: "find /var/backups/pg -name '*.partial'" },
      "unfinished dumps (there are none)",
    ),
    step(
      "sshm-006",
      "read-command",
      { command: "grep ERROR /var/log/postgresql/postgresql-16-main.log" },
      "error lines of the PostgreSQL log (a success that is about errors)",
    ),
    step(
      "sshm-007",
      "read-command",
      { command: "ls /var/backups/pg/archive" },
      "a directory that does not exist",
    ),
    step(
      "sshm-008",
      "read-command",
      { command: "ls /var/backups/pg/archive" },
      "the same missing directory again, unchanged",
    ),
    step(
      "sshm-009",
      "read-command",
      { command: "cat /etc/postgresql/16/main/pg_hba.conf" },
      "a file the SSH user may not read",
    ),
    step(
      "sshm-010",
      "read-command",
      { command: "systemctl restart postgresql@16-main" },
      "a restart through the read-only tool",
    ),
    step(
      "sshm-011",
      "run-command",
      {
        command:
          'psql -d analytics -c "SELECT relname, n_live_tup, pg_size_pretty(pg_total_relation_size(relid)) AS total_size FROM pg_stat_user_tables ORDER BY 3 DESC LIMIT 4"',
      },
      "the largest tables, through psql",
    ),
    step(
      "sshm-012",
      "run-command",
      { command: 'psql -d analytics -c "SELECT count(*) FROM no_such_table"' },
      "a query on a table that does not exist",
    ),
    step("sshm-013", "run-command", { command: "pgbackrest info" }, "a tool the host does not have"),
    step(
      "sshm-014",
      "run-command",
      { command: "rm /var/backups/pg/analytics-2026-12-04.dump" },
      "delete an old dump (the directory is not writable for the SSH user)",
    ),
    step(
      "sshm-015",
      "run-command",
      { command: "nodetool status", profile: "analytics-db-viewer" },
      "a command through a viewer-role profile",
    ),
    step(
      "sshm-016",
      "read-command",
      { command: "uptime", profile: "replica-2" },
      "a host whose password was rotated (the server holds the old one)",
    ),
    step(
      "sshm-017",
      "read-command",
      { command: "uptime", profile: "warehouse-pinned" },
      "a host whose key no longer matches the pinned fingerprint",
    ),
    step(
      "sshm-018",
      "sftp-list",
      { remotePath: "/var/backups/pg" },
      "list a directory over SFTP (the host has no sftp subsystem)",
    ),
    step(
      "sshm-019",
      "run-command",
      { command: 'psql -d analytics -c "SELECT pg_sleep(600)"' },
      "a query that runs for minutes; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "sshm-020",
      "run-command",
      { command: "vacuumdb --all --analyze-in-stages" },
      "a vacuum while the host drops the connection",
      flag("sshDrop"),
    ),
    step(
      "sshm-021",
      "read-command",
      { command: "hostname" },
      "the host while its sshd is down (stand-in stopped)",
      down(sshHost),
    ),
    step("sshm-022", "execute-sql", { query: "SELECT 1" }, "a tool the server does not have"),
    step(
      "sshm-023",
      "signal-process",
      { pid: "1201", signal: "HUP" },
      "a pid as a string and a signal outside the enum",
    ),
    step("sshm-024", "read-command", { command: "uptime" }, "uptime with a bearer token that was rotated", {
      before: async () => {
        bearer = "sshmcp-old-bearer-0000";
      },
      after: async () => {
        bearer = BEARER;
      },
    }),
  ],
};

/** A second ssh-mcp process with `--rateLimit=4`: the fifth request in a minute is answered 429. */
const sshMcpLimited: SessionSpec = {
  label: "r19-c-ssh-mcp-ratelimited",
  server: "ssh-mcp",
  transport: "http",
  start: httpServer("r19-c-ssh-mcp-ratelimited", "ssh-mcp", {
    from: FROM,
    port: SSH_MCP_RL_PORT,
    path: "/",
    args: [
      `--config=${SSH_MCP_CONFIG}`,
      "--transport=http",
      `--httpPort=${SSH_MCP_RL_PORT}`,
      `--bearerToken=${BEARER}`,
      "--rateLimit=4",
    ],
    env: sshMcpEnv,
    headers: () => ({ authorization: `Bearer ${BEARER}` }),
  }),
  steps: [
    step("sshm-025", "read-command", { command: "uptime" }, "uptime, within the server's request budget"),
    step(
      "sshm-026",
      "read-command",
      { command: "uptime" },
      "uptime once the budget of 4 requests a minute is spent",
    ),
  ],
};

// ------------------------------------------------------------------------- ssh-mcp-server-secured (stdio)

const SECURED = "@marian-craciunescu/ssh-mcp-server-secured";
const host = { host: "127.0.0.1", port: SSH_SECURED_PORT };

const sshSecured: SessionSpec = {
  label: "r19-c-ssh-secured",
  server: SECURED,
  transport: "stdio",
  start: stdioServer("r19-c-ssh-secured", SECURED, {
    from: FROM,
    bin: "ssh-mcp-server-secured",
    cwd: DATA,
    env: {
      HOME,
      // Passwords are looked up by connection id (PGPRIMARY_PASSWORD for "pgprimary", …).
      PGPRIMARY_PASSWORD: SSH_PASSWORD,
      PGREPLICA_PASSWORD: SSH_PASSWORD,
      REPLICA2_PASSWORD: "Vq7-old-pass-before-rotation",
      NIGHTLY_PASSWORD: "Vq7-old-pass-before-rotation",
      LOG_LEVEL: "ERROR",
    },
  }),
  steps: [
    step(
      "sshs-001",
      "ssh_connect",
      { ...host, username: SSH_USER, connectionId: "pgprimary" },
      "connect to the database host",
    ),
    step("sshs-002", "ssh_execute", { connectionId: "pgprimary", command: "uptime" }, "uptime"),
    step(
      "sshs-003",
      "ssh_execute",
      { connectionId: "pgprimary", command: "nodetool status" },
      "the Cassandra ring (one node down, as data)",
    ),
    step(
      "sshs-004",
      "ssh_execute",
      { connectionId: "pgprimary", command: "find /var/backups/pg -name '*.partial'" },
      "unfinished dumps (there are none)",
    ),
    step(
      "sshs-005",
      "ssh_execute",
      { connectionId: "pgprimary", command: "grep ERROR /var/log/postgresql/postgresql-16-main.log" },
      "error lines of the PostgreSQL log (a success that is about errors)",
    ),
    step(
      "sshs-006",
      "ssh_execute",
      { connectionId: "pgprimary", command: "ls /var/backups/pg/archive" },
      "a directory that does not exist",
    ),
    step(
      "sshs-007",
      "ssh_execute",
      { connectionId: "pgprimary", command: 'psql -d analytics -c "SELECT count(*) FROM no_such_table"' },
      "a query on a table that does not exist",
    ),
    step(
      "sshs-008",
      "ssh_execute",
      { connectionId: "pgprimary", command: "rm /var/backups/pg/analytics-2026-12-04.dump" },
      "delete an old dump (rm is on the blacklist)",
    ),
    step(
      "sshs-009",
      "ssh_get_command_filter",
      { command: "rm -rf /var/lib/postgresql" },
      "ask whether a command would be allowed (it would not)",
    ),
    step(
      "sshs-010",
      "ssh_execute",
      { connectionId: "pgreplica", command: "uptime" },
      "a connection id that was never opened",
    ),
    step(
      "sshs-011",
      "ssh_connect",
      { ...host, username: SSH_USER, connectionId: "replica2" },
      "connect with a password that was rotated on the host",
    ),
    step(
      "sshs-012",
      "ssh_execute",
      { connectionId: "pgprimary", command: 'psql -d analytics -c "SELECT pg_sleep(600)"', timeout: 1000 },
      "a query that runs for minutes, with the tool's own 1 s timeout",
    ),
    step(
      "sshs-013",
      "ssh_run",
      { ...host, username: SSH_USER, password: SSH_PASSWORD, command: "hostname" },
      "one-shot hostname",
    ),
    step(
      "sshs-014",
      "ssh_run",
      { ...host, username: SSH_USER, connectionId: "nightly", command: "ls -la /var/backups/pg" },
      "one-shot listing with a rotated password",
    ),
    step(
      "sshs-015",
      "ssh_run",
      { ...host, username: SSH_USER, password: SSH_PASSWORD, command: "pgbackrest info" },
      "one-shot command the host does not have",
    ),
    step(
      "sshs-016",
      "ssh_run",
      { ...host, username: SSH_USER, password: SSH_PASSWORD, command: "pgbackrest info" },
      "the same one-shot command again, unchanged",
    ),
    step(
      "sshs-017",
      "ssh_connect",
      { host: "127.0.0.1", port: SSH_PORT, username: SSH_USER, connectionId: "pgreplica" },
      "a second connection, to the replica",
    ),
    step(
      "sshs-018",
      "ssh_execute_on_multiple",
      { connectionIds: ["pgprimary", "pgreplica"], command: "hostname", timeout: 1500 },
      "hostname on both hosts while the replica hangs (1.5 s timeout per host)",
      flag("replicaSlow"),
    ),
    step(
      "sshs-019",
      "ssh_list_files",
      { connectionId: "pgprimary", remotePath: "/var/backups/pg" },
      "list over SFTP (no sftp subsystem)",
    ),
    step(
      "sshs-020",
      "ssh_execute",
      { connectionId: "pgprimary", command: 'psql -d analytics -c "SELECT pg_sleep(600)"' },
      "a query that runs for minutes; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "sshs-021",
      "ssh_execute",
      { connectionId: "pgreplica", command: "vacuumdb --all --analyze-in-stages" },
      "a vacuum while the host drops the connection",
      flag("sshDrop"),
    ),
    step(
      "sshs-022",
      "ssh_connect",
      { ...host, username: SSH_USER, connectionId: "pgprimary" },
      "reconnect while the host's sshd is down (stand-in stopped)",
      down(sshSecuredHost),
    ),
    step(
      "sshs-023",
      "ssh_execute_sql",
      { connectionId: "pgprimary", sql: "SELECT 1" },
      "a tool the server does not have",
    ),
    step(
      "sshs-024",
      "ssh_execute",
      { connectionId: "pgprimary" },
      "ssh_execute without its required command",
    ),
    step(
      "sshs-025",
      "ssh_connect",
      { ...host, username: SSH_USER, connectionId: "pgprimary" },
      "reconnect once sshd is back",
    ),
    step(
      "sshs-026",
      "ssh_execute",
      { connectionId: "pgprimary", command: "sleep 120" },
      "a long command; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// --------------------------------------------------------------------- mcp-server-google-analytics (stdio)

const GA = "mcp-server-google-analytics";
/** The service account's key, made once per capture (the stand-in does not check the JWT's signature). */
const SERVICE_KEY = crypto
  .generateKeyPairSync("rsa", { modulusLength: 2048 })
  .privateKey.export({ type: "pkcs8", format: "pem" })
  .toString();
const gaFlag = stateFlags(gaState);
const week = { startDate: "2026-11-30", endDate: "2026-12-06" };

const analytics: SessionSpec = {
  label: "r19-c-google-analytics",
  server: GA,
  transport: "stdio",
  start: stdioServer("r19-c-google-analytics", GA, {
    from: FROM,
    cwd: DATA,
    env: {
      HOME,
      GOOGLE_CLIENT_EMAIL: "mcp-reporting@acme-analytics-418207.iam.gserviceaccount.com",
      GOOGLE_PRIVATE_KEY: SERVICE_KEY,
      GA_PROPERTY_ID,
      // grpc-js reads the lower-case proxy variable.
      https_proxy: `http://127.0.0.1:${GA_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
    },
  }),
  steps: [
    step("ga-001", "getActiveUsers", week, "active and new users per day, last week"),
    step("ga-002", "getUserBehavior", week, "session duration, bounce rate and sessions per user per day"),
    step(
      "ga-003",
      "runReport",
      { ...week, dimensions: [{ name: "country" }], metrics: [{ name: "sessions" }] },
      "sessions by country",
    ),
    step(
      "ga-004",
      "runReport",
      { ...week, dimensions: [{ name: "pagePath" }], metrics: [{ name: "screenPageViews" }] },
      "views by page path",
    ),
    step("ga-005", "getEvents", { ...week, eventName: "purchase" }, "purchase events per day"),
    step(
      "ga-006",
      "getEvents",
      { ...week, eventName: "app_exception" },
      "app_exception events per day (a success that is about errors)",
    ),
    step("ga-007", "getEvents", { ...week, eventName: "refund" }, "refund events (there were none)"),
    step(
      "ga-008",
      "getPageViews",
      week,
      'page views with the tool\'s default dimension "page" (not a GA4 dimension)',
    ),
    step("ga-009", "getPageViews", week, "the same page views again, unchanged"),
    step(
      "ga-010",
      "runReport",
      { ...week, dimensions: [{ name: "pagePath" }], metrics: [{ name: "bounceRatio" }] },
      "a metric name GA4 does not have",
    ),
    step(
      "ga-011",
      "runReport",
      { ...week, dimensions: [{ name: "itemName" }], metrics: [{ name: "sessions" }] },
      "an item-scoped dimension with a session-scoped metric (incompatible)",
    ),
    step(
      "ga-012",
      "getActiveUsers",
      { startDate: "2026-12-31", endDate: "2026-12-01" },
      "a start date after the end date",
    ),
    step(
      "ga-013",
      "getActiveUsers",
      { startDate: "last week", endDate: "today" },
      "relative dates where YYYY-MM-DD is required",
    ),
    step("ga-014", "getUserBehavior", { startDate: "2026-11-30" }, "no end date"),
    step(
      "ga-015",
      "getActiveUsers",
      week,
      "a property the service account was removed from",
      gaFlag("forbidden"),
    ),
    step("ga-016", "getUserBehavior", week, "the property's hourly token quota is spent", gaFlag("quota")),
    step("ga-017", "getActiveUsers", week, "the API answers INTERNAL", gaFlag("internal")),
    step(
      "ga-018",
      "getEvents",
      { ...week, eventName: "purchase" },
      "the API answers UNAVAILABLE",
      gaFlag("unavailable"),
    ),
    step("ga-019", "getActiveUsers", week, "Google's front end answers an HTML 502", gaFlag("badGateway")),
    step(
      "ga-020",
      "getActiveUsers",
      week,
      "the access token is refused (UNAUTHENTICATED)",
      gaFlag("unauthenticated"),
    ),
    step(
      "ga-021",
      "runReport",
      {
        ...week,
        dimensions: [{ name: "country" }],
        metrics: [{ name: "sessions" }],
        dimensionFilter: {
          filter: { fieldName: "country", stringFilter: { matchType: "SOUNDS_LIKE", value: "Germ" } },
        },
      },
      "a filter with a match type the API does not have",
    ),
    step(
      "ga-022",
      "getActiveUsers",
      { startDate: "2026-11-02", endDate: "2026-11-08" },
      "a report the API never finishes; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("ga-023", "getActiveUsers", week, "Google cannot be reached (proxy stopped)", down(gaHost)),
    step(
      "ga-024",
      "runRealtimeReport",
      { metrics: [{ name: "activeUsers" }] },
      "a tool the server does not have",
    ),
    step(
      "ga-025",
      "getActiveUsers",
      { startDate: "2026-11-09", endDate: "2026-11-15" },
      "a slow report; the MCP server is killed mid-call (after 3 s for the gRPC channel to reconnect)",
      { ...killMidCall, before: async () => void (await sleep(3000)) },
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [sshMcp, sshMcpLimited, sshSecured, analytics];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureHostKey();
  writeSshMcpConfig();
  ensureCertificate();
  const standins = [sshHost, sshSecuredHost, gaHost];
  await Promise.all(standins.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    await Promise.allSettled(standins.map((standin) => standin.stop()));
  };
}
