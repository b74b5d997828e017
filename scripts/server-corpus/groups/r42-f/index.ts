// Group r42-f: CRMs and sales tools — Fireberry CRM through Fireberry's own MCP server (@fireberry/mcp-server:
// metadata, records, the v3 query API, schema changes) and HNBCRM, an open-source CRM on Convex, through its own MCP
// server (hnbcrm-mcp: boards, leads, contacts and their enrichment, the dashboard). Both take their API base URL from
// the environment, so each runs against a plain HTTP stand-in on loopback (standins.ts).
//
//   (cd scripts/server-corpus/groups/r42-f && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r42-f

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  DATA,
  FIREBERRY_PORT,
  FIREBERRY_REVOKED_TOKEN,
  FIREBERRY_TOKEN,
  HNBCRM_KEY,
  HNBCRM_PORT,
  HNBCRM_REVOKED_KEY,
  IDS,
  clearTimers,
  fireberryStandin,
  hnbcrmStandin,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@fireberry/mcp-server": "0.3.0",
  "hnbcrm-mcp": "0.1.0",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");
const FIREBERRY = "@fireberry/mcp-server";
const HNBCRM = "hnbcrm-mcp";

function fireberry(label: string, token: string) {
  return stdioServer(label, FIREBERRY, {
    from: FROM,
    cwd: DATA,
    // The server's own variables: the token (a UUID) and BASE_URL, which defaults to https://api.fireberry.com.
    env: {
      HOME,
      FIREBERRY_TOKEN_ID: token,
      BASE_URL: `http://127.0.0.1:${FIREBERRY_PORT}`,
      LOG_LEVEL: "info",
    },
  });
}

function hnbcrm(label: string, key: string) {
  return stdioServer(label, HNBCRM, {
    from: FROM,
    cwd: DATA,
    env: { HOME, HNBCRM_API_URL: `http://127.0.0.1:${HNBCRM_PORT}`, HNBCRM_API_KEY: key },
  });
}

const accountsQuery = {
  objectType: 1,
  fields: [
    { name: "accountname" },
    { name: "emailaddress1" },
    { name: "revenue" },
    { name: "ownerid_fullname" },
  ],
  pageSize: 25,
  pageNumber: 1,
  orderBy: [{ name: "revenue", order: "desc" }],
};

