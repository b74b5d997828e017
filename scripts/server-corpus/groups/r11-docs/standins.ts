// Loopback stand-ins for the services behind this group's servers, answering with the real APIs' bodies
// and error bodies: a self-hosted Strapi v5 (the admin API `/admin/login`, `/admin/users/me`,
// `/content-type-builder/…`, `/content-manager/collection-types/…`, and the REST content API `/api/…`),
// reached at the URL its server is given, and the Google Drive API v3 (`www.googleapis.com/drive/v3`,
// `/upload/drive/v3`) with Google's OAuth token endpoint (`oauth2.googleapis.com/token`), whose hosts are
// written into `googleapis`, so the two Drive servers reach them through a loopback forward proxy that
// accepts the CONNECT, terminates TLS with a certificate for the real host names (trusted by the servers
// through NODE_EXTRA_CA_CERTS) and answers as Google. Node 20's fetch ignores HTTPS_PROXY, so the Drive
// servers are started with `proxy-preload.mjs` (NODE_OPTIONS --import), which makes undici's ProxyAgent the
// global dispatcher. Each Drive server has its own proxy port, so one can be stopped (an unreachable
// backend) while the other keeps answering. `state` is switched by the sessions' hooks.

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import path from "node:path";

export const DATA = "/tmp/faultline-corpus-r11-docs";
export const CERT = path.join(DATA, "standin-cert.pem");
const KEY = path.join(DATA, "standin-key.pem");

export const STRAPI_PORT = 39550;
export const GDRIVE_PROXY_PORT = 39551;
export const MCPGD_PROXY_PORT = 39552;
/** The @piotr-agier/google-drive-mcp server's own Streamable HTTP port. */
export const GDRIVE_MCP_PORT = 39560;

export const STRAPI_ADMIN_EMAIL = "editor-bot@northwind-press.example";
export const STRAPI_ADMIN_PASSWORD = "r11-Docs-Corpus!2026";
export const STRAPI_API_TOKEN =
  "9f2c7e41b8d35a06c1e4f7b2a9d08c3e5f61b7a2d4c9e80f3a5b6c7d8e9f0a1b2c3d4e5f60718293a4b5c6d7e8f9012";
export const GOOGLE_ACCESS_TOKEN = "ya29.a0AfB_byR11DocsCorpusAccessTokenQk2xR9vL3nT8cY6zW4pH5sJ0dA1bEe";
export const GOOGLE_CLIENT_ID = "402918375561-r11docs8k2q7x4m9v3n6c1z5p0w.apps.googleusercontent.com";
export const GOOGLE_CLIENT_SECRET = "GOCSPX-r11DocsCorpus_kT7pQ2wX9mZ4";
export const GOOGLE_REFRESH_TOKEN = "1//0gR11DocsCorpusRefreshTokenCgYIARAAGBASNwF-L9IrQk2xR9vL3nT8cY6zW4pH";

export const state = {
  strapiAdminRevoked: false,
  strapiLoginRateLimited: false,
  strapiBadGateway: false,
  strapiServerError: false,
  strapiForbidden: false,
  driveTokenInvalid: false,
  driveRateLimited: false,
  driveUserRateLimit: false,
  driveBackendError: false,
  driveHtml502: false,
  driveStorageQuota: false,
  refreshRevoked: false,
};

type Handler = (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) => void;

export interface Standin {
  start(): Promise<void>;
  stop(): Promise<void>;
}

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
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

function parse(body: string): Record<string, unknown> {
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    return {};
  }
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
      "/CN=r11-docs corpus stand-in",
      "-addext",
      "subjectAltName=DNS:www.googleapis.com,DNS:oauth2.googleapis.com,DNS:docs.googleapis.com,DNS:sheets.googleapis.com,DNS:drive.googleapis.com,IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
}

function onRequest(port: number, handler: Handler) {
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("latin1")));
    req.on("end", () => {
      const host = req.headers.host ?? `127.0.0.1:${port}`;
      if (process.env.R11_DOCS_TRACE)
        console.error(`[standin ${port}] ${req.method} ${host}${req.url} ${body.slice(0, 200)}`);
      handler(req, new URL(req.url ?? "/", `http://${host}`), body, res);
    });
  };
}

