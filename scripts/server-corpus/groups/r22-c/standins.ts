// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from):
// - Google Cloud Observability for @google-cloud/observability-mcp: Cloud Logging v2, Cloud Monitoring v3, Cloud
//   Trace v1, Error Reporting v1beta1 and the OAuth 2.0 token endpoint; errors in Google's envelope
//   `{"error":{"code","message","status","details"}}`, the token endpoint's `{"error","error_description"}`, and
//   the Google front end's HTML 502. The hosts are written into googleapis: a forward proxy (standin-kit's
//   `forwardProxy`, CONNECT terminated with the stand-in certificate) that the server reaches by HTTPS_PROXY.
// - A Check Point Security Management Server's Management API (`https://<host>:<port>/web_api/…`) for
//   @chkp/management-logs-mcp: login, show-session, show-logs, show-gateways-and-servers, show-objects,
//   show-object, show-sessions; errors `{"code","message"}`. MANAGEMENT_HOST/PORT point the server at an HTTPS
//   listener on loopback (the server accepts self-signed certificates for on-prem hosts).
// - Currents' REST API v1 for @currents/mcp: projects, runs, instances, spec files, tests explorer, test
//   results; success envelope `{"status":"OK","data"…}`, errors `{"status":"FAILED","error"}`. CURRENTS_API_URL
//   points the server at a plain loopback listener.
//
// `state` is switched by the sessions' hooks.

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
  tlsStandin,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r22-c";
export const CERT = path.join(DATA, "standin-cert.pem");

export const GCP_PROXY_PORT = 41320;
export const CHKP_PORT = 41321;
export const CURRENTS_PORT = 41322;

export const ensureCertificate = (): Certificate =>
  certificate(DATA, [
    "oauth2.googleapis.com",
    "logging.googleapis.com",
    "monitoring.googleapis.com",
    "cloudtrace.googleapis.com",
    "clouderrorreporting.googleapis.com",
  ]);

export const state = {
  gcpRateLimited: false,
  gcpUnavailable: false,
  gcpServerError: false,
  gcpBadGateway: false,
  cpSessionExpired: false,
  cpRateLimited: false,
  cpServerError: false,
  curBadKey: false,
  curServerError: false,
  curBadGateway: false,
};

// ------------------------------------------------------------------------------------------ Google Cloud

export const GCP_PROJECT = "acme-checkout-prod";
export const GCP_PROJECT_NUMBER = "482913377105";
export const GCP_PROJECT_FOREIGN = "acme-payments-prod";
export const GCP_PROJECT_NO_MONITORING = "acme-sandbox-7731";
export const GCP_SA_EMAIL = "observability-agent@acme-checkout-prod.iam.gserviceaccount.com";
export const GCP_SA_EMAIL_DELETED_KEY = "ci-log-reader@acme-checkout-prod.iam.gserviceaccount.com";
export const GCP_TRACE = "7c1f3a9be2d84e0fa61b55c2d9e03f41";
export const GCP_TRACE_MISSING = "0f9e8d7c6b5a49382716a5b4c3d2e1f0";
export const GCP_SLOW_FILTER = 'resource.type="cloud_run_revision" AND textPayload:"reconcile"';

function googleError(
  res: http.ServerResponse,
  code: number,
  status: string,
  message: string,
  details: unknown[] = [],
  headers: Record<string, string> = {},
) {
  json(res, code, { error: { code, message, status, ...(details.length ? { details } : {}) } }, headers);
}

const GFE_502 = `<!DOCTYPE html>
<html lang=en>
  <meta charset=utf-8>
  <meta name=viewport content="initial-scale=1, minimum-scale=1, width=device-width">
  <title>Error 502 (Server Error)!!1</title>
  <style>
    *{margin:0;padding:0}html,code{font:15px/22px arial,sans-serif}html{background:#fff;color:#222;padding:15px}body{margin:7% auto 0;max-width:390px;min-height:180px;padding:30px 0 15px}
  </style>
  <a href=//www.google.com/><span id=logo aria-label=Google></span></a>
  <p><b>502.</b> <ins>That’s an error.</ins>
  <p>The server encountered a temporary error and could not complete your request.<p>Please try again in 30 seconds.  <ins>That’s all we know.</ins>
`;

const LOG_ENTRIES = [
  {
    insertId: "65f0c2a1000d3b8e1c2f7a90",
    logName: `projects/${GCP_PROJECT}/logs/run.googleapis.com%2Fstderr`,
    resource: {
      type: "cloud_run_revision",
      labels: {
        project_id: GCP_PROJECT,
        service_name: "checkout-api",
        revision_name: "checkout-api-00412-wuv",
        location: "europe-west1",
        configuration_name: "checkout-api",
      },
    },
    textPayload:
      "ERROR 2026-12-06T09:41:07.381Z [checkout-api] PaymentIntent confirm failed: upstream connect error or disconnect/reset before headers. reset reason: connection termination (order=ord_8Hq2LkV)",
    timestamp: "2026-12-06T09:41:07.381522Z",
    severity: "ERROR",
    labels: { instanceId: "0069c7a988d4f2b1b3e6c0d1f7" },
    receiveTimestamp: "2026-12-06T09:41:07.532118Z",
  },
  {
    insertId: "65f0c29e000a1f4d8e7b21c3",
    logName: `projects/${GCP_PROJECT}/logs/run.googleapis.com%2Frequests`,
    resource: {
      type: "cloud_run_revision",
      labels: {
        project_id: GCP_PROJECT,
        service_name: "checkout-api",
        revision_name: "checkout-api-00412-wuv",
        location: "europe-west1",
        configuration_name: "checkout-api",
      },
    },
    httpRequest: {
      requestMethod: "POST",
      requestUrl: "https://checkout-api-7k2q9xw3ba-ew.a.run.app/v1/orders/ord_8Hq2LkV/confirm",
      status: 502,
      responseSize: "312",
      userAgent: "acme-web/4.18.2",
      remoteIp: "203.0.113.47",
      latency: "30.004117s",
      protocol: "HTTP/1.1",
    },
    timestamp: "2026-12-06T09:41:07.377004Z",
    severity: "ERROR",
    trace: `projects/${GCP_PROJECT}/traces/${GCP_TRACE}`,
    receiveTimestamp: "2026-12-06T09:41:07.611904Z",
  },
  {
    insertId: "1x9k4bfc3q8lm",
    logName: `projects/${GCP_PROJECT}/logs/cloudsql.googleapis.com%2Fpostgres.log`,
    resource: {
      type: "cloudsql_database",
      labels: { project_id: GCP_PROJECT, database_id: `${GCP_PROJECT}:orders-pg`, region: "europe-west1" },
    },
    textPayload:
      "2026-12-06 09:40:58.114 UTC [48211]: [3-1] db=orders,user=checkout ERROR:  deadlock detected\nDETAIL:  Process 48211 waits for ShareLock on transaction 99120443; blocked by process 48207.",
    timestamp: "2026-12-06T09:40:58.114000Z",
    severity: "ERROR",
    receiveTimestamp: "2026-12-06T09:40:59.002845Z",
  },
];

function gcpHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const host = url.hostname;
  const p = url.pathname;
  const method = req.method ?? "GET";

  // ---- OAuth 2.0 token endpoint (service-account JWT bearer grant)
  if (host === "oauth2.googleapis.com" && p === "/token") {
    const form = parse(body);
    const assertion = String(form.assertion ?? "");
    let iss = "";
    try {
      const claims = JSON.parse(Buffer.from(assertion.split(".")[1] ?? "", "base64url").toString("utf8")) as {
        iss?: string;
      };
      iss = claims.iss ?? "";
    } catch {
      /* not a JWT */
    }
    if (iss === GCP_SA_EMAIL_DELETED_KEY)
      return json(res, 400, { error: "invalid_grant", error_description: "Invalid JWT Signature." });
    return json(res, 200, {
      access_token:
        "ya29.c.c0ASRK0GZ7bQ3mN8pXv2LkYt5hWq9sRd4uJe6oFi1aBz7nCx3MvK0lTg8yHp2wQs5rDf9UjE4kLo6bNm1cVx8zA7sP3qW",
      expires_in: 3599,
      token_type: "Bearer",
    });
  }

  // ---- Cloud Logging v2
  if (host === "logging.googleapis.com") {
    if (p === "/v2/entries:list" && method === "POST") {
      const request = parse(body) as { resourceNames?: string[]; filter?: string; pageSize?: number };
      const filter = request.filter ?? "";
      const names = request.resourceNames ?? [];
      if (state.gcpRateLimited)
        return googleError(
          res,
          429,
          "RESOURCE_EXHAUSTED",
          `Quota exceeded for quota metric 'Read requests' and limit 'Read requests per minute' of service 'logging.googleapis.com' for consumer 'project_number:${GCP_PROJECT_NUMBER}'.`,
          [
            {
              "@type": "type.googleapis.com/google.rpc.ErrorInfo",
              reason: "RATE_LIMIT_EXCEEDED",
              domain: "googleapis.com",
              metadata: {
                quota_limit: "ReadRequestsPerMinutePerProject",
                quota_limit_value: "120",
                quota_location: "global",
                quota_metric: "logging.googleapis.com/read_requests",
                quota_unit: "1/min/{project}",
                service: "logging.googleapis.com",
                consumer: `projects/${GCP_PROJECT_NUMBER}`,
              },
            },
            {
              "@type": "type.googleapis.com/google.rpc.Help",
              links: [
                {
                  description: "Request a higher quota limit.",
                  url: "https://cloud.google.com/docs/quotas/help/request_increase",
                },
              ],
            },
          ],
        );
      if (names.some((n) => n.includes(GCP_PROJECT_FOREIGN)))
        return googleError(res, 403, "PERMISSION_DENIED", "The caller does not have permission");
      if (/severity\s*>=\s*ERROR\s+AND\s+labels\./.test(filter) || /[:=]\s*$/.test(filter.trim()))
        return googleError(
          res,
          400,
          "INVALID_ARGUMENT",
          `Invalid filter: syntax error at line 1, column ${filter.length}, token '${filter.trim().slice(-1)}'`,
        );
      if (filter === GCP_SLOW_FILTER) return later(15_000, () => json(res, 200, { entries: LOG_ENTRIES }));
      if (filter.includes("payment-gateway timeout")) return json(res, 200, {});
      const size = Math.min(Number(request.pageSize ?? 50), LOG_ENTRIES.length);
      return json(res, 200, {
        entries: LOG_ENTRIES.slice(0, size),
        nextPageToken: "EAA4suKu3qnLwbUnSh0KDSIDCgExKgYIgOLvngY",
      });
    }
    if (/^\/v2\/projects\/[^/]+\/logs$/.test(p))
      return json(res, 200, {
        logNames: [
          `projects/${GCP_PROJECT}/logs/cloudaudit.googleapis.com%2Factivity`,
          `projects/${GCP_PROJECT}/logs/cloudaudit.googleapis.com%2Fdata_access`,
          `projects/${GCP_PROJECT}/logs/cloudsql.googleapis.com%2Fpostgres.log`,
          `projects/${GCP_PROJECT}/logs/run.googleapis.com%2Frequests`,
          `projects/${GCP_PROJECT}/logs/run.googleapis.com%2Fstderr`,
          `projects/${GCP_PROJECT}/logs/run.googleapis.com%2Fstdout`,
        ],
      });
    if (/^\/v2\/projects\/[^/]+\/locations\/[^/]+\/buckets$/.test(p))
      return json(res, 200, {
        buckets: [
          {
            name: `projects/${GCP_PROJECT}/locations/global/buckets/_Required`,
            description: "Audit bucket",
            createTime: "2024-03-11T08:02:19.223011Z",
            updateTime: "2024-03-11T08:02:19.223011Z",
            retentionDays: 400,
            locked: true,
            lifecycleState: "ACTIVE",
          },
          {
            name: `projects/${GCP_PROJECT}/locations/global/buckets/_Default`,
            createTime: "2024-03-11T08:02:19.401876Z",
            updateTime: "2025-09-02T14:10:44.019223Z",
            retentionDays: 30,
            lifecycleState: "ACTIVE",
          },
          {
            name: `projects/${GCP_PROJECT}/locations/europe-west1/buckets/payments-90d`,
            description: "Checkout and payment services, 90-day retention (PCI)",
            createTime: "2025-01-20T10:31:07.550112Z",
            updateTime: "2025-01-20T10:31:07.550112Z",
            retentionDays: 90,
            analyticsEnabled: true,
            lifecycleState: "ACTIVE",
          },
        ],
      });
    if (/^\/v2\/projects\/[^/]+\/sinks$/.test(p))
      return json(res, 200, {
        sinks: [
          {
            name: "_Required",
            destination: `logging.googleapis.com/projects/${GCP_PROJECT}/locations/global/buckets/_Required`,
            filter:
              'LOG_ID("cloudaudit.googleapis.com/activity") OR LOG_ID("externalaudit.googleapis.com/activity") OR LOG_ID("cloudaudit.googleapis.com/system_event")',
            writerIdentity: "serviceAccount:cloud-logs@system.gserviceaccount.com",
            createTime: "2024-03-11T08:02:19.641092Z",
            updateTime: "2024-03-11T08:02:19.641092Z",
          },
          {
            name: "checkout-errors-to-bq",
            destination: `bigquery.googleapis.com/projects/${GCP_PROJECT}/datasets/log_errors`,
            filter: 'severity>=ERROR AND resource.type="cloud_run_revision"',
            writerIdentity: `serviceAccount:service-${GCP_PROJECT_NUMBER}@gcp-sa-logging.iam.gserviceaccount.com`,
            createTime: "2025-06-18T12:44:01.117320Z",
            updateTime: "2025-06-18T12:44:01.117320Z",
          },
        ],
      });
  }

  // ---- Cloud Monitoring v3
  if (host === "monitoring.googleapis.com") {
    if (p.startsWith(`/v3/projects/${GCP_PROJECT_NO_MONITORING}/`))
      return googleError(
        res,
        403,
        "PERMISSION_DENIED",
        `Cloud Monitoring API has not been used in project 731902264418 before or it is disabled. Enable it by visiting https://console.developers.google.com/apis/api/monitoring.googleapis.com/overview?project=731902264418 then retry. If you enabled this API recently, wait a few minutes for the action to propagate to our systems and retry.`,
        [
          {
            "@type": "type.googleapis.com/google.rpc.ErrorInfo",
            reason: "SERVICE_DISABLED",
            domain: "googleapis.com",
            metadata: {
              consumer: "projects/731902264418",
              service: "monitoring.googleapis.com",
              activationUrl:
                "https://console.developers.google.com/apis/api/monitoring.googleapis.com/overview?project=731902264418",
              serviceTitle: "Cloud Monitoring API",
              containerInfo: "731902264418",
            },
          },
          {
            "@type": "type.googleapis.com/google.rpc.Help",
            links: [
              {
                description: "Google developers console API activation",
                url: "https://console.developers.google.com/apis/api/monitoring.googleapis.com/overview?project=731902264418",
              },
            ],
          },
        ],
      );
    if (p.endsWith("/metricDescriptors"))
      return json(res, 200, {
        metricDescriptors: [
          {
            name: `projects/${GCP_PROJECT}/metricDescriptors/run.googleapis.com/request_latencies`,
            type: "run.googleapis.com/request_latencies",
            labels: [
              { key: "response_code", description: "HTTP response code of a request." },
              { key: "response_code_class", description: "HTTP response code class of a request." },
              { key: "route", description: "Always empty." },
            ],
            metricKind: "DELTA",
            valueType: "DISTRIBUTION",
            unit: "ms",
            description: "Distribution of request latency in milliseconds reaching the revision.",
            displayName: "Request Latencies",
            metadata: { launchStage: "GA", samplePeriod: "60s", ingestDelay: "180s" },
            launchStage: "GA",
            monitoredResourceTypes: ["cloud_run_revision"],
          },
        ],
      });
    if (p.endsWith("/timeSeries"))
      return json(res, 200, {
        timeSeries: [
          {
            metric: {
              labels: { instance_name: "orders-worker-3" },
              type: "compute.googleapis.com/instance/cpu/utilization",
            },
            resource: {
              type: "gce_instance",
              labels: { instance_id: "7342210948812734401", zone: "europe-west1-b", project_id: GCP_PROJECT },
            },
            metricKind: "GAUGE",
            valueType: "DOUBLE",
            points: [
              {
                interval: { startTime: "2026-12-06T09:45:00Z", endTime: "2026-12-06T09:45:00Z" },
                value: { doubleValue: 0.9412 },
              },
              {
                interval: { startTime: "2026-12-06T09:40:00Z", endTime: "2026-12-06T09:40:00Z" },
                value: { doubleValue: 0.8877 },
              },
              {
                interval: { startTime: "2026-12-06T09:35:00Z", endTime: "2026-12-06T09:35:00Z" },
                value: { doubleValue: 0.4129 },
              },
            ],
            unit: "10^2.%",
          },
        ],
        unit: "10^2.%",
      });
    if (p.endsWith("/alertPolicies")) {
      if (state.gcpServerError) return googleError(res, 500, "INTERNAL", "Internal error encountered.");
      return json(res, 200, {
        alertPolicies: [
          {
            name: `projects/${GCP_PROJECT}/alertPolicies/14419023837701127733`,
            displayName: "checkout-api 5xx ratio > 2% (5 min)",
            documentation: {
              content: "Runbook: go/checkout-5xx. Page the payments on-call if it lasts 15 minutes.",
              mimeType: "text/markdown",
            },
            userLabels: { team: "payments" },
            conditions: [
              {
                name: `projects/${GCP_PROJECT}/alertPolicies/14419023837701127733/conditions/14419023837701128102`,
                displayName: "5xx ratio",
                conditionThreshold: {
                  filter:
                    'resource.type = "cloud_run_revision" AND resource.labels.service_name = "checkout-api" AND metric.type = "run.googleapis.com/request_count" AND metric.labels.response_code_class = "5xx"',
                  comparison: "COMPARISON_GT",
                  thresholdValue: 0.02,
                  duration: "300s",
                  trigger: { count: 1 },
                },
              },
            ],
            combiner: "OR",
            enabled: true,
            notificationChannels: [`projects/${GCP_PROJECT}/notificationChannels/9021337810034412290`],
            severity: "CRITICAL",
          },
        ],
        totalSize: 1,
      });
    }
    if (p.endsWith("/alerts"))
      return json(res, 200, {
        alerts: [
          {
            name: `projects/${GCP_PROJECT}/alerts/0.nq3d6z2k9m1a`,
            state: "OPEN",
            openTime: "2026-12-06T09:43:00Z",
            policy: {
              name: `projects/${GCP_PROJECT}/alertPolicies/14419023837701127733`,
              displayName: "checkout-api 5xx ratio > 2% (5 min)",
              severity: "CRITICAL",
            },
            resource: {
              type: "cloud_run_revision",
              labels: { service_name: "checkout-api", location: "europe-west1", project_id: GCP_PROJECT },
            },
            metric: { type: "run.googleapis.com/request_count", labels: { response_code_class: "5xx" } },
          },
        ],
        totalSize: 1,
      });
  }

  // ---- Cloud Trace v1
  if (host === "cloudtrace.googleapis.com") {
    const one = p.match(/^\/v1\/projects\/([^/]+)\/traces\/([^/]+)$/);
    if (one) {
      if (one[2] !== GCP_TRACE) return googleError(res, 404, "NOT_FOUND", "Requested entity was not found.");
      return json(res, 200, {
        projectId: GCP_PROJECT,
        traceId: GCP_TRACE,
        spans: [
          {
            spanId: "5823309144711209371",
            kind: "RPC_SERVER",
            name: "POST /v1/orders/{id}/confirm",
            startTime: "2026-12-06T09:40:37.372911Z",
            endTime: "2026-12-06T09:41:07.377004Z",
            labels: {
              "/http/method": "POST",
              "/http/status_code": "502",
              "g.co/agent": "opentelemetry-js 1.28.0",
            },
          },
          {
            spanId: "1190443287712209982",
            kind: "RPC_CLIENT",
            name: "stripe.paymentIntents.confirm",
            startTime: "2026-12-06T09:40:37.401220Z",
            endTime: "2026-12-06T09:41:07.371804Z",
            parentSpanId: "5823309144711209371",
            labels: { "/http/host": "api.stripe.com", "/error/message": "socket hang up" },
          },
          {
            spanId: "7781203390017761244",
            kind: "RPC_CLIENT",
            name: "pg.query UPDATE orders",
            startTime: "2026-12-06T09:40:37.380114Z",
            endTime: "2026-12-06T09:40:37.398571Z",
            parentSpanId: "5823309144711209371",
          },
        ],
      });
    }
    if (/^\/v1\/projects\/[^/]+\/traces$/.test(p)) {
      if (state.gcpUnavailable)
        return googleError(res, 503, "UNAVAILABLE", "The service is currently unavailable.");
      return json(res, 200, {
        traces: [
          {
            projectId: GCP_PROJECT,
            traceId: GCP_TRACE,
            spans: [
              {
                spanId: "5823309144711209371",
                kind: "RPC_SERVER",
                name: "POST /v1/orders/{id}/confirm",
                startTime: "2026-12-06T09:40:37.372911Z",
                endTime: "2026-12-06T09:41:07.377004Z",
              },
            ],
          },
          {
            projectId: GCP_PROJECT,
            traceId: "b29d04e6c1f34a7d8e5f60a1b2c3d4e5",
            spans: [
              {
                spanId: "3300912877610245519",
                kind: "RPC_SERVER",
                name: "POST /v1/orders/{id}/confirm",
                startTime: "2026-12-06T09:38:12.004128Z",
                endTime: "2026-12-06T09:38:14.881905Z",
              },
            ],
          },
        ],
        nextPageToken: "CiRiMjlkMDRlNmMxZjM0YTdkOGU1ZjYwYTFiMmMzZDRlNQ",
      });
    }
  }

  // ---- Error Reporting v1beta1
  if (host === "clouderrorreporting.googleapis.com" && /^\/v1beta1\/projects\/[^/]+\/groupStats$/.test(p)) {
    if (state.gcpBadGateway) return text(res, 502, GFE_502, "text/html; charset=UTF-8");
    return json(res, 200, {
      errorGroupStats: [
        {
          group: {
            name: `projects/${GCP_PROJECT}/groups/CNyO6ebcqqbN2AE`,
            groupId: "CNyO6ebcqqbN2AE",
            resolutionStatus: "OPEN",
          },
          count: "1284",
          affectedUsersCount: "0",
          timedCounts: [
            { count: "1284", startTime: "2026-12-06T04:00:00Z", endTime: "2026-12-06T10:00:00Z" },
          ],
          firstSeenTime: "2026-12-05T22:17:40.118Z",
          lastSeenTime: "2026-12-06T09:41:07.381Z",
          affectedServices: [
            {
              service: "checkout-api",
              version: "checkout-api-00412-wuv",
              resourceType: "cloud_run_revision",
            },
          ],
          numAffectedServices: 1,
          representative: {
            eventTime: "2026-12-06T09:41:07.381Z",
            serviceContext: {
              service: "checkout-api",
              version: "checkout-api-00412-wuv",
              resourceType: "cloud_run_revision",
            },
            message:
              "Error: socket hang up\n    at connResetException (node:internal/errors:787:14)\n    at TLSSocket.socketOnEnd (node:_http_client:519:23)\n    at StripeClient.confirmPaymentIntent (/app/dist/payments/stripe.js:88:19)",
          },
        },
      ],
      timeRangeBegin: "2026-12-06T04:00:00Z",
    });
  }

  googleError(res, 404, "NOT_FOUND", "Requested entity was not found.");
}

