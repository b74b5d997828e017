// Group r11-data: BI (Metabase), a libSQL warehouse platform (Turso) and product analytics (Amplitude) —
// each behind a loopback stand-in that answers with the real API's bodies and error bodies
// (standins.ts). Metabase is reached at its configured URL; Turso and Amplitude, whose hosts are built
// into their servers, through loopback TLS stand-ins (see standins.ts).
//
//   (cd scripts/server-corpus/groups/r11-data && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r11-data

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  AMPLITUDE_API_KEY,
  AMPLITUDE_SECRET,
  AMPLITUDE_TLS_PORT,
  CERT,
  DATA,
  METABASE_KEY,
  METABASE_PORT,
  TURSO_ORG,
  TURSO_PROXY_PORT,
  TURSO_TOKEN,
  amplitudeStandin,
  clearTimers,
  ensureCertificate,
  metabaseStandin,
  state,
  tursoStandin,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@cognitionai/metabase-mcp-server": "2.2.0",
  "mcp-turso-cloud": "0.0.11",
  "amplitude-mcp": "0.0.2",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

// ------------------------------------------------------------------------------------- Metabase

const SIGNUPS_SQL = "SELECT day, signups FROM daily_signups ORDER BY day";
const SLOW_SQL = "SELECT pg_sleep(20)::text AS pg_sleep";

