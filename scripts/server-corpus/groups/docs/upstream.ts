// Loopback stand-ins for what lies behind the docs group's servers: a SearXNG instance (its JSON
// search API, autocompleter and /config, plus a few web pages for the URL reader), the Notion REST
// API, the n8n public REST API and the Plane REST API. Each answers from fixed data with the real
// service's success shapes and its documented error bodies (Notion's {object:"error", status, code,
// message}, SearXNG's HTML error pages, n8n's {message}, Plane's Django REST framework {detail}).
// Every stand-in can be stopped and started again on the same port, so a session can meet a
// backend that went away. Listens on 127.0.0.1 only; ports 38300-38303.

import http from "node:http";

export const PORTS = { searxng: 38300, notion: 38301, n8n: 38302, plane: 38303 } as const;
export type StandInName = keyof typeof PORTS;

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, url: URL, body: string) => void;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function json(
  res: http.ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(value));
}

function html(
  res: http.ServerResponse,
  status: number,
  title: string,
  body: string,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", ...headers });
  res.end(`<!DOCTYPE html>\n<html><head><title>${title}</title></head><body>${body}</body></html>\n`);
}

// ---------------------------------------------------------------------------------------------
// SearXNG (https://docs.searxng.org/dev/search_api.html): GET /search?q=…&format=json.

const DOCS = [
  {
    url: "https://www.postgresql.org/docs/current/sql-vacuum.html",
    title: "PostgreSQL: Documentation: VACUUM",
    content: "VACUUM reclaims storage occupied by dead tuples.",
    engine: "duckduckgo",
    engines: ["duckduckgo", "brave"],
    score: 2.0,
    category: "general",
  },
  {
    url: "https://wiki.postgresql.org/wiki/Introduction_to_VACUUM,_ANALYZE,_EXPLAIN,_and_COUNT",
    title: "Introduction to VACUUM, ANALYZE, EXPLAIN, and COUNT - PostgreSQL wiki",
    content: "An introduction to VACUUM and autovacuum tuning.",
    engine: "brave",
    engines: ["brave"],
    score: 1.0,
    category: "general",
  },
];

const searxng: Handler = (req, res, url) => {
  const q = url.searchParams.get("q") ?? "";
  if (url.pathname === "/config") {
    json(res, 200, {
      categories: ["general", "images", "news", "science"],
      engines: [
        { name: "duckduckgo", categories: ["general"], enabled: true, shortcut: "ddg" },
        { name: "brave", categories: ["general"], enabled: true, shortcut: "br" },
        { name: "arxiv", categories: ["science"], enabled: false, shortcut: "arx" },
      ],
      instance_name: "searx-corpus",
      locales: { en: "English", de: "Deutsch" },
      default_locale: "",
      safe_search: 0,
      version: "2025.3.1+corpus",
    });
    return;
  }
  if (url.pathname === "/autocompleter") {
    json(
      res,
      200,
      q.startsWith("vacuum") ? [q, ["vacuum full", "vacuum analyze", "vacuum freeze"]] : [q, []],
    );
    return;
  }
  if (url.pathname.startsWith("/pages/")) {
    const name = url.pathname.slice("/pages/".length);
    if (name === "release-notes")
      return html(
        res,
        200,
        "Release notes 4.2",
        "<h1>Release notes 4.2</h1><p>Fixed: the importer no longer fails with <code>Error: ENOENT</code> on empty folders.</p>",
      );
    if (name === "gone") return html(res, 410, "410 Gone", "<h1>Gone</h1><p>This page was removed.</p>");
    if (name === "locked")
      return json(res, 401, { error: "invalid_token", error_description: "The access token expired" });
    return html(res, 404, "404 Not Found", "<h1>Not Found</h1>");
  }
  if (url.pathname !== "/search") return html(res, 404, "404 Not Found", "<h1>Not Found</h1>");
  if (url.searchParams.get("format") !== "json") return html(res, 200, "SearXNG", "<p>results</p>");
  // The limiter of a public instance (botdetection): 429 with a plain body.
  if (q.includes("flood")) {
    res.writeHead(429, { "content-type": "text/plain", "retry-after": "60" });
    res.end("Too Many Requests");
    return;
  }
  if (q.includes("engines down"))
    return html(
      res,
      503,
      "503 Service Unavailable",
      "<h1>503 Service Unavailable</h1><p>No server is available to handle this request.</p>",
      {
        "retry-after": "30",
      },
    );
  if (q.includes("crash"))
    return html(
      res,
      500,
      "500 Internal Server Error",
      "<h1>Internal Server Error</h1><p>The server encountered an internal error.</p>",
    );
  if (q.includes("slow")) {
    void sleep(8000).then(() => json(res, 200, { query: q, number_of_results: 0, results: [] }));
    return;
  }
  const results = /vacuum/i.test(q) ? DOCS : [];
  const unresponsive = results.length ? [] : [["brave", "timeout"]];
  json(res, 200, {
    query: q,
    number_of_results: results.length,
    results,
    answers: [],
    corrections: [],
    infoboxes: [],
    suggestions: results.length ? ["vacuum full"] : [],
    unresponsive_engines: unresponsive,
  });
};

