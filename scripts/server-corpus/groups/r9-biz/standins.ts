// Loopback stand-ins for the APIs behind this group's servers, answering with the real APIs' bodies
// and error bodies: the n8n public REST API (v1, `X-N8N-API-KEY`) and its production webhooks, the
// Trello REST API (v1, `key`/`token` query parameters, plain-text error bodies), the Shortcut REST API
// (v3, `Shortcut-Token`) and the Xero Accounting API (2.0, OAuth bearer, `xero-tenant-id`, with the
// identity service's `/connections`).
//
// n8n is reached through its base URL (`N8N_API_URL`). Trello, Shortcut and Xero have their hosts
// written into the servers (or their SDKs); those servers honour `HTTPS_PROXY` (Trello through
// https-proxy-agent, Shortcut and Xero through axios's own proxy support), so each of the three has a
// loopback forward proxy that accepts the CONNECT, terminates TLS with a certificate for the real host
// names (trusted by the servers through NODE_EXTRA_CA_CERTS) and answers as that API. Each listens on
// its own port so one can be stopped (an unreachable backend) while the others keep answering.
// `state` is switched by the sessions' hooks (a revoked token, a rate limit, an outage, …).

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import path from "node:path";

export const DATA = "/tmp/faultline-corpus-r9-biz";
export const CERT = path.join(DATA, "standin-cert.pem");
const KEY = path.join(DATA, "standin-key.pem");

export const N8N_PORT = 39250;
export const TRELLO_PROXY_PORT = 39251;
export const SHORTCUT_PROXY_PORT = 39252;
export const XERO_PROXY_PORT = 39253;

export const N8N_API_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJyOWJpei1jb3JwdXMiLCJpc3MiOiJuOG4iLCJhdWQiOiJwdWJsaWMtYXBpIn0.r9bizN8nCorpusKeySignature0001";
export const N8N_WEBHOOK_USER = "r9biz-hooks";
export const N8N_WEBHOOK_PASSWORD = "r9biz-hook-pass-7Qm2";
export const TRELLO_KEY = "7c1e0f5a9b2d4e6f8a1c3b5d7e9f0a2b";
export const TRELLO_TOKEN =
  "ATTA9f3c1e5b7d9a2c4e6f8b0d2a4c6e8f0b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c4e6b8d0f2A1B3C5D7";
export const SHORTCUT_TOKEN = "5f0c2a7e-9b14-4d63-a8e1-3c7b9d2f4e60";
export const XERO_TOKEN =
  "eyJhbGciOiJSUzI1NiIsImtpZCI6IjFDQUY4RTY2NzcyRDZEQzAyOEQ2NzI2RkQwMjYxNTgxNTcwRUZDMTkiLCJ0eXAiOiJKV1QifQ.eyJuYmYiOjE3OTY2MjYwMDAsImV4cCI6MTc5NjYyNzgwMCwiaXNzIjoiaHR0cHM6Ly9pZGVudGl0eS54ZXJvLmNvbSIsImF1ZCI6Imh0dHBzOi8vaWRlbnRpdHkueGVyby5jb20vcmVzb3VyY2VzIiwiY2xpZW50X2lkIjoicjliaXpDb3JwdXMiLCJzdWIiOiJyOWJpei1jb3JwdXMifQ.cjliaXotY29ycHVzLXNpZ25hdHVyZQ";

export const state = {
  n8nKeyRevoked: false,
  n8nBadGateway: false,
  trelloTokenRevoked: false,
  trelloRateLimited: false,
  trelloUnavailable: false,
  shortcutTokenRevoked: false,
  shortcutRateLimited: false,
  shortcutServerError: false,
  shortcutMaintenancePage: false,
  xeroTokenExpired: false,
  xeroRateLimited: false,
  xeroApiRateLimited: false,
  xeroDisconnected: false,
  xeroMaintenance: false,
  /** After the next invoice is written, the Organisation endpoint fails (500) until cleared. */
  xeroOrgBreaksAfterWrite: false,
};
let xeroOrgBroken = false;

type Handler = (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) => void;

export interface Standin {
  start(): Promise<void>;
  stop(): Promise<void>;
}

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  res.end(JSON.stringify(body));
}

function text(
  res: http.ServerResponse,
  status: number,
  body: string,
  type = "text/plain; charset=utf-8",
  headers: Record<string, string> = {},
) {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": type, ...headers });
  res.end(body);
}

const timers = new Set<NodeJS.Timeout>();
/** Answers after `ms` (a slow upstream); the timer is cleared when the stand-ins stop. */
function later(ms: number, answer: () => void) {
  const timer = setTimeout(() => {
    timers.delete(timer);
    answer();
  }, ms);
  timers.add(timer);
}

function parse(body: string): Record<string, unknown> {
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** A self-signed certificate for the real API hosts and 127.0.0.1, made once per data directory. */
export function ensureCertificate() {
  if (fs.existsSync(CERT) && fs.existsSync(KEY)) return;
  fs.mkdirSync(DATA, { recursive: true });
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      KEY,
      "-out",
      CERT,
      "-days",
      "3650",
      "-subj",
      "/CN=r9-biz corpus stand-in",
      "-addext",
      "subjectAltName=DNS:api.trello.com,DNS:api.app.shortcut.com,DNS:api.xero.com,DNS:identity.xero.com,IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
}

function onRequest(port: number, handler: Handler) {
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const host = req.headers.host ?? `127.0.0.1:${port}`;
      handler(req, new URL(req.url ?? "/", `http://${host}`), body, res);
    });
  };
}

/** A plain HTTP stand-in on its own port. */
function serve(port: number, handler: Handler): Standin {
  const sockets = new Set<Socket>();
  let server: http.Server | undefined;
  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        const created = http.createServer(onRequest(port, handler));
        created.on("connection", (socket: Socket) => {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
        });
        created.once("error", reject);
        created.listen(port, "127.0.0.1", () => resolve());
        server = created;
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!server) return resolve();
        server.close(() => resolve());
        server = undefined;
      }),
  };
}

/**
 * A forward proxy on its own port that accepts CONNECT for any host, terminates TLS with the stand-in
 * certificate and answers every request inside the tunnel with `handler` (the real API's host is in
 * the Host header).
 */
function mitmProxy(port: number, handler: Handler): Standin {
  const sockets = new Set<Socket>();
  let proxy: http.Server | undefined;
  let tls: https.Server | undefined;
  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        ensureCertificate();
        tls = https.createServer(
          { key: fs.readFileSync(KEY), cert: fs.readFileSync(CERT) },
          onRequest(port, handler),
        );
        const inner = tls;
        const created = http.createServer((_req, res) =>
          text(res, 400, "this proxy only tunnels (CONNECT)\n"),
        );
        created.on("connection", (socket: Socket) => {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
        });
        created.on("connect", (_req: http.IncomingMessage, socket: Socket, head: Buffer) => {
          socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
          if (head.length) socket.unshift(head);
          inner.emit("connection", socket);
        });
        created.once("error", reject);
        created.listen(port, "127.0.0.1", () => resolve());
        proxy = created;
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        tls?.close();
        tls = undefined;
        if (!proxy) return resolve();
        proxy.close(() => resolve());
        proxy = undefined;
      }),
  };
}

