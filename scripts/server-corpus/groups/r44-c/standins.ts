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
import { clearTimers, httpStandin, json, later, text } from "../../standin-kit.js";

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

export const ALL_STANDINS = [cloudWatchLogsApi];

export const ORDERS_LOG_STREAM = ORDERS_STREAM;
export const CHECKOUT_LATEST_STREAM = CHECKOUT_STREAMS[0];
