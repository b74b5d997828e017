// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from):
// - TriliumNext Notes' ETAPI (`/etapi/…`: notes, search, content, attributes, create-note) for triliumnext-mcp, whose
//   base URL is the documented `TRILIUM_API_URL`: a plain HTTP listener. Its rate limit and 502 come from the nginx
//   reverse proxy a self-hosted Trilium usually sits behind.
// - Dub's REST API (`/links`, `/links/info`, `/links/bulk`, `/links/count`, `/analytics`, `/tags`, `/folders`,
//   `/domains`, `/qr`) for the `mcp` server shipped in the `dub` SDK, whose base URL is its `--server-url` flag: a
//   plain HTTP listener. Its 502 is the Vercel edge's page in front of the API.
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import { httpStandin, json, later, parse, text } from "../../standin-kit.js";
import { clearTimers } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r29-c";

export const TRILIUM_PORT = 42350;
export const DUB_PORT = 42351;

export const state = {
  trTokenRevoked: false,
  trRateLimited: false,
  trServerError: false,
  trBadGateway: false,
  dubKeyRevoked: false,
  dubKeyReadOnly: false,
  dubLinksLimit: false,
  dubRateLimited: false,
  dubServerError: false,
  dubBadGateway: false,
};

export const unknownRequests: string[] = [];

// ------------------------------------------------------------------------------------------- TriliumNext ETAPI

export const TRILIUM_TOKEN = "Xq7mR2vKp9sT_3wYzL8nB4cD6fH1jN5gQ0uE2aW7iO9=";

export const NOTE_K8S = "kV3qL8mPz2Rw";
export const NOTE_READING = "Rd8LsT4wQn1x";
export const NOTE_PHOENIX_A = "Ph0eNx7aB2cd";
export const NOTE_PHOENIX_B = "Ph0eNx7bE4fg";
export const NOTE_INBOX = "In6bOx2mK9pz";
export const NOTE_LEAF = "Lf3aF8tR5vYq";
export const NOTE_MISSING = "zz9QxNoSuch1";
export const NOTE_SLOW = "Sl0wN7tE3kQm";
export const NOTE_NEW = "Nw5cR8eA1tEd";
export const BLOB_K8S = "q1Wx9KcZp3Lm7TvB2nRs";

const trStamp = (day: string, time: string) => ({
  dateCreated: `${day} ${time}.123+0100`,
  dateModified: `${day} ${time}.456+0100`,
  utcDateCreated: `${day} ${time}.123Z`,
  utcDateModified: `${day} ${time}.456Z`,
});

function trNote(
  noteId: string,
  title: string,
  parent: string,
  day: string,
  extra: Record<string, unknown> = {},
) {
  return {
    noteId,
    isProtected: false,
    title,
    type: "text",
    mime: "text/html",
    blobId: `${noteId}Blob00000000`,
    attributes: [] as unknown[],
    parentNoteIds: [parent],
    childNoteIds: [] as string[],
    parentBranchIds: [`${parent}_${noteId}`],
    childBranchIds: [] as string[],
    ...trStamp(day, "09:14:02"),
    ...extra,
  };
}

const attr = (noteId: string, id: string, type: string, name: string, value: string, position: number) => ({
  attributeId: id,
  noteId,
  type,
  name,
  value,
  position,
  isInheritable: false,
  utcDateModified: "2026-11-02 08:41:19.512Z",
});

