// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from):
// - Pipedrive's REST API (`api.pipedrive.com/v1`, `?api_token=`) for pipedrive-mcp-server: deals, persons,
//   organizations, pipelines, item/lead search, and `/api/v2/stages`; errors in Pipedrive's envelope
//   `{"success": false, "error", "error_info", "data", "additional_data"}`. The host is written into the server's SDK
//   (superagent, Node's https module) and into one plain `fetch`: the SDK's TLS connections are sent to a loopback TLS
//   listener by https-preload.mjs, the `fetch` goes through a forward proxy by proxy-preload.mjs. Both answer with the
//   same handler, and stopping the Pipedrive stand-in stops both.
// - HighLevel's API v2 (`services.leadconnectorhq.com`, Bearer token, `Version: 2021-07-28`) for 0nmcp's CRM tools:
//   locations, contacts, notes, tags, opportunities, pipelines, calendars, users; errors in HighLevel's NestJS envelope
//   `{"statusCode", "message", "error"}`. Reached with Node's own `fetch` through its own forward proxy.
//
// `state` is switched by the sessions' hooks.

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
  type Standin,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r22-a";
export const CERT = path.join(DATA, "standin-cert.pem");

export const PIPEDRIVE_TLS_PORT = 41200;
export const PIPEDRIVE_PROXY_PORT = 41201;
export const HIGHLEVEL_PROXY_PORT = 41202;

export const ensureCertificate = (): Certificate =>
  certificate(DATA, ["api.pipedrive.com", "services.leadconnectorhq.com"]);

export const state = {
  pdRevoked: false,
  pdRateLimited: false,
  pdPaymentRequired: false,
  pdServerError: false,
  pdBadGateway: false,
  pdUnavailable: false,
  pdSlow: false,
  pdStagesUnauthorized: false,
  ghlRateLimited: false,
  ghlServerError: false,
  ghlBadGateway: false,
};

const CLOUDFLARE_502 = (host: string) =>
  `<!DOCTYPE html>
<!--[if lt IE 7]> <html class="no-js ie6 oldie" lang="en-US"> <![endif]-->
<!--[if gt IE 8]><!--> <html class="no-js" lang="en-US"> <!--<![endif]-->
<head>
<title>${host} | 502: Bad gateway</title>
<meta charset="UTF-8" />
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />
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
<div class="mt-3">2026-12-07 09:14:52 UTC</div>
</header>
<div class="my-8 bg-gradient-gray">
<div class="w-240 lg:w-full mx-auto">
<div class="clearfix md:px-8">
<div id="cf-host-status" class="cf-error-source relative w-1/3 md:w-full py-15 md:p-0 md:py-8 md:text-left md:border-solid md:border-0 md:border-b md:border-gray-400 overflow-hidden float-left md:float-none text-center">
<span class="md:block w-full truncate">${host}</span>
<h3 class="md:inline-block mt-3 md:mt-0 text-2xl text-gray-600 font-light leading-1.3">Host</h3>
<span class="leading-1.3 text-2xl text-red-error">Error</span>
</div>
</div>
</div>
</div>
<div class="cf-error-footer cf-wrapper w-240 lg:w-full py-10 sm:py-4 sm:px-8 mx-auto text-center sm:text-left border-solid border-0 border-t border-gray-300">
<p class="text-13">
<span class="cf-footer-item sm:block sm:mb-1">Cloudflare Ray ID: <strong class="font-semibold">8f1c2a9e4b7d0c31</strong></span>
</p>
</div>
</div>
</div>
</body>
</html>
`;

// --------------------------------------------------------------------------------------------------- Pipedrive

export const PIPEDRIVE_TOKEN = "9f8e2c41b7d05a6e3c1f0b9a8d7e6c5b4a3f2e1d";
export const PD_DEAL = 1042;
export const PD_DEAL_MISSING = 99017;
export const PD_DEAL_SLOW = 1077;
export const PD_PERSON = 318;
export const PD_ORG = 57;
export const PD_ORG_HIDDEN = 61;

const ERROR_INFO = "Please check developers.pipedrive.com for more information about Pipedrive API.";

function pdError(
  res: http.ServerResponse,
  status: number,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  json(res, status, { success: false, ...body }, headers);
}

const rateHeaders = (remaining: number) => ({
  "x-ratelimit-limit": "80",
  "x-ratelimit-remaining": String(remaining),
  "x-ratelimit-reset": "2",
  "x-daily-requests-left": "9412",
});

const OWNER = {
  id: 13170711,
  name: "Mara Lindqvist",
  email: "mara.lindqvist@nordhaven-tools.example",
  has_pic: 0,
  pic_hash: null,
  active_flag: true,
  value: 13170711,
};

