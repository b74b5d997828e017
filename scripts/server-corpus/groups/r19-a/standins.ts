// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from):
// - Sanity's HTTP API for @sanity/mcp-server: GROQ queries (`<project>.api.sanity.io/vX/data/query/<dataset>`),
//   datasets, actions, Agent Actions (`/vX/agent/action/generate|patch/<dataset>`), embeddings indexes and the
//   projects list on `api.sanity.io`; errors in Sanity's shapes (`{"error","message","statusCode","errorCode"}`,
//   `{"error":{"description","type":"queryParseError"|"mutationError"|…}}`);
// - Webflow's Data API v2 (`api.webflow.com/v2/…`) for webflow-mcp-server: sites, pages, CMS collections and
//   items, registered and applied scripts; errors `{"message","code","externalReference","details"}`;
// - a WordPress site running the MCP Adapter plugin for @automattic/mcp-wordpress-remote: the adapter's JSON-RPC
//   endpoint (`/wp-json/mcp/mcp-adapter-default-server`) with its three default tools (discover, get info,
//   execute abilities), its error codes and HTTP statuses, and WordPress's own REST and maintenance answers.
//
// Sanity and Webflow have their hosts written into their servers: each has its own forward proxy (standin-kit's
// `forwardProxy`), so stopping one refuses connections for that server alone. The WordPress proxy takes the site
// URL from WP_API_URL: a plain loopback listener. `state` is switched by the sessions' hooks.

import type http from "node:http";
import path from "node:path";
import {
  certificate,
  clearTimers,
  forwardProxy,
  httpStandin,
  json,
  later,
  parse,
  text,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r19-a";
export const CERT = path.join(DATA, "standin-cert.pem");

export const SANITY_PROXY_PORT = 40750;
export const WEBFLOW_PROXY_PORT = 40751;
export const WORDPRESS_PORT = 40752;

export const ensureCertificate = (): Certificate =>
  certificate(DATA, ["api.sanity.io", "*.api.sanity.io", "api.webflow.com", "developers.webflow.com"]);

export const state = {
  sanityRevoked: false,
  sanityRateLimited: false,
  sanityServerError: false,
  sanityBadGateway: false,
  webflowRevoked: false,
  webflowRateLimited: false,
  webflowServerError: false,
  webflowBadGateway: false,
  wpBadPassword: false,
  wpRateLimited: false,
  wpCriticalError: false,
  wpMaintenance: false,
  wpSessionExpired: false,
};

// -------------------------------------------------------------------------------------------------- Sanity

export const SANITY_PROJECT = "q7x2m9kd";
export const SANITY_DATASET = "production";
export const SANITY_TOKEN = "skq7X2m9KdWv4Lr8Tn3Bp6Hs1Jy5Fc0Ge9Ua2Zo7Ri4Ek8Md3Nq6Sw1Xb5Vt0Yl2Cj";
const SANITY_ORG = "oR4kT8wQ2";

const POSTS = [
  {
    _id: "post-4a1c9e2f",
    _type: "post",
    _createdAt: "2026-11-02T09:14:00Z",
    _updatedAt: "2026-11-30T16:02:11Z",
    _rev: "Hk3mQ9wE2rT5",
    title: "Shipping a podcast feed with Next.js and Sanity",
    slug: { _type: "slug", current: "podcast-feed-nextjs" },
    publishedAt: "2026-11-30T16:00:00Z",
    tags: ["nextjs", "rss"],
    author: { _type: "reference", _ref: "author-mira-holt" },
  },
  {
    _id: "post-7b3d1f80",
    _type: "post",
    _createdAt: "2026-10-21T08:00:00Z",
    _updatedAt: "2026-11-18T10:41:52Z",
    _rev: "Lp8nV4xC6bZ1",
    title: "Fixing 500 Internal Server Error responses in your preview routes",
    slug: { _type: "slug", current: "fixing-500-errors" },
    publishedAt: "2026-11-18T10:40:00Z",
    tags: ["debugging", "preview"],
    excerpt:
      "Error: Request failed with status code 500. If your draft preview shows this, the token in your preview route is missing the viewer role. Here is how we traced the exception and fixed it.",
    author: { _type: "reference", _ref: "author-jonas-albrecht" },
  },
  {
    _id: "drafts.post-9e6a2c14",
    _type: "post",
    _createdAt: "2026-12-04T12:30:00Z",
    _updatedAt: "2026-12-05T18:22:07Z",
    _rev: "Qw2eR7tY4uI9",
    title: "What we learned from a year of weekly newsletters",
    slug: { _type: "slug", current: "year-of-newsletters" },
    tags: ["newsletter"],
    author: { _type: "reference", _ref: "author-mira-holt" },
  },
];

const SCHEMA = [
  {
    name: "post",
    type: "document",
    title: "Post",
    fields: [
      { name: "title", type: "string", title: "Title" },
      { name: "slug", type: "slug", title: "Slug" },
      { name: "publishedAt", type: "datetime", title: "Published at" },
      { name: "excerpt", type: "text", title: "Excerpt" },
      { name: "tags", type: "array", of: [{ type: "string" }], title: "Tags" },
      { name: "author", type: "reference", to: [{ type: "author" }], title: "Author" },
      { name: "mainImage", type: "image", title: "Main image" },
      { name: "body", type: "array", of: [{ type: "block" }], title: "Body" },
    ],
  },
  {
    name: "author",
    type: "document",
    title: "Author",
    fields: [
      { name: "name", type: "string", title: "Name" },
      { name: "bio", type: "text", title: "Bio" },
    ],
  },
];

const RELEASES = [
  {
    _id: "_.releases.rWinterIssue",
    _type: "system.release",
    _createdAt: "2026-11-28T09:00:00Z",
    name: "rWinterIssue",
    state: "active",
    metadata: { title: "Winter issue", releaseType: "scheduled", description: "December newsletter posts" },
    publishAt: "2026-12-15T08:00:00Z",
  },
];

function sanityQueryResult(query: string, params: Record<string, unknown>): unknown {
  if (query.includes("_type == $schemaType")) return [{ _id: "_.schemas.default" }];
  if (query.includes("_id == $schemaId"))
    return params.schemaId === "_.schemas.default"
      ? {
          _id: "_.schemas.default",
          _type: "system.schema",
          workspace: { name: "default", title: "Studio" },
          schema: JSON.stringify(SCHEMA),
        }
      : null;
  if (query.startsWith("releases::all()"))
    return params.state ? RELEASES.filter((r) => r.state === params.state) : RELEASES;
  if (query.includes("_id == $id") || query.includes("_id in [$id")) {
    const id = String(params.id ?? "");
    return POSTS.find((p) => p._id === id || p._id === `drafts.${id}`) ?? null;
  }
  if (query.includes('"podcast" in tags') || query.includes("podcastEpisode")) return [];
  const slug = /slug\.current == "([^"]+)"/.exec(query)?.[1];
  if (slug) return POSTS.filter((p) => p.slug.current === slug);
  if (query.includes('_type == "post"'))
    return POSTS.filter((p) => !p._id.startsWith("drafts.")).map((p) => ({
      _id: p._id,
      title: p.title,
      slug: p.slug,
      publishedAt: p.publishedAt,
    }));
  return [];
}

