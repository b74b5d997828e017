// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies
// and error bodies (README.md says where each came from):
// - SendGrid's v3 API (`api.sendgrid.com/v3`: scopes, marketing lists, contacts and their searches, custom
//   fields, segments, senders, automations, single sends, dynamic templates, stats, mail send) for sendgrid-mcp;
// - Mailchimp's Marketing API 3.0 (`us21.api.mailchimp.com/3.0`, the data centre taken from the key) for
//   @agentx-ai/mailchimp-mcp-server;
// - Mailtrap's APIs (`mailtrap.io/api/accounts/:id/…`, `send.api.mailtrap.io/api/send`,
//   `sandbox.api.mailtrap.io/api/send/:inbox`) for mcp-mailtrap.
//
// Every host is written into its server. SendGrid and Mailtrap are reached through their own forward proxy
// (standin-kit's `forwardProxy`); Mailchimp through a TLS listener that `https-preload.mjs` points Node's
// https agent at. Stopping one refuses connections for that server alone. `state` is switched by the
// sessions' hooks (a revoked key, a rate limit, an outage, …).

import type http from "node:http";
import path from "node:path";
import {
  certificate,
  clearTimers,
  forwardProxy,
  json,
  later,
  parse,
  text,
  tlsStandin,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r16-c";
export const CERT = path.join(DATA, "standin-cert.pem");

export const SG_PROXY_PORT = 40400;
export const MC_TLS_PORT = 40401;
export const MT_PROXY_PORT = 40402;

export const SG_KEY = "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";
export const MC_KEY = "3f9c2a7b1e8d4c6a5b0f9e8d7c6b5a4f-us21";
export const MT_TOKEN = "a3f1c9e07b2d4e6f8a1c3e5f7b9d0e2a";
export const MT_ACCOUNT = "1854211";
export const MT_INBOX = "2655545";

const HOSTS = [
  "api.sendgrid.com",
  "us21.api.mailchimp.com",
  "mailtrap.io",
  "send.api.mailtrap.io",
  "bulk.api.mailtrap.io",
  "sandbox.api.mailtrap.io",
];

export const state = {
  sgKeyRevoked: false,
  sgRateLimited: false,
  sgServerError: false,
  sgBadGateway: false,
  mcKeyInvalid: false,
  mcForbidden: false,
  mcRateLimited: false,
  mcServerError: false,
  mcUnavailable: false,
  mcMaintenance: false,
  mtTokenRevoked: false,
  mtForbidden: false,
  mtRateLimited: false,
  mtServerError: false,
  mtBadGateway: false,
};

let cert: Certificate | undefined;
export function ensureCertificate(): Certificate {
  cert ??= certificate(DATA, HOSTS);
  return cert;
}
const tls = () => ensureCertificate();

// ------------------------------------------------------------------------------------------- pages

const CLOUDFLARE_502 = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>cloudflare</center>
</body>
</html>`;

const AKAMAI_503 = `<HTML><HEAD>
<TITLE>Service Unavailable</TITLE>
</HEAD><BODY>
<H1>Service Unavailable - Zero size object</H1>
The server is temporarily unable to service your request.  Please try again
later.<P>
Reference&#32;&#35;15&#46;8f2d1702&#46;1765030000&#46;2a4b9c1
</BODY></HTML>`;

const MAILCHIMP_MAINTENANCE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Mailchimp is down for maintenance</title></head>
<body><h1>We'll be right back</h1>
<p>Mailchimp is undergoing scheduled maintenance. Check status.mailchimp.com for updates.</p></body></html>`;

const NGINX_504 = `<html>
<head><title>504 Gateway Time-out</title></head>
<body>
<center><h1>504 Gateway Time-out</h1></center>
<hr><center>nginx</center>
</body>
</html>`;

// --------------------------------------------------------------------------------------------- SendGrid

const sgError = (message: string, field: string | null = null, extra: Record<string, unknown> = {}) => ({
  errors: [{ field, message, ...extra }],
});

const SG_LISTS = [
  {
    id: "b8a9c2d1-4e5f-4a6b-9c7d-1e2f3a4b5c6d",
    name: "Newsletter",
    contact_count: 1842,
    _metadata: { self: "https://api.sendgrid.com/v3/marketing/lists/b8a9c2d1-4e5f-4a6b-9c7d-1e2f3a4b5c6d" },
  },
  {
    id: "f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b",
    name: "Beta testers",
    contact_count: 97,
    _metadata: { self: "https://api.sendgrid.com/v3/marketing/lists/f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b" },
  },
];

const SG_TEMPLATE = {
  id: "d-5c7e9a1b3d5f4e6a8c0b2d4f6a8c0e1f",
  name: "Order confirmation",
  generation: "dynamic",
  updated_at: "2026-11-28 09:14:02",
  versions: [
    {
      id: "8e0f2a4c-6b8d-4f0a-9c1e-3b5d7f9a1c3e",
      template_id: "d-5c7e9a1b3d5f4e6a8c0b2d4f6a8c0e1f",
      active: 1,
      name: "v3 (holiday footer)",
      subject: "Your order {{order_id}} is confirmed",
      updated_at: "2026-11-28 09:14:02",
      editor: "code",
      generate_plain_content: true,
      thumbnail_url: "//us-east-2-production-thumbnail-bucket.s3.amazonaws.com/8e0f2a4c.png",
    },
  ],
};

const SG_CONTACT = {
  id: "3a6b1c2d-7e8f-4a9b-8c0d-5e6f7a8b9c0d",
  first_name: "Ana",
  last_name: "Moreira",
  email: "ana.moreira@acme.example",
  alternate_emails: [],
  address_line_1: "",
  city: "Lisbon",
  country: "PT",
  list_ids: ["b8a9c2d1-4e5f-4a6b-9c7d-1e2f3a4b5c6d"],
  segment_ids: [],
  custom_fields: { plan: "pro" },
  created_at: "2026-03-14T10:22:31Z",
  updated_at: "2026-11-30T16:05:12Z",
  _metadata: { self: "https://api.sendgrid.com/v3/marketing/contacts/3a6b1c2d-7e8f-4a9b-8c0d-5e6f7a8b9c0d" },
};

function sgStats(days: string[], extra: Record<string, unknown> = {}) {
  return days.map((date, i) => ({
    date,
    stats: [
      {
        metrics: {
          blocks: i,
          bounce_drops: 0,
          bounces: 3 + i,
          clicks: 412 - i * 20,
          deferred: 12,
          delivered: 9820 - i * 130,
          invalid_emails: 1,
          opens: 4310 - i * 90,
          processed: 9840 - i * 128,
          requests: 9851 - i * 127,
          spam_report_drops: 0,
          spam_reports: i,
          unique_clicks: 301 - i * 11,
          unique_opens: 3120 - i * 70,
          unsubscribe_drops: 0,
          unsubscribes: 4 + i,
        },
        ...extra,
      },
    ],
  }));
}

function sendgrid(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const p = url.pathname;
  const method = req.method ?? "GET";
  if (state.sgKeyRevoked) return json(res, 401, sgError("authorization required"));
  if (state.sgRateLimited)
    return json(res, 429, sgError("too many requests"), {
      "x-ratelimit-limit": "600",
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset": "1765030860",
    });
  if (state.sgServerError) return json(res, 500, sgError("internal error"));
  if (state.sgBadGateway) return text(res, 502, CLOUDFLARE_502, "text/html");

  if (p === "/v3/scopes")
    return json(res, 200, {
      scopes: [
        "mail.send",
        "marketing.read",
        "marketing.automation.read",
        "stats.read",
        "templates.read",
        "templates.create",
        "templates.versions.read",
      ],
    });
  if (p === "/v3/marketing/lists" && method === "GET")
    return json(res, 200, {
      result: SG_LISTS,
      _metadata: { self: "https://api.sendgrid.com/v3/marketing/lists?page_size=1000", count: 2 },
    });
  if (p === "/v3/marketing/lists" && method === "POST") {
    const { name } = parse(body) as { name?: string };
    if (SG_LISTS.some((list) => list.name === name))
      return json(
        res,
        400,
        sgError("This list name is already in use. Please choose a new, unique name.", "name"),
      );
    return json(res, 201, { id: "0c9d8e7f-6a5b-4c3d-2e1f-0a9b8c7d6e5f", name, contact_count: 0 });
  }
  if (p === "/v3/templates" && method === "GET")
    return json(res, 200, {
      result: [SG_TEMPLATE],
      _metadata: { self: "https://api.sendgrid.com/v3/templates?page_size=50", count: 1 },
    });
  if (p === `/v3/templates/${SG_TEMPLATE.id}`) return json(res, 200, SG_TEMPLATE);
  if (p.startsWith("/v3/templates/")) return json(res, 404, sgError("resource not found", ""));
  if (p === "/v3/marketing/contacts/search" && method === "POST")
    return json(res, 200, {
      result: [],
      contact_count: 0,
      _metadata: { self: "https://api.sendgrid.com/v3/marketing/contacts/search" },
    });
  if (p === "/v3/marketing/contacts/search/emails" && method === "POST") {
    const { emails = [] } = parse(body) as { emails?: string[] };
    const known = emails.filter((email) => email === SG_CONTACT.email);
    if (!known.length) return json(res, 404, sgError("No contacts found"));
    return json(res, 200, {
      result: Object.fromEntries(
        emails.map((email) =>
          email === SG_CONTACT.email
            ? [email, { contact: SG_CONTACT }]
            : [email, { error: "contact not found" }],
        ),
      ),
    });
  }
  if (p === `/v3/marketing/contacts/${SG_CONTACT.id}`) return json(res, 200, SG_CONTACT);
  if (p.startsWith("/v3/marketing/contacts/")) return json(res, 404, sgError("Contact not found", ""));
  if (p === "/v3/marketing/field_definitions" && method === "POST") {
    const { name, field_type } = parse(body) as { name?: string; field_type?: string };
    return json(res, 200, {
      id: "e1_T",
      name,
      field_type,
      _metadata: { self: "https://api.sendgrid.com/v3/marketing/field_definitions/e1_T" },
    });
  }
  if (p.startsWith("/v3/marketing/segments/2.0/") && method === "PATCH")
    return json(res, 404, sgError("segment not found", "segment_id"));
  if (p === "/v3/marketing/senders")
    return json(res, 200, [
      {
        id: 4012871,
        nickname: "Acme News",
        from: { email: "news@acme.example", name: "Acme" },
        reply_to: { email: "support@acme.example", name: "Acme Support" },
        address: "Rua Augusta 100",
        city: "Lisbon",
        country: "Portugal",
        verified: { status: true, reason: null },
        locked: false,
        updated_at: 1764320000,
        created_at: 1741950000,
      },
    ]);
  if (p === "/v3/marketing/automations") return json(res, 200, { result: [], _metadata: { count: 0 } });
  if (p.startsWith("/v3/marketing/automations/"))
    return later(15_000, () =>
      json(res, 200, { id: p.split("/").pop(), name: "Welcome series", status: "live" }),
    );
  if (p === "/v3/marketing/singlesends/search")
    return json(res, 200, { result: [], _metadata: { count: 0 } });
  if (p === "/v3/stats") {
    const start = url.searchParams.get("start_date") ?? "";
    if (!/^\d{4}-\d{2}-\d{2}$/.test(start))
      return json(res, 400, sgError("is not a valid date. Please use the format YYYY-MM-DD.", "start_date"));
    return json(res, 200, sgStats(["2026-11-01", "2026-11-02", "2026-11-03"]));
  }
  if (p === "/v3/browsers/stats" || p === "/v3/clients/stats" || p === "/v3/geo/stats")
    return json(res, 200, sgStats(["2026-11-01"], { type: "browser", name: "Chrome" }));
  if (p === "/v3/mailbox_providers/stats") return json(res, 403, sgError("access forbidden"));
  if (p === "/v3/mail/send" && method === "POST") {
    const mail = parse(body) as { from?: { email?: string } };
    if (mail.from?.email !== "news@acme.example")
      return json(res, 403, {
        errors: [
          {
            message:
              "The from address does not match a verified Sender Identity. Mail cannot be sent until this error is resolved. Visit https://sendgrid.com/docs/for-developers/sending-email/sender-identity/ to see the Sender Identity requirements",
            field: "from",
            help: null,
          },
        ],
      });
    res.writeHead(202, { "x-message-id": "W3bq9Zr1Q0uS8xYt2kLm4A", "content-length": "0" });
    return res.end();
  }
  return json(res, 404, sgError("resource not found"));
}

// -------------------------------------------------------------------------------------------- Mailchimp

const MC_ERRORS = "https://mailchimp.com/developer/marketing/docs/errors/";
const mcError = (status: number, title: string, detail: string, extra: Record<string, unknown> = {}) => ({
  type: MC_ERRORS,
  title,
  status,
  detail,
  instance: "6a1f0c2e-7d3b-4c9a-b5e8-2f4d6a8c0e1b",
  ...extra,
});
const MC_404 = mcError(404, "Resource Not Found", "The requested resource could not be found.");

export const MC_LIST = "a1b2c3d4e5";
export const MC_EMPTY_LIST = "f0e9d8c7b6";
export const MC_CAMPAIGN = "9c8b7a6d5e";
export const MC_WORKFLOW = "4d3c2b1a0f";
export const MC_WORKFLOW_EMAIL = "7e6d5c4b3a";
export const MC_STORE = "acme-shop";

const mcProblem = { "content-type": "application/problem+json; charset=utf-8" };

function mailchimp(_req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  const p = url.pathname.replace(/^\/3\.0/, "");
  const problem = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    if (res.destroyed) return;
    res.writeHead(status, { ...mcProblem, ...headers });
    res.end(JSON.stringify(body));
  };
  if (state.mcKeyInvalid)
    return problem(
      401,
      mcError(
        401,
        "API Key Invalid",
        "Your API key may be invalid, or you've attempted to access the wrong datacenter.",
      ),
    );
  if (state.mcForbidden)
    return problem(403, mcError(403, "Forbidden", "User does not have access to the requested operation"));
  if (state.mcRateLimited)
    return problem(
      429,
      mcError(429, "Too Many Requests", "You have exceeded the limit of 10 simultaneous connections."),
      { "retry-after": "10" },
    );
  if (state.mcServerError)
    return problem(
      500,
      mcError(
        500,
        "Internal Server Error",
        "An unexpected internal error has occurred. Please contact Support for more information.",
      ),
    );
  if (state.mcUnavailable) return text(res, 503, AKAMAI_503, "text/html");
  if (state.mcMaintenance) return text(res, 200, MAILCHIMP_MAINTENANCE, "text/html; charset=utf-8");

  if (p === "/" || p === "")
    return json(res, 200, {
      account_id: "8d3a1f6c2b9e4d7a0c5f1e2b3",
      login_id: "149276341",
      account_name: "Acme Outfitters",
      email: "marketing@acme.example",
      first_name: "Rita",
      last_name: "Santos",
      username: "acme_marketing",
      role: "owner",
      member_since: "2019-04-02T11:20:44+00:00",
      pricing_plan_type: "monthly",
      account_timezone: "Europe/Lisbon",
      account_industry: "Retail",
      contact: { company: "Acme Outfitters Lda", addr1: "Rua Augusta 100", city: "Lisboa", country: "PT" },
      total_subscribers: 18342,
      _links: [],
    });
  if (p === "/lists")
    return json(res, 200, {
      lists: [
        {
          id: MC_LIST,
          web_id: 300421,
          name: "Acme Newsletter",
          date_created: "2019-04-02T11:31:09+00:00",
          list_rating: 4,
          stats: { member_count: 18342, unsubscribe_count: 611, open_rate: 38.2, click_rate: 4.1 },
        },
        {
          id: MC_EMPTY_LIST,
          web_id: 300977,
          name: "Spring pop-up (draft)",
          date_created: "2026-11-20T08:02:51+00:00",
          list_rating: 0,
          stats: { member_count: 0, unsubscribe_count: 0, open_rate: 0, click_rate: 0 },
        },
      ],
      total_items: 2,
      constraints: { may_create: true, max_instances: 1, current_total_instances: 2 },
      _links: [],
    });
  if (p === `/lists/${MC_LIST}`)
    return json(res, 200, {
      id: MC_LIST,
      web_id: 300421,
      name: "Acme Newsletter",
      permission_reminder: "You signed up for the Acme newsletter at acme.example.",
      campaign_defaults: { from_name: "Acme", from_email: "news@acme.example", subject: "", language: "en" },
      date_created: "2019-04-02T11:31:09+00:00",
      double_optin: true,
      stats: {
        member_count: 18342,
        unsubscribe_count: 611,
        cleaned_count: 140,
        open_rate: 38.2,
        click_rate: 4.1,
      },
      _links: [],
    });
  if (p === `/lists/${MC_LIST}/members`)
    return json(res, 200, {
      members: [
        {
          id: "b1946ac92492d2347c6235b4d2611184",
          email_address: "ana.moreira@acme.example",
          status: "subscribed",
          merge_fields: { FNAME: "Ana", LNAME: "Moreira" },
          timestamp_signup: "2026-03-14T10:22:31+00:00",
          member_rating: 4,
        },
        {
          id: "591785b794601e212b260e25925636fd",
          email_address: "joao.lima@acme.example",
          status: "unsubscribed",
          merge_fields: { FNAME: "João", LNAME: "Lima" },
          timestamp_signup: "2025-09-01T07:45:10+00:00",
          member_rating: 2,
        },
      ],
      list_id: MC_LIST,
      total_items: 2,
      _links: [],
    });
  if (p === `/lists/${MC_EMPTY_LIST}/members`)
    return json(res, 200, { members: [], list_id: MC_EMPTY_LIST, total_items: 0, _links: [] });
  if (p === `/lists/${MC_LIST}/segments`)
    return json(res, 200, {
      segments: [
        {
          id: 51234,
          name: "Opened in last 30 days",
          member_count: 6120,
          type: "saved",
          created_at: "2026-01-10T09:00:00+00:00",
          updated_at: "2026-12-05T03:00:00+00:00",
          list_id: MC_LIST,
        },
      ],
      list_id: MC_LIST,
      total_items: 1,
      _links: [],
    });
  if (p === "/campaigns")
    return json(res, 200, {
      campaigns: [
        {
          id: MC_CAMPAIGN,
          web_id: 1102934,
          type: "regular",
          create_time: "2026-11-27T10:00:00+00:00",
          status: "sent",
          emails_sent: 17890,
          send_time: "2026-11-28T08:00:00+00:00",
          recipients: { list_id: MC_LIST, list_name: "Acme Newsletter", recipient_count: 17890 },
          settings: {
            subject_line: "Black Friday: 30% off all jackets",
            title: "BF 2026",
            from_name: "Acme",
          },
        },
      ],
      total_items: 1,
      _links: [],
    });
  if (p === `/reports/${MC_CAMPAIGN}`)
    return json(res, 200, {
      id: MC_CAMPAIGN,
      campaign_title: "BF 2026",
      type: "regular",
      list_id: MC_LIST,
      subject_line: "Black Friday: 30% off all jackets",
      emails_sent: 17890,
      abuse_reports: 2,
      unsubscribed: 41,
      send_time: "2026-11-28T08:00:00+00:00",
      bounces: { hard_bounces: 12, soft_bounces: 57, syntax_errors: 0 },
      opens: { opens_total: 11234, unique_opens: 7012, open_rate: 0.3941 },
      clicks: { clicks_total: 2310, unique_clicks: 1402, click_rate: 0.0788 },
      ecommerce: { total_orders: 311, total_spent: 28410.5, total_revenue: 28410.5, currency_code: "EUR" },
      _links: [],
    });
  if (p === "/automations") return json(res, 200, { automations: [], total_items: 0, _links: [] });
  if (p === `/automations/${MC_WORKFLOW}/emails/${MC_WORKFLOW_EMAIL}/queue`)
    return json(res, 200, {
      workflow_id: MC_WORKFLOW,
      email_id: MC_WORKFLOW_EMAIL,
      queue: [
        {
          id: "b1946ac92492d2347c6235b4d2611184",
          workflow_id: MC_WORKFLOW,
          email_id: MC_WORKFLOW_EMAIL,
          list_id: MC_LIST,
          email_address: "ana.moreira@acme.example",
          next_send: "2026-12-07T09:00:00+00:00",
        },
      ],
      total_items: 1,
      _links: [],
    });
  if (p === "/templates")
    return json(res, 200, {
      templates: [
        {
          id: 10442,
          type: "user",
          name: "Acme monthly",
          drag_and_drop: true,
          responsive: true,
          active: true,
          date_created: "2024-02-01T12:00:00+00:00",
          thumbnail: "https://gallery.mailchimp.com/thumbs/10442.png",
        },
      ],
      total_items: 1,
      _links: [],
    });
  if (p === "/ecommerce/stores")
    return json(res, 200, {
      stores: [
        {
          id: MC_STORE,
          list_id: MC_LIST,
          name: "Acme Outfitters Shop",
          platform: "Shopify",
          domain: "shop.acme.example",
          currency_code: "EUR",
          created_at: "2021-06-01T10:00:00+00:00",
        },
      ],
      total_items: 1,
      _links: [],
    });
  if (p.startsWith("/reports/slow-"))
    return later(15_000, () => json(res, 200, { id: p.split("/").pop(), emails_sent: 0 }));
  return problem(404, MC_404);
}

