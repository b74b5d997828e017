// Loopback stand-ins for the APIs behind this group's servers, answering with the real APIs' bodies
// and error bodies: a WordPress site (REST API under /wp-json and ?rest_route=), the Contentful
// Content Management API (https, a self-signed certificate), the Obsidian Local REST API plugin,
// Confluence Cloud's REST API v1 (under /wiki) and Paperless-ngx's REST API (Django REST Framework).
// Each listens on its own port so that one can be stopped (an unreachable backend) while the others
// keep answering. `state` is switched by the sessions' hooks (a revoked key, a rate limit, …).

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type net from "node:net";
import path from "node:path";

export const DATA = "/tmp/faultline-corpus-r8-content";
export const WP_PORT = 39100;
export const CF_PORT = 39101;
export const OBS_PORT = 39102;
export const CFL_PORT = 39103;
export const PL_PORT = 39104;

/** The Contentful stand-in's self-signed certificate; the server trusts it through NODE_EXTRA_CA_CERTS. */
export const CF_CERT = path.join(DATA, "cf-cert.pem");
const CF_KEY = path.join(DATA, "cf-key.pem");

export const WP_USER = "mara";
export const WP_APP_PASSWORD = "Xk3p Qr8s Lm2n Vb7c Tz4w Hy6d";
export const CF_TOKEN = "CFPAT-r8content-corpus-token";
export const CF_SPACE = "r8hinges01";
export const OBS_KEY = "9c1f0e7b2d4a6c8e0f1a3b5d7c9e1f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c2d4e";
export const CFL_EMAIL = "ops@r8content.example";
export const CFL_TOKEN = "ATATT3xFfGF0r8contentcorpus";
export const PL_TOKEN = "f3c9a1e5b7d2c4a6e8f0b1d3c5e7a9b2d4f6a8c0";

export const state = {
  wpRestBlocked: false,
  wpMaintenance: false,
  wpRateLimited: false,
  wpPasswordRevoked: false,
  cfTokenRevoked: false,
  cfRateLimited: false,
  cfHourlyLimit: false,
  cfServerError: false,
  obsKeyRotated: false,
  obsSearchSlow: false,
  cflTokenRevoked: false,
  cflRateLimited: false,
  cflMaintenance: false,
  plTokenRevoked: false,
  plBadGateway: false,
  plServerError: false,
  plSsoLogin: false,
};

type Handler = (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) => void;

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json; charset=UTF-8", ...headers });
  res.end(JSON.stringify(body));
}

function text(
  res: http.ServerResponse,
  status: number,
  body: string,
  type = "text/html; charset=utf-8",
  headers: Record<string, string> = {},
) {
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(status, { "content-type": type, ...headers });
  res.end(body);
}

/** Answers after `ms`, unless the connection went away first. */
function later(res: http.ServerResponse, ms: number, answer: () => void) {
  const timer = setTimeout(answer, ms);
  res.on("close", () => clearTimeout(timer));
}

export interface Standin {
  start(): Promise<void>;
  stop(): Promise<void>;
}

function serve(port: number, handler: Handler, tls = false): Standin {
  const sockets = new Set<net.Socket>();
  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      try {
        handler(req, new URL(req.url ?? "/", `http://127.0.0.1:${port}`), body, res);
      } catch (error) {
        text(res, 500, `stand-in error: ${(error as Error).message}`, "text/plain");
      }
    });
  };
  let server: http.Server | https.Server | undefined;
  const make = () => {
    if (!tls) return http.createServer(onRequest);
    if (!fs.existsSync(CF_CERT)) {
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
          CF_KEY,
          "-out",
          CF_CERT,
          "-days",
          "3650",
          "-subj",
          "/CN=127.0.0.1",
          "-addext",
          "subjectAltName=IP:127.0.0.1",
        ],
        { stdio: "ignore" },
      );
    }
    return https.createServer({ key: fs.readFileSync(CF_KEY), cert: fs.readFileSync(CF_CERT) }, onRequest);
  };
  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        server = make();
        server.on("connection", (socket: net.Socket) => {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
        });
        server.once("error", reject);
        server.listen(port, "127.0.0.1", () => resolve());
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

// ---------------------------------------------------------------- WordPress (REST API, wp/v2)

const WP_BASE = `http://127.0.0.1:${WP_PORT}`;

interface WpPost {
  id: number;
  date: string;
  modified: string;
  slug: string;
  status: string;
  title: string;
  content: string;
  excerpt: string;
  author: number;
  categories: number[];
  tags: number[];
}

const WP_POSTS: WpPost[] = [
  {
    id: 101,
    date: "2026-10-02T09:14:00",
    modified: "2026-10-05T16:40:12",
    slug: "choosing-brass-hinges",
    status: "publish",
    title: "Choosing brass hinges for cabinet doors",
    content:
      "<!-- wp:paragraph -->\n<p>Solid brass hinges outlast plated steel in kitchens. Measure the door thickness first.</p>\n<!-- /wp:paragraph -->",
    excerpt: "<p>Solid brass hinges outlast plated steel in kitchens.</p>\n",
    author: 2,
    categories: [3],
    tags: [7],
  },
  {
    id: 102,
    date: "2026-10-20T11:02:00",
    modified: "2026-10-20T11:02:00",
    slug: "spring-catalogue-preview",
    status: "draft",
    title: "Spring catalogue preview",
    content: "<!-- wp:paragraph -->\n<p>Twelve new drawer pulls, two finishes.</p>\n<!-- /wp:paragraph -->",
    excerpt: "<p>Twelve new drawer pulls, two finishes.</p>\n",
    author: 2,
    categories: [4],
    tags: [],
  },
  {
    id: 103,
    date: "2026-11-08T08:30:00",
    modified: "2026-11-09T10:11:45",
    slug: "how-we-test-drawer-pulls",
    status: "publish",
    title: "How we test drawer pulls",
    content:
      "<!-- wp:paragraph -->\n<p>Every pull is cycled 20,000 times on the rig before it ships.</p>\n<!-- /wp:paragraph -->",
    excerpt: "<p>Every pull is cycled 20,000 times on the rig.</p>\n",
    author: 2,
    categories: [3],
    tags: [7],
  },
];