/** Sanity's `{"error","message","statusCode"}` envelope (errorCode where the API sends one). */
function sanityError(
  res: http.ServerResponse,
  status: number,
  error: string,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  json(res, status, { error, message, statusCode: status, ...extra }, headers);
}

const INSUFFICIENT = (permission: string) => ({
  error: {
    description: `the mutation(s) failed: Insufficient permissions; permission "${permission}" required`,
    items: [
      {
        error: {
          description: `Insufficient permissions; permission "${permission}" required`,
          permission,
          type: "insufficientPermissionsError",
        },
        index: 0,
      },
    ],
    type: "mutationError",
  },
});

const SANITY_502 = `<html><head>
<meta http-equiv="content-type" content="text/html;charset=utf-8">
<title>502 Server Error</title>
</head>
<body text=#000000 bgcolor=#ffffff>
<h1>Error: Server Error</h1>
<h2>The server encountered a temporary error and could not complete your request.<p>Please try again in 30 seconds.</h2>
<h2></h2>
</body></html>
`;

function sanityHandler(req: http.IncomingMessage, url: URL, raw: string, res: http.ServerResponse) {
  const host = url.hostname;
  const p = url.pathname.replace(/^\/v[^/]+/, "");
  const method = req.method ?? "GET";
  const auth = req.headers.authorization ?? "";
  if (state.sanityRevoked || auth !== `Bearer ${SANITY_TOKEN}`)
    return sanityError(res, 401, "Unauthorized", "Session not found", { errorCode: "SIO-401-ANF" });
  if (state.sanityBadGateway) return text(res, 502, SANITY_502, "text/html; charset=UTF-8");
  if (state.sanityServerError)
    return json(res, 500, { error: { description: "Internal server error", type: "internalError" } });
  if (state.sanityRateLimited)
    return sanityError(
      res,
      429,
      "Too Many Requests",
      "API rate limit exceeded",
      {},
      {
        "retry-after": "1",
        "x-ratelimit-limit-second": "25",
        "x-ratelimit-remaining-second": "0",
      },
    );

  if (host === "api.sanity.io" && p === "/projects")
    return json(res, 200, [
      {
        id: SANITY_PROJECT,
        displayName: "Fieldnotes blog",
        organizationId: SANITY_ORG,
        createdAt: "2025-03-14T10:22:31.118Z",
        studioHost: "fieldnotes",
        members: [
          { id: "pMira8x2", role: "administrator", isCurrentUser: true },
          { id: "pJonas4k", role: "editor", isCurrentUser: false },
        ],
      },
    ]);
  if (host !== `${SANITY_PROJECT}.api.sanity.io`)
    return sanityError(res, 404, "Not Found", `Project ID "${host.split(".")[0]}" not found`);

  if (p === "/datasets" && method === "GET")
    return json(res, 200, [
      { name: "production", aclMode: "public", createdAt: "2025-03-14T10:22:40Z", datasetProfile: "content" },
      { name: "staging", aclMode: "private", createdAt: "2025-06-02T08:11:09Z", datasetProfile: "content" },
      { name: "comments", aclMode: "private", createdAt: "2025-06-02T08:12:44Z", datasetProfile: "comments" },
    ]);
  const ds = /^\/datasets\/([^/]+)$/.exec(p);
  if (ds && method === "PUT") {
    const name = decodeURIComponent(ds[1]!);
    if (name === "staging" || name === "production")
      return sanityError(res, 409, "Conflict", `Dataset "${name}" already exists`);
    return json(res, 200, { datasetName: name, aclMode: (parse(raw).aclMode as string) ?? "public" });
  }

  const doc = /^\/data\/doc\/[^/]+\/(.+)$/.exec(p);
  if (doc) {
    const ids = decodeURIComponent(doc[1]!).split(",");
    const found = ids.map((id) => POSTS.find((post) => post._id === id)).filter(Boolean);
    return json(res, 200, {
      documents: found,
      omitted: ids
        .filter((id) => !POSTS.some((post) => post._id === id))
        .map((id) => ({ id, reason: "existence" })),
    });
  }
  const query = /^\/data\/query\/([^/]+)$/.exec(p);
  if (query) {
    let q = url.searchParams.get("query") ?? "";
    const params: Record<string, unknown> = {};
    for (const [key, value] of url.searchParams) {
      if (key.startsWith("$")) params[key.slice(1)] = JSON.parse(value);
    }
    if (method === "POST") {
      const body = parse(raw) as { query?: string; params?: Record<string, unknown> };
      q = body.query ?? q;
      Object.assign(params, body.params ?? {});
    }
    if (q.includes("slow-sync")) return later(15_000, () => json(res, 200, { ms: 15002, result: [] }));
    for (const ref of q.matchAll(/\$([A-Za-z_][A-Za-z0-9_]*)/g)) {
      if (!(ref[1]! in params)) {
        const start = ref.index ?? 0;
        return json(res, 400, {
          error: {
            description: `param $${ref[1]} referenced, but not provided`,
            end: start + ref[0].length,
            query: q,
            start,
            type: "queryParseError",
          },
        });
      }
    }
    return json(res, 200, { ms: 4, query: q, result: sanityQueryResult(q, params) });
  }

  if (p === `/embeddings-index/${SANITY_DATASET}`)
    return json(res, 200, [
      {
        indexName: "posts-semantic",
        status: "ready",
        projection: "{title, excerpt}",
        filter: "_type == 'post'",
        createdAt: "2026-09-01T12:00:00Z",
        startDocumentCount: 212,
        failedDocumentCount: 0,
      },
    ]);

  if (p === `/agent/action/generate/${SANITY_DATASET}`) {
    const body = parse(raw) as { instruction?: string; targetDocument?: { _id?: string; _type?: string } };
    const instruction = String(body.instruction ?? "");
    if (/embargoed/i.test(instruction)) return json(res, 403, INSUFFICIENT("create"));
    if (/cover image/i.test(instruction))
      return json(res, 400, {
        error: {
          description: 'Referenced document "image-3f9c1e7a2b-1600x900-jpg" does not exist',
          type: "validationError",
        },
      });
    return json(res, 200, {
      _id: body.targetDocument?._id ?? "drafts.post-new",
      _type: body.targetDocument?._type ?? "post",
      _createdAt: "2026-12-06T18:00:00Z",
      _updatedAt: "2026-12-06T18:00:00Z",
      _rev: "Nb5vC8xZ1aS4",
      title: "Five things our readers asked about RSS",
      slug: { _type: "slug", current: "readers-asked-about-rss" },
      tags: ["rss", "newsletter"],
    });
  }
  if (p === `/agent/action/patch/${SANITY_DATASET}`) return json(res, 403, INSUFFICIENT("update"));
  if (p === `/data/actions/${SANITY_DATASET}`) return json(res, 200, { transactionId: "Tx7mK2pQ9wE4rT6y" });
  sanityError(res, 404, "Not Found", `Route ${method} ${url.pathname} not found`);
}

