// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from):
// - PandaDoc's public API v1 (`api.pandadoc.com/public/v1`) for @mindstone/mcp-server-pandadoc: templates, documents
//   (list, status, details, create from template, send, session, download), folders, contacts; errors in PandaDoc's
//   `{"type","detail"}` envelope. The host is written into the server and called with Node's own fetch: a forward
//   proxy (standin-kit's `forwardProxy`) reached through proxy-preload.mjs.
// - Lara Translate's API v2 (`api.laratranslate.com`) for @translated/lara-mcp: access-key authentication (a JWT),
//   languages, translation (a streamed NDJSON answer), language detection, memories, glossaries; errors as the Lara
//   SDK reads them (`{"type","message"}`). The SDK uses Node's https module with an agent of its own: a TLS listener
//   reached through lara-https-preload.mjs.
// - PDFCrowd's HTML-to-PDF API (`api.pdfcrowd.com/convert/24.04/`) for pdfcrowd-mcp-pdf-export: the PDF bytes with
//   PDFCrowd's `x-pdfcrowd-*` headers; errors (asked for with `errfmt=json`) as `{"status_code","reason_code",
//   "message"}`. The server posts with axios, which follows HTTPS_PROXY with absolute-form requests: a forward proxy.
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
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r23-a";
export const CERT = path.join(DATA, "standin-cert.pem");

export const PANDADOC_PROXY_PORT = 41350;
export const LARA_PORT = 41351;
export const PDFCROWD_PROXY_PORT = 41352;

export const ensureCertificate = (): Certificate =>
  certificate(DATA, ["api.pandadoc.com", "api.laratranslate.com", "api.pdfcrowd.com"]);

export const state = {
  pdRevoked: false,
  pdRateLimited: false,
  pdServerError: false,
  pdBadGateway: false,
  laraRevoked: false,
  laraRateLimited: false,
  laraQuota: false,
  laraServerError: false,
  laraBadGateway: false,
  pcBadCredentials: false,
  pcNoCredits: false,
  pcRateLimited: false,
  pcConcurrency: false,
  pcUnavailable: false,
  pcServerError: false,
  pcConversionTimeout: false,
};

const GATEWAY_502 =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n</body>\r\n</html>\r\n";
const UNAVAILABLE_503 =
  "<html>\r\n<head><title>503 Service Temporarily Unavailable</title></head>\r\n<body>\r\n<center><h1>503 Service Temporarily Unavailable</h1></center>\r\n</body>\r\n</html>\r\n";

// ------------------------------------------------------------------------------------------------- PandaDoc

export const PANDADOC_KEY = "5c1f0d8e2b7a4e93b6d04a1c9f2e7b3a81d6c4f0";
export const PD_TEMPLATE_MSA = "tFdRnX8qLk3vYw2cPz9mAb";
export const PD_TEMPLATE_NDA = "hQ4sGz7LmN2pVb8cXr5tWe";
export const PD_DOC_SENT = "msFYActMfJHqNTKH8YSvF1"; // Globex MSA, sent
export const PD_DOC_COMPLETED = "BhVzRCDbBq5mG3uW9tKoPe"; // Initech NDA, completed
export const PD_DOC_DRAFT = "Xr7kPq2LmV9sTb4nWc8yZd"; // Umbrella order form, draft
export const PD_DOC_NEW = "eN3vKw8QpR5tYz2mLc7xHb"; // created during the session
export const PD_DOC_MISSING = "zZ9yX8wV7uT6sR5qP4oN3m";
export const PD_DOC_SLOW = "sL0wDoC4m1nUt3sQ8pR2tV";

const DANA = {
  id: "Vx4WdQm6rPcZ8bN2hT7kLs",
  email: "dana.whitfield@acme-outdoor.example",
  first_name: "Dana",
  last_name: "Whitfield",
  avatar: null,
  membership_id: "cK9pL2mN4qR7sT1vW3xY5z",
};

