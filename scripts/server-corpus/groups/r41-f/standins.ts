// Loopback stand-in for group r41-f: Falconer's public API (`https://falconer.com/api/v1/…`) and its OAuth token
// endpoint (`https://falconer.com/oauth/token`), on plain HTTP 44750. @falconer/mcp reads the API base from the
// `baseUrl` member of its own config file (`$XDG_CONFIG_HOME/falconer/config.json`, as `falconer oauth login` leaves
// it), appending `/api`, and derives the token endpoint from the same origin, so no proxy is needed.
//
// README.md says where each body's shape comes from and which values were written for the capture. `state` is switched
// by the session's hooks.

import type http from "node:http";
import { clearTimers, cloudflare502, httpStandin, json, later, parse } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r41-f";

export const API_PORT = 44750;

export const ACCESS_TOKEN = "fal_at_8mQ2vK7xR4pW9nL3tJ6hB1cZ5yD0gF";
export const REFRESH_TOKEN = "fal_rt_3kT9wN2qP7xV5mB8rL1cH6yJ4dG0sZ";
export const ORG_ID = "org_01JD4Q8Z6W2M9K7T3B5R1X0VHN";

export const DOC_RUNBOOK = "doc_01JE7R2K9M4P6Q8T1V3X5Z7B9C";
export const DOC_ROTATION = "doc_01JE7R5N2Q8W4Y6A1C3E5G7J9L";
export const DOC_ONBOARDING = "doc_01JF2B6D8F1H3K5M7P9R2T4V6X";
export const DOC_PAYMENTS = "doc_01JF9C1E3G5J7L9N2Q4S6U8W1Y";
export const FOLDER_PLATFORM = 4127;
export const FOLDER_MISSING = 9904;

export const state = {
  rateLimited: false,
  serverError: false,
  badGateway: false,
  slow: false,
  tokenRevoked: false,
};

export const seen: string[] = [];
export const unknownRequests: string[] = [];

/** The error body @falconer/mcp's client reads: `{message, code}` (it joins them as `<message> | code: <code>`). */
const falconerError = (
  res: http.ServerResponse,
  status: number,
  message: string,
  code: string,
  headers: Record<string, string> = {},
) => json(res, status, { message, code }, headers);

interface Doc {
  id: string;
  title: string;
  slug: string;
  visibility: "company" | "private" | "restricted";
  updatedAt: string;
  content: string;
  attachments: {
    filename: string;
    mimeType: string;
    sizeBytes: number;
    referenceId: string;
    downloadUrl: string | null;
  }[];
}

const DOCS: Doc[] = [
  {
    id: DOC_RUNBOOK,
    title: "Incident Response Runbook",
    slug: "incident-response-runbook",
    visibility: "company",
    updatedAt: "2026-12-04T16:22:41.318Z",
    content: [
      "# Incident Response Runbook",
      "",
      "> [!CAUTION]",
      "> Page the incident commander before touching production during a SEV1.",
      "",
      "## Declaring an incident",
      "1. Open `#inc-<date>-<slug>` in Slack with `/incident declare`.",
      "2. Assign an incident commander and a scribe.",
      "3. Post the first status update within 15 minutes.",
      "",
      "## Severity levels",
      "| Level | Meaning | Page |",
      "| --- | --- | --- |",
      "| SEV1 | Customer-facing outage | Primary + secondary on-call |",
      "| SEV2 | Degraded service | Primary on-call |",
      "| SEV3 | Internal impact only | Next business day |",
      "",
      "See ![f>][ref_8K2M4P] for the escalation policy.",
    ].join("\n"),
    attachments: [
      {
        filename: "escalation-tree.png",
        mimeType: "image/png",
        sizeBytes: 184_312,
        referenceId: "att_01JE7R3A5C7E9G1J",
        downloadUrl: `http://127.0.0.1:${API_PORT}/files/att_01JE7R3A5C7E9G1J?sig=9f3c1d7a&expires=1765126800`,
      },
    ],
  },
  {
    id: DOC_ROTATION,
    title: "Rotating Database Credentials",
    slug: "rotating-database-credentials",
    visibility: "company",
    updatedAt: "2026-11-27T09:05:12.004Z",
    content: [
      "# Rotating Database Credentials",
      "",
      "Credentials for the primary Postgres cluster rotate every 90 days through Vault's database secrets engine.",
      "",
      "1. `vault write -f database/rotate-role/app-primary`",
      "2. Restart the `api` and `worker` deployments so they pick up the new lease.",
      "3. Confirm in Grafana that connection errors stay at zero for 10 minutes.",
    ].join("\n"),
    attachments: [],
  },
  {
    id: DOC_ONBOARDING,
    title: "Engineering Onboarding",
    slug: "engineering-onboarding",
    visibility: "company",
    updatedAt: "2026-10-14T13:47:55.120Z",
    content:
      "# Engineering Onboarding\n\nWelcome! Your first week: laptop setup, access requests, shadowing on-call.",
    attachments: [],
  },
  {
    id: DOC_PAYMENTS,
    title: "Payments Service Architecture",
    slug: "payments-service-architecture",
    visibility: "restricted",
    updatedAt: "2026-09-02T08:31:09.771Z",
    content:
      "# Payments Service Architecture\n\nOwned by the Payments team. Ledger writes go through the `ledger-api`.",
    attachments: [],
  },
];