// ------------------------------------------------------------------------------------------------- Webflow

export const WEBFLOW_TOKEN = "9b3e7c1a5f2d8e4b6a0c3f7e1d5b9a2c4e8f0a6b3d7c1e5f9a2b4d8c0e6f3a7b";
export const SITE_ID = "6738a1f2c4e9b05d7a31c8e2";
export const EMPTY_SITE_ID = "6738a1f2c4e9b05d7a31c8f9";
export const POSTS_COLLECTION = "6738a2b5c4e9b05d7a31d014";
export const PODCAST_COLLECTION = "6738a2b5c4e9b05d7a31d0a7";

const SITE = {
  id: SITE_ID,
  workspaceId: "66f1c0a9e2b7d4053a8c91f0",
  createdOn: "2025-04-11T09:30:12.000Z",
  displayName: "Fieldnotes Journal",
  shortName: "fieldnotes-journal",
  lastPublished: "2026-12-01T15:42:08.000Z",
  lastUpdated: "2026-12-05T11:03:51.000Z",
  previewUrl: "https://screenshots.webflow.com/sites/6738a1f2c4e9b05d7a31c8e2/20261201154208_b1f0.png",
  timeZone: "Europe/Berlin",
  parentFolderId: null,
  customDomains: [
    {
      id: "6738a9d1c4e9b05d7a31e112",
      url: "journal.fieldnotes.example",
      lastPublished: "2026-12-01T15:42:08.000Z",
    },
  ],
  locales: {
    primary: {
      id: "6738a1f2c4e9b05d7a31c8e5",
      cmsLocaleId: "6738a1f2c4e9b05d7a31c8e6",
      enabled: true,
      displayName: "English",
      redirect: false,
      subdirectory: "",
      tag: "en",
    },
    secondary: [],
  },
};

