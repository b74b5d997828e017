// Group r32-b: Microsoft Dataverse, the data platform under Power Apps and Dynamics 365 — records, table metadata,
// solutions, security roles and processes of an environment, through its Web API with a Microsoft Entra ID app
// registration (client credentials). Two published MCP servers from different authors (powerplatform-mcp and
// mcp-dataverse), each behind a loopback stand-in that answers with the services' bodies and error bodies
// (standins.ts). The brief's kind, self-hosted team chat, had no server on the registry mirror (README.md).
//
//   (cd scripts/server-corpus/groups/r32-b && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r32-b

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ACCOUNTS,
  ALL_STANDINS,
  CERT,
  DATA,
  DV_CLIENT,
  DV_EXPIRED_CLIENT,
  DV_HOST,
  MISSING_ACCOUNT,
  PP_CLIENT,
  PP_HOST,
  SLOW_ACCOUNT,
  STANDIN_PORT,
  TENANT,
  clearTimers,
  ensureCertificate,
  resetCounters,
  standin,
  state,
  seen,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "powerplatform-mcp": "2.5.0",
  "mcp-dataverse": "0.7.8",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");

// Both servers reach hosts written into them or checked by them (login.microsoftonline.com, *.dynamics.com): the
// preload sends their TLS connections to the stand-in, whose certificate they trust (route-preload.mjs).
const routed = {
  HOME,
  R32B_STANDIN_PORT: String(STANDIN_PORT),
  NODE_EXTRA_CA_CERTS: CERT,
  NODE_OPTIONS: `--import ${path.join(FROM, "route-preload.mjs")}`,
};

// --------------------------------------------------------------------------------- powerplatform-mcp (stdio)

const pp: SessionSpec = {
  label: "r32-b-powerplatform",
  server: "powerplatform-mcp",
  transport: "stdio",
  start: stdioServer("r32-b-powerplatform", "powerplatform-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      ...routed,
      POWERPLATFORM_ENVIRONMENTS: "PROD",
      POWERPLATFORM_PROD_URL: `https://${PP_HOST}`,
      POWERPLATFORM_PROD_CLIENT_ID: PP_CLIENT.id,
      POWERPLATFORM_PROD_CLIENT_SECRET: PP_CLIENT.secret,
      POWERPLATFORM_PROD_TENANT_ID: TENANT,
    },
  }),
  steps: [
    step("ppm-001", "get-entity-metadata", { entityName: "account" }, "the account table's metadata"),
    step("ppm-002", "get-entity-attributes", { entityName: "account" }, "the account table's columns"),
    step(
      "ppm-003",
      "get-record",
      { entityNamePlural: "accounts", recordId: ACCOUNTS.northwind },
      "one account by its GUID",
    ),
    step(
      "ppm-004",
      "query-records",
      { entityNamePlural: "accounts", filter: "address1_city eq 'Munich'", maxRecords: 10 },
      "accounts in one city",
    ),
    step(
      "ppm-005",
      "query-records",
      { entityNamePlural: "accounts", filter: "name eq 'Contoso Pharmaceuticals'" },
      "accounts by a name no account has (value [])",
    ),
    step("ppm-006", "get-solutions", {}, "the environment's visible solutions"),
    step("ppm-007", "get-solution", { uniqueName: "ContosoFieldService" }, "one solution by its unique name"),
    step(
      "ppm-008",
      "get-solution",
      { uniqueName: "FabrikamSales" },
      "a solution the environment does not have (the query answers value [])",
    ),
    step("ppm-009", "get-publishers", {}, "the environment's publishers"),
    step("ppm-010", "get-security-roles", {}, "the environment's security roles"),
    step("ppm-011", "get-workflows", {}, "the environment's classic workflows"),
    step("ppm-012", "get-environment-variables", {}, "environment variables (the environment has none)"),
    step(
      "ppm-013",
      "get-record",
      { entityNamePlural: "accounts", recordId: MISSING_ACCOUNT },
      "an account GUID that does not exist (404 0x80040217)",
    ),
    step(
      "ppm-014",
      "query-records",
      { entityNamePlural: "accounts", filter: "nmae eq 'Adatum Corporation'" },
      "a filter on a column misspelled (400 0x80060888)",
    ),
    step(
      "ppm-015",
      "get-entity-metadata",
      { entityName: "cts_workordr" },
      "metadata of a table name misspelled (404)",
    ),
    step(
      "ppm-016",
      "query-records",
      { entityNamePlural: "cts_payrollentries", filter: "cts_amount gt 0" },
      "a table the application user holds no read privilege on (403 0x80040220)",
    ),
    step(
      "ppm-017",
      "get-record",
      { entityNamePlural: "accounts", recordId: ACCOUNTS.adatum },
      "a record after the application user's access was revoked (401 on the cached token)",
      flag("ppTokenRevoked"),
    ),
    step(
      "ppm-018",
      "get-record",
      { entityNamePlural: "accounts", recordId: ACCOUNTS.adatum },
      "the same call again, access still revoked",
      flag("ppTokenRevoked"),
    ),
    step(
      "ppm-019",
      "query-records",
      { entityNamePlural: "contacts", filter: "contains(fullname,'Schneider')" },
      "a query over the service protection limit (429 0x80072322, Retry-After 1)",
      flag("rateLimited"),
    ),
    step("ppm-020", "get-solutions", {}, "solutions while Dataverse answers 500", flag("serverError")),
    step(
      "ppm-021",
      "get-publishers",
      {},
      "publishers while a gateway answers IIS's 502 page",
      flag("badGateway"),
    ),
    step(
      "ppm-022",
      "get-record",
      { entityNamePlural: "accounts", recordId: SLOW_ACCOUNT },
      "a record Dataverse takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "ppm-023",
      "get-entity-attributes",
      { entityName: "cts_workorder" },
      "columns while the environment is unreachable (connection refused)",
      down(standin),
    ),
    step(
      "ppm-024",
      "get-record",
      { entityNamePlural: "accounts" },
      "a record without its recordId (the tool's schema)",
    ),
    step(
      "ppm-025",
      "delete-record",
      { entityNamePlural: "accounts", recordId: ACCOUNTS.litware },
      "a tool the server does not have",
    ),
  ],
};