const WP_USERS = [
  {
    id: 2,
    name: "Mara Quist",
    url: "",
    description: "",
    link: `${WP_BASE}/author/mara/`,
    slug: "mara",
    avatar_urls: {},
  },
];
const WP_CATEGORIES = [
  {
    id: 3,
    count: 2,
    description: "",
    link: `${WP_BASE}/category/guides/`,
    name: "Guides",
    slug: "guides",
    parent: 0,
  },
  {
    id: 4,
    count: 0,
    description: "",
    link: `${WP_BASE}/category/news/`,
    name: "News",
    slug: "news",
    parent: 0,
  },
];
const WP_TAGS = [
  { id: 7, count: 2, description: "", link: `${WP_BASE}/tag/hardware/`, name: "hardware", slug: "hardware" },
];

function wpPost(post: WpPost, context: string) {
  return {
    id: post.id,
    date: post.date,
    date_gmt: post.date,
    guid: { rendered: `${WP_BASE}/?p=${post.id}` },
    modified: post.modified,
    modified_gmt: post.modified,
    slug: post.slug,
    status: post.status,
    type: "post",
    link: `${WP_BASE}/${post.slug}/`,
    title: context === "edit" ? { raw: post.title, rendered: post.title } : { rendered: post.title },
    content:
      context === "edit"
        ? { raw: post.content, rendered: post.content.replace(/<!--[^>]*-->\n?/g, ""), protected: false }
        : { rendered: post.content.replace(/<!--[^>]*-->\n?/g, ""), protected: false },
    excerpt: { rendered: post.excerpt, protected: false },
    author: post.author,
    featured_media: 0,
    comment_status: "open",
    ping_status: "open",
    sticky: false,
    template: "",
    format: "standard",
    meta: { footnotes: "" },
    categories: post.categories,
    tags: post.tags,
  };
}

function wpError(res: http.ServerResponse, status: number, code: string, message: string, extra = {}) {
  return json(res, status, { code, message, data: { status, ...extra } });
}

const NGINX_404 =
  "<html>\r\n<head><title>404 Not Found</title></head>\r\n<body>\r\n<center><h1>404 Not Found</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";

const wordpress: Handler = (req, url, body, res) => {
  let route: string | undefined;
  if (url.pathname.startsWith("/wp-json")) route = url.pathname.slice("/wp-json".length) || "/";
  else if (url.searchParams.has("rest_route")) route = url.searchParams.get("rest_route") ?? "/";
  if (route === undefined) return text(res, 404, NGINX_404);
  if (state.wpRestBlocked) return text(res, 404, NGINX_404);
  if (state.wpMaintenance) {
    return text(
      res,
      503,
      '<!DOCTYPE html>\n<html>\n<head>\n<meta charset="utf-8">\n<title>Maintenance</title>\n</head>\n<body>\n<h1>Briefly unavailable for scheduled maintenance. Check back in a minute.</h1>\n</body>\n</html>\n',
      "text/html; charset=utf-8",
      { "Retry-After": "600" },
    );
  }
  if (state.wpRateLimited) {
    return text(
      res,
      429,
      "<html>\r\n<head><title>429 Too Many Requests</title></head>\r\n<body>\r\n<center><h1>429 Too Many Requests</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n",
      "text/html",
      { "Retry-After": "30" },
    );
  }
  const expected = "Basic " + Buffer.from(`${WP_USER}:${WP_APP_PASSWORD}`).toString("base64");
  const authorized = req.headers.authorization === expected && !state.wpPasswordRevoked;
  if (req.headers.authorization && !authorized) {
    return wpError(
      res,
      401,
      "incorrect_password",
      "The provided password is an invalid application password.",
    );
  }
  const method = req.method ?? "GET";
  if (route === "/" || route === "/wp/v2" || route === "/wp/v2/") {
    return json(res, 200, {
      name: "Brass & Oak Hardware",
      description: "Cabinet hardware, tested",
      url: WP_BASE,
      home: WP_BASE,
      gmt_offset: "1",
      timezone_string: "Europe/Amsterdam",
      namespaces: ["oembed/1.0", "wp/v2", "wp-site-health/v1"],
      authentication: {
        "application-passwords": {
          endpoints: { authorization: `${WP_BASE}/wp-admin/authorize-application.php` },
        },
      },
      routes: {},
    });
  }
  if (!route.startsWith("/wp/v2/")) {
    return wpError(res, 404, "rest_no_route", "No route was found matching the URL and request method.");
  }
  const rest = route.slice("/wp/v2".length);
  if (rest === "/posts" && method === "GET") {
    const perPage = Number(url.searchParams.get("per_page") ?? "10");
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) {
      return json(res, 400, {
        code: "rest_invalid_param",
        message: "Invalid parameter(s): per_page",
        data: {
          status: 400,
          params: { per_page: "per_page must be between 1 (inclusive) and 100 (inclusive)" },
          details: {
            per_page: {
              code: "rest_out_of_bounds",
              message: "per_page must be between 1 (inclusive) and 100 (inclusive)",
              data: null,
            },
          },
        },
      });
    }
    const search = (url.searchParams.get("search") ?? "").toLowerCase();
    const statuses = (url.searchParams.get("status") ?? "publish").split(",");
    const found = WP_POSTS.filter(
      (p) => statuses.includes(p.status) && (p.title + p.content).toLowerCase().includes(search),
    );
    const page = Number(url.searchParams.get("page") ?? "1");
    const pages = Math.max(1, Math.ceil(found.length / perPage));
    if (page > pages) {
      return wpError(
        res,
        400,
        "rest_post_invalid_page_number",
        "The page number requested is larger than the number of pages available.",
      );
    }
    return json(
      res,
      200,
      found.slice((page - 1) * perPage, page * perPage).map((p) => wpPost(p, "view")),
      { "X-WP-Total": String(found.length), "X-WP-TotalPages": String(pages) },
    );
  }
  if (rest === "/posts" && method === "POST") {
    const data = JSON.parse(body || "{}") as { title?: string; content?: string; status?: string };
    const post: WpPost = {
      id: 104,
      date: "2026-12-06T10:00:00",
      modified: "2026-12-06T10:00:00",
      slug: "new-post",
      status: data.status ?? "draft",
      title: data.title ?? "",
      content: data.content ?? "",
      excerpt: "",
      author: 2,
      categories: [1],
      tags: [],
    };
    return json(res, 201, wpPost(post, "edit"));
  }
  const postMatch = /^\/posts\/(\d+)$/.exec(rest);
  if (postMatch) {
    const post = WP_POSTS.find((p) => p.id === Number(postMatch[1]));
    if (!post) return wpError(res, 404, "rest_post_invalid_id", "Invalid post ID.");
    if (method === "DELETE") {
      if (url.searchParams.get("force") === "true") {
        return json(res, 200, { deleted: true, previous: wpPost(post, "edit") });
      }
      return json(res, 200, { ...wpPost(post, "edit"), status: "trash" });
    }
    return json(res, 200, wpPost(post, url.searchParams.get("context") ?? "view"));
  }
  if (rest === "/users/me") {
    if (!authorized) {
      return wpError(res, 401, "rest_not_logged_in", "You are not currently logged in.");
    }
    return json(res, 200, { ...WP_USERS[0], roles: ["author"], capabilities: { publish_posts: true } });
  }
  if (rest === "/users" && method === "POST") {
    return wpError(res, 403, "rest_cannot_create_user", "Sorry, you are not allowed to create new users.");
  }
  if (rest === "/users") return json(res, 200, WP_USERS, { "X-WP-Total": "1", "X-WP-TotalPages": "1" });
  const userMatch = /^\/users\/(\d+)$/.exec(rest);
  if (userMatch) {
    const user = WP_USERS.find((u) => u.id === Number(userMatch[1]));
    return user ? json(res, 200, user) : wpError(res, 404, "rest_user_invalid_id", "Invalid user ID.");
  }
  if (rest === "/categories" || rest === "/tags") {
    const all = rest === "/categories" ? WP_CATEGORIES : WP_TAGS;
    const search = (url.searchParams.get("search") ?? "").toLowerCase();
    const found = all.filter((t) => t.name.toLowerCase().includes(search));
    return json(res, 200, found, { "X-WP-Total": String(found.length), "X-WP-TotalPages": "1" });
  }
  const termMatch = /^\/(categories|tags)\/(\d+)$/.exec(rest);
  if (termMatch) {
    const all = termMatch[1] === "categories" ? WP_CATEGORIES : WP_TAGS;
    const term = all.find((t) => t.id === Number(termMatch[2]));
    return term ? json(res, 200, term) : wpError(res, 404, "rest_term_invalid", "Term does not exist.");
  }
  if (rest === "/pages") {
    // a page-builder plugin's fatal error: WordPress's recovery handler answers REST requests in JSON
    return json(res, 500, {
      code: "internal_server_error",
      message:
        '<p>There has been a critical error on this website.</p><p><a href="https://wordpress.org/documentation/article/faq-troubleshooting/">Learn more about troubleshooting WordPress.</a></p>',
      data: { status: 500 },
      additional_errors: [],
    });
  }
  if (rest === "/comments") {
    return json(
      res,
      200,
      [
        {
          id: 31,
          post: 101,
          parent: 0,
          author: 0,
          author_name: "Jonas",
          date: "2026-10-03T18:22:00",
          content: { rendered: "<p>Do these fit 19 mm doors?</p>\n" },
          link: `${WP_BASE}/choosing-brass-hinges/#comment-31`,
          status: "approved",
          type: "comment",
        },
      ],
      { "X-WP-Total": "1", "X-WP-TotalPages": "1" },
    );
  }
  if (rest === "/search") {
    // a search that the site's database takes 15 s to answer
    later(res, 15_000, () =>
      json(res, 200, [
        {
          id: 101,
          title: "Choosing brass hinges for cabinet doors",
          url: `${WP_BASE}/choosing-brass-hinges/`,
          type: "post",
          subtype: "post",
        },
      ]),
    );
    return;
  }
  if (rest === "/settings") {
    return wpError(res, 403, "rest_forbidden", "Sorry, you are not allowed to do that.");
  }
  return wpError(res, 404, "rest_no_route", "No route was found matching the URL and request method.");
};

