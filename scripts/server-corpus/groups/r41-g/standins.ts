// Loopback stand-in for group r41-g, answering with the real service's bodies (README.md says where each comes from and
// which wordings were written for the capture): the Cakemail API (`https://api.cakemail.dev`: `POST /token` with the
// password grant, `/accounts/self`, `/brands/default/senders`, the v2 Email API `/v2/emails`, `/v2/logs/emails`,
// `/v2/reports/emails`, `/lists`, `/templates`; errors as FastAPI's `{"detail": …}`) on 44800, over TLS with the
// stand-in certificate. cakemail-mcp-server writes the host into its client and passes no base URL, so the group's
// preload (https-preload.mjs) sends https.globalAgent's connections here.
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import {
  certificate,
  clearTimers,
  cloudflare502,
  json,
  later,
  parse,
  text,
  tlsStandin,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r41-g";
export const CAKEMAIL_PORT = 44800;
export const CAKEMAIL_HOST = "api.cakemail.dev";
export const CM_EMAIL = "ops@northwind-bakery.example";
export const CM_PASSWORD = "Tr4nsact10nal-Oven-88";
export const CM_WRONG_PASSWORD = "Tr4nsact10nal-Oven-87";

const ACCESS_TOKEN = "cm_at_7Hq2Lx9Vb4Nz1Kp8Rt3Wy6Ds0Fg5Jm";
const REFRESH_TOKEN = "cm_rt_2Pw8Zk4Xn1Qv7Ty3Lb9Hc6Rs0Md5Gf";
const ACCOUNT_ID = 41021;

export const SENT_EMAIL_ID = "6f1c2a9e-4b7d-4e2a-9c35-8d1e0f7a2b64";
export const MISSING_EMAIL_ID = "0d9e8c7b-6a5f-4e3d-8c2b-1a0f9e8d7c6b";

export const state = {
  rateLimited: false,
  overloaded: false,
  badGateway: false,
  slow: false,
  serverError: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

const CERT = () => certificate(DATA, [CAKEMAIL_HOST]);

const NOW = 1796558400; // 2026-12-07T12:00:00Z

const SENDERS = [
  {
    id: "41202",
    name: "Northwind Bakery",
    email: "orders@northwind-bakery.example",
    confirmed: true,
    language: "en_US",
    created_on: 1777300000,
    last_confirmation_sent_on: 1777300000,
  },
  {
    id: "41207",
    name: "Northwind Bakery Support",
    email: "help@northwind-bakery.example",
    confirmed: false,
    language: "en_US",
    created_on: 1796400000,
    last_confirmation_sent_on: 1796400000,
  },
];

const LOGS = [
  {
    email_id: SENT_EMAIL_ID,
    type: "submitted",
    time: NOW - 3600,
    email: "ana.weber@example.de",
    sender: { id: "41202", email: "orders@northwind-bakery.example" },
    subject: "Your order NB-20931 is confirmed",
    tags: ["order-confirmation"],
    provider: "gmail",
  },
  {
    email_id: SENT_EMAIL_ID,
    type: "delivered",
    time: NOW - 3598,
    email: "ana.weber@example.de",
    sender: { id: "41202", email: "orders@northwind-bakery.example" },
    subject: "Your order NB-20931 is confirmed",
    tags: ["order-confirmation"],
    provider: "gmail",
  },
  {
    email_id: SENT_EMAIL_ID,
    type: "open",
    time: NOW - 2710,
    email: "ana.weber@example.de",
    sender: { id: "41202", email: "orders@northwind-bakery.example" },
    subject: "Your order NB-20931 is confirmed",
    tags: ["order-confirmation"],
    provider: "gmail",
  },
];

const LISTS = [
  {
    id: 3101,
    name: "Newsletter (EN)",
    status: "active",
    default_sender: { id: "41202", name: "Northwind Bakery" },
    language: "en_US",
    created_on: 1777301000,
    updated_on: 1795000000,
  },
  {
    id: 3102,
    name: "Wholesale customers",
    status: "active",
    default_sender: { id: "41202", name: "Northwind Bakery" },
    language: "en_US",
    created_on: 1781000000,
    updated_on: 1794000000,
  },
];

const detail = (
  res: http.ServerResponse,
  status: number,
  message: unknown,
  headers: Record<string, string> = {},
) => json(res, status, { detail: message }, headers);

function cakemail(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  const route = `${method} ${url.pathname}`;
  seen.push(`${route}${url.search} ${body.slice(0, 300)}`);

  if (route === "POST /token") {
    const form = parse(body);
    if (form.grant_type === "password" && form.username === CM_EMAIL && form.password === CM_PASSWORD)
      return json(res, 200, {
        access_token: ACCESS_TOKEN,
        token_type: "bearer",
        expires_in: 432000,
        refresh_token: REFRESH_TOKEN,
        accounts: [ACCOUNT_ID],
      });
    return json(res, 401, { detail: "Incorrect username or password" }, { "www-authenticate": "Bearer" });
  }

  if (req.headers.authorization !== `Bearer ${ACCESS_TOKEN}`)
    return detail(res, 401, "Not authenticated", { "www-authenticate": "Bearer" });

  if (state.slow) return later(15_000, () => json(res, 200, { data: accountSelf() }));
  if (state.rateLimited)
    return detail(res, 429, "Too many requests, please slow down.", { "retry-after": "1" });
  if (state.overloaded)
    return detail(res, 503, "Service temporarily unavailable, please retry later.", { "retry-after": "30" });
  if (state.badGateway) return text(res, 502, cloudflare502(CAKEMAIL_HOST, "8e1f2c3a5b9d7e40"), "text/html");
  if (state.serverError) return detail(res, 500, "Internal Server Error");

  if (route === "GET /accounts/self") return json(res, 200, { data: accountSelf() });

  if (route === "GET /brands/default/senders")
    return json(res, 200, { pagination: { page: 1, per_page: 50, count: SENDERS.length }, data: SENDERS });

  if (route === "POST /v2/emails") {
    const submitted = parse(body) as { email?: string; sender?: { id?: string } };
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(submitted.email ?? ""))
      return detail(res, 422, [
        {
          loc: ["body", "email"],
          msg: "value is not a valid email address: The part after the @-sign is not valid. It should have a period.",
          type: "value_error",
          input: submitted.email,
        },
      ]);
    const sender = SENDERS.find((s) => s.id === String(submitted.sender?.id));
    if (!sender)
      return detail(res, 422, [
        {
          loc: ["body", "sender", "id"],
          msg: "Sender not found",
          type: "value_error",
          input: submitted.sender?.id,
        },
      ]);
    if (!sender.confirmed)
      return detail(res, 422, [
        {
          loc: ["body", "sender", "id"],
          msg: `Sender ${sender.id} is not confirmed`,
          type: "value_error",
          input: sender.id,
        },
      ]);
    return json(res, 200, {
      submitted: true,
      email: submitted.email,
      data: { id: SENT_EMAIL_ID, status: "queued" },
    });
  }

  const emailMatch = /^\/v2\/emails\/([0-9a-f-]{36})(\/render)?$/.exec(url.pathname);
  if (method === "GET" && emailMatch) {
    const [, id, render] = emailMatch;
    if (id !== SENT_EMAIL_ID) return detail(res, 404, "Email not found");
    if (render)
      return text(
        res,
        200,
        '<!DOCTYPE html><html><head><meta charset="utf-8"><title>Your order NB-20931 is confirmed</title></head>' +
          "<body><p>Hi Ana,</p><p>Thanks for your order NB-20931: 2 × sourdough loaf, 1 × rye bread. " +
          "Pick-up on Tuesday from 8:00.</p><p>Northwind Bakery</p></body></html>",
        "text/html; charset=utf-8",
      );
    return json(res, 200, {
      data: {
        id: SENT_EMAIL_ID,
        email: "ana.weber@example.de",
        status: "delivered",
        subject: "Your order NB-20931 is confirmed",
        sender: { id: "41202", email: "orders@northwind-bakery.example" },
        submitted_on: NOW - 3600,
        delivered_on: NOW - 3598,
        tags: ["order-confirmation"],
        tracking: { opens: 1, clicks: 0 },
      },
    });
  }

  if (route === "GET /v2/logs/emails") {
    const emailId = url.searchParams.get("email_id");
    const logType = url.searchParams.get("log_type") ?? "all";
    const data = LOGS.filter(
      (log) => (!emailId || log.email_id === emailId) && (logType === "all" || log.type === logType),
    );
    return json(res, 200, {
      pagination: { page: 1, per_page: Number(url.searchParams.get("per_page") ?? 50), count: data.length },
      data,
    });
  }

  if (route === "GET /v2/reports/emails") {
    const day = 86400;
    return json(res, 200, {
      interval: url.searchParams.get("interval") ?? "day",
      start_time: NOW - 3 * day,
      end_time: NOW,
      data: [
        {
          time: NOW - 3 * day,
          submitted: 118,
          delivered: 116,
          rejected: 0,
          bounce: 2,
          open: 71,
          click: 12,
          spam: 0,
        },
        {
          time: NOW - 2 * day,
          submitted: 131,
          delivered: 130,
          rejected: 1,
          bounce: 0,
          open: 84,
          click: 19,
          spam: 0,
        },
        {
          time: NOW - day,
          submitted: 97,
          delivered: 97,
          rejected: 0,
          bounce: 0,
          open: 55,
          click: 9,
          spam: 1,
        },
      ],
    });
  }

  if (route === "GET /lists")
    return json(res, 200, { pagination: { page: 1, per_page: 50, count: LISTS.length }, data: LISTS });

  const listReport = /^\/reports\/lists\/(\d+)$/.exec(url.pathname);
  if (method === "GET" && listReport) {
    const counts: Record<string, number[]> = { "3101": [1284, 1197, 71, 16], "3102": [212, 209, 2, 1] };
    const [total, active, unsubscribed, bounced] = counts[listReport[1] ?? ""] ?? [];
    if (total === undefined) return detail(res, 404, "List not found");
    return json(res, 200, {
      data: {
        total_contacts: total,
        active_contacts: active,
        unsubscribed_contacts: unsubscribed,
        bounced_contacts: bounced,
        deleted_contacts: 0,
      },
    });
  }

  if (route === "GET /templates")
    return json(res, 200, { pagination: { page: 1, per_page: 50, count: 0 }, data: [] });

  if (method === "GET" && /^\/templates\/\d+$/.test(url.pathname))
    return detail(res, 404, "Template not found");

  unknownRequests.push(route);
  return detail(res, 404, "Not Found");
}

function accountSelf() {
  return {
    id: ACCOUNT_ID,
    name: "Northwind Bakery",
    status: "active",
    lineage: `${ACCOUNT_ID}-`,
    partner_account_id: null,
    address: {
      address1: "14 Mill Lane",
      city: "Guelph",
      province: "ON",
      country: "CA",
      postal_code: "N1H 3T4",
    },
    created_on: 1777300000,
    expires_on: null,
    language: "en_US",
    timezone: "America/Toronto",
  };
}

export const cakemailServer = tlsStandin(CAKEMAIL_PORT, CERT, cakemail);
export const certificateFile = () => CERT().cert;
export const ALL_STANDINS = [cakemailServer];