const TR_NOTES: Record<string, ReturnType<typeof trNote>> = {
  root: trNote("root", "root", "none", "2024-01-06", {
    parentNoteIds: ["none"],
    parentBranchIds: ["none_root"],
    childNoteIds: [NOTE_INBOX, NOTE_READING, NOTE_PHOENIX_A],
    childBranchIds: [`root_${NOTE_INBOX}`, `root_${NOTE_READING}`, `root_${NOTE_PHOENIX_A}`],
  }),
  [NOTE_K8S]: trNote(NOTE_K8S, "Kubernetes upgrade checklist", NOTE_INBOX, "2026-10-28", {
    blobId: BLOB_K8S,
    attributes: [
      attr(NOTE_K8S, "aT1k8sLbl001", "label", "todo", "", 10),
      attr(NOTE_K8S, "aT1k8sLbl002", "label", "area", "homelab", 20),
      attr(NOTE_K8S, "aT1k8sRel003", "relation", "seeAlso", NOTE_READING, 30),
    ],
  }),
  [NOTE_READING]: trNote(NOTE_READING, "Reading list", "root", "2025-03-11", {
    type: "book",
    mime: "",
    attributes: [attr(NOTE_READING, "aTrdLbl00001", "label", "sorted", "", 10)],
  }),
  [NOTE_PHOENIX_A]: trNote(NOTE_PHOENIX_A, "Project Phoenix", "root", "2026-09-02", {
    type: "book",
    mime: "",
  }),
  [NOTE_PHOENIX_B]: trNote(NOTE_PHOENIX_B, "Project Phoenix retro", NOTE_PHOENIX_A, "2026-11-19"),
  [NOTE_INBOX]: trNote(NOTE_INBOX, "Inbox", "root", "2024-01-06", {
    type: "book",
    mime: "",
    childNoteIds: [NOTE_K8S, NOTE_LEAF],
    childBranchIds: [`${NOTE_INBOX}_${NOTE_K8S}`, `${NOTE_INBOX}_${NOTE_LEAF}`],
  }),
  [NOTE_LEAF]: trNote(NOTE_LEAF, "Dentist 14 Jan", NOTE_INBOX, "2026-12-01"),
  [NOTE_SLOW]: trNote(NOTE_SLOW, "Scanned tax return 2025", NOTE_INBOX, "2026-04-30", {
    type: "file",
    mime: "application/pdf",
  }),
};

const TR_CONTENT: Record<string, string> = {
  [NOTE_K8S]:
    "<h2>Before</h2><ul><li>Snapshot etcd</li><li>Drain worker-2</li></ul><h2>Upgrade</h2><p>kubeadm upgrade plan, then apply v1.31.4 on the control plane.</p><h2>After</h2><ul><li>Check kubernetes-dashboard</li></ul>",
  [NOTE_LEAF]: "<p>Dentist appointment 14 Jan, 08:30 — bring the referral letter.</p>",
  [NOTE_PHOENIX_B]: "<p>Went well: staging parity. To improve: on-call handover.</p>",
};

const trError = (res: http.ServerResponse, status: number, code: string, message: string) =>
  json(res, status, { status, code, message });