// ---------------------------------------------------------------- Contentful (Content Management API)

let cfRequestSeq = 0;
const cfRequestId = () => `r8cf-${(++cfRequestSeq).toString(16).padStart(8, "0")}`;

function cfError(
  res: http.ServerResponse,
  status: number,
  id: string,
  message: string | undefined,
  details?: unknown,
  headers: Record<string, string> = {},
) {
  const body: Record<string, unknown> = { sys: { type: "Error", id } };
  if (message !== undefined) body.message = message;
  if (details !== undefined) body.details = details;
  body.requestId = cfRequestId();
  return json(res, status, body, {
    "content-type": "application/vnd.contentful.management.v1+json",
    ...headers,
  });
}

const cfLink = (linkType: string, id: string) => ({ sys: { type: "Link", linkType, id } });

function cfEntry(id: string, version: number, fields: Record<string, unknown>, published: boolean) {
  return {
    metadata: { tags: [], concepts: [] },
    sys: {
      space: cfLink("Space", CF_SPACE),
      id,
      type: "Entry",
      createdAt: "2026-09-14T08:00:00.000Z",
      updatedAt: "2026-11-30T15:12:09.000Z",
      environment: cfLink("Environment", "master"),
      ...(published
        ? { publishedVersion: version - 1, publishedAt: "2026-11-30T15:12:09.000Z", publishedCounter: 3 }
        : {}),
      createdBy: cfLink("User", "4xR8userMara"),
      updatedBy: cfLink("User", "4xR8userMara"),
      version,
      automationTags: [],
      contentType: cfLink("ContentType", "article"),
    },
    fields,
  };
}

const CF_ENTRIES = [
  cfEntry(
    "article-hinges",
    7,
    {
      title: { "en-US": "Choosing brass hinges" },
      slug: { "en-US": "choosing-brass-hinges" },
      body: { "en-US": "Solid brass outlasts plated steel in kitchens." },
    },
    true,
  ),
  cfEntry(
    "article-pricing",
    4,
    {
      title: { "en-US": "Spring price list" },
      slug: { "en-US": "spring-price-list" },
      author: { "en-US": cfLink("Entry", "author-7") },
    },
    false,
  ),
];