export const gcpStandin = forwardProxy(GCP_PROXY_PORT, ensureCertificate, gcpHandler);

// ------------------------------------------------------------------------------------------ Check Point

export const CP_API_KEY = "q7V2mK9xLp4RtY8wZs3Nd==";
export const CP_API_KEY_REVOKED = "Hc8Pw1Tn5Qz0Lm7Vb2Xk==";
export const CP_OBJECT = "3f1e27b2-9a4c-4d6e-8b0f-51c2e9d7a844";
export const CP_OBJECT_MISSING = "a9d0c1e2-3b4f-4a5b-9c6d-7e8f90a1b2c3";
export const CP_QUERY_SLOW_FILTER = "src:10.20.0.0/16 AND service:dns";

let sidCounter = 0;
const sids = new Set<string>();
const newSid = () => {
  sidCounter += 1;
  const sid =
    ["mV3dCqS8nYkW1", "Xb7tRp0LfGz4H", "Jq2sNw9EeUa6D", "Ty5oKc3MiVr8B"][sidCounter % 4] +
    "gK5uZ9xQ2hP_lA7eRt0vNc4Ws";
  sids.add(sid);
  return sid;
};

const cpError = (res: http.ServerResponse, status: number, code: string, message: string) =>
  json(res, status, { code, message });