const NGINX_502 =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.24.0</center>\r\n</body>\r\n</html>\r\n";

// ------------------------------------------------------------------------------------------ n8n

const N8N_TRIGGER = {
  id: "0b6f3c9e-52a4-4c1d-9e8f-7a2b5c3d1e40",
  name: "Webhook",
  type: "n8n-nodes-base.webhook",
  typeVersion: 2,
  position: [240, 300],
  webhookId: "5d0b2c41-8e7a-4f39-b6c2-1a9e3d7f5b08",
  parameters: {
    httpMethod: "POST",
    path: "order-intake",
    authentication: "basicAuth",
    responseMode: "lastNode",
  },
};

const n8nWorkflows: Record<string, Record<string, unknown>> = {
  Kq3vT8wY2mZp5LxA: {
    id: "Kq3vT8wY2mZp5LxA",
    name: "Order intake → Stripe → Slack",
    active: true,
    isArchived: false,
    createdAt: "2026-09-22T08:14:03.512Z",
    updatedAt: "2026-11-28T16:40:51.207Z",
    nodes: [
      N8N_TRIGGER,
      {
        id: "a4c1e9b7-3f2d-4e60-8b15-c9d7a2e4f613",
        name: "Create PaymentIntent",
        type: "n8n-nodes-base.stripe",
        typeVersion: 1,
        position: [460, 300],
        parameters: { resource: "charge", operation: "create" },
        credentials: { stripeApi: { id: "3", name: "Stripe live" } },
      },
      {
        id: "e2b8d4f1-6a3c-4b97-a0e5-f1c3b7d9e284",
        name: "Notify #orders",
        type: "n8n-nodes-base.slack",
        typeVersion: 2.2,
        position: [680, 300],
        parameters: { select: "channel", channelId: "C07ORDERS", text: "=New order {{$json.id}}" },
      },
    ],
    connections: {
      Webhook: { main: [[{ node: "Create PaymentIntent", type: "main", index: 0 }]] },
      "Create PaymentIntent": { main: [[{ node: "Notify #orders", type: "main", index: 0 }]] },
    },
    settings: { executionOrder: "v1", saveManualExecutions: true, callerPolicy: "workflowsFromSameOwner" },
    staticData: null,
    pinData: {},
    versionId: "9f1d6b2e-4c8a-4e37-b5d0-2a7c9e1f3b64",
    triggerCount: 1,
    tags: [
      {
        id: "Tg1",
        name: "billing",
        createdAt: "2026-09-22T08:14:03.512Z",
        updatedAt: "2026-09-22T08:14:03.512Z",
      },
    ],
  },
  Rw7nB2cX9kLq4HsD: {
    id: "Rw7nB2cX9kLq4HsD",
    name: "Nightly HubSpot → Airtable sync",
    active: true,
    isArchived: false,
    createdAt: "2026-07-03T21:02:44.118Z",
    updatedAt: "2026-11-30T02:00:12.930Z",
    nodes: [
      {
        id: "c9e2a7d4-1b5f-4a86-9c30-e7b1d5f2a948",
        name: "Every night at 2",
        type: "n8n-nodes-base.scheduleTrigger",
        typeVersion: 1.2,
        position: [240, 300],
        parameters: { rule: { interval: [{ triggerAtHour: 2 }] } },
      },
    ],
    connections: {},
    settings: { executionOrder: "v1" },
    staticData: null,
    pinData: {},
    versionId: "1c7e3a9f-5b2d-4f60-8e14-a3d9c7b1e520",
    triggerCount: 1,
    tags: [],
  },
  Hp5dM1sV6tRw8JyC: {
    id: "Hp5dM1sV6tRw8JyC",
    name: "Invoice PDF to Drive (draft)",
    active: false,
    isArchived: false,
    createdAt: "2026-11-19T10:31:27.604Z",
    updatedAt: "2026-11-19T10:44:09.355Z",
    nodes: [
      {
        id: "f1a3c5e7-9b2d-4f68-a0c4-e6b8d2f4a713",
        name: "Render PDF",
        type: "n8n-nodes-base.httpRequest",
        typeVersion: 4.2,
        position: [460, 300],
        parameters: { method: "POST", url: "https://pdf.internal.example/render" },
      },
    ],
    connections: {},
    settings: { executionOrder: "v1" },
    staticData: null,
    pinData: {},
    versionId: "6e0b8d2f-3a7c-4e91-b5f3-c1d7a9e2b846",
    triggerCount: 0,
    tags: [],
  },
};
let n8nNextId = 1;

const n8nExecutions = [
  {
    id: "48213",
    finished: true,
    mode: "webhook",
    retryOf: null,
    retrySuccessId: null,
    status: "success",
    createdAt: "2026-12-05T18:02:11.041Z",
    startedAt: "2026-12-05T18:02:11.057Z",
    stoppedAt: "2026-12-05T18:02:12.339Z",
    deletedAt: null,
    workflowId: "Kq3vT8wY2mZp5LxA",
    waitTill: null,
  },
  {
    id: "48207",
    finished: false,
    mode: "webhook",
    retryOf: null,
    retrySuccessId: null,
    status: "error",
    createdAt: "2026-12-05T17:41:52.880Z",
    startedAt: "2026-12-05T17:41:52.901Z",
    stoppedAt: "2026-12-05T17:41:53.604Z",
    deletedAt: null,
    workflowId: "Kq3vT8wY2mZp5LxA",
    waitTill: null,
  },
  {
    id: "48199",
    finished: true,
    mode: "trigger",
    retryOf: null,
    retrySuccessId: null,
    status: "success",
    createdAt: "2026-12-05T02:00:00.215Z",
    startedAt: "2026-12-05T02:00:00.230Z",
    stoppedAt: "2026-12-05T02:03:41.772Z",
    deletedAt: null,
    workflowId: "Rw7nB2cX9kLq4HsD",
    waitTill: null,
  },
];

const n8nFailedExecutionData = {
  resultData: {
    error: {
      message: "Your card was declined.",
      name: "NodeApiError",
      description: "card_declined (insufficient_funds)",
      httpCode: "402",
      node: { name: "Create PaymentIntent", type: "n8n-nodes-base.stripe" },
    },
    lastNodeExecuted: "Create PaymentIntent",
    runData: {},
  },
};