const ITEMS = [
  {
    id: "6740c3e1a9b2d84f1c7e0a11",
    cmsLocaleId: "6738a1f2c4e9b05d7a31c8e6",
    lastPublished: "2026-11-30T16:00:04.000Z",
    lastUpdated: "2026-11-30T15:58:40.000Z",
    createdOn: "2026-11-28T10:12:09.000Z",
    isArchived: false,
    isDraft: false,
    fieldData: {
      name: "Why our RSS feed moved",
      slug: "why-our-rss-feed-moved",
      "post-summary": "New address, same posts.",
    },
  },
  {
    id: "6740c3e1a9b2d84f1c7e0a29",
    cmsLocaleId: "6738a1f2c4e9b05d7a31c8e6",
    lastPublished: "2026-11-19T09:00:02.000Z",
    lastUpdated: "2026-11-19T08:57:13.000Z",
    createdOn: "2026-11-17T14:40:55.000Z",
    isArchived: false,
    isDraft: false,
    fieldData: {
      name: "Fixing 404 errors after a slug change",
      slug: "fixing-404-errors",
      "post-summary": "Error 404 Not Found on old links? Set up 301 redirects before you rename a CMS slug.",
    },
  },
];

function webflowError(
  res: http.ServerResponse,
  status: number,
  code: string,
  message: string,
  details: unknown[] = [],
  headers: Record<string, string> = {},
) {
  json(res, status, { message, code, externalReference: null, details }, headers);
}

const CLOUDFLARE_502 = `<!DOCTYPE html>
<!--[if lt IE 7]> <html class="no-js ie6 oldie" lang="en-US"> <![endif]-->
<!--[if gt IE 8]><!--> <html class="no-js" lang="en-US"> <!--<![endif]-->
<head>
<title>api.webflow.com | 502: Bad gateway</title>
<meta charset="UTF-8" />
</head>
<body>
<div id="cf-wrapper">
<div id="cf-error-details" class="p-0">
<header class="mx-auto pt-10 lg:pt-6 lg:px-8 w-240 lg:w-full mb-8">
<h1 class="inline-block sm:block sm:mb-2 font-light text-60 lg:text-4xl text-black-dark leading-tight mr-2">
<span class="inline-block">Bad gateway</span>
<span class="code-label">Error code 502</span>
</h1>
</header>
<div class="cf-error-footer cf-wrapper w-240 lg:w-full py-10 sm:py-4 sm:px-8 mx-auto text-center sm:text-left border-solid border-0 border-t border-gray-300">
<p class="text-13">
<span class="cf-footer-item sm:block sm:mb-1">Cloudflare Ray ID: <strong class="font-semibold">8f3a1c7e9b2d4e60</strong></span>
</p>
</div>
</div>
</div>
</body>
</html>
`;