const fireberrySession: SessionSpec = {
  label: "r42-f-fireberry",
  server: FIREBERRY,
  transport: "stdio",
  start: fireberry("r42-f-fireberry", FIREBERRY_TOKEN),
  steps: [
    step("fb-001", "metadata_objects", {}, "every object type of the CRM"),
    step("fb-002", "metadata_fields", { objectType: 2 }, "the Contact object's fields"),
    step(
      "fb-003",
      "metadata_picklist",
      { objectType: 4, fieldName: "statuscode" },
      "the options of the Opportunity status picklist",
    ),
    step(
      "fb-004",
      "metadata_fields",
      { objectType: 1099 },
      "fields of an object type that does not exist: the API answers success with an empty list",
    ),
    step("fb-005", "query", accountsQuery, "accounts by revenue"),
    step(
      "fb-006",
      "query",
      {
        objectType: 1,
        fields: [{ name: "accountname" }],
        filter: [
          { type: "AND", conditions: [{ fieldName: "accountname", operator: "start-with", value: "Zeta" }] },
        ],
      },
      "accounts whose name starts with Zeta: there are none",
    ),
    step(
      "fb-007",
      "query",
      {
        objectType: 4,
        fields: [
          { name: "statuscode" },
          { name: "estimatedvalue", alias: "total", aggrFunc: "SUM" },
          { name: "name", alias: "count", aggrFunc: "COUNT" },
        ],
        groupBy: [{ name: "statuscode" }],
      },
      "open pipeline value by opportunity status (aggregated)",
    ),
    step(
      "fb-008",
      "query",
      { objectType: 1, fields: [{ name: "accountname" }, { name: "annualrevenue" }] },
      "a field name the Account object does not have: the query API's 400",
    ),
    step(
      "fb-009",
      "query",
      { objectType: 1, fields: [{ name: "accountname" }, { name: "annualrevenue" }] },
      "the same query again",
    ),
    step(
      "fb-010",
      "query",
      {
        objectType: 4,
        fields: [{ name: "name" }],
        filter: [
          { type: "AND", conditions: [{ fieldName: "estimatedvalue", operator: "between", value: 50000 }] },
        ],
      },
      "'between' with one value: the server's own argument check refuses it",
    ),
    step(
      "fb-011",
      "record_create",
      {
        objectType: 2,
        fields: {
          firstname: "Maya",
          lastname: "Friedman",
          emailaddress1: "maya.friedman@harborlogistics.com",
        },
      },
      "a new contact",
    ),
    step(
      "fb-012",
      "record_create",
      { objectType: 2, fields: { firstname: "Eitan", lastname: "Levi", mobile_phone: "+972-52-555-0142" } },
      "a contact with a field name the object does not have: {Message: Invalid field name}",
    ),
    step(
      "fb-013",
      "record_update",
      { objectType: 4, recordId: IDS.fbOpportunity, fields: { statuscode: 3, estimatedvalue: 240000 } },
      "an opportunity moved to Negotiation",
    ),
    step(
      "fb-014",
      "record_update",
      { objectType: 4, recordId: "4f0b7c21-8d3e-4a69-b5e2-9c1d7a3f0e86", fields: { statuscode: 4 } },
      "an opportunity id that does not exist (deleted): 404 {Message}",
    ),
    step(
      "fb-015",
      "object_create",
      { name: "Renewal", collectionname: "Renewals" },
      "a new custom object type",
    ),
    step(
      "fb-016",
      "field_create",
      { objectType: 1003, fieldType: "date", fieldName: "pcfRenewalDate", label: "Renewal date" },
      "a date field on the new object",
    ),
    step(
      "fb-017",
      "record_delete",
      { objectType: 2, recordId: IDS.fbContact },
      "a tool the server does not have",
    ),
    step(
      "fb-018",
      "record_create",
      { objectType: 2, fields: { firstname: "Dana", lastname: "Shapiro" } },
      "the token's request quota is spent: 429 with Retry-After",
      flag("fbRateLimited"),
    ),
    step("fb-019", "query", accountsQuery, "the query API answers 500", flag("fbServerError")),
    step(
      "fb-020",
      "metadata_objects",
      {},
      "the gateway in front of the API answers a 502 HTML page",
      flag("fbBadGateway"),
    ),
    step(
      "fb-021",
      "query",
      { ...accountsQuery, pageSize: 100 },
      "the query answers 15 s late; the client waits 4 s",
      flag("fbSlow", { timeoutMs: 4000 }),
    ),
    step(
      "fb-022",
      "metadata_picklist",
      { objectType: 4, fieldName: "statuscode" },
      "the API unreachable (connection refused)",
      down(fireberryStandin),
    ),
  ],
};

const fireberryRevoked: SessionSpec = {
  label: "r42-f-fireberry-revoked",
  server: FIREBERRY,
  transport: "stdio",
  start: fireberry("r42-f-fireberry-revoked", FIREBERRY_REVOKED_TOKEN),
  steps: [
    step(
      "fb-023",
      "metadata_objects",
      {},
      "a token that was revoked: 401 {Message: Authorization has been denied…}",
    ),
    step(
      "fb-024",
      "record_create",
      { objectType: 2, fields: { firstname: "Lior", lastname: "Katz" } },
      "the same revoked token on a record write",
    ),
  ],
};