const n8n: Handler = (req, url, body, res) => {
  const p = url.pathname;
  if (p.startsWith("/webhook/")) {
    const auth = req.headers.authorization ?? "";
    const expected = `Basic ${Buffer.from(`${N8N_WEBHOOK_USER}:${N8N_WEBHOOK_PASSWORD}`).toString("base64")}`;
    if (auth !== expected) return text(res, 403, "Authorization data is wrong!");
    const name = p.slice("/webhook/".length);
    if (name === "order-intake") {
      const data = parse(body);
      if (data.card === "tok_chargeDeclinedInsufficientFunds")
        // The workflow's last node ("Respond to Webhook") reports the Stripe decline with HTTP 200.
        return json(res, 200, {
          success: false,
          orderId: data.orderId ?? null,
          error: {
            type: "card_error",
            code: "card_declined",
            decline_code: "insufficient_funds",
            message: "Your card has insufficient funds.",
          },
        });
      return json(res, 200, {
        success: true,
        orderId: data.orderId ?? null,
        paymentIntent: "pi_3QkR9bL2xY7vW4nA1c8dE5fG",
        status: "succeeded",
      });
    }
    if (name === "invoice-pdf") return json(res, 500, { message: "Error in workflow" });
    return json(res, 404, {
      code: 404,
      message: `The requested webhook "POST ${name}" is not registered.`,
      hint: "The workflow must be active for a production URL to run successfully. You can activate the workflow using the toggle in the top-right of the editor. Note that unlike test URL calls, production URL calls aren't shown on the canvas (only in the executions list)",
    });
  }
  if (!p.startsWith("/api/v1/")) return json(res, 404, { message: "not found" });
  const key = req.headers["x-n8n-api-key"];
  if (!key) return json(res, 401, { message: "'X-N8N-API-KEY' header required" });
  if (key !== N8N_API_KEY || state.n8nKeyRevoked) return json(res, 401, { message: "unauthorized" });
  if (state.n8nBadGateway) return text(res, 502, NGINX_502, "text/html");
  const rest = p.slice("/api/v1".length);
  let m: RegExpMatchArray | null;
  if (rest === "/workflows" && req.method === "GET")
    return json(res, 200, { data: Object.values(n8nWorkflows), nextCursor: null });
  if (rest === "/workflows" && req.method === "POST") {
    const wf = parse(body);
    for (const field of ["name", "nodes", "connections", "settings"])
      if (!(field in wf))
        return json(res, 400, { message: `request/body must have required property '${field}'` });
    const id = `Nw${String(n8nNextId++).padStart(2, "0")}cF4gH7jK9mP2q`;
    const created = {
      ...wf,
      id,
      active: false,
      isArchived: false,
      createdAt: "2026-12-06T04:10:00.000Z",
      updatedAt: "2026-12-06T04:10:00.000Z",
      versionId: "2b9d4f6a-8c1e-4a35-b7d9-e3f5a1c7b902",
      triggerCount: 0,
      staticData: null,
      pinData: {},
      tags: [],
    };
    n8nWorkflows[id] = created;
    return json(res, 200, created);
  }
  if ((m = rest.match(/^\/workflows\/([^/]+)$/))) {
    const wf = n8nWorkflows[m[1]!];
    if (req.method === "GET" && m[1] === "Rw7nB2cX9kLq4HsD")
      // A slow answer (a workflow with a large staticData blob behind a busy instance).
      return later(15_000, () => json(res, 200, wf));
    if (!wf) return json(res, 404, { message: "Not Found" });
    if (req.method === "GET") return json(res, 200, wf);
    if (req.method === "DELETE") {
      delete n8nWorkflows[m[1]!];
      return json(res, 200, wf);
    }
  }
  if ((m = rest.match(/^\/workflows\/([^/]+)\/(activate|deactivate)$/)) && req.method === "POST") {
    const wf = n8nWorkflows[m[1]!];
    if (!wf) return json(res, 404, { message: "Not Found" });
    if (m[2] === "activate" && Number(wf.triggerCount ?? 0) === 0)
      return json(res, 400, {
        message:
          "Workflow has no node to start the workflow - at least one trigger, poller or webhook node is required",
      });
    wf.active = m[2] === "activate";
    return json(res, 200, wf);
  }
  if (rest === "/executions" && req.method === "GET")
    return json(res, 200, { data: n8nExecutions, nextCursor: null });
  if ((m = rest.match(/^\/executions\/([^/]+)$/)) && req.method === "GET") {
    const ex = n8nExecutions.find((e) => e.id === m![1]);
    if (!ex) return json(res, 404, { message: "Not Found" });
    return json(res, 200, ex.status === "error" ? { ...ex, data: n8nFailedExecutionData } : ex);
  }
  return json(res, 404, { message: "not found" });
};

// --------------------------------------------------------------------------------------- Trello

const TRELLO_BOARD = "6745b2c19e3f8a0d4c7b1e92";
const TRELLO_OTHER_BOARD = "66f0a1b2c3d4e5f60718293a";
const TRELLO_LISTS = {
  backlog: "6745b2c19e3f8a0d4c7b1ea0",
  doing: "6745b2c19e3f8a0d4c7b1ea1",
  review: "6745b2c19e3f8a0d4c7b1ea2",
};
export const TRELLO = { board: TRELLO_BOARD, otherBoard: TRELLO_OTHER_BOARD, lists: TRELLO_LISTS };
const TRELLO_LABEL = "6745b2c19e3f8a0d4c7b1f01";

function trelloCard(id: string, name: string, idList: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    badges: {
      attachments: 0,
      comments: 0,
      checkItems: 0,
      checkItemsChecked: 0,
      description: true,
      due: null,
      dueComplete: false,
    },
    closed: false,
    dateLastActivity: "2026-12-04T15:22:41.093Z",
    desc: "",
    due: null,
    dueComplete: false,
    idBoard: TRELLO_BOARD,
    idLabels: [],
    idList,
    idMembers: [],
    idShort: Number.parseInt(id.slice(-2), 16),
    labels: [],
    name,
    pos: 16384,
    shortLink: id.slice(-8),
    shortUrl: `https://trello.com/c/${id.slice(-8)}`,
    start: null,
    url: `https://trello.com/c/${id.slice(-8)}/${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`,
    ...extra,
  };
}

const trelloCards = [
  trelloCard("6745b2c19e3f8a0d4c7b2a11", "Migrate billing webhooks to v2 events", TRELLO_LISTS.backlog, {
    desc: "Stripe is retiring the 2023-10-16 event shapes; move the handlers over.",
  }),
  trelloCard("6745b2c19e3f8a0d4c7b2a12", "Dunning emails: 3rd reminder copy", TRELLO_LISTS.backlog),
  trelloCard("6745b2c19e3f8a0d4c7b2a13", "Q4 pricing page A/B test", TRELLO_LISTS.doing, {
    due: "2026-12-12T17:00:00.000Z",
  }),
];
let trelloNextCard = 0x20;