const DOCS: Record<string, Record<string, unknown>> = {
  [PD_DOC_SENT]: {
    id: PD_DOC_SENT,
    name: "Master Services Agreement — Globex Corporation (FY27)",
    status: "document.sent",
    date_created: "2026-11-24T09:14:31.208944Z",
    date_modified: "2026-11-24T09:20:02.517305Z",
    expiration_date: "2027-01-23T09:20:02.511117Z",
    version: "2",
  },
  [PD_DOC_COMPLETED]: {
    id: PD_DOC_COMPLETED,
    name: "Mutual NDA — Initech LLC",
    status: "document.completed",
    date_created: "2026-11-02T15:40:09.004122Z",
    date_modified: "2026-11-05T11:02:47.883019Z",
    expiration_date: null,
    version: "2",
  },
  [PD_DOC_DRAFT]: {
    id: PD_DOC_DRAFT,
    name: "Order Form — Umbrella Health (Q1 expansion)",
    status: "document.draft",
    date_created: "2026-12-04T16:05:55.731402Z",
    date_modified: "2026-12-04T16:06:01.120993Z",
    expiration_date: null,
    version: "2",
  },
};

function pdError(res: http.ServerResponse, status: number, type: string, detail: unknown, headers = {}) {
  json(res, status, { type, detail }, headers);
}

function pandadocHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const route = url.pathname.replace(/^\/public\/v1/, "");
  const method = req.method ?? "GET";
  const auth = String(req.headers.authorization ?? "");
  if (auth !== `API-Key ${PANDADOC_KEY}` || state.pdRevoked)
    return pdError(res, 401, "authentication_error", "Authentication credentials were not provided.");
  if (state.pdRateLimited)
    return pdError(res, 429, "request_error", "Request was throttled. Expected available in 30 seconds.", {
      "retry-after": "30",
    });
  if (state.pdBadGateway) return text(res, 502, GATEWAY_502, "text/html");
  if (state.pdServerError)
    return pdError(
      res,
      500,
      "server_error",
      "Something went wrong. Please try again later or contact support.",
    );

  if (route === "/templates" && method === "GET") {
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    const all = [
      {
        id: PD_TEMPLATE_MSA,
        name: "Master Services Agreement (2026 standard)",
        date_created: "2026-03-11T10:22:40.318112Z",
        date_modified: "2026-10-02T08:51:13.004511Z",
        version: "2",
      },
      {
        id: PD_TEMPLATE_NDA,
        name: "Mutual NDA",
        date_created: "2025-08-19T13:02:11.902331Z",
        date_modified: "2026-06-30T14:44:02.771209Z",
        version: "2",
      },
    ];
    return json(res, 200, { results: all.filter((t) => !q || t.name.toLowerCase().includes(q)) });
  }

  if (route === "/documents" && method === "GET") {
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    const status = url.searchParams.get("status");
    const codes: Record<string, string> = {
      "0": "document.draft",
      "1": "document.sent",
      "2": "document.completed",
    };
    const results = Object.values(DOCS).filter(
      (d) =>
        (!q || String(d.name).toLowerCase().includes(q)) && (status === null || d.status === codes[status]),
    );
    return json(res, 200, { results });
  }

  if (route === "/documents" && method === "POST") {
    const request = parse(body);
    const doc = {
      id: PD_DOC_NEW,
      name: request.name ?? "Untitled document",
      status: "document.uploaded",
      date_created: "2026-12-06T10:41:17.402918Z",
      date_modified: "2026-12-06T10:41:17.402918Z",
      expiration_date: null,
      version: "2",
      uuid: PD_DOC_NEW,
      links: [
        { rel: "status", href: `https://api.pandadoc.com/public/v1/documents/${PD_DOC_NEW}`, type: "GET" },
      ],
    };
    DOCS[PD_DOC_NEW] = { ...doc, status: "document.draft", links: undefined, uuid: undefined };
    return json(res, 201, doc);
  }

  if (route === "/documents/folders" && method === "GET")
    return json(res, 200, {
      results: [
        {
          uuid: "8a3c2f41-6d7e-4b9a-a1c5-2e8f0d4b7c19",
          name: "Customers — Contracts",
          date_created: "2025-05-14T09:00:12.554210Z",
        },
        {
          uuid: "d47b9e02-13c8-4f5a-9e6d-7a2b1c0f8e35",
          name: "Partners — NDAs",
          date_created: "2025-09-03T12:31:44.100873Z",
        },
      ],
    });

  if (route === "/contacts" && method === "GET")
    return json(res, 200, {
      results: [
        {
          id: "Tz2cQ8vW1nR4xK7pL5mB9d",
          email: "j.ortega@globex.example",
          first_name: "Jorge",
          last_name: "Ortega",
          company: "Globex Corporation",
          job_title: "VP Procurement",
        },
      ],
    });

  const match = /^\/documents\/([^/]+)(?:\/(details|send|session|download))?$/.exec(route);
  if (match) {
    const [, id, action] = match;
    if (id === PD_DOC_SLOW) return later(15_000, () => json(res, 200, { id, status: "document.draft" }));
    const doc = DOCS[id!];
    if (!doc) return pdError(res, 404, "not_found", "Not found.");
    if (!action && method === "GET") return json(res, 200, doc);
    if (action === "details")
      return json(res, 200, {
        ...doc,
        date_completed: null,
        date_sent: "2026-11-24T09:20:02.511117Z",
        created_by: DANA,
        template: { id: PD_TEMPLATE_MSA, name: "Master Services Agreement (2026 standard)" },
        recipients: [
          {
            id: "fR8tY2uI4oP6aS1dF3gH5j",
            first_name: "Jorge",
            last_name: "Ortega",
            email: "j.ortega@globex.example",
            recipient_type: "signer",
            has_completed: false,
            role: "Client",
            signing_order: 1,
          },
          {
            id: "kL7jH5gF3dS1aQ9wE2rT4y",
            first_name: "Dana",
            last_name: "Whitfield",
            email: "dana.whitfield@acme-outdoor.example",
            recipient_type: "signer",
            has_completed: true,
            role: "Sender",
            signing_order: 2,
          },
        ],
        fields: [
          {
            uuid: "0b9c1f2e-7a3d-4c5b-8e6f-1a2b3c4d5e6f",
            name: "Effective Date",
            title: "Effective Date",
            type: "date",
            value: "2027-01-01",
            assigned_to: null,
          },
        ],
        tokens: [
          { name: "Client.Company", value: "Globex Corporation" },
          { name: "Contract.Term", value: "24 months" },
        ],
        metadata: { salesforce_opportunity_id: "0065e00000XyZ12AAB" },
        tags: ["msa", "fy27"],
        grand_total: { amount: "184000.00", currency: "USD" },
        linked_objects: [],
      });
    if (action === "send" && method === "POST") {
      const sent = { ...doc, status: "document.sent", date_modified: "2026-12-06T10:42:03.118274Z" };
      DOCS[id!] = sent;
      return json(res, 200, {
        ...sent,
        uuid: id,
        recipients: [
          {
            id: "pO9iU7yT5rE3wQ1aZ2xC4v",
            first_name: "Miriam",
            last_name: "Cole",
            email: "m.cole@umbrella-health.example",
            recipient_type: "signer",
            has_completed: false,
            role: "Client",
            signing_order: null,
          },
        ],
      });
    }
    if (action === "session" && method === "POST") {
      if (doc.status === "document.draft" || doc.status === "document.uploaded")
        return pdError(
          res,
          400,
          "validation_error",
          `Cannot create session ID for a document in ${doc.status} status`,
        );
      return json(res, 201, { id: "dQ7zK3nVbX9mLp2RtW5yHc", expires_at: "2026-12-07T10:43:10.552918Z" });
    }
    if (action === "download") {
      if (doc.status === "document.draft" || doc.status === "document.uploaded")
        return pdError(res, 409, "request_error", "Document is not in a downloadable state.");
      return text(
        res,
        200,
        "%PDF-1.6\n%\xe2\xe3\xcf\xd3\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 3/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
        "application/pdf",
        { "content-disposition": `attachment; filename="Mutual NDA - Initech LLC.pdf"` },
      );
    }
  }
  return pdError(res, 404, "not_found", "Not found.");
}