/** A plain HTTP server on loopback (the self-hosted Strapi). */
function plainServer(port: number, handler: Handler): Standin {
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
 * certificate and answers every request inside the tunnel with `handler` (the real host is in Host).
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

const NGINX_502 =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.24.0</center>\r\n</body>\r\n</html>\r\n";

const GOOGLE_502 =
  '<!DOCTYPE html>\n<html lang=en>\n  <meta charset=utf-8>\n  <meta name=viewport content="initial-scale=1, minimum-scale=1, width=device-width">\n  <title>Error 502 (Server Error)!!1</title>\n  <style>\n    *{margin:0;padding:0}html,code{font:15px/22px arial,sans-serif}html{background:#fff;color:#222;padding:15px}body{margin:7% auto 0;max-width:390px;min-height:180px;padding:30px 0 15px}\n  </style>\n  <a href=//www.google.com/><span id=logo aria-label=Google></span></a>\n  <p><b>502.</b> <ins>That\u2019s an error.</ins>\n  <p>The server encountered a temporary error and could not complete your request.<p>Please try again in 30 seconds.  <ins>That\u2019s all we know.</ins>\n';

// ----------------------------------------------------------------------------------------- Strapi

/** Strapi v5's error envelope. */
function strapiError(
  res: http.ServerResponse,
  status: number,
  name: string,
  message: string,
  details: unknown = {},
  headers: Record<string, string> = {},
) {
  return json(res, status, { data: null, error: { status, name, message, details } }, headers);
}

interface Article {
  id: number;
  documentId: string;
  title: string;
  slug: string;
  body: string;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  locale: string;
}

const ARTICLES: Article[] = [
  {
    id: 12,
    documentId: "ktb3w7q9z2m1x8c4v6n0p5rd",
    title: "Spring catalogue: what's new",
    slug: "spring-catalogue-whats-new",
    body: "Forty new titles across fiction, travel and cookery, with the first translated Nordic noir list.",
    createdAt: "2026-03-02T09:14:22.118Z",
    updatedAt: "2026-03-04T16:40:05.902Z",
    publishedAt: "2026-03-04T16:40:05.911Z",
    locale: "en",
  },
  {
    id: 15,
    documentId: "h2f8j4k6l0q3w5e7r9t1y3ua",
    title: "Meet the translators",
    slug: "meet-the-translators",
    body: "Six translators on carrying humour across languages.",
    createdAt: "2026-04-11T11:02:48.331Z",
    updatedAt: "2026-04-11T11:02:48.331Z",
    publishedAt: null,
    locale: "en",
  },
];

const CONTENT_TYPES = [
  {
    uid: "api::article.article",
    plugin: undefined,
    apiID: "article",
    schema: {
      draftAndPublish: true,
      displayName: "Article",
      singularName: "article",
      pluralName: "articles",
      description: "News and features for the press site",
      kind: "collectionType",
      collectionName: "articles",
      attributes: {
        title: { type: "string", required: true },
        slug: { type: "uid", targetField: "title" },
        body: { type: "richtext" },
        author: { type: "relation", relation: "manyToOne", target: "api::author.author" },
      },
      visible: true,
      restrictRelationsTo: null,
    },
  },
  {
    uid: "api::author.author",
    apiID: "author",
    schema: {
      draftAndPublish: false,
      displayName: "Author",
      singularName: "author",
      pluralName: "authors",
      description: "",
      kind: "collectionType",
      collectionName: "authors",
      attributes: { name: { type: "string", required: true }, bio: { type: "text" } },
      visible: true,
      restrictRelationsTo: null,
    },
  },
  {
    uid: "api::event.event",
    apiID: "event",
    schema: {
      draftAndPublish: true,
      displayName: "Event",
      singularName: "event",
      pluralName: "events",
      description: "Readings and launches",
      kind: "collectionType",
      collectionName: "events",
      attributes: { name: { type: "string", required: true }, startsAt: { type: "datetime" } },
      visible: true,
      restrictRelationsTo: null,
    },
  },
];

const issuedAdminTokens = new Set<string>();
let adminTokenSeq = 0;

function strapiDoc(a: Article) {
  return { ...a, status: a.publishedAt ? "published" : "draft" };
}

const strapi: Handler = (req, url, body, res) => {
  const p = decodeURIComponent(url.pathname);
  const method = req.method ?? "GET";
  const auth = req.headers.authorization ?? "";
  if (state.strapiBadGateway) return text(res, 502, NGINX_502, "text/html");
  if (p === "/admin/login" && method === "POST") {
    if (state.strapiLoginRateLimited)
      return strapiError(
        res,
        429,
        "RateLimitError",
        "Too many requests, please try again later.",
        {},
        {
          "retry-after": "60",
          "x-ratelimit-limit": "5",
          "x-ratelimit-remaining": "0",
        },
      );
    const args = parse(body);
    if (
      state.strapiAdminRevoked ||
      args.email !== STRAPI_ADMIN_EMAIL ||
      args.password !== STRAPI_ADMIN_PASSWORD
    )
      return strapiError(res, 400, "ApplicationError", "Invalid credentials");
    adminTokenSeq += 1;
    const token = `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpZCI6Nywic2Vzc2lvbiI6${adminTokenSeq}.r11docs${adminTokenSeq}`;
    issuedAdminTokens.add(token);
    return json(res, 200, {
      data: {
        token,
        user: {
          id: 7,
          documentId: "a9x2c4v6b8n0m1q3w5e7r9ty",
          firstname: "Editor",
          lastname: "Bot",
          username: null,
          email: STRAPI_ADMIN_EMAIL,
          isActive: true,
          blocked: false,
          preferedLanguage: null,
          createdAt: "2026-01-08T10:00:00.000Z",
          updatedAt: "2026-05-01T08:12:00.000Z",
        },
      },
    });
  }
  const isAdminRoute =
    p.startsWith("/admin/") || p.startsWith("/content-manager/") || p.startsWith("/content-type-builder/");
  if (isAdminRoute) {
    const token = auth.replace(/^Bearer /, "");
    if (state.strapiAdminRevoked || !issuedAdminTokens.has(token)) {
      if (state.strapiAdminRevoked) issuedAdminTokens.clear();
      return strapiError(res, 401, "UnauthorizedError", "Missing or invalid credentials");
    }
    if (state.strapiServerError) return strapiError(res, 500, "InternalServerError", "Internal Server Error");
    if (p === "/admin/users/me")
      return json(res, 200, {
        data: {
          id: 7,
          documentId: "a9x2c4v6b8n0m1q3w5e7r9ty",
          firstname: "Editor",
          lastname: "Bot",
          email: STRAPI_ADMIN_EMAIL,
          isActive: true,
          blocked: false,
          roles: [
            {
              id: 2,
              documentId: "r0l3ed1t0r00000000000002",
              name: "Editor",
              description: "Editors can manage and publish contents including those of other users.",
              code: "strapi-editor",
            },
          ],
        },
      });
    if (p === "/content-type-builder/content-types" && method === "GET")
      return json(res, 200, { data: CONTENT_TYPES });
    const schemaMatch = p.match(/^\/content-type-builder\/content-types\/(.+)$/);
    if (schemaMatch && method === "GET") {
      const ct = CONTENT_TYPES.find((c) => c.uid === schemaMatch[1]);
      if (!ct) return strapiError(res, 404, "NotFoundError", "contentType.notFound");
      return json(res, 200, { data: ct });
    }
    if (p === "/content-manager/content-types")
      return json(res, 200, {
        data: CONTENT_TYPES.map((c) => ({
          uid: c.uid,
          apiID: c.apiID,
          isDisplayed: true,
          info: { displayName: c.schema.displayName },
        })),
      });
    const cm = p.match(
      /^\/content-manager\/collection-types\/([^/]+)(?:\/([^/]+))?(?:\/actions\/(publish|unpublish))?$/,
    );
    if (cm) {
      const [, uid, docId, action] = cm;
      const known = CONTENT_TYPES.find((c) => c.uid === uid);
      if (!known) return strapiError(res, 404, "NotFoundError", "Not Found");
      if (state.strapiForbidden && method !== "GET")
        return strapiError(res, 403, "ForbiddenError", "Forbidden");
      if (uid === "api::event.event" && !docId && method === "GET")
        // A slow list (a large populate behind a busy database).
        return later(15_000, () =>
          json(res, 200, { results: [], pagination: { page: 1, pageSize: 10, pageCount: 0, total: 0 } }),
        );
      const list = uid === "api::article.article" ? ARTICLES : [];
      if (!docId) {
        if (method === "GET") {
          const q = url.searchParams;
          let results = list;
          const titleFilter = [...q.entries()].find(([k]) => k.startsWith("filters[title]"));
          if (titleFilter)
            results = list.filter((a) =>
              a.title.toLowerCase().includes(String(titleFilter[1]).toLowerCase()),
            );
          return json(res, 200, {
            results: results.map(strapiDoc),
            pagination: { page: 1, pageSize: 10, pageCount: results.length ? 1 : 0, total: results.length },
          });
        }
        if (method === "POST") {
          const data = parse(body);
          const errors: { path: string[]; message: string; name: string; value?: unknown }[] = [];
          if (uid === "api::article.article") {
            if (data.title === undefined || data.title === null || data.title === "")
              errors.push({ path: ["title"], message: "title must be defined.", name: "ValidationError" });
            else if (typeof data.title !== "string")
              errors.push({
                path: ["title"],
                message: `title must be a \`string\` type, but the final value was: \`${JSON.stringify(data.title)}\`.`,
                name: "ValidationError",
                value: data.title,
              });
            if (typeof data.slug === "string" && list.some((a) => a.slug === data.slug))
              errors.push({
                path: ["slug"],
                message: "This attribute must be unique",
                name: "ValidationError",
                value: data.slug,
              });
          }
          if (errors.length)
            return strapiError(
              res,
              400,
              "ValidationError",
              errors.length > 1 ? `${errors.length} errors occurred` : errors[0]!.message,
              { errors },
            );
          const now = "2026-12-06T08:02:11.504Z";
          const created = {
            id: 21,
            documentId: "z7y5x3w1v9u8t6s4r2q0p1on",
            ...data,
            createdAt: now,
            updatedAt: now,
            publishedAt: null,
            locale: "en",
            status: "draft",
          };
          return json(res, 201, { data: created, meta: { availableLocales: [], availableStatus: [] } });
        }
      }
      const doc = list.find((a) => a.documentId === docId);
      if (!doc) return strapiError(res, 404, "NotFoundError", "Document not found");
      if (action === "publish") {
        const published = { ...strapiDoc(doc), publishedAt: "2026-12-06T08:03:40.221Z", status: "published" };
        return json(res, 201, { data: published, meta: { availableLocales: [], availableStatus: [] } });
      }
      if (method === "GET")
        return json(res, 200, { data: strapiDoc(doc), meta: { availableLocales: [], availableStatus: [] } });
      if (method === "PUT") {
        const data = parse(body);
        return json(res, 200, {
          data: { ...strapiDoc(doc), ...data, updatedAt: "2026-12-06T08:04:02.710Z" },
          meta: { availableLocales: [], availableStatus: [] },
        });
      }
      if (method === "DELETE") return json(res, 200, { data: strapiDoc(doc), meta: {} });
    }
    return strapiError(res, 404, "NotFoundError", "Not Found");
  }
  // The REST content API (API token).
  if (p.startsWith("/api/")) {
    if (auth !== `Bearer ${STRAPI_API_TOKEN}`)
      return strapiError(res, 401, "UnauthorizedError", "Missing or invalid credentials");
    if (state.strapiServerError) return strapiError(res, 500, "InternalServerError", "Internal Server Error");
    if (p === "/api/upload/files") return json(res, 200, []);
    const m = p.match(/^\/api\/([^/]+)(?:\/([^/]+))?$/);
    const plural = m?.[1];
    if (plural === "articles" || plural === "authors" || plural === "events") {
      const list = plural === "articles" ? ARTICLES.filter((a) => a.publishedAt) : [];
      if (!m?.[2])
        return json(res, 200, {
          data: list,
          meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: list.length } },
        });
      const doc = list.find((a) => a.documentId === m[2]);
      if (!doc) return strapiError(res, 404, "NotFoundError", "Not Found");
      return json(res, 200, { data: doc, meta: {} });
    }
    return strapiError(res, 404, "NotFoundError", "Not Found");
  }
  if (p === "/")
    return text(res, 302, "Redirecting to /admin", "text/plain; charset=utf-8", { location: "/admin" });
  return strapiError(res, 404, "NotFoundError", "Not Found");
};

