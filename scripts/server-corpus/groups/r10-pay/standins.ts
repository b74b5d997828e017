// Loopback stand-ins for the APIs behind this group's servers, answering with the real APIs' bodies
// and error bodies: the HubSpot CRM API (v3 objects and properties, v4 associations, automation v4,
// engagements v1, the private-app token introspection), the Stripe API (form-encoded v1, with its
// `{"error": {…}}` envelope) and Stripe's documentation search, the Square Connect API v2 (its
// `{"errors": [{category, code, detail, field}]}` envelope) and the Paddle Billing API (its
// `{"error": {type, code, detail, documentation_url}, "meta": {request_id}}` envelope).
//
// HubSpot is reached through its base URL (`BASE_URL_OVERRIDE`). Stripe, Square and Paddle have their
// hosts written into the servers or their SDKs, so each of the three has a loopback forward proxy that
// accepts the CONNECT, terminates TLS with a certificate for the real host names (trusted by the
// servers through NODE_EXTRA_CA_CERTS) and answers as that API; the servers reach it through
// `proxy-preload.mjs` (a CONNECT tunnel for https.Agent, undici's EnvHttpProxyAgent for fetch).
// Each listens on its own port so one can be stopped (an unreachable backend) while the others keep
// answering. `state` is switched
// by the sessions' hooks (a revoked key, a rate limit, an outage, …).

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import path from "node:path";

export const DATA = "/tmp/faultline-corpus-r10-pay";
export const CERT = path.join(DATA, "standin-cert.pem");
const KEY = path.join(DATA, "standin-key.pem");

export const HUBSPOT_PORT = 39350;
export const STRIPE_PROXY_PORT = 39351;
export const SQUARE_PROXY_PORT = 39352;
export const PADDLE_PROXY_PORT = 39353;

export const HUBSPOT_TOKEN = "pat-na1-7c2e9b14-3f58-4a6d-b0e1-9d4c7a2f5e83";
export const STRIPE_KEY =
  "sk_test_51QkR9bL2xY7vW4nA1c8dE5fGh3JkL9mNpQrStUvWxYz0aBcDeFgHiJkLmNoPqRsTuVwXyZ4xQa";
export const SQUARE_TOKEN = "EAAAl2xY7vW4nA1c8dE5fGh3JkL9mNpQrStUvWxYz0aBcDeFgHiJkLmNoPqRsTuVwXy";
export const PADDLE_KEY = "pdl_sdbx_apikey_01jdq7r2m4x9c8v5b3n1k6w0ty_Qm7Rt2Yv9Xc4Bn8Kp3Wz6Hd1Gf5Js";

export const state = {
  hubspotTokenRevoked: false,
  hubspotRateLimited: false,
  hubspotServerError: false,
  hubspotCloudflare502: false,
  hubspotHtml200: false,
  stripeKeyRevoked: false,
  stripeRestrictedKey: false,
  stripeRateLimited: false,
  stripeServerError: false,
  squareTokenRevoked: false,
  squareRateLimited: false,
  squareUnavailable: false,
  squareBadGateway: false,
  squareMaintenance200: false,
  paddleKeyRevoked: false,
  paddleForbidden: false,
  paddleRateLimited: false,
  paddleServerError: false,
  paddleCloudflare502: false,
};

type Handler = (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) => void;

export interface Standin {
  start(): Promise<void>;
  stop(): Promise<void>;
}

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json;charset=utf-8", ...headers });
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

export function clearTimers() {
  for (const timer of timers) clearTimeout(timer);
  timers.clear();
}

function parseJson(body: string): Record<string, unknown> {
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    return {};
  }
}

