// Local stand-ins for the services that the fetch-like, OpenAPI, GraphQL and GitLab MCP servers
// talk to. Everything listens on 127.0.0.1 only and answers from fixed data, so a capture is
// reproducible offline. The MCP servers themselves are the real published packages: only what
// lies behind them is stood in for.

import http from "node:http";
import type { AddressInfo } from "node:net";
import { graphqlLib } from "./deps.js";

const { buildSchema, graphql, GraphQLError } = graphqlLib;

export interface Upstream {
  url: string;
  close(): Promise<void>;
}

type Handler = (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
  body: string,
) => void | Promise<void>;

function json(
  res: http.ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(value);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  res.end(text);
}

function html(res: http.ServerResponse, status: number, page: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", ...headers });
  res.end(page);
}

const page = (title: string, body: string) =>
  `<!DOCTYPE html>\n<html><head><title>${title}</title></head><body>${body}</body></html>\n`;

// ---------------------------------------------------------------------------------------------
// Generic web: pages and status codes for the fetch-like servers.

const INVENTORY = [
  { id: 1, sku: "BLT-001", name: "Hex bolt M8", price: 0.12, stock: 1200 },
  { id: 2, sku: "NUT-002", name: "Lock nut M8", price: 0.08, stock: 950 },
  { id: 3, sku: "WSH-003", name: "Washer 8 mm", price: 0.02, stock: 0 },
];

const web: Record<string, Handler> = {
  "/": (_req, res) =>
    html(
      res,
      200,
      page(
        "Acme Parts",
        "<h1>Acme Parts</h1><p>Bolts, nuts and washers since 1962.</p><a href='/about'>About</a>",
      ),
    ),
  "/docs/guide": (_req, res) =>
    html(
      res,
      200,
      page(
        "Troubleshooting guide",
        "<article><h1>Troubleshooting guide</h1><h2>Error 503 during checkout</h2><p>If the checkout shows <code>Error 503</code>, the payment provider is being updated; wait a minute and try again.</p><h2>Error codes</h2><ul><li>E100: card declined</li><li>E200: address not found</li></ul></article>",
      ),
    ),
  "/data/inventory.json": (_req, res) => json(res, 200, { items: INVENTORY, total: INVENTORY.length }),
  "/data/empty.json": (_req, res) => json(res, 200, { items: [], total: 0 }),
  "/data/empty-array.json": (_req, res) => json(res, 200, []),
  "/data/logs.json": (_req, res) =>
    json(res, 200, {
      entries: [
        { at: "2026-11-30T10:00:00Z", level: "error", message: "disk full on node-3" },
        { at: "2026-11-30T10:05:00Z", level: "warn", message: "retrying replication" },
      ],
      total: 2,
    }),
  "/data/large.json": (_req, res) =>
    json(res, 200, {
      rows: Array.from({ length: 4000 }, (_, i) => ({
        id: i + 1,
        sku: `SKU-${String(i + 1).padStart(5, "0")}`,
        qty: (i * 7) % 100,
      })),
      total: 4000,
    }),
  "/text/readme.txt": (_req, res) => {
    res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
    res.end("Acme Parts price list\nUpdated weekly.\n");
  },
  // A soft error: the status says 200, the page says the request failed.
  "/soft-error": (_req, res) =>
    html(
      res,
      200,
      page(
        "Error",
        "<h1>Something went wrong</h1><p>Error 500: the server encountered an internal error and could not complete your request.</p>",
      ),
    ),
  // A Slack-style envelope: HTTP 200, ok false.
  "/api-envelope/fail": (_req, res) => json(res, 200, { ok: false, error: "channel_not_found" }),
  "/api-envelope/ok": (_req, res) =>
    json(res, 200, { ok: true, channel: { id: "C024BE91L", name: "parts-orders" } }),
  "/status/400": (_req, res) =>
    json(res, 400, { error: "invalid_request", message: "query parameter 'sku' is required" }),
  "/status/401": (_req, res) =>
    json(
      res,
      401,
      { error: "invalid_token", error_description: "The access token expired" },
      { "www-authenticate": 'Bearer error="invalid_token"' },
    ),
  "/status/403": (_req, res) =>
    json(res, 403, { message: "Forbidden: this token lacks the inventory:write scope" }),
  "/status/404": (_req, res) =>
    html(
      res,
      404,
      page("404 Not Found", "<h1>Not Found</h1><p>The requested URL was not found on this server.</p>"),
    ),
  "/status/410": (_req, res) => json(res, 410, { error: "gone", message: "this price list was retired" }),
  "/status/422": (_req, res) =>
    json(res, 422, {
      errors: [{ code: "price_out_of_range", field: "price", message: "price must be between 0 and 10000" }],
    }),
  "/status/429": (_req, res) =>
    json(
      res,
      429,
      { error: "rate_limited", message: "Too many requests, retry after 30 seconds" },
      { "retry-after": "30" },
    ),
  "/status/500": (_req, res) =>
    json(res, 500, { error: "internal_error", message: "unexpected nil pointer in pricing service" }),
  "/status/502": (_req, res) =>
    html(
      res,
      502,
      "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.24.0</center>\r\n</body>\r\n</html>\r\n",
    ),
  "/status/503": (_req, res) => {
    res.writeHead(503, { "content-type": "text/plain", "retry-after": "120" });
    res.end("Service Unavailable: scheduled maintenance until 02:00 UTC");
  },
  "/status/504": (_req, res) =>
    html(
      res,
      504,
      "<html><head><title>504 Gateway Time-out</title></head><body><h1>504 Gateway Time-out</h1></body></html>",
    ),
  "/oauth/token": (_req, res) =>
    json(res, 400, { error: "invalid_grant", error_description: "The refresh token is expired or revoked" }),
  "/oauth/client": (_req, res) =>
    json(res, 401, { error: "invalid_client", error_description: "Client authentication failed" }),
  "/slow": async (_req, res, url) => {
    const ms = Math.min(30_000, Number(url.searchParams.get("ms") ?? "5000"));
    await new Promise((resolve) => setTimeout(resolve, ms));
    if (!res.destroyed) json(res, 200, { done: true, waitedMs: ms });
  },
  "/reset": (req) => {
    req.socket.destroy();
  },
};