const trello: Handler = (req, url, body, res) => {
  if (url.hostname !== "api.trello.com") return text(res, 404, "Cannot GET " + url.pathname);
  const key = url.searchParams.get("key");
  const token = url.searchParams.get("token");
  if (key !== TRELLO_KEY) return text(res, 401, "invalid key");
  if (token !== TRELLO_TOKEN || state.trelloTokenRevoked) return text(res, 401, "invalid token");
  if (state.trelloRateLimited)
    return json(
      res,
      429,
      { message: "Rate limit exceeded", error: "API_TOKEN_LIMIT_EXCEEDED" },
      {
        "x-rate-limit-api-token-interval-ms": "10000",
        "x-rate-limit-api-token-max": "100",
        "x-rate-limit-api-token-remaining": "0",
        "retry-after": "10",
      },
    );
  if (state.trelloUnavailable)
    return text(
      res,
      503,
      "<html><head><title>503 Service Unavailable</title></head><body><h1>Service Unavailable</h1><p>Trello is temporarily unavailable. Check https://trello.status.atlassian.com for updates.</p></body></html>",
      "text/html",
    );
  const p = url.pathname.replace(/^\/1/, "");
  const data = { ...Object.fromEntries(url.searchParams), ...parse(body) } as Record<string, unknown>;
  let m: RegExpMatchArray | null;
  if (p === "/members/me/boards")
    return json(res, 200, [
      {
        id: TRELLO_BOARD,
        name: "Q4 Launch",
        desc: "Billing and pricing work for the Q4 launch",
        closed: false,
        idOrganization: "6602e8f1a3b4c5d6e7f80912",
        url: "https://trello.com/b/Xq4LnCh1/q4-launch",
        shortUrl: "https://trello.com/b/Xq4LnCh1",
        prefs: { permissionLevel: "org", background: "blue" },
      },
    ]);
  if ((m = p.match(/^\/boards\/([^/]+)\/lists$/))) {
    if (m[1] !== TRELLO_BOARD) return text(res, 401, "unauthorized permission requested");
    return json(res, 200, [
      {
        id: TRELLO_LISTS.backlog,
        name: "Backlog",
        closed: false,
        idBoard: TRELLO_BOARD,
        pos: 16384,
        subscribed: false,
      },
      {
        id: TRELLO_LISTS.doing,
        name: "In Progress",
        closed: false,
        idBoard: TRELLO_BOARD,
        pos: 32768,
        subscribed: false,
      },
      {
        id: TRELLO_LISTS.review,
        name: "In Review",
        closed: false,
        idBoard: TRELLO_BOARD,
        pos: 49152,
        subscribed: false,
      },
    ]);
  }
  if ((m = p.match(/^\/boards\/([^/]+)\/members$/))) {
    if (m[1] !== TRELLO_BOARD) return text(res, 401, "unauthorized permission requested");
    return json(res, 200, [
      { id: "6602e8f1a3b4c5d6e7f80a01", fullName: "Dana Okafor", username: "danaokafor" },
    ]);
  }
  if ((m = p.match(/^\/boards\/([^/]+)\/actions$/)))
    return json(res, 200, [
      {
        id: "6750c3d2e1f4a5b6c7d8e9f0",
        idMemberCreator: "6602e8f1a3b4c5d6e7f80a01",
        type: "updateCard",
        date: "2026-12-04T15:22:41.093Z",
        data: {
          card: { id: trelloCards[2]!.id, name: trelloCards[2]!.name },
          listAfter: { name: "In Progress" },
          listBefore: { name: "Backlog" },
        },
        memberCreator: { fullName: "Dana Okafor", username: "danaokafor" },
      },
    ]);
  if ((m = p.match(/^\/lists\/([^/]+)\/cards$/))) {
    if (!/^[0-9a-f]{24}$/.test(m[1]!)) return text(res, 400, "invalid id");
    if (!Object.values(TRELLO_LISTS).includes(m[1]!))
      return text(res, 404, "The requested resource was not found.");
    return json(
      res,
      200,
      trelloCards.filter((c) => c.idList === m![1] && !c.closed),
    );
  }
  if ((m = p.match(/^\/cards\/([^/]+)$/)) && req.method === "GET") {
    if (!/^[0-9a-f]{24}$/.test(m[1]!)) return text(res, 400, "invalid id");
    const card = trelloCards.find((c) => c.id === m![1]);
    if (!card) return text(res, 404, "The requested resource was not found.");
    if (card.id.endsWith("2a12")) return later(15_000, () => json(res, 200, card));
    return json(res, 200, card);
  }
  if ((m = p.match(/^\/cards\/([^/]+)$/)) && req.method === "PUT") {
    const card = trelloCards.find((c) => c.id === m![1]);
    if (!card) return text(res, 404, "The requested resource was not found.");
    if (data.closed === true || data.closed === "true") card.closed = true;
    if (typeof data.idList === "string") {
      if (!/^[0-9a-f]{24}$/.test(data.idList)) return text(res, 400, "invalid value for idList");
      card.idList = data.idList;
    }
    return json(res, 200, card);
  }
  if (p === "/cards" && req.method === "POST") {
    const idList = String(data.idList ?? "");
    if (!Object.values(TRELLO_LISTS).includes(idList)) return text(res, 400, "invalid value for idList");
    if (typeof data.due === "string" && Number.isNaN(Date.parse(data.due)))
      return text(res, 400, "invalid value for due");
    const labels = Array.isArray(data.idLabels)
      ? data.idLabels
      : typeof data.idLabels === "string" && data.idLabels
        ? data.idLabels.split(",")
        : [];
    for (const label of labels)
      if (label !== TRELLO_LABEL) return text(res, 400, "invalid value for idLabels");
    const id = `6745b2c19e3f8a0d4c7b2a${(trelloNextCard++).toString(16)}`;
    const card = trelloCard(id, String(data.name ?? ""), idList, {
      desc: String(data.desc ?? ""),
      due: typeof data.due === "string" ? new Date(data.due).toISOString() : null,
      idLabels: labels,
    });
    trelloCards.push(card);
    return json(res, 200, card);
  }
  if ((m = p.match(/^\/cards\/([^/]+)\/actions\/comments$/)) && req.method === "POST") {
    if (!trelloCards.some((c) => c.id === m![1]))
      return text(res, 404, "The requested resource was not found.");
    if (!data.text) return text(res, 400, "invalid value for text");
    return json(res, 200, { id: "6752a0b1c2d3e4f5a6b7c8d9", type: "commentCard", data: { text: data.text } });
  }
  if ((m = p.match(/^\/boards\/([^/]+)\/customFields$/))) return json(res, 200, []);
  return text(res, 404, "Cannot " + req.method + " " + url.pathname);
};

// ------------------------------------------------------------------------------------- Shortcut