/** Two documents share this title: a lookup by it is ambiguous. */
const POSTMORTEMS: Omit<Doc, "attachments">[] = [
  {
    id: "doc_01JC4H8K2M6P9R3T5V7X1Z3B5D",
    title: "Postmortem Template",
    slug: "postmortem-template",
    visibility: "company",
    updatedAt: "2026-06-11T10:12:00.000Z",
    content: "# Postmortem Template\n\n## Summary\n## Timeline\n## Root cause\n## Action items",
  },
  {
    id: "doc_01JD1A3C5E7G9J2L4N6Q8S1U3W",
    title: "Postmortem Template",
    slug: "postmortem-template-1",
    visibility: "private",
    updatedAt: "2026-08-30T17:40:22.000Z",
    content: "# Postmortem Template\n\n(draft copy for the SRE guild)",
  },
];

const excerpt = (doc: Omit<Doc, "attachments">, length = 220) => ({
  id: doc.id,
  title: doc.title,
  visibility: doc.visibility,
  updatedAt: doc.updatedAt,
  content: doc.content.length > length ? `${doc.content.slice(0, length)}…` : doc.content,
});

function search(url: URL, res: http.ServerResponse) {
  const identifier = url.searchParams.get("identifier");
  if (identifier !== null) {
    if (identifier === "Postmortem Template")
      return json(res, 200, { data: POSTMORTEMS.map((d) => excerpt(d)) });
    const doc = DOCS.find((d) => d.id === identifier || d.title === identifier || d.slug === identifier);
    return json(res, 200, { data: doc ? [excerpt(doc)] : [] });
  }
  const query = (url.searchParams.get("keywords") ?? url.searchParams.get("semantic") ?? "").toLowerCase();
  const limit = Number(url.searchParams.get("limit") ?? 10);
  let hits: Doc[] = [];
  if (query.includes("on-call") || query.includes("incident")) hits = [DOCS[0]!, DOCS[2]!];
  else if (query.includes("credential") || query.includes("rotate")) hits = [DOCS[1]!, DOCS[0]!];
  else if (query.includes("runbook")) hits = [DOCS[0]!];
  return json(res, 200, { data: hits.slice(0, limit).map((d) => excerpt(d)) });
}

const NAV_CHILDREN = {
  data: [
    { type: "folder", id: FOLDER_PLATFORM, navItemId: 88012, title: "Platform", childCount: 14 },
    { type: "folder", id: 4133, navItemId: 88019, title: "Security", childCount: 6 },
    {
      type: "document",
      id: DOC_ONBOARDING,
      navItemId: 88031,
      title: "Engineering Onboarding",
      updatedAt: "2026-10-14T13:47:55.120Z",
    },
  ],
  nextCursor: null,
};