function webflowHandler(req: http.IncomingMessage, url: URL, raw: string, res: http.ServerResponse) {
  const p = url.pathname;
  const method = req.method ?? "GET";
  if (url.hostname !== "api.webflow.com") return text(res, 404, "Not Found");
  if (state.webflowRevoked || req.headers.authorization !== `Bearer ${WEBFLOW_TOKEN}`)
    return webflowError(res, 401, "not_authorized", "Request not authorized");
  if (state.webflowBadGateway) return text(res, 502, CLOUDFLARE_502, "text/html; charset=UTF-8");
  if (state.webflowServerError)
    return webflowError(
      res,
      500,
      "internal_error",
      "An internal server error occurred. Please try again later.",
    );
  if (state.webflowRateLimited)
    return webflowError(res, 429, "too_many_requests", "Too Many Requests", [], {
      "retry-after": "1",
      "x-ratelimit-limit": "60",
      "x-ratelimit-remaining": "0",
    });
  const notFound = (what: string) =>
    webflowError(res, 404, "resource_not_found", `Requested resource not found: The ${what} cannot be found`);

  if (p === "/v2/sites" && method === "GET") return json(res, 200, { sites: [SITE] });
  const site = /^\/v2\/sites\/([^/]+)(\/.*)?$/.exec(p);
  if (site) {
    const id = site[1]!;
    const rest = site[2] ?? "";
    if (id === "slow-site-00000000000000") return later(15_000, () => notFound("site"));
    if (id !== SITE_ID && id !== EMPTY_SITE_ID) return notFound("site");
    if (!rest && method === "GET")
      return json(res, 200, id === SITE_ID ? SITE : { ...SITE, id, displayName: "Fieldnotes Podcast" });
    if (rest === "/collections")
      return json(res, 200, {
        collections: [
          {
            id: POSTS_COLLECTION,
            displayName: "Blog Posts",
            singularName: "Blog Post",
            slug: "post",
            createdOn: "2025-04-11T09:41:00.000Z",
            lastUpdated: "2026-11-30T15:58:40.000Z",
          },
          {
            id: PODCAST_COLLECTION,
            displayName: "Podcast Episodes",
            singularName: "Podcast Episode",
            slug: "episode",
            createdOn: "2026-12-02T10:05:00.000Z",
            lastUpdated: "2026-12-02T10:05:00.000Z",
          },
        ],
      });
    if (rest === "/pages")
      return json(res, 200, {
        pages: [
          {
            id: "6738a1f2c4e9b05d7a31c8f0",
            siteId: id,
            title: "Home",
            slug: "",
            createdOn: "2025-04-11T09:30:12.000Z",
            lastUpdated: "2026-11-02T08:00:00.000Z",
            archived: false,
            draft: false,
            canBranch: true,
            isMembersOnly: false,
            seo: { title: "Fieldnotes Journal", description: "Notes on publishing, feeds and newsletters." },
          },
          {
            id: "6738a7c0c4e9b05d7a31d301",
            siteId: id,
            title: "Blog Posts Template",
            slug: "post",
            collectionId: POSTS_COLLECTION,
            createdOn: "2025-04-11T09:41:00.000Z",
            lastUpdated: "2026-10-12T12:30:00.000Z",
            archived: false,
            draft: false,
            canBranch: true,
            isMembersOnly: false,
          },
        ],
        pagination: { limit: 100, offset: 0, total: 2 },
      });
    if (rest === "/publish" && method === "POST")
      return webflowError(
        res,
        403,
        "missing_scopes",
        "OAuthForbidden: You are missing the following scopes - sites:write",
      );
    if (rest === "/registered_scripts/inline" && method === "POST") {
      const body = parse(raw) as { sourceCode?: string };
      if ((body.sourceCode ?? "").length > 2000)
        return webflowError(res, 400, "validation_error", "Validation Error", [
          { param: "sourceCode", description: "String must contain at most 2000 character(s)" },
        ]);
      return json(res, 201, {
        id: "newsletter_popup",
        displayName: "Newsletter popup",
        version: "1.0.0",
        createdOn: "2026-12-06T18:00:00.000Z",
        lastUpdated: "2026-12-06T18:00:00.000Z",
      });
    }
    if (rest === "/custom_code" && method === "DELETE")
      return id === EMPTY_SITE_ID ? notFound("custom code") : text(res, 204, "");
    if (rest === "/custom_code" && method === "GET")
      return json(res, 200, { scripts: [], lastUpdated: null, createdOn: null });
    return notFound("route");
  }

  const items = /^\/v2\/collections\/([^/]+)\/items(\/live|\/publish)?$/.exec(p);
  if (items) {
    const collection = items[1]!;
    if (collection !== POSTS_COLLECTION && collection !== PODCAST_COLLECTION) return notFound("collection");
    if (method === "GET")
      return json(
        res,
        200,
        collection === POSTS_COLLECTION
          ? { items: ITEMS, pagination: { limit: 100, offset: 0, total: ITEMS.length } }
          : { items: [], pagination: { limit: 100, offset: 0, total: 0 } },
      );
    if (items[2] === "/publish")
      return json(res, 202, { publishedItemIds: (parse(raw).itemIds as string[]) ?? [], errors: [] });
    const body = parse(raw) as {
      items?: { fieldData?: Record<string, unknown> }[];
      fieldData?: Record<string, unknown>;
    };
    const list = body.items ?? (body.fieldData ? [body] : []);
    for (const [i, item] of list.entries()) {
      const data = item.fieldData ?? {};
      if (data.slug === "fixing-404-errors")
        return webflowError(res, 400, "validation_error", "Validation Error", [
          {
            param: `items[${i}].fieldData.slug`,
            description: "Unique value is already in database: 'fixing-404-errors'",
          },
        ]);
      if (collection === PODCAST_COLLECTION && !("audio-url" in data))
        return webflowError(res, 400, "validation_error", "Validation Error", [
          { param: "fieldData.audio-url", description: "Field is required" },
        ]);
    }
    const created = list.map((item, i) => ({
      id: `6753e0f4a9b2d84f1c7e1b${(40 + i).toString()}`,
      cmsLocaleId: "6738a1f2c4e9b05d7a31c8e6",
      lastPublished: null,
      lastUpdated: "2026-12-06T18:00:00.000Z",
      createdOn: "2026-12-06T18:00:00.000Z",
      isArchived: false,
      isDraft: true,
      fieldData: item.fieldData,
    }));
    return json(res, 202, created.length === 1 ? created[0] : { items: created });
  }
  if (/^\/v2\/collections\/[^/]+$/.test(p)) return notFound("collection");
  notFound("route");
}