export const pandadocStandin = forwardProxy(PANDADOC_PROXY_PORT, ensureCertificate, pandadocHandler);

// ------------------------------------------------------------------------------------------------- Lara

export const LARA_KEY_ID = "LARA_7F3K2Q9WXM4ND8PV";
export const LARA_KEY_SECRET = "q8Zk2mV5xR1tB7nW4cJ9pL3sH6dF0gYa";
export const LARA_MEMORY = "mem_2Xb8KqT4nRzLw9Vc";
export const LARA_MEMORY_MISSING = "mem_0000000000000000";
export const LARA_GLOSSARY = "gls_4Hn7PcQ2vTkX8mWd";
export const LARA_GLOSSARY_MISSING = "gls_9Zz9Zz9Zz9Zz9Zz9";
const OWNER = "acc_5Pq9LmX2tR7wKz3V";

function b64url(value: unknown) {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}
// A token whose `exp` lies well after the capture, so the SDK authenticates once per session.
const LARA_JWT = [
  b64url({ alg: "HS256", typ: "JWT" }),
  b64url({ sub: OWNER, kid: LARA_KEY_ID, iat: 1796500000, exp: 4102444800 }),
  "mQ3xV8kT2pZ7rW5nB1cL9sH4dF6gJ0yA2eU8iO3tR5w",
].join(".");

function laraError(res: http.ServerResponse, status: number, type: string, message: string, headers = {}) {
  json(res, status, { type, message }, headers);
}

const MEMORY = {
  id: LARA_MEMORY,
  created_at: "2026-04-14T08:21:05.000Z",
  updated_at: "2026-12-01T17:45:31.000Z",
  shared_at: "2026-04-14T08:21:05.000Z",
  name: "Acme Outdoor — product copy EN>IT",
  owner_id: OWNER,
  collaborators_count: 3,
};

function laraHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const route = url.pathname;
  const method = req.method ?? "GET";
  if (state.laraBadGateway) return text(res, 502, GATEWAY_502, "text/html");
  if (route === "/v2/auth" || route === "/v2/auth/refresh") {
    if (state.laraRevoked)
      return laraError(
        res,
        401,
        "AuthenticationException",
        "Invalid access key: the key was revoked or does not exist",
      );
    return json(res, 200, { token: LARA_JWT }, { "x-lara-refresh-token": "rt_8cQ2vN7kXp4LmZ9w" });
  }
  if (String(req.headers.authorization ?? "") !== `Bearer ${LARA_JWT}` || state.laraRevoked)
    return laraError(res, 401, "AuthenticationException", "Invalid or expired token");
  if (state.laraRateLimited)
    return laraError(res, 429, "TooManyRequestsException", "Too many requests, please slow down", {
      "retry-after": "20",
    });
  if (state.laraServerError)
    return laraError(res, 500, "InternalServerError", "An internal error occurred, please try again later");

  if (route === "/v2/languages")
    return json(res, 200, [
      "ar-SA",
      "de-DE",
      "en-GB",
      "en-US",
      "es-ES",
      "fr-FR",
      "it-IT",
      "ja-JP",
      "nl-NL",
      "pl-PL",
      "pt-BR",
      "zh-CN",
    ]);

  if (route === "/v2/translate" && method === "POST") {
    const request = parse(body) as {
      q?: { text: string; translatable?: boolean }[];
      target?: string;
      source?: string;
    };
    if (state.laraQuota)
      return laraError(
        res,
        402,
        "QuotaExceededException",
        "Monthly character quota exceeded for your plan (1,000,000 of 1,000,000 characters used)",
      );
    if (request.target === "fr-FR" && JSON.stringify(request.q ?? "").includes("slow"))
      return later(15_000, () => json(res, 200, { status: 200, data: { translation: [] } }));
    if (request.target && !/^[a-z]{2}-[A-Z]{2}$/.test(request.target))
      return laraError(
        res,
        400,
        "LanguageNotSupportedException",
        `Language not supported: ${request.target}`,
      );
    const it: Record<string, string> = {
      "Waterproof shell jacket": "Giacca shell impermeabile",
      "Taped seams keep you dry in a downpour; the hood fits over a climbing helmet.":
        "Le cuciture nastrate ti mantengono asciutto sotto un acquazzone; il cappuccio si indossa sopra un casco da arrampicata.",
      "Free returns within 30 days.": "Reso gratuito entro 30 giorni.",
      "Add to cart": "Aggiungi al carrello",
    };
    const translation = (request.q ?? []).map((block) =>
      block.translatable === false ? block : { text: it[block.text] ?? block.text, translatable: true },
    );
    res.writeHead(200, { "content-type": "application/x-ndjson" });
    res.end(
      JSON.stringify({
        status: 200,
        data: { content_type: "text/plain", source_language: request.source ?? "en-US", translation },
      }) + "\n",
    );
    return;
  }

  if (route === "/v2/detect/language" && method === "POST")
    return json(res, 200, {
      language: "de-DE",
      content_type: "text/plain",
      predictions: [
        { language: "de-DE", confidence: 0.9871 },
        { language: "nl-NL", confidence: 0.0064 },
      ],
    });

  if (route === "/v2/memories" && method === "GET")
    return json(res, 200, [
      MEMORY,
      {
        id: "mem_7Tq3WnB8xKz5Lp2R",
        created_at: "2025-11-02T10:00:00.000Z",
        updated_at: "2026-09-18T12:30:12.000Z",
        shared_at: "2025-11-02T10:00:00.000Z",
        name: "Legal — terms of sale (IT)",
        owner_id: OWNER,
        collaborators_count: 1,
      },
    ]);
  if (route === "/v2/memories" && method === "POST") {
    const request = parse(body);
    return json(res, 200, {
      id: "mem_3Vd9QxL6pT2nKw8Z",
      created_at: "2026-12-06T10:50:11.000Z",
      updated_at: "2026-12-06T10:50:11.000Z",
      shared_at: "2026-12-06T10:50:11.000Z",
      name: request.name,
      owner_id: OWNER,
      collaborators_count: 0,
      is_personal: true,
    });
  }
  if (route === `/v2/memories/${LARA_MEMORY_MISSING}` && method === "DELETE")
    return laraError(res, 404, "ResourceNotFoundException", `Memory not found: ${LARA_MEMORY_MISSING}`);
  if (route === "/v2/memories/content" && method === "PUT")
    return json(res, 200, { id: "imp_6Rk2Wm9TzQ4Lx7Nc", begin: 0, end: 1, channel: 0, size: 1, progress: 0 });
  if (route.startsWith("/v2/memories/imports/"))
    return json(res, 200, { id: route.split("/").pop(), begin: 0, end: 1, channel: 0, size: 1, progress: 1 });

  if (route === "/v2/glossaries" && method === "GET")
    return json(res, 200, [
      {
        id: LARA_GLOSSARY,
        name: "Acme Outdoor brand terms",
        owner_id: OWNER,
        created_at: "2026-02-03T09:12:44.000Z",
        updated_at: "2026-11-28T16:02:10.000Z",
      },
    ]);
  if (route === `/v2/glossaries/${LARA_GLOSSARY}` && method === "GET")
    return json(res, 200, {
      id: LARA_GLOSSARY,
      name: "Acme Outdoor brand terms",
      owner_id: OWNER,
      created_at: "2026-02-03T09:12:44.000Z",
      updated_at: "2026-11-28T16:02:10.000Z",
    });
  if (route === `/v2/glossaries/${LARA_GLOSSARY}/counts`)
    return json(res, 200, { unidirectional: { "en-US": 148, "it-IT": 142, "de-DE": 131 } });
  if (route === `/v2/glossaries/${LARA_GLOSSARY}/content` && method === "PUT")
    return json(res, 200, { id: "imp_9Pw4Lx2Kq7Tz5Vb3", begin: 0, end: 1, channel: 0, size: 1, progress: 0 });
  if (route.startsWith("/v2/glossaries/") && method === "GET")
    return laraError(res, 404, "ResourceNotFoundException", `Glossary not found: ${route.split("/").pop()}`);

  return laraError(res, 404, "ResourceNotFoundException", "Resource not found");
}