const PLATFORM_CHILDREN = {
  data: [
    {
      type: "document",
      id: DOC_RUNBOOK,
      navItemId: 88104,
      title: "Incident Response Runbook",
      updatedAt: "2026-12-04T16:22:41.318Z",
    },
    {
      type: "document",
      id: DOC_ROTATION,
      navItemId: 88107,
      title: "Rotating Database Credentials",
      updatedAt: "2026-11-27T09:05:12.004Z",
    },
    { type: "folder", id: 4151, navItemId: 88112, title: "Architecture", childCount: 5 },
  ],
  nextCursor: "eyJvZmZzZXQiOjN9",
};

const KNOWLEDGE_HEALTH = {
  data: [
    {
      findingKey: "staleness:doc_01JF2B6D8F1H3K5M7P9R2T4V6X",
      category: "staleness",
      severity: "moderate",
      status: "open",
      title: "Engineering Onboarding has not been reviewed in 54 days",
      documents: [{ id: DOC_ONBOARDING, title: "Engineering Onboarding" }],
      ownerEmail: "dana.whitfield@northwind-labs.example.com",
      detectedAt: "2026-12-01T04:00:00.000Z",
    },
    {
      findingKey: "staleness:doc_01JF9C1E3G5J7L9N2Q4S6U8W1Y",
      category: "staleness",
      severity: "minor",
      status: "open",
      title: "Payments Service Architecture has not been reviewed in 96 days",
      documents: [{ id: DOC_PAYMENTS, title: "Payments Service Architecture" }],
      ownerEmail: null,
      detectedAt: "2026-12-01T04:00:00.000Z",
    },
  ],
  total: 2,
  offset: 0,
  limit: 25,
};

function token(body: string, res: http.ServerResponse) {
  const form = parse(body);
  if (form.grant_type !== "refresh_token" || form.client_id !== "falconer-cli")
    return json(res, 400, { error: "unsupported_grant_type", error_description: "Unsupported grant type." });
  if (form.refresh_token !== REFRESH_TOKEN)
    return json(res, 400, {
      error: "invalid_grant",
      error_description: "Refresh token is invalid or has expired.",
    });
  return json(res, 200, {
    access_token: ACCESS_TOKEN,
    token_type: "Bearer",
    expires_in: 3600,
    refresh_token: REFRESH_TOKEN,
    scope: "docs:read docs:write nav:read",
  });
}

