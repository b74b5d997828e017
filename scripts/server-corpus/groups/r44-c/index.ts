// Group r44-c: log management and SIEM — an on-call engineer's and a security analyst's log work (log groups and
// streams, filter patterns, Logs Insights queries, CloudTrail sign-in events) on Amazon CloudWatch Logs through
// @hyorimitsu/amazon-cloudwatch-logs-mcp-server (the AWS SDK for JavaScript v3). Every published server runs behind
// loopback stand-ins (standins.ts).
//
//   (cd scripts/server-corpus/groups/r44-c && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r44-c

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  AWS_REGION,
  CHECKOUT_LATEST_STREAM,
  CWL_ACCESS_KEY,
  CWL_EXPIRED_KEY,
  CWL_EXPIRED_SECRET,
  CWL_EXPIRED_TOKEN,
  CWL_PORT,
  CWL_SECRET_KEY,
  DATA,
  DD_API_KEY,
  DD_APP_KEY,
  DD_CERT,
  DD_PORT,
  DD_REVOKED_API_KEY,
  datadogApi,
  ddCertificate,
  ORDERS_LOG_STREAM,
  clearTimers,
  cloudWatchLogsApi,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@hyorimitsu/amazon-cloudwatch-logs-mcp-server": "0.2.0",
  "@i524/datadog-mcp-server": "0.0.5",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");

// A window around the incident (ms for the event APIs, seconds for Logs Insights).
const FROM_MS = Date.parse("2026-12-07T15:00:00.000Z");
const TO_MS = Date.parse("2026-12-07T15:30:00.000Z");
const FROM_S = FROM_MS / 1000;
const TO_S = TO_MS / 1000;

function cwlEnv(accessKey: string, secret: string, token?: string): Record<string, string> {
  return {
    HOME,
    AWS_REGION,
    AWS_ACCESS_KEY_ID: accessKey,
    AWS_SECRET_ACCESS_KEY: secret,
    ...(token ? { AWS_SESSION_TOKEN: token } : {}),
    // The standard endpoint override every AWS SDK reads; no shared config or credentials file is read from HOME.
    AWS_ENDPOINT_URL: `http://127.0.0.1:${CWL_PORT}`,
  };
}

const PKG = "@hyorimitsu/amazon-cloudwatch-logs-mcp-server";