const CP_LOGS = [
  {
    id: "{0x6570b9c1,0x1d,0xc0a80a0b,0xc0000000}",
    type: "log",
    time: "2026-12-06T09:41:52Z",
    blade: "Firewall",
    product: "Firewall",
    action: "Drop",
    origin: "gw-fra-edge-01",
    src: "198.51.100.23",
    dst: "10.20.4.17",
    service: "3389",
    proto: "6",
    s_port: "51544",
    rule_name: "Cleanup rule",
    rule_uid: "b8a2c0f4-1d3e-4f5a-8b9c-0d1e2f3a4b5c",
    layer_name: "Network",
    ifdir: "inbound",
    ifname: "eth1",
  },
  {
    id: "{0x6570b9c0,0x3a,0xc0a80a0b,0xc0000000}",
    type: "log",
    time: "2026-12-06T09:41:49Z",
    blade: "Firewall",
    product: "Firewall",
    action: "Drop",
    origin: "gw-fra-edge-01",
    src: "198.51.100.23",
    dst: "10.20.4.18",
    service: "3389",
    proto: "6",
    s_port: "51531",
    rule_name: "Cleanup rule",
    rule_uid: "b8a2c0f4-1d3e-4f5a-8b9c-0d1e2f3a4b5c",
    layer_name: "Network",
    ifdir: "inbound",
    ifname: "eth1",
  },
];

