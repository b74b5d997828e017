// Loopback stand-ins for group r44-c.
//
// @hyorimitsu/amazon-cloudwatch-logs-mcp-server calls Amazon CloudWatch Logs through the AWS SDK for JavaScript v3
// (`@aws-sdk/client-cloudwatch-logs`), which speaks the awsJson1_1 protocol: every operation is `POST /` with
// `X-Amz-Target: Logs_20140328.<Operation>`, a SigV4 `Authorization` header and a JSON body; a success is 200 with a
// JSON body, an error is a 4xx/5xx whose body names the error in `__type` next to a `message`. The SDK takes its
// endpoint from `AWS_ENDPOINT_URL` (the standard setting every AWS SDK reads), so the service is one plain HTTP
// stand-in on 127.0.0.1. The SDK's standard retry mode (3 attempts) retries throttling, 5xx and connection errors by
// itself; the stand-in counts attempts in `seen`.
//
// README.md says where each body comes from. `state` is switched by the sessions' hooks.

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

export const DATA = "/tmp/faultline-corpus-r44-c";

export const CWL_PORT = 45800;

export const AWS_ACCOUNT = "418295307761";
export const AWS_REGION = "us-east-1";
/** The log-reader's long-lived access key (an IAM user for the on-call tooling). */
export const CWL_ACCESS_KEY = "AKIAWD4R7NQ2EXAMPLE7";
export const CWL_SECRET_KEY = "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";
/** Temporary credentials from an SSO session that has run out (the STS session token is past its expiry). */
export const CWL_EXPIRED_KEY = "ASIAWD4R7NQ2SSOEXP3Q";
export const CWL_EXPIRED_SECRET = "Zr4nB8kQ1wE6tY3uI9oP2aS5dF7gH0jK4lX8cV1b";
export const CWL_EXPIRED_TOKEN =
  "IQoJb3JpZ2luX2VjEKr//////////wEaCXVzLWVhc3QtMSJHMEUCIQDq9expiredSSOsessionTokenForOnCall0000AAAABBBBCCCC==";

export const state = {
  ddForbidden: false,
  ddRateLimited: false,
  ddServerError: false,
  ddBadGateway: false,
  ddSlow: false,
  cwlThrottled: false,
  cwlUnavailable: false,
  cwlBadGateway: false,
  cwlSlow: false,
};

export const seen: string[] = [];
export const unknownRequests: string[] = [];

let requestCounter = 0;
function requestId(): string {
  requestCounter += 1;
  const n = requestCounter.toString(16).padStart(4, "0");
  return `7c1e${n}a2-5b3d-4f60-9a1e-0d2c8b${n}e1f7`;
}

function awsJson(res: http.ServerResponse, status: number, body: unknown) {
  json(res, status, body, { "content-type": "application/x-amz-json-1.1", "x-amzn-requestid": requestId() });
}

/** An awsJson1_1 error: the name in `__type`, as CloudWatch Logs sends it. */
function awsError(
  res: http.ServerResponse,
  status: number,
  type: string,
  message: string,
  extra: object = {},
) {
  awsJson(res, status, { __type: type, message, ...extra });
}

// ---------------------------------------------------------------------------------------------------------------
// The account's log data: a payments team's Lambda functions and ECS service, its RDS engine log, and the CloudTrail
// trail delivered to CloudWatch Logs (what the security team's detections read).

const T0 = Date.parse("2026-12-07T15:00:00.000Z");
/** The stand-in's "now" for PutLogEvents' age checks (fixed, so a capture on another day answers the same). */
const NOW = Date.parse("2026-12-07T16:00:00.000Z");

function arn(name: string) {
  return `arn:aws:logs:${AWS_REGION}:${AWS_ACCOUNT}:log-group:${name}`;
}