// ---------------------------------------------------------------------------------------------- Mailtrap

export const MT_TEMPLATE = 41207;

function mailtrap(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const host = (req.headers.host ?? url.host).replace(/:\d+$/, "");
  const p = url.pathname;
  const method = req.method ?? "GET";
  const account = `/api/accounts/${MT_ACCOUNT}`;
  if (state.mtTokenRevoked) return json(res, 401, { error: "Incorrect API token" });
  if (state.mtForbidden) return json(res, 403, { errors: "Access forbidden" });
  if (state.mtRateLimited)
    return json(
      res,
      429,
      { errors: "Rate limit exceeded" },
      { "retry-after": "60", "x-ratelimit-limit": "150" },
    );
  if (state.mtServerError) return json(res, 500, { error: "Internal Server Error" });
  if (state.mtBadGateway) return text(res, 504, NGINX_504, "text/html");

  if (host === "send.api.mailtrap.io" && p === "/api/send" && method === "POST") {
    const mail = parse(body) as { from?: { email?: string }; to?: { email?: string }[] };
    if (!mail.from?.email?.endsWith("@acme.example"))
      return json(res, 401, {
        success: false,
        errors: ["Unauthorized: sender domain is not verified for this token"],
      });
    if ((mail.to ?? []).some((to) => !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(to.email ?? "")))
      return json(res, 400, { success: false, errors: ["'to' address is invalid"] });
    return json(res, 200, { success: true, message_ids: ["0c7fd939-02cf-11ed-88c2-0a58a9feac02"] });
  }
  if (host === "sandbox.api.mailtrap.io" && p.startsWith("/api/send/")) {
    if (p !== `/api/send/${MT_INBOX}`) return json(res, 404, { errors: ["Not Found"] });
    return json(res, 200, { success: true, message_ids: ["5f2c1a6e-9d3b-11f0-8a4c-0a58a9feac02"] });
  }
  if (p === "/api/accounts")
    return json(res, 200, [{ id: Number(MT_ACCOUNT), name: "Acme Outfitters", access_levels: [1000] }]);
  if (p === `${account}/email_templates` && method === "GET")
    return json(res, 200, [
      {
        id: MT_TEMPLATE,
        uuid: "813e39db-c74a-4830-b037-0e6ba8b1fe88",
        name: "Password reset",
        subject: "Reset your Acme password",
        category: "Account",
        created_at: "2026-05-02T09:12:44.000Z",
        updated_at: "2026-11-03T15:30:02.000Z",
        body_html: "<p>Hi {{user_name}}, use the link below to reset your password.</p>",
        body_text: "Hi {{user_name}}, use the link below to reset your password.",
      },
    ]);
  if (p === `${account}/email_templates/${MT_TEMPLATE}`)
    return json(res, 200, {
      id: MT_TEMPLATE,
      uuid: "813e39db-c74a-4830-b037-0e6ba8b1fe88",
      name: "Password reset",
      subject: "Reset your Acme password",
      category: "Account",
      created_at: "2026-05-02T09:12:44.000Z",
      updated_at: "2026-11-03T15:30:02.000Z",
      body_html: "<p>Hi {{user_name}}, use the link below to reset your password.</p>",
      body_text: "Hi {{user_name}}, use the link below to reset your password.",
    });
  if (p === `${account}/email_templates` && method === "POST")
    return json(res, 422, { errors: { name: ["has already been taken"] } });
  if (p.startsWith(`${account}/email_templates/`)) return json(res, 404, { error: "Not Found" });
  if (p === `${account}/inboxes/${MT_INBOX}/messages`) return json(res, 200, []);
  if (p === `${account}/sending_domains`)
    return json(res, 200, {
      data: [
        {
          id: 3938,
          domain_name: "acme.example",
          demo: false,
          compliance_status: "compliant",
          dns_verified: true,
          dns_verified_at: "2026-03-01T10:00:00.000Z",
          inbound_enabled: false,
          inbound_verified: false,
          dns_records: [],
          open_tracking_enabled: true,
          click_tracking_enabled: true,
          auto_unsubscribe_link_enabled: true,
          custom_domain_tracking_enabled: false,
          health_alerts_enabled: true,
          critical_alerts_enabled: true,
          alert_recipient_email: "ops@acme.example",
          permissions: { can_read: true, can_update: true, can_destroy: true },
        },
        {
          id: 4102,
          domain_name: "mail.acme-outlet.example",
          demo: false,
          compliance_status: "pending",
          dns_verified: false,
          dns_verified_at: null,
          inbound_enabled: false,
          inbound_verified: false,
          dns_records: [],
          open_tracking_enabled: true,
          click_tracking_enabled: true,
          auto_unsubscribe_link_enabled: true,
          custom_domain_tracking_enabled: false,
          health_alerts_enabled: true,
          critical_alerts_enabled: true,
          alert_recipient_email: null,
          permissions: { can_read: true, can_update: true, can_destroy: true },
        },
      ],
    });
  if (p === `${account}/contacts/lists`) return json(res, 200, []);
  if (
    p === `${account}/contacts/ana.moreira%40acme.example` ||
    p === `${account}/contacts/ana.moreira@acme.example`
  )
    return json(res, 200, {
      data: {
        id: "018dd5e3-f6d2-7c00-8f9b-e5c3f2d8a132",
        email: "ana.moreira@acme.example",
        fields: { first_name: "Ana", last_name: "Moreira" },
        list_ids: [1021],
        status: "subscribed",
        created_at: 1741950000000,
        updated_at: 1764320000000,
      },
    });
  if (p.startsWith(`${account}/contacts/`) && method === "GET")
    return json(res, 404, { errors: "Not Found" });
  if (p === `${account}/contacts` && method === "POST")
    return json(res, 409, { errors: { email: ["has already been taken"] } });
  if (p === `${account}/suppressions`) {
    if (url.searchParams.get("email")) return json(res, 200, []);
    return json(res, 200, [
      {
        id: "64d71bf3-1276-417b-86e1-8e66f138acfe",
        type: "hard bounce",
        created_at: "2026-11-30T14:02:11.000Z",
        email: "old.address@gone.example",
        sending_stream: "transactional",
        domain_name: "acme.example",
        message_bounce_category: "bad mailbox",
        message_category: "Password reset",
        message_client_ip: "193.29.174.12",
        message_created_at: "2026-11-30T14:02:09.000Z",
        message_outgoing_ip: "193.29.180.5",
        message_recipient_mx_name: "gone.example",
        message_sender_email: "no-reply@acme.example",
        message_subject: "Reset your Acme password",
      },
    ]);
  }
  if (p === `${account}/stats`) {
    const start = url.searchParams.get("start_date") ?? "";
    const end = url.searchParams.get("end_date") ?? "";
    if (end < start) return json(res, 422, { errors: { end_date: ["must be after start_date"] } });
    if (start.startsWith("2027")) return later(15_000, () => json(res, 200, {}));
    return json(res, 200, {
      delivery_count: 48211,
      delivery_rate: 0.991,
      bounce_count: 431,
      bounce_rate: 0.009,
      open_count: 21004,
      open_rate: 0.436,
      click_count: 3307,
      click_rate: 0.069,
      spam_count: 12,
      spam_rate: 0.0002,
    });
  }
  if (p === `${account}/billing/usage`) return json(res, 403, { errors: "Access forbidden" });
  return json(res, 404, { error: "Not Found" });
}

// ------------------------------------------------------------------------------------------- listeners

export const sendgridStandin = forwardProxy(SG_PROXY_PORT, tls, sendgrid);
export const mailchimpStandin = tlsStandin(MC_TLS_PORT, tls, mailchimp);
export const mailtrapStandin = forwardProxy(MT_PROXY_PORT, tls, mailtrap);

export const ALL_STANDINS = [sendgridStandin, mailchimpStandin, mailtrapStandin];