// ---------------------------------------------------------------------------------------------
// Notion API (https://developers.notion.com/reference/status-codes).

export const NOTION = {
  token: "ntn_4012corpusGoodToken000000000000000000000000",
  page: "1c2b3a4d-5e6f-4a1b-9c8d-7e6f5a4b3c2d",
  archived: "2d3c4b5a-6f7e-4b2c-8d9e-8f7a6b5c4d3e",
  database: "3e4d5c6b-7a8f-4c3d-9e0f-9a8b7c6d5e4f",
  dataSource: "4f5e6d7c-8b9a-4d4e-8f1a-0b9c8d7e6f5a",
  restricted: "5a6f7e8d-9c0b-4e5f-9a2b-1c0d9e8f7a6b",
  missing: "6b7a8f9e-0d1c-4f6a-8b3c-2d1e0f9a8b7c",
  slow: "7c8b9a0f-1e2d-4a7b-9c4d-3e2f1a0b9c8d",
};

/** Flipped by a session's hooks: the integration token or API key is revoked from then on. */
export const REVOKED = { notion: false, plane: false };

const notionError = (
  res: http.ServerResponse,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
) => json(res, status, { object: "error", status, code, message, request_id: "6a5b1c2d-corpus" }, headers);

const richText = (text: string) => [
  {
    type: "text",
    text: { content: text, link: null },
    plain_text: text,
    href: null,
    annotations: { bold: false },
  },
];

const notionPage = (id: string, title: string, archived = false) => ({
  object: "page",
  id,
  created_time: "2026-11-02T09:14:00.000Z",
  last_edited_time: "2026-11-30T16:40:00.000Z",
  archived,
  in_trash: archived,
  parent: { type: "workspace", workspace: true },
  url: `https://www.notion.so/${title.replace(/\W+/g, "-")}-${id.replace(/-/g, "")}`,
  properties: { title: { id: "title", type: "title", title: richText(title) } },
});

