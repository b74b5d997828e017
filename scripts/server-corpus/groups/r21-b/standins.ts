// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from):
// - Meta's Graph API (Marketing API v23.0) for meta-ads-mcp: ad accounts, campaigns, insights, audiences,
//   creatives, debug_token; errors in Graph's envelope `{"error":{"message","type","code","error_subcode",
//   "fbtrace_id"}}`. The server takes its base URL from META_BASE_URL: a plain loopback listener.
// - Iterable's REST API for @iterable/mcp: lists, campaigns, users, templates, events, list subscriptions;
//   errors `{"msg","code","params"}` and the HTML pages Iterable's front answers. ITERABLE_BASE_URL points the
//   server at a plain loopback listener (the server allows http for 127.0.0.1 only).
// - GAQL.app (`api.gaql.app`, TrueClicks' Google Ads relay) for @trueclicks/google-ads-mcp-js: accounts and
//   GAQL query results; errors are the Google Ads API's REST envelope `{"error":{"code","message","status",
//   "details":[GoogleAdsFailure]}}` relayed with their statuses. The host is written into the server: it has its
//   own forward proxy (standin-kit's `forwardProxy`, CONNECT terminated with the stand-in certificate), reached
//   through the group's proxy-preload.mjs.
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import path from "node:path";
import {
  certificate,
  clearTimers,
  forwardProxy,
  httpStandin,
  json,
  later,
  text,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r21-b";
export const CERT = path.join(DATA, "standin-cert.pem");

export const META_PORT = 41100;
export const ITERABLE_PORT = 41101;
export const GAQL_PROXY_PORT = 41102;

export const ensureCertificate = (): Certificate => certificate(DATA, ["api.gaql.app"]);

export const state = {
  metaTokenExpired: false,
  metaRateLimited: false,
  metaServerError: false,
  metaUnavailable: false,
  metaBadGateway: false,
  metaDebugTokenFails: false,
  itbBadKey: false,
  itbRateLimited: false,
  itbUnavailable: false,
  itbBadGateway: false,
  gRevoked: false,
  gNoAccounts: false,
  gRateLimited: false,
  gServerError: false,
  gUnavailable: false,
  gBadGateway: false,
};

// ---------------------------------------------------------------------------------------------------- Meta

export const META_TOKEN =
  "EAAGm0PX4ZCpsBO7kQ2vZAxR9mNt3wLbYc5HdZBq8ZCfUe1ZAaT6pKj0ZBs4XrWn7ZCLmQ2yVZBo9ZAcZDZD";
export const META_ACCOUNT = "act_4815162342";
export const META_CAMPAIGN = "120210000000000001";
export const META_CAMPAIGN_PAUSE = "120210000000000002";
export const META_CAMPAIGN_QUIET = "120210000000000003";
export const META_CAMPAIGN_MISSING = "120219999999999999";
export const META_CAMPAIGN_HIDDEN = "120214444444444444";
export const META_CAMPAIGN_SLOW = "120217777777777777";

let fbtrace = 0;
const trace = () => `A${["x7Kq2", "Lm9Rt", "Pz4Wd", "Hn6Yb", "Cv3Ej"][fbtrace++ % 5]}Qw8sN1bTf0oZ`;

function graphError(
  res: http.ServerResponse,
  status: number,
  error: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  json(res, status, { error: { ...error, fbtrace_id: trace() } }, headers);
}

const CAMPAIGNS = [
  {
    id: META_CAMPAIGN,
    name: "Winter Sale — Prospecting (Advantage+)",
    objective: "OUTCOME_SALES",
    status: "ACTIVE",
    effective_status: "ACTIVE",
    created_time: "2026-11-03T10:12:44+0000",
    updated_time: "2026-12-01T08:40:02+0000",
    start_time: "2026-11-05T00:00:00+0000",
    daily_budget: "15000",
    budget_remaining: "9840",
    account_id: "4815162342",
  },
  {
    id: META_CAMPAIGN_PAUSE,
    name: "Catalog retargeting — cart abandoners 14d",
    objective: "OUTCOME_SALES",
    status: "ACTIVE",
    effective_status: "ACTIVE",
    created_time: "2026-10-14T09:00:00+0000",
    updated_time: "2026-11-29T17:22:10+0000",
    start_time: "2026-10-15T00:00:00+0000",
    daily_budget: "6000",
    budget_remaining: "2115",
    account_id: "4815162342",
  },
  {
    id: META_CAMPAIGN_QUIET,
    name: "Newsletter sign-ups — lookalike 1% DE",
    objective: "OUTCOME_LEADS",
    status: "ACTIVE",
    effective_status: "ACTIVE",
    created_time: "2026-12-04T15:30:00+0000",
    updated_time: "2026-12-04T15:30:00+0000",
    start_time: "2026-12-08T00:00:00+0000",
    lifetime_budget: "250000",
    budget_remaining: "250000",
    account_id: "4815162342",
  },
];

function metaHandler(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  const parts = url.pathname.split("/").filter(Boolean); // ["v23.0", ...]
  const [, first, second] = parts;
  const method = req.method ?? "GET";

  if (first === "me" && !second) return json(res, 200, { id: "10229384756120", name: "Dana Whitfield" });
  if (first === "debug_token") {
    if (state.metaDebugTokenFails)
      return graphError(res, 400, {
        message:
          "Error validating access token: Session has expired on Sunday, 06-Dec-26 09:00:00 PST. The current time is Sunday, 06-Dec-26 11:57:31 PST.",
        type: "OAuthException",
        code: 190,
        error_subcode: 463,
      });
    return json(res, 200, {
      data: {
        app_id: "468231509917345",
        type: "USER",
        application: "Acme Growth Tools",
        expires_at: 1802217600,
        is_valid: true,
        scopes: ["ads_management", "ads_read", "business_management"],
        user_id: "10229384756120",
      },
    });
  }
  if (state.metaTokenExpired)
    return graphError(
      res,
      400,
      {
        message:
          "Error validating access token: Session has expired on Sunday, 06-Dec-26 09:00:00 PST. The current time is Sunday, 06-Dec-26 11:57:31 PST.",
        type: "OAuthException",
        code: 190,
        error_subcode: 463,
      },
      { "www-authenticate": 'OAuth "Facebook Platform" "invalid_token" "Error validating access token"' },
    );

  if (first === "me" && second === "adaccounts") {
    if (state.metaBadGateway)
      return text(
        res,
        502,
        "<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><p>The server returned an invalid or incomplete response.</p></body></html>",
        "text/html",
      );
    return json(res, 200, {
      data: [
        {
          id: META_ACCOUNT,
          name: "Acme Outdoor — EU",
          account_status: 1,
          balance: "18244",
          currency: "EUR",
          timezone_name: "Europe/Berlin",
          business: { id: "884201937716402", name: "Acme Outdoor GmbH" },
        },
        {
          id: "act_2718281828",
          name: "Acme Outdoor — US (legacy)",
          account_status: 2,
          balance: "0",
          currency: "USD",
          timezone_name: "America/Los_Angeles",
          business: { id: "884201937716402", name: "Acme Outdoor GmbH" },
        },
      ],
      paging: { cursors: { before: "QVFIUjBm", after: "QVFIUmVw" } },
    });
  }

  if (first === META_ACCOUNT && second === "campaigns") {
    if (method === "POST") return json(res, 200, { id: "120210000000000042" });
    if (state.metaRateLimited)
      return graphError(res, 400, {
        message:
          "(#80004) There have been too many calls to this ad-account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting#ads-management.",
        type: "OAuthException",
        code: 80004,
        error_subcode: 2446079,
      });
    if ((url.searchParams.get("effective_status") ?? "").includes("PAUSED"))
      return json(res, 200, { data: [] });
    return json(res, 200, {
      data: CAMPAIGNS,
      paging: { cursors: { before: "QVFIUmx1", after: "QVFIUmNw" } },
    });
  }
  if (first === META_ACCOUNT && second === "ads") return json(res, 200, { data: [] }); // reached only when the token works
  if (first === META_ACCOUNT && second === "customaudiences")
    return json(res, 200, {
      data: [
        {
          id: "23851112233440001",
          name: "Purchasers 180d (pixel)",
          subtype: "WEBSITE",
          approximate_count_lower_bound: 41000,
          approximate_count_upper_bound: 48200,
          retention_days: 180,
          operation_status: { code: 200, description: "Normal" },
        },
        {
          id: "23851112233440002",
          name: "Lookalike (DE, 1%) — Purchasers 180d",
          subtype: "LOOKALIKE",
          approximate_count_lower_bound: 620000,
          approximate_count_upper_bound: 729000,
          operation_status: { code: 200, description: "Normal" },
        },
      ],
    });
  if (first === META_ACCOUNT && second === "adcreatives")
    return json(res, 200, {
      data: [
        {
          id: "120211000000000101",
          name: "Cart recovery — card declined",
          title: "Payment didn't go through?",
          body: "Error: card declined? It happens. Your cart is saved for 48 hours — finish your order in one tap with PayPal or Klarna.",
          call_to_action: { type: "SHOP_NOW", value: { link: "https://acme-outdoor.example/cart" } },
        },
        {
          id: "120211000000000102",
          name: "Winter Sale — hero",
          title: "Up to 40% off insulated jackets",
          body: "Built for -20°C. Free returns until 31 January.",
          call_to_action: { type: "SHOP_NOW", value: { link: "https://acme-outdoor.example/winter" } },
        },
      ],
    });

  if (second === "adsets") {
    if (state.metaUnavailable)
      return graphError(res, 503, {
        message: "An unexpected error has occurred. Please retry your request later.",
        type: "OAuthException",
        is_transient: true,
        code: 2,
      });
    return json(res, 200, { data: [] });
  }

  if (second === "insights") {
    if (state.metaServerError)
      return graphError(res, 500, {
        message: "An unknown error has occurred.",
        type: "OAuthException",
        code: 1,
      });
    if (first === META_CAMPAIGN_QUIET) return json(res, 200, { data: [] });
    return json(res, 200, {
      data: [
        {
          date_start: "2026-11-01",
          date_stop: "2026-11-30",
          campaign_id: META_CAMPAIGN,
          account_id: "4815162342",
          impressions: "412880",
          clicks: "9214",
          spend: "4388.17",
          reach: "171203",
          frequency: "2.411638",
          ctr: "2.231641",
          cpc: "0.476250",
          cpm: "10.628197",
          actions: [
            { action_type: "link_click", value: "8702" },
            { action_type: "offsite_conversion.fb_pixel_purchase", value: "311" },
          ],
          cost_per_action_type: [{ action_type: "offsite_conversion.fb_pixel_purchase", value: "14.109871" }],
        },
      ],
      paging: { cursors: { before: "MAZDZD", after: "MAZDZD" } },
    });
  }

  if (first && !second) {
    if (first === META_CAMPAIGN_SLOW) return later(15_000, () => json(res, 200, CAMPAIGNS[0]));
    if (first === META_CAMPAIGN_HIDDEN) return text(res, 200, "false", "application/json; charset=UTF-8");
    if (first === META_CAMPAIGN_MISSING)
      return graphError(res, 400, {
        message: `Unsupported ${method.toLowerCase()} request. Object with ID '${first}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
        type: "GraphMethodException",
        code: 100,
        error_subcode: 33,
      });
    if (first === META_CAMPAIGN_PAUSE && method === "POST")
      return graphError(res, 403, {
        message: "(#200) Ad account owner has NOT grant ads_management or ads_read permission",
        type: "OAuthException",
        code: 200,
      });
    if (method === "DELETE") return json(res, 200, { success: true });
    const campaign = CAMPAIGNS.find((c) => c.id === first);
    if (campaign) return json(res, 200, campaign);
  }
  graphError(res, 400, {
    message: `Unknown path components: /${parts.slice(1).join("/")}`,
    type: "OAuthException",
    code: 2500,
  });
}

export const metaStandin = httpStandin(META_PORT, metaHandler);

// ------------------------------------------------------------------------------------------------ Iterable

export const ITERABLE_KEY = "4f9c2e71b8a3d6055e1c7a9b2d4f6e80";
export const ITB_CAMPAIGN = 2841907;
export const ITB_CAMPAIGN_MISSING = 99999999;
export const ITB_CAMPAIGN_SLOW = 2841555;
export const ITB_LIST = 48213;

const ELB_502 =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n</body>\r\n</html>\r\n";

const PLAY_404 = `<!DOCTYPE html>
<html lang="en">
    <head>
        <title>Action not found</title>
    </head>
    <body id="play-error-page">
        <h1>Action not found</h1>
        <h2>Oh no- that url doesn't exist.</h2>
    </body>
</html>
`;

function iterableHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  const p = url.pathname;
  if (state.itbBadKey)
    return json(res, 401, {
      msg: "Invalid API key",
      code: "BadApiKey",
      params: { ip: "203.0.113.24", endpoint: p },
    });
  if (state.itbRateLimited)
    return json(
      res,
      429,
      { msg: "Exceeded rate limit.", code: "RateLimitExceeded" },
      { "retry-after": "60" },
    );
  if (state.itbUnavailable)
    return json(res, 503, { code: "GenericError", msg: "Service temporarily unavailable" });
  if (state.itbBadGateway) return text(res, 502, ELB_502, "text/html");

  if (p === "/api/lists")
    return json(res, 200, {
      lists: [
        { id: ITB_LIST, name: "Newsletter — weekly digest", createdAt: 1730419200000, listType: "Standard" },
        {
          id: 48214,
          name: "Winter Sale 2026 — VIP early access",
          createdAt: 1764547200000,
          listType: "Standard",
        },
        { id: 50117, name: "Churn risk (90d inactive)", createdAt: 1759276800000, listType: "Dynamic" },
      ],
    });
  if (p === "/api/campaigns")
    return json(res, 200, {
      campaigns: [
        {
          id: ITB_CAMPAIGN,
          name: "Winter Sale — launch blast",
          createdAt: 1764806400000,
          updatedAt: 1764892800000,
          startAt: 1765180800000,
          templateId: 7712044,
          messageMedium: "Email",
          createdByUserId: "dana@acme-outdoor.example",
          campaignState: "Scheduled",
          listIds: [48214],
          type: "Blast",
        },
        {
          id: 2840113,
          name: "Abandoned cart — 2h reminder",
          createdAt: 1759276800000,
          updatedAt: 1763424000000,
          templateId: 7709981,
          messageMedium: "Email",
          createdByUserId: "dana@acme-outdoor.example",
          campaignState: "Running",
          workflowId: 301144,
          type: "Triggered",
        },
      ],
      totalCampaignsCount: 2,
    });
  const campaign = /^\/api\/campaigns\/(\d+)$/.exec(p);
  if (campaign) {
    const id = Number(campaign[1]);
    if (id === ITB_CAMPAIGN_SLOW)
      return later(15_000, () => json(res, 200, { id, name: "slow", type: "Blast", campaignState: "Draft" }));
    if (id === ITB_CAMPAIGN)
      return json(res, 200, {
        id,
        name: "Winter Sale — launch blast",
        createdAt: 1764806400000,
        updatedAt: 1764892800000,
        startAt: 1765180800000,
        templateId: 7712044,
        messageMedium: "Email",
        createdByUserId: "dana@acme-outdoor.example",
        campaignState: "Scheduled",
        listIds: [48214],
        suppressionListIds: [50117],
        sendSize: 18342,
        type: "Blast",
      });
    return text(res, 404, PLAY_404, "text/html; charset=utf-8");
  }
  const user = /^\/api\/users\/([^/]+)$/.exec(p);
  if (user && method === "GET") {
    const email = decodeURIComponent(user[1]!);
    if (email === "dana.whitfield@example.com")
      return json(res, 200, {
        user: {
          email,
          userId: "u-1001",
          dataFields: {
            firstName: "Dana",
            signupDate: "2025-03-14 09:12:00 +00:00",
            emailListIds: [48213, 48214],
            totalOrders: 7,
            lifetimeValue: 612.4,
          },
          profileUpdatedAt: "2026-12-01 18:04:11 +00:00",
        },
      });
    return json(res, 200, {});
  }
  const size = /^\/api\/lists\/(\d+)\/size$/.exec(p);
  if (size) return text(res, 200, "18342", "text/plain; charset=utf-8");
  if (p === "/api/templates") return json(res, 200, { templates: [], totalTemplatesCount: 0 });
  if (p === "/api/events/track")
    return json(res, 200, {
      msg: "Event with id: 6f1c2b0e4d8a4c1f9e7b3a5d2c8e0f14 tracked.",
      code: "Success",
      params: { id: "6f1c2b0e4d8a4c1f9e7b3a5d2c8e0f14" },
    });
  if (p === "/api/lists/subscribe") {
    const request = JSON.parse(body || "{}") as { listId?: number; subscribers?: { userId?: string }[] };
    if (request.listId === 999999999)
      return json(res, 400, {
        msg: "error.lists.invalidListId(999999999)",
        code: "Success",
        params: { projectId: 9079, listId: 999999999 },
      });
    const known = new Set(["u-1001", "u-1002", "u-1003"]);
    const subscribers = request.subscribers ?? [];
    const failed = subscribers.map((s) => s.userId ?? "").filter((id) => !known.has(id));
    return json(res, 200, {
      successCount: subscribers.length - failed.length,
      failCount: failed.length,
      invalidEmails: [],
      invalidUserIds: [],
      failedUpdates: { invalidEmails: [], invalidUserIds: [], failedEmails: [], failedUserIds: failed },
    });
  }
  if (p === "/api/users/update") return json(res, 200, { msg: "", code: "Success", params: null });
  if (p === "/api/users/updateEmail")
    return json(res, 409, {
      msg: "A user with email dana.w@acme-mail.example already exists",
      code: "EmailAlreadyExists",
      params: null,
    });
  text(res, 404, PLAY_404, "text/html; charset=utf-8");
}

export const iterableStandin = httpStandin(ITERABLE_PORT, iterableHandler);

// ---------------------------------------------------------------------------------------- GAQL.app (Google Ads)

export const GAQL_TOKEN = "Z3B0LXRva2VuOmFjbWUtb3V0ZG9vcjo3MjgxOTQwMzY1OjE3NjUwMzQ4MDA=";
export const GADS_CUSTOMER = 7281940365;
export const GADS_MANAGER = 6604417722;
export const GADS_CUSTOMER_FOREIGN = 3942718446;
export const GADS_CUSTOMER_CLOSED = 5550001111;
export const GADS_CUSTOMER_SLOW = 9912345678;

const ADS_VERSION = "v21";

function googleAdsError(
  res: http.ServerResponse,
  status: number,
  grpcStatus: string,
  message: string,
  errorCode: Record<string, string>,
  detail: string,
  headers: Record<string, string> = {},
) {
  json(
    res,
    status,
    {
      error: {
        code: status,
        message,
        status: grpcStatus,
        details: [
          {
            "@type": `type.googleapis.com/google.ads.googleads.${ADS_VERSION}.errors.GoogleAdsFailure`,
            errors: [{ errorCode, message: detail }],
            requestId: "Kq3sV8mN2pT6wX1yZ4bC7d",
          },
        ],
      },
    },
    headers,
  );
}

const IIS_ARR_502 = `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
<html xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"/>
<title>502 - Web server received an invalid response while acting as a gateway or proxy server.</title>
</head>
<body>
<div id="header"><h1>Server Error</h1></div>
<div id="content">
 <div class="content-container"><fieldset>
  <h2>502 - Web server received an invalid response while acting as a gateway or proxy server.</h2>
  <h3>There is a problem with the page you are looking for, and it cannot be displayed. When the Web server (while acting as a gateway or proxy) contacted the upstream content server, it received an invalid response from the content server.</h3>
 </fieldset></div>
</div>
</body>
</html>
`;

function gaqlHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const p = url.pathname;
  if (state.gRevoked)
    return json(res, 401, {
      error: {
        code: 401,
        message:
          "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
        status: "UNAUTHENTICATED",
      },
    });
  if (state.gBadGateway) return text(res, 502, IIS_ARR_502, "text/html");
  if (state.gServerError)
    return json(res, 500, {
      error: { code: 500, message: "Internal error encountered.", status: "INTERNAL" },
    });
  if (state.gUnavailable)
    return json(res, 503, {
      error: { code: 503, message: "The service is currently unavailable.", status: "UNAVAILABLE" },
    });
  if (state.gRateLimited)
    return googleAdsError(
      res,
      429,
      "RESOURCE_EXHAUSTED",
      "Resource has been exhausted (e.g. check quota).",
      { quotaError: "RESOURCE_TEMPORARILY_EXHAUSTED" },
      "Too many requests. Retry in 28 seconds.",
      { "retry-after": "28" },
    );

  if (p === "/api/gpt/google-ads/get-accounts") {
    if (state.gNoAccounts) return json(res, 200, []);
    return json(res, 200, [
      {
        customerId: GADS_MANAGER,
        descriptiveName: "Acme Outdoor — MCC",
        currencyCode: "EUR",
        timeZone: "Europe/Berlin",
        manager: true,
      },
      {
        customerId: GADS_CUSTOMER,
        descriptiveName: "Acme Outdoor — Search EU",
        currencyCode: "EUR",
        timeZone: "Europe/Berlin",
        manager: false,
        loginCustomerId: GADS_MANAGER,
      },
      {
        customerId: 8013377420,
        descriptiveName: "Acme Outdoor — PMax US",
        currencyCode: "USD",
        timeZone: "America/Los_Angeles",
        manager: false,
        loginCustomerId: GADS_MANAGER,
      },
    ]);
  }
  if (p === "/api/gpt/google-ads/execute-query" && req.method === "POST") {
    const request = JSON.parse(body || "{}") as { query?: string; customerId?: number };
    const query = request.query ?? "";
    if (request.customerId === GADS_CUSTOMER_SLOW) return later(15_000, () => json(res, 200, []));
    if (request.customerId === GADS_CUSTOMER_FOREIGN)
      return googleAdsError(
        res,
        403,
        "PERMISSION_DENIED",
        "The caller does not have permission",
        { authorizationError: "USER_PERMISSION_DENIED" },
        "User doesn't have permission to access customer. Note: If you're accessing a client customer, the manager's customer id must be set in the 'login-customer-id' header. See https://developers.google.com/google-ads/api/docs/concepts/call-structure#cid",
      );
    if (request.customerId === GADS_CUSTOMER_CLOSED)
      return googleAdsError(
        res,
        403,
        "PERMISSION_DENIED",
        "The caller does not have permission",
        { authorizationError: "CUSTOMER_NOT_ENABLED" },
        "The customer account can't be accessed because it is not yet enabled or has been deactivated.",
      );
    const unknownField = /\b(campaign\.nme|metrics\.click)\b/.exec(query);
    if (unknownField)
      return googleAdsError(
        res,
        400,
        "INVALID_ARGUMENT",
        "Request contains an invalid argument.",
        { queryError: "UNRECOGNIZED_FIELD" },
        `Unrecognized field in the query: '${unknownField[1]}'.`,
      );
    if (/REMOVED/.test(query)) return json(res, 200, []);
    if (/headlines/.test(query))
      return json(res, 200, [
        {
          "adGroup.name": "Windows update errors",
          "adGroupAd.ad.id": 712004418823,
          "adGroupAd.ad.responsiveSearchAd.headlines": [
            "Fix Error 0x80070005 Fast",
            "Windows Update Failed? We Fix It",
            "Remote PC Repair — 30 Min",
          ],
          "metrics.clicks": 388,
          "metrics.impressions": 14410,
        },
        {
          "adGroup.name": "Blue screen help",
          "adGroupAd.ad.id": 712004418901,
          "adGroupAd.ad.responsiveSearchAd.headlines": [
            "Blue Screen Error? Call Now",
            "Certified Technicians 24/7",
            "No Fix, No Fee",
          ],
          "metrics.clicks": 214,
          "metrics.impressions": 9022,
        },
      ]);
    if (/FROM customer\b/.test(query))
      return json(res, 200, [
        {
          "customer.id": GADS_CUSTOMER,
          "customer.descriptiveName": "Acme Outdoor — Search EU",
          "customer.currencyCode": "EUR",
          "customer.timeZone": "Europe/Berlin",
          "customer.status": "ENABLED",
        },
      ]);
    if (/FROM ad_group\b/.test(query))
      return json(res, 200, [
        {
          "campaign.name": "Search — Jackets (Brand)",
          "adGroup.name": "Down jackets",
          "metrics.clicks": 1204,
          "metrics.costMicros": 611250000,
        },
        {
          "campaign.name": "Search — Jackets (Brand)",
          "adGroup.name": "Rain shells",
          "metrics.clicks": 688,
          "metrics.costMicros": 301400000,
        },
      ]);
    return json(res, 200, [
      {
        "campaign.id": 21804417731,
        "campaign.name": "Search — Jackets (Brand)",
        "campaign.status": "ENABLED",
        "metrics.impressions": 88214,
        "metrics.clicks": 4410,
        "metrics.costMicros": 2104330000,
        "metrics.conversions": 182.5,
      },
      {
        "campaign.id": 21804417790,
        "campaign.name": "PMax — Winter Sale",
        "campaign.status": "ENABLED",
        "metrics.impressions": 301577,
        "metrics.clicks": 6120,
        "metrics.costMicros": 3988120000,
        "metrics.conversions": 240.0,
      },
    ]);
  }
  json(res, 404, { error: { code: 404, message: "Not Found", status: "NOT_FOUND" } });
}

export const gaqlStandin = forwardProxy(GAQL_PROXY_PORT, ensureCertificate, gaqlHandler);

export const ALL_STANDINS = [metaStandin, iterableStandin, gaqlStandin];