// ------------------------------------------------------------------------------------------------ WordPress

export const WP_USER = "mira";
export const WP_APP_PASSWORD = "Xk3m Q9wE 2rT5 yU8i O1pA 4sD7";
export const WP_PATH = "/wp-json/mcp/mcp-adapter-default-server";
const SESSIONS = new Set<string>();
let sessionCounter = 0;

const ABILITIES: Record<
  string,
  { label: string; description: string; category: string; input_schema: unknown }
> = {
  "core/get-site-info": {
    label: "Get Site Information",
    description: "Returns site information configured in WordPress.",
    category: "site",
    input_schema: { type: "object", properties: { fields: { type: "array", items: { type: "string" } } } },
  },
  "core/get-user-info": {
    label: "Get User Information",
    description: "Returns basic profile details for the current authenticated user.",
    category: "user",
    input_schema: { type: "object", properties: {} },
  },
  "fieldnotes/list-posts": {
    label: "List posts",
    description: "Lists blog posts, newest first.",
    category: "content",
    input_schema: {
      type: "object",
      properties: {
        search: { type: "string" },
        status: { type: "string", enum: ["publish", "draft", "future"] },
        per_page: { type: "integer", minimum: 1, maximum: 100 },
      },
    },
  },
  "fieldnotes/get-post": {
    label: "Get post",
    description: "Returns one post by ID.",
    category: "content",
    input_schema: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
  },
  "fieldnotes/create-draft": {
    label: "Create draft",
    description: "Creates a draft post.",
    category: "content",
    input_schema: {
      type: "object",
      properties: { title: { type: "string" }, content: { type: "string" } },
      required: ["title"],
    },
  },
  "fieldnotes/publish-post": {
    label: "Publish post",
    description: "Publishes a draft post.",
    category: "content",
    input_schema: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
  },
};

const WP_POSTS = [
  {
    id: 1842,
    title: "Moving our newsletter archive to WordPress",
    status: "publish",
    date: "2026-11-29T09:00:00",
    link: "https://fieldnotes.example/2026/11/newsletter-archive/",
    author: 3,
  },
  {
    id: 1836,
    title: "A reader's guide to our RSS feeds",
    status: "publish",
    date: "2026-11-21T08:30:00",
    link: "https://fieldnotes.example/2026/11/rss-guide/",
    author: 3,
  },
  {
    id: 1851,
    title: "Winter reading list (draft)",
    status: "draft",
    date: "2026-12-04T17:12:40",
    link: "https://fieldnotes.example/?p=1851",
    author: 3,
  },
];

type RpcId = string | number | null;

function rpcResult(
  res: http.ServerResponse,
  id: RpcId,
  result: unknown,
  headers: Record<string, string> = {},
) {
  json(res, 200, { jsonrpc: "2.0", id, result }, headers);
}