let counter = 0;
/** A request id in the shape each API uses (deterministic, so re-runs give the same bodies). */
function nextId(prefix: string, length = 14): string {
  counter += 1;
  const digits = (counter * 7919 + 104729).toString(36).padStart(length, "0");
  return `${prefix}${digits.slice(-length)}`;
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
      "/CN=r10-pay corpus stand-in",
      "-addext",
      "subjectAltName=DNS:api.stripe.com,DNS:ai.stripe.com,DNS:connect.squareup.com,DNS:sandbox-api.paddle.com,IP:127.0.0.1",
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

/** Cloudflare's 502 page (HubSpot and Paddle answer through Cloudflare). */
function cloudflare502(host: string): string {
  return `<!DOCTYPE html>
<!--[if lt IE 7]> <html class="no-js ie6 oldie" lang="en-US"> <![endif]-->
<!--[if gt IE 8]><!--> <html class="no-js" lang="en-US"> <!--<![endif]-->
<head>
<title>${host} | 502: Bad gateway</title>
<meta charset="UTF-8" />
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />
<meta http-equiv="X-UA-Compatible" content="IE=Edge" />
<meta name="robots" content="noindex, nofollow" />
<meta name="viewport" content="width=device-width,initial-scale=1" />
<link rel="stylesheet" id="cf_styles-css" href="/cdn-cgi/styles/main.css" />
</head>
<body>
<div id="cf-wrapper">
  <div id="cf-error-details" class="p-0">
    <header class="mx-auto pt-10 lg:pt-6 lg:px-8 w-240 lg:w-full mb-8">
      <h1 class="inline-block sm:block sm:mb-2 font-light text-60 lg:text-4xl text-black-dark leading-tight mr-2">
        <span class="inline-block">Bad gateway</span>
        <span class="code-label">Error code 502</span>
      </h1>
      <div>Visit <a href="https://www.cloudflare.com/5xx-error-landing?utm_source=errorcode_502&utm_campaign=${host}" target="_blank" rel="noopener noreferrer">cloudflare.com</a> for more information.</div>
      <div class="mt-3">2026-12-06 07:41:13 UTC</div>
    </header>
    <div class="clearfix">
      <div class="w-240 lg:w-full mx-auto">
        <h2 class="text-3xl leading-tight font-normal mb-4 text-black-dark antialiased" data-translate="what_happened">What happened?</h2>
        <p>The web server reported a bad gateway error.</p>
        <h2 class="text-3xl leading-tight font-normal mb-4 text-black-dark antialiased" data-translate="what_can_i_do">What can I do?</h2>
        <p class="mb-6">Please try again in a few minutes.</p>
      </div>
    </div>
    <div class="cf-error-footer cf-wrapper w-240 lg:w-full py-10 sm:py-4 sm:px-8 mx-auto text-center sm:text-left border-solid border-0 border-t border-gray-300">
      <p class="text-13">
        <span class="cf-footer-item sm:block sm:mb-1">Cloudflare Ray ID: <strong class="font-semibold">8ec1a97d2f4b5e63</strong></span>
        <span class="cf-footer-separator sm:hidden">&bull;</span>
        <span class="cf-footer-item sm:block sm:mb-1">Performance &amp; security by <a rel="noopener noreferrer" href="https://www.cloudflare.com/5xx-error-landing" target="_blank">Cloudflare</a></span>
      </p>
    </div>
  </div>
</div>
</body>
</html>
`;
}

// -------------------------------------------------------------------------------------- HubSpot

const PORTAL = 48213907;
const OWNER = { id: "81736452", userId: 61203948, email: "marta.lindqvist@northwind-supply.example" };

const hsContacts: Record<string, Record<string, unknown>> = {
  "101": {
    id: "101",
    properties: {
      createdate: "2026-09-14T08:22:41.118Z",
      email: "ana.ruiz@ridgeway-dental.example",
      firstname: "Ana",
      lastname: "Ruiz",
      company: "Ridgeway Dental Group",
      lifecyclestage: "opportunity",
      hs_object_id: "101",
      lastmodifieddate: "2026-11-30T16:05:12.407Z",
    },
    createdAt: "2026-09-14T08:22:41.118Z",
    updatedAt: "2026-11-30T16:05:12.407Z",
    archived: false,
  },
  "102": {
    id: "102",
    properties: {
      createdate: "2026-10-02T13:47:09.552Z",
      email: "j.okafor@halden-logistics.example",
      firstname: "James",
      lastname: "Okafor",
      company: "Halden Logistics",
      lifecyclestage: "customer",
      hs_object_id: "102",
      lastmodifieddate: "2026-12-01T09:12:33.018Z",
    },
    createdAt: "2026-10-02T13:47:09.552Z",
    updatedAt: "2026-12-01T09:12:33.018Z",
    archived: false,
  },
  "103": {
    id: "103",
    properties: {
      createdate: "2026-11-21T10:03:55.730Z",
      email: "priya@brightline-ortho.example",
      firstname: "Priya",
      lastname: "Natarajan",
      company: "Brightline Orthodontics",
      lifecyclestage: "lead",
      hs_object_id: "103",
      lastmodifieddate: "2026-11-21T10:03:55.730Z",
    },
    createdAt: "2026-11-21T10:03:55.730Z",
    updatedAt: "2026-11-21T10:03:55.730Z",
    archived: false,
  },
};
let hsNextContact = 1201;

const hsDeals = [
  {
    id: "9001",
    properties: {
      amount: "18400",
      dealname: "Ridgeway Dental — 3 clinics rollout",
      dealstage: "contractsent",
      pipeline: "default",
      closedate: "2026-12-19T17:00:00Z",
      hs_object_id: "9001",
    },
    createdAt: "2026-10-11T09:00:00.000Z",
    updatedAt: "2026-12-02T14:21:07.331Z",
    archived: false,
  },
];

const hsFlows: Record<string, Record<string, unknown>> = {
  "1684529": {
    id: "1684529",
    isEnabled: true,
    flowType: "WORKFLOW",
    revisionId: "14",
    name: "Trial ended → assign to sales",
    createdAt: "2026-08-03T12:10:44.201Z",
    updatedAt: "2026-11-18T08:45:02.664Z",
    startActionId: "1",
    nextAvailableActionId: "3",
    actions: [
      {
        type: "SINGLE_CONNECTION",
        actionId: "1",
        actionTypeVersion: 0,
        actionTypeId: "0-14",
        connection: { edgeType: "STANDARD", nextActionId: "2" },
        fields: { user_ids: ["61203948"], owner_property: "hubspot_owner_id" },
      },
      {
        type: "SINGLE_CONNECTION",
        actionId: "2",
        actionTypeVersion: 0,
        actionTypeId: "0-3",
        fields: { task_type: "CALL", subject: "Call about trial", priority: "HIGH" },
      },
    ],
    enrollmentCriteria: { shouldReEnroll: false, type: "EVENT_BASED" },
    objectTypeId: "0-1",
    canEnrollFromSalesforce: false,
  },
};

function hsCorrelation(): string {
  counter += 1;
  const hex = (counter * 2654435761).toString(16).padStart(12, "0").slice(-12);
  return `7d3f${hex.slice(0, 4)}-2b6c-4e1a-9f80-${hex}`;
}

function hsError(
  res: http.ServerResponse,
  status: number,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  json(res, status, { status: "error", ...body, correlationId: hsCorrelation() }, headers);
}

const hubspot: Handler = (req, url, body, res) => {
  const p = url.pathname;
  const auth = req.headers.authorization ?? "";
  if (auth !== `Bearer ${HUBSPOT_TOKEN}` || state.hubspotTokenRevoked)
    return hsError(res, 401, {
      message:
        "Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview",
      category: "INVALID_AUTHENTICATION",
    });
  if (state.hubspotRateLimited)
    return json(
      res,
      429,
      {
        status: "error",
        message: "You have reached your ten_secondly_rolling limit.",
        errorType: "RATE_LIMIT",
        correlationId: hsCorrelation(),
        policyName: "TEN_SECONDLY_ROLLING",
        groupName: `publicapi:private-app-api-calls-ten-secondly:${PORTAL}`,
      },
      {
        "x-hubspot-ratelimit-interval-milliseconds": "10000",
        "x-hubspot-ratelimit-max": "100",
        "x-hubspot-ratelimit-remaining": "0",
        "retry-after": "10",
      },
    );
  if (state.hubspotCloudflare502)
    return text(res, 502, cloudflare502("api.hubapi.com"), "text/html; charset=UTF-8");
  if (state.hubspotServerError)
    return hsError(res, 500, { message: "internal error", category: "INTERNAL_ERROR" });
  if (state.hubspotHtml200)
    return text(
      res,
      200,
      "<!DOCTYPE html><html><head><title>HubSpot is undergoing maintenance</title></head><body><h1>We'll be right back</h1><p>HubSpot is undergoing scheduled maintenance. Please check status.hubspot.com for updates.</p></body></html>",
      "text/html; charset=UTF-8",
    );
  const data = parseJson(body);
  let m: RegExpMatchArray | null;

  if (p === "/oauth/v2/private-apps/get/access-token-info" && req.method === "POST")
    return json(res, 200, {
      userId: OWNER.userId,
      hubId: PORTAL,
      appId: 3418806,
      scopes: [
        "crm.objects.contacts.read",
        "crm.objects.contacts.write",
        "crm.objects.deals.read",
        "crm.schemas.contacts.read",
        "oauth",
      ],
      tokenType: "ACCESS_TOKEN",
      userEmail: OWNER.email,
    });
  if (p === "/account-info/v3/details")
    return json(res, 200, {
      portalId: PORTAL,
      accountType: "STANDARD",
      timeZone: "Europe/Stockholm",
      companyCurrency: "EUR",
      additionalCurrencies: [],
      utcOffset: "+01:00",
      utcOffsetMilliseconds: 3600000,
      uiDomain: "app-eu1.hubspot.com",
      dataHostingLocation: "eu1",
    });
  if ((m = p.match(/^\/crm\/v3\/owners\/(\d+)$/)))
    return json(res, 200, {
      id: OWNER.id,
      email: OWNER.email,
      type: "PERSON",
      firstName: "Marta",
      lastName: "Lindqvist",
      userId: OWNER.userId,
      userIdIncludingInactive: OWNER.userId,
      createdAt: "2025-03-11T10:20:31.840Z",
      updatedAt: "2026-10-07T07:52:16.113Z",
      archived: false,
      teams: [{ id: "1342087", name: "Sales EMEA", primary: true }],
    });

  if (p === "/crm/v3/objects/contacts" && req.method === "GET") {
    if (url.searchParams.get("after") === "slow-page")
      return later(15_000, () =>
        json(res, 200, { results: Object.values(hsContacts).slice(2), paging: undefined }),
      );
    return json(res, 200, {
      results: Object.values(hsContacts),
      paging: { next: { after: "104", link: "https://api.hubapi.com/crm/v3/objects/contacts?after=104" } },
    });
  }
  if (p === "/crm/v3/objects/deals" && req.method === "GET") return json(res, 200, { results: hsDeals });
  if ((m = p.match(/^\/crm\/v3\/objects\/(contacts|deals|companies)\/search$/)) && req.method === "POST") {
    const query = String(data.query ?? "").toLowerCase();
    if (data.filterGroups) {
      const groups = data.filterGroups as { filters?: { propertyName?: string; operator?: string }[] }[];
      const bad = groups.flatMap((g) => g.filters ?? []).find((f) => f.propertyName === "deal_size_band");
      if (bad)
        return hsError(res, 400, {
          message: "There was a problem with the request.",
          errors: [
            {
              message: `Property "${bad.propertyName}" does not exist`,
              code: "INVALID_FILTER_PROPERTY",
              context: { propertyName: [bad.propertyName] },
            },
          ],
          category: "VALIDATION_ERROR",
        });
    }
    const pool = m[1] === "contacts" ? Object.values(hsContacts) : m[1] === "deals" ? hsDeals : [];
    const results = pool.filter((o) =>
      JSON.stringify((o as { properties: unknown }).properties)
        .toLowerCase()
        .includes(query),
    );
    return json(res, 200, { total: results.length, results });
  }
  if ((m = p.match(/^\/crm\/v3\/objects\/contacts\/batch\/read$/)) && req.method === "POST") {
    const inputs = (data.inputs as { id: string }[] | undefined) ?? [];
    const found = inputs.map((i) => hsContacts[i.id]).filter(Boolean);
    const missing = inputs.filter((i) => !hsContacts[i.id]).map((i) => i.id);
    const now = "2026-12-06T07:41:13.402Z";
    if (!missing.length)
      return json(res, 200, {
        status: "COMPLETE",
        results: found,
        startedAt: now,
        completedAt: "2026-12-06T07:41:13.431Z",
      });
    return json(res, 207, {
      status: "COMPLETE",
      results: found,
      numErrors: 1,
      errors: [
        {
          status: "error",
          category: "OBJECT_NOT_FOUND",
          message:
            "Could not get some CONTACT objects, they may be deleted or not exist. Check that ids are valid.",
          context: { ids: missing },
        },
      ],
      startedAt: now,
      completedAt: "2026-12-06T07:41:13.438Z",
    });
  }
  if (p === "/crm/v3/objects/contacts/batch/create" && req.method === "POST") {
    const inputs = (data.inputs as { properties?: Record<string, string> }[] | undefined) ?? [];
    for (const input of inputs) {
      const email = input.properties?.email;
      const existing = Object.values(hsContacts).find(
        (c) => (c.properties as { email?: string }).email === email,
      );
      if (email && existing)
        return hsError(res, 409, {
          message: `Contact already exists. Existing ID: ${String(existing.id)}`,
          category: "CONFLICT",
        });
      const stage = input.properties?.lifecyclestage;
      if (
        stage &&
        ![
          "subscriber",
          "lead",
          "marketingqualifiedlead",
          "salesqualifiedlead",
          "opportunity",
          "customer",
          "evangelist",
          "other",
        ].includes(stage)
      )
        return hsError(res, 400, {
          message: `Property values were not valid: [{"isValid":false,"message":"${stage} was not one of the allowed options: [label: \\"Subscriber\\"\\nvalue: \\"subscriber\\"\\n, label: \\"Lead\\"\\nvalue: \\"lead\\"\\n, label: \\"Marketing Qualified Lead\\"\\nvalue: \\"marketingqualifiedlead\\"\\n, label: \\"Sales Qualified Lead\\"\\nvalue: \\"salesqualifiedlead\\"\\n, label: \\"Opportunity\\"\\nvalue: \\"opportunity\\"\\n, label: \\"Customer\\"\\nvalue: \\"customer\\"\\n, label: \\"Evangelist\\"\\nvalue: \\"evangelist\\"\\n, label: \\"Other\\"\\nvalue: \\"other\\"\\n]","error":"INVALID_OPTION","name":"lifecyclestage","localizedErrorMessage":"Property \\"lifecyclestage\\" has an invalid option: ${stage}"}]`,
          category: "VALIDATION_ERROR",
        });
    }
    const results = inputs.map((input) => {
      const id = String(hsNextContact++);
      return {
        id,
        properties: { ...input.properties, hs_object_id: id, createdate: "2026-12-06T07:41:14.002Z" },
        createdAt: "2026-12-06T07:41:14.002Z",
        updatedAt: "2026-12-06T07:41:14.002Z",
        archived: false,
      };
    });
    return json(res, 201, {
      status: "COMPLETE",
      results,
      startedAt: "2026-12-06T07:41:13.950Z",
      completedAt: "2026-12-06T07:41:14.010Z",
    });
  }
  if ((m = p.match(/^\/crm\/v3\/properties\/(\w+)\/([\w-]+)$/)) && req.method === "GET") {
    if (m[1] === "deals" && m[2] === "dealstage")
      return json(res, 200, {
        updatedAt: "2025-03-11T10:20:31.840Z",
        createdAt: "2019-08-06T02:41:09.148Z",
        name: "dealstage",
        label: "Deal Stage",
        type: "enumeration",
        fieldType: "radio",
        description: "The stage of the deal.",
        groupName: "dealinformation",
        options: [
          { label: "Appointment Scheduled", value: "appointmentscheduled", displayOrder: 0, hidden: false },
          { label: "Contract Sent", value: "contractsent", displayOrder: 4, hidden: false },
          { label: "Closed Won", value: "closedwon", displayOrder: 5, hidden: false },
        ],
        displayOrder: -1,
        calculated: false,
        externalOptions: false,
        hasUniqueValue: false,
        hidden: false,
        hubspotDefined: true,
        modificationMetadata: { archivable: true, readOnlyDefinition: true, readOnlyValue: false },
        formField: true,
        dataSensitivity: "non_sensitive",
      });
    return hsError(res, 404, {
      message: `Unable to find property with name '${m[2]}' for object type '${m[1]}'`,
      category: "OBJECT_NOT_FOUND",
    });
  }
  if ((m = p.match(/^\/crm\/v4\/objects\/(\w+)\/(\d+)\/associations\/(\w+)$/))) {
    if (m[1] === "contacts" && m[2] === "102" && m[3] === "deals") return json(res, 200, { results: [] });
    return json(res, 200, {
      results: [
        {
          toObjectId: 9001,
          associationTypes: [{ category: "HUBSPOT_DEFINED", typeId: 4, label: null }],
        },
      ],
    });
  }
  if (p === "/automation/v4/flows" && req.method === "GET")
    return hsError(res, 403, {
      message:
        "This app hasn't been granted all required scopes to make this call. Read more about required scopes here: https://developers.hubspot.com/scopes.",
      errors: [
        {
          message: "One or more of the following scopes are required.",
          context: { requiredGranularScopes: ["automation"] },
        },
      ],
      links: { scopes: "https://developers.hubspot.com/scopes" },
      category: "MISSING_SCOPES",
    });
  if ((m = p.match(/^\/automation\/v4\/flows\/(\d+)$/))) {
    const flow = hsFlows[m[1]!];
    if (flow) return json(res, 200, flow);
    return hsError(res, 404, {
      message: `Could not find flow with id ${m[1]}`,
      category: "OBJECT_NOT_FOUND",
      subCategory: "FlowErrors.FLOW_NOT_FOUND",
    });
  }
  if ((m = p.match(/^\/engagements\/v1\/engagements\/(\d+)$/))) {
    if (m[1] === "51233087")
      return json(res, 200, {
        engagement: {
          id: 51233087,
          portalId: PORTAL,
          active: true,
          createdAt: 1796370000000,
          lastUpdated: 1796370000000,
          ownerId: Number(OWNER.id),
          type: "NOTE",
          timestamp: 1796370000000,
        },
        associations: { contactIds: [101], companyIds: [], dealIds: [9001], ownerIds: [], ticketIds: [] },
        attachments: [],
        metadata: { body: "Call with Ana: wants a quote for the 3rd clinic by Friday." },
      });
    return hsError(res, 404, {
      message: `No engagement with id ${m[1]} exists`,
      category: "OBJECT_NOT_FOUND",
      context: { id: [m[1]] },
    });
  }
  return hsError(res, 404, {
    message: `Unable to route request: ${req.method} ${p}`,
    category: "OBJECT_NOT_FOUND",
  });
};

// --------------------------------------------------------------------------------------- Stripe

const stripeCustomers = [
  {
    id: "cus_RkT2vN8qLm4xWb",
    object: "customer",
    email: "billing@ridgeway-dental.example",
    name: "Ridgeway Dental Group",
    created: 1794628800,
    livemode: false,
  },
  {
    id: "cus_RkT3aP0sKd7yHc",
    object: "customer",
    email: "ap@halden-logistics.example",
    name: "Halden Logistics",
    created: 1795233600,
    livemode: false,
  },
];
const STRIPE_PI_PAID = "pi_3QkR9bL2xY7vW4nA1c8dE5fG";
const STRIPE_ACCOUNT = "acct_1QkR9bL2xY7vW4nA";

function stripeList(url: string, data: unknown[]) {
  return { object: "list", data, has_more: false, url };
}

function stripeError(
  res: http.ServerResponse,
  status: number,
  error: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const requestId = nextId("req_", 14);
  json(
    res,
    status,
    {
      error: {
        ...error,
        ...(status === 400 || status === 404
          ? { request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}?t=1796626873` }
          : {}),
      },
    },
    { "request-id": requestId, "stripe-version": "2025-02-24.acacia", ...headers },
  );
}

const stripe: Handler = (req, url, body, res) => {
  if (url.hostname === "ai.stripe.com") {
    const question = String(parseJson(body).question ?? "").toLowerCase();
    if (question.includes("webhook"))
      return json(res, 200, {
        sources: [
          {
            title: "Receive Stripe events in your webhook endpoint",
            url: "https://docs.stripe.com/webhooks",
            content:
              "Listen to events in your Stripe account on your webhook endpoint so your integration can automatically trigger reactions. Verify the signature with the endpoint's secret (whsec_...) using stripe.webhooks.constructEvent(payload, sig, endpointSecret).",
          },
          {
            title: "Check webhook signatures",
            url: "https://docs.stripe.com/webhooks/signature",
            content:
              "Stripe signs the webhook events it sends to your endpoints by including a signature in each event's Stripe-Signature header.",
          },
        ],
      });
    return json(res, 200, { sources: [] });
  }
  const auth = req.headers.authorization ?? "";
  const key = auth.replace(/^Bearer /, "");
  if (key !== STRIPE_KEY || state.stripeKeyRevoked)
    return stripeError(res, 401, {
      message: `Invalid API Key provided: sk_test_${"*".repeat(84)}4xQa`,
      type: "invalid_request_error",
    });
  if (state.stripeRestrictedKey)
    return stripeError(res, 403, {
      message: `The provided key 'rk_test_${"*".repeat(93)}Vx7Kqd' does not have the required permissions for this endpoint on account '${STRIPE_ACCOUNT}'. Having the 'rak_dispute_read' permission would allow this request to continue.`,
      type: "invalid_request_error",
    });
  if (state.stripeRateLimited)
    return stripeError(
      res,
      429,
      {
        code: "rate_limit",
        doc_url: "https://stripe.com/docs/error-codes/rate-limit",
        message:
          "Request rate limit exceeded. You can learn more about rate limits here https://stripe.com/docs/rate-limits.",
        type: "invalid_request_error",
      },
      { "stripe-should-retry": "false" },
    );
  if (state.stripeServerError)
    return stripeError(
      res,
      500,
      {
        message: "An unknown error occurred",
        type: "api_error",
      },
      { "stripe-should-retry": "false" },
    );
  const form = new URLSearchParams(body);
  const p = url.pathname;
  let m: RegExpMatchArray | null;

  if (p === "/v1/balance")
    return json(res, 200, {
      object: "balance",
      available: [{ amount: 1284350, currency: "usd", source_types: { card: 1284350 } }],
      connect_reserved: [{ amount: 0, currency: "usd" }],
      livemode: false,
      pending: [{ amount: 41200, currency: "usd", source_types: { card: 41200 } }],
    });
  if (p === "/v1/customers" && req.method === "GET") {
    const email = url.searchParams.get("email");
    if (email === "slow@halden-logistics.example")
      return later(15_000, () => json(res, 200, stripeList("/v1/customers", [])));
    const data = email ? stripeCustomers.filter((c) => c.email === email) : stripeCustomers;
    return json(res, 200, stripeList("/v1/customers", data));
  }
  if (p === "/v1/customers" && req.method === "POST")
    return json(res, 200, {
      id: "cus_RkU1bQ5tNe2zJd",
      object: "customer",
      address: null,
      balance: 0,
      created: 1796626874,
      currency: null,
      email: form.get("email"),
      invoice_prefix: "8F2C41D7",
      livemode: false,
      name: form.get("name"),
      metadata: {},
    });
  if (p === "/v1/products" && req.method === "POST")
    return json(res, 200, {
      id: "prod_RkU2cR6uOf3aKe",
      object: "product",
      active: true,
      created: 1796626875,
      description: form.get("description"),
      livemode: false,
      name: form.get("name"),
      type: "service",
    });
  if (p === "/v1/products" && req.method === "GET")
    return json(
      res,
      200,
      stripeList("/v1/products", [{ id: "prod_Pro", object: "product", name: "Pro plan" }]),
    );
  if (p === "/v1/prices" && req.method === "POST") {
    const product = form.get("product");
    if (product !== "prod_RkU2cR6uOf3aKe")
      return stripeError(res, 400, {
        code: "resource_missing",
        doc_url: "https://stripe.com/docs/error-codes/resource-missing",
        message: `No such product: '${product}'`,
        param: "product",
        type: "invalid_request_error",
      });
    return json(res, 200, {
      id: "price_1QkU3dS7vPg4bLfA",
      object: "price",
      active: true,
      currency: form.get("currency"),
      product,
      type: "one_time",
      unit_amount: Number(form.get("unit_amount")),
    });
  }
  if (p === "/v1/payment_links" && req.method === "POST")
    return json(res, 200, {
      id: "plink_1QkU4eT8wQh5cMgB",
      object: "payment_link",
      active: true,
      livemode: false,
      url: "https://buy.stripe.com/test_6oE4hU2bW9cQ8uc000",
    });
  if (p === "/v1/invoices" && req.method === "POST") {
    const customer = form.get("customer");
    if (!stripeCustomers.some((c) => c.id === customer))
      return stripeError(res, 400, {
        code: "resource_missing",
        doc_url: "https://stripe.com/docs/error-codes/resource-missing",
        message: `No such customer: '${customer}'`,
        param: "customer",
        type: "invalid_request_error",
      });
    return json(res, 200, { id: "in_1QkU5fU9xRi6dNhC", object: "invoice", status: "draft", customer });
  }
  if (p === "/v1/invoices" && req.method === "GET")
    return json(
      res,
      200,
      stripeList("/v1/invoices", [
        {
          id: "in_1QjZ8gV0ySj7eOiD",
          object: "invoice",
          customer: "cus_RkT2vN8qLm4xWb",
          status: "paid",
          amount_due: 184000,
          currency: "usd",
          hosted_invoice_url: "https://invoice.stripe.com/i/acct_1QkR9bL2xY7vW4nA/test_YWNjdF8x",
        },
      ]),
    );
  if ((m = p.match(/^\/v1\/invoices\/(\w+)\/finalize$/))) {
    if (m[1] === "in_1QjZ8gV0ySj7eOiD")
      return stripeError(res, 400, {
        code: "invoice_not_editable",
        doc_url: "https://stripe.com/docs/error-codes/invoice-not-editable",
        message: "This invoice is already finalized, you can't re-finalize a non-draft invoice.",
        type: "invalid_request_error",
      });
    return json(res, 200, {
      id: m[1],
      object: "invoice",
      status: "open",
      hosted_invoice_url: "https://invoice.stripe.com/i/acct_1QkR9bL2xY7vW4nA/test_YWNjdF8y",
    });
  }
  if (p === "/v1/refunds" && req.method === "POST") {
    const pi = form.get("payment_intent");
    const amount = Number(form.get("amount") ?? 4900);
    if (pi !== STRIPE_PI_PAID)
      return stripeError(res, 400, {
        code: "resource_missing",
        doc_url: "https://stripe.com/docs/error-codes/resource-missing",
        message: `No such payment_intent: '${pi}'`,
        param: "payment_intent",
        type: "invalid_request_error",
      });
    if (amount > 4900)
      return stripeError(res, 400, {
        code: "amount_too_large",
        doc_url: "https://stripe.com/docs/error-codes/amount-too-large",
        message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than charge amount ($49.00)`,
        param: "amount",
        type: "invalid_request_error",
      });
    return json(res, 200, {
      id: "re_3QkR9bL2xY7vW4nA1q2w3e4r",
      object: "refund",
      amount,
      charge: "ch_3QkR9bL2xY7vW4nA1x2c3v4b",
      currency: "usd",
      payment_intent: pi,
      status: "succeeded",
    });
  }
  if (p === "/v1/payment_intents" && req.method === "GET")
    return json(res, 200, stripeList("/v1/payment_intents", []));
  if (p === "/v1/subscriptions" && req.method === "GET")
    return json(
      res,
      200,
      stripeList("/v1/subscriptions", [
        {
          id: "sub_1QkS0hW1zTk8fPjE",
          object: "subscription",
          customer: url.searchParams.get("customer") ?? "cus_RkT3aP0sKd7yHc",
          status: "active",
          current_period_end: 1798761600,
          items: { object: "list", data: [{ id: "si_RkS0iX2aUl9gQk", price: { id: "price_Pro_monthly" } }] },
        },
      ]),
    );
  if ((m = p.match(/^\/v1\/subscriptions\/(\w+)$/)) && req.method === "DELETE")
    return stripeError(res, 404, {
      code: "resource_missing",
      doc_url: "https://stripe.com/docs/error-codes/resource-missing",
      message: `No such subscription: '${m[1]}'`,
      param: "id",
      type: "invalid_request_error",
    });
  if (p === "/v1/coupons" && req.method === "POST") {
    if (form.get("duration") === "repeating" && !form.get("duration_in_months"))
      return stripeError(res, 400, {
        message: "Missing required param: duration_in_months.",
        param: "duration_in_months",
        type: "invalid_request_error",
      });
    return json(res, 200, { id: "Z4OV52SU", object: "coupon", name: form.get("name"), percent_off: 20 });
  }
  if (p === "/v1/coupons" && req.method === "GET") return json(res, 200, stripeList("/v1/coupons", []));
  if (p === "/v1/disputes" && req.method === "GET") return json(res, 200, stripeList("/v1/disputes", []));
  return stripeError(res, 404, {
    message: `Unrecognized request URL (${req.method}: ${p}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    type: "invalid_request_error",
  });
};

// --------------------------------------------------------------------------------------- Square

const SQ_LOCATION = "L7Q2M4X9P1RZB";
const sqPayment = {
  id: "bP9mAsEMYPUGjjGNaNO5ZDVyLhSZY",
  created_at: "2026-12-05T16:21:44.512Z",
  updated_at: "2026-12-05T16:21:45.130Z",
  amount_money: { amount: 4500, currency: "USD" },
  status: "COMPLETED",
  source_type: "CARD",
  card_details: {
    status: "CAPTURED",
    card: { card_brand: "VISA", last_4: "1111", exp_month: 11, exp_year: 2028, card_type: "CREDIT" },
    entry_method: "KEYED",
    cvv_status: "CVV_ACCEPTED",
    avs_status: "AVS_ACCEPTED",
  },
  location_id: SQ_LOCATION,
  order_id: "kTtaU8ZOWPZbQHWkEaQAbnZzk7KZY",
  total_money: { amount: 4500, currency: "USD" },
  approved_money: { amount: 4500, currency: "USD" },
  receipt_number: "bP9m",
  receipt_url: "https://squareup.com/receipt/preview/bP9mAsEMYPUGjjGNaNO5ZDVyLhSZY",
  version_token: "TPtNEOBOa6Qq6E3C3IjckSVOM6b3hMbfhjvTxHBQUsB6o",
};

function sqError(
  res: http.ServerResponse,
  status: number,
  errors: Record<string, unknown>[],
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  json(res, status, { errors, ...extra }, headers);
}

const square: Handler = (req, url, body, res) => {
  const auth = req.headers.authorization ?? "";
  if (auth !== `Bearer ${SQUARE_TOKEN}` || state.squareTokenRevoked)
    return sqError(res, 401, [
      {
        category: "AUTHENTICATION_ERROR",
        code: "UNAUTHORIZED",
        detail:
          'The `Authorization` http header of your request was incorrect or expired. The header value is expected to be of the format "Bearer TOKEN" (without quotation marks), where TOKEN is a valid access token (e.g. "Bearer ABC123def456GHI789jkl0"). For more information, see https://developer.squareup.com/docs/build-basics/using-rest-api#__set-the-headers__ .',
      },
    ]);
  if (state.squareRateLimited)
    return sqError(
      res,
      429,
      [
        {
          category: "RATE_LIMIT_ERROR",
          code: "RATE_LIMITED",
          detail: "Rate limit exceeded. Please retry later.",
        },
      ],
      {},
      { "retry-after": "30" },
    );
  if (state.squareUnavailable)
    return sqError(res, 503, [
      {
        category: "API_ERROR",
        code: "SERVICE_UNAVAILABLE",
        detail: "Service unavailable. Please try again later.",
      },
    ]);
  if (state.squareBadGateway)
    return text(
      res,
      502,
      "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n</body>\r\n</html>\r\n",
      "text/html",
    );
  if (state.squareMaintenance200)
    return text(
      res,
      200,
      '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Square | Scheduled Maintenance</title></head><body><main><h1>We’re performing scheduled maintenance</h1><p>Square services will be back shortly. Check issquareup.com for the latest status.</p></main></body></html>',
      "text/html; charset=utf-8",
    );
  const p = url.pathname;
  const data = parseJson(body);
  let m: RegExpMatchArray | null;
  if (p === "/v2/locations" && req.method === "GET")
    return json(res, 200, {
      locations: [
        {
          id: SQ_LOCATION,
          name: "Harbor Street Bakery",
          address: {
            address_line_1: "214 Harbor St",
            locality: "Portland",
            administrative_district_level_1: "ME",
            postal_code: "04101",
            country: "US",
          },
          timezone: "America/New_York",
          capabilities: ["CREDIT_CARD_PROCESSING", "AUTOMATIC_TRANSFERS"],
          status: "ACTIVE",
          created_at: "2024-04-18T13:07:52.000Z",
          merchant_id: "ML3KQ8T2V6WX9",
          country: "US",
          language_code: "en-US",
          currency: "USD",
          business_name: "Harbor Street Bakery",
          type: "PHYSICAL",
          mcc: "5462",
        },
      ],
    });
  if (p === "/v2/payments" && req.method === "GET") {
    const begin = url.searchParams.get("begin_time");
    if (begin && begin > "2026-12-06") return json(res, 200, {});
    return json(res, 200, { payments: [sqPayment] });
  }
  if ((m = p.match(/^\/v2\/payments\/([^/]+)$/)) && req.method === "GET") {
    const id = decodeURIComponent(m[1]!);
    if (id === sqPayment.id) return json(res, 200, { payment: sqPayment });
    if (id === "R2B3Z8WMVt3EAmzYWLZvz7Y69EbZY")
      return later(15_000, () => json(res, 200, { payment: { ...sqPayment, id } }));
    return sqError(res, 404, [
      {
        category: "INVALID_REQUEST_ERROR",
        code: "NOT_FOUND",
        detail: `Could not find payment with id: ${id}`,
      },
    ]);
  }
  if (p === "/v2/payments" && req.method === "POST") {
    if (!data.idempotency_key)
      return sqError(res, 400, [
        {
          category: "INVALID_REQUEST_ERROR",
          code: "MISSING_REQUIRED_PARAMETER",
          detail: "Field must be set",
          field: "idempotency_key",
        },
      ]);
    const amount = (data.amount_money as { amount?: number } | undefined)?.amount ?? 0;
    if (data.source_id === "cnon:card-nonce-declined")
      return sqError(
        res,
        400,
        [
          {
            code: "GENERIC_DECLINE",
            detail: "Authorization error: 'GENERIC_DECLINE'",
            category: "PAYMENT_METHOD_ERROR",
          },
        ],
        {
          payment: {
            id: "ZTx4GvOSFEWLEqZwrJHCsVEkvqCZY",
            created_at: "2026-12-06T07:41:16.201Z",
            updated_at: "2026-12-06T07:41:16.563Z",
            amount_money: { amount, currency: "USD" },
            status: "FAILED",
            source_type: "CARD",
            card_details: {
              status: "FAILED",
              card: { card_brand: "VISA", last_4: "0002" },
              errors: [
                {
                  code: "GENERIC_DECLINE",
                  detail: "Authorization error: 'GENERIC_DECLINE'",
                  category: "PAYMENT_METHOD_ERROR",
                },
              ],
            },
            location_id: SQ_LOCATION,
          },
        },
      );
    return json(res, 200, {
      payment: {
        ...sqPayment,
        id: "KcF2mGtVx8Q0sRrW4hJ9ePnYuB7ZY",
        created_at: "2026-12-06T07:41:15.811Z",
        updated_at: "2026-12-06T07:41:16.044Z",
        amount_money: { amount, currency: "USD" },
        total_money: { amount, currency: "USD" },
        approved_money: { amount, currency: "USD" },
        note: data.note,
      },
    });
  }
  if (p === "/v2/refunds" && req.method === "POST") {
    const amount = (data.amount_money as { amount?: number } | undefined)?.amount ?? 0;
    if (amount > 4500)
      return sqError(res, 400, [
        {
          code: "REFUND_AMOUNT_INVALID",
          detail: "The requested refund amount exceeds the amount available to refund.",
          field: "amount_money.amount",
          category: "REFUND_ERROR",
        },
      ]);
    return json(res, 200, {
      refund: {
        id: `${sqPayment.id}_Lp3Qa9Xc`,
        status: "PENDING",
        amount_money: { amount, currency: "USD" },
        payment_id: data.payment_id,
        location_id: SQ_LOCATION,
        created_at: "2026-12-06T07:41:17.220Z",
      },
    });
  }
  if (p === "/v2/customers/search" && req.method === "POST") return json(res, 200, {});
  if (p === "/v2/payouts" && req.method === "GET")
    return sqError(res, 403, [
      {
        category: "AUTHENTICATION_ERROR",
        code: "INSUFFICIENT_SCOPES",
        detail:
          "The merchant has not given your application sufficient permissions to do that. The app must request the following permissions: PAYOUTS_READ",
      },
    ]);
  if (p === "/v2/orders" && req.method === "POST")
    return json(res, 200, {
      order: {
        id: "CAISENgvlJ6jLWAzERDzjyHVybY",
        location_id: SQ_LOCATION,
        line_items: (data.order as { line_items?: unknown[] } | undefined)?.line_items ?? [],
        state: "OPEN",
        version: 1,
        total_money: { amount: 1150, currency: "USD" },
        created_at: "2026-12-06T07:41:18.004Z",
      },
    });
  return sqError(res, 404, [
    {
      category: "INVALID_REQUEST_ERROR",
      code: "NOT_FOUND",
      detail: `API endpoint for URL path \`${p}\` and HTTP method \`${req.method}\` is not found.`,
    },
  ]);
};

// --------------------------------------------------------------------------------------- Paddle

function paddleMeta() {
  return { request_id: `${nextId("", 8)}-6b1e-4f2a-9c47-${nextId("", 12)}` };
}

function paddleError(
  res: http.ServerResponse,
  status: number,
  code: string,
  detail: string,
  docPath: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  json(
    res,
    status,
    {
      error: {
        type: "request_error",
        code,
        detail,
        documentation_url: `https://developer.paddle.com/errors/${docPath}/${code}`,
        ...extra,
      },
      meta: paddleMeta(),
    },
    headers,
  );
}

const paddleProducts: Record<string, Record<string, unknown>> = {
  pro_01jdq9s2a7k3m5x8c4v6b0n1tz: {
    id: "pro_01jdq9s2a7k3m5x8c4v6b0n1tz",
    name: "Analytics Pro",
    tax_category: "standard",
    type: "standard",
    description: "Dashboards, exports and 5 seats.",
    image_url: null,
    custom_data: null,
    status: "active",
    import_meta: null,
    created_at: "2026-09-02T10:14:27.301Z",
    updated_at: "2026-11-12T08:40:19.552Z",
  },
  pro_01jdq9t8f1b6n2w4r7y3d5h9km: {
    id: "pro_01jdq9t8f1b6n2w4r7y3d5h9km",
    name: "Extra seat",
    tax_category: "standard",
    type: "standard",
    description: "One additional seat for Analytics Pro.",
    image_url: null,
    custom_data: null,
    status: "active",
    import_meta: null,
    created_at: "2026-09-02T10:16:03.118Z",
    updated_at: "2026-09-02T10:16:03.118Z",
  },
};

const PADDLE_PRICE = {
  id: "pri_01jdq9v3k7m1x5c9b2n6w4r8ty",
  product_id: "pro_01jdq9s2a7k3m5x8c4v6b0n1tz",
  type: "standard",
  description: "Analytics Pro monthly",
  name: "Monthly",
  billing_cycle: { interval: "month", frequency: 1 },
  trial_period: null,
  tax_mode: "account_setting",
  unit_price: { amount: "4900", currency_code: "USD" },
  unit_price_overrides: [],
  quantity: { minimum: 1, maximum: 100 },
  status: "active",
  custom_data: null,
  import_meta: null,
  created_at: "2026-09-02T10:15:11.402Z",
  updated_at: "2026-09-02T10:15:11.402Z",
};

const paddleSubscriptions: Record<string, Record<string, unknown>> = {
  sub_01jdqa4m8x2c6v9b3n7k1w5t0r: {
    id: "sub_01jdqa4m8x2c6v9b3n7k1w5t0r",
    status: "active",
    customer_id: "ctm_01jdqa1b3c5d7e9f2g4h6j8k0m",
    address_id: "add_01jdqa1z9y8x7w6v5u4t3s2r1q",
    business_id: null,
    currency_code: "USD",
    created_at: "2026-10-01T12:00:03.611Z",
    updated_at: "2026-12-01T12:00:05.208Z",
    started_at: "2026-10-01T12:00:02.947Z",
    first_billed_at: "2026-10-01T12:00:02.947Z",
    next_billed_at: "2027-01-01T12:00:02.947Z",
    paused_at: null,
    canceled_at: null,
    collection_mode: "automatic",
    billing_details: null,
    current_billing_period: { starts_at: "2026-12-01T12:00:02.947Z", ends_at: "2027-01-01T12:00:02.947Z" },
    billing_cycle: { frequency: 1, interval: "month" },
    scheduled_change: null,
    items: [
      {
        status: "active",
        quantity: 1,
        recurring: true,
        created_at: "2026-10-01T12:00:03.611Z",
        updated_at: "2026-12-01T12:00:05.208Z",
        previously_billed_at: "2026-12-01T12:00:02.947Z",
        next_billed_at: "2027-01-01T12:00:02.947Z",
        trial_dates: null,
        price: PADDLE_PRICE,
        product: null as unknown,
      },
    ],
    custom_data: null,
    management_urls: {
      update_payment_method:
        "https://sandbox-buyer-portal.paddle.com/subscriptions/sub_01jdqa4m8x2c6v9b3n7k1w5t0r/update-payment-method",
      cancel: "https://sandbox-buyer-portal.paddle.com/subscriptions/sub_01jdqa4m8x2c6v9b3n7k1w5t0r/cancel",
    },
    discount: null,
    import_meta: null,
  },
};
const PADDLE_SUB_SCHEDULED = "sub_01jdqa7r3t5y7u9i1o3p5a7s9d";
for (const sub of Object.values(paddleSubscriptions))
  for (const item of sub.items as { product: unknown }[])
    item.product = paddleProducts.pro_01jdq9s2a7k3m5x8c4v6b0n1tz;

const paddle: Handler = (req, url, body, res) => {
  const auth = req.headers.authorization ?? "";
  if (auth !== `bearer ${PADDLE_KEY}` || state.paddleKeyRevoked)
    return paddleError(res, 403, "invalid_token", "Invalid or revoked API key.", "shared");
  if (state.paddleForbidden)
    return paddleError(res, 403, "forbidden", "You aren't permitted to perform this request.", "shared");
  if (state.paddleRateLimited)
    return paddleError(
      res,
      429,
      "too_many_requests",
      "IP address exceeded the allowed rate limit. Retry after the number of seconds in the Retry-After header.",
      "shared",
      {},
      { "retry-after": "60" },
    );
  if (state.paddleServerError)
    return paddleError(
      res,
      500,
      "internal_error",
      "An internal error has occurred, please try again later.",
      "shared",
    );
  if (state.paddleCloudflare502)
    return text(res, 502, cloudflare502("sandbox-api.paddle.com"), "text/html; charset=UTF-8");
  const p = url.pathname;
  const data = parseJson(body);
  let m: RegExpMatchArray | null;
  if (p === "/products" && req.method === "GET")
    return json(res, 200, {
      data: Object.values(paddleProducts),
      meta: {
        request_id: paddleMeta().request_id,
        pagination: {
          per_page: 50,
          next: "https://sandbox-api.paddle.com/products?after=pro_01jdq9t8f1b6n2w4r7y3d5h9km",
          has_more: false,
          estimated_total: 2,
        },
      },
    });
  if ((m = p.match(/^\/products\/([\w]+)$/)) && req.method === "GET") {
    const product = paddleProducts[m[1]!];
    if (product) return json(res, 200, { data: product, meta: paddleMeta() });
    return paddleError(res, 404, "not_found", `Entity ${m[1]} not found`, "shared");
  }
  if (p === "/products" && req.method === "POST")
    return json(res, 201, {
      data: {
        id: "pro_01jdqc0v2b4n6m8k1j3h5g7f9d",
        name: data.name,
        tax_category: data.tax_category,
        type: "standard",
        description: data.description ?? null,
        image_url: null,
        custom_data: null,
        status: "active",
        import_meta: null,
        created_at: "2026-12-06T07:41:19.330Z",
        updated_at: "2026-12-06T07:41:19.330Z",
      },
      meta: paddleMeta(),
    });
  if (p === "/prices" && req.method === "POST") {
    const amount = String((data.unit_price as { amount?: unknown } | undefined)?.amount ?? "");
    if (!/^\d+$/.test(amount))
      return paddleError(res, 400, "bad_request", "Invalid request.", "shared", {
        errors: [
          {
            field: "unit_price.amount",
            message:
              "must be a valid integer string, representing the amount in the lowest denomination for the currency",
          },
        ],
      });
    return json(res, 201, {
      data: {
        id: "pri_01jdqc2x4z6b8n0m2k4j6h8g0f",
        product_id: data.product_id,
        unit_price: data.unit_price,
        status: "active",
      },
      meta: paddleMeta(),
    });
  }
  if (p === "/customers" && req.method === "GET") {
    const email = url.searchParams.get("email");
    return json(res, 200, {
      data: email
        ? []
        : [
            {
              id: "ctm_01jdqa1b3c5d7e9f2g4h6j8k0m",
              name: "Halden Logistics",
              email: "ap@halden-logistics.example",
              status: "active",
            },
          ],
      meta: {
        request_id: paddleMeta().request_id,
        pagination: {
          per_page: 50,
          next: "https://sandbox-api.paddle.com/customers?after=",
          has_more: false,
          estimated_total: 0,
        },
      },
    });
  }
  if (p === "/customers" && req.method === "POST") {
    if (data.email === "ap@halden-logistics.example")
      return paddleError(
        res,
        409,
        "customer_already_exists",
        "customer email conflicts with customer of id ctm_01jdqa1b3c5d7e9f2g4h6j8k0m",
        "customers",
      );
    return json(res, 201, {
      data: {
        id: "ctm_01jdqc4q6w8e0r2t4y6u8i0o2p",
        email: data.email,
        name: data.name ?? null,
        status: "active",
        marketing_consent: false,
        locale: "en",
        created_at: "2026-12-06T07:41:20.118Z",
      },
      meta: paddleMeta(),
    });
  }
  if ((m = p.match(/^\/subscriptions\/([\w]+)$/)) && req.method === "GET") {
    const sub = paddleSubscriptions[m[1]!];
    if (sub) return json(res, 200, { data: sub, meta: paddleMeta() });
    if (m[1] === "sub_01jdqa9f2g4h6j8k0l2z4x6c8v")
      return later(15_000, () =>
        json(res, 200, { data: { id: m![1], status: "active" }, meta: paddleMeta() }),
      );
    return paddleError(res, 404, "not_found", `Entity ${m[1]} not found`, "shared");
  }
  if ((m = p.match(/^\/subscriptions\/([\w]+)\/pause$/)) && req.method === "POST") {
    if (m[1] === PADDLE_SUB_SCHEDULED)
      return paddleError(
        res,
        400,
        "subscription_locked_pending_changes",
        "Subscription has pending scheduled changes. Remove them before attempting this operation.",
        "subscriptions",
      );
    return json(res, 200, {
      data: {
        ...paddleSubscriptions.sub_01jdqa4m8x2c6v9b3n7k1w5t0r,
        scheduled_change: { action: "pause", effective_at: "2027-01-01T12:00:02.947Z", resume_at: null },
      },
      meta: paddleMeta(),
    });
  }
  if (p === "/transactions" && req.method === "GET")
    return json(res, 200, {
      data: [
        {
          id: "txn_01jdqb2c4v6b8n0m2k4j6h8g0f",
          status: "completed",
          customer_id: "ctm_01jdqa1b3c5d7e9f2g4h6j8k0m",
          subscription_id: "sub_01jdqa4m8x2c6v9b3n7k1w5t0r",
          currency_code: "USD",
          origin: "subscription_recurring",
          address_id: "add_01jdqa1z9y8x7w6v5u4t3s2r1q",
          business_id: null,
          custom_data: null,
          collection_mode: "automatic",
          discount_id: null,
          billing_details: null,
          billing_period: { starts_at: "2026-12-01T12:00:02.947Z", ends_at: "2027-01-01T12:00:02.947Z" },
          invoice_id: "inv_01jdqb2d6f8h0k2m4p6r8t0v2x",
          invoice_number: "2231-10042",
          items: [{ price: PADDLE_PRICE, quantity: 1, proration: null }],
          details: {
            tax_rates_used: [],
            totals: {
              subtotal: "4900",
              discount: "0",
              tax: "0",
              total: "4900",
              credit: "0",
              credit_to_balance: "0",
              balance: "0",
              grand_total: "4900",
              fee: "295",
              earnings: "4605",
              currency_code: "USD",
            },
            adjusted_totals: null,
            payout_totals: null,
            adjusted_payout_totals: null,
            line_items: [],
          },
          payments: [],
          checkout: null,
          billed_at: "2026-12-01T12:00:02.947Z",
          created_at: "2026-12-01T12:00:03.112Z",
          updated_at: "2026-12-01T12:00:06.540Z",
        },
      ],
      meta: {
        request_id: paddleMeta().request_id,
        pagination: {
          per_page: 30,
          next: "https://sandbox-api.paddle.com/transactions?after=txn_01jdqb2c4v6b8n0m2k4j6h8g0f",
          has_more: false,
          estimated_total: 1,
        },
      },
    });
  if ((m = p.match(/^\/transactions\/([\w]+)\/invoice$/)) && req.method === "GET")
    return json(res, 200, {
      data: {
        url: `https://sandbox-invoice-service-pdfs.paddle.com/invoices/${m[1]}/invoice.pdf?X-Amz-Expires=3600&X-Amz-Signature=4f2b9c`,
      },
      meta: paddleMeta(),
    });
  return paddleError(res, 404, "not_found", "Requested resource not found.", "shared");
};

export const hubspotStandin = serve(HUBSPOT_PORT, hubspot);
export const stripeStandin = mitmProxy(STRIPE_PROXY_PORT, stripe);
export const squareStandin = mitmProxy(SQUARE_PROXY_PORT, square);
export const paddleStandin = mitmProxy(PADDLE_PROXY_PORT, paddle);
export const ALL_STANDINS: Standin[] = [hubspotStandin, stripeStandin, squareStandin, paddleStandin];
export const PADDLE_IDS = {
  product: "pro_01jdq9s2a7k3m5x8c4v6b0n1tz",
  subscription: "sub_01jdqa4m8x2c6v9b3n7k1w5t0r",
  subscriptionScheduled: PADDLE_SUB_SCHEDULED,
  slowSubscription: "sub_01jdqa9f2g4h6j8k0l2z4x6c8v",
  transaction: "txn_01jdqb2c4v6b8n0m2k4j6h8g0f",
};
export const SQUARE_IDS = {
  location: SQ_LOCATION,
  payment: sqPayment.id,
  slowPayment: "R2B3Z8WMVt3EAmzYWLZvz7Y69EbZY",
};
export const STRIPE_IDS = {
  paidPaymentIntent: STRIPE_PI_PAID,
  customer: stripeCustomers[0]!.id,
  paidInvoice: "in_1QjZ8gV0ySj7eOiD",
  product: "prod_RkU2cR6uOf3aKe",
};