// nginx's own 502 page when the upstream (Trilium's Node process) is not answering.
const NGINX_502 = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx/1.27.3</center>
</body>
</html>
`;

const results = (notes: unknown[]) => ({ results: notes });

function trSearch(search: string): unknown[] {
  const q = search.toLowerCase();
  if (q.includes("zzqxv")) return [];
  if (q.includes("note.title = 'weekly review 2026-w49'")) return [];
  if (q.includes("note.parents.noteid = 'root'"))
    return [TR_NOTES[NOTE_PHOENIX_A], TR_NOTES[NOTE_READING], TR_NOTES[NOTE_INBOX]];
  if (q.includes(`note.parents.noteid = '${NOTE_LEAF.toLowerCase()}'`)) return [];
  if (q.includes(`note.parents.noteid = '${NOTE_INBOX.toLowerCase()}'`))
    return [TR_NOTES[NOTE_LEAF], TR_NOTES[NOTE_K8S]];
  if (q.includes("phoenix")) return [TR_NOTES[NOTE_PHOENIX_B], TR_NOTES[NOTE_PHOENIX_A]];
  if (q.includes("reading list")) return [TR_NOTES[NOTE_READING]];
  if (q.includes("kubernetes")) return [TR_NOTES[NOTE_K8S]];
  if (q.includes("#todo")) return [TR_NOTES[NOTE_K8S], TR_NOTES[NOTE_LEAF]];
  if (q.includes("gardening")) return [];
  return [];
}

function triliumHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const p = url.pathname.replace(/^\/etapi/, "");
  if (state.trBadGateway) return text(res, 502, NGINX_502, "text/html");
  if (state.trRateLimited)
    // nginx `limit_req` with `limit_req_status 429` in front of /etapi, and the Retry-After the proxy adds.
    return text(
      res,
      429,
      "<html>\r\n<head><title>429 Too Many Requests</title></head>\r\n<body>\r\n<center><h1>429 Too Many Requests</h1></center>\r\n<hr><center>nginx/1.27.3</center>\r\n</body>\r\n</html>\r\n",
      "text/html",
      { "retry-after": "30" },
    );
  if (state.trTokenRevoked || req.headers.authorization !== TRILIUM_TOKEN)
    return trError(res, 401, "NOT_AUTHENTICATED", "Not authenticated");
  if (state.trServerError)
    return trError(res, 500, "GENERIC", "SqliteError: database disk image is malformed");

  if (req.method === "GET" && p === "/notes") {
    return json(res, 200, results(trSearch(url.searchParams.get("search") ?? "")));
  }
  let m = /^\/notes\/([^/]+)$/.exec(p);
  if (m && req.method === "GET") {
    const id = decodeURIComponent(m[1] ?? "");
    if (id === NOTE_SLOW) return later(15_000, () => json(res, 200, TR_NOTES[NOTE_SLOW]));
    const note = TR_NOTES[id];
    if (!note) return trError(res, 404, "NOTE_NOT_FOUND", `Note '${id}' not found.`);
    return json(res, 200, note);
  }
  m = /^\/notes\/([^/]+)\/content$/.exec(p);
  if (m && req.method === "GET") {
    const id = decodeURIComponent(m[1] ?? "");
    if (!TR_NOTES[id]) return trError(res, 404, "NOTE_NOT_FOUND", `Note '${id}' not found.`);
    return text(res, 200, TR_CONTENT[id] ?? "", "text/html; charset=utf-8");
  }
  if (req.method === "POST" && p === "/create-note") {
    const input = parse(body);
    const parent = String(input.parentNoteId ?? "");
    if (!TR_NOTES[parent]) return trError(res, 404, "NOTE_NOT_FOUND", `Note '${parent}' not found.`);
    const note = trNote(NOTE_NEW, String(input.title ?? ""), parent, "2026-12-07");
    return json(res, 201, {
      note,
      branch: {
        branchId: `${parent}_${NOTE_NEW}`,
        noteId: NOTE_NEW,
        parentNoteId: parent,
        prefix: null,
        notePosition: 10,
        isExpanded: false,
        utcDateModified: "2026-12-07 08:02:11.934Z",
      },
    });
  }
  if (req.method === "POST" && p === "/attributes") {
    const input = parse(body);
    const noteId = String(input.noteId ?? "");
    if (!TR_NOTES[noteId] && noteId !== NOTE_NEW)
      return trError(res, 404, "NOTE_NOT_FOUND", `Note '${noteId}' not found.`);
    if (input.type === "relation" && !TR_NOTES[String(input.value ?? "")])
      return trError(res, 404, "NOTE_NOT_FOUND", `Note '${String(input.value)}' not found.`);
    return json(res, 201, {
      attributeId: `aNew${String(input.name).slice(0, 4)}${String(input.position ?? 10)}`,
      noteId,
      type: input.type,
      name: input.name,
      value: input.value ?? "",
      position: input.position ?? 10,
      isInheritable: input.isInheritable ?? false,
      utcDateModified: "2026-12-07 08:03:40.201Z",
    });
  }
  unknownRequests.push(`TR ${req.method} ${url.pathname}${url.search}`);
  return trError(res, 404, "GENERIC", `Not found: ${req.method} ${url.pathname}`);
}

export const triliumStandin = httpStandin(TRILIUM_PORT, triliumHandler);

// ------------------------------------------------------------------------------------------------------ Dub

export const DUB_KEY = "dub_7Kp2Qx9Lm4Rt8Vw3Zc6Bn1Hj5Gd0Fs";
const WORKSPACE = "ws_1JD2K6X9V8PQGZ4M0R7T3N5B1C";
const DOC = "https://dub.co/docs/api-reference/errors";

export const LINK_LAUNCH_KEY = "winter-launch";
export const LINK_MISSING_KEY = "spring-2025-promo";
export const LINK_SLOW_KEY = "q4-report";
export const LINK_TAKEN_KEY = "newsletter";

const TAG_CAMPAIGN = { id: "tag_1JD2KA8W3Y6Q0XN4P9R2T5V7M1", name: "campaign", color: "blue" };
const TAG_DOCS = { id: "tag_1JD2KB4C7E9G1J3L5N7Q9S1U3W", name: "docs", color: "green" };

function dubLink(id: string, key: string, url: string, created: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    domain: "acme.link",
    key,
    url,
    trackConversion: false,
    externalId: null,
    tenantId: null,
    programId: null,
    partnerId: null,
    archived: false,
    expiresAt: null,
    expiredUrl: null,
    password: null,
    proxy: false,
    title: null,
    description: null,
    image: null,
    video: null,
    rewrite: false,
    doIndex: false,
    ios: null,
    android: null,
    geo: null,
    publicStats: false,
    tagId: null,
    tags: [] as unknown[],
    folderId: null,
    webhookIds: [] as string[],
    comments: null,
    shortLink: `https://acme.link/${key}`,
    qrCode: `https://api.dub.co/qr?url=https://acme.link/${key}?qr=1`,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_term: null,
    utm_content: null,
    testVariants: null,
    testStartedAt: null,
    testCompletedAt: null,
    userId: "user_1JD2JZ0A4B8C2D6E0F4G8H2J6K",
    workspaceId: WORKSPACE,
    clicks: 0,
    lastClicked: null,
    leads: 0,
    sales: 0,
    saleAmount: 0,
    createdAt: created,
    updatedAt: created,
    projectId: WORKSPACE.replace("ws_", ""),
    ...extra,
  };
}