const CF_CONTENT_TYPE = {
  sys: {
    space: cfLink("Space", CF_SPACE),
    id: "article",
    type: "ContentType",
    createdAt: "2026-09-01T08:00:00.000Z",
    updatedAt: "2026-09-01T08:00:00.000Z",
    environment: cfLink("Environment", "master"),
    publishedVersion: 3,
    version: 4,
  },
  displayField: "title",
  name: "Article",
  description: "A journal article",
  fields: [
    {
      id: "title",
      name: "Title",
      type: "Symbol",
      localized: false,
      required: true,
      validations: [],
      disabled: false,
      omitted: false,
    },
    {
      id: "slug",
      name: "Slug",
      type: "Symbol",
      localized: false,
      required: true,
      validations: [{ unique: true }],
      disabled: false,
      omitted: false,
    },
    {
      id: "body",
      name: "Body",
      type: "Text",
      localized: false,
      required: false,
      validations: [],
      disabled: false,
      omitted: false,
    },
    {
      id: "author",
      name: "Author",
      type: "Link",
      linkType: "Entry",
      localized: false,
      required: false,
      validations: [],
      disabled: false,
      omitted: false,
    },
  ],
};

const CF_ARTICLE_FIELDS = ["title", "slug", "body", "author"];
let cfBulkPolls = 0;