// ------------------------------------------------------------------------------------ Google Drive

interface DriveFile {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  createdTime: string;
  modifiedTime: string;
  content?: string;
  canEdit: boolean;
  size?: string;
}

export const DRIVE = {
  root: "0AKq7rR11DocsUk9PVA",
  press: "1Pr3ssF0ld3rR11docsQk2xR9vL3nT8",
  launches: "1L4unch3sR11docsZw4pH5sJ0dA1bEe",
  brief: "1Br13fD0cR11docsM7qK2xR9vL3nT8cY6zW4pH5sJ",
  notes: "1N0t3sTxtR11docsB9nT3cY6zL1pH5sJ0dF2a",
  minutes: "1M1nut3sPdfR11docsX4m9v3n6c1z5p0wQ",
  emptyFolder: "1Empt7F0ld3rR11docsY3uA5sD7fG9hJ",
  missing: "1Zz9NoSuchF1leR11docsQq0Ww9Ee8Rr7",
};

function driveFiles(): DriveFile[] {
  return [
    {
      id: DRIVE.press,
      name: "Press",
      mimeType: "application/vnd.google-apps.folder",
      parents: [DRIVE.root],
      createdTime: "2026-01-12T09:00:11.000Z",
      modifiedTime: "2026-11-20T14:22:08.000Z",
      canEdit: true,
    },
    {
      id: DRIVE.launches,
      name: "Launches 2026",
      mimeType: "application/vnd.google-apps.folder",
      parents: [DRIVE.press],
      createdTime: "2026-02-01T10:30:00.000Z",
      modifiedTime: "2026-11-28T08:15:44.000Z",
      canEdit: true,
    },
    {
      id: DRIVE.emptyFolder,
      name: "Archive 2019",
      mimeType: "application/vnd.google-apps.folder",
      parents: [DRIVE.press],
      createdTime: "2019-05-02T10:30:00.000Z",
      modifiedTime: "2019-05-02T10:30:00.000Z",
      canEdit: true,
    },
    {
      id: DRIVE.brief,
      name: "Spring catalogue launch brief",
      mimeType: "application/vnd.google-apps.document",
      parents: [DRIVE.launches],
      createdTime: "2026-02-03T11:02:00.000Z",
      modifiedTime: "2026-11-28T08:15:44.000Z",
      content:
        "Spring catalogue launch brief\r\n\r\nLaunch date: 14 March. Forty titles; lead title is the Nordic noir translation. Press embargo until 09:00 CET.",
      canEdit: true,
    },
    {
      id: DRIVE.notes,
      name: "release-notes.md",
      mimeType: "text/markdown",
      parents: [DRIVE.launches],
      createdTime: "2026-03-01T08:00:00.000Z",
      modifiedTime: "2026-03-04T16:40:05.000Z",
      content:
        "# Release notes\n\n- Spring catalogue published on the press site\n- Translators feature scheduled for April\n",
      canEdit: true,
      size: "98",
    },
    {
      id: DRIVE.minutes,
      name: "board-minutes-2026-10.pdf",
      mimeType: "application/pdf",
      parents: [DRIVE.press],
      createdTime: "2026-10-30T17:45:00.000Z",
      modifiedTime: "2026-10-30T17:45:00.000Z",
      canEdit: false,
      size: "184220",
    },
  ];
}

