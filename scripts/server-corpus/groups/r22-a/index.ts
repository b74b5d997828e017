// Group r22-a: sales CRM — Pipedrive (pipedrive-mcp-server, Will Dent) and HighLevel / LeadConnector (0nmcp, 0nORK's
// API orchestrator, its CRM tools): each published MCP server behind a loopback stand-in that answers with the real
// service's bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r22-a && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r22-a

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Reporter } from "../../deps.js";
import { HERE, LOGS, serverEnv, sleep, stdioServer, type Live, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  DATA,
  GHL_CONTACT,
  GHL_CONTACT_MISSING,
  GHL_CONTACT_SLOW,
  GHL_LOCATION,
  GHL_LOCATION_OTHER,
  GHL_OPPORTUNITY,
  GHL_TOKEN,
  GHL_TOKEN_EXPIRED,
  GHL_TOKEN_NARROW,
  HIGHLEVEL_PROXY_PORT,
  PD_DEAL,
  PD_ORG,
  PD_PERSON,
  PIPEDRIVE_PROXY_PORT,
  PIPEDRIVE_TLS_PORT,
  PIPEDRIVE_TOKEN,
  clearTimers,
  ensureCertificate,
  highLevelStandin,
  pipedriveStandin,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "pipedrive-mcp-server": "1.0.2",
  "0nmcp": "4.22.0",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");

type SdkClient = Live["client"];
type SdkTransport = Parameters<SdkClient["connect"]>[0];
interface StdioTransport extends SdkTransport {
  readonly stderr: NodeJS.ReadableStream | null;
  readonly pid: number | null;
}

/** The harness's SDK client (scripts/server-corpus/node_modules, 1.32.2), loaded at run time as r19-b does. */
async function harnessSdk() {
  const dir = path.join(HERE, "node_modules", "@modelcontextprotocol", "sdk", "dist", "esm", "client");
  const load = (file: string) => import(pathToFileURL(path.join(dir, file)).href);
  const { Client } = (await load("index.js")) as {
    Client: new (info: { name: string; version: string }) => SdkClient;
  };
  const { StdioClientTransport } = (await load("stdio.js")) as {
    StdioClientTransport: new (params: {
      command: string;
      args: string[];
      env: Record<string, string>;
      cwd: string;
      stderr: "pipe";
    }) => StdioTransport;
  };
  return { Client, StdioClientTransport };
}

/**
 * A stdio server started from a file of its package rather than its bin: pipedrive-mcp-server declares no bin; its
 * server is `build/index.js` (its `main`), the file its README runs with `node`.
 */
function packageFileServer(label: string, file: string, env: Record<string, string>) {
  return async (reporter: Reporter): Promise<Live> => {
    const { Client, StdioClientTransport } = await harnessSdk();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [path.join(FROM, "node_modules", file)],
      env: serverEnv(env),
      cwd: DATA,
      stderr: "pipe",
    });
    fs.mkdirSync(LOGS, { recursive: true });
    const log = fs.createWriteStream(path.join(LOGS, `${label}.log`), { flags: "a" });
    transport.stderr?.pipe(log);
    const client = reporter.instrument(new Client({ name: "faultline-corpus", version: "1.0.0" }));
    await client.connect(transport);
    return {
      client,
      child: () => undefined,
      kill: () => {
        const pid = transport.pid;
        if (pid) process.kill(pid, "SIGKILL");
      },
      close: async () => {
        await client.close().catch(() => {});
        log.end();
      },
    };
  };
}

// ------------------------------------------------------------------------------------------------- Pipedrive