const contentful: Handler = (req, url, body, res) => {
  if (req.headers.authorization !== `Bearer ${CF_TOKEN}` || state.cfTokenRevoked) {
    return cfError(
      res,
      401,
      "AccessTokenInvalid",
      "The access token you sent could not be found or is invalid.",
    );
  }
  if (state.cfHourlyLimit) {
    return cfError(
      res,
      429,
      "RateLimitExceeded",
      "You have exceeded the rate limit of the Organization this Space belongs to by making too many API requests within a short timespan. Please wait a moment before trying the request again.",
      undefined,
      {
        "X-Contentful-RateLimit-Hour-Limit": "36000",
        "X-Contentful-RateLimit-Hour-Remaining": "0",
        "X-Contentful-RateLimit-Reset": "1800",
        "X-Contentful-RateLimit-Second-Limit": "10",
        "X-Contentful-RateLimit-Second-Remaining": "10",
      },
    );
  }
  if (state.cfRateLimited) {
    return cfError(
      res,
      429,
      "RateLimitExceeded",
      "You have exceeded the rate limit of the Organization this Space belongs to by making too many API requests within a short timespan. Please wait a moment before trying the request again.",
      undefined,
      {
        "X-Contentful-RateLimit-Reset": "1",
        "X-Contentful-RateLimit-Second-Limit": "10",
        "X-Contentful-RateLimit-Second-Remaining": "0",
      },
    );
  }
  if (state.cfServerError) {
    return cfError(res, 500, "ServerError", "Internal server error");
  }
  const env = `/spaces/${CF_SPACE}/environments/master`;
  if (!url.pathname.startsWith(env)) {
    return cfError(res, 404, "NotFound", "The resource could not be found.", { type: "Space", id: CF_SPACE });
  }
  const rest = url.pathname.slice(env.length);
  const method = req.method ?? "GET";
  if (rest === "/content_types" && method === "GET") {
    return json(res, 200, { sys: { type: "Array" }, total: 1, skip: 0, limit: 10, items: [CF_CONTENT_TYPE] });
  }
  if (rest === "/entries" && method === "GET") {
    for (const key of url.searchParams.keys()) {
      const field = /^fields\.([^.[]+)/.exec(key)?.[1];
      if (field && !CF_ARTICLE_FIELDS.includes(field)) {
        return cfError(
          res,
          400,
          "InvalidQuery",
          "The query you sent was invalid. Probably a filter or ordering specification is not applicable to the type of a field.",
          {
            errors: [
              {
                name: "unknown",
                path: ["fields", field],
                details: `The path "fields.${field}" is not recognized`,
              },
            ],
          },
        );
      }
    }
    const match = (url.searchParams.get("fields.title[match]") ?? "").toLowerCase();
    const items = CF_ENTRIES.filter((e) =>
      ((e.fields.title as Record<string, string> | undefined)?.["en-US"] ?? "").toLowerCase().includes(match),
    );
    return json(res, 200, {
      sys: { type: "Array" },
      total: items.length,
      skip: Number(url.searchParams.get("skip") ?? "0"),
      limit: Number(url.searchParams.get("limit") ?? "100"),
      items,
    });
  }
  if (rest === "/entries" && method === "POST") {
    const data = JSON.parse(body || "{}") as { fields?: Record<string, unknown> };
    const errors = ["title", "slug"]
      .filter((f) => !data.fields?.[f])
      .map((f) => ({
        name: "required",
        path: ["fields", f],
        details: `The property "${f}" is required here`,
      }));
    if (errors.length) return cfError(res, 422, "ValidationFailed", "Validation error", { errors });
    return json(res, 201, cfEntry("newentry01", 1, data.fields ?? {}, false));
  }
  const entryMatch = /^\/entries\/([^/]+)(\/published)?$/.exec(rest);
  if (entryMatch) {
    const id = decodeURIComponent(entryMatch[1] ?? "");
    const entry = CF_ENTRIES.find((e) => e.sys.id === id);
    if (!entry) {
      return cfError(res, 404, "NotFound", "The resource could not be found.", {
        type: "Entry",
        id,
        environment: "master",
        space: CF_SPACE,
      });
    }
    if (method === "GET") return json(res, 200, entry);
    if (method === "PUT" && !entryMatch[2]) {
      // another editor saved the entry between the server's read and its write
      return cfError(res, 409, "VersionMismatch", undefined);
    }
    if (method === "DELETE") {
      return cfError(res, 403, "AccessDenied", undefined, {
        type: "Entry",
        reasons: "Your role does not allow deleting entries of content type article",
      });
    }
    return json(res, 200, entry);
  }
  if (rest === "/bulk_actions/publish" && method === "POST") {
    cfBulkPolls = 0;
    return json(res, 201, cfBulk("created", JSON.parse(body || "{}")));
  }
  if (/^\/bulk_actions\/actions\/[^/]+$/.test(rest) && method === "GET") {
    cfBulkPolls += 1;
    return json(res, 200, cfBulk(cfBulkPolls < 2 ? "inProgress" : "failed", {}));
  }
  return cfError(res, 404, "NotFound", "The resource could not be found.");
};

function cfBulk(status: string, payload: unknown) {
  return {
    sys: {
      type: "BulkAction",
      id: "5hJr8BulkPublish",
      space: cfLink("Space", CF_SPACE),
      environment: cfLink("Environment", "master"),
      createdAt: "2026-12-06T10:00:00.000Z",
      updatedAt: "2026-12-06T10:00:01.000Z",
      createdBy: cfLink("User", "4xR8userMara"),
      status,
    },
    action: "publish",
    payload,
    ...(status === "failed"
      ? {
          error: {
            sys: { type: "Error", id: "BulkActionFailed" },
            message: "Not all entities could be published.",
            details: {
              errors: [
                {
                  entity: cfLink("Entry", "article-pricing"),
                  error: {
                    sys: { type: "Error", id: "UnresolvedLinks" },
                    message: "Validation error",
                    details: {
                      errors: [
                        {
                          name: "notResolvable",
                          link: { type: "Link", linkType: "Entry", id: "author-7" },
                          path: ["fields", "author", "en-US"],
                        },
                      ],
                    },
                  },
                },
              ],
            },
          },
        }
      : {}),
  };
}

// ---------------------------------------------------------------- Obsidian (Local REST API plugin)

interface Note {
  content: string;
  ctime: number;
  mtime: number;
}

const VAULT = new Map<string, Note>();

export function resetVault() {
  VAULT.clear();
  const t = Date.parse("2026-11-20T09:00:00Z");
  VAULT.set("Inbox.md", { content: "# Inbox\n\n- order oak samples\n", ctime: t, mtime: t + 3_600_000 });
  VAULT.set("Projects/Hinge launch.md", {
    content:
      "---\nstatus: active\nowner: Mara\ntags: [hardware]\n---\n# Hinge launch\n\nShip the 40 mm brass hinge in March.\n\n## Open questions\n\n- finish: satin or polished?\n",
    ctime: t,
    mtime: t + 7_200_000,
  });
  VAULT.set("Projects/Old plan.md", {
    content: "# Old plan\n\nSuperseded by Hinge launch.\n",
    ctime: t,
    mtime: t,
  });
  VAULT.set("Meetings/2026-11-24 supplier call.md", {
    content: "# Supplier call\n\nThe supplier can ship 4,000 hinges in February.\n",
    ctime: t,
    mtime: t + 86_400_000,
  });
}
resetVault();

/** A note that has just synced in with a large embedded PDF; the plugin takes 15 s to answer for it. */
export function addSlowNote() {
  const t = Date.parse("2026-12-06T09:59:00Z");
  VAULT.set("Attachments/scan.md", { content: "# Scan\n\n![[supplier-contract.pdf]]\n", ctime: t, mtime: t });
}

const obsError = (res: http.ServerResponse, status: number, errorCode: number, message: string) =>
  json(res, status, { message, errorCode });

function listDir(dir: string): string[] | undefined {
  const prefix = dir ? `${dir}/` : "";
  const entries = new Set<string>();
  for (const file of VAULT.keys()) {
    if (!file.startsWith(prefix)) continue;
    const rest = file.slice(prefix.length);
    const slash = rest.indexOf("/");
    entries.add(slash < 0 ? rest : rest.slice(0, slash + 1));
  }
  return entries.size ? [...entries].sort() : undefined;
}

function noteJson(file: string, note: Note) {
  const fm = /^---\n([\s\S]*?)\n---\n/.exec(note.content);
  const frontmatter: Record<string, unknown> = {};
  for (const line of (fm?.[1] ?? "").split("\n")) {
    const kv = /^(\w+):\s*(.*)$/.exec(line);
    if (!kv) continue;
    const value = kv[2] ?? "";
    frontmatter[kv[1] ?? ""] = value.startsWith("[")
      ? value.slice(1, -1).split(/,\s*/).filter(Boolean)
      : value;
  }
  const tags = [...note.content.matchAll(/(?:^|\s)#([\w/-]+)/g)].map((m) => m[1]);
  return {
    content: note.content,
    frontmatter,
    path: file,
    stat: { ctime: note.ctime, mtime: note.mtime, size: Buffer.byteLength(note.content) },
    tags: [...new Set([...((frontmatter.tags as string[] | undefined) ?? []), ...tags])],
  };
}

const obsidian: Handler = (req, url, body, res) => {
  const method = req.method ?? "GET";
  const authorized = req.headers.authorization === `Bearer ${OBS_KEY}` && !state.obsKeyRotated;
  if (url.pathname === "/") {
    return json(res, 200, {
      status: "OK",
      manifest: {
        id: "obsidian-local-rest-api",
        name: "Local REST API",
        version: "3.2.0",
        minAppVersion: "0.12.0",
      },
      versions: { obsidian: "1.8.10", self: "3.2.0" },
      service: "Obsidian Local REST API",
      authenticated: authorized,
    });
  }
  if (!authorized) {
    return obsError(
      res,
      401,
      40101,
      "Authorization required.  Find your API Key in the 'Local REST API' section of your Obsidian settings.",
    );
  }
  if (url.pathname === "/search/simple/" && method === "POST") {
    const query = (url.searchParams.get("query") ?? "").toLowerCase();
    const ctx = Number(url.searchParams.get("contextLength") ?? "100");
    const answer = () => {
      const results = [];
      for (const [file, note] of VAULT) {
        const at = note.content.toLowerCase().indexOf(query);
        if (at < 0) continue;
        results.push({
          filename: file,
          score: -0.42,
          matches: [
            {
              match: { start: at, end: at + query.length },
              context: note.content.slice(Math.max(0, at - ctx), at + query.length + ctx),
            },
          ],
        });
      }
      json(res, 200, results);
    };
    // a vault-wide search that Obsidian takes 6 s to answer
    if (state.obsSearchSlow) return later(res, 6_000, answer);
    return answer();
  }
  const periodic = /^\/periodic\/(\w+)\/$/.exec(url.pathname);
  if (periodic) {
    return obsError(res, 400, 40461, "Specified period is not enabled.");
  }
  if (!url.pathname.startsWith("/vault/")) return obsError(res, 404, 40400, "Not Found");
  const file = decodeURIComponent(url.pathname.slice("/vault/".length));
  if (file === "" || file.endsWith("/")) {
    const files = listDir(file.replace(/\/$/, ""));
    if (!files) return obsError(res, 404, 40400, "Not Found");
    return json(res, 200, { files });
  }
  if (file === "Attachments/scan.md" && method === "GET") {
    // a note whose embedded PDF Obsidian is still indexing: the plugin answers after 15 s
    return later(res, 15_000, () =>
      text(res, 200, VAULT.get(file)?.content ?? "", "text/markdown; charset=utf-8"),
    );
  }
  const note = VAULT.get(file);
  if (method === "HEAD") {
    // Express answers HEAD through the GET route: the same status and headers, no body
    if (!note) {
      res.writeHead(404, { "content-type": "application/json; charset=utf-8" });
      return res.end();
    }
    res.writeHead(200, {
      "content-type": "text/markdown; charset=utf-8",
      "content-length": String(Buffer.byteLength(note.content)),
    });
    return res.end();
  }
  if (method === "GET") {
    if (!note) return obsError(res, 404, 40400, "Not Found");
    if ((req.headers.accept ?? "").includes("application/vnd.olrapi.note+json")) {
      return json(res, 200, noteJson(file, note), { "content-type": "application/vnd.olrapi.note+json" });
    }
    return text(res, 200, note.content, "text/markdown; charset=utf-8");
  }
  if (method === "PUT") {
    const now = Date.parse("2026-12-06T10:00:00Z");
    VAULT.set(file, { content: body, ctime: note?.ctime ?? now, mtime: now });
    res.writeHead(204);
    return res.end();
  }
  if (method === "POST") {
    const now = Date.parse("2026-12-06T10:00:00Z");
    VAULT.set(file, { content: (note?.content ?? "") + body, ctime: note?.ctime ?? now, mtime: now });
    res.writeHead(204);
    return res.end();
  }
  if (method === "DELETE") {
    if (!note) return obsError(res, 404, 40400, "Not Found");
    VAULT.delete(file);
    res.writeHead(204);
    return res.end();
  }
  if (method === "PATCH") {
    if (!note) return obsError(res, 404, 40400, "Not Found");
    res.writeHead(200, { "content-type": "text/markdown; charset=utf-8" });
    return res.end(note.content);
  }
  return obsError(res, 405, 40500, "Method Not Allowed");
};

// ---------------------------------------------------------------- Confluence Cloud (REST API v1)

const CFL_BASE = `http://127.0.0.1:${CFL_PORT}/wiki`;

function cflError(res: http.ServerResponse, status: number, message: string, reason: string) {
  return json(res, status, {
    statusCode: status,
    data: { authorized: status !== 403, valid: true, errors: [], successful: false },
    message,
    reason,
  });
}

const cflUser = {
  type: "known",
  accountId: "5f1c0r8content",
  accountType: "atlassian",
  email: CFL_EMAIL,
  publicName: "Ops Writer",
  displayName: "Ops Writer",
};

interface CflPage {
  id: string;
  title: string;
  space: string;
  version: number;
  body: string;
}

const CFL_PAGES: CflPage[] = [
  {
    id: "98311",
    title: "On-call runbook",
    space: "OPS",
    version: 12,
    body: "<h1>On-call runbook</h1><p>Page the <strong>secondary</strong> after 15 minutes.</p><ul><li>Check the status page</li><li>Open an incident channel</li></ul>",
  },
  {
    id: "98344",
    title: "Escalation runbook",
    space: "OPS",
    version: 4,
    body: "<h1>Escalation runbook</h1><p>Escalate to the duty manager for customer-facing outages.</p>",
  },
];

function cflPage(page: CflPage) {
  return {
    id: page.id,
    type: "page",
    status: "current",
    title: page.title,
    space: { id: 33001, key: page.space, name: "Operations", type: "global", status: "current" },
    history: {
      latest: true,
      createdBy: cflUser,
      createdDate: "2026-03-02T09:12:44.000Z",
    },
    version: {
      by: cflUser,
      when: "2026-11-28T14:03:10.000Z",
      friendlyWhen: "Nov 28, 2026",
      message: "",
      number: page.version,
      minorEdit: false,
    },
    ancestors: [{ id: "98001", type: "page", status: "current", title: "Operations home" }],
    children: { page: { results: [], start: 0, limit: 25, size: 0 } },
    body: { storage: { value: page.body, representation: "storage" } },
    metadata: {
      labels: {
        results: [{ prefix: "global", name: "runbook", id: "1001", label: "runbook" }],
        start: 0,
        limit: 200,
        size: 1,
      },
    },
    _expandable: { space: `/rest/api/space/${page.space}` },
    _links: {
      webui: `/spaces/${page.space}/pages/${page.id}/${page.title.replace(/ /g, "+")}`,
      self: `${CFL_BASE}/rest/api/content/${page.id}`,
      tinyui: `/x/${page.id}`,
    },
  };
}

function xhtmlError(storage: string): string | undefined {
  const stack: string[] = [];
  const re = /<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(storage))) {
    const [, closing, tag, selfClosing] = m;
    if (selfClosing) continue;
    if (!closing) {
      stack.push(tag ?? "");
      continue;
    }
    const open = stack.pop();
    if (open !== tag) {
      const col = m.index + 1;
      return `Error parsing xhtml: Unexpected close tag </${tag}>; expected </${open}>.\n at [row,col {unknown-source}]: [1,${col}]`;
    }
  }
  return undefined;
}

const confluence: Handler = (req, url, body, res) => {
  if (!url.pathname.startsWith("/wiki/")) return text(res, 404, "<html><body>Not found</body></html>");
  if (state.cflMaintenance) {
    return text(
      res,
      503,
      '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Atlassian Cloud - Service Unavailable</title></head><body><h1>Confluence is temporarily unavailable</h1><p>We\'re doing some maintenance on this site. It should be back shortly.</p></body></html>',
      "text/html; charset=utf-8",
      { "Retry-After": "120" },
    );
  }
  const expected = "Basic " + Buffer.from(`${CFL_EMAIL}:${CFL_TOKEN}`).toString("base64");
  if (req.headers.authorization !== expected || state.cflTokenRevoked) {
    return text(
      res,
      401,
      "Basic authentication with passwords is deprecated.  For more information, see: https://confluence.atlassian.com/cloud/deprecation-of-basic-authentication-with-passwords-for-jira-and-confluence-apis-972355348.html\n",
      "text/plain;charset=UTF-8",
    );
  }
  if (state.cflRateLimited) {
    return text(res, 429, "Rate limit exceeded.", "text/plain;charset=UTF-8", {
      "Retry-After": "37",
      "X-RateLimit-Limit": "100",
      "X-RateLimit-Remaining": "0",
      "X-RateLimit-NearLimit": "true",
    });
  }
  const api = url.pathname.slice("/wiki".length);
  const method = req.method ?? "GET";
  if (api === "/rest/api/space" && method === "GET") {
    return json(res, 200, {
      results: [
        {
          id: 33001,
          key: "OPS",
          name: "Operations",
          type: "global",
          status: "current",
          description: { plain: { value: "Runbooks and on-call", representation: "plain" } },
        },
        {
          id: 33002,
          key: "HR",
          name: "People team",
          type: "global",
          status: "current",
          description: { plain: { value: "Policies", representation: "plain" } },
        },
      ],
      start: 0,
      limit: 100,
      size: 2,
      _links: { base: CFL_BASE, context: "/wiki" },
    });
  }
  if (api === "/rest/api/content/search" && method === "GET") {
    const cql = url.searchParams.get("cql") ?? "";
    if ((cql.match(/"/g) ?? []).length % 2 === 1) {
      return cflError(
        res,
        400,
        `com.atlassian.confluence.api.service.exceptions.BadRequestException: Could not parse cql : ${cql}`,
        "Bad Request",
      );
    }
    const words = [...cql.matchAll(/~\s*"([^"]*)"/g)].map((m) => (m[1] ?? "").toLowerCase());
    const results = CFL_PAGES.filter((p) =>
      words.every((w) => (p.title + " " + p.body).toLowerCase().includes(w)),
    ).map(cflPage);
    return json(res, 200, {
      results,
      start: 0,
      limit: 50,
      size: results.length,
      totalSize: results.length,
      cqlQuery: cql,
      searchDuration: 41,
      _links: { base: CFL_BASE, context: "/wiki" },
    });
  }
  if (api === "/rest/api/content" && method === "POST") {
    const data = JSON.parse(body || "{}") as {
      type?: string;
      title?: string;
      space?: { key?: string };
      container?: { id?: string };
      body?: { storage?: { value?: string } };
    };
    const storage = data.body?.storage?.value ?? "";
    const parseError = xhtmlError(storage);
    if (parseError) return cflError(res, 400, parseError, "Bad Request");
    if (data.type === "page" && data.space?.key === "HR") {
      return cflError(
        res,
        403,
        "com.atlassian.confluence.api.service.exceptions.PermissionException: Could not create content with type page",
        "Forbidden",
      );
    }
    if (
      data.type === "page" &&
      CFL_PAGES.some((p) => p.title === data.title && p.space === data.space?.key)
    ) {
      return cflError(
        res,
        400,
        `A page with this title already exists: A page already exists with the same TITLE in this space`,
        "Bad Request",
      );
    }
    return json(res, 200, {
      id: "98400",
      type: data.type ?? "page",
      status: "current",
      title: data.title ?? "",
    });
  }
  const contentMatch = /^\/rest\/api\/content\/([^/]+)(\/child\/(comment|attachment))?$/.exec(api);
  if (contentMatch) {
    const id = contentMatch[1] ?? "";
    const page = CFL_PAGES.find((p) => p.id === id);
    if (!page) {
      return cflError(res, 404, `No content found with id: ContentId{id=${id}}`, "Not Found");
    }
    if (contentMatch[3] === "comment") {
      return json(res, 200, {
        results: [],
        start: 0,
        limit: 100,
        size: 0,
        _links: { base: CFL_BASE, context: "/wiki" },
      });
    }
    if (contentMatch[3] === "attachment") {
      return json(res, 200, {
        results: [],
        start: 0,
        limit: 100,
        size: 0,
        _links: { base: CFL_BASE, context: "/wiki" },
      });
    }
    if (method === "PUT") {
      const data = JSON.parse(body || "{}") as { version?: { number?: number } };
      const wanted = data.version?.number ?? 0;
      if (wanted !== page.version + 1) {
        return cflError(
          res,
          409,
          `Version must be incremented on update. Current version is: ${page.version}`,
          "Conflict",
        );
      }
      return json(res, 200, cflPage({ ...page, version: wanted }));
    }
    return json(res, 200, cflPage(page));
  }
  return cflError(res, 404, "null for uri: " + url.toString(), "Not Found");
};

// ---------------------------------------------------------------- Paperless-ngx (REST API)

const PL_BASE = `http://127.0.0.1:${PL_PORT}`;

const plList = (results: unknown[]) => ({
  count: results.length,
  next: null,
  previous: null,
  all: results.map((r) => (r as { id: number }).id),
  results,
});

const PL_TAGS = [
  {
    id: 1,
    slug: "invoices",
    name: "Invoices",
    color: "#a6cee3",
    text_color: "#000000",
    match: "",
    matching_algorithm: 6,
    is_insensitive: true,
    is_inbox_tag: false,
    document_count: 2,
    owner: 3,
    user_can_change: true,
  },
  {
    id: 3,
    slug: "tax-2026",
    name: "Tax 2026",
    color: "#b2df8a",
    text_color: "#000000",
    match: "",
    matching_algorithm: 0,
    is_insensitive: true,
    is_inbox_tag: false,
    document_count: 1,
    owner: 3,
    user_can_change: true,
  },
];
const PL_CORRESPONDENTS = [
  {
    id: 5,
    slug: "brass-oak-supplies",
    name: "Brass & Oak Supplies",
    match: "",
    matching_algorithm: 6,
    is_insensitive: true,
    document_count: 2,
    last_correspondence: "2026-11-02",
    owner: 3,
    user_can_change: true,
  },
];
const PL_DOCTYPES = [
  {
    id: 2,
    slug: "invoice",
    name: "Invoice",
    match: "",
    matching_algorithm: 6,
    is_insensitive: true,
    document_count: 2,
    owner: 3,
    user_can_change: true,
  },
];

function plDoc(id: number, title: string, created: string, tags: number[], canChange: boolean) {
  return {
    id,
    correspondent: 5,
    document_type: 2,
    storage_path: null,
    title,
    content: `${title}\nBrass & Oak Supplies B.V.\nTotal EUR 1,204.50\nDue within 30 days`,
    tags,
    created,
    created_date: created,
    modified: `${created}T10:04:11.512345+01:00`,
    added: `${created}T10:03:58.120931+01:00`,
    deleted_at: null,
    archive_serial_number: null,
    original_file_name: `${title.toLowerCase().replace(/\W+/g, "-")}.pdf`,
    archived_file_name: `${created} ${title}.pdf`,
    owner: canChange ? 3 : 1,
    user_can_change: canChange,
    is_shared_by_requester: false,
    notes: [],
    custom_fields: [],
    page_count: 1,
    mime_type: "application/pdf",
  };
}

const PL_DOCS = [
  plDoc(12, "Invoice 2026-0311", "2026-11-02", [1, 3], true),
  plDoc(14, "Invoice 2026-0287", "2026-10-05", [1], false),
];

const DJANGO_500 =
  '\n<!doctype html>\n<html lang="en">\n<head>\n  <title>Server Error (500)</title>\n</head>\n<body>\n  <h1>Server Error (500)</h1><p></p>\n</body>\n</html>\n';
const NGINX_502 =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.27.3</center>\r\n</body>\r\n</html>\r\n";
const SSO_LOGIN =
  '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Sign in - authentik</title>\n</head>\n<body>\n<ak-flow-executor flowSlug="default-authentication-flow">\n<noscript>Please enable JavaScript to sign in.</noscript>\n</ak-flow-executor>\n</body>\n</html>\n';

const paperless: Handler = (req, url, body, res) => {
  if (state.plSsoLogin && url.pathname.startsWith("/api/")) {
    // a forward-auth proxy in front of Paperless: the session cookie it wants is missing
    res.writeHead(302, {
      location: `${PL_BASE}/outpost.goauthentik.io/start?rd=${encodeURIComponent(url.pathname)}`,
    });
    return res.end();
  }
  if (url.pathname.startsWith("/outpost.goauthentik.io/")) {
    return text(res, 200, SSO_LOGIN);
  }
  if (state.plBadGateway) return text(res, 502, NGINX_502, "text/html");
  if (!url.pathname.startsWith("/api/")) return text(res, 404, "<h1>Not Found</h1>");
  if (req.headers.authorization !== `Token ${PL_TOKEN}` || state.plTokenRevoked) {
    return json(res, 401, { detail: "Invalid token." }, { "WWW-Authenticate": "Token" });
  }
  const api = url.pathname.slice("/api".length);
  const method = req.method ?? "GET";
  if (api === "/tags/" && method === "GET") return json(res, 200, plList(PL_TAGS));
  if (api === "/tags/" && method === "POST") {
    const data = JSON.parse(body || "{}") as { name?: string };
    if (PL_TAGS.some((t) => t.name.toLowerCase() === (data.name ?? "").toLowerCase())) {
      return json(res, 400, { error: ["Object violates owner / name unique constraint"] });
    }
    return json(res, 201, { ...PL_TAGS[0], id: 9, name: data.name, slug: (data.name ?? "").toLowerCase() });
  }
  if (api === "/correspondents/") return json(res, 200, plList(PL_CORRESPONDENTS));
  if (api === "/document_types/") return json(res, 200, plList(PL_DOCTYPES));
  if (api === "/custom_fields/") return json(res, 200, plList([]));
  if (api === "/documents/" && method === "GET") {
    const created = url.searchParams.get("created__date__gte");
    if (created !== null && !/^\d{4}-\d{2}-\d{2}$/.test(created)) {
      return json(res, 400, { created__date__gte: ["Enter a valid date."] });
    }
    const query = (
      url.searchParams.get("query") ??
      url.searchParams.get("title__icontains") ??
      ""
    ).toLowerCase();
    const docs = PL_DOCS.filter((d) => (d.title + " " + d.content).toLowerCase().includes(query));
    return json(res, 200, plList(docs));
  }
  if (api === "/documents/bulk_edit/" && method === "POST") {
    const data = JSON.parse(body || "{}") as { documents?: number[] };
    if ((data.documents ?? []).some((id) => !PL_DOCS.some((d) => d.id === id))) {
      return json(res, 400, {
        documents: ["Some documents in documents don't exist or were specified twice."],
      });
    }
    return json(res, 200, { result: "OK" });
  }
  const docMatch = /^\/documents\/(\d+)\/(notes\/)?$/.exec(api);
  if (docMatch) {
    if (state.plServerError) return text(res, 500, DJANGO_500, "text/html; charset=utf-8");
    const doc = PL_DOCS.find((d) => d.id === Number(docMatch[1]));
    if (!doc) return json(res, 404, { detail: "No Document matches the given query." });
    if (docMatch[2]) return json(res, 200, doc.notes);
    if (method === "PATCH" || method === "PUT") {
      if (!doc.user_can_change) {
        return json(res, 403, { detail: "You do not have permission to perform this action." });
      }
      return json(res, 200, { ...doc, ...(JSON.parse(body || "{}") as object) });
    }
    return json(res, 200, doc);
  }
  if (api === "/mail_accounts/") {
    // a mailbox the server's IMAP check is slow on: answers after 20 s
    return later(res, 20_000, () => json(res, 200, plList([])));
  }
  return json(res, 404, { detail: "Not found." });
};

export const wpStandin = serve(WP_PORT, wordpress);
export const cfStandin = serve(CF_PORT, contentful, true);
export const obsStandin = serve(OBS_PORT, obsidian);
export const cflStandin = serve(CFL_PORT, confluence);
export const plStandin = serve(PL_PORT, paperless);

export const ALL_STANDINS = [wpStandin, cfStandin, obsStandin, cflStandin, plStandin];