const notion: Handler = (req, res, url, body) => {
  const auth = req.headers.authorization ?? "";
  if (auth !== `Bearer ${NOTION.token}` || REVOKED.notion)
    return notionError(res, 401, "unauthorized", "API token is invalid.");
  const path = url.pathname;
  const method = req.method ?? "GET";
  if (method === "GET" && path === "/v1/users/me")
    return json(res, 200, {
      object: "user",
      id: "9f8e7d6c-5b4a-4f3e-8d2c-1b0a9f8e7d6c",
      name: "Corpus Integration",
      type: "bot",
      bot: { owner: { type: "workspace", workspace: true }, workspace_name: "Acme Docs" },
    });
  if (method === "POST" && path === "/v1/search") {
    const query = (JSON.parse(body || "{}") as { query?: string }).query ?? "";
    if (query === "rate me")
      return notionError(
        res,
        429,
        "rate_limited",
        "You have been rate limited. Please try again in a few minutes.",
        { "retry-after": "12" },
      );
    const pages = /runbook/i.test(query) ? [notionPage(NOTION.page, "Runbook: database failover")] : [];
    return json(res, 200, {
      object: "list",
      results: pages,
      next_cursor: null,
      has_more: false,
      type: "page_or_database",
      page_or_database: {},
    });
  }
  const pageMatch = /^\/v1\/pages\/([^/]+)$/.exec(path);
  if (pageMatch) {
    const id = pageMatch[1]!;
    if (!/^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i.test(id))
      return notionError(
        res,
        400,
        "validation_error",
        `path failed validation: path.page_id should be a valid uuid, instead was \`"${id}"\`.`,
      );
    if (id === NOTION.restricted)
      return notionError(res, 403, "restricted_resource", "API token does not have access to this resource.");
    if (id === NOTION.slow) {
      void sleep(10_000).then(() => json(res, 200, notionPage(NOTION.slow, "Slow page")));
      return;
    }
    if (id === NOTION.page && method === "GET")
      return json(res, 200, notionPage(NOTION.page, "Runbook: database failover"));
    if (id === NOTION.archived && method === "PATCH")
      return notionError(
        res,
        400,
        "validation_error",
        "Can't edit block that is archived. You must unarchive the block before editing.",
      );
    if (id === NOTION.page && method === "PATCH")
      return notionError(res, 409, "conflict_error", "Conflict occurred while saving. Please try again.");
    return notionError(
      res,
      404,
      "object_not_found",
      `Could not find page with ID: ${id}. Make sure the relevant pages and databases are shared with your integration.`,
    );
  }
  const childMatch = /^\/v1\/blocks\/([^/]+)\/children$/.exec(path);
  if (childMatch && method === "GET") {
    if (childMatch[1] === NOTION.page)
      return json(res, 200, {
        object: "list",
        results: [
          {
            object: "block",
            id: "b1",
            type: "heading_2",
            heading_2: { rich_text: richText("When the primary fails") },
          },
          {
            object: "block",
            id: "b2",
            type: "paragraph",
            paragraph: {
              rich_text: richText("Promote the replica with pg_ctl promote, then repoint the app."),
            },
          },
          {
            object: "block",
            id: "b3",
            type: "paragraph",
            paragraph: {
              rich_text: richText("If promotion fails with ERROR: could not connect, check pg_hba.conf."),
            },
          },
        ],
        next_cursor: null,
        has_more: false,
        type: "block",
        block: {},
      });
    if (childMatch[1] === NOTION.archived)
      return json(res, 200, {
        object: "list",
        results: [],
        next_cursor: null,
        has_more: false,
        type: "block",
        block: {},
      });
    return notionError(
      res,
      404,
      "object_not_found",
      `Could not find block with ID: ${childMatch[1]}. Make sure the relevant pages and databases are shared with your integration.`,
    );
  }
  const dsMatch = /^\/v1\/data_sources\/([^/]+)\/query$/.exec(path);
  if (dsMatch && method === "POST") {
    if (dsMatch[1] === NOTION.dataSource) {
      const filter = JSON.stringify((JSON.parse(body || "{}") as { filter?: unknown }).filter ?? {});
      if (filter.includes("Priority"))
        return notionError(res, 400, "validation_error", "Could not find property with name or id: Priority");
      return json(res, 200, {
        object: "list",
        results: [],
        next_cursor: null,
        has_more: false,
        type: "page_or_data_source",
        page_or_data_source: {},
      });
    }
    if (dsMatch[1] === NOTION.database)
      return notionError(res, 503, "service_unavailable", "Notion is unavailable, please try again later.", {
        "retry-after": "20",
      });
    return notionError(
      res,
      404,
      "object_not_found",
      `Could not find data_source with ID: ${dsMatch[1]}. Make sure the relevant pages and databases are shared with your integration.`,
    );
  }
  if (method === "POST" && path === "/v1/comments")
    return notionError(res, 403, "restricted_resource", "Insufficient permissions for this endpoint.");
  if (method === "POST" && path === "/v1/pages")
    return notionError(
      res,
      400,
      "validation_error",
      "body failed validation: body.parent.page_id should be defined, instead was `undefined`.",
    );
  if (path.startsWith("/v1/blocks/") && method === "GET") {
    res.writeHead(502, { "content-type": "text/html" });
    res.end(
      "<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center></body></html>",
    );
    return;
  }
  notionError(res, 400, "invalid_request_url", "Invalid request URL.");
};

// ---------------------------------------------------------------------------------------------
// n8n public REST API (/api/v1, X-N8N-API-KEY) and its /healthz.

export const N8N = { key: "n8n_api_corpus_key", workflow: "wf8Kd2LqP0aXz1Yb", broken: "wfBr0kenNodes0001" };

const n8nWorkflow = {
  id: N8N.workflow,
  name: "Nightly invoice export",
  active: true,
  isArchived: false,
  createdAt: "2026-10-01T08:00:00.000Z",
  updatedAt: "2026-11-28T22:10:00.000Z",
  nodes: [
    {
      id: "a1",
      name: "Schedule Trigger",
      type: "n8n-nodes-base.scheduleTrigger",
      typeVersion: 1.2,
      position: [0, 0],
      parameters: { rule: { interval: [{ field: "days" }] } },
    },
    {
      id: "a2",
      name: "HTTP Request",
      type: "n8n-nodes-base.httpRequest",
      typeVersion: 4.2,
      position: [220, 0],
      parameters: { url: "https://billing.example/api/invoices", method: "GET" },
    },
  ],
  connections: { "Schedule Trigger": { main: [[{ node: "HTTP Request", type: "main", index: 0 }]] } },
  settings: { executionOrder: "v1" },
  staticData: null,
  tags: [{ id: "t1", name: "finance" }],
};