// ------------------------------------------------------------------------------------ mcp-dataverse (stdio)

const dv: SessionSpec = {
  label: "r32-b-dataverse",
  server: "mcp-dataverse",
  transport: "stdio",
  start: stdioServer("r32-b-dataverse", "mcp-dataverse", {
    from: FROM,
    cwd: DATA,
    env: {
      ...routed,
      APPDATA: path.join(HOME, "appdata"),
      DATAVERSE_ENV_URL: `https://${DV_HOST}`,
      AUTH_METHOD: "client-credentials",
      AZURE_TENANT_ID: TENANT,
      AZURE_CLIENT_ID: DV_CLIENT.id,
      AZURE_CLIENT_SECRET: DV_CLIENT.secret,
      MAX_RETRIES: "1",
    },
  }),
  steps: [
    step("dvs-001", "dataverse_whoami", {}, "who the application user is"),
    step("dvs-002", "dataverse_list_tables", {}, "the environment's custom tables"),
    step(
      "dvs-003",
      "dataverse_get_table_metadata",
      { logicalName: "account" },
      "the account table's metadata",
    ),
    step(
      "dvs-004",
      "dataverse_query",
      {
        entitySetName: "accounts",
        select: ["name", "address1_city", "revenue"],
        filter: "revenue gt 1000000",
        top: 10,
      },
      "accounts with revenue over a million",
    ),
    step(
      "dvs-005",
      "dataverse_query",
      { entitySetName: "contacts", select: ["fullname"], filter: "contains(fullname,'Okonkwo')" },
      "contacts by a name nobody has (value [])",
    ),
    step(
      "dvs-006",
      "dataverse_get",
      { entitySetName: "accounts", id: ACCOUNTS.litware },
      "one account by its GUID",
    ),
    step(
      "dvs-007",
      "dataverse_execute_fetchxml",
      {
        entitySetName: "accounts",
        fetchXml:
          '<fetch top="10"><entity name="account"><attribute name="name"/><attribute name="revenue"/><filter><condition attribute="address1_city" operator="eq" value="Hamburg"/></filter></entity></fetch>',
      },
      "a FetchXML query for accounts in one city",
    ),
    step("dvs-008", "dataverse_list_users", { search: "Priya" }, "users by part of a name"),
    step(
      "dvs-009",
      "dataverse_list_roles",
      { nameContains: "technician" },
      "security roles by part of a name",
    ),
    step(
      "dvs-010",
      "dataverse_create",
      { entitySetName: "accounts", data: { name: "Tailspin Toys", address1_city: "Berlin" } },
      "a new account (204 with OData-EntityId)",
    ),
    step(
      "dvs-011",
      "dataverse_update",
      { entitySetName: "accounts", id: ACCOUNTS.adatum, data: { numberofemployees: 1250 } },
      "one column of an account updated (204)",
    ),
    step(
      "dvs-012",
      "dataverse_batch_execute",
      {
        requests: [
          { method: "GET", url: `accounts(${ACCOUNTS.northwind})?$select=name` },
          { method: "GET", url: `accounts(${MISSING_ACCOUNT})?$select=name` },
        ],
      },
      "a $batch of two reads, one of an account that does not exist",
    ),
    step(
      "dvs-013",
      "dataverse_delete",
      { entitySetName: "accounts", id: ACCOUNTS.litware },
      "a delete without confirm: true (the server's own guard)",
    ),
    step(
      "dvs-014",
      "dataverse_get",
      { entitySetName: "accounts", id: MISSING_ACCOUNT },
      "an account GUID that does not exist (404 0x80040217)",
    ),
    step(
      "dvs-015",
      "dataverse_query",
      { entitySetName: "accounts", select: ["name"], filter: "nmae eq 'Adatum Corporation'" },
      "a filter on a column misspelled (400 0x80060888)",
    ),
    step(
      "dvs-016",
      "dataverse_query",
      { entitySetName: "cts_payrollentries", top: 5 },
      "a table the application user holds no read privilege on (403 0x80040220)",
    ),
    step(
      "dvs-017",
      "dataverse_get_table_metadata",
      { logicalName: 42 },
      "a table name given as a number (the tool's schema)",
    ),
    step(
      "dvs-020",
      "dataverse_query",
      { entitySetName: "accounts", select: ["name"], top: 5 },
      "a query over the service protection limit (429 0x80072322, Retry-After 1; the server retries once)",
      flag("rateLimited"),
    ),
    step(
      "dvs-021",
      "dataverse_list_business_units",
      {},
      "business units while Dataverse answers 500",
      flag("serverError"),
    ),
    step(
      "dvs-022",
      "dataverse_get",
      { entitySetName: "contacts", id: "2c8d1e90-85b3-ef11-b8e8-000d3a2b8c41" },
      "a contact while a gateway answers IIS's 502 page",
      flag("badGateway"),
    ),
    step(
      "dvs-023",
      "dataverse_get",
      { entitySetName: "accounts", id: SLOW_ACCOUNT },
      "a record Dataverse takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "dvs-024",
      "dataverse_list_roles",
      { nameContains: "administrator" },
      "roles while the environment is unreachable (connection refused)",
      down(standin),
    ),
    step(
      "dvs-025",
      "dataverse_export_solution",
      { solutionName: "ContosoFieldService" },
      "a tool the server does not have",
    ),
  ],
};