const DEALS = [
  {
    id: PD_DEAL,
    creator_user_id: OWNER,
    user_id: OWNER,
    person_id: {
      active_flag: true,
      name: "Jonas Berg",
      email: [{ label: "work", value: "jonas.berg@fjordline-logistics.example", primary: true }],
      phone: [{ label: "work", value: "+46 8 555 012 44", primary: true }],
      owner_id: 13170711,
      value: PD_PERSON,
    },
    org_id: {
      name: "Fjordline Logistics AB",
      people_count: 4,
      owner_id: 13170711,
      address: "Hamngatan 12, 111 47 Stockholm",
      active_flag: true,
      cc_email: "nordhaven@pipedrivemail.com",
      value: PD_ORG,
    },
    stage_id: 3,
    title: "Fjordline Logistics — 40 torque wrenches + service plan",
    value: 18400,
    currency: "EUR",
    add_time: "2026-10-21 08:14:02",
    update_time: "2026-12-03 15:40:19",
    stage_change_time: "2026-11-28 10:02:51",
    active: true,
    deleted: false,
    status: "open",
    probability: null,
    next_activity_date: "2026-12-09",
    next_activity_subject: "Send revised quote",
    lost_reason: null,
    visible_to: "3",
    close_time: null,
    pipeline_id: 1,
    won_time: null,
    lost_time: null,
    products_count: 2,
    expected_close_date: "2026-12-19",
    label: "hot",
    stage_order_nr: 3,
    person_name: "Jonas Berg",
    org_name: "Fjordline Logistics AB",
    formatted_value: "€18,400",
    weighted_value: 11040,
    formatted_weighted_value: "€11,040",
    owner_name: "Mara Lindqvist",
    "8f3c1e2d9a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d": "Q1 2027",
  },
  {
    id: 1051,
    creator_user_id: OWNER,
    user_id: OWNER,
    person_id: {
      active_flag: true,
      name: "Aino Virtanen",
      email: [{ label: "work", value: "aino.virtanen@kauppahalli.example", primary: true }],
      phone: [],
      owner_id: 13170711,
      value: 322,
    },
    org_id: {
      name: "Kauppahalli Oy",
      people_count: 2,
      owner_id: 13170711,
      address: "Eteläranta, 00130 Helsinki",
      active_flag: true,
      cc_email: "nordhaven@pipedrivemail.com",
      value: 58,
    },
    stage_id: 1,
    title: "Kauppahalli — workshop starter kit",
    value: 3200,
    currency: "EUR",
    add_time: "2026-12-01 11:20:44",
    update_time: "2026-12-01 11:20:44",
    stage_change_time: null,
    active: true,
    deleted: false,
    status: "open",
    probability: null,
    next_activity_date: null,
    next_activity_subject: null,
    lost_reason: null,
    visible_to: "3",
    close_time: null,
    pipeline_id: 1,
    won_time: null,
    lost_time: null,
    products_count: 0,
    expected_close_date: null,
    label: null,
    stage_order_nr: 1,
    person_name: "Aino Virtanen",
    org_name: "Kauppahalli Oy",
    formatted_value: "€3,200",
    weighted_value: 3200,
    formatted_weighted_value: "€3,200",
    owner_name: "Mara Lindqvist",
    "8f3c1e2d9a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d": null,
  },
];

const PERSONS = [
  {
    id: PD_PERSON,
    company_id: 11204455,
    owner_id: OWNER,
    org_id: {
      name: "Fjordline Logistics AB",
      people_count: 4,
      owner_id: 13170711,
      address: "Hamngatan 12, 111 47 Stockholm",
      active_flag: true,
      value: PD_ORG,
    },
    name: "Jonas Berg",
    first_name: "Jonas",
    last_name: "Berg",
    open_deals_count: 1,
    closed_deals_count: 2,
    won_deals_count: 2,
    lost_deals_count: 0,
    email: [{ label: "work", value: "jonas.berg@fjordline-logistics.example", primary: true }],
    phone: [{ label: "work", value: "+46 8 555 012 44", primary: true }],
    add_time: "2025-03-11 09:02:10",
    update_time: "2026-12-03 15:40:19",
    visible_to: "3",
    label: 5,
    org_name: "Fjordline Logistics AB",
    owner_name: "Mara Lindqvist",
  },
  {
    id: 322,
    company_id: 11204455,
    owner_id: OWNER,
    org_id: {
      name: "Kauppahalli Oy",
      people_count: 2,
      owner_id: 13170711,
      address: "Eteläranta, 00130 Helsinki",
      active_flag: true,
      value: 58,
    },
    name: "Aino Virtanen",
    first_name: "Aino",
    last_name: "Virtanen",
    open_deals_count: 1,
    closed_deals_count: 0,
    won_deals_count: 0,
    lost_deals_count: 0,
    email: [{ label: "work", value: "aino.virtanen@kauppahalli.example", primary: true }],
    phone: [],
    add_time: "2026-12-01 11:18:02",
    update_time: "2026-12-01 11:20:44",
    visible_to: "3",
    label: null,
    org_name: "Kauppahalli Oy",
    owner_name: "Mara Lindqvist",
  },
];