const SC_WORKSPACE = "r9biz";
const SC_ME = {
  id: "6748f2a1-3b5c-4d7e-9f01-a2b3c4d5e6f7",
  mention_name: "dana",
  name: "Dana Okafor",
  role: "admin",
  workspace2: { url_slug: SC_WORKSPACE, estimate_scale: [0, 1, 2, 4, 8] },
  organization2: { id: "6748f2a0-0000-4000-8000-00000000r9bz" },
};
const SC_MEMBERS = [
  {
    id: SC_ME.id,
    role: "admin",
    disabled: false,
    profile: {
      name: "Dana Okafor",
      mention_name: "dana",
      email_address: "dana@ridgeway.example",
      deactivated: false,
    },
    group_ids: ["6748f2b0-1111-4a2b-8c3d-4e5f6a7b8c9d"],
  },
  {
    id: "6748f2a1-9c8d-4e7f-a6b5-c4d3e2f1a0b9",
    role: "member",
    disabled: false,
    profile: {
      name: "Sam Whitfield",
      mention_name: "sam",
      email_address: "sam@ridgeway.example",
      deactivated: false,
    },
    group_ids: ["6748f2b0-1111-4a2b-8c3d-4e5f6a7b8c9d"],
  },
];
const SC_GROUPS = [
  {
    id: "6748f2b0-1111-4a2b-8c3d-4e5f6a7b8c9d",
    name: "Billing",
    mention_name: "billing",
    archived: false,
    member_ids: SC_MEMBERS.map((m) => m.id),
    workflow_ids: [500000008],
    app_url: `https://app.shortcut.com/${SC_WORKSPACE}/settings/team/6748f2b0-1111-4a2b-8c3d-4e5f6a7b8c9d`,
  },
];
const SC_WORKFLOWS = [
  {
    id: 500000008,
    name: "Engineering",
    default_state_id: 500000009,
    team_id: 1,
    states: [
      { id: 500000009, name: "Unstarted", type: "unstarted", position: 1 },
      { id: 500000010, name: "In Development", type: "started", position: 2 },
      { id: 500000011, name: "Ready for Review", type: "started", position: 3 },
      { id: 500000012, name: "Done", type: "done", position: 4 },
    ],
  },
];

function scStory(id: number, name: string, stateId: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    entity_type: "story",
    name,
    description: "",
    story_type: "feature",
    app_url: `https://app.shortcut.com/${SC_WORKSPACE}/story/${id}`,
    archived: false,
    blocked: false,
    blocker: false,
    completed: stateId === 500000012,
    started: stateId !== 500000009,
    workflow_id: 500000008,
    workflow_state_id: stateId,
    group_id: SC_GROUPS[0]!.id,
    owner_ids: [SC_ME.id],
    requested_by_id: SC_ME.id,
    follower_ids: [SC_ME.id],
    epic_id: 812,
    iteration_id: null,
    estimate: 3,
    deadline: null,
    labels: [{ id: 901, name: "billing", color: "#e7a8f4", entity_type: "label" }],
    label_ids: [901],
    tasks: [],
    comments: [],
    branches: [],
    pull_requests: [],
    commits: [],
    story_links: [],
    external_links: [],
    custom_fields: [],
    sub_task_story_ids: [],
    parent_story_id: null,
    position: 4200000000 + id,
    created_at: "2026-11-20T09:12:00Z",
    updated_at: "2026-12-04T14:03:00Z",
    ...extra,
  };
}

const scStories: Record<number, ReturnType<typeof scStory>> = {
  1841: scStory(1841, "Retry failed invoice payments with exponential backoff", 500000010, {
    description: "Dunning: retry card payments on day 1, 3 and 7 before marking the invoice uncollectible.",
  }),
  1842: scStory(1842, "Show VAT breakdown on customer invoices", 500000009),
  1850: scStory(1850, "Proration preview for mid-cycle plan changes", 500000011),
};
let scNextStory = 1900;

function scSearch(query: string) {
  const name = /\b(?:name|title):(?:"([^"]*)"|(\S+))/.exec(query);
  const words = (name ? (name[1] ?? name[2] ?? "") : "").toLowerCase().split(/\s+/).filter(Boolean);
  const hits = Object.values(scStories).filter((s) => words.every((w) => s.name.toLowerCase().includes(w)));
  return { data: hits, next: null, total: hits.length };
}