// The same server started with an app registration whose client secret has expired: its token request is refused
// by Microsoft Entra ID (inside one running server MSAL keeps serving a token it already holds, so an expiry never
// reaches the main session's calls).
const dvExpired: SessionSpec = {
  label: "r32-b-dataverse-expired",
  server: "mcp-dataverse",
  transport: "stdio",
  start: stdioServer("r32-b-dataverse-expired", "mcp-dataverse", {
    from: FROM,
    cwd: DATA,
    env: {
      ...routed,
      APPDATA: path.join(HOME, "appdata"),
      DATAVERSE_ENV_URL: `https://${DV_HOST}`,
      AUTH_METHOD: "client-credentials",
      AZURE_TENANT_ID: TENANT,
      AZURE_CLIENT_ID: DV_EXPIRED_CLIENT.id,
      AZURE_CLIENT_SECRET: DV_EXPIRED_CLIENT.secret,
      MAX_RETRIES: "1",
    },
  }),
  steps: [
    step(
      "dvs-018",
      "dataverse_whoami",
      {},
      "the first call of a server whose app registration's client secret has expired (AADSTS7000222)",
    ),
    step("dvs-019", "dataverse_whoami", {}, "the same call again, secret still expired"),
  ],
};

export const SESSIONS: SessionSpec[] = [pp, dv, dvExpired];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(path.join(HOME, "appdata"), { recursive: true });
  ensureCertificate();
  resetCounters();
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