let FILES = driveFiles();

export function resetDrive() {
  FILES = driveFiles();
}

function driveError(
  res: http.ServerResponse,
  code: number,
  message: string,
  errors: Record<string, string>[],
  status?: string,
  headers: Record<string, string> = {},
) {
  return json(res, code, { error: { code, message, errors, ...(status ? { status } : {}) } }, headers);
}

function notFound(res: http.ServerResponse, id: string) {
  return driveError(res, 404, `File not found: ${id}.`, [
    {
      message: `File not found: ${id}.`,
      domain: "global",
      reason: "notFound",
      location: "fileId",
      locationType: "parameter",
    },
  ]);
}

function fileResource(f: DriveFile) {
  return {
    kind: "drive#file",
    id: f.id,
    name: f.name,
    mimeType: f.mimeType,
    parents: f.parents,
    createdTime: f.createdTime,
    modifiedTime: f.modifiedTime,
    ...(f.size ? { size: f.size } : {}),
    webViewLink: `https://drive.google.com/file/d/${f.id}/view?usp=drivesdk`,
    owners: [
      {
        kind: "drive#user",
        displayName: "Northwind Press",
        emailAddress: "press@northwind-press.example",
        me: f.canEdit,
      },
    ],
    capabilities: { canEdit: f.canEdit, canDelete: f.canEdit, canShare: f.canEdit },
    trashed: false,
  };
}