export const laraStandin = tlsStandin(LARA_PORT, ensureCertificate, laraHandler);

// ------------------------------------------------------------------------------------------------- PDFCrowd

export const PDFCROWD_USER = "acme-docs";
export const PDFCROWD_KEY = "2f6d0b8c4e1a9f7d3b5c8e0a1d4f6b9c";

let jobs = 0;
function pdfcrowdError(
  res: http.ServerResponse,
  status: number,
  reason: number,
  message: string,
  headers = {},
) {
  json(res, status, { status_code: status, reason_code: reason, message }, headers);
}

function pdfcrowdHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  if (!url.pathname.startsWith("/convert/24.04")) return text(res, 404, "Not Found");
  const expected = `Basic ${Buffer.from(`${PDFCROWD_USER}:${PDFCROWD_KEY}`).toString("base64")}`;
  if (state.pcBadCredentials || req.headers.authorization !== expected)
    return pdfcrowdError(res, 401, 106, "Invalid credentials. Check your username and API key.");
  if (state.pcNoCredits)
    return pdfcrowdError(res, 403, 105, "No credits available. Your credit balance is exhausted.");
  if (state.pcRateLimited)
    return pdfcrowdError(res, 429, 120, "Too many requests. The rate limit of your plan was exceeded.", {
      "retry-after": "60",
    });
  if (state.pcConcurrency)
    return pdfcrowdError(
      res,
      430,
      121,
      "Too many concurrent requests. Your plan allows 2 concurrent requests.",
    );
  if (state.pcUnavailable) return text(res, 503, UNAVAILABLE_503, "text/html");
  if (state.pcServerError)
    return pdfcrowdError(res, 500, 101, "Internal server error. Please try again later.");
  if (state.pcConversionTimeout)
    return pdfcrowdError(
      res,
      400,
      323,
      "Conversion timed out. The page did not finish loading within the 40 second limit.",
    );
  if (body.includes("intranet.acme.internal"))
    return pdfcrowdError(
      res,
      400,
      320,
      "Invalid URL: intranet.acme.internal could not be resolved. The URL must be publicly accessible.",
    );
  if (body.includes("slow-annual-report"))
    return later(15_000, () => text(res, 200, "%PDF-1.7\n%%EOF\n", "application/pdf"));
  jobs += 1;
  const pdf = `%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 2/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`;
  text(res, 200, pdf, "application/pdf", {
    "x-pdfcrowd-job-id": `a7c3e9f1-5b2d-4e8a-9c1f-0d6b3a8e${String(4100 + jobs).padStart(4, "0")}`,
    "x-pdfcrowd-remaining-credits": String(2480 - jobs * 2),
    "x-pdfcrowd-consumed-credits": "2",
    "x-pdfcrowd-pages": "2",
    "x-pdfcrowd-output-size": String(48213 + jobs * 1031),
  });
}

export const pdfcrowdStandin = forwardProxy(PDFCROWD_PROXY_PORT, ensureCertificate, pdfcrowdHandler);

export const ALL_STANDINS = [pandadocStandin, laraStandin, pdfcrowdStandin];