// ---------------------------------------------------------------------------------------------
// Inventory API with an OpenAPI document, for the OpenAPI→MCP bridge.

export const OPENAPI = {
  openapi: "3.0.3",
  info: { title: "Acme Inventory", version: "1.4.0" },
  paths: {
    "/items": {
      get: {
        operationId: "listItems",
        summary: "List items, optionally filtered by a search term",
        parameters: [
          { name: "q", in: "query", schema: { type: "string" } },
          { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 100 } },
        ],
        responses: { "200": { description: "items" } },
      },
      post: {
        operationId: "createItem",
        summary: "Create an item",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["sku", "name", "price"],
                properties: { sku: { type: "string" }, name: { type: "string" }, price: { type: "number" } },
              },
            },
          },
        },
        responses: { "201": { description: "created" } },
      },
    },
    "/items/{id}": {
      get: {
        operationId: "getItem",
        summary: "Get one item",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
        responses: { "200": { description: "item" } },
      },
      delete: {
        operationId: "deleteItem",
        summary: "Delete an item",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
        responses: { "204": { description: "deleted" } },
      },
    },
    "/reports/export": {
      get: {
        operationId: "exportReport",
        summary: "Export the stock report",
        responses: { "200": { description: "report" } },
      },
    },
    "/billing/invoices": {
      get: {
        operationId: "listInvoices",
        summary: "List invoices",
        responses: { "200": { description: "invoices" } },
      },
    },
    "/me": {
      get: {
        operationId: "whoAmI",
        summary: "The current user",
        responses: { "200": { description: "user" } },
      },
    },
    "/sync/status": {
      get: {
        operationId: "syncStatus",
        summary: "Warehouse sync status",
        responses: { "200": { description: "status" } },
      },
    },
    "/pricing/recalculate": {
      post: {
        operationId: "recalculatePrices",
        summary: "Recalculate prices",
        responses: { "200": { description: "ok" } },
      },
    },
    "/warehouse/health": {
      get: {
        operationId: "warehouseHealth",
        summary: "Warehouse system health",
        responses: { "200": { description: "ok" } },
      },
    },
    "/orders": {
      get: {
        operationId: "listOrders",
        summary: "List orders in a state",
        parameters: [{ name: "state", in: "query", schema: { type: "string" } }],
        responses: { "200": { description: "orders" } },
      },
    },
    "/auth/refresh": {
      post: {
        operationId: "refreshToken",
        summary: "Refresh the access token",
        responses: { "200": { description: "token" } },
      },
    },
  },
};