/** An MCP Adapter error, with the HTTP status the adapter gives its code (McpErrorFactory::mcp_error_to_http_status). */
function rpcError(res: http.ServerResponse, id: RpcId, code: number, message: string, data?: unknown) {
  const status =
    code === -32700 || code === -32600
      ? 400
      : code === -32010
        ? 401
        : code === -32008
          ? 403
          : [-32002, -32003, -32004, -32601].includes(code)
            ? 404
            : code === -32603 || code === -32000
              ? 500
              : code === -32001
                ? 504
                : 200;
  json(res, status, {
    jsonrpc: "2.0",
    id,
    error: { code, message, ...(data === undefined ? {} : { data }) },
  });
}

/** A tool result the way the adapter's ToolsHandler wraps an ability's array result. */
function toolText(res: http.ServerResponse, id: RpcId, tool: string, result: Record<string, unknown>) {
  rpcResult(res, id, {
    content: [{ type: "text", text: JSON.stringify(result) }],
    structuredContent: result,
    _metadata: {
      component_type: "tool",
      tool_name: tool,
      ability_name: tool.replace(/^mcp-adapter-/, "mcp-adapter/"),
    },
  });
}

const WP_CRITICAL = {
  code: "internal_server_error",
  message:
    '<p>There has been a critical error on this website.</p><p><a href="https://wordpress.org/documentation/article/faq-troubleshooting/">Learn more about troubleshooting WordPress.</a></p>',
  data: { status: 500 },
  additional_errors: [],
};

const WP_MAINTENANCE = `<!DOCTYPE html>
<html lang="en-US">
<head>
	<meta name="viewport" content="width=device-width">
	<meta http-equiv="Content-Type" content="text/html; charset=utf-8" />
	<title>Maintenance</title>
</head>
<body>
	<div class="wp-die-message"><h1>Briefly unavailable for scheduled maintenance. Check back in a minute.</h1></div>
</body>
</html>
`;

function executeAbility(name: string, params: Record<string, unknown>): Record<string, unknown> {
  switch (name) {
    case "core/get-site-info":
      return {
        success: true,
        data: {
          name: "Fieldnotes",
          description: "Notes on publishing, feeds and newsletters",
          url: "https://fieldnotes.example",
          wpurl: "https://fieldnotes.example",
          admin_email: "editors@fieldnotes.example",
          charset: "UTF-8",
          language: "en-US",
          version: "6.9",
        },
      };
    case "core/get-user-info":
      return {
        success: true,
        data: {
          id: 3,
          display_name: "Mira Holt",
          user_nicename: "mira",
          user_login: "mira",
          roles: ["contributor"],
          locale: "en_US",
        },
      };
    case "fieldnotes/list-posts": {
      const perPage = params.per_page;
      if (perPage !== undefined && (typeof perPage !== "number" || perPage < 1 || perPage > 100))
        return {
          success: false,
          error: `Ability "fieldnotes/list-posts" has invalid input. Reason: input[per_page] must be between 1 (inclusive) and 100 (inclusive)`,
        };
      const search = String(params.search ?? "").toLowerCase();
      const status = params.status ? String(params.status) : "publish";
      return {
        success: true,
        data: WP_POSTS.filter(
          (p) => p.status === status && (!search || p.title.toLowerCase().includes(search)),
        ),
      };
    }
    case "fieldnotes/get-post": {
      const post = WP_POSTS.find((p) => p.id === params.id);
      return post ? { success: true, data: post } : { success: false, error: "Invalid post ID." };
    }
    case "fieldnotes/create-draft":
      return {
        success: true,
        data: {
          id: 1857,
          title: params.title,
          status: "draft",
          link: "https://fieldnotes.example/?p=1857",
          author: 3,
        },
      };
    default:
      return { success: false, error: `Ability '${name}' not found` };
  }
}