const ORGS = [
  {
    id: PD_ORG,
    company_id: 11204455,
    owner_id: OWNER,
    name: "Fjordline Logistics AB",
    open_deals_count: 1,
    closed_deals_count: 2,
    won_deals_count: 2,
    people_count: 4,
    address: "Hamngatan 12, 111 47 Stockholm",
    address_country: "Sweden",
    add_time: "2025-03-11 09:00:44",
    update_time: "2026-12-03 15:40:19",
    visible_to: "3",
    label: 5,
    owner_name: "Mara Lindqvist",
    cc_email: "nordhaven@pipedrivemail.com",
  },
  {
    id: 58,
    company_id: 11204455,
    owner_id: OWNER,
    name: "Kauppahalli Oy",
    open_deals_count: 1,
    closed_deals_count: 0,
    won_deals_count: 0,
    people_count: 2,
    address: "Eteläranta, 00130 Helsinki",
    address_country: "Finland",
    add_time: "2026-12-01 11:17:30",
    update_time: "2026-12-01 11:20:44",
    visible_to: "3",
    label: null,
    owner_name: "Mara Lindqvist",
    cc_email: "nordhaven@pipedrivemail.com",
  },
];

const PIPELINES = [
  {
    id: 1,
    name: "Direct sales",
    url_title: "direct-sales",
    order_nr: 1,
    active: true,
    deal_probability: true,
    add_time: "2024-09-02 07:30:11",
    update_time: "2026-01-14 12:00:00",
    selected: true,
  },
  {
    id: 2,
    name: "Distributors",
    url_title: "distributors",
    order_nr: 2,
    active: true,
    deal_probability: false,
    add_time: "2025-02-18 10:12:40",
    update_time: "2025-02-18 10:12:40",
    selected: false,
  },
];

const STAGES: Record<number, unknown[]> = {
  1: [
    {
      id: 1,
      order_nr: 1,
      name: "Qualified",
      is_deleted: false,
      deal_probability: 100,
      pipeline_id: 1,
      is_deal_rot_enabled: false,
      days_to_rotten: null,
      add_time: "2024-09-02T07:30:11Z",
      update_time: null,
    },
    {
      id: 2,
      order_nr: 2,
      name: "Demo scheduled",
      is_deleted: false,
      deal_probability: 80,
      pipeline_id: 1,
      is_deal_rot_enabled: true,
      days_to_rotten: 14,
      add_time: "2024-09-02T07:30:11Z",
      update_time: null,
    },
    {
      id: 3,
      order_nr: 3,
      name: "Proposal sent",
      is_deleted: false,
      deal_probability: 60,
      pipeline_id: 1,
      is_deal_rot_enabled: true,
      days_to_rotten: 21,
      add_time: "2024-09-02T07:30:11Z",
      update_time: "2026-01-14T12:00:00Z",
    },
    {
      id: 4,
      order_nr: 4,
      name: "Negotiation",
      is_deleted: false,
      deal_probability: 40,
      pipeline_id: 1,
      is_deal_rot_enabled: false,
      days_to_rotten: null,
      add_time: "2024-09-02T07:30:11Z",
      update_time: null,
    },
  ],
  2: [
    {
      id: 6,
      order_nr: 1,
      name: "Onboarding",
      is_deleted: false,
      deal_probability: 100,
      pipeline_id: 2,
      is_deal_rot_enabled: false,
      days_to_rotten: null,
      add_time: "2025-02-18T10:12:40Z",
      update_time: null,
    },
    {
      id: 7,
      order_nr: 2,
      name: "First order",
      is_deleted: false,
      deal_probability: 50,
      pipeline_id: 2,
      is_deal_rot_enabled: false,
      days_to_rotten: null,
      add_time: "2025-02-18T10:12:40Z",
      update_time: null,
    },
  ],
};

const pagination = () => ({ pagination: { start: 0, limit: 100, more_items_in_collection: false } });

function searchResult(items: unknown[]) {
  return {
    success: true,
    data: { items },
    additional_data: { pagination: { start: 0, limit: 100, more_items_in_collection: false } },
  };
}