const LOG_GROUPS = [
  { name: "/aws/lambda/checkout-api", created: 1719830400000, retention: 30, metric: 2, bytes: 4827311902 },
  {
    name: "/aws/lambda/payment-webhooks",
    created: 1722508800000,
    retention: 30,
    metric: 1,
    bytes: 918273645,
  },
  {
    name: "/aws/rds/instance/orders-db/postgresql",
    created: 1704067200000,
    retention: 14,
    metric: 0,
    bytes: 22918374,
  },
  { name: "/ecs/orders-service", created: 1711929600000, retention: 90, metric: 3, bytes: 31877265410 },
  { name: "/security/cloudtrail", created: 1698796800000, retention: 365, metric: 6, bytes: 88123940217 },
].map((g) => ({
  logGroupName: g.name,
  creationTime: g.created,
  retentionInDays: g.retention,
  metricFilterCount: g.metric,
  arn: `${arn(g.name)}:*`,
  storedBytes: g.bytes,
  logGroupClass: "STANDARD",
  logGroupArn: arn(g.name),
}));

const CHECKOUT_STREAMS = [
  "2026/12/07/[$LATEST]9f2c41d7be0a4c7e8d1f36a5b2e07c94",
  "2026/12/07/[$LATEST]41aa7c0e93d84b2f9e6c5d1078b3fa26",
  "2026/12/07/[$LATEST]c7d2e8a1f4b64e09a3c5b7d9e1f20a83",
];

const ORDERS_STREAM = "orders-service/app/2c7e1f0b9a8d4c36b5e2f1a0d9c8b7e6";

function checkoutEvents() {
  const lines = [
    "START RequestId: 3f1d2c4b-8a9e-4f70-b6c5-2d1e0f9a8b7c Version: $LATEST",
    '{"level":"info","msg":"checkout started","cartId":"cart_8842","items":3,"requestId":"3f1d2c4b-8a9e-4f70-b6c5-2d1e0f9a8b7c"}',
    '{"level":"warn","msg":"inventory reservation slow","sku":"SKU-20931","latencyMs":2184}',
    '{"level":"error","msg":"payment authorization failed","provider":"adyen","resultCode":"Refused","refusalReason":"CVC Declined","cartId":"cart_8842"}',
    "END RequestId: 3f1d2c4b-8a9e-4f70-b6c5-2d1e0f9a8b7c",
    "REPORT RequestId: 3f1d2c4b-8a9e-4f70-b6c5-2d1e0f9a8b7c\tDuration: 2391.42 ms\tBilled Duration: 2392 ms\tMemory Size: 512 MB\tMax Memory Used: 187 MB",
    "START RequestId: 9b8a7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d Version: $LATEST",
    '{"level":"info","msg":"checkout completed","cartId":"cart_8847","orderId":"ord_5521093","amount":129.9,"currency":"EUR"}',
    "END RequestId: 9b8a7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d",
    "REPORT RequestId: 9b8a7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d\tDuration: 412.07 ms\tBilled Duration: 413 ms\tMemory Size: 512 MB\tMax Memory Used: 191 MB",
  ];
  return lines.map((message, i) => ({
    timestamp: T0 + 41_000 + i * 230,
    message,
    ingestionTime: T0 + 41_000 + i * 230 + 611,
  }));
}

const ORDERS_ERRORS = [
  {
    stream: ORDERS_STREAM,
    offset: 62_000,
    message:
      "2026-12-07T15:01:02.114Z ERROR [orders-service,7f3a9c21] o.n.orders.OrderController - PUT /orders/ord_5520977/status failed: org.postgresql.util.PSQLException: ERROR: deadlock detected",
  },
  {
    stream: ORDERS_STREAM,
    offset: 188_500,
    message:
      "2026-12-07T15:03:08.512Z ERROR [orders-service,a91c0e44] o.n.orders.ShippingClient - POST https://api.shipfleet.example/v2/labels -> 503 Service Unavailable (attempt 3/3)",
  },
  {
    stream: "orders-service/app/8b1d3e5f7a9c4b2d6e8f0a1c3e5b7d9f",
    offset: 1_244_000,
    message:
      "2026-12-07T15:20:44.003Z ERROR [orders-service,0c4d2e19] o.n.orders.RefundJob - java.lang.IllegalStateException: refund ref_77120 already settled\n\tat com.northwind.orders.RefundJob.run(RefundJob.java:88)",
  },
];

