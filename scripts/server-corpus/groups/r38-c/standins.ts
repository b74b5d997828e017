// Loopback stand-in for group r38-c, answering with the real service's bodies (README.md says where each comes from and
// which wordings were written for the capture):
// - The DeliverIQ API (min8t's email verification service, `https://api.min8t.com/deliverability/v1`: `POST /verify`,
//   `POST /verify/batch`, `GET /verify/batch/:id`, `GET /verify/batch/:id/download`, `GET /verify/jobs`,
//   `POST /tools/email-finder`, `POST /tools/blacklist-check`, `POST /tools/infrastructure-check`,
//   `POST /tools/spam-trap-analysis`, `POST /tools/domain-intel`, `GET /tools/org-intel/:domain`,
//   `GET /account/usage`; errors as `{success: false, error: {code, message, …}}`) for @deliveriq/mcp, whose API base is
//   configurable (`DELIVERIQ_BASE_URL`), so a plain HTTP server on 43750. The key travels in `MiN8T-Api-Auth`.
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import { httpStandin, json, later, parse, text } from "../../standin-kit.js";
import { clearTimers } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r38-c";

export const DELIVERIQ_PORT = 43750;
export const DELIVERIQ_KEY = "lc_7f3a91c2_5d8e0b4f6a2c49e1b7d3f08a6c5e2d91";

