// Loopback stand-in for group r39-f, answering as pdf noodle's REST API (https://api.pdfnoodle.com/v1/) answers the
// client inside mcp-server-pdfnoodle 1.2.0: templates (`GET integration/templates`, `GET integration/templates/:id`,
// `GET integration/templates/:id/variables`, `POST integration/templates/create`), PDF generation (`POST pdf/sync`,
// `POST pdf/async`, `POST html-to-pdf/sync`, `GET pdf/status/:requestId`) and the PDF utilities (`POST tools/*`,
// `GET tools/get-signed-upload-url`). README.md says where each body's shape comes from and which wordings were
// written for the capture.
//
// The host is written into the server, which calls Node's own fetch: a forward proxy reached through a preload that
// sets undici's ProxyAgent (proxy-preload.mjs), with a certificate the server trusts by NODE_EXTRA_CA_CERTS.
//
// `state` is switched by the session's hooks.

import {
  certificate,
  clearTimers,
  cloudflare502,
  forwardProxy,
  json,
  later,
  parse,
  text,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r39-f";

export const PDFNOODLE_PROXY_PORT = 44150;

export const API_KEY = "pdfnoodle_api_7Qm2Xr9kLb4Tz6Wd";

export const CERT = `${DATA}/standin-cert.pem`;
export const ensureCertificate = (): Certificate => certificate(DATA, ["api.pdfnoodle.com"]);

export const state = {
  noTemplates: false,
  keyRevoked: false,
  rateLimited: false,
  quotaReached: false,
  serverError: false,
  badGateway: false,
  slow: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

const HOST = "api.pdfnoodle.com";
const S3 = "https://pdforge-production.s3.us-east-2.amazonaws.com";

// ── the account's templates ────────────────────────────────────────────────────────────────────────────────────────

interface Template {
  id: string;
  displayName: string;
  type: string;
  style: string;
  createdAt: string;
  updatedAt: string;
  html: string;
  variables: Record<string, unknown>;
  /** Variables the render refuses to go without. */
  required: string[];
}

const TEMPLATES: Template[] = [
  {
    id: "invoice-standard",
    displayName: "Invoice (standard)",
    type: "template",
    style: "modern",
    createdAt: "2026-09-14T08:21:40.512Z",
    updatedAt: "2026-11-02T16:05:11.078Z",
    html: "<!DOCTYPE html><html><head><style>@page{size:A4;margin:40px}body{-webkit-print-color-adjust:exact;font-family:Inter,sans-serif}</style></head><body><h1>Invoice {{invoiceNumber}}</h1><p>Billed to {{customer.name}} ({{customer.email}})</p><table><thead><tr><th>Item</th><th>Qty</th><th>Amount</th></tr></thead><tbody>{{#each lines}}<tr><td>{{description}}</td><td>{{quantity}}</td><td>{{amount}}</td></tr>{{/each}}</tbody></table><p>Total due: {{total}}</p></body></html>",
    variables: {
      invoiceNumber: "INV-0001",
      issueDate: "01/12/2026",
      customer: { name: "Customer name", email: "customer@example.com" },
      lines: [{ description: "Item", quantity: 1, amount: "0.00" }],
      total: "0.00",
    },
    required: ["invoiceNumber", "customer", "lines", "total"],
  },
  {
    id: "nda-mutual",
    displayName: "Mutual NDA",
    type: "template",
    style: "classic",
    createdAt: "2026-10-03T11:47:02.300Z",
    updatedAt: "2026-10-03T11:52:19.944Z",
    html: "<!DOCTYPE html><html><body><h1>Mutual Non-Disclosure Agreement</h1><p>Between {{partyA}} and {{partyB}}, effective {{effectiveDate}}.</p></body></html>",
    variables: { partyA: "Company A", partyB: "Company B", effectiveDate: "01/12/2026", term: "2 years" },
    required: ["partyA", "partyB", "effectiveDate"],
  },
  {
    id: "certificate-completion",
    displayName: "Course completion certificate",
    type: "template",
    style: "elegant",
    createdAt: "2026-11-20T09:10:55.871Z",
    updatedAt: "2026-11-20T09:14:30.016Z",
    html: "<!DOCTYPE html><html><body><h1>Certificate of Completion</h1><p>{{studentName}} completed {{courseName}} on {{completionDate}}.</p></body></html>",
    variables: { studentName: "Student", courseName: "Course", completionDate: "01/12/2026" },
    required: ["studentName", "courseName"],
  },
];

/** Templates made by create_template_with_ai during the capture: still rendering when asked for. */
const pending = new Map<string, string>();

// ── render requests ────────────────────────────────────────────────────────────────────────────────────────────────

/** How many times each request's status was asked for: the first answer is ONGOING, the next SUCCESS. */
const polls = new Map<string, number>();
export const FAILED_REQUEST = "pdfnoodle_request_01JEBX3F8T2Q9M5K7W4R6Y0ZNA";
export const ASYNC_REQUEST = "pdfnoodle_request_01JEBX2K4D8P6S0V3H7J9Q2W5E";
let requestCount = 0;

const signedUrl = (key: string) =>
  `${S3}/${key}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAV7Q3EXAMPLE4PDF%2F20261207%2Fus-east-2%2Fs3%2Faws4_request&X-Amz-Date=20261207T124812Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=5b1f0e9c27d84a6f93e1c0b7d2a4f8e61c3b9a07d5e2f4c8b6a1d3e9f7c2b0a4`;

const rendered = (key: string, executionTime: string, fileSize: string) => ({
  signedUrl: signedUrl(key),
  metadata: { executionTime, fileSize },
});

// ── the API's error answers (the { error, message } envelope its SDK surfaces as error.name / error.message) ─────────

const apiError = (error: string, message: string, extra: Record<string, unknown> = {}) => ({
  error,
  message,
  ...extra,
});

export const pdfnoodleProxy = forwardProxy(PDFNOODLE_PROXY_PORT, ensureCertificate, (req, url, body, res) => {
  seen.push(`${req.method} ${url.host}${url.pathname}${url.search}`);
  if (url.host !== HOST || !url.pathname.startsWith("/v1/")) {
    unknownRequests.push(`${req.method} ${url.href}`);
    return json(res, 404, apiError("not_found", `Cannot ${req.method} ${url.pathname}`));
  }
  const route = url.pathname.slice("/v1/".length);
  const payload = parse(body);

  if (req.headers.authorization !== `Bearer ${API_KEY}` || state.keyRevoked)
    return json(
      res,
      401,
      apiError("unauthorized", "Invalid API key. Check your API key at https://app.pdfnoodle.com/api-keys"),
    );
  if (state.slow)
    return later(15000, () => json(res, 200, { presignedUploadUrl: signedUrl("uploads/late.pdf") }));
  if (state.rateLimited)
    return json(
      res,
      429,
      apiError("rate_limit_exceeded", "Too many requests. You can make up to 60 requests per minute."),
      { "retry-after": "42", "x-ratelimit-limit": "60", "x-ratelimit-remaining": "0" },
    );
  if (state.quotaReached)
    return json(
      res,
      402,
      apiError(
        "quota_exceeded",
        "You have reached the monthly PDF limit of your Free plan (50/50). Upgrade your plan at https://app.pdfnoodle.com/billing to keep generating PDFs.",
      ),
    );
  if (state.serverError)
    return json(
      res,
      500,
      apiError("internal_server_error", "An unexpected error occurred. Please try again later."),
    );
  if (state.badGateway)
    return text(res, 502, cloudflare502(HOST, "8f2c4a7e1b9d3e60"), "text/html; charset=UTF-8");

  // templates
  if (req.method === "GET" && route === "integration/templates") {
    if (state.noTemplates) return json(res, 200, { templates: [] });
    return json(res, 200, {
      templates: TEMPLATES.map((t) => ({
        id: t.id,
        displayName: t.displayName,
        createdAt: t.createdAt,
        updatedAt: t.updatedAt,
      })),
    });
  }
  const variables = /^integration\/templates\/([^/]+)\/variables$/.exec(route);
  if (req.method === "GET" && variables) {
    const template = TEMPLATES.find((t) => t.id === variables[1]);
    if (!template) return json(res, 404, apiError("not_found", `Template '${variables[1]}' not found`));
    return json(res, 200, { templateId: template.id, variables: template.variables });
  }
  if (req.method === "POST" && route === "integration/templates/create") {
    const id = "tpl_01JEBWZ4Q8N2V6C3R7K9M5T1XH";
    pending.set(id, String(payload.displayName ?? "Template"));
    return json(res, 200, { id, status: "ONGOING" });
  }
  const one = /^integration\/templates\/([^/]+)$/.exec(route);
  if (req.method === "GET" && one) {
    const id = one[1]!;
    const template = TEMPLATES.find((t) => t.id === id);
    if (template) {
      const { variables: _v, required: _r, ...shown } = template;
      return json(res, 200, { template: shown });
    }
    const name = pending.get(id);
    if (name) return json(res, 200, { id, displayName: name, status: "ONGOING" });
    return json(res, 404, apiError("not_found", `Template '${id}' not found`));
  }

  // PDF generation
  if (req.method === "POST" && (route === "pdf/sync" || route === "pdf/async")) {
    const template = TEMPLATES.find((t) => t.id === payload.templateId);
    if (!template)
      return json(res, 404, apiError("not_found", `Template '${String(payload.templateId)}' not found`));
    const data = (payload.data ?? {}) as Record<string, unknown>;
    const missing = template.required.filter((name) => !(name in data));
    if (missing.length)
      return json(
        res,
        400,
        apiError("validation_error", `Missing required template variables: ${missing.join(", ")}`, {
          details: missing.map((name) => ({ path: `data.${name}`, message: "Required" })),
        }),
      );
    requestCount += 1;
    if (route === "pdf/async") return json(res, 200, { requestId: ASYNC_REQUEST });
    return json(
      res,
      200,
      rendered(`renders/${template.id}-${requestCount}.pdf`, "1.805 seconds", "48.317 kB"),
    );
  }
  if (req.method === "POST" && route === "html-to-pdf/sync")
    return json(res, 200, rendered("renders/html-quarterly-report.pdf", "2.412 seconds", "112.904 kB"));
  const status = /^pdf\/status\/([^/]+)$/.exec(route);
  if (req.method === "GET" && status) {
    const id = status[1]!;
    if (id === FAILED_REQUEST)
      return json(res, 200, { requestId: id, renderStatus: "FAILED", signedUrl: "", metadata: {} });
    const count = (polls.get(id) ?? 0) + 1;
    polls.set(id, count);
    if (count === 1)
      return json(res, 200, { requestId: id, renderStatus: "ONGOING", signedUrl: "", metadata: {} });
    return json(res, 200, {
      requestId: id,
      renderStatus: "SUCCESS",
      ...rendered(`renders/${id}.pdf`, "6.930 seconds", "1,204.551 kB"),
    });
  }

  // utilities
  if (req.method === "POST" && route === "tools/merge-pdfs")
    return json(res, 200, {
      url: signedUrl("tools/merged-contract-pack.pdf"),
      fileName: String(payload.finalFilename ?? "merged.pdf"),
      urlValidUntil: "2026-12-07T13:48:12.000Z",
    });
  if (req.method === "GET" && route === "tools/get-signed-upload-url")
    return json(res, 200, {
      presignedUploadUrl: signedUrl("uploads/upload.pdf"),
      uploadUrlValidUntil: "2026-12-07T13:48:12.000Z",
      presignedGetUrl: signedUrl("uploads/upload.pdf"),
      getUrlValidUntil: "2026-12-07T13:48:12.000Z",
      fileName: url.searchParams.get("fileName") ?? "upload.pdf",
    });

  unknownRequests.push(`${req.method} ${url.href}`);
  return json(res, 404, apiError("not_found", `Cannot ${req.method} /v1/${route}`));
});

export const ALL_STANDINS = [pdfnoodleProxy];