const metabase: SessionSpec = {
  label: "r11-data-metabase",
  server: "@cognitionai/metabase-mcp-server",
  transport: "stdio",
  start: stdioServer("r11-data-metabase", "@cognitionai/metabase-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      METABASE_URL: `http://127.0.0.1:${METABASE_PORT}`,
      METABASE_API_KEY: METABASE_KEY,
      HOME: path.join(DATA, "home"),
    },
  }),
  steps: [
    step("mb-001", "list_databases", {}, "list the connected databases"),
    step("mb-002", "get_database", { database_id: 2 }, "the warehouse database's details"),
    step("mb-003", "get_database", { database_id: 99 }, "a database id that does not exist"),
    step("mb-004", "get_database", { database_id: 99 }, "the same missing database again, unchanged"),
    step("mb-005", "search_content", { q: "signups" }, "search saved questions and dashboards"),
    step("mb-006", "search_content", { q: "quarterly nps survey" }, "a search that finds nothing"),
    step("mb-007", "get_card", { card_id: 12 }, "a saved question's definition"),
    step("mb-008", "get_card", { card_id: 21 }, "a saved question in a collection the key cannot read"),
    step("mb-009", "execute_card", { card_id: 12 }, "run a saved question"),
    step("mb-010", "execute_card", { card_id: 13 }, "run a saved question whose table was dropped"),
    step("mb-011", "execute_query", { database_id: 2, query: SIGNUPS_SQL }, "a native SQL query"),
    step(
      "mb-012",
      "execute_query",
      { database_id: 2, query: "SELECT day, signups FROM daily_signups WHERE day > '2027-01-01'" },
      "a native query that matches no rows",
    ),
    step(
      "mb-013",
      "execute_query",
      { database_id: 2, query: "SELECT count(*) FROM events_raw" },
      "a native query on a table that does not exist",
    ),
    step(
      "mb-014",
      "execute_query",
      { database_id: 2, query: "selec day, signups from daily_signups" },
      "a native query with a syntax error",
    ),
    step("mb-015", "get_dashboard", { dashboard_id: 3 }, "a dashboard with its cards"),
    step("mb-016", "create_dashboard", { name: "" }, "create a dashboard with a blank name"),
    step(
      "mb-017",
      "create_dashboard",
      { name: "Board metrics draft", collection_id: 9 },
      "create a dashboard in a collection the key cannot write",
    ),
    step(
      "mb-018",
      "create_dashboard",
      { name: "Activation review", collection_id: 4 },
      "create a dashboard in the Growth collection",
    ),
    step("mb-019", "get_card", { card_id: "twelve" }, "a card id given as a word"),
    step("mb-020", "delete_card", { card_id: 12 }, "a tool the server does not load by default"),
    step(
      "mb-021",
      "list_databases",
      {},
      "list databases after the API key was revoked",
      flag("metabaseKeyRevoked"),
    ),
    step(
      "mb-022",
      "execute_query",
      { database_id: 2, query: SIGNUPS_SQL },
      "a query while the reverse proxy answers 502",
      flag("metabaseBadGateway"),
    ),
    step(
      "mb-023",
      "list_databases",
      {},
      "list databases while Metabase is still starting (503)",
      flag("metabaseInitializing"),
    ),
    step(
      "mb-024",
      "execute_query",
      { database_id: 2, query: SLOW_SQL },
      "a query that takes the warehouse 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "mb-025",
      "list_databases",
      {},
      "list databases while Metabase cannot be reached (stopped)",
      down(metabaseStandin),
    ),
    step(
      "mb-026",
      "execute_query",
      { database_id: 2, query: SLOW_SQL },
      "a slow query; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ---------------------------------------------------------------------------------------- Turso

const turso: SessionSpec = {
  label: "r11-data-turso",
  server: "mcp-turso-cloud",
  transport: "stdio",
  start: stdioServer("r11-data-turso", "mcp-turso-cloud", {
    from: FROM,
    cwd: DATA,
    env: {
      TURSO_API_TOKEN: TURSO_TOKEN,
      TURSO_ORGANIZATION: TURSO_ORG,
      TURSO_DEFAULT_DATABASE: "analytics",
      HTTPS_PROXY: `http://127.0.0.1:${TURSO_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import=${path.join(FROM, "proxy-preload.mjs")}`,
      HOME: path.join(DATA, "home"),
    },
  }),
  steps: [
    step("tu-001", "list_databases", {}, "list the organization's databases"),
    step("tu-002", "list_tables", { database: "analytics" }, "list the tables of the analytics database"),
    step("tu-003", "describe_table", { table: "events" }, "the columns of the events table"),
    step("tu-004", "describe_table", { table: "event" }, "the columns of a table that does not exist"),
    step(
      "tu-005",
      "execute_read_only_query",
      { query: "SELECT name, count(*) AS n FROM events GROUP BY name ORDER BY n DESC" },
      "count events by name",
    ),
    step(
      "tu-006",
      "execute_read_only_query",
      { query: "SELECT name, count(*) AS n FROM events WHERE name = 'checkout_abandoned' GROUP BY name" },
      "a query that matches no rows",
    ),
    step(
      "tu-007",
      "execute_read_only_query",
      { query: "SELECT * FROM evnts LIMIT 10" },
      "a query on a misspelt table",
    ),
    step(
      "tu-008",
      "execute_read_only_query",
      { query: "DELETE FROM events WHERE ts < 1700000000" },
      "a DELETE sent to the read-only tool",
    ),
    step(
      "tu-009",
      "execute_query",
      {
        query: "INSERT INTO events (user_id, name, ts) VALUES (?, ?, ?)",
        params: { "1": "u_8812", "2": "signup", "3": 1796900000 },
      },
      "insert one event",
    ),
    step(
      "tu-010",
      "execute_query",
      { query: "INSERT INTO funnels (slug, steps) VALUES ('activation', '[\"signup\",\"activate\"]')" },
      "insert a funnel whose slug already exists",
    ),
    step(
      "tu-011",
      "execute_query",
      { query: "UPDATE funnels SET steps = '[\"signup\"]' WHERE slug = 'onboarding-v3'" },
      "an update that matches no rows",
    ),
    step(
      "tu-012",
      "vector_search",
      { table: "events", vector_column: "embedding", query_vector: [0.12, 0.4, 0.33], limit: 5 },
      "a vector search on a column the table does not have",
    ),
    step("tu-013", "create_database", { name: "analytics" }, "create a database whose name is taken"),
    step("tu-014", "create_database", { name: "Marketing_DB" }, "create a database with an invalid name"),
    step(
      "tu-015",
      "delete_database",
      { name: "events-archive" },
      "delete a database that has delete protection",
    ),
    step(
      "tu-016",
      "generate_database_token",
      { database: "analytcs", permission: "read-only" },
      "a token for a database that does not exist",
    ),
    step(
      "tu-017",
      "list_databases",
      {},
      "list databases over the Platform API's rate limit (429)",
      flag("tursoRateLimited"),
    ),
    step(
      "tu-018",
      "list_databases",
      {},
      "list databases after the platform token was revoked",
      flag("tursoTokenRevoked"),
    ),
    step(
      "tu-019",
      "execute_read_only_query",
      { query: "SELECT day, dau FROM daily_active_users ORDER BY day" },
      "a query while the database's edge answers 502",
      flag("tursoEdgeDown"),
    ),
    step(
      "tu-020",
      "execute_read_only_query",
      { query: "SELECT day, dau FROM daily_active_users ORDER BY day" },
      "a query after the database token expired",
      flag("tursoDbJwtExpired"),
    ),
    step(
      "tu-021",
      "execute_read_only_query",
      { query: "SELECT * FROM slow_rollup" },
      "a query that takes the database 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("tu-022", "create_branch", { name: "analytics-staging" }, "a tool the server does not have"),
    step("tu-023", "describe_table", {}, "describe_table without the required table"),
    step(
      "tu-024",
      "list_databases",
      {},
      "list databases while Turso cannot be reached (proxy stopped)",
      down(tursoStandin),
    ),
    step(
      "tu-025",
      "execute_read_only_query",
      { query: "SELECT * FROM slow_rollup" },
      "a slow query; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ------------------------------------------------------------------------------------ Amplitude

const CHECKOUT = { events: [{ eventType: "Checkout Completed" }], start: "20261201", end: "20261205" };
const SLOW = { events: [{ eventType: "Slow Report Event" }], start: "20261201", end: "20261205" };

const amplitude: SessionSpec = {
  label: "r11-data-amplitude",
  server: "amplitude-mcp",
  transport: "stdio",
  start: stdioServer("r11-data-amplitude", "amplitude-mcp", {
    from: FROM,
    cwd: DATA,
    args: ["--amplitude-api-key", AMPLITUDE_API_KEY, "--amplitude-secret-key", AMPLITUDE_SECRET],
    env: {
      AMPLITUDE_STANDIN_PORT: String(AMPLITUDE_TLS_PORT),
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import=${path.join(FROM, "https-preload.mjs")}`,
      HOME: path.join(DATA, "home"),
    },
  }),
  steps: [
    step("amp-001", "query_events", CHECKOUT, "daily counts of an event"),
    step(
      "amp-002",
      "segment_events",
      { events: [{ eventType: "Song Played" }], start: "20261201", end: "20261205", interval: "day" },
      "segment an event by day",
    ),
    step(
      "amp-003",
      "query_events",
      { events: [{ eventType: "Chekout Completed" }], start: "20261201", end: "20261205" },
      "counts of an event name nobody sends (misspelt)",
    ),
    step(
      "amp-004",
      "query_events",
      { ...CHECKOUT, start: "20261205", end: "20261201" },
      "an end date before the start date",
    ),
    step(
      "amp-005",
      "query_events",
      { ...CHECKOUT, start: "20261205", end: "20261201" },
      "the same date range again, unchanged",
    ),
    step("amp-006", "query_events", { ...CHECKOUT, start: "2026-12-01" }, "a start date with dashes"),
    step("amp-007", "segment_events", { events: [], start: "20261201", end: "20261205" }, "no events"),
    step(
      "amp-008",
      "query_events",
      { ...CHECKOUT, start: "20261201T00" },
      "a start date with a time suffix the tool's pattern lets through",
    ),
    step(
      "amp-009",
      "query_events",
      CHECKOUT,
      "counts after the project's secret key was rotated",
      flag("amplitudeKeyInvalid"),
    ),
    step(
      "amp-010",
      "query_events",
      CHECKOUT,
      "counts over the concurrent-query limit (429)",
      flag("amplitudeRateLimited"),
    ),
    step(
      "amp-011",
      "query_events",
      CHECKOUT,
      "counts while the API answers 500",
      flag("amplitudeServerError"),
    ),
    step(
      "amp-012",
      "segment_events",
      CHECKOUT,
      "segmentation answered with a Cloudflare challenge page (HTTP 200 HTML)",
      flag("amplitudeChallengePage"),
    ),
    step("amp-013", "query_events", SLOW, "a query that takes the API 15 s; the client waits 3 s", {
      timeoutMs: 3000,
    }),
    step("amp-014", "get_cohorts", {}, "a tool the server does not have"),
    step(
      "amp-015",
      "query_events",
      CHECKOUT,
      "counts while Amplitude cannot be reached (stand-in stopped)",
      down(amplitudeStandin),
    ),
    step("amp-016", "query_events", SLOW, "a slow query; the MCP server is killed mid-call", killMidCall),
  ],
};

export const SESSIONS: SessionSpec[] = [metabase, turso, amplitude];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(path.join(DATA, "home"), { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