const FAILED_LOGINS = [
  {
    stream: `${AWS_ACCOUNT}_CloudTrail_${AWS_REGION}`,
    offset: 512_000,
    record: {
      eventVersion: "1.09",
      userIdentity: {
        type: "IAMUser",
        principalId: "AIDAWD4R7NQ2J6K3M1P0Q",
        accountId: AWS_ACCOUNT,
        userName: "m.keller",
      },
      eventTime: "2026-12-07T15:08:32Z",
      eventSource: "signin.amazonaws.com",
      eventName: "ConsoleLogin",
      awsRegion: AWS_REGION,
      sourceIPAddress: "185.220.101.47",
      userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
      errorMessage: "Failed authentication",
      responseElements: { ConsoleLogin: "Failure" },
      additionalEventData: {
        LoginTo: "https://console.aws.amazon.com/console/home",
        MobileVersion: "No",
        MFAUsed: "No",
      },
      eventID: "d3b1f0a2-7c4e-4b9a-8e61-2f5c0d9a7b13",
      eventType: "AwsConsoleSignIn",
      recipientAccountId: AWS_ACCOUNT,
    },
  },
  {
    stream: `${AWS_ACCOUNT}_CloudTrail_${AWS_REGION}`,
    offset: 519_700,
    record: {
      eventVersion: "1.09",
      userIdentity: {
        type: "IAMUser",
        principalId: "AIDAWD4R7NQ2J6K3M1P0Q",
        accountId: AWS_ACCOUNT,
        userName: "m.keller",
      },
      eventTime: "2026-12-07T15:08:39Z",
      eventSource: "signin.amazonaws.com",
      eventName: "ConsoleLogin",
      awsRegion: AWS_REGION,
      sourceIPAddress: "185.220.101.47",
      userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
      errorMessage: "Failed authentication",
      responseElements: { ConsoleLogin: "Failure" },
      additionalEventData: {
        LoginTo: "https://console.aws.amazon.com/console/home",
        MobileVersion: "No",
        MFAUsed: "No",
      },
      eventID: "8a0e6c2d-1f3b-4d5a-9c7e-6b4a2d0f8e19",
      eventType: "AwsConsoleSignIn",
      recipientAccountId: AWS_ACCOUNT,
    },
  },
];

function filteredEvents(events: { stream: string; offset: number; message: string }[]) {
  return events.map((e, i) => ({
    logStreamName: e.stream,
    timestamp: T0 + e.offset,
    message: e.message,
    ingestionTime: T0 + e.offset + 904,
    eventId: `3838${(T0 + e.offset).toString()}${i}0000000000000000000000000000000000000`.slice(0, 56),
  }));
}

const ERRORS_QUERY_RESULTS = [
  ["2026-12-07 15:00:00.000", "14"],
  ["2026-12-07 15:05:00.000", "9"],
  ["2026-12-07 15:10:00.000", "31"],
  ["2026-12-07 15:15:00.000", "6"],
].map(([bin, count]) => [
  { field: "bin(5m)", value: bin },
  { field: "count(*)", value: count },
]);

const queries = new Map<string, { queryString: string; logGroupName: string; kind: "errors" | "none" }>();
let queryCounter = 0;

// ---------------------------------------------------------------------------------------------------------------

function accessKeyOf(req: http.IncomingMessage): string | undefined {
  const auth = req.headers.authorization ?? "";
  return /Credential=([A-Z0-9]+)\//.exec(auth)?.[1];
}

function groupExists(name: unknown) {
  return LOG_GROUPS.some((g) => g.logGroupName === name);
}

const GROUP_NOT_FOUND = "The specified log group does not exist.";