const cwlSession: SessionSpec = {
  label: "r44-c-cwl",
  server: PKG,
  transport: "stdio",
  start: stdioServer("r44-c-cwl", PKG, { from: FROM, env: cwlEnv(CWL_ACCESS_KEY, CWL_SECRET_KEY) }),
  steps: [
    step("c-cwl-001", "describe_log_groups", {}, "every log group in the account and region"),
    step(
      "c-cwl-002",
      "get_log_events",
      {
        logGroupName: "/aws/lambda/checkout-api",
        logStreamName: CHECKOUT_LATEST_STREAM,
        limit: 20,
        startFromHead: false,
      },
      "the newest invocations of the checkout Lambda (one with a refused payment)",
    ),
    step(
      "c-cwl-003",
      "get_log_events",
      {
        logGroupName: "/aws/lambda/checkout-api",
        logStreamName: "2026/12/06/[$LATEST]0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a",
      },
      "a log stream that does not exist (yesterday's, long rotated): ResourceNotFoundException",
    ),
    step(
      "c-cwl-004",
      "filter_log_events",
      {
        logGroupName: "/ecs/orders-service",
        filterPattern: "?ERROR ?Exception",
        startTime: FROM_MS,
        endTime: TO_MS,
      },
      "errors of the orders service in the incident window",
    ),
    step(
      "c-cwl-005",
      "filter_log_events",
      {
        logGroupName: "/security/cloudtrail",
        filterPattern: '{ ($.eventName = "ConsoleLogin") && ($.errorMessage = "Failed authentication") }',
        startTime: FROM_MS,
        endTime: TO_MS,
      },
      "failed console sign-ins in CloudTrail (a SIEM detection's filter)",
    ),
    step(
      "c-cwl-006",
      "filter_log_events",
      {
        logGroupName: "/ecs/orders-service",
        filterPattern: '"OutOfMemoryError"',
        startTime: FROM_MS,
        endTime: TO_MS,
      },
      "a pattern that matches nothing in the window: events []",
    ),
    step(
      "c-cwl-007",
      "filter_log_events",
      { logGroupName: "/ecs/order-service", filterPattern: "ERROR", startTime: FROM_MS, endTime: TO_MS },
      "a misspelt log group name: ResourceNotFoundException",
    ),
    step(
      "c-cwl-008",
      "filter_log_events",
      { logGroupName: "/ecs/order-service", filterPattern: "ERROR", startTime: FROM_MS, endTime: TO_MS },
      "the same call again, unchanged",
    ),
    step(
      "c-cwl-009",
      "start_query",
      {
        logGroupNames: ["/aws/lambda/checkout-api", "/ecs/orders-service"],
        startTime: FROM_S,
        endTime: TO_S,
        queryString: "fields @timestamp, @message | filter @message like /ERROR/ | stats count(*) by bin(5m)",
      },
      "a Logs Insights query: errors per five minutes across two groups",
    ),
    step(
      "c-cwl-010",
      "get_query_results",
      { queryId: "5f1c2a7e-3c9a-4e2b-8f61-0d7a9c1e4b2a1" },
      "that query's results: Complete, four bins",
    ),
    step(
      "c-cwl-011",
      "start_query",
      {
        logGroupName: "/security/cloudtrail",
        startTime: FROM_S,
        endTime: TO_S,
        queryString:
          'fields eventTime, userIdentity.arn, eventName | filter errorCode = "AccessDenied" and eventSource = "kms.amazonaws.com"',
      },
      "a CloudTrail query for denied KMS calls",
    ),
    step(
      "c-cwl-012",
      "get_query_results",
      { queryId: "b08d4e31-3c9a-4e2b-8f61-0d7a9c2e4b2a1" },
      "its results: Complete, no matching records",
    ),
    step(
      "c-cwl-013",
      "start_query",
      {
        logGroupName: "/ecs/orders-service",
        startTime: FROM_S,
        endTime: TO_S,
        queryString: "fields @timestamp | filter @message like /timeout/ | stats count(*) by by",
      },
      "a query with a syntax error: MalformedQueryException with queryCompileError",
    ),
    step(
      "c-cwl-014",
      "start_query",
      { logGroupName: "/ecs/orders-service", startTime: FROM_S, endTime: TO_S },
      "a query without its queryString (the server's zod check; no request is sent)",
    ),
    step(
      "c-cwl-015",
      "put_log_events",
      {
        logGroupName: "/ecs/orders-service",
        logStreamName: ORDERS_LOG_STREAM,
        logEvents: [
          {
            timestamp: Date.parse("2026-11-12T08:00:00.000Z"),
            message: "incident INC-4471 backfill: first deadlock seen",
          },
          {
            timestamp: Date.parse("2026-12-07T15:45:00.000Z"),
            message: "incident INC-4471 mitigated: lock order fixed",
          },
        ],
      },
      "two annotation events, the first older than 14 days: rejectedLogEventsInfo for it",
    ),
    step(
      "c-cwl-016",
      "create_log_group",
      { logGroupName: "/ecs/orders-service" },
      "a log group that already exists: ResourceAlreadyExistsException",
    ),
    step(
      "c-cwl-017",
      "delete_log_group",
      { logGroupName: "/security/cloudtrail" },
      "deleting the CloudTrail log group with the on-call user: AccessDeniedException",
    ),
    step(
      "c-cwl-018",
      "describe_log_streams",
      { logGroupName: "/aws/lambda/checkout-api", orderBy: "LastEventTime", descending: true, limit: 3 },
      "ThrottlingException (Rate exceeded) on every attempt of the SDK's retries",
      flag("cwlThrottled"),
    ),
    step(
      "c-cwl-019",
      "describe_log_groups",
      { logGroupNamePrefix: "/aws/lambda/" },
      "ServiceUnavailableException (500) on every attempt",
      flag("cwlUnavailable"),
    ),
    step(
      "c-cwl-020",
      "get_log_events",
      { logGroupName: "/aws/lambda/checkout-api", logStreamName: CHECKOUT_LATEST_STREAM, limit: 5 },
      "an AWS load balancer's 502 HTML page on the endpoint, on every attempt",
      flag("cwlBadGateway"),
    ),
    step(
      "c-cwl-021",
      "filter_log_events",
      { logGroupName: "/ecs/orders-service", filterPattern: "deadlock", startTime: FROM_MS, endTime: TO_MS },
      "the endpoint answers 15 s late; the client waits 4 s",
      flag("cwlSlow", { timeoutMs: 4000 }),
    ),
    step(
      "c-cwl-022",
      "describe_log_streams",
      { logGroupName: "/ecs/orders-service", limit: 5 },
      "the endpoint unreachable (connection refused)",
      down(cloudWatchLogsApi),
    ),
    step(
      "c-cwl-023",
      "tail_log_stream",
      { logGroupName: "/ecs/orders-service" },
      "a tool the server does not have",
    ),
  ],
};