function pipedriveHandler(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  const parts = url.pathname.split("/").filter(Boolean); // ["v1", "deals", "1042"] or ["api", "v2", "stages"]
  const token = url.searchParams.get("api_token");
  if (req.method !== "GET") return pdError(res, 405, { error: "Method not allowed", error_info: ERROR_INFO });

  // /api/v2/stages (the server's own fetch for get-stages)
  if (parts[0] === "api" && parts[1] === "v2" && parts[2] === "stages") {
    if (state.pdStagesUnauthorized || token !== PIPEDRIVE_TOKEN)
      return pdError(res, 401, { error: "unauthorized access", errorCode: 401, error_info: ERROR_INFO });
    const pipelineId = Number(url.searchParams.get("pipeline_id"));
    return json(res, 200, {
      success: true,
      data: STAGES[pipelineId] ?? [],
      additional_data: { next_cursor: null },
    });
  }

  if (parts[0] !== "v1")
    return pdError(res, 404, {
      error: "Unknown method .",
      error_info: ERROR_INFO,
      data: null,
      additional_data: null,
    });
  const [, resource, second] = parts;

  if (state.pdRevoked || token !== PIPEDRIVE_TOKEN)
    return pdError(res, 401, { error: "unauthorized access", errorCode: 401, error_info: ERROR_INFO });
  if (state.pdPaymentRequired)
    return pdError(res, 402, {
      error: "Company account is not open (possible reason: trial expired, payment details not entered)",
      errorCode: 402,
      error_info: ERROR_INFO,
      data: null,
      additional_data: null,
    });
  if (state.pdRateLimited)
    return pdError(
      res,
      429,
      {
        error: "Request over limit",
        errorCode: 429,
        error_info: ERROR_INFO,
        data: null,
        additional_data: null,
      },
      { ...rateHeaders(0), "retry-after": "2" },
    );
  if (state.pdServerError)
    return pdError(res, 500, {
      error: "Internal Server Error occurred. Pipedrive staff was notified about this.",
      errorCode: 500,
      error_info: ERROR_INFO,
      data: null,
      additional_data: null,
    });
  if (state.pdBadGateway)
    return text(res, 502, CLOUDFLARE_502("api.pipedrive.com"), "text/html; charset=UTF-8");
  if (state.pdUnavailable)
    return pdError(res, 503, {
      error: "Requested service is not available",
      error_info: "Please check developers.pipedrive.com",
      data: null,
      additional_data: null,
    });

  const ok = (data: unknown, extra: Record<string, unknown> = {}) =>
    json(res, 200, { success: true, data, ...extra }, rateHeaders(74));

  if (resource === "deals" && second === "search") {
    const term = (url.searchParams.get("term") ?? "").toLowerCase();
    if (term.length < 2)
      return pdError(res, 400, {
        error: "Search term must be at least 2 characters long",
        error_info: ERROR_INFO,
        data: null,
        additional_data: null,
      });
    const items = DEALS.filter((deal) =>
      `${deal.title} ${deal.org_name} ${deal.person_name}`.toLowerCase().includes(term),
    ).map((deal) => ({
      result_score: 0.8123,
      item: {
        id: deal.id,
        type: "deal",
        title: deal.title,
        value: deal.value,
        currency: deal.currency,
        status: deal.status,
        visible_to: 3,
        owner: { id: 13170711 },
        stage: { id: deal.stage_id, name: deal.stage_id === 3 ? "Proposal sent" : "Qualified" },
        person: { id: deal.person_id.value, name: deal.person_name },
        organization: { id: deal.org_id.value, name: deal.org_name, address: null },
        custom_fields: [],
        notes: [],
      },
    }));
    return json(res, 200, searchResult(items), rateHeaders(73));
  }
  if (resource === "deals" && second) {
    const id = Number(second);
    if (id === PD_DEAL_SLOW) return later(15_000, () => ok(DEALS[0]));
    const deal = DEALS.find((d) => d.id === id);
    if (!deal)
      return pdError(res, 404, {
        error: "Deal not found",
        error_info: ERROR_INFO,
        data: null,
        additional_data: null,
      });
    return ok(deal, {
      additional_data: { dropbox_email: "nordhaven+deal1042@pipedrivemail.com" },
      related_objects: { user: { [OWNER.id]: OWNER } },
    });
  }
  if (resource === "deals" && state.pdSlow)
    return later(15_000, () => ok(DEALS, { additional_data: pagination() }));
  if (resource === "deals") return ok(DEALS, { additional_data: pagination() });

  if (resource === "persons" && second === "search") {
    const term = (url.searchParams.get("term") ?? "").toLowerCase();
    const items = PERSONS.filter((p) =>
      `${p.name} ${p.email.map((e) => e.value).join(" ")}`.toLowerCase().includes(term),
    ).map((p) => ({
      result_score: 1.3,
      item: {
        id: p.id,
        type: "person",
        name: p.name,
        phones: p.phone.map((x) => x.value),
        emails: p.email.map((x) => x.value),
        visible_to: 3,
        owner: { id: 13170711 },
        organization: { id: p.org_id.value, name: p.org_name, address: null },
        custom_fields: [],
        notes: [],
      },
    }));
    return json(res, 200, searchResult(items), rateHeaders(72));
  }
  if (resource === "persons" && second) {
    const person = PERSONS.find((p) => p.id === Number(second));
    if (!person)
      return pdError(res, 404, {
        error: "Person not found",
        error_info: ERROR_INFO,
        data: null,
        additional_data: null,
      });
    return ok(person);
  }
  if (resource === "persons") return ok(PERSONS, { additional_data: pagination() });

  if (resource === "organizations" && second === "search") {
    const term = (url.searchParams.get("term") ?? "").toLowerCase();
    const items = ORGS.filter((o) => o.name.toLowerCase().includes(term)).map((o) => ({
      result_score: 0.9,
      item: {
        id: o.id,
        type: "organization",
        name: o.name,
        address: o.address,
        visible_to: 3,
        owner: { id: 13170711 },
        custom_fields: [],
        notes: [],
      },
    }));
    return json(res, 200, searchResult(items), rateHeaders(71));
  }
  if (resource === "organizations" && second) {
    const id = Number(second);
    if (id === PD_ORG_HIDDEN)
      return pdError(res, 403, {
        error: "You do not have permissions to view this item",
        error_info: ERROR_INFO,
        data: null,
        additional_data: null,
      });
    const org = ORGS.find((o) => o.id === id);
    if (!org)
      return pdError(res, 404, {
        error: "Organization not found",
        error_info: ERROR_INFO,
        data: null,
        additional_data: null,
      });
    return ok(org);
  }
  if (resource === "organizations") return ok(ORGS, { additional_data: pagination() });

  if (resource === "pipelines" && second) {
    const pipeline = PIPELINES.find((p) => p.id === Number(second));
    if (!pipeline)
      return pdError(res, 404, {
        error: "Pipeline not found",
        error_info: ERROR_INFO,
        data: null,
        additional_data: null,
      });
    return ok(pipeline);
  }
  if (resource === "pipelines") return ok(PIPELINES);

  if (resource === "leads" && second === "search") {
    const term = (url.searchParams.get("term") ?? "").toLowerCase();
    const items = "kauppahalli — second location fit-out kauppahalli oy aino virtanen".includes(term)
      ? [
          {
            result_score: 0.71,
            item: {
              id: "adf21080-0e10-11eb-879b-05d71fb426ec",
              type: "lead",
              title: "Kauppahalli — second location fit-out",
              owner: { id: 13170711 },
              person: { id: 322, name: "Aino Virtanen" },
              organization: { id: 58, name: "Kauppahalli Oy" },
              phones: [],
              emails: ["aino.virtanen@kauppahalli.example"],
              custom_fields: [],
              notes: [],
              value: 5600,
              currency: "EUR",
              visible_to: 3,
              is_archived: false,
            },
          },
        ]
      : [];
    return json(res, 200, searchResult(items), rateHeaders(70));
  }

  if (resource === "itemSearch") {
    const term = (url.searchParams.get("term") ?? "").toLowerCase();
    const items: unknown[] = [];
    for (const o of ORGS)
      if (o.name.toLowerCase().includes(term))
        items.push({
          result_score: 0.95,
          item: {
            id: o.id,
            type: "organization",
            name: o.name,
            address: o.address,
            visible_to: 3,
            owner: { id: 13170711 },
            custom_fields: [],
            notes: [],
          },
        });
    for (const p of PERSONS)
      if (`${p.name} ${p.org_name}`.toLowerCase().includes(term))
        items.push({
          result_score: 0.6,
          item: {
            id: p.id,
            type: "person",
            name: p.name,
            phones: p.phone.map((x) => x.value),
            emails: p.email.map((x) => x.value),
            visible_to: 3,
            owner: { id: 13170711 },
            organization: { id: p.org_id.value, name: p.org_name, address: null },
            custom_fields: [],
            notes: [],
          },
        });
    for (const d of DEALS)
      if (`${d.title} ${d.org_name}`.toLowerCase().includes(term))
        items.push({
          result_score: 0.55,
          item: {
            id: d.id,
            type: "deal",
            title: d.title,
            value: d.value,
            currency: d.currency,
            status: d.status,
            visible_to: 3,
            owner: { id: 13170711 },
            stage: { id: d.stage_id, name: "Proposal sent" },
            person: { id: d.person_id.value, name: d.person_name },
            organization: { id: d.org_id.value, name: d.org_name, address: null },
            custom_fields: [],
            notes: [],
          },
        });
    return json(
      res,
      200,
      {
        success: true,
        data: { items, related_items: [] },
        additional_data: { pagination: { start: 0, limit: 100, more_items_in_collection: false } },
      },
      rateHeaders(69),
    );
  }

  return pdError(res, 404, {
    error: "Unknown method .",
    error_info: ERROR_INFO,
    data: null,
    additional_data: null,
  });
}