/** The awsJson1_1 handler for CloudWatch Logs. */
function cloudWatchLogs(req: http.IncomingMessage, _url: URL, body: string, res: http.ServerResponse) {
  const target = String(req.headers["x-amz-target"] ?? "");
  const operation = target.replace(/^Logs_20140328\./, "");
  const attempt = String(req.headers["amz-sdk-request"] ?? "");
  seen.push(`${req.method} ${operation} [${attempt}] ${body.slice(0, 300)}`);

  if (state.cwlSlow) return later(15000, () => awsJson(res, 200, { events: [], searchedLogStreams: [] }));
  if (state.cwlBadGateway) {
    // What an AWS Application Load Balancer answers when its target fails (the VPC's egress proxy path).
    return text(
      res,
      502,
      "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n</body>\r\n</html>\r\n",
      "text/html",
      { server: "awselb/2.0" },
    );
  }

  const key = accessKeyOf(req);
  if (key === CWL_EXPIRED_KEY) {
    return awsError(
      res,
      400,
      "ExpiredTokenException",
      "The security token included in the request is expired",
    );
  }
  if (key !== CWL_ACCESS_KEY) {
    return awsError(
      res,
      400,
      "UnrecognizedClientException",
      "The security token included in the request is invalid.",
    );
  }
  if (state.cwlThrottled) return awsError(res, 400, "ThrottlingException", "Rate exceeded");
  if (state.cwlUnavailable) {
    return awsError(res, 500, "ServiceUnavailableException", "The service cannot complete the request.");
  }

  let input: Record<string, unknown>;
  try {
    input = JSON.parse(body || "{}") as Record<string, unknown>;
  } catch {
    return awsError(
      res,
      400,
      "SerializationException",
      "Start of structure or map found where not expected.",
    );
  }

  switch (operation) {
    case "DescribeLogGroups": {
      const prefix = typeof input.logGroupNamePrefix === "string" ? input.logGroupNamePrefix : "";
      return awsJson(res, 200, { logGroups: LOG_GROUPS.filter((g) => g.logGroupName.startsWith(prefix)) });
    }
    case "DescribeLogStreams": {
      if (!groupExists(input.logGroupName))
        return awsError(res, 400, "ResourceNotFoundException", GROUP_NOT_FOUND);
      const streams =
        input.logGroupName === "/aws/lambda/checkout-api"
          ? CHECKOUT_STREAMS.map((name, i) => ({
              logStreamName: name,
              creationTime: T0 - 3_600_000 + i * 600_000,
              firstEventTimestamp: T0 - 3_590_000 + i * 600_000,
              lastEventTimestamp: T0 + 43_300 - i * 900_000,
              lastIngestionTime: T0 + 43_911 - i * 900_000,
              uploadSequenceToken: `4963${i}21873519038475019283746510928374651092837465109283`,
              arn: `${arn("/aws/lambda/checkout-api")}:log-stream:${name}`,
              storedBytes: 0,
            }))
          : [];
      const limit = typeof input.limit === "number" ? input.limit : 50;
      return awsJson(res, 200, { logStreams: streams.slice(0, limit) });
    }
    case "GetLogEvents": {
      if (!groupExists(input.logGroupName))
        return awsError(res, 400, "ResourceNotFoundException", GROUP_NOT_FOUND);
      if (
        input.logGroupName !== "/aws/lambda/checkout-api" ||
        !CHECKOUT_STREAMS.includes(String(input.logStreamName))
      ) {
        return awsError(res, 400, "ResourceNotFoundException", "The specified log stream does not exist.");
      }
      const events = input.logStreamName === CHECKOUT_STREAMS[0] ? checkoutEvents() : [];
      const limit = typeof input.limit === "number" ? input.limit : 10000;
      return awsJson(res, 200, {
        events: events.slice(-limit),
        nextForwardToken: "f/39412775230104917237845729103847561029384756102938475610/s",
        nextBackwardToken: "b/39412775171982737812993847561029384756102938475610293847/s",
      });
    }
    case "FilterLogEvents": {
      if (!groupExists(input.logGroupName))
        return awsError(res, 400, "ResourceNotFoundException", GROUP_NOT_FOUND);
      const pattern = String(input.filterPattern ?? "");
      if (
        input.logGroupName === "/ecs/orders-service" &&
        /ERROR|Exception/.test(pattern) &&
        !/OutOfMemory/.test(pattern)
      ) {
        return awsJson(res, 200, { events: filteredEvents(ORDERS_ERRORS), searchedLogStreams: [] });
      }
      if (input.logGroupName === "/security/cloudtrail" && /ConsoleLogin/.test(pattern)) {
        return awsJson(res, 200, {
          events: filteredEvents(
            FAILED_LOGINS.map((l) => ({
              stream: l.stream,
              offset: l.offset,
              message: JSON.stringify(l.record),
            })),
          ),
          searchedLogStreams: [],
        });
      }
      return awsJson(res, 200, { events: [], searchedLogStreams: [] });
    }
    case "StartQuery": {
      const names = [
        ...(typeof input.logGroupName === "string" ? [input.logGroupName] : []),
        ...(Array.isArray(input.logGroupNames) ? (input.logGroupNames as string[]) : []),
      ];
      const missing = names.find((n) => !groupExists(n));
      if (missing)
        return awsError(res, 400, "ResourceNotFoundException", `Log group '${missing}' does not exist`);
      const queryString = String(input.queryString ?? "");
      const bad = /\bby\s+by\b/.exec(queryString);
      if (bad) {
        const start = bad.index + bad[0].length - 2;
        return awsError(
          res,
          400,
          "MalformedQueryException",
          `unexpected symbol found by at line 1 and position ${start + 1}`,
          {
            queryCompileError: {
              location: { startCharOffset: start, endCharOffset: start + 2 },
              message: "unexpected symbol found by",
            },
          },
        );
      }
      queryCounter += 1;
      const queryId = `${queryCounter === 1 ? "5f1c2a7e" : "b08d4e31"}-3c9a-4e2b-8f61-0d7a9c${queryCounter}e4b2a1`;
      queries.set(queryId, {
        queryString,
        logGroupName: names[0] ?? "",
        kind: /AccessDenied/.test(queryString) ? "none" : "errors",
      });
      return awsJson(res, 200, { queryId });
    }
    case "GetQueryResults": {
      const query = queries.get(String(input.queryId));
      if (!query) return awsError(res, 400, "ResourceNotFoundException", "Query does not exist.");
      if (query.kind === "none") {
        return awsJson(res, 200, {
          queryLanguage: "CWLI",
          results: [],
          statistics: {
            recordsMatched: 0,
            recordsScanned: 1830442,
            bytesScanned: 2117640913,
            logGroupsScanned: 1,
          },
          status: "Complete",
        });
      }
      return awsJson(res, 200, {
        queryLanguage: "CWLI",
        results: ERRORS_QUERY_RESULTS,
        statistics: {
          recordsMatched: 60,
          recordsScanned: 418223,
          bytesScanned: 187660122,
          logGroupsScanned: 2,
        },
        status: "Complete",
      });
    }
    case "DescribeQueries":
      return awsJson(res, 200, {
        queries: [...queries.entries()].map(([queryId, q], i) => ({
          queryLanguage: "CWLI",
          queryId,
          queryString: q.queryString,
          status: "Complete",
          createTime: NOW - 600_000 + i * 60_000,
          logGroupName: q.logGroupName,
        })),
      });
    case "PutLogEvents": {
      if (!groupExists(input.logGroupName))
        return awsError(res, 400, "ResourceNotFoundException", GROUP_NOT_FOUND);
      if (input.logGroupName !== "/ecs/orders-service" || input.logStreamName !== ORDERS_STREAM) {
        return awsError(res, 400, "ResourceNotFoundException", "The specified log stream does not exist.");
      }
      const events = Array.isArray(input.logEvents) ? (input.logEvents as { timestamp: number }[]) : [];
      // Events older than 14 days (or the retention period) are rejected; the rest are accepted.
      const tooOld = events
        .map((e, i) => (e.timestamp < NOW - 14 * 86_400_000 ? i : -1))
        .filter((i) => i >= 0);
      return awsJson(res, 200, {
        nextSequenceToken: "49659274471838217650921383765109283746510928374651092837",
        ...(tooOld.length ? { rejectedLogEventsInfo: { tooOldLogEventEndIndex: Math.max(...tooOld) } } : {}),
      });
    }
    case "CreateLogGroup": {
      const name = String(input.logGroupName ?? "");
      if (!/^[.\-_/#A-Za-z0-9]+$/.test(name)) {
        return awsError(
          res,
          400,
          "InvalidParameterException",
          `1 validation error detected: Value '${name}' at 'logGroupName' failed to satisfy constraint: Member must satisfy regular expression pattern: [\\.\\-_/#A-Za-z0-9]+`,
        );
      }
      if (groupExists(name))
        return awsError(res, 400, "ResourceAlreadyExistsException", "The specified log group already exists");
      return awsJson(res, 200, {});
    }
    case "DeleteLogGroup":
    case "DeleteLogStream":
    case "CreateLogStream": {
      const action = `logs:${operation}`;
      return awsError(
        res,
        400,
        "AccessDeniedException",
        `User: arn:aws:iam::${AWS_ACCOUNT}:user/oncall-logs-agent is not authorized to perform: ${action} on resource: ${arn(String(input.logGroupName ?? ""))}:* because no identity-based policy allows the ${action} action`,
      );
    }
    default:
      unknownRequests.push(`${req.method} ${target}`);
      return awsError(res, 400, "UnknownOperationException", "");
  }
}

export const cloudWatchLogsApi = httpStandin(CWL_PORT, cloudWatchLogs);

// ---------------------------------------------------------------------------------------------------------------
// Datadog Log Management: `GET https://api.datadoghq.com/api/v2/logs/events` (List logs, the Logs API v2), called by
// @i524/datadog-mcp-server through the official @datadog/datadog-api-client (cross-fetch, i.e. node-fetch 2 on
// Node's https module). The client builds https://api.<DD_SITE>; the preload (loopback-preload.mjs) sends its TLS
// connections to this HTTPS stand-in with the same SNI, and the certificate is trusted by NODE_EXTRA_CA_CERTS.

export const DD_PORT = 45801;
export const DD_API_KEY = "8f3c1a9e72b04d6fa5e1c0b9d4a7e2f1";
export const DD_APP_KEY = "b2e7f90c4a1d58e3f6a0c9b7d2e41f85a3c6e9d1";
/** An API key that was revoked in Organization Settings → API Keys. */
export const DD_REVOKED_API_KEY = "0a9e4f1c7b3d52e8a6c1f0d9b8e7a2c4";

export const DD_CERT = `${DATA}/standin-cert.pem`;
export const ddCertificate = (): Certificate => certificate(DATA, ["api.datadoghq.com", "app.datadoghq.com"]);

const ddErrors = (...messages: string[]) => ({ errors: messages });

function ddJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  json(res, status, body, {
    "x-ratelimit-limit": "300",
    "x-ratelimit-period": "3600",
    "x-ratelimit-remaining": "287",
    "x-ratelimit-reset": "1412",
    "x-ratelimit-name": "logs_list_requests",
    ...headers,
  });
}

