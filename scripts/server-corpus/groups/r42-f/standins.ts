// Loopback stand-ins for group r42-f.
//
// @fireberry/mcp-server takes its API base from BASE_URL (default https://api.fireberry.com) and hnbcrm-mcp from
// HNBCRM_API_URL (a Convex deployment's .convex.site URL), so both are plain HTTP stand-ins on loopback; nothing is
// proxied and no certificate is needed.
//
// README.md says where each body's shape comes from. `state` is switched by the sessions' hooks.

import type http from "node:http";
import { clearTimers, httpStandin, json, later, parse, text } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r42-f";

export const FIREBERRY_PORT = 45150;
export const HNBCRM_PORT = 45151;

export const FIREBERRY_TOKEN = "7c1e9b42-5d3a-4f8e-a6b0-2e91c4d7f358";
export const FIREBERRY_REVOKED_TOKEN = "0f3a8d61-92c4-4b7e-8e15-c6d2a9b4e701";
export const HNBCRM_KEY = "hnb_live_4Fq9Xk2LmR7tVz3wPc8bNy6dJs1hGe5a";
export const HNBCRM_REVOKED_KEY = "hnb_live_9Td2Wq7ZpL4xRc1mVk8sNb3fHy6jGe0u";

export const state = {
  fbRateLimited: false,
  fbServerError: false,
  fbBadGateway: false,
  fbSlow: false,
  hnbRateLimited: false,
  hnbSlow: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

// ── Fireberry ────────────────────────────────────────────────────────────────────────────────────────────────────────

const TEXT = "a1e7ed6f-5083-477b-b44c-9943a6181359";
const EMAIL = "c713d2f7-8fa9-43c3-8062-f07486eaf567";
const PHONE = "3f62f67a-1cee-403a-bec6-aa02a9804edb";
const LOOKUP = "a8fcdf65-91bc-46fd-82f6-1234758345a1";
const PICKLIST = "b4919f2e-2996-48e4-a03c-ba39fb64386c";
const NUMBER = "6a34bfe3-fece-4da1-9136-a7b1e5ae3319";
const DATE = "83bf530c-e04c-462b-9ffc-a46f750fc072";

const FB_OBJECTS = [
  { name: "Account", systemName: "account", objectType: "1" },
  { name: "Contact", systemName: "contact", objectType: "2" },
  { name: "Opportunity", systemName: "opportunity", objectType: "4" },
  { name: "Case", systemName: "cases", objectType: "5" },
  { name: "Task", systemName: "task", objectType: "10" },
  { name: "Product", systemName: "product", objectType: "14" },
];

const FB_FIELDS: Record<
  string,
  { label: string; fieldName: string; systemName: string; systemFieldTypeId: string }[]
> = {
  "1": [
    { label: "Account Name", fieldName: "accountname", systemName: "accountname", systemFieldTypeId: TEXT },
    { label: "Email", fieldName: "emailaddress1", systemName: "emailaddress1", systemFieldTypeId: EMAIL },
    { label: "Phone", fieldName: "telephone1", systemName: "telephone1", systemFieldTypeId: PHONE },
    { label: "Annual Revenue", fieldName: "revenue", systemName: "revenue", systemFieldTypeId: NUMBER },
  ],
  "2": [
    { label: "First Name", fieldName: "firstname", systemName: "firstname", systemFieldTypeId: TEXT },
    { label: "Last Name", fieldName: "lastname", systemName: "lastname", systemFieldTypeId: TEXT },
    { label: "Email", fieldName: "emailaddress1", systemName: "emailaddress1", systemFieldTypeId: EMAIL },
    {
      label: "Mobile Phone",
      fieldName: "mobilephone1",
      systemName: "mobilephone1",
      systemFieldTypeId: PHONE,
    },
    { label: "Account", fieldName: "accountid", systemName: "accountid", systemFieldTypeId: LOOKUP },
  ],
  "4": [
    { label: "Opportunity Name", fieldName: "name", systemName: "name", systemFieldTypeId: TEXT },
    {
      label: "Estimated Value",
      fieldName: "estimatedvalue",
      systemName: "estimatedvalue",
      systemFieldTypeId: NUMBER,
    },
    { label: "Status", fieldName: "statuscode", systemName: "statuscode", systemFieldTypeId: PICKLIST },
    {
      label: "Estimated Close Date",
      fieldName: "estimatedclosedate",
      systemName: "estimatedclosedate",
      systemFieldTypeId: DATE,
    },
  ],
};

const FB_ACCOUNTS = [
  {
    _id: "3b0e6f52-1c47-4d9a-8e23-5a7f90c1d8e4",
    accountname: "Galil Dental Clinics",
    emailaddress1: "office@galil-dental.co.il",
    revenue: 1250000,
    ownerid_fullname: "Noa Ben-David",
  },
  {
    _id: "9d4c21a7-6e3b-4f05-b812-c07a5e9f3d61",
    accountname: "Harbor Logistics Ltd",
    emailaddress1: "ops@harborlogistics.com",
    revenue: 4800000,
    ownerid_fullname: "Yoav Mizrahi",
  },
  {
    _id: "e27f8a03-4b6d-4c19-9a5e-d3b1f6082c7a",
    accountname: "Tamar Architects",
    emailaddress1: "studio@tamar-arch.co.il",
    revenue: 640000,
    ownerid_fullname: "Noa Ben-David",
  },
];

const FB_CONTACT_ID = "5a91d3e7-0c28-4f6b-b4d1-8e7a2c95f013";
const FB_OPPORTUNITY_ID = "c8e2b7a4-3f91-4d05-a6c8-1b9d0e4f7a52";

function fireberry(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  const p = url.pathname;
  seen.push(`fireberry ${method} ${p} ${body}`.trim());
  const token = req.headers["tokenid"];
  if (token !== FIREBERRY_TOKEN) {
    // ASP.NET Web API's standard answer to a request its authorization filter refuses.
    return json(res, 401, { Message: "Authorization has been denied for this request." });
  }
  if (state.fbSlow) return later(15_000, () => json(res, 200, { success: true, data: [], message: "" }));
  if (state.fbBadGateway) {
    return text(
      res,
      502,
      "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n</body>\r\n</html>\r\n",
      "text/html",
    );
  }
  if (state.fbRateLimited) {
    return json(
      res,
      429,
      { Message: "API rate limit exceeded. Please try again later." },
      { "retry-after": "60" },
    );
  }

  if (method === "GET" && p === "/metadata/records") {
    return json(res, 200, { success: true, data: FB_OBJECTS, message: "" });
  }
  let m = /^\/metadata\/records\/(\d+)\/fields\/([^/]+)\/values$/.exec(p);
  if (method === "GET" && m) {
    if (m[1] === "4" && m[2] === "statuscode") {
      return json(res, 200, {
        success: true,
        message: "",
        data: {
          label: "Status",
          fieldName: "statuscode",
          fieldObjectType: "4",
          systemName: "statuscode",
          systemFieldTypeId: PICKLIST,
          values: [
            { name: "Open", value: "1" },
            { name: "Proposal Sent", value: "2" },
            { name: "Negotiation", value: "3" },
            { name: "Won", value: "4" },
            { name: "Lost", value: "5" },
          ],
        },
      });
    }
    return json(res, 400, { Message: "Invalid Options" });
  }
  m = /^\/metadata\/records\/(\d+)\/fields$/.exec(p);
  if (method === "GET" && m) {
    return json(res, 200, { success: true, data: FB_FIELDS[m[1] ?? ""] ?? [], message: "" });
  }
  if (method === "POST" && p === "/api/v3/query") {
    if (state.fbServerError) {
      return json(res, 500, {
        status: 500,
        error: "Internal Server Error",
        message: "An error has occurred.",
      });
    }
    const q = parse(body) as {
      objectType?: number;
      fields?: { name: string; alias?: string; aggrFunc?: string }[];
      filter?: { conditions: { fieldName: string; value?: unknown }[] }[];
      groupBy?: { name: string }[];
      pageNumber?: number;
      pageSize?: number;
    };
    const known = new Set([
      ...(FB_FIELDS[String(q.objectType)] ?? []).map((f) => f.fieldName),
      "ownerid_fullname",
      "accountid_accountname",
      "createdon",
    ]);
    const names = [
      ...(q.fields ?? []).map((f) => f.name),
      ...(q.filter ?? []).flatMap((g) => g.conditions.map((c) => c.fieldName)),
      ...(q.groupBy ?? []).map((g) => g.name),
    ];
    const bad = names.find((n) => !known.has(n));
    if (bad) {
      return json(res, 400, { status: 400, error: "Bad Request", message: `Invalid field name: '${bad}'` });
    }
    const page = { isLastPage: true, pageNumber: q.pageNumber ?? 1, pageSize: q.pageSize ?? 25, message: "" };
    if (q.groupBy?.length) {
      return json(res, 200, {
        ...page,
        success: true,
        data: [
          { statuscode: "Open", total: 182000, count: 7 },
          { statuscode: "Proposal Sent", total: 96500, count: 3 },
          { statuscode: "Negotiation", total: 240000, count: 2 },
        ],
      });
    }
    const filtered = q.filter?.length ? [] : FB_ACCOUNTS;
    const fields = (q.fields ?? []).map((f) => f.name);
    const rows = filtered.map((a) =>
      Object.fromEntries([
        ["_id", a._id],
        ...fields.map((f) => [f, (a as Record<string, unknown>)[f] ?? null]),
      ]),
    );
    return json(res, 200, { ...page, success: true, data: rows });
  }
  if (method === "POST" && p === "/api/v2/record/58") {
    const b = parse(body);
    return json(res, 200, {
      success: true,
      _id: "f1a6c0d9-7b2e-4e83-9c51-3d8a0b6e2f74",
      record: { objecttypecode: 1003, name: b.name, collectionname: b.collectionname },
    });
  }
  m = /^\/api\/v2\/system-field\/(\d+)\/([a-z]+)$/.exec(p);
  if (method === "POST" && m) {
    const b = parse(body);
    return json(res, 200, {
      success: true,
      message: "",
      data: { systemField: [{ fieldname: String(b.fieldName ?? "pcfRenewalDate") }] },
    });
  }
  m = /^\/api\/v2\/record\/(\d+)$/.exec(p);
  if (method === "POST" && m) {
    const b = parse(body);
    const allowed = new Set((FB_FIELDS[m[1] ?? ""] ?? []).map((f) => f.fieldName));
    const bad = Object.keys(b).find((k) => !allowed.has(k));
    if (bad) return json(res, 400, { Message: `Invalid field name: '${bad}'` });
    return json(res, 200, { success: true, _id: FB_CONTACT_ID, record: { ...b, statecode: 0 } });
  }
  m = /^\/api\/v2\/record\/(\d+)\/([0-9a-f-]+)$/.exec(p);
  if (method === "PUT" && m) {
    if (m[2] !== FB_OPPORTUNITY_ID) return json(res, 404, { Message: "Record not found" });
    return json(res, 200, {
      success: true,
      record: {
        opportunityid: FB_OPPORTUNITY_ID,
        name: "Harbor Logistics – fleet CRM rollout",
        ...parse(body),
      },
    });
  }
  unknownRequests.push(`fireberry ${method} ${p}`);
  json(res, 404, { Message: `No HTTP resource was found that matches the request URI '${url.href}'.` });
}

export const fireberryStandin = httpStandin(FIREBERRY_PORT, fireberry);

// ── HNBCRM (Convex HTTP actions) ─────────────────────────────────────────────────────────────────────────────────────

const BOARD = "j97b2k4m8q1v6x3z5c7n9p0r2t4w6y8a";
const STAGES = {
  newLead: "kd7f3h5j8l1n4q6s9u2w5y7a0c3e6g8i",
  qualified: "kd72m9p4r6t1v3x5z8b0d2f4h7j9l1n3",
  proposal: "kd79q2s4u6w8y0a3c5e7g9i1k4m6o8q0",
  lost: "kd75c8e0g2i4k6m9o1q3s5u7w0y2a4c6",
};
const MEMBERS = {
  rafaela: "m172v4x6z8b0d3f5h7j9l2n4p6r8t0w3",
  aiAgent: "m17k3m5o7q9s2u4w6y8a1c3e5g7i9k2m",
};
const LEAD_ID = "l5733n6p8r0t2v5x7z9b1d4f6h8j0l3n";
const CONTACT_ID = "c86b4d6f8h1j3l5n7p0r2t4v6x9z1b3d";
const NEW_LEAD_ID = "l57e9g1i3k6m8o0q2s4u7w9y1a3c5e8g";
const NEW_CONTACT_ID = "c86q3s5u7w0y2a4c6e9g1i3k5m7o0q2s";
const MISSING_LEAD = "l57z9x7v5t3r1p8n6l4j2h0f8d6b4z2x";
const MISSING_CONTACT = "c86w1u3s5q7o9m2k4i6g8e0c2a4y6w8u";

const CONTACT = {
  _id: CONTACT_ID,
  _creationTime: 1764835200000,
  organizationId: "o36h8j0l2n4p7r9t1v3x5z8b0d2f4h6j",
  firstName: "Beatriz",
  lastName: "Carvalho",
  email: "beatriz@verdeagro.com.br",
  phone: "+55 11 98765-4321",
  company: "Verde Agro Ltda",
  title: "Head of Operations",
  tags: ["inbound", "agro"],
  city: "Campinas",
  country: "Brazil",
};

const LEAD = {
  _id: LEAD_ID,
  _creationTime: 1764921600000,
  title: "Verde Agro – irrigation telemetry pilot",
  boardId: BOARD,
  stageId: STAGES.qualified,
  contactId: CONTACT_ID,
  assignedTo: MEMBERS.rafaela,
  value: 48000,
  currency: "BRL",
  priority: "high",
  temperature: "warm",
  tags: ["pilot"],
  customFields: {},
  conversationStatus: "active",
  contact: CONTACT,
  stage: { _id: STAGES.qualified, name: "Qualified", order: 1, color: "#3b82f6" },
  assignee: { _id: MEMBERS.rafaela, name: "Rafaela Souza", type: "human" },
};

function hnbError(res: http.ServerResponse, message: string, status = 500) {
  // convex/router.ts's errorResponse: { error, code } with the status (500 by default).
  json(res, status, { error: message, code: status });
}

function convexUncaught(fn: string, message: string, at: string) {
  return `[CONVEX ${fn}] [Request ID: 8f2c61d0a4b97e35] Server Error\nUncaught Error: ${message}\n    at handler (../convex/${at})\n`;
}

function hnbcrm(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  const p = url.pathname;
  seen.push(`hnbcrm ${method} ${url.pathname}${url.search} ${body}`.trim());
  const key = req.headers["x-api-key"];
  if (!key) return hnbError(res, "API key required");
  if (key !== HNBCRM_KEY) return hnbError(res, "Invalid API key");
  if (state.hnbRateLimited) return hnbError(res, "Rate limit exceeded — try again in a minute", 429);
  if (state.hnbSlow) return later(15_000, () => json(res, 200, {}));

  const b = method === "POST" ? parse(body) : {};
  const id = url.searchParams.get("id") ?? "";
  switch (`${method} ${p}`) {
    case "GET /api/v1/boards":
      return json(res, 200, {
        boards: [
          {
            _id: BOARD,
            name: "Sales Pipeline",
            color: "#2563eb",
            order: 0,
            stages: [
              { _id: STAGES.newLead, name: "New Lead", order: 0, color: "#94a3b8" },
              { _id: STAGES.qualified, name: "Qualified", order: 1, color: "#3b82f6" },
              { _id: STAGES.proposal, name: "Proposal", order: 2, color: "#f59e0b" },
              { _id: STAGES.lost, name: "Closed Lost", order: 3, color: "#ef4444", isClosedLost: true },
            ],
          },
        ],
      });
    case "GET /api/v1/leads": {
      const stageId = url.searchParams.get("stageId");
      const leads = stageId && stageId !== STAGES.qualified ? [] : [LEAD];
      return json(res, 200, { leads, nextCursor: null, hasMore: false });
    }
    case "GET /api/v1/leads/get":
      if (id === LEAD_ID) return json(res, 200, { lead: LEAD });
      if (!/^[a-z0-9]{32}$/.test(id)) {
        return hnbError(
          res,
          `ArgumentValidationError: Value does not match validator.\nPath: .leadId\nValue: "${id}"\nValidator: v.id("leads")`,
        );
      }
      return hnbError(res, "Lead not found", 404);
    case "POST /api/v1/inbound/lead":
      if (!b.title) return hnbError(res, "Title is required", 400);
      return json(res, 201, { success: true, leadId: NEW_LEAD_ID, contactId: NEW_CONTACT_ID });
    case "POST /api/v1/leads/move-stage":
      if (b.leadId !== LEAD_ID && b.leadId !== NEW_LEAD_ID) {
        return hnbError(
          res,
          convexUncaught("M(leads:internalMoveLeadToStage)", "Lead not found", "leads.ts:202:19"),
        );
      }
      return json(res, 200, { success: true });
    case "GET /api/v1/contacts/search": {
      const q = (url.searchParams.get("q") ?? "").toLowerCase();
      const hit = [CONTACT.firstName, CONTACT.lastName, CONTACT.company, CONTACT.email].some((v) =>
        v.toLowerCase().includes(q),
      );
      return json(res, 200, { contacts: hit ? [CONTACT] : [] });
    }
    case "GET /api/v1/contacts/get":
      if (id === CONTACT_ID) return json(res, 200, { contact: CONTACT });
      return hnbError(res, "Contact not found", 404);
    case "GET /api/v1/contacts/gaps":
      if (id !== CONTACT_ID) return hnbError(res, "Contact not found", 404);
      return json(res, 200, {
        contact: { ...CONTACT, missingFields: ["linkedinUrl", "industry", "companySize", "companyWebsite"] },
      });
    case "POST /api/v1/contacts/enrich":
      if (b.contactId !== CONTACT_ID) return hnbError(res, "Contact not found", 404);
      return json(res, 200, { success: true });
    case "GET /api/v1/contacts":
      return json(res, 200, { contacts: [CONTACT], nextCursor: null, hasMore: false });
    case "GET /api/v1/dashboard":
      return json(res, 200, {
        organizationName: "Verde Digital",
        teamMemberCount: 2,
        pipelineStats: [
          {
            boardId: BOARD,
            boardName: "Sales Pipeline",
            totalLeads: 14,
            totalValue: 412000,
            stages: [
              { stageId: STAGES.newLead, stageName: "New Lead", leadCount: 6, totalValue: 96000 },
              { stageId: STAGES.qualified, stageName: "Qualified", leadCount: 4, totalValue: 176000 },
              { stageId: STAGES.proposal, stageName: "Proposal", leadCount: 3, totalValue: 140000 },
              {
                stageId: STAGES.lost,
                stageName: "Closed Lost",
                leadCount: 1,
                totalValue: 0,
                isClosedLost: true,
              },
            ],
          },
        ],
        leadsBySource: [
          { sourceName: "Website form", count: 8 },
          { sourceName: "WhatsApp", count: 6 },
        ],
      });
    case "GET /api/v1/team-members":
      return json(res, 200, {
        members: [
          {
            _id: MEMBERS.rafaela,
            name: "Rafaela Souza",
            email: "rafaela@verdedigital.com.br",
            role: "admin",
            type: "human",
          },
          { _id: MEMBERS.aiAgent, name: "Lia (AI SDR)", role: "agent", type: "ai", status: "active" },
        ],
      });
  }
  unknownRequests.push(`hnbcrm ${method} ${p}`);
  // Convex answers a path no HTTP action is routed to with a plain-text 404.
  text(res, 404, "No matching routes found");
}

export const hnbcrmStandin = httpStandin(HNBCRM_PORT, hnbcrm);

export const IDS = {
  fbContact: FB_CONTACT_ID,
  fbOpportunity: FB_OPPORTUNITY_ID,
  board: BOARD,
  stages: STAGES,
  members: MEMBERS,
  lead: LEAD_ID,
  newLead: NEW_LEAD_ID,
  contact: CONTACT_ID,
  missingLead: MISSING_LEAD,
  missingContact: MISSING_CONTACT,
};

export const ALL_STANDINS = [fireberryStandin, hnbcrmStandin];