const CP_AUDIT = [
  {
    id: "{0x6570a811,0x0,0x1a0b0c0d,0x3fffe8a1}",
    type: "log",
    time: "2026-12-06T08:12:33Z",
    blade: "SmartConsole",
    product: "SmartConsole",
    operation: "Modify Object",
    administrator: "jsmith",
    client: "SmartConsole",
    subject: "Object Manipulation",
    object_name: "web-dmz-net",
    object_type: "Network",
    session_name: "ticket CHG-20481",
    audit_status: "Success",
  },
];

function cpHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const command = url.pathname.replace(/^\/web_api\//, "");
  const params = parse(body);
  if (command === "login") {
    if (params["api-key"] === CP_API_KEY_REVOKED)
      return cpError(res, 400, "err_login_failed", "Authentication to server failed.");
    const sid = newSid();
    return json(res, 200, {
      sid,
      url: `https://127.0.0.1:${CHKP_PORT}/web_api`,
      uid: "7a13c0b9-5e2d-4c8f-9a1b-3d6e0f2c4b81",
      "session-timeout": 600,
      "last-login-was-at": { posix: 1796538401000, "iso-8601": "2026-12-06T07:46+0000" },
      "read-only": false,
      "api-server-version": "2.0.1",
      "user-name": "mcp-logs-reader",
      "user-uid": "0d4f8c2a-6b1e-4f3d-9a7c-e5b2d1c0f9a8",
    });
  }
  const sid = String(req.headers["x-chkp-sid"] ?? "");
  if (!sid) return cpError(res, 401, "generic_err_missing_session_id", "Missing header: [X-chkp-sid]");
  if (!sids.has(sid) || state.cpSessionExpired) {
    state.cpSessionExpired = false;
    sids.delete(sid);
    return cpError(
      res,
      401,
      "generic_err_wrong_session_id",
      `Wrong session id [${sid}]. Session may be expired. Please check session id and resend the request.`,
    );
  }
  if (command === "show-session")
    return json(res, 200, {
      uid: "7a13c0b9-5e2d-4c8f-9a1b-3d6e0f2c4b81",
      name: "mcp-logs-reader@06/12/2026",
      type: "session",
      domain: { uid: "41e821a0-3720-11e3-aa6e-0800200c9fde", name: "SMC User", "domain-type": "domain" },
      state: "open",
      "user-name": "mcp-logs-reader",
      application: "WEB_API",
    });
  if (state.cpServerError)
    return cpError(
      res,
      500,
      "generic_internal_error",
      "Management server failed to execute command. See log file for details.",
    );
  if (state.cpRateLimited)
    return cpError(res, 429, "err_too_many_requests", "Too many requests in a given amount of time");
  if (command === "show-logs") {
    const query = (params["new-query"] ?? {}) as Record<string, unknown>;
    const queryId = params["query-id"];
    if (queryId !== undefined) {
      if (queryId !== "aa_be383957-9167-4ca3-b101-a25bc0fbec1c")
        return cpError(
          res,
          404,
          "generic_err_object_not_found",
          `Requested object [${String(queryId)}] not found`,
        );
      return json(res, 200, {
        logs: [
          {
            ...CP_LOGS[1],
            id: "{0x6570b9bd,0x12,0xc0a80a0b,0xc0000000}",
            time: "2026-12-06T09:41:40Z",
            dst: "10.20.4.19",
          },
        ],
        "logs-count": 1,
        "query-id": "aa_be383957-9167-4ca3-b101-a25bc0fbec1c",
      });
    }
    const filter = String(query.filter ?? "");
    if (filter === CP_QUERY_SLOW_FILTER)
      return later(15_000, () =>
        json(res, 200, { logs: [], "logs-count": 0, "query-id": "aa_0d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6" }),
      );
    if (query.type === "audit") {
      if (String(query["time-frame"]) === "last-30-days")
        return cpError(
          res,
          403,
          "generic_err_no_permissions",
          "Insufficient permissions: the administrator profile 'Read Only Logs' does not allow viewing audit logs",
        );
      return json(res, 200, {
        logs: CP_AUDIT,
        "logs-count": 1,
        "query-id": "aa_51c7e3d9-2b8a-4f0e-9d1c-6a4b3e2f1d07",
      });
    }
    if (filter.includes("action:Accept AND service:telnet"))
      return json(res, 200, {
        logs: [],
        "logs-count": 0,
        "query-id": "aa_9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b",
      });
    if (query.top)
      return json(res, 200, {
        logs: [],
        "logs-count": 0,
        "query-id": "aa_2c4e6a8b-0d1f-4a3c-9e5b-7d9f1b3d5f7a",
        tops: [{ "198.51.100.23": "4127" }, { "203.0.113.9": "1880" }, { "192.0.2.144": "977" }],
        "tops-count": 6984,
      });
    return json(res, 200, {
      logs: CP_LOGS,
      "logs-count": 2,
      "query-id": "aa_be383957-9167-4ca3-b101-a25bc0fbec1c",
      tops: [{ Firewall: "717" }, { "System Monitor": "132" }],
      "tops-count": 935,
    });
  }
  if (command === "show-gateways-and-servers")
    return json(res, 200, {
      objects: [
        {
          uid: "2c1b0a98-7654-4321-8fed-cba987654321",
          name: "gw-fra-edge-01",
          type: "simple-gateway",
          domain: { uid: "41e821a0-3720-11e3-aa6e-0800200c9fde", name: "SMC User", "domain-type": "domain" },
          "ipv4-address": "192.0.2.10",
          policy: {
            "access-policy-installed": true,
            "access-policy-name": "Standard",
            "access-policy-installation-date": { "iso-8601": "2026-12-05T18:22+0000" },
          },
          version: "R82",
        },
        {
          uid: "6e5d4c3b-2a19-4807-b6f5-e4d3c2b1a098",
          name: "smc-fra-01",
          type: "checkpoint-host",
          domain: { uid: "41e821a0-3720-11e3-aa6e-0800200c9fde", name: "SMC User", "domain-type": "domain" },
          "ipv4-address": "10.20.0.5",
          version: "R82",
        },
      ],
      from: 1,
      to: 2,
      total: 2,
    });
  if (command === "show-objects")
    return json(res, 200, {
      objects: [
        {
          uid: CP_OBJECT,
          name: "rdp-jump-host",
          type: "host",
          domain: { uid: "41e821a0-3720-11e3-aa6e-0800200c9fde", name: "SMC User", "domain-type": "domain" },
          "ipv4-address": "10.20.4.17",
        },
        {
          uid: "8b7a6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d",
          name: "rdp-jump-host-b",
          type: "host",
          domain: { uid: "41e821a0-3720-11e3-aa6e-0800200c9fde", name: "SMC User", "domain-type": "domain" },
          "ipv4-address": "10.20.4.18",
        },
      ],
      from: 1,
      to: 2,
      total: 2,
    });
  if (command === "show-object") {
    if (params.uid !== CP_OBJECT)
      return cpError(
        res,
        404,
        "generic_err_object_not_found",
        `Requested object [${String(params.uid)}] not found`,
      );
    return json(res, 200, {
      object: {
        uid: CP_OBJECT,
        name: "rdp-jump-host",
        type: "host",
        domain: { uid: "41e821a0-3720-11e3-aa6e-0800200c9fde", name: "SMC User", "domain-type": "domain" },
        "ipv4-address": "10.20.4.17",
        comments: "Bastion for ops RDP; only reachable from VPN pool",
        color: "orange",
        tags: [{ name: "ops" }],
        "meta-info": {
          "last-modifier": "jsmith",
          "last-modify-time": { "iso-8601": "2026-11-28T16:02+0000" },
        },
      },
    });
  }
  if (command === "show-sessions")
    return json(res, 200, {
      objects: [
        {
          uid: "c0ffee11-2222-4333-8444-555566667777",
          name: "jsmith@28/11/2026",
          type: "session",
          "user-name": "jsmith",
          "publish-time": { posix: 1795881720000, "iso-8601": "2026-11-28T16:02+0000" },
          state: "published",
          changes: 1,
        },
      ],
      from: 1,
      to: 1,
      total: 1,
    });
  if (command === "show-changes")
    return json(res, 200, { "task-id": "01234567-89ab-4cde-8f01-23456789abcd" });
  if (command === "show-task")
    return json(res, 200, {
      tasks: [
        {
          uid: "01234567-89ab-4cde-8f01-23456789abcd",
          "task-id": "01234567-89ab-4cde-8f01-23456789abcd",
          "task-name": "Get changes",
          status: "succeeded",
          "progress-percentage": 100,
          suppressed: false,
          "task-details": [
            {
              changes: [
                {
                  operations: {
                    "added-objects": [],
                    "deleted-objects": [],
                    "modified-objects": [
                      {
                        "old-object": {
                          uid: CP_OBJECT,
                          name: "rdp-jump-host",
                          type: "host",
                          "ipv4-address": "10.20.4.12",
                        },
                        "new-object": {
                          uid: CP_OBJECT,
                          name: "rdp-jump-host",
                          type: "host",
                          "ipv4-address": "10.20.4.17",
                        },
                      },
                    ],
                  },
                },
              ],
            },
          ],
        },
      ],
    });
  cpError(res, 404, "generic_err_command_not_found", `Command [${command}] not found`);
}