const pipedriveTls = tlsStandin(PIPEDRIVE_TLS_PORT, ensureCertificate, pipedriveHandler);
const pipedriveProxy = forwardProxy(PIPEDRIVE_PROXY_PORT, ensureCertificate, pipedriveHandler);

/** Both Pipedrive listeners (the SDK's TLS stand-in and the proxy for the server's own fetch) as one. */
export const pipedriveStandin: Standin = {
  start: async () => {
    await pipedriveTls.start();
    await pipedriveProxy.start();
  },
  stop: async () => {
    await pipedriveTls.stop();
    await pipedriveProxy.stop();
  },
};

// --------------------------------------------------------------------------------------------------- HighLevel

export const GHL_TOKEN = "pit-7c2d9e41-5b8a-4f03-a6e2-91d4c0b7f3a8";
export const GHL_TOKEN_EXPIRED =
  "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJhdXRoQ2xhc3MiOiJMb2NhdGlvbiIsImF1dGhDbGFzc0lkIjoiTkowNGt0NklZZ2VGcEVScEtZeTMiLCJleHAiOjE3OTk5OTk5OTl9.c2lnbmF0dXJl";
export const GHL_TOKEN_NARROW = "pit-0e5a7c19-2f4b-4d8e-b3a1-6c9f2d8e1a47";
export const GHL_LOCATION = "Ne04kt6IYgeFpERpKYy3";
export const GHL_LOCATION_OTHER = "wAcbT1ozUU5MKeOM1uT5";
export const GHL_CONTACT = "ocQHyuzHvysMo5N5VsXc";
export const GHL_CONTACT_MISSING = "zzX9notAcontact00001";
export const GHL_CONTACT_SLOW = "slW7kq2RmA9bXc4Dp1Lz";
export const GHL_OPPORTUNITY = "yWQobCRIhRguQtD2llvk";
export const GHL_PIPELINE = "VDm7RPYC2GLUvdpKmBfC";