interface DdLog {
  id: string;
  timestamp: string;
  host: string;
  service: string;
  status: string;
  message: string;
  tags: string[];
  attributes: Record<string, unknown>;
}

const CHECKOUT_ERRORS: DdLog[] = [
  {
    id: "AQAAAZPi7cT2Ak1fYwAAAABBWlBpN2NZUEFBQnFDUWQ2eEJRQUFBQUE",
    timestamp: "2026-12-07T15:01:12.418Z",
    host: "i-0a4f9c2e7d1b83c56",
    service: "checkout-api",
    status: "error",
    message: "payment authorization failed: Refused (CVC Declined) cartId=cart_8842",
    tags: ["env:prod", "team:payments", "version:2026.12.3", "source:nodejs"],
    attributes: {
      http: { status_code: 502, method: "POST", url_details: { path: "/v1/checkout" } },
      duration: 2391000000,
      cartId: "cart_8842",
    },
  },
  {
    id: "AQAAAZPi8Jx9Y4uXrQAAAABBWlBpOEp4OUFBQ2Z3Tm5hV2d4QUFBQUE",
    timestamp: "2026-12-07T15:04:40.102Z",
    host: "i-0a4f9c2e7d1b83c56",
    service: "checkout-api",
    status: "error",
    message: "upstream inventory-svc timed out after 2000ms (SKU-20931)",
    tags: ["env:prod", "team:payments", "version:2026.12.3", "source:nodejs"],
    attributes: {
      http: { status_code: 504, method: "POST", url_details: { path: "/v1/checkout" } },
      duration: 2004000000,
    },
  },
  {
    id: "AQAAAZPi9fQ1n0b3MgAAAABBWlBpOWZRMUFBRFhYc2RiM2dBQUFBQUE",
    timestamp: "2026-12-07T15:10:05.877Z",
    host: "i-07c1e5b9a3d2f4e60",
    service: "checkout-api",
    status: "error",
    message:
      "TypeError: Cannot read properties of undefined (reading 'currency') at buildReceipt (receipt.js:41:22)",
    tags: ["env:prod", "team:payments", "version:2026.12.3", "source:nodejs"],
    attributes: {
      error: {
        kind: "TypeError",
        stack:
          "TypeError: Cannot read properties of undefined (reading 'currency')\n    at buildReceipt (receipt.js:41:22)",
      },
    },
  },
];

