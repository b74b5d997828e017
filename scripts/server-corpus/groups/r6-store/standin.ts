// Loopback stand-ins for group r6-store: a Gitea REST API (/api/v1) answering like Gitea does,
// including its error bodies ({"message": …, "url": …}), and a small file host serving PDFs and
// error statuses for the PDF server.

import { createHash } from "node:crypto";
import http from "node:http";
import fs from "node:fs";
import path from "node:path";

export const GITEA_PORT = 38701;
export const FILES_PORT = 38702;
export const GOOD_TOKEN = "r6-store-gitea-token-1";
export const DATA = "/tmp/faultline-corpus-r6-store";

let revoked = false;
/** Revoke (or restore) the good token, as an admin would in Gitea's settings. */
export function revokeToken(on: boolean): void {
  revoked = on;
}

const SWAGGER = `http://127.0.0.1:${GITEA_PORT}/api/swagger`;

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json;charset=utf-8", ...headers });
  res.end(JSON.stringify(body));
}

const OWNER = { id: 1, login: "ana", full_name: "Ana Ops", email: "ana@example.test", is_admin: false };

function repo(name: string, id: number) {
  return {
    id,
    owner: OWNER,
    name,
    full_name: `ana/${name}`,
    private: false,
    fork: false,
    default_branch: "main",
    open_issues_count: name === "storefront" ? 2 : 0,
    html_url: `http://127.0.0.1:${GITEA_PORT}/ana/${name}`,
    created_at: "2026-10-02T09:00:00Z",
    updated_at: "2026-11-30T16:20:00Z",
  };
}

const ISSUES = [
  {
    id: 101,
    number: 1,
    title: "Checkout button misaligned on mobile",
    body: "Seen on iOS Safari.",
    state: "open",
    user: OWNER,
    labels: [{ id: 7, name: "bug", color: "ee0701" }],
    comments: 1,
    created_at: "2026-11-20T10:00:00Z",
    updated_at: "2026-11-21T08:00:00Z",
  },
  {
    id: 102,
    number: 2,
    title: "Add Stripe webhooks retry",
    body: "",
    state: "open",
    user: OWNER,
    labels: [],
    comments: 0,
    created_at: "2026-11-25T12:00:00Z",
    updated_at: "2026-11-25T12:00:00Z",
  },
];

function gitea(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? "/", `http://127.0.0.1:${GITEA_PORT}`);
  const auth = req.headers.authorization ?? "";
  const token = url.searchParams.get("access_token") ?? auth.replace(/^(token|Bearer)\s+/i, "");
  if (!token) return send(res, 401, { message: "token is required", url: SWAGGER });
  if (token !== GOOD_TOKEN || revoked)
    return send(res, 401, { message: "user does not exist [uid: 0, name: ]", url: SWAGGER });
  const parts = url.pathname.replace(/^\/api\/v1\//, "").split("/");
  if (parts[0] === "user" && parts.length === 1) return send(res, 200, OWNER);
  if (parts[0] === "user" && parts[1] === "repos") {
    if (req.method === "POST") {
      let raw = "";
      req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      req.on("end", () => {
        const body = JSON.parse(raw || "{}") as { name?: string };
        if (body.name === "storefront")
          return send(res, 409, {
            message: "The repository with the same name already exists.",
            url: SWAGGER,
          });
        if (!body.name || !/^[A-Za-z0-9._-]+$/.test(body.name))
          return send(res, 422, {
            message:
              "[Name]: Name should contain only alphanumeric, dash ('-'), underscore ('_') and dot ('.') characters.",
            url: SWAGGER,
          });
        send(res, 201, repo(body.name, 9));
      });
      return;
    }
    return send(res, 200, [repo("storefront", 3), repo("infra", 4)], { "x-total-count": "2" });
  }
  if (parts[0] === "repos") {
    const [, owner, name, kind, index] = parts;
    if (owner === "finance")
      return send(res, 403, {
        message: "token does not have at least one of required scope(s): [read:repository]",
        url: SWAGGER,
      });
    if (name === "hot") {
      return send(
        res,
        429,
        { message: "rate limit exceeded, retry after 30 seconds", url: SWAGGER },
        { "retry-after": "30", "x-ratelimit-remaining": "0" },
      );
    }
    if (name === "broken") return send(res, 500, { message: "db: sql: database is closed", url: SWAGGER });
    if (name === "maint") {
      res.writeHead(503, { "content-type": "text/html", "retry-after": "120" });
      return res.end(
        "<html><head><title>503 Service Unavailable</title></head><body><h1>503 Service Unavailable</h1></body></html>",
      );
    }
    if (name === "slow") {
      setTimeout(() => send(res, 200, []), 6000);
      return;
    }
    if (owner !== "ana" || !["storefront", "infra", "quiet"].includes(name ?? ""))
      return send(res, 404, {
        errors: ["user redirect does not exist [name: " + owner + "]"],
        message: "The target couldn't be found.",
        url: SWAGGER,
      });
    if (kind === "issues" && index === undefined)
      return send(res, 200, name === "storefront" ? ISSUES : [], {
        "x-total-count": name === "storefront" ? "2" : "0",
      });
    if (kind === "issues" && index !== undefined) {
      const issue = name === "storefront" ? ISSUES.find((i) => String(i.number) === index) : undefined;
      if (!issue)
        return send(res, 404, { errors: null, message: "The target couldn't be found.", url: SWAGGER });
      return send(res, 200, issue);
    }
    if (kind === "tags") return send(res, 200, []);
    if (kind === "labels") return send(res, 200, [{ id: 7, name: "bug", color: "ee0701", description: "" }]);
    if (kind === "pulls") return send(res, 200, []);
  }
  send(res, 404, { errors: null, message: "The target couldn't be found.", url: SWAGGER });
}

