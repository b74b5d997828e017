// Loopback stand-in for group r43-j.
//
// dataiku-mcp takes the DSS instance's address from DATAIKU_URL and sends the API key as `Authorization: Bearer`, so
// the stand-in is a plain HTTP server on loopback answering DSS's public REST API (`/public/api/…`); nothing is
// proxied and no certificate is needed.
//
// README.md says where each body's shape comes from. `state` is switched by the session's hooks.

import type http from "node:http";
import { clearTimers, httpStandin, json, later, parse, text } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r43-j";

export const DSS_PORT = 45650;

export const DSS_KEY = "dkuaps-7Qm2XvR9tLc4Hn8WpZ3bKf6Ys1Jd5Ge0";
export const DSS_REVOKED_KEY = "dkuaps-2Wn7Bq4Xe9Lr1Tz6Hc3Vm8Pf5Ks0Jy7Da";
export const PROJECT = "CHURN_PIPELINE";

export const state = {
  dssBadGateway: false,
  dssSlowScenario: false,
  dssSlowBuild: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

export const IDS = {
  runningJob: "Build_churn_scores_2026-12-07T16-12-04.331",
  doneJob: "Build_customers_prepared_2026-12-07T02-00-11.804",
  failedJob: "Build_orders_enriched_2026-12-07T02-05-37.116",
  missingJob: "Build_orders_enriched_2026-11-02T02-05-12.640",
  scenario: "NIGHTLY_REFRESH",
  missingScenario: "HOURLY_SYNC",
  scenarioRun: "2026-12-07-16-14-22-918",
};

// DSS answers errors as {errorType, message, detailedMessage}; the Java exception class is the errorType.
function dssError(res: http.ServerResponse, status: number, errorType: string, message: string) {
  return json(res, status, {
    errorType,
    message,
    detailedMessage: `${errorType}: ${message}`,
    detailedMessageHTML: `<span>${errorType}: ${message}</span>`,
    stackTraceStr: `${errorType}: ${message}\n\tat com.dataiku.dip.server.controllers.PublicAPIController.handle(PublicAPIController.java:212)`,
  });
}

const PROJECTS = [
  {
    projectKey: PROJECT,
    name: "Churn pipeline",
    shortDesc: "Nightly churn features and scores for the retention team",
    ownerLogin: "ines.moreau",
    projectStatus: "In production",
    tags: ["retention", "nightly"],
    versionTag: {
      versionNumber: 412,
      lastModifiedOn: 1796609523000,
      lastModifiedBy: { login: "ines.moreau" },
    },
  },
  {
    projectKey: "SUPPLY_FORECAST",
    name: "Supply forecast",
    shortDesc: "Weekly demand forecast per warehouse",
    ownerLogin: "tomas.lindqvist",
    projectStatus: "Sandbox",
    tags: ["forecast"],
  },
  {
    projectKey: "MARKETING_ATTRIBUTION",
    name: "Marketing attribution",
    ownerLogin: "ines.moreau",
    projectStatus: "Draft",
    tags: [],
  },
];

const DATASETS = [
  {
    name: "raw_events",
    type: "S3",
    managed: false,
    projectKey: PROJECT,
    shortDesc: "Clickstream export, one folder per day",
    params: { connection: "s3-datalake", path: "/exports/events/${current_day}" },
    formatType: "csv",
    formatParams: { separator: ",", charset: "utf-8", compress: "gz" },
    schema: {
      columns: [
        { name: "event_id", type: "string" },
        { name: "customer_id", type: "string" },
        { name: "event_type", type: "string" },
        { name: "ts", type: "date" },
      ],
    },
    tags: ["source"],
  },
  {
    name: "customers_prepared",
    type: "Snowflake",
    managed: true,
    projectKey: PROJECT,
    params: {
      connection: "snowflake-analytics",
      table: "CHURN_PIPELINE_customers_prepared",
      schema: "DSS_MANAGED",
    },
    schema: {
      columns: [
        { name: "customer_id", type: "string" },
        { name: "plan", type: "string" },
        { name: "tenure_months", type: "int" },
        { name: "monthly_spend", type: "double" },
        { name: "last_seen", type: "date" },
      ],
    },
    tags: ["prepared"],
  },
  {
    name: "orders_enriched",
    type: "Snowflake",
    managed: true,
    projectKey: PROJECT,
    params: {
      connection: "snowflake-analytics",
      table: "CHURN_PIPELINE_orders_enriched",
      schema: "DSS_MANAGED",
    },
    schema: {
      columns: [
        { name: "order_id", type: "string" },
        { name: "customer_id", type: "string" },
      ],
    },
    tags: [],
  },
  {
    name: "churn_scores",
    type: "Snowflake",
    managed: true,
    projectKey: PROJECT,
    shortDesc: "Scored by the deployed churn model",
    params: {
      connection: "snowflake-analytics",
      table: "CHURN_PIPELINE_churn_scores",
      schema: "DSS_MANAGED",
    },
    schema: {
      columns: [
        { name: "customer_id", type: "string" },
        { name: "churn_probability", type: "double" },
      ],
    },
    tags: ["output"],
  },
];

const PREVIEW_TSV =
  "customer_id\tplan\ttenure_months\tmonthly_spend\tlast_seen\n" +
  "C-100482\tpro\t27\t89.0\t2026-12-05T00:00:00.000Z\n" +
  "C-100517\tstarter\t3\t19.0\t2026-11-19T00:00:00.000Z\n" +
  "C-100533\tpro\t41\t89.0\t2026-12-06T00:00:00.000Z\n" +
  "C-100601\tteam\t12\t249.0\t2026-12-06T00:00:00.000Z\n" +
  "C-100644\tstarter\t8\t19.0\t2026-10-30T00:00:00.000Z\n";

const JOBS = [
  {
    def: { id: IDS.runningJob, name: "Build churn_scores", initiator: "dss-api", type: "RECURSIVE_BUILD" },
    state: "RUNNING",
    startTime: 1796659924331,
  },
  {
    def: {
      id: IDS.failedJob,
      name: "Build orders_enriched",
      initiator: "scenario:NIGHTLY_REFRESH",
      type: "RECURSIVE_BUILD",
    },
    state: "FAILED",
    startTime: 1796608537116,
    endTime: 1796608911402,
  },
  {
    def: {
      id: IDS.doneJob,
      name: "Build customers_prepared",
      initiator: "scenario:NIGHTLY_REFRESH",
      type: "RECURSIVE_BUILD",
    },
    state: "DONE",
    startTime: 1796608211804,
    endTime: 1796608502277,
  },
];

function jobStatus(id: string) {
  if (id === IDS.doneJob) {
    return {
      baseStatus: {
        def: {
          id,
          type: "RECURSIVE_BUILD",
          initiator: "scenario:NIGHTLY_REFRESH",
          outputs: [
            { targetDataset: "customers_prepared", targetDatasetProjectKey: PROJECT, type: "DATASET" },
          ],
        },
        state: "DONE",
        jobStartTime: 1796608211804,
        jobEndTime: 1796608502277,
        activities: {
          compute_customers_prepared_NP: {
            activityId: "compute_customers_prepared_NP",
            recipeName: "compute_customers_prepared",
            state: "DONE",
            totalTime: 286112,
            preparingTime: 1904,
            waitingTime: 0,
            runningTime: 284208,
          },
        },
      },
      globalState: { done: 1, failed: 0, running: 0, total: 1, aborted: 0, notStarted: 0, warning: 0 },
    };
  }
  if (id === IDS.failedJob) {
    return {
      baseStatus: {
        def: {
          id,
          type: "RECURSIVE_BUILD",
          initiator: "scenario:NIGHTLY_REFRESH",
          outputs: [{ targetDataset: "orders_enriched", targetDatasetProjectKey: PROJECT, type: "DATASET" }],
        },
        state: "FAILED",
        jobStartTime: 1796608537116,
        jobEndTime: 1796608911402,
        activities: {
          compute_orders_enriched_NP: {
            activityId: "compute_orders_enriched_NP",
            recipeName: "compute_orders_enriched",
            state: "FAILED",
            totalTime: 374286,
            preparingTime: 2210,
            waitingTime: 0,
            runningTime: 372076,
          },
        },
      },
      globalState: { done: 0, failed: 1, running: 0, total: 1, aborted: 0, notStarted: 0, warning: 0 },
    };
  }
  if (id === IDS.runningJob || id.startsWith("Build_churn_scores_")) {
    return {
      baseStatus: {
        def: {
          id,
          type: "RECURSIVE_BUILD",
          initiator: "dss-api",
          outputs: [{ targetDataset: "churn_scores", targetDatasetProjectKey: PROJECT, type: "DATASET" }],
        },
        state: "RUNNING",
        jobStartTime: 1796659924331,
        activities: {
          compute_customers_prepared_NP: {
            activityId: "compute_customers_prepared_NP",
            recipeName: "compute_customers_prepared",
            state: "DONE",
            totalTime: 91233,
            preparingTime: 1502,
            waitingTime: 0,
            runningTime: 89731,
          },
          score_churn_scores_NP: {
            activityId: "score_churn_scores_NP",
            recipeName: "score_churn_scores",
            state: "RUNNING",
            totalTime: 40120,
            preparingTime: 3011,
            waitingTime: 0,
            runningTime: 37109,
          },
        },
      },
      globalState: { done: 1, failed: 0, running: 1, total: 2, aborted: 0, notStarted: 0, warning: 0 },
    };
  }
  return undefined;
}

const FAILED_JOB_LOG = [
  "[2026/12/07-02:05:37.201] [FRT-41-FlowRunnable] [INFO] [dku.flow.activity] - Run activity compute_orders_enriched_NP",
  "[2026/12/07-02:05:39.412] [FRT-41-FlowRunnable] [INFO] [dku.flow.sql] - Executing SQL recipe on connection snowflake-analytics",
  "[2026/12/07-02:11:48.873] [FRT-41-FlowRunnable] [ERROR] [dku.flow.sql] - SQL execution failed",
  "net.snowflake.client.jdbc.SnowflakeSQLException: SQL compilation error: error line 14 at position 9",
  "invalid identifier 'O.DISCOUNT_CODE'",
  "[2026/12/07-02:11:51.402] [FRT-41-FlowRunnable] [INFO] [dku.flow.activity] - Activity compute_orders_enriched_NP failed",
  "",
].join("\n");

const SCENARIOS = [
  { id: IDS.scenario, name: "Nightly refresh", active: true, projectKey: PROJECT },
  { id: "WEEKLY_RETRAIN", name: "Weekly model retrain", active: false, projectKey: PROJECT },
];

const BAD_GATEWAY =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.24.0</center>\r\n</body>\r\n</html>\r\n";

function dss(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  const p = url.pathname;
  seen.push(`dss ${method} ${p}${url.search} ${body}`.trim());
  const auth = req.headers.authorization;
  if (auth !== `Bearer ${DSS_KEY}`) {
    return dssError(res, 401, "com.dataiku.dip.exceptions.NotAuthenticatedException", "Unknown API Key");
  }
  if (state.dssBadGateway) return text(res, 502, BAD_GATEWAY, "text/html");

  if (method === "GET" && p === "/public/api/projects/") return json(res, 200, PROJECTS);

  let m = /^\/public\/api\/projects\/([^/]+)\/(.*)$/.exec(p);
  if (!m) {
    unknownRequests.push(`${method} ${p}`);
    return dssError(res, 404, "com.dataiku.dip.server.controllers.NotFoundException", "Not found");
  }
  const key = decodeURIComponent(m[1] ?? "");
  const rest = m[2] ?? "";
  if (key !== PROJECT && !PROJECTS.some((x) => x.projectKey === key)) {
    // What DSS answers for a project key that does not exist (or that the key cannot read).
    return dssError(
      res,
      403,
      "com.dataiku.dip.exceptions.UnauthorizedException",
      "Failed to read project permissions",
    );
  }
  if (method === "GET" && rest === "")
    return json(
      res,
      200,
      PROJECTS.find((x) => x.projectKey === key),
    );

  // Datasets
  if (method === "GET" && rest === "datasets/") return json(res, 200, DATASETS);
  m = /^datasets\/([^/]+)(\/schema|\/data\/)?$/.exec(rest);
  if (method === "GET" && m) {
    const name = decodeURIComponent(m[1] ?? "");
    const ds = DATASETS.find((d) => d.name === name);
    if (!ds) {
      return dssError(
        res,
        404,
        "com.dataiku.dip.exceptions.NotFoundException",
        `Dataset ${key}.${name} not found`,
      );
    }
    if (m[2] === "/schema") return json(res, 200, ds.schema);
    if (m[2] === "/data/") {
      if (name === "raw_events") {
        return dssError(
          res,
          500,
          "com.dataiku.dip.exceptions.DataStoreIOException",
          `Root path of the dataset ${key}.raw_events does not exist: s3://acme-datalake/exports/events/2026-12-07`,
        );
      }
      if (name === "customers_prepared") return text(res, 200, PREVIEW_TSV, "text/tab-separated-values");
      return text(res, 200, "", "text/tab-separated-values");
    }
    return json(res, 200, ds);
  }

  // Jobs
  if (method === "GET" && rest === "jobs/") return json(res, 200, JOBS);
  if (method === "POST" && rest === "jobs/") {
    const b = parse(body) as { outputs?: { id?: string }[] };
    const target = b.outputs?.[0]?.id ?? "dataset";
    const respond = () => json(res, 200, { projectKey: key, id: `Build_${target}_2026-12-07T16-21-40.507` });
    if (state.dssSlowBuild) return later(12_000, respond);
    return respond();
  }
  m = /^jobs\/([^/]+)\/(log\/|abort\/)?$/.exec(rest);
  if (m) {
    const id = decodeURIComponent(m[1] ?? "");
    const status = jobStatus(id);
    if (!status) {
      return dssError(res, 404, "com.dataiku.dip.exceptions.NotFoundException", `Job ${key}.${id} not found`);
    }
    if (method === "GET" && m[2] === "log/") {
      return text(res, 200, id === IDS.failedJob ? FAILED_JOB_LOG : "", "text/plain");
    }
    if (method === "POST" && m[2] === "abort/") return json(res, 200, {});
    if (method === "GET" && !m[2]) return json(res, 200, status);
  }

  // Scenarios
  if (method === "GET" && rest === "scenarios/") return json(res, 200, SCENARIOS);
  m = /^scenarios\/([^/]+)\/(run\/|light\/)?$/.exec(rest);
  if (m) {
    const id = decodeURIComponent(m[1] ?? "");
    const sc = SCENARIOS.find((s) => s.id === id);
    if (!sc) {
      return dssError(
        res,
        404,
        "com.dataiku.dip.exceptions.NotFoundException",
        `Scenario ${key}.${id} not found`,
      );
    }
    if (method === "POST" && m[2] === "run/") {
      const respond = () =>
        json(res, 200, {
          id: IDS.scenarioRun,
          scenarioId: id,
          projectKey: key,
          trigger: { type: "manual", name: "API run" },
          runId: IDS.scenarioRun,
        });
      if (state.dssSlowScenario) return later(15_000, respond);
      return respond();
    }
    if (method === "GET" && m[2] === "light/") {
      return json(res, 200, {
        id,
        name: sc.name,
        projectKey: key,
        active: sc.active,
        running: false,
        nextRun: 1796695200000,
        lastRun: {
          runId: "2026-12-07-02-00-00-104",
          outcome: "FAILED",
          start: 1796608800104,
          end: 1796609712377,
          trigger: { type: "temporal", name: "Every day at 02:00" },
        },
      });
    }
  }

  // Variables
  if (method === "GET" && rest === "variables/") {
    return json(res, 200, {
      standard: { scoring_threshold: 0.62, lookback_days: 90, snowflake_warehouse: "ANALYTICS_M" },
      local: { alert_email: "retention-data@acme.example" },
    });
  }

  unknownRequests.push(`${method} ${p}`);
  return dssError(res, 404, "com.dataiku.dip.server.controllers.NotFoundException", "Not found");
}

export const dssStandin = httpStandin(DSS_PORT, dss);

export const ALL_STANDINS = [dssStandin];
