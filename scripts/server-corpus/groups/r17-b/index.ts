// Group r17-b: cloud databases and data platforms — Neon (serverless Postgres: its Management API and SQL over
// HTTP), BigQuery (a read-only query server with a table allow-list), InstantDB (its admin query/transact
// API) and Firebase (Firestore over gRPC, Auth and Cloud Storage, through a server run over Streamable HTTP) —
// each published MCP server behind a loopback stand-in that answers with the real service's bodies and error
// bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r17-b && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r17-b

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { httpServer, sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  BQ_CONFIG,
  BQ_PROJECT,
  BQ_PROXY_PORT,
  CERT,
  DATA,
  FB_BUCKET,
  FIREBASE_HTTP_PORT,
  FIREBASE_KEY,
  FIREBASE_MCP_PORT,
  FIRESTORE_PORT,
  GCP_KEY,
  INSTANT_APP,
  INSTANT_MISSING_APP,
  INSTANT_PORT,
  INSTANT_TOKEN,
  NEON_API_KEY,
  NEON_MISSING_PROJECT,
  NEON_PROJECT,
  NEON_PROXY_PORT,
  NEON_REPLICA_DB,
  NEON_SLOW_PROJECT,
  bigqueryStandin,
  clearTimers,
  ensureCertificate,
  ensureKeys,
  firebaseHttpStandin,
  instantStandin,
  neonStandin,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@neondatabase/mcp-server-neon": "0.3.7",
  "@ergut/mcp-bigquery-server": "1.0.4",
  "@instantdb/mcp": "1.0.67",
  "@gannonh/firebase-mcp": "1.4.9",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");
const PROXY_PRELOAD = `--import=${path.join(FROM, "proxy-preload.mjs")}`;

// ----------------------------------------------------------------------------------------------- Neon

/** The Neon server takes every tool's arguments inside `params`. */
const p = (params: Record<string, unknown>) => ({ params });

const neon: SessionSpec = {
  label: "r17-b-neon",
  server: "@neondatabase/mcp-server-neon",
  transport: "stdio",
  start: stdioServer("r17-b-neon", "@neondatabase/mcp-server-neon", {
    from: FROM,
    cwd: DATA,
    args: ["start", NEON_API_KEY],
    env: {
      HTTPS_PROXY: `http://127.0.0.1:${NEON_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: PROXY_PRELOAD,
      HOME,
    },
  }),
  steps: [
    step("neon-001", "list_projects", p({}), "list the account's projects"),
    step(
      "neon-002",
      "list_projects",
      p({ search: "legacy-billing" }),
      "search projects by a name no project has",
    ),
    step("neon-003", "describe_project", p({ projectId: NEON_PROJECT }), "describe the storefront project"),
    step(
      "neon-004",
      "describe_project",
      p({ projectId: NEON_MISSING_PROJECT }),
      "describe a project id that does not exist",
    ),
    step(
      "neon-005",
      "describe_project",
      p({ projectId: NEON_MISSING_PROJECT }),
      "the same missing project again, unchanged",
    ),
    step("neon-006", "get_database_tables", p({ projectId: NEON_PROJECT }), "tables of the default database"),
    step(
      "neon-007",
      "describe_table_schema",
      p({ projectId: NEON_PROJECT, tableName: "orders" }),
      "columns of the orders table",
    ),
    step(
      "neon-008",
      "describe_table_schema",
      p({ projectId: NEON_PROJECT, tableName: "order_items_archive" }),
      "columns of a table that does not exist",
    ),
    step(
      "neon-009",
      "run_sql",
      p({
        projectId: NEON_PROJECT,
        sql: "SELECT status, count(*) AS orders, sum(total_cents) AS revenue_cents FROM orders GROUP BY status ORDER BY orders DESC",
      }),
      "orders and revenue by status",
    ),
    step(
      "neon-010",
      "run_sql",
      p({
        projectId: NEON_PROJECT,
        sql: "SELECT id, status, total_cents FROM orders WHERE status = 'on_hold'",
      }),
      "orders on hold (there are none)",
    ),
    step(
      "neon-011",
      "run_sql",
      p({ projectId: NEON_PROJECT, sql: "SELECT * FROM invoices LIMIT 10" }),
      "a query on a relation that does not exist",
    ),
    step(
      "neon-012",
      "run_sql",
      p({ projectId: NEON_PROJECT, sql: "SELECT id, total_cents FORM orders" }),
      "a query with a syntax error",
    ),
    step(
      "neon-013",
      "run_sql_transaction",
      p({
        projectId: NEON_PROJECT,
        sqlStatements: [
          "UPDATE orders SET status = 'cancelled' WHERE id = 10412",
          "INSERT INTO order_events (order_id, kind) VALUES (10412, 'cancelled')",
        ],
      }),
      "cancel an order and record the event in one transaction",
    ),
    step(
      "neon-014",
      "run_sql_transaction",
      p({
        projectId: NEON_PROJECT,
        sqlStatements: [
          "INSERT INTO customers (email, name) VALUES ('ada@acme.dev', 'Ada Lovelace')",
          "INSERT INTO customers (email, name) VALUES ('grace@acme.dev', 'Grace Hopper')",
        ],
      }),
      "insert customers, one of whose e-mail is already taken",
    ),
    step(
      "neon-015",
      "run_sql",
      p({
        projectId: NEON_PROJECT,
        databaseName: NEON_REPLICA_DB,
        sql: "UPDATE daily_totals SET closed = true WHERE day = '2026-12-05'",
      }),
      "an UPDATE on a database served read-only",
    ),
    step(
      "neon-016",
      "create_branch",
      p({ projectId: NEON_PROJECT, branchName: "migrate/add-loyalty-points" }),
      "create a branch for a migration",
    ),
    step(
      "neon-017",
      "create_branch",
      p({ projectId: NEON_PROJECT, branchName: "migrate/add-gift-cards" }),
      "create a branch while another operation holds the project (423)",
      flag("neonProjectLocked"),
    ),
    step(
      "neon-018",
      "create_project",
      p({ name: "storefront-staging" }),
      "create a project over the plan's limit",
    ),
    step(
      "neon-019",
      "list_projects",
      p({}),
      "list projects after the API key was revoked",
      flag("neonKeyRevoked"),
    ),
    step(
      "neon-020",
      "list_projects",
      p({ limit: 50 }),
      "list projects while the API answers 429",
      flag("neonRateLimited"),
    ),
    step(
      "neon-021",
      "describe_project",
      p({ projectId: NEON_PROJECT }),
      "describe the project while Cloudflare answers an HTML 503",
      flag("neonUnavailable"),
    ),
    step(
      "neon-022",
      "run_sql",
      p({ projectId: NEON_PROJECT, sql: "SELECT count(*) FROM orders" }),
      "a query while the SQL endpoint cannot reach the compute (503)",
      flag("neonSqlUnavailable"),
    ),
    step(
      "neon-023",
      "get_connection_string",
      p({ projectId: NEON_SLOW_PROJECT }),
      "a connection string the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("neon-024", "list_databases", p({ projectId: NEON_PROJECT }), "a tool the server does not have"),
    step("neon-025", "run_sql", p({ projectId: NEON_PROJECT }), "run_sql without the required sql"),
    step(
      "neon-026",
      "list_projects",
      p({}),
      "list projects while Neon cannot be reached (stand-in stopped)",
      down(neonStandin),
    ),
  ],
};

// ------------------------------------------------------------------------------------------- BigQuery

const q = (sql: string) => ({ sql });

const bigquery: SessionSpec = {
  label: "r17-b-bigquery",
  server: "@ergut/mcp-bigquery-server",
  transport: "stdio",
  start: stdioServer("r17-b-bigquery", "@ergut/mcp-bigquery-server", {
    from: FROM,
    cwd: DATA,
    args: ["--project-id", BQ_PROJECT, "--location", "US", "--key-file", GCP_KEY, "--config-file", BQ_CONFIG],
    env: {
      HTTPS_PROXY: `http://127.0.0.1:${BQ_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      HOME,
    },
  }),
  steps: [
    step(
      "bq-001",
      "query",
      q(
        "SELECT status, COUNT(*) AS orders, SUM(order_total) AS revenue FROM sales.orders GROUP BY status ORDER BY orders DESC",
      ),
      "orders and revenue by status",
    ),
    step(
      "bq-002",
      "query",
      q("SELECT order_id, order_date, order_total FROM sales.orders WHERE order_date > '2030-01-01'"),
      "orders dated in the future (there are none)",
    ),
    step(
      "bq-003",
      "query",
      q("SELECT table_name, table_type, creation_time FROM sales.INFORMATION_SCHEMA.TABLES"),
      "the tables of the sales dataset",
    ),
    step(
      "bq-004",
      "query",
      q(
        "SELECT c.country, SUM(o.order_total) AS revenue FROM sales.orders o JOIN sales.customers c ON o.customer_id = c.customer_id GROUP BY c.country ORDER BY revenue DESC LIMIT 3",
      ),
      "revenue per country (orders joined with customers)",
    ),
    step(
      "bq-005",
      "query",
      q("SELECT order_id, order_totl FROM sales.orders LIMIT 10"),
      "a column name misspelled",
    ),
    step(
      "bq-006",
      "query",
      q("SELECT order_id, order_totl FROM sales.orders LIMIT 10"),
      "the same misspelled column again, unchanged",
    ),
    step(
      "bq-007",
      "query",
      q("SELECT order_id,, order_total FROM sales.orders"),
      "a query with a syntax error",
    ),
    step(
      "bq-008",
      "query",
      q("SELECT name, budget FROM marketing.campaigns WHERE active"),
      "an allowed table that does not exist in BigQuery",
    ),
    step(
      "bq-009",
      "query",
      q("SELECT user_id, email, last_login FROM auth.users LIMIT 20"),
      "a table outside the configured allow-list",
    ),
    step(
      "bq-010",
      "query",
      q("SELECT customer_id, email, phone FROM sales.customers WHERE country = 'DE'"),
      "restricted columns selected directly",
    ),
    step(
      "bq-011",
      "query",
      q("DELETE FROM sales.orders WHERE status = 'cancelled'"),
      "a DELETE through the read-only query tool",
    ),
    step(
      "bq-012",
      "query",
      q("SELECT account, SUM(amount) FROM finance.ledger GROUP BY account"),
      "a table the service account may not read (403 accessDenied)",
    ),
    step(
      "bq-013",
      "query",
      q("SELECT event_name, COUNT(*) FROM web.events GROUP BY event_name"),
      "a scan larger than the configured maximum bytes billed",
    ),
    step(
      "bq-014",
      "query",
      q("SELECT status, COUNT(*) FROM sales.orders GROUP BY status"),
      "a query after the project's free query bytes are spent (403 quotaExceeded)",
      flag("bqQuotaExceeded"),
    ),
    step(
      "bq-015",
      "query",
      q("SELECT status, COUNT(*) FROM sales.orders GROUP BY status"),
      "a query while the API answers 429 rateLimitExceeded",
      flag("bqRateLimited", { timeoutMs: 45_000 }),
    ),
    step(
      "bq-016",
      "query",
      q("SELECT status, COUNT(*) FROM sales.orders GROUP BY status"),
      "a query while the API answers 500 backendError",
      flag("bqBackendError", { timeoutMs: 45_000 }),
    ),
    step(
      "bq-017",
      "query",
      q("SELECT status, COUNT(*) FROM sales.orders GROUP BY status"),
      "a query while Google's front end answers an HTML 503",
      flag("bqGfe503", { timeoutMs: 45_000 }),
    ),
    step(
      "bq-018",
      "query",
      q("SELECT status, COUNT(*) FROM sales.orders GROUP BY status"),
      "a query after the service-account key was deleted (invalid_grant)",
      flag("bqKeyRevoked"),
    ),
    step(
      "bq-019",
      "query",
      q("SELECT session_id, duration FROM sales.orders AS slow_sessions LIMIT 5"),
      "a query BigQuery takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("bq-020", "list_datasets", {}, "a tool the server does not have"),
    step("bq-021", "query", {}, "the query tool without its sql argument"),
    step(
      "bq-022",
      "query",
      q("SELECT country, COUNT(DISTINCT email) AS customers FROM sales.customers GROUP BY country"),
      "customers per country, a restricted column inside COUNT(DISTINCT …)",
    ),
    step(
      "bq-023",
      "query",
      q("SELECT status, COUNT(*) FROM sales.orders GROUP BY status"),
      "a query while Google's APIs cannot be reached (stand-in stopped)",
      down(bigqueryStandin, { timeoutMs: 45_000 }),
    ),
    step(
      "bq-024",
      "query",
      q("SELECT session_id, duration FROM sales.orders AS slow_sessions LIMIT 5"),
      "a slow query; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ------------------------------------------------------------------------------------------- InstantDB

const instant: SessionSpec = {
  label: "r17-b-instant",
  server: "@instantdb/mcp",
  transport: "stdio",
  start: stdioServer("r17-b-instant", "@instantdb/mcp", {
    from: FROM,
    cwd: DATA,
    args: ["--token", INSTANT_TOKEN],
    env: { INSTANT_API_URL: `http://127.0.0.1:${INSTANT_PORT}`, HOME },
  }),
  steps: [
    step("ins-001", "learn", {}, "how to learn about InstantDB"),
    step("ins-002", "get-schema", { appId: INSTANT_APP }, "how to fetch the app's schema"),
    step(
      "ins-003",
      "query",
      { appId: INSTANT_APP, query: { goals: { todos: {} } } },
      "goals with their todos",
    ),
    step(
      "ins-004",
      "query",
      { appId: INSTANT_APP, query: { goals: { $: { where: { status: "archived" } } } } },
      "archived goals (there are none)",
    ),
    step(
      "ins-005",
      "query",
      {
        appId: INSTANT_APP,
        query: { todos: { $: { where: { id: "ffffffff-0000-4000-8000-000000000000" } } } },
      },
      "one todo by an id that does not exist",
    ),
    step(
      "ins-006",
      "query",
      { appId: INSTANT_APP, query: { goals: { $: { where: { priority: { $gt: 2 } } } } } },
      "a comparison on an attribute that is not indexed",
    ),
    step(
      "ins-007",
      "query",
      { appId: INSTANT_APP, query: { goals: { $: { where: { priority: { $gt: 2 } } } } } },
      "the same refused comparison again, unchanged",
    ),
    step(
      "ins-008",
      "query",
      { appId: INSTANT_MISSING_APP, query: { goals: {} } },
      "a query against an app id that does not exist",
    ),
    step(
      "ins-009",
      "transact",
      {
        appId: INSTANT_APP,
        steps: [
          [
            "update",
            "todos",
            "5e4d3c2b-1a09-4f8e-9d7c-6b5a49382716",
            { title: "Email the printer", done: false },
          ],
        ],
      },
      "create a todo",
    ),
    step(
      "ins-010",
      "transact",
      {
        appId: INSTANT_APP,
        steps: [
          [
            "update",
            "customers",
            "2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f",
            { email: "ada@acme.dev", name: "Ada" },
          ],
        ],
      },
      "create a customer whose unique e-mail is taken",
    ),
    step(
      "ins-011",
      "transact",
      { appId: INSTANT_APP, steps: [["update", "todos", "todo-42", { done: true }]] },
      "a transaction step with an entity id that is not a UUID",
    ),
    step(
      "ins-012",
      "query",
      { appId: INSTANT_APP, query: { goals: {} } },
      "a query after the personal access token was revoked",
      flag("instantTokenRevoked"),
    ),
    step(
      "ins-013",
      "query",
      { appId: INSTANT_APP, query: { goals: {} } },
      "a query while Instant rate-limits the token",
      flag("instantRateLimited"),
    ),
    step(
      "ins-014",
      "transact",
      {
        appId: INSTANT_APP,
        steps: [["update", "goals", "3e2f9c1a-5b7d-4e8f-a0b1-c2d3e4f5a6b7", { status: "done" }]],
      },
      "a transaction that hits a database deadlock (500 sql-exception)",
      flag("instantDeadlock"),
    ),
    step(
      "ins-015",
      "query",
      { appId: INSTANT_APP, query: { goals: {} } },
      "a query while the load balancer answers an HTML 502",
      flag("instantBadGateway"),
    ),
    step(
      "ins-016",
      "query",
      { appId: INSTANT_APP, query: { slow_reports: {} } },
      "a query Instant takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("ins-017", "list-apps", {}, "a tool the server does not have"),
    step("ins-018", "query", { appId: "my-todo-app", query: { goals: {} } }, "an app id that is not a UUID"),
    step(
      "ins-019",
      "transact",
      { appId: INSTANT_APP, steps: "update todos set done = true" },
      "transaction steps given as a string",
    ),
    step("ins-020", "push-perms", { appId: INSTANT_APP }, "how to push permission changes"),
    step(
      "ins-021",
      "query",
      { appId: INSTANT_APP, query: { goals: {} } },
      "a query while Instant cannot be reached (stand-in stopped)",
      down(instantStandin),
    ),
    step(
      "ins-022",
      "query",
      { appId: INSTANT_APP, query: { slow_reports: {} } },
      "a slow query; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ------------------------------------------------------------------------------------------- Firebase

const firebase: SessionSpec = {
  label: "r17-b-firebase",
  server: "@gannonh/firebase-mcp",
  transport: "http",
  start: httpServer("r17-b-firebase", "@gannonh/firebase-mcp", {
    from: FROM,
    port: FIREBASE_MCP_PORT,
    env: {
      SERVICE_ACCOUNT_KEY_PATH: FIREBASE_KEY,
      FIREBASE_STORAGE_BUCKET: FB_BUCKET,
      MCP_TRANSPORT: "http",
      FORCE_HTTP_TRANSPORT: "true",
      MCP_HTTP_HOST: "127.0.0.1",
      MCP_HTTP_PORT: String(FIREBASE_MCP_PORT),
      MCP_HTTP_PATH: "/mcp",
      FIRESTORE_EMULATOR_HOST: `127.0.0.1:${FIRESTORE_PORT}`,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${FIREBASE_HTTP_PORT}`,
      FIREBASE_STORAGE_EMULATOR_HOST: `127.0.0.1:${FIREBASE_HTTP_PORT}`,
      HOME,
    },
  }),
  steps: [
    step("fb-001", "firestore_list_collections", {}, "the database's top-level collections"),
    step("fb-002", "firestore_list_documents", { collection: "orders", limit: 3 }, "three orders"),
    step(
      "fb-003",
      "firestore_list_documents",
      { collection: "orders", filters: [{ field: "status", operator: "==", value: "refunded" }] },
      "refunded orders (there are none)",
    ),
    step("fb-004", "firestore_get_document", { collection: "orders", id: "ORD-10231" }, "one order by id"),
    step(
      "fb-005",
      "firestore_get_document",
      { collection: "orders", id: "ORD-99999" },
      "an order id that does not exist",
    ),
    step(
      "fb-006",
      "firestore_add_document",
      {
        collection: "orders",
        data: {
          customer: "li.wei@acme.dev",
          status: "pending",
          total: 42.5,
          createdAt: "2026-12-06T09:30:00Z",
        },
      },
      "add an order",
    ),
    step(
      "fb-007",
      "firestore_update_document",
      { collection: "orders", id: "ORD-99999", data: { status: "shipped" } },
      "update an order that does not exist",
    ),
    step(
      "fb-008",
      "firestore_update_document",
      { collection: "orders", id: "ORD-99999", data: { status: "shipped" } },
      "the same update of the missing order again, unchanged",
    ),
    step(
      "fb-009",
      "firestore_query_collection_group",
      { collectionId: "line_items", orderBy: [{ field: "sku" }, { field: "qty", direction: "desc" }] },
      "line items across orders ordered by two fields (needs a composite index)",
    ),
    step(
      "fb-010",
      "firestore_query_collection_group",
      { collectionId: "line_items", limit: 10 },
      "line items across all orders",
    ),
    step("fb-011", "firestore_delete_document", { collection: "orders", id: "ORD-10198" }, "delete an order"),
    step(
      "fb-012",
      "firestore_update_document",
      { collection: "orders", id: "ORD-10232", data: { status: "delivered" } },
      "an update the security rules refuse (PERMISSION_DENIED)",
      flag("fsPermissionDenied"),
    ),
    step(
      "fb-013",
      "firestore_list_documents",
      { collection: "orders", filters: [{ field: "customer", operator: "contains", value: "acme" }] },
      "a filter operator Firestore does not have",
    ),
    step(
      "fb-014",
      "firestore_get_document",
      { collection: "orders", id: "ORD-10232" },
      "an order while Firestore refuses the credentials (UNAUTHENTICATED)",
      flag("fsUnauthenticated"),
    ),
    step("fb-015", "auth_get_user", { identifier: "dana.whitfield@acme.dev" }, "a user by e-mail"),
    step(
      "fb-016",
      "auth_get_user",
      { identifier: "uR7nKq2ZpX0yW5vT3sA9bC1dE4fG" },
      "a user id that does not exist",
    ),
    step(
      "fb-017",
      "auth_get_user",
      { identifier: "dana.whitfield@acme.dev" },
      "a user while the service account lacks the Service Usage Consumer role (403)",
      flag("fbAuthForbidden"),
    ),
    step("fb-018", "storage_list_files", { directoryPath: "invoices/2026/" }, "the 2026 invoices"),
    step(
      "fb-019",
      "storage_get_file_info",
      { filePath: "invoices/2026/INV-10231.pdf" },
      "one invoice's metadata and a download URL",
    ),
    step(
      "fb-020",
      "storage_get_file_info",
      { filePath: "invoices/2026/INV-99999.pdf" },
      "a file that does not exist",
    ),
    step(
      "fb-021",
      "storage_list_files",
      { directoryPath: "invoices/" },
      "files while the service account may not list the bucket (403)",
      flag("fbStorageForbidden"),
    ),
    step(
      "fb-022",
      "storage_list_files",
      { directoryPath: "invoices/" },
      "files while Cloud Storage answers 503",
      flag("fbStorageUnavailable", { timeoutMs: 45_000 }),
    ),
    step("fb-023", "firestore_count_documents", { collection: "orders" }, "a tool the server does not have"),
    step("fb-024", "firestore_get_document", { collection: "orders" }, "get a document without its id"),
    step(
      "fb-025",
      "firestore_list_documents",
      { collection: "slow_reports" },
      "a collection Firestore takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "fb-026",
      "storage_list_files",
      { directoryPath: "invoices/" },
      "files while Cloud Storage cannot be reached (stand-in stopped)",
      down(firebaseHttpStandin, { timeoutMs: 45_000 }),
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [neon, bigquery, instant, firebase];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  ensureKeys();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