const CHECKOUT_ERRORS_PAGE2: DdLog[] = [
  {
    id: "AQAAAZPi_2aLq7nW8AAAAABBWlBpXzJhTEFBQXhVNlJkQUFBQUFBQUE",
    timestamp: "2026-12-07T15:22:31.009Z",
    host: "i-07c1e5b9a3d2f4e60",
    service: "checkout-api",
    status: "error",
    message: "payment authorization failed: Refused (Expired Card) cartId=cart_8901",
    tags: ["env:prod", "team:payments", "version:2026.12.3", "source:nodejs"],
    attributes: {
      http: { status_code: 502, method: "POST", url_details: { path: "/v1/checkout" } },
      cartId: "cart_8901",
    },
  },
];

const FAILED_CONSOLE_LOGINS: DdLog[] = [
  {
    id: "AQAAAZPi8aBc1y2xKwAAAABBWlBpOGFCY0FBQ0xRdkR5T3dBQUFBQUE",
    timestamp: "2026-12-07T15:08:32.000Z",
    host: "signin.amazonaws.com",
    service: "cloudtrail",
    status: "warn",
    message: "ConsoleLogin Failure for IAMUser m.keller from 185.220.101.47 (MFAUsed: No)",
    tags: ["source:cloudtrail", "env:prod", "aws_account:418295307761", "region:us-east-1"],
    attributes: {
      evt: { name: "ConsoleLogin", outcome: "failure", category: "authentication" },
      network: { client: { ip: "185.220.101.47", geoip: { country: { iso_code: "DE" } } } },
      usr: { name: "m.keller" },
      errorMessage: "Failed authentication",
    },
  },
  {
    id: "AQAAAZPi8b7xC3r0VQAAAABBWlBpOGI3eEFBRDJrSm1VdWdBQUFBQUE",
    timestamp: "2026-12-07T15:08:39.000Z",
    host: "signin.amazonaws.com",
    service: "cloudtrail",
    status: "warn",
    message: "ConsoleLogin Failure for IAMUser m.keller from 185.220.101.47 (MFAUsed: No)",
    tags: ["source:cloudtrail", "env:prod", "aws_account:418295307761", "region:us-east-1"],
    attributes: {
      evt: { name: "ConsoleLogin", outcome: "failure", category: "authentication" },
      network: { client: { ip: "185.220.101.47", geoip: { country: { iso_code: "DE" } } } },
      usr: { name: "m.keller" },
      errorMessage: "Failed authentication",
    },
  },
];