export const chkpStandin = tlsStandin(CHKP_PORT, ensureCertificate, cpHandler);

// ------------------------------------------------------------------------------------------ Currents

export const CUR_KEY = "cu_live_0x7Fq2mWn9TbLk4Rz8VhYc3Sd6Ga1Pj5Eu";
export const CUR_PROJECT = "Wq3aX9";
export const CUR_PROJECT_FOREIGN = "Zt8kL2";
export const CUR_RUN = "9f1c2d3e4a5b6c7d";
export const CUR_RUN_MISSING = "0000aaaabbbbcccc";
export const CUR_RUN_SLOW = "5151dead5151beef";
export const CUR_INSTANCE = "inst_5y8Lq2rT";
export const CUR_SIGNATURE = "2b6a1f8e0c3d5e7f9a1b3c5d7e9f0a2b";

const curFail = (res: http.ServerResponse, status: number, error: string) =>
  json(res, status, { status: "FAILED", error });

const CUR_RUN_DATA = {
  runId: CUR_RUN,
  projectId: CUR_PROJECT,
  createdAt: "2026-12-06T08:55:12.443Z",
  durationMs: 731204,
  deletedAt: null,
  tags: ["nightly", "e2e"],
  previousRunId: "8e0b1c2d3f4a5b6c",
  timeout: { isTimeout: false, timeoutValueMs: null },
  cancellation: null,
  groups: [
    {
      groupId: "chromium",
      platform: {
        osName: "linux",
        osVersion: "Ubuntu 22.04",
        browserName: "chromium",
        browserVersion: "131.0.6778.33",
      },
      tests: { overall: 412, passes: 398, failures: 6, pending: 0, skipped: 5, flaky: 3 },
    },
  ],
  meta: {
    ciBuildId: "gh-actions-12688422173-1",
    commit: {
      sha: "4e1f9c0a7b2d3e5f6a8b9c0d1e2f3a4b5c6d7e8f",
      branch: "main",
      authorName: "Priya Raman",
      authorEmail: "priya.raman@acme.example",
      message: "checkout: retry Stripe confirm once on socket hang up",
      remoteOrigin: "https://github.com/acme/storefront",
    },
    framework: { name: "playwright", version: "1.49.0" },
  },
  specs: [
    {
      spec: "tests/checkout/pay-with-card.spec.ts",
      groupId: "chromium",
      instanceId: CUR_INSTANCE,
      claimedAt: "2026-12-06T08:55:20.102Z",
      completedAt: "2026-12-06T08:57:41.871Z",
      machineId: "runner-3",
      tags: ["checkout"],
      results: { stats: { tests: 14, passes: 11, failures: 3, pending: 0, skipped: 0, flaky: 1 } },
    },
  ],
  completionState: "complete",
  status: "failed",
};