const pipedrive: SessionSpec = {
  label: "r22-a-pipedrive",
  server: "pipedrive-mcp-server",
  transport: "stdio",
  start: packageFileServer("r22-a-pipedrive", "pipedrive-mcp-server/build/index.js", {
    PIPEDRIVE_API_TOKEN: PIPEDRIVE_TOKEN,
    PIPEDRIVE_STANDIN_PORT: String(PIPEDRIVE_TLS_PORT),
    HTTPS_PROXY: `http://127.0.0.1:${PIPEDRIVE_PROXY_PORT}`,
    NODE_EXTRA_CA_CERTS: CERT,
    NODE_OPTIONS: `--import ${path.join(FROM, "https-preload.mjs")} --import ${path.join(FROM, "proxy-preload.mjs")}`,
    HOME,
  }),
  steps: [
    step("pd-001", "get-pipelines", {}, "the account's pipelines"),
    step("pd-002", "get-stages", {}, "every pipeline's stages (the server fetches /api/v2/stages itself)"),
    step("pd-003", "get-deals", {}, "all deals"),
    step("pd-004", "get-persons", {}, "all persons"),
    step("pd-005", "get-organizations", {}, "all organizations"),
    step(
      "pd-006",
      "search-deals",
      { term: "Fjordline" },
      "deals matching a customer's name (the server passes {term} where the SDK wants the term itself)",
    ),
    step(
      "pd-007",
      "search-deals",
      { term: "Fjordline Logistics" },
      "the same search with the full company name",
    ),
    step(
      "pd-008",
      "search-persons",
      { term: "aino.virtanen@kauppahalli.example" },
      "a person by e-mail address",
    ),
    step("pd-009", "search-leads", { term: "Kauppahalli" }, "leads for a prospect"),
    step(
      "pd-010",
      "search-all",
      { term: "Kauppahalli", itemTypes: "deal,person,organization" },
      "a search across item types",
    ),
    step(
      "pd-011",
      "get-deal",
      { dealId: PD_DEAL },
      'a deal listed by get-deals, by id (the server passes {id} where the SDK wants the id: /v1/deals/{"id":1042})',
    ),
    step("pd-012", "get-deal", { dealId: PD_DEAL }, "the same deal again, unchanged"),
    step("pd-013", "get-person", { personId: PD_PERSON }, "a listed person by id"),
    step("pd-014", "get-organization", { organizationId: PD_ORG }, "a listed organization by id"),
    step("pd-015", "get-pipeline", { pipelineId: 1 }, "a listed pipeline by id"),
    step(
      "pd-016",
      "get-stages",
      {},
      "stages while /api/v2/stages refuses the token (the server skips failed pipelines)",
      flag("pdStagesUnauthorized"),
    ),
    step("pd-017", "get-deals", {}, "deals after the API token was regenerated (401)", flag("pdRevoked")),
    step(
      "pd-018",
      "get-persons",
      {},
      "persons while the token's rate limit is spent (429)",
      flag("pdRateLimited"),
    ),
    step(
      "pd-019",
      "get-pipelines",
      {},
      "pipelines while the company's trial has expired (402 Payment Required)",
      flag("pdPaymentRequired"),
    ),
    step(
      "pd-020",
      "get-organizations",
      {},
      "organizations while Pipedrive answers 500",
      flag("pdServerError"),
    ),
    step(
      "pd-021",
      "get-deals",
      {},
      "deals while Cloudflare in front of Pipedrive answers an HTML 502",
      flag("pdBadGateway"),
    ),
    step(
      "pd-022",
      "get-persons",
      {},
      "persons during scheduled maintenance (503 Requested service is not available)",
      flag("pdUnavailable"),
    ),
    step(
      "pd-023",
      "get-deals",
      {},
      "deals while the API takes 15 s to answer; the client waits 3 s",
      flag("pdSlow", { timeoutMs: 3000 }),
    ),
    step("pd-024", "get-deal", { dealId: String(PD_DEAL) }, "the deal id given as a string"),
    step(
      "pd-025",
      "create-deal",
      { title: "Kauppahalli — second location fit-out", value: 5600, currency: "EUR", personId: 322 },
      "a write tool this read-only server does not have",
    ),
    step(
      "pd-026",
      "get-organizations",
      {},
      "organizations while Pipedrive cannot be reached (stand-in stopped)",
      down(pipedriveStandin),
    ),
  ],
};

// ------------------------------------------------------------------------------------------- HighLevel (0nMCP)

const ghlArgs = (extra: Record<string, unknown> = {}, token = GHL_TOKEN) => ({
  access_token: token,
  ...extra,
});