const LINKS = [
  dubLink(
    "link_1JD2M3P5R7T9V1X3Z5B7D9F1H3",
    LINK_LAUNCH_KEY,
    "https://acme.com/blog/winter-launch",
    "2026-11-20T10:02:11.000Z",
    {
      title: "Winter launch: what's new",
      tags: [TAG_CAMPAIGN],
      clicks: 1843,
      leads: 61,
      lastClicked: "2026-12-07T07:48:02.000Z",
      utm_source: "newsletter",
      utm_campaign: "winter-launch",
    },
  ),
  dubLink(
    "link_1JD2M4Q6S8U0W2Y4A6C8E0G2J4",
    "launch-webinar",
    "https://acme.com/events/launch-webinar",
    "2026-11-22T15:40:00.000Z",
    {
      title: "Launch webinar registration",
      tags: [TAG_CAMPAIGN],
      clicks: 412,
      lastClicked: "2026-12-06T19:12:44.000Z",
    },
  ),
];

const errorBody = (code: string, message: string) => ({
  error: { code, message, doc_url: `${DOC}#${code.replace(/_/g, "-")}` },
});

// Vercel's edge answers this when the function behind the API does not respond.
const VERCEL_502 = `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/><title>502: BAD_GATEWAY</title></head><body><main><p>This page could not be loaded.</p><h1>502: BAD_GATEWAY</h1><p>Code: <code>NO_RESPONSE_FROM_FUNCTION</code></p><p>ID: <code>fra1::iad1::8xq4m-1765095231187-2f0c9d1e7a3b</code></p><p>Read our documentation to learn more about this error.</p></main></body></html>`;

// A 1×1 PNG, as /qr answers image/png.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const rateHeaders = (remaining: number) => ({
  "x-ratelimit-limit": "600",
  "x-ratelimit-remaining": String(remaining),
  "x-ratelimit-reset": String(Math.floor(Date.now() / 1000) + 41),
});

function dubHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const p = url.pathname;
  const send = (status: number, value: unknown) => json(res, status, value, rateHeaders(588));
  if (state.dubBadGateway) return text(res, 502, VERCEL_502, "text/html; charset=utf-8");
  if (state.dubKeyRevoked || req.headers.authorization !== `Bearer ${DUB_KEY}`)
    return send(401, errorBody("unauthorized", "Unauthorized: Invalid API key."));
  if (state.dubRateLimited)
    return json(res, 429, errorBody("rate_limit_exceeded", "Too many requests."), {
      ...rateHeaders(0),
      "retry-after": "41",
    });
  if (state.dubServerError)
    return send(
      500,
      errorBody(
        "internal_server_error",
        "An internal server error occurred. Please contact our support if the problem persists.",
      ),
    );

  if (req.method === "GET" && p === "/links") {
    const search = url.searchParams.get("search") ?? "";
    return send(200, search.includes("zzqxv") ? [] : LINKS);
  }
  if (req.method === "GET" && p === "/links/info") {
    const key = url.searchParams.get("key");
    if (key === LINK_SLOW_KEY)
      return later(15_000, () =>
        send(200, dubLink("link_1JD2SLOW", LINK_SLOW_KEY, "https://acme.com/q4", "2026-10-01T00:00:00.000Z")),
      );
    const link = LINKS.find((l) => l.key === key);
    if (!link) return send(404, errorBody("not_found", "Link not found."));
    return send(200, link);
  }
  if (req.method === "GET" && p === "/links/count") return send(200, 37);
  if (req.method === "POST" && p === "/links") {
    if (state.dubLinksLimit)
      return send(
        403,
        errorBody(
          "exceeded_limit",
          "You've reached your monthly links limit (25). Please upgrade to the Pro plan to create more links.",
        ),
      );
    const input = parse(body);
    if (input.key === LINK_TAKEN_KEY)
      return send(409, errorBody("conflict", "Duplicate key: This short link already exists."));
    return send(
      200,
      dubLink(
        "link_1JD2N5T7V9X1Z3B5D7F9H1K3M5",
        String(input.key ?? "x7Rk2Pq"),
        String(input.url),
        "2026-12-07T08:15:03.000Z",
        {
          tags: input.tagNames ? [TAG_CAMPAIGN] : [],
        },
      ),
    );
  }
  if (req.method === "POST" && p === "/links/bulk") {
    const input = JSON.parse(body) as Array<Record<string, unknown>>;
    return send(
      200,
      input.map((item, i) =>
        item.key === LINK_TAKEN_KEY
          ? { link: item, error: "Duplicate key: This short link already exists.", code: "conflict" }
          : dubLink(
              `link_1JD2P${i}BULK${i}A2C4E6G8J0L2N4`,
              String(item.key),
              String(item.url),
              "2026-12-07T08:16:40.000Z",
            ),
      ),
    );
  }
  const del = /^\/links\/([^/]+)$/.exec(p);
  if (req.method === "DELETE" && del) {
    if (state.dubKeyReadOnly)
      return send(
        403,
        errorBody(
          "forbidden",
          `The provided key does not have the required permissions for this endpoint on the workspace '${WORKSPACE}'. Having the 'links.write' permission would allow this request to continue.`,
        ),
      );
    return send(200, { id: del[1] });
  }
  if (req.method === "GET" && p === "/analytics") {
    if (url.searchParams.get("groupBy") === "countries")
      return send(200, [
        {
          country: "US",
          city: "*",
          region: "*",
          continent: "*",
          clicks: 812,
          leads: 30,
          sales: 4,
          saleAmount: 39600,
        },
        {
          country: "DE",
          city: "*",
          region: "*",
          continent: "*",
          clicks: 377,
          leads: 12,
          sales: 1,
          saleAmount: 9900,
        },
        {
          country: "GB",
          city: "*",
          region: "*",
          continent: "*",
          clicks: 241,
          leads: 9,
          sales: 0,
          saleAmount: 0,
        },
      ]);
    return send(200, { clicks: 2255, leads: 61, sales: 5, saleAmount: 49500 });
  }
  if (req.method === "GET" && p === "/tags") return send(200, [TAG_CAMPAIGN, TAG_DOCS]);
  if (req.method === "GET" && p === "/folders") return send(200, []);
  if (req.method === "GET" && p === "/domains")
    return send(200, [
      {
        id: "dom_1JD2K0F2H4K6M8P0R2T4W6Y8A0",
        slug: "acme.link",
        verified: true,
        primary: true,
        archived: false,
        placeholder: "https://acme.com",
        expiredUrl: null,
        notFoundUrl: "https://acme.com/404",
        assetLinks: null,
        appleAppSiteAssociation: null,
        logo: null,
        createdAt: "2025-06-03T12:00:00.000Z",
        updatedAt: "2026-11-01T09:30:00.000Z",
        registeredDomain: null,
      },
    ]);
  if (req.method === "GET" && p === "/qr") {
    if (state.dubBadGateway) return text(res, 502, VERCEL_502, "text/html; charset=utf-8");
    res.writeHead(200, { "content-type": "image/png", "content-length": String(PNG.length) });
    return res.end(PNG);
  }
  unknownRequests.push(`DUB ${req.method} ${url.pathname}${url.search}`);
  return send(404, errorBody("not_found", "The requested endpoint was not found."));
}

export const dubStandin = httpStandin(DUB_PORT, dubHandler);

export const ALL_STANDINS = [triliumStandin, dubStandin];

export function resetCounters() {
  unknownRequests.length = 0;
  for (const key of Object.keys(state) as Array<keyof typeof state>) state[key] = false;
}