export const state = {
  dqRevoked: false,
  dqNoCredits: false,
  dqRateLimited: false,
  dqServerError: false,
  dqBadGateway: false,
  dqSlow: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

const fail = (
  res: http.ServerResponse,
  status: number,
  error: Record<string, unknown>,
  headers: Record<string, string> = {},
) => json(res, status, { success: false, error }, headers);

// nginx's standard 502 page (which front end the API has is not sourced).
const nginx502 =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";

// ── verification ─────────────────────────────────────────────────────────────────────────────────────────────────────

const mx = (domain: string) => ({
  valid: true,
  records: [
    { exchange: `aspmx.l.google.com`, priority: 1 },
    { exchange: `alt1.aspmx.l.google.com`, priority: 5 },
  ].map((r) =>
    domain === "fastmail.com" ? { ...r, exchange: r.exchange.replace("google", "messagingengine") } : r,
  ),
});

function verification(email: string, options: Record<string, unknown>) {
  const [local = "", domain = ""] = email.split("@");
  const base = {
    email,
    syntax: { valid: true, localPart: local, domain, normalizedEmail: email.toLowerCase() },
    mx: mx(domain),
    misc: {
      isDisposable: false,
      isRoleBased: false,
      isFreeProvider: false,
      hasGravatar: false,
      isAliased: false,
    },
    intelligence: {},
    verifiedAt: "2026-12-07T10:41:07.512Z",
  };
  if (email === "maria.lopez@northwind-traders.com")
    return {
      ...base,
      reachability: "safe",
      score: 96,
      smtp: {
        canConnect: true,
        isDeliverable: true,
        isCatchAll: false,
        hasFullInbox: false,
        isDisabled: false,
        responseCode: 250,
        responseMessage: "2.1.5 OK",
      },
      durationMs: 1184,
    };
  if (email === "info@contoso-labs.io")
    return {
      ...base,
      reachability: "risky",
      score: 58,
      smtp: {
        canConnect: true,
        isDeliverable: null,
        isCatchAll: true,
        hasFullInbox: false,
        isDisabled: false,
      },
      misc: { ...base.misc, isRoleBased: true },
      intelligence: options.includeIntelligence
        ? {
            dnsbl: { listed: false, hits: [], checkedZones: 50 },
            spamTrapClassification: { riskLevel: "medium", trapType: "none", confidence: 0.62 },
            infrastructure: { score: 71, hasSpf: true, hasDkim: true, hasDmarc: false },
          }
        : {},
      durationMs: 2417,
    };
  // j.smiht@northwind-traders.com: the mailbox does not exist (550 5.1.1), with a typo suggestion.
  return {
    ...base,
    reachability: "invalid",
    score: 4,
    smtp: {
      canConnect: true,
      isDeliverable: false,
      isCatchAll: false,
      hasFullInbox: false,
      isDisabled: false,
      responseCode: 550,
      responseMessage: "5.1.1 The email account that you tried to reach does not exist.",
    },
    suggestion: "j.smith@northwind-traders.com",
    durationMs: 1630,
  };
}

const JOB_DONE = "job_01JEX4S7Q9K2M8VZ3T6W1R5N0C";
const JOB_NEW = "job_01JEXB2D4F6H8K0M2P4R6T8V0X";

const CSV = [
  "email,reachability,score,is_catch_all,is_disposable,is_role_based,suggestion",
  "maria.lopez@northwind-traders.com,safe,96,false,false,false,",
  "sales@northwind-traders.com,risky,61,true,false,true,",
  "j.smiht@northwind-traders.com,invalid,4,false,false,false,j.smith@northwind-traders.com",
  "ops@tempmail.dev,invalid,0,false,true,true,",
].join("\n");

function deliveriq(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const route = `${req.method} ${url.pathname}`;
  seen.push(`deliveriq ${route}${url.search} ${body}`);
  const p = url.pathname.replace(/^\/deliverability\/v1/, "");
  if (req.headers["min8t-api-auth"] !== DELIVERIQ_KEY || state.dqRevoked)
    return fail(res, 401, {
      code: "UNAUTHORIZED",
      message: "Invalid or revoked API key",
    });
  if (state.dqNoCredits)
    return fail(res, 402, {
      code: "INSUFFICIENT_CREDITS",
      message: "Insufficient credits for this operation",
      balance: 0,
      required: 1,
      monthlyUsed: 1000,
      monthlyQuota: 1000,
    });
  if (state.dqRateLimited)
    return fail(
      res,
      429,
      { code: "RATE_LIMITED", message: "Too many requests, please try again later.", retryAfter: 1 },
      { "Retry-After": "1" },
    );
  if (state.dqServerError)
    return fail(res, 500, { code: "INTERNAL_ERROR", message: "Internal server error" });
  if (state.dqBadGateway) return text(res, 502, nginx502, "text/html");
  if (state.dqSlow) return later(15_000, () => json(res, 200, { success: true }));
  const input = body ? parse(body) : {};

  if (req.method === "POST" && p === "/verify") {
    const email = String(input.email ?? "");
    return json(res, 200, {
      success: true,
      result: verification(email, (input.options as Record<string, unknown>) ?? {}),
      creditsUsed: 1,
    });
  }
  if (req.method === "POST" && p === "/verify/batch") {
    const emails = (input.emails as string[]) ?? [];
    return json(res, 202, {
      success: true,
      jobId: JOB_NEW,
      status: "processing",
      totalEmails: emails.length,
      estimatedTimeSeconds: 6,
      statusUrl: `/deliverability/v1/verify/batch/${JOB_NEW}`,
      message: "Batch verification job created",
    });
  }
  const batch = /^\/verify\/batch\/([^/]+)(\/download)?$/.exec(p);
  if (req.method === "GET" && batch) {
    const id = decodeURIComponent(batch[1] ?? "");
    if (id === JOB_NEW && !batch[2])
      return json(res, 200, {
        success: true,
        jobId: JOB_NEW,
        status: "processing",
        progress: { processed: 1, total: 3, percentage: 33 },
        createdAt: "2026-12-07T10:42:11.094Z",
        startedAt: "2026-12-07T10:42:11.377Z",
      });
    if (id === JOB_DONE && !batch[2])
      return json(res, 200, {
        success: true,
        jobId: JOB_DONE,
        status: "completed",
        progress: { processed: 4, total: 4, percentage: 100 },
        summary: {
          total: 4,
          safe: 1,
          risky: 1,
          invalid: 2,
          unknown: 0,
          catchAll: 1,
          spamTrap: 0,
          abuse: 0,
          doNotMail: 1,
          duplicatesRemoved: 0,
        },
        downloadUrl: `/deliverability/v1/verify/batch/${JOB_DONE}/download`,
        createdAt: "2026-12-06T16:03:52.210Z",
        startedAt: "2026-12-06T16:03:52.488Z",
        completedAt: "2026-12-06T16:04:09.731Z",
        expiresAt: "2027-01-05T16:04:09.731Z",
      });
    if (id === JOB_DONE && batch[2]) {
      const category = url.searchParams.get("category");
      const rows = CSV.split("\n");
      const csv = category
        ? [rows[0], ...rows.slice(1).filter((r) => r.includes(`,${category},`))].join("\n")
        : CSV;
      return text(res, 200, csv, "text/csv; charset=utf-8");
    }
    return fail(res, 404, { code: "NOT_FOUND", message: "Job not found" });
  }
  if (req.method === "GET" && p === "/verify/jobs") {
    const status = url.searchParams.get("status");
    const jobs = [
      {
        id: JOB_DONE,
        status: "completed",
        totalEmails: 4,
        processedEmails: 4,
        fileName: null,
        createdAt: "2026-12-06T16:03:52.210Z",
        completedAt: "2026-12-06T16:04:09.731Z",
      },
      {
        id: JOB_NEW,
        status: "processing",
        totalEmails: 3,
        processedEmails: 1,
        fileName: null,
        createdAt: "2026-12-07T10:42:11.094Z",
      },
    ].filter((j) => !status || j.status === status);
    return json(res, 200, {
      success: true,
      jobs,
      pagination: {
        page: Number(url.searchParams.get("page") ?? 1),
        limit: 20,
        total: jobs.length,
        totalPages: jobs.length ? 1 : 0,
      },
    });
  }

  // ── intelligence ──
  if (req.method === "POST" && p === "/tools/email-finder") {
    const domain = String(input.domain ?? "");
    const found = domain === "northwind-traders.com";
    return json(res, 200, {
      success: true,
      firstName: input.firstName,
      lastName: input.lastName,
      domain,
      result: {
        email: found ? "maria.lopez@northwind-traders.com" : null,
        confidence: found ? 94 : 0,
        confidenceLabel: found ? "verified" : "low",
        verificationMethod: found ? "smtp_verified" : "unverifiable",
        pattern: found ? "{first}.{last}" : null,
        domain,
        domainContext: {
          valid: true,
          mxProvider: found ? "Google Workspace" : "Microsoft 365",
          ispCategory: "business",
          isCatchAll: !found,
          infrastructureScore: found ? 88 : 64,
          domainAgeDays: found ? 4012 : 733,
        },
        alternates: [],
        probeDetails: found
          ? { testedCount: 3, results: [{ email: "maria.lopez@northwind-traders.com", accepted: true }] }
          : {
              testedCount: 6,
              results: [],
              failureReason: "Domain is catch-all; no candidate could be confirmed by SMTP",
            },
        durationMs: found ? 3120 : 5894,
      },
      creditsUsed: 2,
    });
  }
  if (req.method === "POST" && p === "/tools/blacklist-check") {
    const domain = String(input.domain ?? "");
    const listed = domain === "bulk-blast-mailer.net";
    return json(res, 200, {
      success: true,
      domain,
      hasMx: true,
      result: {
        listed,
        checkedZones: 50,
        hits: listed
          ? [
              {
                zone: "zen.spamhaus.org",
                listed: true,
                returnCode: "127.0.0.3",
                meaning: "SBL CSS",
                category: "spam",
              },
              { zone: "b.barracudacentral.org", listed: true, returnCode: "127.0.0.2", category: "spam" },
              { zone: "bl.spamcop.net", listed: false },
            ]
          : [],
      },
    });
  }
  const org = /^\/tools\/org-intel\/([^/]+)$/.exec(p);
  if (req.method === "GET" && org) {
    const domain = decodeURIComponent(org[1] ?? "");
    return json(res, 200, {
      success: true,
      domain,
      result: null,
      message: "No organization intelligence available for this domain",
    });
  }
  if (req.method === "GET" && p === "/account/usage")
    return json(res, 200, {
      used: 412,
      limit: 1000,
      remaining: 588,
      plan: "starter",
      periodStart: "2026-12-01",
      periodEnd: "2026-12-31",
      breakdown: { single: 97, batch: 315, espSync: 0 },
      dailyUsage: [
        { date: "2026-12-05", count: 310 },
        { date: "2026-12-06", count: 91 },
        { date: "2026-12-07", count: 11 },
      ],
    });
  unknownRequests.push(`deliveriq ${route}`);
  return fail(res, 404, { code: "NOT_FOUND", message: `Route ${req.method}:${p} not found` });
}

export const deliveriqApi = httpStandin(DELIVERIQ_PORT, deliveriq);
export const ALL_STANDINS = [deliveriqApi];