const n8n: Handler = (req, res, url) => {
  const path = url.pathname;
  if (path === "/healthz") return json(res, 200, { status: "ok" });
  if (req.headers["x-n8n-api-key"] !== N8N.key) return json(res, 401, { message: "unauthorized" });
  if (path === "/api/v1/workflows" && req.method === "GET") {
    const tags = url.searchParams.get("tags");
    if (tags === "archive") return json(res, 200, { data: [], nextCursor: null });
    const { nodes: _n, connections: _c, ...meta } = n8nWorkflow;
    return json(res, 200, { data: [meta], nextCursor: null });
  }
  const wf = /^\/api\/v1\/workflows\/([^/]+)$/.exec(path);
  if (wf && req.method === "GET") {
    if (wf[1] === N8N.workflow) return json(res, 200, n8nWorkflow);
    return json(res, 404, { message: "Not Found" });
  }
  if (wf && req.method === "DELETE") return json(res, 403, { message: "Forbidden" });
  if (path === "/api/v1/workflows" && req.method === "POST")
    return json(res, 400, { message: "request/body/settings must have required property 'executionOrder'" });
  if (path === "/api/v1/executions") {
    if (url.searchParams.get("status") === "error") {
      res.writeHead(429, { "content-type": "application/json", "retry-after": "45" });
      res.end(JSON.stringify({ message: "Too many requests" }));
      return;
    }
    return json(res, 500, {
      code: 500,
      message: "Internal server error",
      hint: "SQLITE_BUSY: database is locked",
    });
  }
  json(res, 404, { message: "Not Found" });
};

// ---------------------------------------------------------------------------------------------
// Plane REST API (/api/v1/workspaces/<slug>/…, X-API-Key; Django REST framework errors).

export const PLANE = {
  key: "plane_api_corpus_key",
  project: "7b1f4e2a-3c5d-4e6f-8a9b-0c1d2e3f4a5b",
  emptyProject: "8c2a5f3b-4d6e-4f7a-9b0c-1d2e3f4a5b6c",
  archivedProject: "9d3b6a4c-5e7f-4a8b-8c1d-2e3f4a5b6c7d",
  slowProject: "0e4c7b5d-6f8a-4b9c-9d2e-3f4a5b6c7d8e",
  busyProject: "1f5d8c6e-7a9b-4c0d-8e3f-4a5b6c7d8e9f",
  issue: "2a6e9d7f-8b0c-4d1e-9f4a-5b6c7d8e9f0a",
};

const planeIssue = (seq: number, name: string, state: string, priority: string) => ({
  id: seq === 42 ? PLANE.issue : `3b7f0e8a-9c1d-4e2f-8a5b-6c7d8e9f0a${String(seq).padStart(2, "0")}`,
  name,
  sequence_id: seq,
  state,
  priority,
  project: PLANE.project,
  workspace: "acme",
  created_at: "2026-11-20T10:00:00Z",
  updated_at: "2026-12-01T15:30:00Z",
});