function wordpressHandler(req: http.IncomingMessage, url: URL, raw: string, res: http.ServerResponse) {
  if (url.pathname !== WP_PATH)
    return json(res, 404, {
      code: "rest_no_route",
      message: "No route was found matching the URL and request method.",
      data: { status: 404 },
    });
  const expected = `Basic ${Buffer.from(`${WP_USER}:${WP_APP_PASSWORD}`).toString("base64")}`;
  if (state.wpBadPassword || req.headers.authorization !== expected)
    return json(res, 401, {
      code: "incorrect_password",
      message: `<strong>Error:</strong> The password you entered for the username <strong>${WP_USER}</strong> is incorrect. <a href="https://fieldnotes.example/wp-login.php?action=lostpassword">Lost your password?</a>`,
      data: null,
    });
  if (state.wpMaintenance)
    return text(res, 503, WP_MAINTENANCE, "text/html; charset=utf-8", { "retry-after": "600" });
  if (state.wpCriticalError) return json(res, 500, WP_CRITICAL);
  if (state.wpRateLimited)
    return json(
      res,
      429,
      { code: "too_many_requests", message: "Too many requests. Please slow down.", data: { status: 429 } },
      { "retry-after": "30" },
    );
  const message = parse(raw) as { id?: RpcId; method?: string; params?: Record<string, unknown> };
  const id = message.id ?? null;
  if (!message.method)
    return rpcError(
      res,
      id,
      -32600,
      "Invalid Request: Message must have either method or result/error field",
    );
  if (message.method === "initialize") {
    const session = `wpmcp-${(++sessionCounter).toString().padStart(4, "0")}-7f3c9a`;
    SESSIONS.add(session);
    return rpcResult(
      res,
      id,
      {
        protocolVersion: "2025-06-18",
        serverInfo: { name: "MCP Adapter Default Server", version: "0.5.0" },
        capabilities: { tools: { listChanged: false }, resources: {}, prompts: {} },
        instructions: "Fieldnotes — WordPress MCP Adapter",
      },
      { "mcp-session-id": session },
    );
  }
  if (message.method.startsWith("notifications/")) return text(res, 202, "");
  const session = String(req.headers["mcp-session-id"] ?? "");
  if (state.wpSessionExpired && session) {
    state.wpSessionExpired = false;
    SESSIONS.delete(session);
  }
  if (!SESSIONS.has(session)) return rpcError(res, id, -32005, "Invalid or expired session");
  if (message.method === "tools/list")
    return rpcResult(res, id, {
      tools: [
        {
          name: "mcp-adapter-discover-abilities",
          description: "Discover all available WordPress abilities in the system.",
          type: "action",
          inputSchema: { type: "object", properties: {} },
        },
        {
          name: "mcp-adapter-get-ability-info",
          description:
            "Get detailed information about a specific WordPress ability including its input/output schema, description, and usage examples.",
          type: "action",
          inputSchema: {
            type: "object",
            properties: { ability_name: { type: "string" } },
            required: ["ability_name"],
          },
        },
        {
          name: "mcp-adapter-execute-ability",
          description: "Execute a WordPress ability with the provided parameters.",
          type: "action",
          inputSchema: {
            type: "object",
            properties: { ability_name: { type: "string" }, parameters: { type: "object" } },
            required: ["ability_name", "parameters"],
            additionalProperties: false,
          },
        },
      ],
      _metadata: { component_type: "tools", tools_count: 3 },
    });
  if (message.method !== "tools/call")
    return rpcError(res, id, -32601, `Method not found: ${message.method}`);
  const tool = String(message.params?.name ?? "");
  const args = (message.params?.arguments ?? {}) as Record<string, unknown>;
  const ability = String(args.ability_name ?? "");
  if (tool === "mcp-adapter-discover-abilities")
    return toolText(res, id, tool, {
      abilities: Object.entries(ABILITIES).map(([name, a]) => ({
        name,
        label: a.label,
        description: a.description,
      })),
    });
  if (tool === "mcp-adapter-get-ability-info") {
    const found = ABILITIES[ability];
    if (!found) return toolText(res, id, tool, { error: `Ability '${ability}' not found` });
    return toolText(res, id, tool, {
      name: ability,
      label: found.label,
      description: found.description,
      input_schema: found.input_schema,
    });
  }
  if (tool === "mcp-adapter-execute-ability") {
    if (!("parameters" in args) || Object.keys(args).some((k) => k !== "ability_name" && k !== "parameters"))
      return rpcError(res, id, -32602, "Invalid params: parameters is a required property of input.");
    // has_permission runs first: an ability that does not exist, or whose own permission check refuses.
    if (!ABILITIES[ability])
      return rpcError(res, id, -32008, `Permission denied: Ability '${ability}' not found`);
    if (ability === "fieldnotes/publish-post")
      return rpcError(
        res,
        id,
        -32008,
        "Permission denied: Sorry, you are not allowed to publish posts as this user.",
      );
    const params = (args.parameters ?? {}) as Record<string, unknown>;
    if (String(params.search ?? "").includes("slow"))
      return later(15_000, () => toolText(res, id, tool, { success: true, data: [] }));
    return toolText(res, id, tool, executeAbility(ability, params));
  }
  rpcError(res, id, -32003, `Tool not found: ${tool}`);
}

export const sanityStandin = forwardProxy(SANITY_PROXY_PORT, ensureCertificate, sanityHandler);
export const webflowStandin = forwardProxy(WEBFLOW_PROXY_PORT, ensureCertificate, webflowHandler);
export const wordpressStandin = httpStandin(WORDPRESS_PORT, wordpressHandler);
export const ALL_STANDINS = [sanityStandin, webflowStandin, wordpressStandin];