const GHL_CONTACTS = [
  {
    id: GHL_CONTACT,
    locationId: GHL_LOCATION,
    contactName: "dana whitfield",
    firstName: "Dana",
    lastName: "Whitfield",
    firstNameRaw: "Dana",
    lastNameRaw: "Whitfield",
    companyName: "Whitfield Dental Studio",
    email: "dana@whitfielddental.example",
    phone: "+15125550184",
    dnd: false,
    dndSettings: {},
    type: "lead",
    source: "Website form — free consult",
    assignedTo: "2kT0Hk4mL9pQ1rS6uV3w",
    city: "Austin",
    state: "TX",
    postalCode: "78704",
    address1: "1803 S Congress Ave",
    dateAdded: "2026-11-18T16:02:11.431Z",
    dateUpdated: "2026-12-04T20:15:47.902Z",
    dateOfBirth: null,
    tags: ["consult-booked", "invisalign"],
    country: "US",
    website: null,
    timezone: "America/Chicago",
    customFields: [{ id: "JUsQn5Hkbdm4Zdg8Hs1k", value: "Invisalign" }],
    attributions: [
      { utmSessionSource: "Paid Search", isFirst: true, medium: "form", mediumId: "f3vQ2kLmN8pR1sT5" },
    ],
  },
  {
    id: "pL3sKv8wQ2eRtY6uI0oA",
    locationId: GHL_LOCATION,
    contactName: "marcus ortega",
    firstName: "Marcus",
    lastName: "Ortega",
    companyName: null,
    email: "marcus.ortega@mailbox.example",
    phone: "+15125550127",
    dnd: false,
    type: "lead",
    source: "Facebook lead ad",
    assignedTo: null,
    dateAdded: "2026-12-02T13:44:08.118Z",
    dateUpdated: "2026-12-02T13:44:08.118Z",
    tags: ["new-lead"],
    country: "US",
    timezone: "America/Chicago",
    customFields: [],
  },
];

const GHL_OPPORTUNITIES = [
  {
    id: GHL_OPPORTUNITY,
    name: "Dana Whitfield — Invisalign full case",
    monetaryValue: 5400,
    pipelineId: GHL_PIPELINE,
    pipelineStageId: "7915dedc-8f18-44d5-8bc3-77c04e994a10",
    assignedTo: "2kT0Hk4mL9pQ1rS6uV3w",
    status: "open",
    source: "Website form — free consult",
    lastStatusChangeAt: "2026-11-18T16:02:12.004Z",
    lastStageChangeAt: "2026-12-04T20:15:48.011Z",
    createdAt: "2026-11-18T16:02:12.004Z",
    updatedAt: "2026-12-04T20:15:48.011Z",
    contactId: GHL_CONTACT,
    locationId: GHL_LOCATION,
    contact: {
      id: GHL_CONTACT,
      name: "Dana Whitfield",
      companyName: "Whitfield Dental Studio",
      email: "dana@whitfielddental.example",
      phone: "+15125550184",
      tags: ["consult-booked", "invisalign"],
    },
    notes: [],
    tasks: [],
    calendarEvents: [],
    customFields: [],
    followers: [],
  },
  {
    id: "bR8tW2yU6iO0pA4sD1fG",
    name: "Marcus Ortega — whitening",
    monetaryValue: 650,
    pipelineId: GHL_PIPELINE,
    pipelineStageId: "3aeae9a2-5c1d-4f7e-9b0a-2d8c6e4f1b39",
    assignedTo: null,
    status: "open",
    source: "Facebook lead ad",
    createdAt: "2026-12-02T13:44:09.220Z",
    updatedAt: "2026-12-02T13:44:09.220Z",
    contactId: "pL3sKv8wQ2eRtY6uI0oA",
    locationId: GHL_LOCATION,
    contact: {
      id: "pL3sKv8wQ2eRtY6uI0oA",
      name: "Marcus Ortega",
      companyName: null,
      email: "marcus.ortega@mailbox.example",
      phone: "+15125550127",
      tags: ["new-lead"],
    },
    notes: [],
    tasks: [],
    calendarEvents: [],
    customFields: [],
    followers: [],
  },
];

const traceId = (() => {
  let n = 0;
  const ids = [
    "4e7614ed-7f3e-4881-992c-292d2e871e3e",
    "9b1f02c4-3d5e-4a7b-8c9d-0e1f2a3b4c5d",
    "c7d8e9f0-1a2b-4c3d-9e4f-5a6b7c8d9e0f",
    "0f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f",
  ];
  return () => ids[n++ % ids.length];
})();