function currentsHandler(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  const p = url.pathname.replace(/^\/v1/, "");
  const auth = String(req.headers.authorization ?? "");
  if (state.curBadKey || auth !== `Bearer ${CUR_KEY}`) return curFail(res, 401, "Unauthorized");
  if (state.curBadGateway)
    return text(
      res,
      502,
      "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n</body>\r\n</html>\r\n",
      "text/html",
    );
  if (state.curServerError) return curFail(res, 500, "Internal Server Error");

  if (p === "/projects") {
    if (url.searchParams.get("starting_after"))
      return json(res, 200, {
        status: "OK",
        has_more: false,
        data: [
          {
            projectId: "Lm4Nb7",
            name: "storefront-visual",
            createdAt: "2025-08-02T11:20:44.019Z",
            failFast: null,
            inactivityTimeoutSeconds: 7200,
            defaultBranchName: "main",
            cursor: "Lm4Nb7",
          },
        ],
      });
    return json(res, 200, {
      status: "OK",
      has_more: true,
      data: [
        {
          projectId: CUR_PROJECT,
          name: "storefront-e2e",
          createdAt: "2024-11-14T09:02:31.551Z",
          failFast: false,
          inactivityTimeoutSeconds: 5400,
          defaultBranchName: "main",
          cursor: CUR_PROJECT,
        },
      ],
    });
  }
  const runs = p.match(/^\/projects\/([^/]+)\/runs$/);
  if (runs) {
    if (runs[1] !== CUR_PROJECT) return curFail(res, 404, "Project not found");
    const { specs: _specs, deletedAt: _deleted, ...item } = CUR_RUN_DATA;
    return json(res, 200, {
      status: "OK",
      has_more: true,
      data: [
        { ...item, cursor: CUR_RUN },
        {
          ...item,
          runId: "8e0b1c2d3f4a5b6c",
          previousRunId: "7d9a0b1c2e3f4a5b",
          createdAt: "2026-12-05T08:55:09.118Z",
          durationMs: 702554,
          status: "passed",
          groups: [
            {
              ...item.groups[0],
              tests: { overall: 412, passes: 407, failures: 0, pending: 0, skipped: 5, flaky: 2 },
            },
          ],
          cursor: "8e0b1c2d3f4a5b6c",
        },
      ],
    });
  }
  const run = p.match(/^\/runs\/([^/]+)$/);
  if (run) {
    if (run[1] === CUR_RUN) return json(res, 200, { status: "OK", data: CUR_RUN_DATA });
    if (run[1] === CUR_RUN_SLOW)
      return later(15_000, () => json(res, 200, { status: "OK", data: CUR_RUN_DATA }));
    return curFail(res, 404, "Run not found");
  }
  if (p === `/instances/${CUR_INSTANCE}`)
    return json(res, 200, {
      status: "OK",
      data: {
        instanceId: CUR_INSTANCE,
        runId: CUR_RUN,
        groupId: "chromium",
        spec: "tests/checkout/pay-with-card.spec.ts",
        machineId: "runner-3",
        claimedAt: "2026-12-06T08:55:20.102Z",
        completedAt: "2026-12-06T08:57:41.871Z",
        results: {
          stats: {
            tests: 14,
            passes: 11,
            failures: 3,
            pending: 0,
            skipped: 0,
            suites: 3,
            flaky: 1,
            wallClockStartedAt: "2026-12-06T08:55:21.004Z",
            wallClockEndedAt: "2026-12-06T08:57:41.702Z",
            wallClockDuration: 140698,
          },
          exception: null,
          flaky: 1,
          videoUrl: null,
          screenshots: [],
          tests: [
            {
              testId: "c3f1e9b2a7d4",
              title: ["Pay with card", "3-D Secure challenge succeeds"],
              state: "failed",
              displayError:
                "TimeoutError: locator.click: Timeout 30000ms exceeded.\nCall log:\n  - waiting for frameLocator('iframe[name^=\"__privateStripeFrame\"]').getByRole('button', { name: 'Complete' })",
              attempts: [
                {
                  attemptId: "att_1",
                  state: "failed",
                  wallClockStartedAt: "2026-12-06T08:56:02.118Z",
                  wallClockDuration: 30412,
                  error: {
                    message: "TimeoutError: locator.click: Timeout 30000ms exceeded.",
                    stack:
                      "TimeoutError: locator.click: Timeout 30000ms exceeded.\n    at /work/tests/checkout/pay-with-card.spec.ts:58:41",
                  },
                },
              ],
            },
          ],
        },
      },
    });
  const spec = p.match(/^\/spec-files\/([^/]+)$/);
  if (spec) {
    const start = url.searchParams.get("date_start") ?? "";
    if (Number.isNaN(Date.parse(start)))
      return curFail(res, 400, `Invalid date_start: "${start}" is not a valid ISO 8601 date`);
    return json(res, 200, {
      status: "OK",
      data: {
        list: [
          {
            signature: "5d0e3a9c7b1f2e4d6a8c0b2d4f6e8a0c",
            spec: "tests/checkout/pay-with-card.spec.ts",
            metrics: {
              avgDuration: 141288.4,
              failedExecutions: 9,
              failureRate: 0.3,
              flakeRate: 0.1667,
              flakyExecutions: 5,
              fullyReported: 30,
              overallExecutions: 30,
              suiteSize: 14,
              timeoutExecutions: 0,
              timeoutRate: 0,
            },
          },
          {
            signature: "7a2c4e6f8b0d1a3c5e7f9b1d3a5c7e9f",
            spec: "tests/account/reset-password.spec.ts",
            metrics: {
              avgDuration: 38811.0,
              failedExecutions: 2,
              failureRate: 0.0667,
              flakeRate: 0.0333,
              flakyExecutions: 1,
              fullyReported: 30,
              overallExecutions: 30,
              suiteSize: 6,
              timeoutExecutions: 0,
              timeoutRate: 0,
            },
          },
        ],
        total: 2,
        nextPage: false,
      },
    });
  }
  const tests = p.match(/^\/tests\/([^/]+)$/);
  if (tests) {
    const title = url.searchParams.get("title") ?? url.searchParams.get("test") ?? "";
    if (title && !title.includes("3-D Secure"))
      return json(res, 200, { status: "OK", data: { list: [], count: 0, total: 0, nextPage: false } });
    return json(res, 200, {
      status: "OK",
      data: {
        list: [
          {
            title: "Pay with card > 3-D Secure challenge succeeds",
            signature: CUR_SIGNATURE,
            spec: "tests/checkout/pay-with-card.spec.ts",
            metrics: {
              executions: 30,
              failures: 7,
              ignored: 0,
              passes: 23,
              flaky: 4,
              flakinessRate: 0.1333,
              failureRate: 0.2333,
              avgDurationMs: 24117.6,
              flakinessVolume: 96470.4,
              failureVolume: 168823.2,
              durationVolume: 723528.0,
            },
            latestTag: ["nightly", "e2e"],
            lastSeen: "2026-12-06T08:56:32.530Z",
          },
        ],
        count: 1,
        total: 1,
        nextPage: false,
      },
    });
  }
  if (p === `/test-results/${CUR_SIGNATURE}`)
    return json(res, 200, {
      status: "OK",
      has_more: false,
      data: [
        {
          cursor: "tr_81mQ2",
          signature: CUR_SIGNATURE,
          framework: "playwright",
          createdAt: "2026-12-06T08:56:32.530Z",
          projectId: CUR_PROJECT,
          groupId: "chromium",
          runId: CUR_RUN,
          instanceId: CUR_INSTANCE,
          spec: "tests/checkout/pay-with-card.spec.ts",
          machineId: "runner-3",
          tags: ["nightly", "e2e"],
          title: ["Pay with card", "3-D Secure challenge succeeds"],
          testId: "c3f1e9b2a7d4",
          displayError: "TimeoutError: locator.click: Timeout 30000ms exceeded.",
          commit: {
            branch: "main",
            authorEmail: "priya.raman@acme.example",
            authorName: "Priya Raman",
            sha: "4e1f9c0a7b2d3e5f6a8b9c0d1e2f3a4b5c6d7e8f",
            message: "checkout: retry Stripe confirm once on socket hang up",
          },
          duration: 30412,
          flaky: false,
          expectedStatus: "passed",
          status: "failed",
          attempts: [
            {
              attemptId: "att_1",
              state: "failed",
              error: {
                message: "TimeoutError: locator.click: Timeout 30000ms exceeded.",
                stack:
                  "TimeoutError: locator.click: Timeout 30000ms exceeded.\n    at /work/tests/checkout/pay-with-card.spec.ts:58:41",
                location: { file: "tests/checkout/pay-with-card.spec.ts", line: 58, column: 41 },
              },
              startedAt: "2026-12-06T08:56:02.118Z",
              duration: 30412,
            },
          ],
          annotations: null,
        },
      ],
    });
  curFail(res, 404, "Not found");
}

export const currentsStandin = httpStandin(CURRENTS_PORT, currentsHandler);

export const ALL_STANDINS = [gcpStandin, chkpStandin, currentsStandin];