const cwlExpiredSession: SessionSpec = {
  label: "r44-c-cwl-expired",
  server: PKG,
  transport: "stdio",
  start: stdioServer("r44-c-cwl-expired", PKG, {
    from: FROM,
    env: cwlEnv(CWL_EXPIRED_KEY, CWL_EXPIRED_SECRET, CWL_EXPIRED_TOKEN),
  }),
  steps: [
    step(
      "c-cwlx-001",
      "describe_log_groups",
      { logGroupNamePrefix: "/security/" },
      "temporary SSO credentials past their expiry: ExpiredTokenException",
    ),
    step(
      "c-cwlx-002",
      "describe_log_groups",
      { logGroupNamePrefix: "/security/" },
      "the same call again, unchanged",
    ),
  ],
};

// ── @i524/datadog-mcp-server: Datadog Log Management's List logs API ────────────────────────────────────────────────

const DD_PKG = "@i524/datadog-mcp-server";

function ddEnv(apiKey: string): Record<string, string> {
  return {
    HOME,
    DD_API_KEY: apiKey,
    DD_APP_KEY,
    DD_SITE: "datadoghq.com",
    // The API client's cross-fetch (node-fetch 2 on Node's https) is sent to the HTTPS stand-in by the preload.
    DATADOG_STANDIN_PORT: String(DD_PORT),
    NODE_EXTRA_CA_CERTS: DD_CERT,
    NODE_OPTIONS: `--import ${path.join(FROM, "loopback-preload.mjs")}`,
  };
}

const DD_FROM = "2026-12-07T15:00:00Z";
const DD_TO = "2026-12-07T15:30:00Z";