const api: Record<string, Handler> = {
  "GET /api/items": (_req, res, url) => {
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    const limit = url.searchParams.get("limit");
    if (limit !== null && (!/^\d+$/.test(limit) || Number(limit) < 1 || Number(limit) > 100))
      return json(res, 400, {
        error: { code: "invalid_parameter", message: "limit must be an integer between 1 and 100" },
      });
    const items = INVENTORY.filter(
      (item) => !q || item.name.toLowerCase().includes(q) || item.sku.toLowerCase().includes(q),
    );
    json(res, 200, { items, total: items.length });
  },
  "POST /api/items": (_req, res, _url, body) => {
    let data: { sku?: unknown; name?: unknown; price?: unknown };
    try {
      data = JSON.parse(body || "{}");
    } catch {
      return json(res, 400, { error: { code: "malformed_json", message: "request body is not JSON" } });
    }
    if (typeof data.price === "number" && (data.price < 0 || data.price > 10_000))
      return json(res, 422, {
        errors: [
          { code: "price_out_of_range", field: "price", message: "price must be between 0 and 10000" },
        ],
      });
    if (INVENTORY.some((item) => item.sku === data.sku))
      return json(res, 409, {
        error: { code: "duplicate_sku", message: `an item with sku ${String(data.sku)} already exists` },
      });
    json(res, 201, { id: 4, sku: data.sku, name: data.name, price: data.price, stock: 0 });
  },
  "GET /api/items/:id": (_req, res, url) => {
    const id = Number(url.pathname.split("/").pop());
    const item = INVENTORY.find((candidate) => candidate.id === id);
    if (!item) return json(res, 404, { error: { code: "item_not_found", message: `no item with id ${id}` } });
    json(res, 200, item);
  },
  "DELETE /api/items/:id": (_req, res) =>
    json(res, 403, { error: "forbidden", message: "role 'viewer' may not delete items" }),
  "GET /api/reports/export": (_req, res) =>
    json(
      res,
      429,
      { error: "rate_limited", message: "export quota exceeded", retry_after: 30 },
      { "retry-after": "30" },
    ),
  "GET /api/billing/invoices": (_req, res) =>
    json(res, 402, {
      error: {
        code: "payment_required",
        message: "Your plan does not include invoice export. Upgrade to Business.",
      },
    }),
  "GET /api/me": (_req, res) => json(res, 200, null),
  "GET /api/sync/status": (_req, res) =>
    json(res, 200, { ok: false, error: "warehouse_offline", message: "the warehouse link is down" }),
  "POST /api/pricing/recalculate": (_req, res) =>
    json(res, 500, {
      error: "internal_error",
      message: "TypeError: Cannot read properties of undefined (reading 'currency')",
    }),
  "GET /api/warehouse/health": (_req, res) => {
    res.writeHead(503, { "content-type": "text/plain", "retry-after": "60" });
    res.end(
      "upstream connect error or disconnect/reset before headers. reset reason: connection termination",
    );
  },
  "GET /api/orders": (_req, res, url) => {
    const state = url.searchParams.get("state") ?? "open";
    json(res, 200, { orders: [], state, total: 0 });
  },
  "POST /api/auth/refresh": (_req, res) =>
    json(res, 400, { error: "invalid_grant", error_description: "Refresh token expired" }),
};

// ---------------------------------------------------------------------------------------------
// GraphQL: executed by the reference implementation, so errors are what a real server says.