const DEADLOCKS: DdLog[] = [
  {
    id: "AQAAAZPi7hZ3mVx1TgAAAABBWlBpN2haM0FBQjlnR1MxVkFBQUFBQUE",
    timestamp: "2026-12-07T15:01:02.114Z",
    host: "ip-10-0-3-17.ec2.internal",
    service: "orders-service",
    status: "error",
    message:
      "PUT /orders/ord_5520977/status failed: org.postgresql.util.PSQLException: ERROR: deadlock detected",
    tags: ["env:prod", "team:orders", "kube_namespace:orders", "source:java"],
    attributes: {
      logger: { name: "o.n.orders.OrderController", thread_name: "http-nio-8080-exec-7" },
      dd: { trace_id: "7f3a9c21" },
    },
  },
];

const WINDOW_SCAN: DdLog[] = [
  {
    id: "AQAAAZPfXc1a9Tq4ZgAAAABBWlBmWGMxYUFBQTBwV1FEV0FBQUFBQUE",
    timestamp: "2026-11-09T03:14:55.310Z",
    host: "ip-10-0-3-17.ec2.internal",
    service: "orders-service",
    status: "error",
    message: "HikariPool-1 - Connection is not available, request timed out after 30000ms.",
    tags: ["env:prod", "team:orders", "source:java"],
    attributes: { logger: { name: "com.zaxxer.hikari.pool.HikariPool" } },
  },
];

function ddEvent(log: DdLog) {
  return {
    attributes: {
      attributes: log.attributes,
      host: log.host,
      message: log.message,
      service: log.service,
      status: log.status,
      tags: log.tags,
      timestamp: log.timestamp,
    },
    id: log.id,
    type: "log",
  };
}

const PAGE2_CURSOR =
  "eyJzdGFydEF0IjoiQVFBQUFaUGk5ZlExbjBiM01nQUFBQUJCV2xCcE9XWlJNVUZCUkZoWWMyUmlNMmRCUVVGQlFVRSJ9";