function files(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? "/", `http://127.0.0.1:${FILES_PORT}`);
  if (url.pathname === "/docs/report.pdf") {
    const body = fs.readFileSync(path.join(DATA, "pdf", "report.pdf"));
    res.writeHead(200, { "content-type": "application/pdf", "content-length": String(body.length) });
    return res.end(body);
  }
  if (url.pathname === "/docs/busy.pdf") {
    res.writeHead(503, { "content-type": "text/plain", "retry-after": "60" });
    return res.end("Service Unavailable");
  }
  if (url.pathname === "/docs/secret.pdf") {
    res.writeHead(403, { "content-type": "application/xml" });
    return res.end(
      '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>',
    );
  }
  res.writeHead(404, { "content-type": "application/xml" });
  res.end(
    '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
  );
}

export interface Running {
  close(): Promise<void>;
}

export async function listen(port: number, handler: http.RequestListener): Promise<Running> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const startGitea = () => listen(GITEA_PORT, gitea);
export const startFiles = () => listen(FILES_PORT, files);

/** A one-page PDF with real xref offsets. */
export function minimalPdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

export const GCS_PORT = 38703;

/** CRC32C (Castagnoli) as GCS reports it: base64 of the big-endian 32-bit value. */
function crc32c(bytes: Buffer): string {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0x82f63b78 : crc >>> 1;
  }
  const out = Buffer.alloc(4);
  out.writeUInt32BE((crc ^ 0xffffffff) >>> 0);
  return out.toString("base64");
}

function gcsError(
  res: http.ServerResponse,
  status: number,
  reason: string,
  message: string,
  headers: Record<string, string> = {},
) {
  send(
    res,
    status,
    { error: { code: status, message, errors: [{ message, domain: "global", reason }] } },
    headers,
  );
}

const OBJECTS: Record<string, Record<string, string>> = {
  "media-prod": {
    "reports/q3.csv": "month,revenue\njul,1200\naug,1350\nsep,990\n",
    "reports/q2.csv": "month,revenue\napr,1100\nmay,1180\njun,1020\n",
    "images/logo.txt": "logo placeholder\n",
  },
  "empty-bucket": {},
};

function objectMeta(bucket: string, name: string, body: string) {
  return {
    kind: "storage#object",
    id: `${bucket}/${name}/1764950400000000`,
    name,
    bucket,
    generation: "1764950400000000",
    metageneration: "1",
    contentType: name.endsWith(".csv") ? "text/csv" : "text/plain",
    storageClass: "STANDARD",
    size: String(Buffer.byteLength(body)),
    md5Hash: "1B2M2Y8AsgTpgAmY7PhCfg==",
    crc32c: "AAAAAA==",
    etag: "CICAgICAgICAAQ==",
    timeCreated: "2026-12-01T09:00:00.000Z",
    updated: "2026-12-01T09:00:00.000Z",
  };
}

