// Loopback stand-in for group r38-b, answering with the real service's bodies (README.md says where each comes from
// and which wordings were written for the capture):
// - The Inngest Cloud REST API v1 (`api.inngest.com`: `/v1/events`, `/v1/events/{id}`, `/v1/events/{id}/runs`,
//   `/v1/runs/{id}` GET and DELETE, `/v1/apps/{app}/functions`, `/v1/cancellations` GET and POST; answers
//   `{"data": …, "metadata": {…}}`, errors `{"code": "", "data": null, "error": "…", "status": N}`) for
//   inngest-cloud-mcp, whose host is written into it and which calls Node's own fetch: a forward proxy reached through
//   a preload that sets undici's ProxyAgent (proxy-preload.mjs), with a certificate the server trusts by
//   NODE_EXTRA_CA_CERTS.
//
// `state` is switched by the session's hooks.

import type http from "node:http";
import {
  certificate,
  cloudflare502,
  forwardProxy,
  json,
  later,
  parse,
  text,
  type Certificate,
} from "../../standin-kit.js";
import { clearTimers } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r38-b";

export const INNGEST_PROXY_PORT = 43700;

export const CERT = `${DATA}/standin-cert.pem`;
export const ensureCertificate = (): Certificate => certificate(DATA, ["api.inngest.com"]);

export const SIGNING_KEY = "signkey-prod-9c1e4a7b2d5f8e3a6c0b9d2e5f8a1c4b7d0e3f6a9c2b5e8d1f4a7c0b3e6d9f2a";