function api(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  const p = url.pathname;
  seen.push(`${method} ${p}${url.search}`);

  if (method === "POST" && p === "/oauth/token") return token(body, res);
  if (!p.startsWith("/api/v1/")) {
    unknownRequests.push(`${method} ${p}`);
    return falconerError(res, 404, "Not found", "not_found");
  }
  if (req.headers.authorization !== `Bearer ${ACCESS_TOKEN}` || state.tokenRevoked)
    return falconerError(res, 401, "Invalid or expired access token", "unauthorized");

  if (state.rateLimited)
    return falconerError(res, 429, "Rate limit exceeded. Try again in 30 seconds.", "rate_limited", {
      "retry-after": "30",
      "x-ratelimit-limit": "120",
      "x-ratelimit-remaining": "0",
    });
  if (state.serverError) return falconerError(res, 500, "Internal server error", "internal_error");
  if (state.badGateway)
    return void (
      res.writeHead(502, { "content-type": "text/html; charset=UTF-8", "cf-ray": "8f2a91c4be7d3e21-FRA" }),
      res.end(cloudflare502("falconer.com", "8f2a91c4be7d3e21"))
    );
  if (state.slow) return later(15_000, () => json(res, 200, { data: [] }));

  const route = `${method} ${p.slice("/api".length)}`;
  if (route === "GET /v1/docs/search") return search(url, res);
  if (route === "POST /v1/answers") {
    const question = String(parse(body).question ?? "");
    return json(res, 200, {
      answer:
        `To rotate the primary Postgres credentials, run \`vault write -f database/rotate-role/app-primary\`, then restart ` +
        `the api and worker deployments so they pick up the new lease [1]. During an incident, page the incident ` +
        `commander before rotating anything in production [2].`,
      citations: [
        {
          index: 1,
          title: "Rotating Database Credentials",
          url: "https://falconer.com/northwind-labs/d/rotating-database-credentials",
        },
        {
          index: 2,
          title: "Incident Response Runbook",
          url: "https://falconer.com/northwind-labs/d/incident-response-runbook",
        },
      ],
      conversationId: question ? "conv_01JG3K5M7P9R2T4V6X8Z1B3D5F" : null,
    });
  }
  if (route === "GET /v1/nav/children") {
    if (url.searchParams.get("parentFolderId") === String(FOLDER_PLATFORM))
      return json(res, 200, PLATFORM_CHILDREN);
    return json(res, 200, NAV_CHILDREN);
  }
  if (route === "GET /v1/nav/tree") return json(res, 200, { data: NAV_CHILDREN.data });
  let m = /^GET \/v1\/folders\/(\d+)$/.exec(route);
  if (m) {
    if (Number(m[1]) !== FOLDER_PLATFORM) return falconerError(res, 404, "Folder not found", "not_found");
    return json(res, 200, {
      id: FOLDER_PLATFORM,
      title: "Platform",
      description: "Runbooks and architecture notes for the platform team",
      section: "company",
      parentFolderId: null,
      children: PLATFORM_CHILDREN.data,
    });
  }
  m = /^GET \/v1\/docs\/([^/]+)\/revisions$/.exec(route);
  if (m)
    return json(res, 200, {
      data: [
        {
          id: "rev_01JG1B3D5F7H9K",
          createdAt: "2026-12-04T16:22:41.318Z",
          author: { id: "usr_01HZ8X", name: "Priya Raman" },
          source: "edit",
        },
        {
          id: "rev_01JF6N8Q2S4U6W",
          createdAt: "2026-11-19T11:03:17.552Z",
          author: { id: "usr_01HZ3K", name: "Marcus Oyelaran" },
          source: "edit",
        },
      ],
      nextCursor: null,
    });
  m = /^GET \/v1\/docs\/([^/]+)\/comments$/.exec(route);
  if (m) return json(res, 200, { data: [], nextCursor: null });
  m = /^PATCH \/v1\/docs\/([^/]+)\/status$/.exec(route);
  if (m) {
    if (decodeURIComponent(m[1]!) === DOC_PAYMENTS)
      return falconerError(
        res,
        403,
        "You do not have permission to change the review status of this document",
        "forbidden",
      );
    return json(res, 200, { id: decodeURIComponent(m[1]!), status: parse(body).status });
  }
  m = /^GET \/v1\/docs\/([^/]+)$/.exec(route);
  if (m) {
    const doc = DOCS.find((d) => d.id === decodeURIComponent(m![1]!));
    if (!doc) return falconerError(res, 404, "Document not found", "not_found");
    return json(res, 200, doc);
  }
  if (route === "POST /v1/docs") {
    return json(res, 201, {
      id: "doc_01JG4M6P8R1T3V5X7Z9B2D4F6H",
      title: "Redis Failover Checklist",
      url: "https://falconer.com/northwind-labs/d/redis-failover-checklist",
    });
  }
  if (route === "PATCH /v1/docs") {
    const edit = parse(body);
    const doc = DOCS.find((d) => d.id === edit.identifier || d.title === edit.identifier);
    if (!doc) return falconerError(res, 404, "Document not found", "not_found");
    if (!doc.content.includes(String(edit.old_string)))
      return falconerError(res, 422, "old_string was not found in the document", "edit_target_not_found");
    return json(res, 200, { id: doc.id, title: doc.title });
  }
  if (route === "GET /v1/knowledge-health/findings") return json(res, 200, KNOWLEDGE_HEALTH);

  unknownRequests.push(route);
  return falconerError(res, 404, "Not found", "not_found");
}

export const apiStandin = httpStandin(API_PORT, api);

export const ALL_STANDINS = [apiStandin];
