// The docs group's sessions: each is one client connection to one server, its steps run in order
// (so a repeated call is a repeat within the same session). Ids are stable across runs; the
// verdicts in verdicts.ts are keyed by them.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { httpServer, sleep, stdioServer, type SessionSpec, type Step } from "../../harness.js";
import { N8N, NOTION, PLANE, PORTS, REVOKED, startStandIn, stopStandIn } from "./upstream.js";

export const GROUP_DIR = path.dirname(fileURLToPath(import.meta.url));
export const DATA = "/tmp/faultline-corpus-docs";
export const VAULT = path.join(DATA, "vault");
const NOTION_HTTP_PORT = 38310;
const SX = `http://127.0.0.1:${PORTS.searxng}`;

const step = (
  id: string,
  tool: string,
  args: Record<string, unknown>,
  scenario: string,
  more: Partial<Step> = {},
): Step => ({
  id,
  tool,
  args,
  scenario,
  ...more,
});

/** The Obsidian-style vault the mcp-obsidian server reads (fresh each run). */
export function writeVault(): void {
  fs.rmSync(VAULT, { recursive: true, force: true });
  const files: Record<string, string> = {
    "Projects/Roadmap 2027.md":
      "# Roadmap 2027\n\n- Q1: move search to the new cluster\n- Q2: retire the legacy importer\n",
    "Meetings/2026-11-30 Weekly meeting.md":
      "# Weekly meeting\n\nAttendees: Ana, Bo\n\n- [ ] Bo: renew the TLS certificate\n",
    "Meetings/2026-12-04 Planning meeting.md": "# Planning\n\nDecided to freeze deploys on Fridays.\n",
    "Logs/errors.md":
      "# Errors seen this week\n\n- `Error: ECONNRESET` from the billing API at 02:14\n- `HTTP 503 Service Unavailable` from the CDN, twice\n",
    "Daily/2026-12-05.md": "# 2026-12-05\n\nQuiet day.\n",
    ".obsidian/app.json": '{"vimMode":false}\n',
  };
  for (const [rel, text] of Object.entries(files)) {
    const file = path.join(VAULT, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
}

// ---------------------------------------------------------------------------------------------
const searxng: SessionSpec = {
  label: "docs-searxng",
  server: "mcp-searxng",
  transport: "stdio",
  // Private addresses are allowed for the URL reader, so it can read the loopback stand-in's pages.
  start: stdioServer("docs-searxng", "mcp-searxng", {
    from: GROUP_DIR,
    env: { SEARXNG_URL: SX, MCP_HTTP_ALLOW_PRIVATE_URLS: "true" },
  }),
  steps: [
    step("sx-001", "searxng_web_search", { query: "postgres vacuum" }, "a web search with results"),
    step("sx-002", "searxng_web_search", { query: "zqxj frobnicate quux" }, "a search that finds nothing"),
    step("sx-003", "searxng_search_suggestions", { query: "vacuum" }, "autocomplete suggestions"),
    step(
      "sx-004",
      "searxng_instance_info",
      { includeEngines: true },
      "the instance's categories and engines",
    ),
    step(
      "sx-005",
      "searxng_web_search",
      { query: "flood test" },
      "the instance's limiter answers 429 with Retry-After: 60",
    ),
    step(
      "sx-006",
      "searxng_web_search",
      { query: "engines down" },
      "the instance answers 503 Service Unavailable",
    ),
    step(
      "sx-007",
      "searxng_web_search",
      { query: "crash report" },
      "the instance answers 500 with an HTML page",
    ),
    step("sx-008", "searxng_web_search", { query: 42 }, "query given as a number"),
    step(
      "sx-009",
      "searxng_web_search",
      { query: "postgres vacuum", pageno: 0 },
      "page number 0 (minimum is 1)",
    ),
    step(
      "sx-010",
      "web_url_read",
      { url: `${SX}/pages/locked` },
      "a page that answers 401 with an OAuth invalid_token body",
    ),
    step(
      "sx-011",
      "web_url_read",
      { url: `${SX}/pages/release-notes` },
      "read a page whose text mentions an error",
    ),
    step("sx-012", "web_url_read", { url: `${SX}/pages/gone` }, "read a page that answers 410 Gone"),
    step("sx-013", "web_url_read", { url: `${SX}/pages/gone` }, "the same 410 page again, same arguments"),
    step("sx-014", "web_url_read", { url: "not a url" }, "a URL that does not parse"),
    step(
      "sx-015",
      "searxng_web_search",
      { query: "slow engines" },
      "the instance takes 8 s; the client gives up at 3 s",
      {
        timeoutMs: 3000,
      },
    ),
    step(
      "sx-016",
      "searxng_web_search",
      { query: "postgres autovacuum" },
      "the SearXNG instance is down (connection refused)",
      {
        before: () => stopStandIn("searxng"),
        after: () => startStandIn("searxng"),
      },
    ),
  ],
};

// ---------------------------------------------------------------------------------------------
const notionStdio: SessionSpec = {
  label: "docs-notion",
  server: "@notionhq/notion-mcp-server",
  transport: "stdio",
  start: stdioServer("docs-notion", "@notionhq/notion-mcp-server", {
    from: GROUP_DIR,
    env: { BASE_URL: `http://127.0.0.1:${PORTS.notion}`, NOTION_TOKEN: NOTION.token },
  }),
  steps: [
    step("nt-001", "API-get-self", {}, "the integration's bot user"),
    step("nt-002", "API-post-search", { query: "runbook" }, "search pages by title, one hit"),
    step("nt-003", "API-post-search", { query: "quarterly okrs" }, "search that finds nothing"),
    step("nt-004", "API-retrieve-a-page", { page_id: NOTION.page }, "retrieve a page"),
    step(
      "nt-005",
      "API-get-block-children",
      { block_id: NOTION.page },
      "the page's blocks (their text mentions an error)",
    ),
    step(
      "nt-006",
      "API-retrieve-a-page",
      { page_id: NOTION.missing },
      "a page that does not exist or is not shared: 404 object_not_found",
    ),
    step(
      "nt-007",
      "API-retrieve-a-page",
      { page_id: "runbook-page" },
      "a page id that is not a UUID: 400 validation_error",
    ),
    step(
      "nt-008",
      "API-retrieve-a-page",
      { page_id: NOTION.restricted },
      "a page the integration may not read: 403 restricted_resource",
    ),
    step("nt-009", "API-post-search", { query: "rate me" }, "429 rate_limited with Retry-After: 12"),
    step(
      "nt-010",
      "API-query-data-source",
      { data_source_id: NOTION.dataSource, filter: { property: "Priority", select: { equals: "P1" } } },
      "filter on a property the data source does not have: 400 validation_error",
    ),
    step(
      "nt-011",
      "API-query-data-source",
      { data_source_id: NOTION.database },
      "Notion answers 503 service_unavailable",
    ),
    step(
      "nt-012",
      "API-get-block-children",
      { block_id: NOTION.archived },
      "an archived page with no blocks",
    ),
    step("nt-013", "API-delete-a-page", { page_id: NOTION.page }, "a tool this server does not have"),
    step("nt-014", "API-get-self", {}, "the Notion API is unreachable (stand-in stopped)", {
      before: () => stopStandIn("notion"),
      after: () => startStandIn("notion"),
    }),
    step("nt-015", "API-get-self", {}, "the integration token was revoked: 401 unauthorized", {
      before: async () => {
        REVOKED.notion = true;
      },
    }),
    step("nt-016", "API-get-self", {}, "the same call again with the revoked token, same arguments", {
      after: async () => {
        REVOKED.notion = false;
      },
    }),
  ],
};

// ---------------------------------------------------------------------------------------------
const MCP_BEARER = "corpus-notion-mcp-bearer-0123456789";
let notionBearer: string | undefined = MCP_BEARER;

const notionHttp: SessionSpec = {
  label: "docs-notion-http",
  server: "@notionhq/notion-mcp-server",
  transport: "http",
  start: httpServer("docs-notion-http", "@notionhq/notion-mcp-server", {
    from: GROUP_DIR,
    port: NOTION_HTTP_PORT,
    args: ["--transport", "http", "--port", String(NOTION_HTTP_PORT), "--auth-token", MCP_BEARER],
    // The Notion token through OPENAPI_MCP_HEADERS: with NOTION_TOKEN the HTTP mode looks itself up
    // on api.notion.com at start, which this machine must never contact.
    env: {
      BASE_URL: `http://127.0.0.1:${PORTS.notion}`,
      OPENAPI_MCP_HEADERS: JSON.stringify({ Authorization: `Bearer ${NOTION.token}` }),
    },
    headers: (): Record<string, string> => (notionBearer ? { authorization: `Bearer ${notionBearer}` } : {}),
  }),
  steps: [
    step("nth-001", "API-get-self", {}, "the bot user, over Streamable HTTP"),
    step("nth-002", "API-post-search", { query: "runbook" }, "search pages by title"),
    step("nth-003", "API-retrieve-a-page", { page_id: NOTION.page }, "retrieve a page"),
    step(
      "nth-004",
      "API-patch-page",
      { page_id: NOTION.archived, properties: { title: { title: [{ text: { content: "Old runbook" } }] } } },
      "edit an archived page: 400 validation_error",
    ),
    step(
      "nth-005",
      "API-patch-page",
      {
        page_id: NOTION.page,
        properties: { title: { title: [{ text: { content: "Runbook: failover" } }] } },
      },
      "edit a page while another edit is saving: 409 conflict_error",
    ),
    step(
      "nth-006",
      "API-post-page",
      { parent: {}, properties: { title: { title: [{ text: { content: "Postmortem" } }] } } },
      "create a page without a parent id: 400 validation_error",
    ),
    step("nth-007", "API-get-self", {}, "the MCP server's bearer token is wrong: HTTP 403", {
      before: async () => {
        notionBearer = "wrong-bearer-token";
      },
    }),
    step("nth-008", "API-get-self", {}, "no bearer token at all: HTTP 401", {
      before: async () => {
        notionBearer = undefined;
      },
      after: async () => {
        notionBearer = MCP_BEARER;
      },
    }),
    step(
      "nth-009",
      "API-retrieve-a-page",
      { page_id: NOTION.slow },
      "the MCP server process is killed while Notion is slow",
      {
        during: async (live) => {
          await sleep(700);
          live.kill();
        },
        timeoutMs: 8000,
        after: async (live) => {
          await live.restart?.();
        },
      },
    ),
    step("nth-010", "API-get-self", {}, "after the restart the server no longer knows the session id"),
  ],
};

// ---------------------------------------------------------------------------------------------
const n8n: SessionSpec = {
  label: "docs-n8n",
  server: "n8n-mcp",
  transport: "stdio",
  start: stdioServer("docs-n8n", "n8n-mcp", {
    from: GROUP_DIR,
    env: {
      MCP_MODE: "stdio",
      LOG_LEVEL: "error",
      DISABLE_CONSOLE_OUTPUT: "true",
      N8N_MCP_TELEMETRY_DISABLED: "true",
      // Its SSRF guard refuses loopback API URLs unless told this is local development.
      WEBHOOK_SECURITY_MODE: "moderate",
      N8N_API_URL: `http://127.0.0.1:${PORTS.n8n}`,
      N8N_API_KEY: N8N.key,
    },
  }),
  steps: [
    step("n8-001", "search_nodes", { query: "slack", limit: 3 }, "search the bundled node catalogue"),
    step("n8-002", "search_nodes", { query: "zqxjfrobnicator" }, "a node search that finds nothing"),
    step("n8-003", "get_node", { nodeType: "nodes-base.httpRequest", detail: "minimal" }, "a node's summary"),
    step("n8-004", "get_node", { nodeType: "nodes-base.doesNotExist" }, "a node type that does not exist"),
    step(
      "n8-005",
      "get_node",
      { nodeType: "nodes-base.doesNotExist" },
      "the same unknown node type again, same arguments",
    ),
    step(
      "n8-006",
      "validate_workflow",
      {
        workflow: {
          nodes: [
            {
              id: "1",
              name: "Webhook",
              type: "n8n-nodes-base.webhook",
              typeVersion: 2,
              position: [0, 0],
              parameters: { path: "orders" },
            },
          ],
          connections: { Webhook: { main: [[{ node: "Missing Node", type: "main", index: 0 }]] } },
        },
      },
      "validate a workflow whose connection points at a node that is not there (the tool's job is to report it)",
    ),
    step(
      "n8-007",
      "validate_node",
      { nodeType: "nodes-base.slack", config: { resource: "message" }, mode: "sideways" },
      "a validation mode that is not one of the enum values",
    ),
    step("n8-008", "n8n_list_workflows", {}, "list the instance's workflows"),
    step("n8-009", "n8n_get_workflow", { id: N8N.workflow }, "get one workflow"),
    step("n8-010", "n8n_get_workflow", { id: "wfDoesNotExist01" }, "a workflow id that does not exist: 404"),
    step(
      "n8-011",
      "n8n_executions",
      { action: "list", status: "error" },
      "the API answers 429 with Retry-After: 45",
    ),
    step("n8-012", "n8n_executions", { action: "list" }, "the API answers 500 (database is locked)"),
    step("n8-013", "n8n_delete_workflow", { id: N8N.workflow }, "the API key may not delete: 403"),
    step("n8-014", "n8n_list_workflows", { limit: "ten" }, "limit given as a word"),
    step("n8-015", "n8n_list_workflows", { tags: ["archive"] }, "workflows with a tag nobody uses"),
    step("n8-016", "n8n_health_check", {}, "the n8n instance is down (connection refused)", {
      before: () => stopStandIn("n8n"),
      after: () => startStandIn("n8n"),
    }),
  ],
};

// ---------------------------------------------------------------------------------------------
const plane: SessionSpec = {
  label: "docs-plane",
  server: "@makeplane/plane-mcp-server",
  transport: "stdio",
  start: stdioServer("docs-plane", "@makeplane/plane-mcp-server", {
    from: GROUP_DIR,
    env: {
      PLANE_API_HOST_URL: `http://127.0.0.1:${PORTS.plane}/`,
      PLANE_API_KEY: PLANE.key,
      PLANE_WORKSPACE_SLUG: "acme",
    },
  }),
  steps: [
    step("pl-001", "get_projects", {}, "the workspace's projects"),
    step("pl-002", "list_project_issues", { project_id: PLANE.project }, "a project's issues"),
    step("pl-003", "list_project_issues", { project_id: PLANE.emptyProject }, "a project with no issues"),
    step(
      "pl-004",
      "get_issue_using_readable_identifier",
      { project_identifier: "OPS", issue_identifier: "42" },
      "issue OPS-42",
    ),
    step(
      "pl-005",
      "get_issue_using_readable_identifier",
      { project_identifier: "OPS", issue_identifier: "999" },
      "issue OPS-999 does not exist: 404",
    ),
    step(
      "pl-006",
      "get_issue_using_readable_identifier",
      { project_identifier: "OPS", issue_identifier: "999" },
      "the same missing issue again, same arguments",
    ),
    step("pl-007", "list_states", { project_id: PLANE.project }, "the project's workflow states"),
    step(
      "pl-008",
      "list_project_issues",
      { project_id: PLANE.archivedProject },
      "a project the key may not read: 403",
    ),
    step(
      "pl-009",
      "list_project_issues",
      { project_id: PLANE.busyProject },
      "the API throttles: 429 with Retry-After: 50",
    ),
    step("pl-010", "list_cycles", { project_id: PLANE.project }, "the API answers 500"),
    step(
      "pl-011",
      "create_project",
      { name: "Operations 2", identifier: "OPS" },
      "a project identifier already taken: 409",
    ),
    step(
      "pl-012",
      "create_issue",
      {
        project_id: PLANE.project,
        issue_data: { name: "Page the DBA", description_html: "<p>Disk at 95%</p>", priority: "critical" },
      },
      "an issue priority that is not one of Plane's choices",
    ),
    step(
      "pl-013",
      "create_project",
      { name: "Toolong", identifier: "TOOLONGID" },
      "an identifier longer than 7 characters",
    ),
    step("pl-014", "get_projects", {}, "the API key was revoked: 401", {
      before: async () => {
        REVOKED.plane = true;
      },
      after: async () => {
        REVOKED.plane = false;
      },
    }),
    step(
      "pl-015",
      "list_project_issues",
      { project_id: PLANE.slowProject },
      "the MCP server process is killed mid-call",
      {
        during: async (live) => {
          await sleep(700);
          live.kill();
        },
      },
    ),
    step("pl-016", "get_projects", {}, "a call after the server process died"),
  ],
};

// ---------------------------------------------------------------------------------------------
const obsidian: SessionSpec = {
  label: "docs-obsidian",
  server: "mcp-obsidian",
  transport: "stdio",
  start: stdioServer("docs-obsidian", "mcp-obsidian", { from: GROUP_DIR, args: [VAULT], cwd: VAULT }),
  steps: [
    step("ob-001", "search_notes", { query: "meeting" }, "notes whose name matches"),
    step("ob-002", "search_notes", { query: "kubernetes" }, "a name search that finds nothing"),
    step("ob-003", "read_notes", { paths: ["Projects/Roadmap 2027.md"] }, "read one note"),
    step(
      "ob-004",
      "read_notes",
      { paths: ["Projects/Roadmap 2027.md", "Projects/Budget.md"] },
      "one note that exists and one that does not",
    ),
    step("ob-005", "read_notes", { paths: ["Projects/Budget.md"] }, "read a note that does not exist"),
    step(
      "ob-006",
      "read_notes",
      { paths: ["Projects/Budget.md"] },
      "the same missing note again, same arguments",
    ),
    step("ob-007", "read_notes", { paths: ["../../../etc/passwd"] }, "a path that climbs out of the vault"),
    step("ob-008", "read_notes", { paths: [".obsidian/app.json"] }, "a file in the hidden settings folder"),
    step(
      "ob-009",
      "read_notes",
      { paths: "Projects/Roadmap 2027.md" },
      "paths given as a string, not an array",
    ),
    step("ob-010", "search_notes", {}, "search without a query"),
    step("ob-011", "search_notes", { query: "*" }, "a wildcard search that lists every note"),
    step("ob-012", "read_notes", { paths: ["Daily"] }, "read a folder as if it were a note"),
    step(
      "ob-013",
      "write_note",
      { path: "Inbox/new.md", content: "hello" },
      "a tool this server does not have",
    ),
    step("ob-014", "read_notes", { paths: ["Logs/errors.md"] }, "a note whose text lists errors"),
    step("ob-015", "read_notes", { paths: [] }, "read no notes at all"),
  ],
};

export const SESSIONS: SessionSpec[] = [searxng, notionStdio, notionHttp, n8n, plane, obsidian];