const highlevel: SessionSpec = {
  label: "r22-a-0nmcp",
  server: "0nmcp",
  transport: "stdio",
  start: stdioServer("r22-a-0nmcp", "0nmcp", {
    from: FROM,
    cwd: DATA,
    env: {
      HTTPS_PROXY: `http://127.0.0.1:${HIGHLEVEL_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import ${path.join(FROM, "proxy-preload.mjs")}`,
      HOME,
    },
  }),
  steps: [
    step(
      "ghl-001",
      "crm_get_location",
      ghlArgs({ locationId: GHL_LOCATION }),
      "the sub-account (location) the token is for",
    ),
    step(
      "ghl-002",
      "crm_search_contacts",
      ghlArgs({ locationId: GHL_LOCATION, query: "whitfield" }),
      "contacts matching a name",
    ),
    step(
      "ghl-003",
      "crm_search_contacts",
      ghlArgs({ locationId: GHL_LOCATION, query: "harrington" }),
      "contacts matching a name nobody has",
    ),
    step("ghl-004", "crm_get_contact", ghlArgs({ contactId: GHL_CONTACT }), "one contact by id"),
    step(
      "ghl-005",
      "crm_get_contact",
      ghlArgs({ contactId: GHL_CONTACT_MISSING }),
      "a contact id that does not exist (HighLevel answers 400)",
    ),
    step(
      "ghl-006",
      "crm_get_contact",
      ghlArgs({ contactId: GHL_CONTACT_MISSING }),
      "the same missing contact again, unchanged",
    ),
    step(
      "ghl-007",
      "crm_create_contact",
      ghlArgs({
        locationId: GHL_LOCATION,
        firstName: "Renata",
        lastName: "Silva",
        email: "renata.silva@mailbox.example",
        phone: "+15125550163",
        source: "Phone call — front desk",
        tags: ["new-lead", "whitening"],
      }),
      "create a new lead",
    ),
    step(
      "ghl-008",
      "crm_create_contact",
      ghlArgs({
        locationId: GHL_LOCATION,
        firstName: "Dana",
        lastName: "Whitfield",
        email: "dana@whitfielddental.example",
      }),
      "create a contact whose e-mail another contact has (duplicates not allowed)",
    ),
    step(
      "ghl-009",
      "crm_create_contact",
      ghlArgs({
        locationId: GHL_LOCATION,
        firstName: "Lee",
        lastName: "Park",
        email: "lee.park at mailbox.example",
      }),
      "create a contact with an e-mail that is not one (422)",
    ),
    step(
      "ghl-010",
      "crm_add_contact_tags",
      ghlArgs({ contactId: GHL_CONTACT, tags: ["treatment-plan-sent"] }),
      "tag a contact",
    ),
    step(
      "ghl-011",
      "crm_create_contact_note",
      ghlArgs({
        contactId: GHL_CONTACT,
        body: "Called 12/7: wants to start in January after FSA renews. Send financing options.",
      }),
      "add a note to a contact",
    ),
    step("ghl-012", "crm_list_pipelines", ghlArgs({ locationId: GHL_LOCATION }), "the opportunity pipelines"),
    step(
      "ghl-013",
      "crm_search_opportunities",
      ghlArgs({ locationId: GHL_LOCATION, status: "open" }),
      "open opportunities",
    ),
    step(
      "ghl-014",
      "crm_update_opportunity_status",
      ghlArgs({ opportunityId: GHL_OPPORTUNITY, status: "won" }),
      "mark an opportunity won",
    ),
    step(
      "ghl-015",
      "crm_list_events",
      ghlArgs({
        locationId: GHL_LOCATION,
        calendarId: "CVokAlI8fgw4WYWoCtQz",
        startTime: "1798761600000",
        endTime: "1799366400000",
      }),
      "next week's consult bookings, of which there are none",
    ),
    step(
      "ghl-016",
      "crm_get_contact",
      ghlArgs({ contactId: GHL_CONTACT, location_id: GHL_LOCATION_OTHER }),
      "a contact through another sub-account the token was not installed on (403)",
    ),
    step(
      "ghl-017",
      "crm_search_opportunities",
      ghlArgs({ locationId: GHL_LOCATION, status: "open" }, GHL_TOKEN_NARROW),
      "opportunities with a private integration token without the opportunities scope (401)",
    ),
    step(
      "ghl-018",
      "crm_list_calendars",
      ghlArgs({ locationId: GHL_LOCATION }, GHL_TOKEN_EXPIRED),
      "calendars with an OAuth access token that expired (401 Invalid JWT)",
    ),
    step(
      "ghl-019",
      "crm_search_contacts",
      ghlArgs({ locationId: GHL_LOCATION, query: "ortega" }),
      "contacts while the 10-second burst limit is spent (429; the server retries twice)",
      flag("ghlRateLimited"),
    ),
    step(
      "ghl-020",
      "crm_list_users",
      ghlArgs({ locationId: GHL_LOCATION }),
      "the sub-account's users while HighLevel answers 500 (the server retries twice)",
      flag("ghlServerError"),
    ),
    step(
      "ghl-021",
      "crm_get_opportunity",
      ghlArgs({ opportunityId: GHL_OPPORTUNITY }),
      "an opportunity while Cloudflare answers an HTML 502 (the server retries twice)",
      flag("ghlBadGateway"),
    ),
    step(
      "ghl-022",
      "crm_get_contact",
      ghlArgs({ contactId: GHL_CONTACT_SLOW }),
      "a contact the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "ghl-023",
      "crm_get_contact",
      { contactId: GHL_CONTACT },
      "a contact without the access_token argument",
    ),
    step(
      "ghl-024",
      "crm_send_sms",
      ghlArgs({ contactId: GHL_CONTACT, message: "Hi Dana, your financing options are in your inbox." }),
      "a tool the server does not have",
    ),
    step(
      "ghl-025",
      "crm_search_contacts",
      ghlArgs({ locationId: GHL_LOCATION, query: "whitfield" }),
      "contacts while HighLevel cannot be reached (proxy stopped; the server retries twice)",
      down(highLevelStandin),
    ),
    step(
      "ghl-026",
      "crm_get_contact",
      ghlArgs({ contactId: GHL_CONTACT_SLOW }),
      "a slow contact lookup; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [pipedrive, highlevel];

export async function prepare(): Promise<() => Promise<void>> {
  // 0nMCP keeps its config, connections and history under $HOME/.0n: start from none each run.
  fs.rmSync(HOME, { recursive: true, force: true });
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
