// Loopback stand-ins for group r41-h.
//
// nextcloud-mcp-server takes NEXTCLOUD_URL, so Nextcloud (status.php, WebDAV under /remote.php/webdav/ and the OCS
// sharing API) is a plain HTTP stand-in.
//
// dbx-mcp-server calls hosts written into it and into the Dropbox SDK (api.dropboxapi.com, content.dropboxapi.com):
// the SDK through node-fetch 2 on Node's https module, the server's team look-ups through Node's own fetch. A preload
// (dropbox-preload.mjs) sends both to one HTTPS stand-in here, with a certificate the server trusts by
// NODE_EXTRA_CA_CERTS. The stand-in answers by path alone (the two hosts' paths do not overlap).
//
// README.md says where each body's shape comes from. `state` is switched by the sessions' hooks.

import type http from "node:http";
import {
  certificate,
  clearTimers,
  httpStandin,
  json,
  later,
  text,
  tlsStandin,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r41-h";

export const NEXTCLOUD_PORT = 44850;
export const DROPBOX_PORT = 44851;

export const CERT = `${DATA}/standin-cert.pem`;
export const ensureCertificate = (): Certificate =>
  certificate(DATA, ["api.dropboxapi.com", "content.dropboxapi.com"]);

export const NEXTCLOUD_USER = "mara.lindqvist";
export const NEXTCLOUD_APP_PASSWORD = "Xk7Qp-3mRta-9LwZe-2VbHn-6TcYd";
export const DROPBOX_TOKEN = "sl.u.AFkR3x9Qm2Lw7pVzT4hN8cYb1eJd6sGk0oUa5iXf-Cq2WnEr";

export const state = {
  ncWrongPassword: false,
  ncMaintenance: false,
  ncQuotaFull: false,
  ncSlow: false,
  dbxExpiredToken: false,
  dbxRateLimited: false,
  dbxServerError: false,
  dbxMissingScope: false,
  dbxQuotaFull: false,
  dbxSlow: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

// ── Nextcloud ────────────────────────────────────────────────────────────────────────────────────────────────────────

interface NcNode {
  type: "file" | "dir";
  size?: number;
  mime?: string;
  mtime: string;
  body?: string;
}

const REPORT = "# Q4 report\n\nRevenue up 12%; churn flat. Details in the appendix.\n";

const NC_TREE = new Map<string, NcNode>([
  ["/", { type: "dir", mtime: "Fri, 04 Dec 2026 16:20:11 GMT" }],
  ["/Projects", { type: "dir", mtime: "Fri, 04 Dec 2026 16:20:11 GMT" }],
  ["/Projects/Empty", { type: "dir", mtime: "Mon, 02 Nov 2026 08:00:00 GMT" }],
  [
    "/Projects/report.md",
    {
      type: "file",
      size: REPORT.length,
      mime: "text/markdown",
      mtime: "Thu, 03 Dec 2026 10:42:05 GMT",
      body: REPORT,
    },
  ],
  [
    "/Projects/budget-2027.xlsx",
    {
      type: "file",
      size: 48213,
      mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      mtime: "Tue, 01 Dec 2026 09:13:40 GMT",
    },
  ],
  ["/Photos", { type: "dir", mtime: "Sat, 14 Nov 2026 12:00:00 GMT" }],
  [
    "/Readme.md",
    {
      type: "file",
      size: 206,
      mime: "text/markdown",
      mtime: "Wed, 01 Jul 2026 07:30:00 GMT",
      body: "Welcome",
    },
  ],
  ["/Archive", { type: "dir", mtime: "Sat, 14 Nov 2026 12:00:00 GMT" }],
  [
    "/Archive/report-2025.md",
    { type: "file", size: 1840, mime: "text/markdown", mtime: "Fri, 12 Dec 2025 11:00:00 GMT", body: "old" },
  ],
]);

function sabreError(
  res: http.ServerResponse,
  status: number,
  exception: string,
  message: string,
  headers = {},
) {
  text(
    res,
    status,
    `<?xml version="1.0" encoding="utf-8"?>\n<d:error xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns">\n  <s:exception>${exception}</s:exception>\n  <s:message>${message}</s:message>\n</d:error>\n`,
    "application/xml; charset=utf-8",
    headers,
  );
}

function ocs(res: http.ServerResponse, status: number, message: string, data: unknown) {
  json(res, status, {
    ocs: { meta: { status: status < 300 ? "ok" : "failure", statuscode: status, message }, data },
  });
}

function propResponse(href: string, node: NcNode): string {
  const name = href.replace(/\/$/, "").split("/").pop() ?? "";
  if (node.type === "dir") {
    // Sabre answers the properties a collection lacks in a second propstat with 404, as Nextcloud does.
    return `<d:response><d:href>${href}</d:href><d:propstat><d:prop><d:displayname>${name}</d:displayname><d:getlastmodified>${node.mtime}</d:getlastmodified><d:resourcetype><d:collection/></d:resourcetype></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat><d:propstat><d:prop><d:getcontentlength/><d:getcontenttype/></d:prop><d:status>HTTP/1.1 404 Not Found</d:status></d:propstat></d:response>`;
  }
  return `<d:response><d:href>${href}</d:href><d:propstat><d:prop><d:displayname>${name}</d:displayname><d:getcontentlength>${node.size}</d:getcontentlength><d:getcontenttype>${node.mime}</d:getcontenttype><d:getlastmodified>${node.mtime}</d:getlastmodified><d:resourcetype/></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>`;
}

const WEBDAV = "/remote.php/webdav";

function davPath(pathname: string): string {
  const p = decodeURIComponent(pathname.slice(WEBDAV.length)).replace(/\/+$/, "");
  return p === "" ? "/" : p;
}

function parentOf(p: string): string {
  const parent = p.replace(/\/[^/]+$/, "");
  return parent === "" ? "/" : parent;
}

const SHARES = [
  {
    id: "318",
    share_type: 3,
    uid_owner: NEXTCLOUD_USER,
    displayname_owner: "Mara Lindqvist",
    permissions: 1,
    stime: 1764750000,
    expiration: null,
    token: "q8WbTzKc3mRx5Yn",
    path: "/Projects/report.md",
    item_type: "file",
    mimetype: "text/markdown",
    share_with: null,
    url: "https://cloud.lindqvist-design.se/s/q8WbTzKc3mRx5Yn",
    note: "",
    displayname_file_owner: "Mara Lindqvist",
  },
  {
    id: "322",
    share_type: 0,
    uid_owner: NEXTCLOUD_USER,
    displayname_owner: "Mara Lindqvist",
    permissions: 19,
    stime: 1764836400,
    expiration: "2027-01-31 00:00:00",
    token: null,
    path: "/Projects/budget-2027.xlsx",
    item_type: "file",
    mimetype: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    share_with: "jonas.ek",
    share_with_displayname: "Jonas Ek",
    note: "numbers for review",
    displayname_file_owner: "Mara Lindqvist",
  },
];

function nextcloud(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  seen.push(`nextcloud ${method} ${url.pathname}${url.search}`);
  if (url.pathname === "/status.php") {
    return json(res, 200, {
      installed: true,
      maintenance: state.ncMaintenance,
      needsDbUpgrade: false,
      version: "30.0.4.1",
      versionstring: "30.0.4",
      edition: "",
      productname: "Nextcloud",
      extendedSupport: false,
    });
  }
  if (state.ncSlow) return later(15000, () => sabreError(res, 504, "Sabre\\DAV\\Exception", "late"));
  if (state.ncMaintenance) {
    return sabreError(
      res,
      503,
      "Sabre\\DAV\\Exception\\ServiceUnavailable",
      "System is in maintenance mode.",
    );
  }
  const auth = Buffer.from((req.headers.authorization ?? "").replace(/^Basic /, ""), "base64").toString(
    "utf8",
  );
  if (state.ncWrongPassword || auth !== `${NEXTCLOUD_USER}:${NEXTCLOUD_APP_PASSWORD}`) {
    if (url.pathname.startsWith("/ocs/")) return ocs(res, 401, "Current user is not logged in", []);
    return sabreError(
      res,
      401,
      "Sabre\\DAV\\Exception\\NotAuthenticated",
      "No public access to this resource., Username or password was incorrect, No 'Authorization: Bearer' header found. Either the client didn't send one, or the server didn't accept it., Username or password was incorrect",
      { "www-authenticate": 'Basic realm="Nextcloud", charset="UTF-8"' },
    );
  }

  if (url.pathname.startsWith(WEBDAV)) {
    const p = davPath(url.pathname);
    const node = NC_TREE.get(p);
    switch (method) {
      case "PROPFIND": {
        if (!node) {
          return sabreError(
            res,
            404,
            "Sabre\\DAV\\Exception\\NotFound",
            `File with name ${p.replace(/^\//, "")} could not be located`,
          );
        }
        const hrefOf = (q: string, n: NcNode) =>
          `${WEBDAV}${q === "/" ? "" : q.split("/").map(encodeURIComponent).join("/")}${n.type === "dir" ? "/" : ""}`;
        const parts = [propResponse(hrefOf(p, node), node)];
        if (node.type === "dir") {
          for (const [q, n] of NC_TREE)
            if (q !== "/" && parentOf(q) === p) parts.push(propResponse(hrefOf(q, n), n));
        }
        return text(
          res,
          207,
          `<?xml version="1.0"?>\n<d:multistatus xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns" xmlns:oc="http://owncloud.org/ns" xmlns:nc="http://nextcloud.org/ns">${parts.join("")}</d:multistatus>\n`,
          "application/xml; charset=utf-8",
        );
      }
      case "MKCOL": {
        if (node) {
          return sabreError(
            res,
            405,
            "Sabre\\DAV\\Exception\\MethodNotAllowed",
            "The resource you tried to create already exists",
            { allow: "OPTIONS, GET, HEAD, DELETE, PROPFIND, PUT, PROPPATCH, COPY, MOVE, REPORT" },
          );
        }
        if (!NC_TREE.has(parentOf(p))) {
          return sabreError(res, 409, "Sabre\\DAV\\Exception\\Conflict", "Parent node does not exist");
        }
        NC_TREE.set(p, { type: "dir", mtime: "Mon, 07 Dec 2026 13:40:00 GMT" });
        return text(res, 201, "", "text/html; charset=UTF-8");
      }
      case "PUT": {
        if (state.ncQuotaFull) {
          return sabreError(
            res,
            507,
            "Sabre\\DAV\\Exception\\InsufficientStorage",
            `Insufficient space in ${parentOf(p)}, ${body.length} required, 0 available`,
          );
        }
        NC_TREE.set(p, {
          type: "file",
          size: body.length,
          mime: "application/octet-stream",
          mtime: "Mon, 07 Dec 2026 13:41:00 GMT",
          body,
        });
        return text(res, node ? 204 : 201, "", "text/html; charset=UTF-8", {
          "oc-fileid": "00004211ocabcd1234",
        });
      }
      case "GET": {
        if (!node) {
          return sabreError(
            res,
            404,
            "Sabre\\DAV\\Exception\\NotFound",
            `File with name ${p.replace(/^\//, "")} could not be located`,
          );
        }
        return text(res, 200, node.body ?? "", node.mime ?? "application/octet-stream");
      }
      case "DELETE": {
        if (!node) {
          return sabreError(
            res,
            404,
            "Sabre\\DAV\\Exception\\NotFound",
            `File with name ${p.replace(/^\//, "")} could not be located`,
          );
        }
        if (p === "/Projects/budget-2027.xlsx") {
          return sabreError(
            res,
            423,
            "OCA\\DAV\\Connector\\Sabre\\Exception\\FileLocked",
            '"budget-2027.xlsx" is locked, existing lock on file: 2 shared locks',
          );
        }
        NC_TREE.delete(p);
        return text(res, 204, "", "text/html; charset=UTF-8");
      }
      case "MOVE":
      case "COPY": {
        const destination = new URL(String(req.headers.destination ?? ""), "http://127.0.0.1");
        const to = davPath(destination.pathname);
        if (!node) {
          return sabreError(
            res,
            404,
            "Sabre\\DAV\\Exception\\NotFound",
            `File with name ${p.replace(/^\//, "")} could not be located`,
          );
        }
        const exists = NC_TREE.has(to);
        if (exists && req.headers.overwrite !== "T") {
          return sabreError(
            res,
            412,
            "Sabre\\DAV\\Exception\\PreconditionFailed",
            "The destination node already exists, and the overwrite header is set to false",
          );
        }
        NC_TREE.set(to, { ...node });
        if (method === "MOVE") NC_TREE.delete(p);
        return text(res, exists ? 204 : 201, "", "text/html; charset=UTF-8");
      }
    }
  }

  if (url.pathname === "/ocs/v2.php/apps/files_sharing/api/v1/shares") {
    if (method === "GET") {
      const filter = url.searchParams.get("path");
      if (filter && !NC_TREE.has(filter)) return ocs(res, 404, "Wrong path, file/folder does not exist", []);
      return ocs(res, 200, "OK", filter ? SHARES.filter((s) => s.path === filter) : SHARES);
    }
    if (method === "POST") {
      const pathField = /name="path"\r\n\r\n([^\r]*)/.exec(body)?.[1] ?? "";
      if (!NC_TREE.has(pathField)) return ocs(res, 404, "Wrong path, file/folder does not exist", []);
      return ocs(res, 200, "OK", {
        id: "341",
        share_type: 3,
        uid_owner: NEXTCLOUD_USER,
        displayname_owner: "Mara Lindqvist",
        permissions: 1,
        stime: 1765115000,
        expiration: null,
        token: "Zr4nEpK8sWq2Lmd",
        path: pathField,
        item_type: NC_TREE.get(pathField)?.type === "dir" ? "folder" : "file",
        share_with: null,
        url: "https://cloud.lindqvist-design.se/s/Zr4nEpK8sWq2Lmd",
        note: "",
        displayname_file_owner: "Mara Lindqvist",
      });
    }
  }
  const shareId = /^\/ocs\/v2\.php\/apps\/files_sharing\/api\/v1\/shares\/(\w+)$/.exec(url.pathname)?.[1];
  if (shareId && method === "DELETE") {
    if (!SHARES.some((s) => s.id === shareId))
      return ocs(res, 404, "Wrong share ID, share does not exist", []);
    return ocs(res, 200, "OK", []);
  }
  // Any other OCS route: Nextcloud's own answer for a route no app registers.
  if (url.pathname.startsWith("/ocs/")) {
    return ocs(
      res,
      404,
      "Invalid query, please check the syntax. API specifications are here: http://www.freedesktop.org/wiki/Specifications/open-collaboration-services.",
      [],
    );
  }
  unknownRequests.push(`nextcloud ${method} ${url.pathname}`);
  return text(res, 404, "Not Found");
}

export const nextcloudApi = httpStandin(NEXTCLOUD_PORT, nextcloud);

// ── Dropbox ──────────────────────────────────────────────────────────────────────────────────────────────────────────

const ACCOUNT = {
  account_id: "dbid:AADq4fWz8kR1p7sVnT2cXe9YbH3mLo6uJwA",
  name: {
    given_name: "Priya",
    surname: "Raman",
    familiar_name: "Priya",
    display_name: "Priya Raman",
    abbreviated_name: "PR",
  },
  email: "priya.raman@fernhill-studio.com",
  email_verified: true,
  disabled: false,
  country: "GB",
  locale: "en",
  referral_link: "https://www.dropbox.com/referrals/AADx0Tq9cLkNmB2?src=app9-1094381",
  is_paired: false,
  account_type: { ".tag": "pro" },
  root_info: { ".tag": "user", root_namespace_id: "3235641", home_namespace_id: "3235641" },
  profile_photo_url: "https://dl-web.dropbox.com/account_photo/get/dbaphid%3AAAC7tN1pY?size=128x128",
};

interface DbxEntry {
  ".tag": "file" | "folder";
  name: string;
  path_lower: string;
  path_display: string;
  id: string;
  size?: number;
  server_modified?: string;
  client_modified?: string;
  rev?: string;
  content_hash?: string;
  body?: string;
}

const NOTES = "# Acme kickoff\n\n- scope agreed\n- next review 12 Jan\n";

function file(pathDisplay: string, id: string, size: number, modified: string, body?: string): DbxEntry {
  return {
    ".tag": "file",
    name: pathDisplay.split("/").pop() ?? "",
    path_lower: pathDisplay.toLowerCase(),
    path_display: pathDisplay,
    id,
    client_modified: modified,
    server_modified: modified,
    rev: `015f${id.slice(3, 12).toLowerCase()}0000000a1b2c3d4`,
    size,
    content_hash: "e3b8a7c2f1d94b6e0a5c7d8f9e1b2a3c4d5e6f708192a3b4c5d6e7f8091a2b3c",
    body,
  };
}

function folder(pathDisplay: string, id: string): DbxEntry {
  return {
    ".tag": "folder",
    name: pathDisplay.split("/").pop() ?? "",
    path_lower: pathDisplay.toLowerCase(),
    path_display: pathDisplay,
    id,
  };
}

const DBX_TREE = new Map<string, DbxEntry>(
  [
    folder("/Projects", "id:a4ayc_80_OEAAAAAAAAAXw"),
    folder("/Projects/Acme", "id:a4ayc_80_OEAAAAAAAAAYA"),
    file("/Projects/Acme/brief.pdf", "id:a4ayc_80_OEAAAAAAAAAYQ", 284113, "2026-11-20T15:02:44Z"),
    file("/Projects/Acme/notes.md", "id:a4ayc_80_OEAAAAAAAAAYg", NOTES.length, "2026-12-02T09:18:30Z", NOTES),
    file("/Projects/Acme/invoice-2026-11.pdf", "id:a4ayc_80_OEAAAAAAAAAYw", 91822, "2026-12-01T08:00:12Z"),
    folder("/Archive", "id:a4ayc_80_OEAAAAAAAAAZA"),
    folder("/Archive/2019", "id:a4ayc_80_OEAAAAAAAAAZQ"),
    file("/Invoices summary.xlsx", "id:a4ayc_80_OEAAAAAAAAAZg", 30417, "2026-12-03T17:45:00Z"),
  ].map((e) => [e.path_lower, e]),
);

function publicEntry(e: DbxEntry) {
  const { body: _body, ...rest } = e;
  return rest;
}

function dbxError(res: http.ServerResponse, status: number, summary: string, error: unknown, headers = {}) {
  json(res, status, { error_summary: summary, error }, headers);
}

function notFound(res: http.ServerResponse, field = "path") {
  const tag = field === "path" ? "path" : field;
  dbxError(res, 409, `${field}/not_found/..`, { ".tag": tag, [tag]: { ".tag": "not_found" } });
}

function badPath(res: http.ServerResponse, fn: string, value: string) {
  text(
    res,
    400,
    `Error in call to API function "${fn}": request body: path: '${value}' did not match pattern '(/(.|[\\r\\n])*)?|id:.*|(ns:[0-9]+(/.*)?)'`,
    "text/plain; charset=utf-8",
  );
}

function dropbox(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const fn = url.pathname.replace(/^\/2\//, "");
  seen.push(`dropbox ${req.method} ${url.pathname}`);
  const auth = req.headers.authorization ?? "";
  if (state.dbxSlow) return later(15000, () => json(res, 200, {}));
  if (fn === "team/members/list_v2" || fn === "team/features/get_values") {
    // A personal (Pro) account's user token on a team endpoint.
    return text(
      res,
      400,
      `Error in call to API function "${fn}": Invalid authorization value in HTTP header "Authorization": "Bearer sl.u.AFkR...". This API function operates on a team, but the OAuth 2 access token you provided is for a single user.`,
      "text/plain; charset=utf-8",
    );
  }
  if (state.dbxExpiredToken) {
    return dbxError(
      res,
      401,
      "expired_access_token/..",
      { ".tag": "expired_access_token" },
      {
        "www-authenticate": 'Bearer realm="Dropbox-API"',
      },
    );
  }
  if (auth !== `Bearer ${DROPBOX_TOKEN}`) {
    return dbxError(res, 401, "invalid_access_token/...", { ".tag": "invalid_access_token" });
  }
  if (state.dbxRateLimited) {
    return dbxError(
      res,
      429,
      "too_many_requests/..",
      { reason: { ".tag": "too_many_requests" }, retry_after: 300 },
      { "retry-after": "300" },
    );
  }
  if (state.dbxServerError) {
    return text(res, 500, "", "text/plain; charset=utf-8", {
      "x-dropbox-request-id": "7b2f9c41d08e4a6f9d3c5e1a2b4f6c8d",
    });
  }
  const args =
    url.pathname === "/2/files/upload" || url.pathname === "/2/files/download"
      ? (JSON.parse(String(req.headers["dropbox-api-arg"] ?? "{}")) as Record<string, unknown>)
      : ((JSON.parse(body || "null") as Record<string, unknown> | null) ?? {});
  const path = String(args.path ?? "");
  const entry = DBX_TREE.get(path.toLowerCase());
  switch (fn) {
    case "users/get_current_account":
      return json(res, 200, ACCOUNT);
    case "files/list_folder": {
      if (path !== "" && !path.startsWith("/")) return badPath(res, fn, path);
      if (path !== "" && !entry) return notFound(res);
      if (entry && entry[".tag"] === "file") {
        return dbxError(res, 409, "path/not_folder/..", { ".tag": "path", path: { ".tag": "not_folder" } });
      }
      const prefix = path.toLowerCase();
      const entries = [...DBX_TREE.values()]
        .filter((e) => e.path_lower.slice(0, e.path_lower.lastIndexOf("/")) === prefix)
        .map(publicEntry);
      return json(res, 200, { entries, cursor: "AAHq3vKpT1xWmN8sZ2cBdF0eYgR7jL4oU9iA5hQ", has_more: false });
    }
    case "files/get_metadata": {
      if (!entry) return notFound(res);
      return json(res, 200, publicEntry(entry));
    }
    case "files/search_v2": {
      const query = String(args.query ?? "").toLowerCase();
      const matches = [...DBX_TREE.values()]
        .filter((e) => e.name.toLowerCase().includes(query))
        .map((e) => ({
          match_type: { ".tag": "filename" },
          metadata: { ".tag": "metadata", metadata: publicEntry(e) },
          highlight_spans: [{ highlight_str: e.name, is_highlighted: true }],
        }));
      return json(res, 200, { matches, has_more: false });
    }
    case "files/create_folder_v2": {
      if (entry) {
        return dbxError(res, 409, "path/conflict/folder/..", {
          ".tag": "path",
          path: { ".tag": "conflict", conflict: { ".tag": "folder" } },
        });
      }
      const created = folder(path, "id:a4ayc_80_OEAAAAAAAAAbQ");
      DBX_TREE.set(created.path_lower, created);
      return json(res, 200, { metadata: publicEntry(created) });
    }
    case "files/upload": {
      if (state.dbxQuotaFull) {
        return dbxError(res, 409, "path/insufficient_space/..", {
          ".tag": "path",
          reason: { ".tag": "insufficient_space" },
          upload_session_id: "pid_upload_session:ABIUr7xL3qP0n2mV",
        });
      }
      const created = file(path, "id:a4ayc_80_OEAAAAAAAAAbg", body.length, "2026-12-07T13:44:00Z", body);
      DBX_TREE.set(created.path_lower, created);
      return json(res, 200, publicEntry(created));
    }
    case "files/download": {
      if (!entry) return notFound(res);
      return text(res, 200, entry.body ?? "", "application/octet-stream", {
        "dropbox-api-result": JSON.stringify(publicEntry(entry)),
      });
    }
    case "files/copy_v2":
    case "files/move_v2": {
      const from = DBX_TREE.get(String(args.from_path ?? "").toLowerCase());
      const to = String(args.to_path ?? "");
      if (!from) {
        return dbxError(res, 409, "from_lookup/not_found/..", {
          ".tag": "from_lookup",
          from_lookup: { ".tag": "not_found" },
        });
      }
      if (DBX_TREE.has(to.toLowerCase())) {
        return dbxError(res, 409, "to/conflict/file/..", {
          ".tag": "to",
          to: { ".tag": "conflict", conflict: { ".tag": "file" } },
        });
      }
      const moved = {
        ...from,
        name: to.split("/").pop() ?? "",
        path_lower: to.toLowerCase(),
        path_display: to,
      };
      DBX_TREE.set(moved.path_lower, moved);
      if (fn === "files/move_v2") DBX_TREE.delete(from.path_lower);
      return json(res, 200, { metadata: publicEntry(moved) });
    }
    case "sharing/create_shared_link_with_settings": {
      if (state.dbxMissingScope) {
        return dbxError(res, 401, "missing_scope/..", {
          ".tag": "missing_scope",
          required_scope: "sharing.write",
        });
      }
      if (!entry) return notFound(res);
      if (entry.path_lower === "/projects/acme/notes.md") {
        return dbxError(res, 409, "shared_link_already_exists/..", {
          ".tag": "shared_link_already_exists",
          shared_link_already_exists: null,
        });
      }
      return json(res, 200, {
        ".tag": entry[".tag"],
        url: `https://www.dropbox.com/scl/fi/h3k9x2m1q7w5/${encodeURIComponent(entry.name)}?rlkey=v8c2n4p6r0t1&dl=0`,
        name: entry.name,
        path_lower: entry.path_lower,
        id: entry.id,
        link_permissions: {
          resolved_visibility: { ".tag": "public" },
          can_revoke: true,
          visibility_policies: [],
        },
      });
    }
    case "sharing/list_shared_links":
      return json(res, 200, {
        links: [
          {
            ".tag": "file",
            url: "https://www.dropbox.com/scl/fi/p2w8e4r6t0y1/notes.md?rlkey=a1s3d5f7g9h2&dl=0",
            name: "notes.md",
            path_lower: "/projects/acme/notes.md",
            id: "id:a4ayc_80_OEAAAAAAAAAYg",
            link_permissions: { resolved_visibility: { ".tag": "team_only" }, can_revoke: true },
          },
        ],
        has_more: false,
      });
  }
  unknownRequests.push(`dropbox ${req.method} ${url.pathname}`);
  return text(res, 404, "Unknown API function", "text/plain");
}

export const dropboxApi = tlsStandin(DROPBOX_PORT, ensureCertificate, dropbox);

export const ALL_STANDINS = [nextcloudApi, dropboxApi];