const schema = buildSchema(`
  type Item { id: Int!, sku: String!, name: String!, price: Float!, stock: Int!, supplier: Supplier }
  type Supplier { id: Int!, name: String!, contractNumber: String }
  type Query {
    item(id: Int!): Item
    items(search: String): [Item!]!
    viewer: String
  }
  type Mutation { setPrice(id: Int!, price: Float!): Item }
`);

const rootValue = {
  item: ({ id }: { id: number }) => {
    if (id === 500)
      throw new GraphQLError("pricing backend unavailable", { extensions: { code: "SERVICE_UNAVAILABLE" } });
    const item = INVENTORY.find((candidate) => candidate.id === id);
    if (!item) throw new GraphQLError(`Item ${id} not found`, { extensions: { code: "NOT_FOUND" } });
    return {
      ...item,
      supplier: () => ({
        id: 9,
        name: "Bolt & Co",
        contractNumber: () => {
          throw new GraphQLError("Not authorized to read contractNumber", {
            extensions: { code: "FORBIDDEN" },
          });
        },
      }),
    };
  },
  items: ({ search }: { search?: string }) =>
    INVENTORY.filter((item) => !search || item.name.toLowerCase().includes(search.toLowerCase())).map(
      (item) => ({ ...item, supplier: null }),
    ),
  viewer: () => "integration-bot",
  setPrice: () => null,
};

async function handleGraphql(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
  if (req.headers.authorization !== "Bearer corpus-graphql-token")
    return json(res, 401, {
      errors: [
        { message: "Unauthorized: missing or invalid bearer token", extensions: { code: "UNAUTHENTICATED" } },
      ],
    });
  let request: { query?: string; variables?: Record<string, unknown> | string | null };
  try {
    request = JSON.parse(body);
  } catch {
    return json(res, 400, { errors: [{ message: "POST body sent invalid JSON." }] });
  }
  // Variables sent as a JSON string are parsed, as express-graphql did.
  let variables = request.variables ?? undefined;
  if (typeof variables === "string") {
    try {
      variables = JSON.parse(variables) as Record<string, unknown>;
    } catch {
      return json(res, 400, { errors: [{ message: "Variables are invalid JSON." }] });
    }
  }
  const result = await graphql({
    schema,
    source: request.query ?? "",
    rootValue,
    variableValues: variables as Record<string, unknown> | undefined,
  });
  json(res, 200, result);
}

// ---------------------------------------------------------------------------------------------
// A GitLab REST API stand-in (/gitlab/api/v4), answering the shapes and statuses GitLab does.

const gitlabProject = (id: number, name: string, defaultBranch: string | null) => ({
  id,
  name,
  path_with_namespace: `acme/${name}`,
  visibility: "private",
  web_url: `https://gitlab.example.test/acme/${name}`,
  description: null,
  ssh_url_to_repo: `git@gitlab.example.test:acme/${name}.git`,
  http_url_to_repo: `https://gitlab.example.test/acme/${name}.git`,
  created_at: "2025-03-02T09:00:00.000Z",
  last_activity_at: "2026-11-28T17:12:00.000Z",
  default_branch: defaultBranch,
});