let ddRequest = 0;
function ddList(
  res: http.ServerResponse,
  logs: DdLog[],
  opts: { after?: string; query: string; status?: string; warnings?: object[] },
) {
  ddRequest += 1;
  const n = ddRequest.toString().padStart(2, "0");
  ddJson(res, 200, {
    data: logs.map(ddEvent),
    ...(opts.after
      ? {
          links: {
            next: `https://api.datadoghq.com/api/v2/logs/events?filter%5Bquery%5D=${encodeURIComponent(opts.query)}&page%5Bcursor%5D=${opts.after}`,
          },
        }
      : {}),
    meta: {
      elapsed: 118 + ddRequest * 7,
      ...(opts.after ? { page: { after: opts.after } } : {}),
      request_id: `pddv1ChZMWW5fRk5xRlQxNjJ${n}bU1JQmJkUEtRIi0KHQ`,
      status: opts.status ?? "done",
      ...(opts.warnings ? { warnings: opts.warnings } : {}),
    },
  });
}

function datadog(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  seen.push(
    `DD ${req.method} ${url.host}${url.pathname}${url.search} key=${String(req.headers["dd-api-key"] ?? "").slice(0, 6)}`,
  );
  if (state.ddSlow) return later(15000, () => ddList(res, [], { query: "" }));
  if (state.ddBadGateway) {
    return text(
      res,
      502,
      "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n</body>\r\n</html>\r\n",
      "text/html",
    );
  }
  if (req.method !== "GET" || url.pathname !== "/api/v2/logs/events") {
    unknownRequests.push(`DD ${req.method} ${url.pathname}`);
    return ddJson(res, 404, ddErrors("Not found"));
  }
  if (req.headers["dd-api-key"] !== DD_API_KEY || req.headers["dd-application-key"] !== DD_APP_KEY) {
    return ddJson(res, 403, ddErrors("Forbidden"));
  }
  // The application key's scopes were narrowed: logs_read_data is gone.
  if (state.ddForbidden) return ddJson(res, 403, ddErrors("Forbidden"));
  if (state.ddRateLimited) {
    return ddJson(res, 429, ddErrors("Too many requests"), {
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset": "23",
    });
  }
  if (state.ddServerError) return ddJson(res, 500, ddErrors("Internal Server Error"));

  const query = url.searchParams.get("filter[query]") ?? "";
  const cursor = url.searchParams.get("page[cursor]");
  const from = url.searchParams.get("filter[from]");
  if ((query.match(/\(/g) ?? []).length !== (query.match(/\)/g) ?? []).length) {
    return ddJson(res, 400, ddErrors("Bad Request"));
  }
  if (/service:checkout-api/.test(query) && /status:error/.test(query)) {
    return cursor === PAGE2_CURSOR
      ? ddList(res, CHECKOUT_ERRORS_PAGE2, { query })
      : ddList(res, CHECKOUT_ERRORS, { query, after: PAGE2_CURSOR });
  }
  if (/@http\.status_code:\[500 TO 599\]/.test(query))
    return ddList(res, CHECKOUT_ERRORS.slice(0, 2), { query });
  if (/source:cloudtrail/.test(query) && /ConsoleLogin/.test(query))
    return ddList(res, FAILED_CONSOLE_LOGINS, { query });
  if (/@usr\.name:m\.keller/.test(query)) return ddList(res, FAILED_CONSOLE_LOGINS, { query });
  if (/deadlock/.test(query)) return ddList(res, DEADLOCKS, { query });
  if (/service:orders-service/.test(query) && from && Date.parse(from) < Date.parse("2026-11-15T00:00:00Z")) {
    // A 30-day scan that ran out of time: what was found so far, with status "timeout".
    return ddList(res, WINDOW_SCAN, { query, status: "timeout" });
  }
  return ddList(res, [], { query });
}

export const datadogApi = tlsStandin(DD_PORT, ddCertificate, datadog);

export const ALL_STANDINS = [cloudWatchLogsApi, datadogApi];

export const ORDERS_LOG_STREAM = ORDERS_STREAM;
export const CHECKOUT_LATEST_STREAM = CHECKOUT_STREAMS[0];