const plane: Handler = (req, res, url, body) => {
  if (req.headers["x-api-key"] !== PLANE.key || REVOKED.plane)
    return json(res, 401, { detail: "Given API token is not valid" });
  const path = url.pathname.replace(/^\/api\/v1\/workspaces\/acme/, "");
  if (path === "/projects/" && req.method === "GET")
    return json(res, 200, {
      grouped_by: null,
      total_count: 2,
      next_cursor: "100:1:0",
      prev_cursor: "100:-1:1",
      next_page_results: false,
      prev_page_results: false,
      count: 2,
      total_pages: 1,
      results: [
        {
          id: PLANE.project,
          identifier: "OPS",
          name: "Operations",
          description: "On-call and infra work",
          network: 2,
        },
        { id: PLANE.emptyProject, identifier: "DOCS", name: "Documentation", description: "", network: 2 },
      ],
    });
  if (path === "/projects/" && req.method === "POST") {
    const name = (JSON.parse(body || "{}") as { identifier?: string }).identifier;
    return json(res, 409, {
      error: "The project identifier is already taken",
      id: PLANE.project,
      identifier: name,
    });
  }
  if (path === "/issues/OPS-42/")
    return json(res, 200, {
      ...planeIssue(42, "Rotate the TLS certificate on the edge proxy", "in-progress", "urgent"),
      description_html: "<p>Expires on 12 Dec.</p>",
    });
  if (/^\/issues\/[A-Z]+-\d+\/$/.test(path)) return json(res, 404, { error: "Issue not found" });
  const m = /^\/projects\/([^/]+)\/(issues|states|labels|cycles|modules)\/(.*)$/.exec(path);
  if (m) {
    const [, project, kind, rest] = m;
    if (project === PLANE.slowProject) {
      void sleep(10_000).then(() => json(res, 200, { results: [], total_count: 0, count: 0 }));
      return;
    }
    if (project === PLANE.busyProject) {
      res.writeHead(429, { "content-type": "application/json", "retry-after": "50" });
      res.end(JSON.stringify({ detail: "Request was throttled. Expected available in 50 seconds." }));
      return;
    }
    if (project === PLANE.archivedProject)
      return json(res, 403, { detail: "You do not have permission to perform this action." });
    if (project !== PLANE.project && project !== PLANE.emptyProject)
      return json(res, 404, { detail: "No Project matches the given query." });
    if (kind === "issues" && rest === "" && req.method === "GET") {
      const results =
        project === PLANE.project
          ? [
              planeIssue(42, "Rotate the TLS certificate on the edge proxy", "in-progress", "urgent"),
              planeIssue(43, "Alert on replication lag over 30 s", "todo", "high"),
            ]
          : [];
      return json(res, 200, {
        grouped_by: null,
        total_count: results.length,
        count: results.length,
        total_pages: 1,
        results,
      });
    }
    if (kind === "issues" && rest === "" && req.method === "POST") {
      const issue = JSON.parse(body || "{}") as { priority?: string };
      if (issue.priority && !["urgent", "high", "medium", "low", "none"].includes(issue.priority))
        return json(res, 400, { priority: [`"${issue.priority}" is not a valid choice.`] });
      return json(res, 201, { ...planeIssue(44, "created", "todo", issue.priority ?? "none"), ...issue });
    }
    if (kind === "issues" && /\/comments\/?$/.test(rest ?? "")) {
      if (rest!.startsWith(PLANE.issue)) return json(res, 200, { results: [], total_count: 0, count: 0 });
      return json(res, 404, { detail: "No Issue matches the given query." });
    }
    if (kind === "states" && rest === "")
      return json(res, 200, {
        results: [
          { id: "s1", name: "Todo", group: "unstarted", color: "#3A3A3A" },
          { id: "s2", name: "In Progress", group: "started", color: "#F59E0B" },
          { id: "s3", name: "Done", group: "completed", color: "#16A34A" },
        ],
      });
    if (kind === "cycles") return json(res, 500, { error: "Something went wrong please try again later" });
    if (kind === "modules" && req.method === "DELETE")
      return json(res, 404, { detail: "No Module matches the given query." });
    return json(res, 200, { results: [], total_count: 0, count: 0 });
  }
  json(res, 404, { detail: "Not found." });
};

// ---------------------------------------------------------------------------------------------

const HANDLERS: Record<StandInName, Handler> = { searxng, notion, n8n, plane };
const running = new Map<StandInName, http.Server>();
const sockets = new Map<StandInName, Set<import("node:net").Socket>>();

export async function startStandIn(name: StandInName): Promise<void> {
  if (running.has(name)) return;
  const open = new Set<import("node:net").Socket>();
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", `http://127.0.0.1:${PORTS[name]}`);
      try {
        HANDLERS[name](req, res, url, body);
      } catch (error) {
        if (!res.headersSent) json(res, 500, { message: (error as Error).message });
      }
    });
  });
  server.on("connection", (socket) => {
    open.add(socket);
    socket.on("close", () => open.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(PORTS[name], "127.0.0.1", resolve));
  running.set(name, server);
  sockets.set(name, open);
}

/** Stop a stand-in (its port then refuses connections) until startStandIn brings it back. */
export async function stopStandIn(name: StandInName): Promise<void> {
  const server = running.get(name);
  if (!server) return;
  running.delete(name);
  for (const socket of sockets.get(name) ?? []) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  // Let the clients' keep-alive pools see their sockets close, so the next request meets a
  // refused connection rather than a socket that hangs up under it.
  await sleep(300);
}

export async function startAll(): Promise<() => Promise<void>> {
  for (const name of Object.keys(PORTS) as StandInName[]) await startStandIn(name);
  return async () => {
    for (const name of Object.keys(PORTS) as StandInName[]) await stopStandIn(name);
  };
}