function gcs(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? "/", `http://127.0.0.1:${GCS_PORT}`);
  const p = url.pathname.replace(/^\/upload/, "").replace(/^\/storage\/v1/, "");
  const m = /^\/b(?:\/([^/]+))?(?:\/o(?:\/(.+))?)?$/.exec(p);
  const bucket = m?.[1] ? decodeURIComponent(m[1]) : undefined;
  const object = m?.[2] ? decodeURIComponent(m[2]) : undefined;
  if (bucket === "expired-creds") return gcsError(res, 401, "authError", "Invalid Credentials");
  if (bucket === "locked")
    return gcsError(
      res,
      403,
      "forbidden",
      "r6-store-sa@r6-store-proj.iam.gserviceaccount.com does not have storage.objects.list access to the Google Cloud Storage bucket. Permission 'storage.objects.list' denied on resource (or it may not exist).",
    );
  if (bucket === "hot")
    return gcsError(res, 429, "rateLimitExceeded", "The rate of change requests to the bucket is too high.", {
      "retry-after": "30",
    });
  if (bucket === "flaky") return gcsError(res, 503, "backendError", "Backend Error");
  if (!m) return gcsError(res, 404, "notFound", "Not Found");
  if (!bucket) {
    if (url.searchParams.get("project") === "other-proj")
      return gcsError(
        res,
        403,
        "forbidden",
        "r6-store-sa@r6-store-proj.iam.gserviceaccount.com does not have storage.buckets.list access to the Google Cloud project. Permission 'storage.buckets.list' denied on resource (or it may not exist).",
      );
    return send(res, 200, {
      kind: "storage#buckets",
      items: Object.keys(OBJECTS).map((name) => ({
        kind: "storage#bucket",
        id: name,
        name,
        location: "EU",
        storageClass: "STANDARD",
        timeCreated: "2026-10-01T08:00:00.000Z",
      })),
    });
  }
  const contents = OBJECTS[bucket];
  if (!contents) return gcsError(res, 404, "notFound", "The specified bucket does not exist.");
  if (url.searchParams.get("uploadType")) {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString("latin1")));
    req.on("end", () => {
      const name = url.searchParams.get("name") ?? /"name"\s*:\s*"([^"]+)"/.exec(raw)?.[1] ?? "unnamed";
      if (url.searchParams.get("ifGenerationMatch") === "0" && contents[name] !== undefined)
        return gcsError(
          res,
          412,
          "conditionNotMet",
          "At least one of the pre-conditions you specified did not hold.",
        );
      if (url.searchParams.get("uploadType") === "resumable" && !url.searchParams.get("upload_id")) {
        const location = `http://127.0.0.1:${GCS_PORT}/upload/storage/v1/b/${bucket}/o?uploadType=resumable&name=${encodeURIComponent(name)}&upload_id=r6-store-upload`;
        res.writeHead(200, { location, "x-guploader-uploadid": "r6-store-upload", "content-length": "0" });
        return res.end();
      }
      contents[name] = raw;
      const bytes = Buffer.from(raw, "latin1");
      send(res, 200, {
        ...objectMeta(bucket, name, raw),
        md5Hash: createHash("md5").update(bytes).digest("base64"),
        crc32c: crc32c(bytes),
      });
    });
    return;
  }
  if (object === undefined && m[0].endsWith("/o")) {
    const prefix = url.searchParams.get("prefix") ?? "";
    const names = Object.keys(contents).filter((name) => name.startsWith(prefix));
    return send(res, 200, {
      kind: "storage#objects",
      items: names.map((name) => objectMeta(bucket, name, contents[name] ?? "")),
    });
  }
  if (object === undefined)
    return send(res, 200, {
      kind: "storage#bucket",
      id: bucket,
      name: bucket,
      projectNumber: "123456789012",
      location: "EU",
      locationType: "multi-region",
      storageClass: "STANDARD",
      versioning: { enabled: false },
      timeCreated: "2026-10-01T08:00:00.000Z",
      updated: "2026-10-01T08:00:00.000Z",
      etag: "CAE=",
    });
  const body = contents[object];
  if (body === undefined) return gcsError(res, 404, "notFound", `No such object: ${bucket}/${object}`);
  if (url.searchParams.get("alt") === "media") {
    res.writeHead(200, {
      "content-type": "text/plain",
      "content-length": String(Buffer.byteLength(body)),
      "x-goog-generation": "1764950400000000",
    });
    return res.end(body);
  }
  send(res, 200, objectMeta(bucket, object, body));
}

export const startGcs = () => listen(GCS_PORT, gcs);