export const state = {
  unauthorized: false,
  rateLimited: false,
  serverError: false,
  badGateway: false,
  slow: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

// ── data ─────────────────────────────────────────────────────────────────────────────────────────────────────────────

export const APP = "shop-workflows";
export const EVENT_ORDER = "01JD7Q3K8M2V5X9B4N6R1T0W3Y";
export const EVENT_SIGNUP = "01JD7Q1F4H7K0N3Q6S9V2X5Z8B";
export const EVENT_PING = "01JD7PZC2E5G8J1M4N7Q0S3V6W";
export const RUN_RECEIPT = "01JD7Q3KB4D7G0J3M6P9R2T5V8";
export const RUN_FULFIL = "01JD7Q3KC6F9H2K5N8Q1S4V7W0";
export const RUN_DIGEST = "01JD7Q8X1A4C7E0G3J6K9N2Q5S";
export const FN_RECEIPT = "9f1c2e4a-6b8d-4f0a-9c2e-4a6b8d0f2c4e";

const APP_ID = "3b5d7f9a-1c3e-4a5b-8d7f-9a1c3e5b7d9f";
const ENV_ID = "c0a8e6f4-2d0b-4e9c-8a6f-4d2b0e9c8a6f";

const EVENTS = [
  {
    internal_id: EVENT_ORDER,
    accountID: "0d4f2e8a-6c1b-4a3d-9e5f-7b0c2d4e6f8a",
    environmentID: ENV_ID,
    source: "inngest-js:v3.27.4",
    sourceID: null,
    receivedAt: "2026-12-07T09:14:22.318Z",
    id: "order-10482",
    name: "shop/order.placed",
    data: { orderId: "10482", customerId: "cus_7Hq2", total: 129.5, currency: "EUR" },
    user: null,
    ts: 1796634862318,
    v: null,
    metadata: { fetchedAt: "2026-12-07T11:30:02.114Z", cachedUntil: null },
  },
  {
    internal_id: EVENT_SIGNUP,
    accountID: "0d4f2e8a-6c1b-4a3d-9e5f-7b0c2d4e6f8a",
    environmentID: ENV_ID,
    source: "inngest-js:v3.27.4",
    sourceID: null,
    receivedAt: "2026-12-07T09:02:51.907Z",
    id: "",
    name: "shop/customer.signed_up",
    data: { customerId: "cus_7Hq2", plan: "free" },
    user: null,
    ts: 1796634171907,
    v: null,
    metadata: { fetchedAt: "2026-12-07T11:30:02.114Z", cachedUntil: null },
  },
  {
    internal_id: EVENT_PING,
    accountID: "0d4f2e8a-6c1b-4a3d-9e5f-7b0c2d4e6f8a",
    environmentID: ENV_ID,
    source: "inngest-js:v3.27.4",
    sourceID: null,
    receivedAt: "2026-12-07T08:59:40.022Z",
    id: "",
    name: "shop/healthcheck.ping",
    data: {},
    user: null,
    ts: 1796633980022,
    v: null,
    metadata: { fetchedAt: "2026-12-07T11:30:02.114Z", cachedUntil: null },
  },
];

const RUNS: Record<string, Record<string, unknown>> = {
  [RUN_RECEIPT]: {
    run_id: RUN_RECEIPT,
    run_started_at: "2026-12-07T09:14:22.561Z",
    ended_at: "2026-12-07T09:14:25.104Z",
    status: "Completed",
    output: { emailId: "em_5f2a91c0", sentTo: "c***@example.com" },
    event_id: EVENT_ORDER,
    function_id: FN_RECEIPT,
    function_version: 7,
  },
  [RUN_FULFIL]: {
    run_id: RUN_FULFIL,
    run_started_at: "2026-12-07T09:14:22.588Z",
    ended_at: "2026-12-07T09:21:03.442Z",
    status: "Failed",
    output: {
      error: "Error",
      message: "Warehouse API responded 409: item SKU-2231 is out of stock",
      stack:
        "Error: Warehouse API responded 409: item SKU-2231 is out of stock\n    at reserveStock (/var/task/src/inngest/fulfil-order.js:41:13)",
    },
    event_id: EVENT_ORDER,
    function_id: "5e7a9c1b-3d5f-4b7d-9f1b-3d5f7b9d1f3b",
    function_version: 12,
  },
  [RUN_DIGEST]: {
    run_id: RUN_DIGEST,
    run_started_at: "2026-12-07T11:05:00.013Z",
    ended_at: null,
    status: "Running",
    output: null,
    event_id: "01JD7Q8WZX2B5D8F1H4K7M0P3R",
    function_id: "7c9e1a3b-5d7f-4c9e-8a3b-5d7f9c1e3a5b",
    function_version: 3,
  },
};

const FUNCTIONS = [
  { id: FN_RECEIPT, name: "Send order receipt", slug: "shop-workflows-send-order-receipt", app_id: APP_ID },
  {
    id: "5e7a9c1b-3d5f-4b7d-9f1b-3d5f7b9d1f3b",
    name: "Fulfil order",
    slug: "shop-workflows-fulfil-order",
    app_id: APP_ID,
  },
  {
    id: "7c9e1a3b-5d7f-4c9e-8a3b-5d7f9c1e3a5b",
    name: "Weekly sales digest",
    slug: "shop-workflows-weekly-sales-digest",
    app_id: APP_ID,
  },
  {
    id: "2a4c6e8b-0d2f-4a4c-9e8b-0d2f4a6c8e0b",
    name: "Welcome email sequence",
    slug: "shop-workflows-welcome-email-sequence",
    app_id: APP_ID,
  },
];

const cancellations: Record<string, unknown>[] = [];

// ── the API ──────────────────────────────────────────────────────────────────────────────────────────────────────────

const meta = () => ({ metadata: { fetched_at: "2026-12-07T11:30:02.114Z", cached_until: null } });
const err = (res: http.ServerResponse, status: number, error: string, headers: Record<string, string> = {}) =>
  json(res, status, { code: "", data: null, error, status }, headers);
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

function inngest(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  seen.push(`inngest ${req.method} ${url.host}${url.pathname}${url.search} ${body}`.trim());
  if (url.host !== "api.inngest.com") {
    unknownRequests.push(`inngest host ${url.host}`);
    return err(res, 404, "not found");
  }
  if (req.headers.authorization !== `Bearer ${SIGNING_KEY}` || state.unauthorized)
    return err(res, 401, "Your signing key is invalid");
  if (state.rateLimited)
    return err(res, 429, "rate limit exceeded", {
      "Retry-After": "30",
      "X-RateLimit-Limit": "100",
      "X-RateLimit-Remaining": "0",
    });
  if (state.serverError) return err(res, 500, "internal server error");
  if (state.badGateway)
    return text(res, 502, cloudflare502("api.inngest.com", "8f3b2c71da4e0a19"), "text/html; charset=UTF-8");
  if (state.slow) return later(15_000, () => json(res, 200, { data: [], ...meta() }));

  const parts = url.pathname.split("/").filter(Boolean);
  if (parts[0] !== "v1") {
    unknownRequests.push(`inngest ${req.method} ${url.pathname}`);
    return err(res, 404, "not found");
  }
  const [, kind, id, sub] = parts;

  if (kind === "events" && !id && req.method === "GET") {
    const name = url.searchParams.get("name");
    const limit = Number(url.searchParams.get("limit") ?? "20");
    const rows = EVENTS.filter((e) => !name || e.name === name).slice(0, limit);
    return json(res, 200, { data: rows, ...meta(), cursor: null });
  }
  if (kind === "events" && id && req.method === "GET") {
    if (!ULID.test(id)) return err(res, 400, `invalid event ID: ${id}`);
    const event = EVENTS.find((e) => e.internal_id === id);
    if (!event) return err(res, 404, "event not found");
    if (sub === "runs") {
      const runs = Object.values(RUNS).filter((r) => r.event_id === id);
      return json(res, 200, { data: runs, ...meta() });
    }
    return json(res, 200, { data: event, ...meta() });
  }
  if (kind === "runs" && id) {
    if (!ULID.test(id)) return err(res, 400, `invalid run ID: ${id}`);
    const run = RUNS[id];
    if (!run) return err(res, 404, "run not found");
    if (req.method === "GET") return json(res, 200, { data: run, ...meta() });
    if (req.method === "DELETE") {
      if (run.status !== "Running" && run.status !== "Queued")
        return err(res, 400, `run ${id} has already finished and cannot be cancelled`);
      run.status = "Cancelled";
      run.ended_at = "2026-12-07T11:31:17.880Z";
      return json(res, 200, { data: { run_id: id, status: "Cancelled" }, ...meta() });
    }
  }
  if (kind === "apps" && id && sub === "functions" && req.method === "GET") {
    if (id !== APP) return err(res, 404, "app not found");
    return json(res, 200, { data: FUNCTIONS, ...meta() });
  }
  if (kind === "cancellations" && !id) {
    if (req.method === "GET") return json(res, 200, { data: cancellations, ...meta() });
    if (req.method === "POST") {
      const b = parse(body);
      const after = Date.parse(String(b.started_after));
      const before = Date.parse(String(b.started_before));
      if (Number.isNaN(after) || Number.isNaN(before))
        return err(res, 400, "started_after and started_before must be RFC 3339 timestamps");
      if (before <= after) return err(res, 400, "started_before must be after started_after");
      if (!FUNCTIONS.some((f) => f.id === b.function_id || f.slug === b.function_id))
        return err(res, 404, "function not found");
      const created = {
        id: "01JD7QBN5R8T1W4Y7A0C3E6G9J",
        environment_id: ENV_ID,
        function_id: b.function_id,
        started_after: b.started_after,
        started_before: b.started_before,
        if: b.if ?? null,
      };
      cancellations.push(created);
      return json(res, 200, created);
    }
  }
  unknownRequests.push(`inngest ${req.method} ${url.pathname}`);
  return err(res, 404, "not found");
}

export const inngestProxy = forwardProxy(INNGEST_PROXY_PORT, ensureCertificate, inngest);

export const ALL_STANDINS = [inngestProxy];