const shortcut: Handler = (req, url, body, res) => {
  if (url.hostname !== "api.app.shortcut.com") return json(res, 404, { message: "Resource not found." });
  const token = req.headers["shortcut-token"];
  if (token !== SHORTCUT_TOKEN || state.shortcutTokenRevoked)
    return json(res, 401, { message: "Unauthorized", tag: "unauthorized" });
  if (state.shortcutRateLimited)
    return json(
      res,
      429,
      { message: "Too many requests. You have exceeded the rate limit of 200 requests per minute." },
      { "retry-after": "30" },
    );
  if (state.shortcutServerError)
    return json(res, 500, { message: "An internal server error occurred.", tag: "internal_server_error" });
  if (state.shortcutMaintenancePage)
    return text(
      res,
      200,
      "<!DOCTYPE html><html><head><title>Shortcut is down for maintenance</title></head><body><h1>We'll be right back</h1><p>Shortcut is undergoing scheduled maintenance. Follow @shortcutstatus for updates.</p></body></html>",
      "text/html; charset=utf-8",
    );
  const p = url.pathname.replace(/^\/api\/v3/, "");
  const data = parse(body);
  let m: RegExpMatchArray | null;
  if (p === "/member") return json(res, 200, SC_ME);
  if (p === "/members") return json(res, 200, SC_MEMBERS);
  if ((m = p.match(/^\/members\/([^/]+)$/))) {
    const member = SC_MEMBERS.find((x) => x.id === m![1]);
    return member ? json(res, 200, member) : json(res, 404, { message: "Resource not found." });
  }
  if (p === "/groups") return json(res, 200, SC_GROUPS);
  if ((m = p.match(/^\/groups\/([^/]+)$/))) {
    const group = SC_GROUPS.find((x) => x.id === m![1]);
    return group ? json(res, 200, group) : json(res, 404, { message: "Resource not found." });
  }
  if (p === "/workflows") return json(res, 200, SC_WORKFLOWS);
  if ((m = p.match(/^\/workflows\/(\d+)$/))) {
    const wf = SC_WORKFLOWS.find((x) => x.id === Number(m![1]));
    return wf ? json(res, 200, wf) : json(res, 404, { message: "Resource not found." });
  }
  if (p === "/custom-fields") return json(res, 200, []);
  if (p === "/labels" && req.method === "GET")
    return json(res, 200, [{ id: 901, name: "billing", color: "#e7a8f4", archived: false }]);
  if (p === "/epics/812")
    return json(res, 200, {
      id: 812,
      entity_type: "epic",
      name: "Dunning and payment recovery",
      state: "in progress",
      archived: false,
      started: true,
      completed: false,
      owner_ids: [SC_ME.id],
      group_ids: [SC_GROUPS[0]!.id],
      app_url: `https://app.shortcut.com/${SC_WORKSPACE}/epic/812`,
      stats: { num_stories_done: 6, num_stories_started: 3, num_stories_unstarted: 4 },
    });
  if (p === "/search/stories") {
    const query = url.searchParams.get("query") ?? "";
    if (query.length > 1000) return json(res, 400, { message: "Query is too long." });
    if (/\bstate:"?Blocked/i.test(query))
      return json(res, 400, {
        message: "The request included invalid or missing parameters.",
        errors: { query: 'No workflow state named "Blocked" exists in this workspace' },
      });
    if (/pricing/i.test(query)) return later(15_000, () => json(res, 200, scSearch(query)));
    return json(res, 200, scSearch(query));
  }
  if (p === "/search/epics") {
    return json(res, 200, { data: [], next: null, total: 0 });
  }
  if (p === "/iterations")
    return json(res, 200, [
      {
        id: 3101,
        name: "Sprint 48",
        status: "started",
        start_date: "2026-11-30",
        end_date: "2026-12-13",
        group_ids: [SC_GROUPS[0]!.id],
        stats: { num_stories_done: 4, num_stories_started: 3, num_stories_unstarted: 2 },
        app_url: `https://app.shortcut.com/${SC_WORKSPACE}/iteration/3101`,
      },
    ]);
  if ((m = p.match(/^\/stories\/(\d+)$/)) && req.method === "GET") {
    const story = scStories[Number(m[1])];
    return story ? json(res, 200, story) : json(res, 404, { message: "Resource not found." });
  }
  if ((m = p.match(/^\/stories\/([^/]+)$/)) && req.method === "GET")
    return json(res, 400, {
      message: "The request included invalid or missing parameters.",
      errors: { "story-public-id": "(not (integer? a-string))" },
    });
  if ((m = p.match(/^\/stories\/(\d+)$/)) && req.method === "PUT") {
    const story = scStories[Number(m[1])];
    if (!story) return json(res, 404, { message: "Resource not found." });
    if (
      data.workflow_state_id !== undefined &&
      !SC_WORKFLOWS[0]!.states.some((s) => s.id === data.workflow_state_id)
    )
      return json(res, 422, {
        message: "Unprocessable Entity",
        errors: { workflow_state_id: "The workflow state does not belong to the story's workflow." },
      });
    Object.assign(story, data, { updated_at: "2026-12-06T04:12:00Z" });
    return json(res, 200, story);
  }
  if (p === "/stories" && req.method === "POST") {
    if (!data.name)
      return json(res, 400, {
        message: "The request included invalid or missing parameters.",
        errors: { name: "missing-required-key" },
      });
    const id = scNextStory++;
    const story = scStory(id, String(data.name), Number(data.workflow_state_id ?? 500000009), {
      description: String(data.description ?? ""),
      story_type: String(data.story_type ?? "feature"),
      epic_id: data.epic_id ?? null,
      label_ids: [],
      labels: [],
    });
    scStories[id] = story;
    return json(res, 201, story);
  }
  if ((m = p.match(/^\/stories\/(\d+)\/comments$/)) && req.method === "POST") {
    if (!scStories[Number(m[1])]) return json(res, 404, { message: "Resource not found." });
    return json(res, 201, {
      id: 77001,
      entity_type: "story-comment",
      story_id: Number(m[1]),
      author_id: SC_ME.id,
      text: data.text,
      app_url: `https://app.shortcut.com/${SC_WORKSPACE}/story/${m[1]}#activity-77001`,
      created_at: "2026-12-06T04:13:00Z",
    });
  }
  if (p === "/labels" && req.method === "POST")
    return json(res, 422, {
      message: "Unprocessable Entity",
      errors: { name: "A label with that name already exists." },
    });
  if (process.env.R9BIZ_DEBUG) console.error(`shortcut stand-in: no route for ${req.method} ${p}`);
  return json(res, 404, { message: "Resource not found." });
};

// ----------------------------------------------------------------------------------------- Xero

const XERO_TENANT = "4f8d2a61-7c3b-4e95-a0d7-1b6e9c3f5a28";
const XERO = {
  contactRidgeway: "b3e1d5a7-2c94-4f60-8a1e-7d3b9c5f2e41",
  contactHalden: "e7c3a9f1-5d28-4b6e-9f04-2a8c6e1d7b53",
  invoiceDraft: "9a2f6c1e-4b8d-4e37-a5c0-d3f7b1e9c264",
  invoiceAuthorised: "c5e9b3d7-1f2a-4c86-b0e4-8a6d2f9c3e17",
  invoicePaid: "1d7b5f3a-9e2c-4a68-8c1f-b4e0d6a2f935",
  accountBank: "2e4a6c8d-0f1b-4d3e-9a5c-7b9d1f3e5a70",
};
export const XERO_IDS = XERO;

const XERO_ORG = {
  OrganisationID: XERO_TENANT,
  APIKey: "",
  Name: "Ridgeway Design Studio Ltd",
  LegalName: "Ridgeway Design Studio Limited",
  PaysTax: true,
  Version: "UK",
  OrganisationType: "COMPANY",
  BaseCurrency: "GBP",
  CountryCode: "GB",
  IsDemoCompany: false,
  OrganisationStatus: "ACTIVE",
  RegistrationNumber: "11839204",
  TaxNumber: "GB 284 9173 55",
  FinancialYearEndDay: 31,
  FinancialYearEndMonth: 3,
  SalesTaxBasis: "ACCRUALS",
  SalesTaxPeriod: "QUARTERLY1",
  DefaultSalesTax: "Tax Exclusive",
  DefaultPurchasesTax: "Tax Exclusive",
  PeriodLockDate: "2026-03-31T00:00:00",
  CreatedDateUTC: "2021-04-14T09:31:05",
  OrganisationEntityType: "COMPANY",
  Timezone: "GMTSTANDARDTIME",
  ShortCode: "!Qn7Rz",
  Edition: "BUSINESS",
  Class: "STANDARD",
  Addresses: [],
  Phones: [],
  ExternalLinks: [],
  PaymentTerms: { Sales: { Day: 14, Type: "DAYSAFTERBILLDATE" } },
};

function xeroContact(id: string, name: string, email: string) {
  return {
    ContactID: id,
    ContactStatus: "ACTIVE",
    Name: name,
    EmailAddress: email,
    IsSupplier: false,
    IsCustomer: true,
    DefaultCurrency: "GBP",
    UpdatedDateUTC: "/Date(1796116000000+0000)/",
    Addresses: [],
    Phones: [],
    HasAttachments: false,
    HasValidationErrors: false,
  };
}
const XERO_CONTACTS = [
  xeroContact(XERO.contactRidgeway, "Ridgeway Property Group", "accounts@ridgewayproperty.example"),
  xeroContact(XERO.contactHalden, "Halden & Vos Architects", "finance@haldenvos.example"),
];

function xeroInvoice(
  id: string,
  number: string,
  status: string,
  contact: (typeof XERO_CONTACTS)[number],
  total: number,
  paid: number,
) {
  return {
    Type: "ACCREC",
    InvoiceID: id,
    InvoiceNumber: number,
    Reference: "",
    Payments: [],
    CreditNotes: [],
    Prepayments: [],
    Overpayments: [],
    AmountDue: total - paid,
    AmountPaid: paid,
    AmountCredited: 0,
    CurrencyRate: 1,
    IsDiscounted: false,
    HasAttachments: false,
    HasErrors: false,
    Contact: { ContactID: contact.ContactID, Name: contact.Name },
    DateString: "2026-11-03T00:00:00",
    Date: "/Date(1793664000000+0000)/",
    DueDateString: "2026-11-17T00:00:00",
    DueDate: "/Date(1794873600000+0000)/",
    Status: status,
    LineAmountTypes: "Exclusive",
    LineItems: [
      {
        ItemCode: "DESIGN-HR",
        Description: "Interior design consultancy (hours)",
        UnitAmount: 95,
        TaxType: "OUTPUT2",
        TaxAmount: Math.round((total * 100) / 6) / 100,
        LineAmount: Math.round((total * 500) / 6) / 100,
        AccountCode: "200",
        Quantity: total / 114,
        LineItemID: `${id.slice(0, 8)}-aaaa-4bbb-8ccc-dddddddddddd`,
      },
    ],
    SubTotal: Math.round((total * 500) / 6) / 100,
    TotalTax: Math.round((total * 100) / 6) / 100,
    Total: total,
    UpdatedDateUTC: "/Date(1796202000000+0000)/",
    CurrencyCode: "GBP",
    ...(status === "PAID" ? { FullyPaidOnDate: "/Date(1795478400000+0000)/" } : {}),
  };
}
const XERO_INVOICES = [
  xeroInvoice(XERO.invoiceDraft, "INV-0412", "DRAFT", XERO_CONTACTS[0]!, 2280, 0),
  xeroInvoice(XERO.invoiceAuthorised, "INV-0409", "AUTHORISED", XERO_CONTACTS[1]!, 3420, 1000),
  xeroInvoice(XERO.invoicePaid, "INV-0401", "PAID", XERO_CONTACTS[0]!, 1140, 1140),
];

function xeroEnvelope(key: string, items: unknown[]) {
  return {
    Id: "7b2e9d41-c3a5-4f86-b1d0-e8a4c6f2b937",
    Status: "OK",
    ProviderName: "r9-biz corpus",
    DateTimeUTC: "/Date(1796530800000)/",
    [key]: items,
  };
}

function xeroValidation(message: string, element: Record<string, unknown>) {
  return {
    ErrorNumber: 10,
    Type: "ValidationException",
    Message: "A validation exception occurred",
    Elements: [{ ...element, ValidationErrors: [{ Message: message }] }],
  };
}

const XERO_429_HEADERS = {
  "retry-after": "41",
  "x-rate-limit-problem": "minute",
  "x-minlimit-remaining": "0",
};

const xero: Handler = (req, url, body, res) => {
  if (url.hostname !== "api.xero.com")
    return text(res, 404, "The resource you're looking for cannot be found");
  const auth = req.headers.authorization ?? "";
  if (url.pathname === "/connections") {
    if (auth !== `Bearer ${XERO_TOKEN}`)
      return json(res, 401, {
        Type: null,
        Title: "Unauthorized",
        Status: 401,
        Detail: "AuthenticationUnsuccessful",
        Instance: "e1c4a7f0-2b9d-4e63-8f15-a3d7c9b2e064",
        Extensions: {},
      });
    if (state.xeroTokenExpired)
      return json(res, 401, {
        Type: null,
        Title: "Unauthorized",
        Status: 401,
        Detail: "TokenExpired: token expired at 12/06/2026 03:41:17",
        Instance: "5d9b3f17-8a2c-4e60-b4d1-c7f9e3a5b208",
        Extensions: {},
      });
    if (state.xeroRateLimited)
      return json(
        res,
        429,
        { Title: "Too Many Requests", Status: 429, Detail: "Minute rate limit exceeded" },
        XERO_429_HEADERS,
      );
    if (state.xeroMaintenance)
      return json(res, 503, {
        Title: "Service Unavailable",
        Status: 503,
        Detail: "Xero is undergoing scheduled maintenance. Please try again later.",
      });
    if (state.xeroDisconnected) return json(res, 200, []);
    return json(res, 200, [
      {
        id: "0a5f9c2e-7b3d-4e81-a6c4-f2d8b1e7c593",
        authEventId: "d8e2b6f4-1a9c-4357-8e0b-c3f5a7d9e142",
        tenantId: XERO_TENANT,
        tenantType: "ORGANISATION",
        tenantName: "Ridgeway Design Studio Ltd",
        createdDateUtc: "2026-09-14T09:12:44.1234560",
        updatedDateUtc: "2026-12-01T08:00:00.0000000",
      },
    ]);
  }
  if (auth !== `Bearer ${XERO_TOKEN}`)
    return json(res, 401, {
      Type: null,
      Title: "Unauthorized",
      Status: 401,
      Detail: "AuthenticationUnsuccessful",
      Instance: "e1c4a7f0-2b9d-4e63-8f15-a3d7c9b2e064",
      Extensions: {},
    });
  const tenant = req.headers["xero-tenant-id"];
  if (tenant !== XERO_TENANT)
    return json(res, 403, {
      Type: null,
      Title: "Forbidden",
      Status: 403,
      Detail: "AuthenticationUnsuccessful",
      Instance: "3a8c1e5f-9d2b-4f74-a0e6-b7d3c9f1a528",
      Extensions: {},
    });
  if (state.xeroDisconnected)
    // The user disconnected the app from the organisation: the token no longer reaches the tenant.
    return json(res, 403, {
      Type: null,
      Title: "Forbidden",
      Status: 403,
      Detail: "AuthorizationUnsuccessful",
      Instance: "8e2c6a0f-4b9d-4f31-a7e5-c1d9b3f7a264",
      Extensions: {},
    });
  const p = url.pathname.replace(/^\/api\.xro\/2\.0/, "");
  if (state.xeroApiRateLimited && p !== "/Organisation")
    return text(res, 429, "", "text/plain", {
      ...XERO_429_HEADERS,
      "x-rate-limit-problem": "daily",
      "x-daylimit-remaining": "0",
    });
  const data = parse(body);
  let m: RegExpMatchArray | null;
  if (p === "/Organisation") {
    if (xeroOrgBroken && state.xeroOrgBreaksAfterWrite)
      return json(res, 500, {
        Title: "An error occurred",
        Detail:
          "An error occurred in Xero. Check the API Status page http://status.developer.xero.com for current service status.",
        Status: 500,
        Instance: "b6d0f2a4-8c1e-4e37-9a5b-d3f7c1e9a082",
      });
    xeroOrgBroken = false;
    return json(res, 200, xeroEnvelope("Organisations", [XERO_ORG]));
  }
  if (p === "/Contacts" && req.method === "GET") {
    const term = (url.searchParams.get("searchTerm") ?? "").toLowerCase();
    return json(
      res,
      200,
      xeroEnvelope(
        "Contacts",
        XERO_CONTACTS.filter((c) => c.Name.toLowerCase().includes(term)),
      ),
    );
  }
  if (p === "/Invoices" && req.method === "GET") {
    if (url.searchParams.get("ContactIDs")?.includes("Halden"))
      return later(15_000, () => json(res, 200, xeroEnvelope("Invoices", [])));
    const numbers = url.searchParams.get("InvoiceNumbers");
    const list = numbers
      ? XERO_INVOICES.filter((i) => numbers.split(",").includes(i.InvoiceNumber))
      : XERO_INVOICES;
    return json(res, 200, xeroEnvelope("Invoices", list));
  }
  if ((m = p.match(/^\/Invoices\/([^/]+)$/)) && req.method === "GET") {
    const invoice = XERO_INVOICES.find((i) => i.InvoiceID === m![1]);
    if (!invoice) return text(res, 404, "The resource you're looking for cannot be found");
    return json(res, 200, xeroEnvelope("Invoices", [invoice]));
  }
  if (p === "/Invoices" && req.method === "PUT") {
    const invoices = (data.Invoices as Record<string, unknown>[] | undefined) ?? [];
    const inv = invoices[0] ?? {};
    const lines = (inv.LineItems as Record<string, unknown>[] | undefined) ?? [];
    for (const line of lines)
      if (!["200", "260", "4000"].includes(String(line.AccountCode)))
        return json(
          res,
          400,
          xeroValidation(
            `Account code '${String(line.AccountCode)}' is not a valid code for this document.`,
            {
              Type: "ACCREC",
              InvoiceID: "00000000-0000-0000-0000-000000000000",
              Status: "DRAFT",
            },
          ),
        );
    const contact = XERO_CONTACTS.find(
      (c) => c.ContactID === (inv.Contact as { ContactID?: string })?.ContactID,
    );
    if (!contact)
      return json(
        res,
        400,
        xeroValidation("The contact could not be found.", {
          Type: "ACCREC",
          InvoiceID: "00000000-0000-0000-0000-000000000000",
        }),
      );
    const total =
      lines.reduce((sum, l) => sum + Number(l.Quantity ?? 0) * Number(l.UnitAmount ?? 0), 0) * 1.2;
    if (state.xeroOrgBreaksAfterWrite) xeroOrgBroken = true;
    const created = xeroInvoice(
      "6b0d4f82-3e1a-4c97-b5d3-a9f7c1e5b026",
      "INV-0413",
      "DRAFT",
      contact,
      Math.round(total * 100) / 100,
      0,
    );
    return json(res, 200, xeroEnvelope("Invoices", [created]));
  }
  if ((m = p.match(/^\/Invoices\/([^/]+)$/)) && req.method === "POST")
    return json(res, 200, xeroEnvelope("Invoices", [XERO_INVOICES.find((i) => i.InvoiceID === m![1])]));
  if (p === "/Payments" && (req.method === "PUT" || req.method === "POST")) {
    const payment = ((data.Payments as Record<string, unknown>[] | undefined) ?? [data])[0] ?? {};
    const invoiceId = (payment.Invoice as { InvoiceID?: string } | undefined)?.InvoiceID;
    const invoice = XERO_INVOICES.find((i) => i.InvoiceID === invoiceId);
    const element = {
      Date: "/Date(1796515200000+0000)/",
      Amount: payment.Amount,
      Invoice: { InvoiceID: invoiceId },
    };
    if (!invoice) return json(res, 400, xeroValidation("Invoice could not be found", element));
    if (invoice.Status !== "AUTHORISED")
      return json(res, 400, xeroValidation("Invoice not of valid status for modification", element));
    if (Number(payment.Amount) > invoice.AmountDue)
      return json(
        res,
        400,
        xeroValidation("Payment amount exceeds the amount outstanding on this document", element),
      );
    return json(
      res,
      200,
      xeroEnvelope("Payments", [
        {
          PaymentID: "f3a7c1e9-5b2d-4e80-9c46-d8b2f6a0e153",
          Date: "/Date(1796515200000+0000)/",
          Amount: payment.Amount,
          Reference: payment.Reference ?? "",
          PaymentType: "ACCRECPAYMENT",
          Status: "AUTHORISED",
          IsReconciled: false,
          Invoice: { InvoiceID: invoice.InvoiceID, InvoiceNumber: invoice.InvoiceNumber },
          Account: { AccountID: XERO.accountBank, Code: "090" },
        },
      ]),
    );
  }
  if (p === "/Payments" && req.method === "GET")
    return json(
      res,
      200,
      xeroEnvelope("Payments", [
        {
          PaymentID: "8c2e6a0f-4d7b-4b19-a3e5-f9c1d7b3a640",
          Date: "/Date(1795478400000+0000)/",
          Amount: 1140,
          Reference: "BACS RIDGEWAY PROP",
          PaymentType: "ACCRECPAYMENT",
          Status: "AUTHORISED",
          IsReconciled: true,
          Invoice: {
            InvoiceID: XERO.invoicePaid,
            InvoiceNumber: "INV-0401",
            Contact: { Name: "Ridgeway Property Group" },
          },
          Account: { AccountID: XERO.accountBank, Code: "090" },
        },
      ]),
    );
  if (p === "/Accounts")
    return json(
      res,
      200,
      xeroEnvelope("Accounts", [
        {
          AccountID: XERO.accountBank,
          Code: "090",
          Name: "Business Current Account",
          Type: "BANK",
          Status: "ACTIVE",
          TaxType: "NONE",
          BankAccountNumber: "20451873",
          CurrencyCode: "GBP",
        },
        {
          AccountID: "5c7e9a1b-3d5f-4a72-8b94-c6e8a0b2d4f1",
          Code: "200",
          Name: "Sales",
          Type: "REVENUE",
          Status: "ACTIVE",
          TaxType: "OUTPUT2",
        },
        {
          AccountID: "7e9a1b3c-5d7f-4b94-a0b6-e8c0a2d4f613",
          Code: "400",
          Name: "Advertising",
          Type: "OVERHEADS",
          Status: "ACTIVE",
          TaxType: "INPUT2",
        },
      ]),
    );
  if (p === "/Reports/ProfitAndLoss")
    return json(
      res,
      200,
      xeroEnvelope("Reports", [
        {
          ReportID: "ProfitAndLoss",
          ReportName: "Profit and Loss",
          ReportType: "ProfitAndLoss",
          ReportTitles: [
            "Profit & Loss",
            "Ridgeway Design Studio Ltd",
            "1 November 2026 to 30 November 2026",
          ],
          ReportDate: "6 December 2026",
          UpdatedDateUTC: "/Date(1796530800000)/",
          Rows: [
            { RowType: "Header", Cells: [{ Value: "" }, { Value: "30 Nov 26" }] },
            {
              RowType: "Section",
              Title: "Income",
              Rows: [{ RowType: "Row", Cells: [{ Value: "Sales" }, { Value: "18450.00" }] }],
            },
            {
              RowType: "Section",
              Title: "Less Operating Expenses",
              Rows: [{ RowType: "Row", Cells: [{ Value: "Advertising" }, { Value: "1210.00" }] }],
            },
            {
              RowType: "Section",
              Title: "",
              Rows: [{ RowType: "SummaryRow", Cells: [{ Value: "Net Profit" }, { Value: "17240.00" }] }],
            },
          ],
        },
      ]),
    );
  if (process.env.R9BIZ_DEBUG) console.error(`xero stand-in: no route for ${req.method} ${p}`);
  return text(res, 404, "The resource you're looking for cannot be found");
};

export const n8nStandin = serve(N8N_PORT, n8n);
export const trelloStandin = mitmProxy(TRELLO_PROXY_PORT, trello);
export const shortcutStandin = mitmProxy(SHORTCUT_PROXY_PORT, shortcut);
export const xeroStandin = mitmProxy(XERO_PROXY_PORT, xero);
export const ALL_STANDINS: Standin[] = [n8nStandin, trelloStandin, shortcutStandin, xeroStandin];

export function clearTimers() {
  for (const timer of timers) clearTimeout(timer);
  timers.clear();
}