const ddSession: SessionSpec = {
  label: "r44-c-ddl",
  server: DD_PKG,
  transport: "stdio",
  start: stdioServer("r44-c-ddl", DD_PKG, { from: FROM, env: ddEnv(DD_API_KEY) }),
  steps: [
    step(
      "c-ddl-001",
      "search-logs",
      { filterQuery: "service:checkout-api status:error", filterFrom: DD_FROM, filterTo: DD_TO },
      "the checkout API's error logs in the incident window: a first page with a cursor",
    ),
    step(
      "c-ddl-002",
      "search-logs",
      {
        filterQuery: "service:checkout-api status:error",
        filterFrom: DD_FROM,
        filterTo: DD_TO,
        cursor:
          "eyJzdGFydEF0IjoiQVFBQUFaUGk5ZlExbjBiM01nQUFBQUJCV2xCcE9XWlJNVUZCUkZoWWMyUmlNMmRCUVVGQlFVRSJ9",
      },
      "the next page with that cursor: the last log",
    ),
    step(
      "c-ddl-003",
      "search-logs",
      {
        filterQuery: "service:checkout-api @http.status_code:[500 TO 599]",
        filterFrom: DD_FROM,
        filterTo: DD_TO,
      },
      "5xx answers of the checkout API (a facet range query)",
    ),
    step(
      "c-ddl-004",
      "search-logs",
      {
        filterQuery: "source:cloudtrail @evt.name:ConsoleLogin @evt.outcome:failure",
        filterFrom: DD_FROM,
        filterTo: DD_TO,
      },
      "failed AWS console sign-ins from CloudTrail logs (a security investigation)",
    ),
    step(
      "c-ddl-005",
      "search-logs",
      { filterQuery: 'service:orders-service "deadlock detected"', filterFrom: DD_FROM, filterTo: DD_TO },
      "the orders service's deadlock line",
    ),
    step(
      "c-ddl-006",
      "search-logs",
      { filterQuery: "service:refund-worker status:error", filterFrom: DD_FROM, filterTo: DD_TO },
      "errors of a service that logged none in the window: data []",
    ),
    step(
      "c-ddl-007",
      "search-logs",
      {
        filterQuery: "service:orders-service status:error",
        filterFrom: "2026-11-07T15:00:00Z",
        filterTo: DD_TO,
      },
      "a 30-day scan: some logs, meta.status timeout (the search ran out of time)",
    ),
    step(
      "c-ddl-008",
      "search-logs",
      { filterQuery: "service:checkout-api", filterFrom: "yesterday 9am" },
      "a time that is not ISO 8601 (the server's zod datetime check; no request is sent)",
    ),
    step(
      "c-ddl-009",
      "search-logs",
      {
        filterQuery: "service:checkout-api AND (status:error OR status:warn",
        filterFrom: DD_FROM,
        filterTo: DD_TO,
      },
      "a query with an unbalanced parenthesis: 400 Bad Request",
    ),
    step(
      "c-ddl-010",
      "search-logs",
      {
        filterQuery: "service:checkout-api AND (status:error OR status:warn",
        filterFrom: DD_FROM,
        filterTo: DD_TO,
      },
      "the same call again, unchanged",
    ),
    step(
      "c-ddl-011",
      "search-logs",
      { filterQuery: "env:prod status:critical", filterFrom: DD_FROM, filterTo: DD_TO },
      "the application key lost its logs_read_data scope: 403 Forbidden",
      flag("ddForbidden"),
    ),
    step(
      "c-ddl-012",
      "search-logs",
      { filterQuery: "service:payment-webhooks", filterFrom: DD_FROM, filterTo: DD_TO },
      "429 Too many requests with X-RateLimit headers (the List logs endpoint's 300 per hour)",
      flag("ddRateLimited"),
    ),
    step(
      "c-ddl-013",
      "search-logs",
      { filterQuery: "service:payment-webhooks status:error", filterFrom: DD_FROM, filterTo: DD_TO },
      "500 Internal Server Error from the Logs API",
      flag("ddServerError"),
    ),
    step(
      "c-ddl-014",
      "search-logs",
      { filterQuery: "host:ip-10-0-3-17.ec2.internal", filterFrom: DD_FROM, filterTo: DD_TO },
      "a 502 HTML page from the edge in front of the API",
      flag("ddBadGateway"),
    ),
    step(
      "c-ddl-015",
      "search-logs",
      { filterQuery: "service:checkout-api status:warn", filterFrom: DD_FROM, filterTo: DD_TO },
      "the API answers 15 s late; the client waits 4 s",
      flag("ddSlow", { timeoutMs: 4000 }),
    ),
    step(
      "c-ddl-016",
      "search-logs",
      { filterQuery: "service:orders-service status:error", filterFrom: DD_FROM, filterTo: DD_TO },
      "the API unreachable (connection refused)",
      down(datadogApi),
    ),
    step(
      "c-ddl-017",
      "get-metrics",
      { query: "avg:system.cpu.user{service:checkout-api}" },
      "a tool the server does not have (its README says metrics are coming soon)",
    ),
    step(
      "c-ddl-018",
      "search-logs",
      { filterQuery: "@usr.name:m.keller", filterFrom: DD_FROM, filterTo: DD_TO },
      "everything logged about the user behind the failed sign-ins, in the window",
    ),
  ],
};

const ddRevokedSession: SessionSpec = {
  label: "r44-c-ddl-revoked",
  server: DD_PKG,
  transport: "stdio",
  start: stdioServer("r44-c-ddl-revoked", DD_PKG, { from: FROM, env: ddEnv(DD_REVOKED_API_KEY) }),
  steps: [
    step(
      "c-ddlx-001",
      "search-logs",
      { filterQuery: "service:checkout-api status:error", filterFrom: DD_FROM, filterTo: DD_TO },
      "an API key revoked in Organization Settings: 403 Forbidden",
    ),
    step(
      "c-ddlx-002",
      "search-logs",
      { filterQuery: "service:checkout-api status:error", filterFrom: DD_FROM, filterTo: DD_TO },
      "the same call again, unchanged",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [cwlSession, cwlExpiredSession, ddSession, ddRevokedSession];

export async function prepare(): Promise<() => Promise<void>> {
  fs.rmSync(DATA, { recursive: true, force: true });
  fs.mkdirSync(HOME, { recursive: true });
  ddCertificate();
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