function ghlError(
  res: http.ServerResponse,
  status: number,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  json(res, status, body, headers);
}

const ghlRate = (remaining: number) => ({
  "x-ratelimit-limit-daily": "200000",
  "x-ratelimit-daily-remaining": "198841",
  "x-ratelimit-interval-milliseconds": "10000",
  "x-ratelimit-max": "100",
  "x-ratelimit-remaining": String(remaining),
});

function highLevelHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const parts = url.pathname.split("/").filter(Boolean);
  const method = req.method ?? "GET";
  const auth = (req.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
  const locationId =
    url.searchParams.get("locationId") ??
    url.searchParams.get("location_id") ??
    (parse(body).locationId as string | undefined);

  if (auth === GHL_TOKEN_EXPIRED) return ghlError(res, 401, { statusCode: 401, message: "Invalid JWT" });
  if (auth !== GHL_TOKEN && auth !== GHL_TOKEN_NARROW)
    return ghlError(res, 401, { statusCode: 401, message: "Invalid JWT" });
  if (locationId && locationId !== GHL_LOCATION)
    return ghlError(res, 403, {
      statusCode: 403,
      message: "The token does not have access to this location.",
    });
  if (state.ghlRateLimited)
    return ghlError(
      res,
      429,
      { statusCode: 429, message: "Too Many Requests", error: "Too Many Requests" },
      ghlRate(0),
    );
  if (state.ghlServerError)
    return ghlError(res, 500, { statusCode: 500, message: "Internal server error", traceId: traceId() });
  if (state.ghlBadGateway)
    return text(res, 502, CLOUDFLARE_502("services.leadconnectorhq.com"), "text/html; charset=UTF-8");

  const ok = (status: number, data: unknown) => json(res, status, data, ghlRate(97));
  const [first, second, third] = parts;

  if (first === "locations" && second) {
    if (second !== GHL_LOCATION)
      return ghlError(res, 403, {
        statusCode: 403,
        message: "The token does not have access to this location.",
      });
    return ok(200, {
      location: {
        id: GHL_LOCATION,
        companyId: "5DP4iH6HLkQsiKESj6rh",
        name: "Whitfield Dental Studio — South Congress",
        address: "1803 S Congress Ave",
        city: "Austin",
        state: "TX",
        country: "US",
        postalCode: "78704",
        website: "https://whitfielddental.example",
        timezone: "America/Chicago",
        email: "frontdesk@whitfielddental.example",
        phone: "+15125550100",
        business: {
          name: "Whitfield Dental Studio",
          address: "1803 S Congress Ave",
          city: "Austin",
          state: "TX",
          country: "US",
          postalCode: "78704",
          website: "https://whitfielddental.example",
          timezone: "America/Chicago",
          email: "frontdesk@whitfielddental.example",
        },
        settings: {
          allowDuplicateContact: false,
          allowDuplicateOpportunity: false,
          allowFacebookNameMerge: false,
          disableContactTimezone: false,
        },
      },
    });
  }

  if (first === "contacts" && second === "search" && method === "POST") {
    const query = String(parse(body).query ?? "").toLowerCase();
    const contacts = GHL_CONTACTS.filter((c) =>
      `${c.contactName} ${c.email} ${c.companyName ?? ""}`.toLowerCase().includes(query),
    );
    return ok(200, { contacts, total: contacts.length });
  }
  if (first === "contacts" && !second && method === "POST") {
    const data = parse(body);
    const email = String(data.email ?? "");
    if (email && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
      return ghlError(res, 422, {
        message: ["email must be an email"],
        error: "Unprocessable Entity",
        statusCode: 422,
        traceId: traceId(),
      });
    const dup = GHL_CONTACTS.find((c) => c.email === email);
    if (dup)
      return ghlError(res, 400, {
        statusCode: 400,
        message: "This location does not allow duplicated contacts.",
        meta: { contactName: `${dup.firstName} ${dup.lastName}`, contactId: dup.id, matchingField: "email" },
        traceId: traceId(),
      });
    return ok(201, {
      contact: {
        id: "hT5nY1mK7cV3xZ9bQ2wE",
        locationId: GHL_LOCATION,
        firstName: data.firstName ?? null,
        lastName: data.lastName ?? null,
        email: email || null,
        phone: data.phone ?? null,
        source: data.source ?? null,
        tags: data.tags ?? [],
        dateAdded: "2026-12-07T09:12:30.512Z",
        dateUpdated: "2026-12-07T09:12:30.512Z",
        type: "lead",
        dnd: false,
        customFields: [],
      },
      traceId: traceId(),
    });
  }
  if (first === "contacts" && second && !third && method === "GET") {
    if (second === GHL_CONTACT_SLOW) return later(15_000, () => ok(200, { contact: GHL_CONTACTS[1] }));
    const contact = GHL_CONTACTS.find((c) => c.id === second);
    if (!contact)
      return ghlError(res, 400, {
        statusCode: 400,
        message: `Contact with id ${second} not found`,
        error: "Bad Request",
        traceId: traceId(),
      });
    return ok(200, { contact });
  }
  if (first === "contacts" && third === "tags" && method === "POST") {
    const tags = (parse(body).tags as string[] | undefined) ?? [];
    return ok(201, { tags: ["consult-booked", "invisalign", ...tags] });
  }
  if (first === "contacts" && third === "notes" && method === "POST") {
    const data = parse(body);
    return ok(201, {
      note: {
        id: "Kq3mV8rT2yW6eR0uI4oP",
        body: data.body ?? "",
        userId: data.userId ?? null,
        dateAdded: "2026-12-07T09:14:02.117Z",
        contactId: second,
      },
    });
  }

  if (first === "opportunities" && second === "pipelines" && method === "GET") {
    return ok(200, {
      pipelines: [
        {
          id: GHL_PIPELINE,
          name: "New patient pipeline",
          stages: [
            { id: "3aeae9a2-5c1d-4f7e-9b0a-2d8c6e4f1b39", name: "New lead", position: 0 },
            { id: "7915dedc-8f18-44d5-8bc3-77c04e994a10", name: "Consult booked", position: 1 },
            { id: "b2c4d6e8-0a1c-4e3f-8a5b-7c9d1e3f5a7b", name: "Treatment plan sent", position: 2 },
            { id: "e1f3a5b7-9c0d-4e2f-b4a6-8c0e2a4b6c8d", name: "Started treatment", position: 3 },
          ],
          showInFunnel: true,
          showInPieChart: true,
          locationId: GHL_LOCATION,
        },
      ],
    });
  }
  if (first === "opportunities" && second === "search" && method === "GET") {
    if (auth === GHL_TOKEN_NARROW)
      return ghlError(res, 401, { statusCode: 401, message: "The token is not authorized for this scope." });
    return ok(200, {
      opportunities: GHL_OPPORTUNITIES,
      meta: {
        total: GHL_OPPORTUNITIES.length,
        nextPageUrl: null,
        startAfterId: null,
        startAfter: null,
        currentPage: 1,
        nextPage: null,
        prevPage: null,
      },
      aggregations: { pipelines: { [GHL_PIPELINE]: { tc: 2, tv: 6050 } } },
    });
  }
  if (first === "opportunities" && second && third === "status" && method === "PUT") {
    return ok(200, { succeded: true });
  }
  if (first === "opportunities" && second && !third && method === "GET") {
    const opp = GHL_OPPORTUNITIES.find((o) => o.id === second);
    if (!opp)
      return ghlError(res, 400, { statusCode: 400, message: "Opportunity not found", error: "Bad Request" });
    return ok(200, { opportunity: opp });
  }

  if (first === "calendars" && second === "events" && method === "GET") return ok(200, { events: [] });
  if (first === "calendars" && !second && method === "GET") {
    if (auth === GHL_TOKEN_NARROW)
      return ghlError(res, 401, { statusCode: 401, message: "The token is not authorized for this scope." });
    return ok(200, {
      calendars: [
        {
          id: "CVokAlI8fgw4WYWoCtQz",
          locationId: GHL_LOCATION,
          name: "Free Invisalign consult",
          description: "30-minute consult with Dr. Whitfield",
          slug: "invisalign-consult",
          calendarType: "round_robin",
          eventType: "RoundRobin_OptimizeForAvailability",
          slotDuration: 30,
          slotDurationUnit: "mins",
          isActive: true,
        },
        {
          id: "Hn2mQ7kR4tY9uI1oP5aS",
          locationId: GHL_LOCATION,
          name: "Hygiene cleaning",
          slug: "hygiene",
          calendarType: "service_booking",
          slotDuration: 60,
          slotDurationUnit: "mins",
          isActive: true,
        },
      ],
    });
  }

  if (first === "users" && !second && method === "GET") {
    return ok(200, {
      users: [
        {
          id: "2kT0Hk4mL9pQ1rS6uV3w",
          name: "Priya Raman",
          firstName: "Priya",
          lastName: "Raman",
          email: "priya@whitfielddental.example",
          phone: "+15125550111",
          roles: { type: "account", role: "user", locationIds: [GHL_LOCATION] },
        },
        {
          id: "9xZ8cV7bN6mM5lK4jH3g",
          name: "Dana Whitfield",
          firstName: "Dana",
          lastName: "Whitfield",
          email: "dr.dana@whitfielddental.example",
          phone: "+15125550100",
          roles: { type: "account", role: "admin", locationIds: [GHL_LOCATION] },
        },
      ],
    });
  }

  return ghlError(res, 404, {
    message: `Cannot ${method} ${url.pathname}`,
    error: "Not Found",
    statusCode: 404,
  });
}

export const highLevelStandin = forwardProxy(HIGHLEVEL_PROXY_PORT, ensureCertificate, highLevelHandler);

export const ALL_STANDINS: Standin[] = [pipedriveStandin, highLevelStandin];