/** A small reader for the Drive query language, enough for these calls. */
function matchQuery(q: string, f: DriveFile): boolean | "invalid" {
  const clauses = q.split(/\s+and\s+/i);
  for (const clause of clauses) {
    const c = clause.trim().replace(/^\(|\)$/g, "");
    let m: RegExpMatchArray | null;
    if ((m = c.match(/^(fullText|name) contains (?:'((?:[^'\\]|\\.)*)'|"([^"]*)")$/))) {
      const needle = (m[2] ?? m[3] ?? "").replace(/\\'/g, "'").toLowerCase();
      const hay = m[1] === "name" ? f.name : `${f.name} ${f.content ?? ""}`;
      if (!hay.toLowerCase().includes(needle)) return false;
    } else if ((m = c.match(/^'([^']+)' in parents$/))) {
      if (!f.parents.includes(m[1]!)) return false;
    } else if ((m = c.match(/^trashed\s*=\s*(true|false)$/))) {
      if (m[1] === "true") return false;
    } else if ((m = c.match(/^mimeType\s*(!?=)\s*'([^']+)'$/))) {
      if ((m[1] === "=") !== (f.mimeType === m[2])) return false;
    } else if ((m = c.match(/^name\s*=\s*'([^']+)'$/))) {
      if (f.name !== m[1]) return false;
    } else return "invalid";
  }
  return true;
}

let createdSeq = 0;

const google: Handler = (req, url, body, res) => {
  const host = (req.headers.host ?? "").split(":")[0];
  const p = url.pathname;
  const method = req.method ?? "GET";
  if (host === "oauth2.googleapis.com") {
    if (p === "/token" && method === "POST") {
      if (state.refreshRevoked)
        return json(res, 400, {
          error: "invalid_grant",
          error_description: "Token has been expired or revoked.",
        });
      return json(res, 200, {
        access_token: GOOGLE_ACCESS_TOKEN,
        expires_in: 3599,
        scope: "https://www.googleapis.com/auth/drive",
        token_type: "Bearer",
      });
    }
    return json(res, 404, { error: "not_found" });
  }
  if (state.driveHtml502) return text(res, 502, GOOGLE_502, "text/html; charset=UTF-8");
  const auth = req.headers.authorization ?? "";
  if (state.driveTokenInvalid || auth !== `Bearer ${GOOGLE_ACCESS_TOKEN}`)
    return driveError(
      res,
      401,
      "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
      [
        {
          message: "Invalid Credentials",
          domain: "global",
          reason: "authError",
          location: "Authorization",
          locationType: "header",
        },
      ],
      "UNAUTHENTICATED",
      { "www-authenticate": 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
    );
  if (state.driveRateLimited)
    return driveError(
      res,
      429,
      "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute per user' of service 'drive.googleapis.com' for consumer 'project_number:402918375561'.",
      [
        {
          message:
            "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute per user' of service 'drive.googleapis.com' for consumer 'project_number:402918375561'.",
          domain: "global",
          reason: "rateLimitExceeded",
        },
      ],
      "RESOURCE_EXHAUSTED",
      { "retry-after": "30" },
    );
  if (state.driveUserRateLimit)
    return driveError(res, 403, "User rate limit exceeded.", [
      { message: "User rate limit exceeded.", domain: "usageLimits", reason: "userRateLimitExceeded" },
    ]);
  if (state.driveBackendError)
    return driveError(res, 500, "Internal Error", [
      { message: "Internal Error", domain: "global", reason: "backendError" },
    ]);
  const q = url.searchParams;
  if (p === "/drive/v3/about")
    return json(res, 200, {
      kind: "drive#about",
      user: {
        kind: "drive#user",
        displayName: "Northwind Press",
        emailAddress: "press@northwind-press.example",
        me: true,
        permissionId: "04821937561029384756",
      },
      storageQuota: {
        limit: "16106127360",
        usage: "15981204480",
        usageInDrive: "15002183680",
        usageInDriveTrash: "104857600",
      },
    });
  if (p === "/drive/v3/drives") return json(res, 200, { kind: "drive#driveList", drives: [] });
  const dm = p.match(/^\/drive\/v3\/drives\/([^/]+)$/);
  if (dm)
    return driveError(res, 404, `Shared drive not found: ${dm[1]}`, [
      {
        message: `Shared drive not found: ${dm[1]}`,
        domain: "global",
        reason: "notFound",
        location: "driveId",
        locationType: "parameter",
      },
    ]);
  if (p === "/drive/v3/files" && method === "GET") {
    const query = q.get("q") ?? "trashed = false";
    for (const [, parent] of query.matchAll(/'([^']+)' in parents/g))
      if (
        parent !== DRIVE.root &&
        parent !== "root" &&
        parent !== "slow" &&
        !FILES.some((f) => f.id === parent)
      )
        return notFound(res, parent!);
    const files: DriveFile[] = [];
    for (const f of FILES) {
      const m = matchQuery(query, f);
      if (m === "invalid")
        return driveError(res, 400, "Invalid Value", [
          {
            message: "Invalid Value",
            domain: "global",
            reason: "invalid",
            location: "q",
            locationType: "parameter",
          },
        ]);
      if (m) files.push(f);
    }
    if (query.includes("'slow"))
      return later(15_000, () =>
        json(res, 200, { kind: "drive#fileList", incompleteSearch: false, files: [] }),
      );
    return json(res, 200, {
      kind: "drive#fileList",
      incompleteSearch: false,
      files: files.map(fileResource),
    });
  }
  if ((p === "/drive/v3/files" || p === "/upload/drive/v3/files") && method === "POST") {
    if (state.driveStorageQuota)
      return driveError(res, 403, "The user's Drive storage quota has been exceeded.", [
        {
          message: "The user's Drive storage quota has been exceeded.",
          domain: "usageLimits",
          reason: "storageQuotaExceeded",
        },
      ]);
    let meta: Record<string, unknown> = parse(body);
    if (p.startsWith("/upload")) {
      const jsonPart = body.match(/\{[\s\S]*?"name"[\s\S]*?\}/);
      meta = jsonPart ? parse(jsonPart[0]) : {};
    }
    const parents = Array.isArray(meta.parents) ? (meta.parents as string[]) : [DRIVE.root];
    for (const parent of parents)
      if (parent !== DRIVE.root && !FILES.some((f) => f.id === parent)) return notFound(res, parent);
    createdSeq += 1;
    const created: DriveFile = {
      id: `1N3wF1l3R11docs${createdSeq}Qk2xR9vL3nT8cY6z`,
      name: String(meta.name ?? "Untitled"),
      mimeType: String(meta.mimeType ?? "text/plain"),
      parents,
      createdTime: "2026-12-06T08:10:00.000Z",
      modifiedTime: "2026-12-06T08:10:00.000Z",
      canEdit: true,
    };
    FILES.push(created);
    return json(res, 200, fileResource(created));
  }
  const fm = p.match(
    /^\/(?:upload\/)?drive\/v3\/files\/([^/]+)(?:\/(permissions|revisions|export|copy))?(?:\/([^/]+))?$/,
  );
  if (fm) {
    const [, id, sub] = fm;
    const f = FILES.find((x) => x.id === id);
    if (!f) return notFound(res, id!);
    if (sub === "permissions" && method === "GET")
      return json(res, 200, {
        kind: "drive#permissionList",
        permissions: [
          {
            kind: "drive#permission",
            id: "04821937561029384756",
            type: "user",
            emailAddress: "press@northwind-press.example",
            role: "owner",
            displayName: "Northwind Press",
          },
          {
            kind: "drive#permission",
            id: "anyoneWithLink",
            type: "anyone",
            role: "reader",
            allowFileDiscovery: false,
          },
        ],
      });
    if (sub === "permissions" && method === "POST") {
      const perm = parse(body);
      if (!f.canEdit)
        return driveError(res, 403, `The user does not have sufficient permissions for file ${id}.`, [
          {
            message: `The user does not have sufficient permissions for file ${id}.`,
            domain: "global",
            reason: "insufficientFilePermissions",
          },
        ]);
      if (typeof perm.emailAddress === "string" && !perm.emailAddress.includes("@"))
        return driveError(
          res,
          400,
          'Bad Request. User message: "Sorry, the email address you entered is not valid."',
          [
            {
              message: 'Bad Request. User message: "Sorry, the email address you entered is not valid."',
              domain: "global",
              reason: "invalidSharingRequest",
            },
          ],
        );
      return json(res, 200, {
        kind: "drive#permission",
        id: "13579246801357924680",
        type: perm.type ?? "user",
        role: perm.role ?? "reader",
      });
    }
    if (sub === "revisions")
      return json(res, 200, {
        kind: "drive#revisionList",
        revisions: [{ kind: "drive#revision", id: "1", mimeType: f.mimeType, modifiedTime: f.modifiedTime }],
      });
    if (sub === "export") {
      if (f.mimeType !== "application/vnd.google-apps.document")
        return driveError(res, 403, "Export only supports Docs Editors files.", [
          {
            message: "Export only supports Docs Editors files.",
            domain: "global",
            reason: "fileNotExportable",
          },
        ]);
      return text(res, 200, f.content ?? "", "text/plain; charset=utf-8");
    }
    if (sub === "copy") {
      createdSeq += 1;
      const copy = { ...f, id: `1C0pyR11docs${createdSeq}Qk2xR9vL3nT8cY6z`, name: `Copy of ${f.name}` };
      FILES.push(copy);
      return json(res, 200, fileResource(copy));
    }
    if (method === "GET") {
      if (q.get("alt") === "media") {
        if (f.mimeType.startsWith("application/vnd.google-apps."))
          return driveError(
            res,
            403,
            "Only files with binary content can be downloaded. Use Export with Docs Editors files.",
            [
              {
                message:
                  "Only files with binary content can be downloaded. Use Export with Docs Editors files.",
                domain: "global",
                reason: "fileNotDownloadable",
                location: "alt",
                locationType: "parameter",
              },
            ],
          );
        if (f.mimeType === "application/pdf")
          return text(
            res,
            200,
            "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n",
            "application/pdf",
          );
        return text(res, 200, f.content ?? "", `${f.mimeType}; charset=utf-8`);
      }
      return json(res, 200, fileResource(f));
    }
    if (method === "PATCH") {
      if (!f.canEdit)
        return driveError(res, 403, `The user does not have sufficient permissions for file ${id}.`, [
          {
            message: `The user does not have sufficient permissions for file ${id}.`,
            domain: "global",
            reason: "insufficientFilePermissions",
          },
        ]);
      const meta = parse(body);
      if (typeof meta.name === "string") f.name = meta.name;
      const add = q.get("addParents");
      if (add) f.parents = [add];
      f.modifiedTime = "2026-12-06T08:12:00.000Z";
      return json(res, 200, fileResource(f));
    }
    if (method === "DELETE") {
      if (!f.canEdit)
        return driveError(res, 403, `The user does not have sufficient permissions for file ${id}.`, [
          {
            message: `The user does not have sufficient permissions for file ${id}.`,
            domain: "global",
            reason: "insufficientFilePermissions",
          },
        ]);
      FILES = FILES.filter((x) => x.id !== id);
      res.writeHead(204);
      return res.end();
    }
  }
  return driveError(res, 404, "Not Found", [{ message: "Not Found", domain: "global", reason: "notFound" }]);
};

export const strapiStandin = plainServer(STRAPI_PORT, strapi);
export const gdriveStandin = mitmProxy(GDRIVE_PROXY_PORT, google);
export const mcpgdStandin = mitmProxy(MCPGD_PROXY_PORT, google);
export const ALL_STANDINS: Standin[] = [strapiStandin, gdriveStandin, mcpgdStandin];