function gitlab(req: http.IncomingMessage, res: http.ServerResponse, url: URL, body: string) {
  const path = url.pathname.replace(/^\/gitlab\/api\/v4/, "");
  const token = (req.headers.authorization ?? "").replace(/^Bearer /, "");
  if (token === "glpat-expired") return json(res, 401, { message: "401 Unauthorized" });
  if (token === "glpat-limited" && req.method !== "GET") return json(res, 403, { message: "403 Forbidden" });
  if (token === "glpat-throttled") return json(res, 429, { message: "Retry later" }, { "retry-after": "60" });
  if (req.method === "GET" && path === "/projects") {
    const search = url.searchParams.get("search") ?? "";
    if (search === "crash") return json(res, 500, { message: "500 Internal Server Error" });
    if (search === "maintenance") {
      res.writeHead(503, { "content-type": "text/html" });
      return res.end("<html><body><h1>GitLab is not responding</h1></body></html>");
    }
    const all = [
      gitlabProject(11, "parts-catalog", "main"),
      gitlabProject(12, "parts-api", "main"),
      gitlabProject(13, "parts-empty", null),
    ];
    const found = all.filter((project) => project.name.includes(search));
    res.setHeader("x-total", String(found.length));
    return json(res, 200, found);
  }
  const file = path.match(/^\/projects\/([^/]+)\/repository\/files\/([^/]+)$/);
  if (file && req.method === "GET") {
    const project = decodeURIComponent(file[1] ?? "");
    const filePath = decodeURIComponent(file[2] ?? "");
    if (project !== "acme/parts-catalog") return json(res, 404, { message: "404 Project Not Found" });
    if (filePath !== "README.md") return json(res, 404, { message: "404 File Not Found" });
    const content = "# parts-catalog\n\nThe catalog of parts.\n";
    return json(res, 200, {
      file_name: "README.md",
      file_path: "README.md",
      size: content.length,
      encoding: "base64",
      content: Buffer.from(content).toString("base64"),
      content_sha256: "4c294617b60715c1d218e61164a3abd4808a4284cbc30e6728a01ad9aada4481",
      ref: url.searchParams.get("ref") ?? "HEAD",
      blob_id: "79f7bbd25901e8334750839545a9bd021f0e4c83",
      last_commit_id: "d5a3ff139356ce33e37e73add446f16869741b50",
    });
  }
  const issues = path.match(/^\/projects\/([^/]+)\/issues$/);
  if (issues && req.method === "POST") {
    const data = JSON.parse(body || "{}");
    if (!data.title) return json(res, 400, { message: { title: ["can't be blank"] } });
    return json(res, 201, {
      id: 9001,
      iid: 42,
      project_id: 11,
      title: data.title,
      description: data.description ?? null,
      state: "opened",
      author: {
        id: 7,
        username: "corpus-bot",
        name: "Corpus Bot",
        avatar_url: "",
        web_url: "https://gitlab.example.test/corpus-bot",
        state: "active",
      },
      assignees: [],
      labels: [],
      milestone: null,
      created_at: "2026-12-01T10:00:00.000Z",
      updated_at: "2026-12-01T10:00:00.000Z",
      closed_at: null,
      web_url: "https://gitlab.example.test/acme/parts-catalog/-/issues/42",
    });
  }
  const branches = path.match(/^\/projects\/([^/]+)\/repository\/branches$/);
  if (branches && req.method === "POST") {
    const data = JSON.parse(body || "{}");
    if (data.branch === "main") return json(res, 400, { message: "Branch already exists" });
    return json(res, 201, {
      name: data.branch,
      commit: {
        id: "d5a3ff139356ce33e37e73add446f16869741b50",
        web_url: "https://gitlab.example.test/acme/parts-catalog/-/commit/d5a3ff13",
      },
    });
  }
  json(res, 404, { message: "404 Not Found" });
}

// ---------------------------------------------------------------------------------------------

export async function startUpstream(port = 0): Promise<Upstream> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const body = Buffer.concat(chunks).toString("utf8");
      try {
        if (url.pathname === "/openapi.json") return json(res, 200, OPENAPI);
        if (url.pathname === "/graphql" && req.method === "POST") return await handleGraphql(req, res, body);
        if (url.pathname.startsWith("/gitlab/api/v4/")) return gitlab(req, res, url, body);
        if (url.pathname.startsWith("/api/")) {
          const exact = api[`${req.method} ${url.pathname}`];
          const withId = api[`${req.method} ${url.pathname.replace(/\/\d+$/, "/:id")}`];
          const handler = exact ?? (/\/\d+$/.test(url.pathname) ? withId : undefined);
          if (handler) return await handler(req, res, url, body);
          return json(res, 404, {
            error: { code: "route_not_found", message: `${req.method} ${url.pathname}` },
          });
        }
        const handler = web[url.pathname];
        if (handler) return await handler(req, res, url, body);
        html(res, 404, page("404 Not Found", "<h1>Not Found</h1>"));
      } catch (error) {
        if (!res.headersSent) json(res, 500, { error: "stand_in_failed", message: String(error) });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