const hnbcrmSession: SessionSpec = {
  label: "r42-f-hnbcrm",
  server: HNBCRM,
  transport: "stdio",
  start: hnbcrm("r42-f-hnbcrm", HNBCRM_KEY),
  steps: [
    step("hnb-001", "crm_list_boards", {}, "the pipeline board and its stages"),
    step("hnb-002", "crm_list_leads", {}, "every lead"),
    step(
      "hnb-003",
      "crm_list_leads",
      { boardId: IDS.board, stageId: IDS.stages.lost },
      "leads in the Closed Lost stage: there are none",
    ),
    step("hnb-004", "crm_get_lead", { leadId: IDS.lead }, "one lead in full"),
    step(
      "hnb-005",
      "crm_get_lead",
      { leadId: IDS.missingLead },
      "a lead id that does not exist: 404 Lead not found",
    ),
    step(
      "hnb-006",
      "crm_get_lead",
      { leadId: "verde-agro-pilot" },
      "a lead id that is not a Convex id: the query's argument validator throws, the route answers 500",
    ),
    step(
      "hnb-007",
      "crm_create_lead",
      {
        title: "Fazenda Boa Vista – soil sensors",
        contact: {
          firstName: "Tiago",
          lastName: "Mendes",
          email: "tiago@fazendaboavista.com.br",
          company: "Fazenda Boa Vista",
        },
        value: 27500,
        priority: "medium",
        temperature: "hot",
        message: "Asked for a quote for 40 sensors after the webinar.",
        channel: "webchat",
      },
      "a new lead with a contact and a first message (201)",
    ),
    step(
      "hnb-008",
      "crm_create_lead",
      { value: 12000, priority: "low" },
      "a lead without its required title: the SDK's input validation",
    ),
    step(
      "hnb-009",
      "crm_move_lead",
      { leadId: IDS.newLead, stageId: IDS.stages.qualified },
      "the new lead moved to Qualified",
    ),
    step(
      "hnb-010",
      "crm_move_lead",
      { leadId: IDS.missingLead, stageId: IDS.stages.proposal },
      "moving a lead that was deleted: the mutation throws, Convex's uncaught error answers 500",
    ),
    step("hnb-011", "crm_search_contacts", { query: "Verde Agro" }, "contacts matching a company name"),
    step(
      "hnb-012",
      "crm_search_contacts",
      { query: "Quinta do Lago", limit: 10 },
      "a search that finds nobody",
    ),
    step(
      "hnb-013",
      "crm_get_contact_gaps",
      { contactId: IDS.contact },
      "which of a contact's fields are empty",
    ),
    step(
      "hnb-014",
      "crm_enrich_contact",
      {
        contactId: IDS.contact,
        fields: { linkedinUrl: "https://www.linkedin.com/in/beatriz-carvalho-agro", industry: "Agriculture" },
        source: "web_research",
        confidence: 0.8,
      },
      "enrichment written back to the contact",
    ),
    step(
      "hnb-015",
      "crm_get_contact",
      { contactId: IDS.missingContact },
      "a contact id that does not exist: 404",
    ),
    step("hnb-016", "crm_get_contact", { contactId: IDS.missingContact }, "the same contact asked again"),
    step("hnb-017", "crm_get_dashboard", {}, "pipeline analytics"),
    step("hnb-018", "crm_list_team", {}, "team members, human and AI"),
    step(
      "hnb-019",
      "crm_close_deal",
      { leadId: IDS.lead, outcome: "won" },
      "a tool the server does not have",
    ),
    step(
      "hnb-020",
      "crm_list_contacts",
      {},
      "the key's per-minute request limit is spent: 429 Rate limit exceeded",
      flag("hnbRateLimited"),
    ),
    step(
      "hnb-021",
      "crm_get_dashboard",
      {},
      "the deployment answers 15 s late; the client waits 4 s",
      flag("hnbSlow", { timeoutMs: 4000 }),
    ),
    step(
      "hnb-022",
      "crm_list_boards",
      {},
      "the deployment unreachable (connection refused)",
      down(hnbcrmStandin),
    ),
  ],
};

const hnbcrmRevoked: SessionSpec = {
  label: "r42-f-hnbcrm-revoked",
  server: HNBCRM,
  transport: "stdio",
  start: hnbcrm("r42-f-hnbcrm-revoked", HNBCRM_REVOKED_KEY),
  steps: [
    step(
      "hnb-023",
      "crm_list_leads",
      {},
      "an API key that was revoked: the route answers 500 {error: Invalid API key} (errorResponse's default status)",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [fireberrySession, fireberryRevoked, hnbcrmSession, hnbcrmRevoked];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
