// Loopback stand-ins for group r43-e.
//
// @shipeasy/mcp talks to Shipeasy's admin API through the generated client of @shipeasy/openapi. Its base URL and
// credential come from the session file its own installer writes (`$XDG_CONFIG_HOME/shipeasy/config.json`:
// `app_base_url`, `cli_token`, `project_id`), so the admin API is one plain HTTP stand-in. Every request carries
// `X-SDK-Key` (the CLI token) and `X-Project-Id`; mutating tools also need a `.shipeasy` binding file in the server's
// working directory, which `prepare` writes.
//
// README.md says where each body's shape comes from. `state` is switched by the sessions' hooks.

import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import { clearTimers, cloudflare502, httpStandin, json, later, text } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r43-e";

export const SHIPEASY_PORT = 45400;

export const SHIPEASY_PROJECT = "proj_01JD8W3K5Q2M7XR4VN6TB9HC1E";
export const SHIPEASY_TOKEN = "cli_7Hq2Lm9Vx4Rt8Kw3Np6Zb1Yc5Fd0Sg2Jh";

/** The server's working directory: a repository root bound to the project by a `.shipeasy` file. */
export const SHIPEASY_REPO = path.join(DATA, "repo");
export const SHIPEASY_BINDING = path.join(SHIPEASY_REPO, ".shipeasy");
/** XDG_CONFIG_HOME for the server: `shipeasy/config.json` is the session `shipeasy-mcp install` writes. */
export const SHIPEASY_XDG = path.join(DATA, "config");

export function writeShipeasyFiles() {
  fs.mkdirSync(path.join(SHIPEASY_XDG, "shipeasy"), { recursive: true });
  fs.mkdirSync(SHIPEASY_REPO, { recursive: true });
  fs.writeFileSync(
    path.join(SHIPEASY_XDG, "shipeasy", "config.json"),
    JSON.stringify(
      {
        project_id: SHIPEASY_PROJECT,
        cli_token: SHIPEASY_TOKEN,
        api_base_url: `http://127.0.0.1:${SHIPEASY_PORT}`,
        app_base_url: `http://127.0.0.1:${SHIPEASY_PORT}`,
        user_email: "dana.okafor@lumenfold.example",
        created_at: "2026-11-30T09:12:44.000Z",
      },
      null,
      2,
    ) + "\n",
    { mode: 0o600 },
  );
  // The server's once-a-day "newer version" check reads this cache first; a fresh entry keeps it off the network.
  fs.writeFileSync(
    path.join(SHIPEASY_XDG, "shipeasy", "update-check-mcp.json"),
    JSON.stringify({ last_checked: Date.now(), latest: "2.8.0" }),
  );
  bindShipeasy();
}

export function bindShipeasy() {
  fs.writeFileSync(
    SHIPEASY_BINDING,
    JSON.stringify(
      { schema_version: 1, project_id: SHIPEASY_PROJECT, project_name: "lumenfold.app", sdk: "typescript" },
      null,
      2,
    ) + "\n",
  );
}

export function unbindShipeasy() {
  fs.rmSync(SHIPEASY_BINDING, { force: true });
}

export const state = {
  shpRevoked: false,
  shpRateLimited: false,
  shpServerError: false,
  shpBadGateway: false,
  shpSlow: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

// ── Shipeasy admin API ───────────────────────────────────────────────────────────────────────────────────────────────

function shpError(res: http.ServerResponse, status: number, body: Record<string, unknown>, headers = {}) {
  json(res, status, body, headers);
}

const NOT_FOUND = {
  error: "The resource does not exist or is not visible to the caller.",
  code: "NOT_FOUND",
};

const PROJECT = {
  id: SHIPEASY_PROJECT,
  name: "Lumenfold",
  domain: "lumenfold.app",
  ownerEmail: "dana.okafor@lumenfold.example",
  plan: "starter",
  status: "active",
  subscriptionStatus: "active",
  billingInterval: "month",
  currentPeriodEnd: "2026-12-30T00:00:00.000Z",
  trialEndsAt: null,
  cancelAtPeriodEnd: 0,
  moduleTranslations: false,
  moduleConfigs: true,
  moduleGates: true,
  moduleExperiments: true,
  moduleFeedback: false,
  minSampleSize: 100,
  minRuntimeDays: 7,
  defaultPower: 0.8,
  ciConfidence: 0.95,
  defaultAllocationPct: 10000,
  defaultHoldoutBp: 0,
  defaultWinsorizePct: 99,
  defaultMei: 0.02,
  cupedBaselineDays: 14,
  cupedMinOverlap: 0.3,
  cupedMinBaselineUsers: 500,
  msprtTauMeiFactor: 1,
  msprtTauSdFactor: 1,
  srmThreshold: 0.001,
  slug: "lumenfold",
  logo: null,
  defaultEnv: "prod",
  timezone: "Europe/Amsterdam",
  statMethod: "frequentist",
  sigThreshold: "0.05",
  autoRollback: false,
  minSampleDays: 7,
  moduleUser: true,
  moduleEvents: true,
  allowPublicTickets: false,
  stripeSubscriptionId: "sub_1QfT7cLmN2pR4sV6",
  scheduledInterval: null,
  spendLimitEnabled: false,
  spendLimitUsd: null,
  spendAlertEmail: null,
  defaultAssigneePendingApproval: null,
  defaultAssigneeConnectorPendingApproval: null,
  defaultAssigneeOpen: null,
  defaultAssigneeConnectorOpen: null,
  deletedAt: null,
  createdAt: "2026-09-02T14:05:11.000Z",
  updatedAt: "2026-11-30T09:12:44.000Z",
};

interface Gate {
  id: string;
  name: string;
  enabled: boolean;
  type: string;
  rolloutPct: number;
  rules: { attr: string; op: string; value: unknown }[];
  salt: string;
  title: string | null;
  description: string | null;
  folder: string | null;
  groupName: string | null;
  ownerEmail: string | null;
  stack: unknown[] | null;
  updatedAt: string;
  creatorEmail: string | null;
  updaterEmail: string | null;
  version: number;
  createdAt: string | null;
}

const GATES: Gate[] = [
  {
    id: "gate_01JE2Q7M4X9K3R8VT5NB6WC2HD",
    name: "checkout.new-flow",
    enabled: true,
    type: "release",
    rolloutPct: 2500,
    rules: [{ attr: "country", op: "in", value: ["NL", "BE", "DE"] }],
    salt: "c7f3a91e",
    title: "New checkout flow",
    description: "Single-page checkout with saved payment methods. Rolling out to Benelux and DACH first.",
    folder: "checkout",
    groupName: "payments",
    ownerEmail: "ruben.vos@lumenfold.example",
    stack: null,
    updatedAt: "2026-12-04T16:21:09.000Z",
    creatorEmail: "ruben.vos@lumenfold.example",
    updaterEmail: "dana.okafor@lumenfold.example",
    version: 7,
    createdAt: "2026-10-14T08:40:00.000Z",
  },
  {
    id: "gate_01JE5T2H8N6W4K9XR3MB7VC1QP",
    name: "search.semantic",
    enabled: false,
    type: "release",
    rolloutPct: 0,
    rules: [],
    salt: "5b2e0d47",
    title: "Semantic search",
    description: "Vector search behind the search box. Off until the index backfill finishes.",
    folder: "search",
    groupName: "discovery",
    ownerEmail: "mei.lin@lumenfold.example",
    stack: null,
    updatedAt: "2026-11-28T11:03:52.000Z",
    creatorEmail: "mei.lin@lumenfold.example",
    updaterEmail: "mei.lin@lumenfold.example",
    version: 3,
    createdAt: "2026-11-20T09:15:27.000Z",
  },
  {
    id: "gate_01JDZK4R7C2V9M5XH8NT3WB6QF",
    name: "internal.staff-tools",
    enabled: true,
    type: "targeting",
    rolloutPct: 10000,
    rules: [{ attr: "email", op: "ends_with", value: "@lumenfold.example" }],
    salt: "9a1c6f30",
    title: "Staff tools",
    description: null,
    folder: "internal",
    groupName: null,
    ownerEmail: "dana.okafor@lumenfold.example",
    stack: null,
    updatedAt: "2026-10-01T07:59:13.000Z",
    creatorEmail: "dana.okafor@lumenfold.example",
    updaterEmail: "dana.okafor@lumenfold.example",
    version: 1,
    createdAt: "2026-09-03T10:00:00.000Z",
  },
];

const KILLSWITCH = {
  id: "ks_01JE1B8V3Q6N2X9MK4RT7WC5HD",
  name: "payments.providers",
  description: "Per-provider kill switches for the payment step.",
  folder: "payments",
  creatorEmail: "ruben.vos@lumenfold.example",
  createdAt: "2026-10-02T12:30:00.000Z",
  updatedAt: "2026-12-01T18:44:05.000Z",
  envs: {
    dev: { value: false, switches: { stripe: true, adyen: true, mollie: true }, version: 12 },
    staging: { value: false, switches: { stripe: true, adyen: true, mollie: true }, version: 9 },
    prod: { value: false, switches: { stripe: true, adyen: true, mollie: false }, version: 21 },
  },
};

const METRIC_ONBOARDING = {
  name: "onboarding.completed",
  query: "count_users(onboarding_completed)",
  min_effect_of_interest: null,
};

interface Experiment {
  id: string;
  name: string;
  status: string;
  goalMetric: unknown;
  [key: string]: unknown;
}

function experiment(over: Experiment): Experiment {
  return {
    description: null,
    hypothesis: null,
    tag: null,
    ownerEmail: "mei.lin@lumenfold.example",
    audience: null,
    bucketBy: "user_id",
    folder: null,
    targetingGate: null,
    holdoutGate: null,
    reservedHeadroom: 0,
    hashVersion: 2,
    poolOffsetBp: null,
    poolSizeBp: null,
    params: {},
    significanceThreshold: 0.05,
    minRuntimeDays: 7,
    minSampleSize: 100,
    sequentialTesting: false,
    stoppedAt: null,
    version: 4,
    creatorEmail: "mei.lin@lumenfold.example",
    updaterEmail: "mei.lin@lumenfold.example",
    guardrails: [],
    guardrailCount: 0,
    ...over,
  };
}

const EXP_ONBOARDING = experiment({
  id: "exp_01JE3N5X8K2Q7V4RM9TB6WC1HF",
  name: "onboarding-checklist",
  hypothesis: "A five-step checklist on the empty dashboard raises 7-day activation.",
  status: "running",
  universe: "user_id",
  allocationPct: 10000,
  salt: "onb-2611",
  groups: [
    { name: "control", weight: 5000, params: {} },
    { name: "checklist", weight: 5000, params: { show_checklist: true } },
  ],
  startedAt: "2026-11-18T09:00:00.000Z",
  updatedAt: "2026-12-06T02:10:31.000Z",
  verdict: "winning",
  verdictTitle: "checklist is ahead",
  verdictWhy: "onboarding.completed +6.8% (p=0.012) after 18 days; no guardrail regressions.",
  goalMetric: METRIC_ONBOARDING,
  primaryLiftPct: 6.8,
  significancePct: 98.8,
  sampleSize: 18342,
  exposure: [
    { group: "control", n: 9188 },
    { group: "checklist", n: 9154 },
  ],
  exposureTotal: 18342,
});

const EXP_PRICING = experiment({
  id: "exp_01JE6R2M9V4X7K3QN8TB5WC2HJ",
  name: "pricing-page-v3",
  hypothesis: "Annual-first pricing table lifts paid conversions.",
  status: "draft",
  universe: "user_id",
  allocationPct: 5000,
  salt: "prc-v3",
  groups: [
    { name: "control", weight: 5000, params: {} },
    { name: "annual_first", weight: 5000, params: { default_interval: "year" } },
  ],
  startedAt: null,
  updatedAt: "2026-12-05T15:47:20.000Z",
  verdict: "not_started",
  verdictTitle: "Not started",
  verdictWhy: "The experiment is a draft.",
  goalMetric: null,
  primaryLiftPct: null,
  significancePct: null,
  sampleSize: null,
  exposure: [],
  exposureTotal: null,
});

const EXPERIMENTS = [EXP_ONBOARDING, EXP_PRICING];

function resultRow(groupName: string, n: number, mean: number, delta: number | null, p: number | null) {
  return {
    metric: "onboarding.completed",
    groupName,
    ds: "2026-12-06",
    n,
    mean,
    variance: mean * (1 - mean),
    delta,
    deltaPct: delta === null ? null : Math.round((delta / 0.4127) * 1000) / 10,
    ci95Low: delta === null ? null : 0.0061,
    ci95High: delta === null ? null : 0.0501,
    ci99Low: delta === null ? null : -0.0008,
    ci99High: delta === null ? null : 0.057,
    ciLow: delta === null ? null : 0.0061,
    ciHigh: delta === null ? null : 0.0501,
    pValue: p,
    expectedN: 9171,
    realizedMde: 0.021,
    srmPValue: 0.81,
    srmDetected: 0,
    msprtSignificant: null,
    msprtLambda: null,
    isFinal: 0,
    peekWarning: 0,
  };
}

function findGate(id: string) {
  return GATES.find((g) => g.id === id || g.name === id);
}

function findExperiment(id: string) {
  return EXPERIMENTS.find((e) => e.id === id || e.name === id);
}

function shipeasy(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  seen.push(`shipeasy ${method} ${url.pathname}${url.search}`);
  if (state.shpSlow) return later(15000, () => json(res, 200, PROJECT));
  if (state.shpBadGateway) {
    return text(res, 502, cloudflare502("shipeasy.ai", "8f3a6c21bd90e4f7"), "text/html; charset=UTF-8");
  }
  if (state.shpServerError) {
    return shpError(res, 500, { error: "Unexpected server error.", code: "INTERNAL" });
  }
  if (state.shpRevoked || req.headers["x-sdk-key"] !== SHIPEASY_TOKEN) {
    return shpError(res, 401, { error: "Missing or invalid admin SDK key.", code: "UNAUTHORIZED" });
  }
  if (req.headers["x-project-id"] !== SHIPEASY_PROJECT) {
    return shpError(res, 403, {
      error: "Key is valid but not allowed to act on this project.",
      code: "FORBIDDEN",
    });
  }
  if (state.shpRateLimited) {
    return shpError(res, 429, { error: "Too many requests", code: "BAD_REQUEST" }, { "retry-after": "30" });
  }
  const p = url.pathname;
  const input = (() => {
    try {
      return JSON.parse(body || "{}") as Record<string, unknown>;
    } catch {
      return {};
    }
  })();

  if (method === "GET" && p === "/api/admin/projects/current") return json(res, 200, PROJECT);

  if (method === "GET" && p === "/api/admin/gates") {
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    const rows = GATES.filter(
      (g) => !q || [g.name, g.title ?? "", g.description ?? ""].some((s) => s.toLowerCase().includes(q)),
    );
    return json(res, 200, { data: rows, next_cursor: null });
  }
  const gate = /^\/api\/admin\/gates\/([^/]+)(\/enable|\/disable|\/activity)?$/.exec(p);
  if (gate) {
    const found = findGate(decodeURIComponent(gate[1]!));
    if (!found) return shpError(res, 404, NOT_FOUND);
    const tail = gate[2];
    if (method === "GET" && !tail) return json(res, 200, found);
    if (method === "POST" && tail === "/enable") return json(res, 200, { id: found.id, enabled: true });
    if (method === "POST" && tail === "/disable") return json(res, 200, { id: found.id, enabled: false });
    if (method === "GET" && tail === "/activity") {
      return json(res, 200, [
        {
          id: "act_01JEB4K7X2M9Q5VR8NT3WC6HD1",
          action: "update",
          actorEmail: "dana.okafor@lumenfold.example",
          actorType: "user",
          payload: { rolloutPct: { from: 1000, to: 2500 } },
          createdAt: "2026-12-04T16:21:09.000Z",
        },
        {
          id: "act_01JE9R3V6N2X8K4QM7TB5WC1HF",
          action: "update",
          actorEmail: "ruben.vos@lumenfold.example",
          actorType: "user",
          payload: { rules: { added: [{ attr: "country", op: "in", value: ["DE"] }] } },
          createdAt: "2026-11-27T10:02:44.000Z",
        },
        {
          id: "act_01JE2Q7M4X9K3R8VT5NB6WC2HE",
          action: "create",
          actorEmail: "ruben.vos@lumenfold.example",
          actorType: "user",
          payload: { rolloutPct: 500, enabled: true },
          createdAt: "2026-10-14T08:40:00.000Z",
        },
      ]);
    }
    if (method === "PATCH" && !tail) {
      const pct = input.rollout_pct ?? input.rolloutPct;
      if (typeof pct === "number" && (pct < 0 || pct > 10000)) {
        return shpError(res, 422, {
          error: "The request body failed structural (schema) validation.",
          code: "VALIDATION",
          fields: { rollout_pct: "Number must be less than or equal to 10000" },
        });
      }
      return json(res, 200, {
        ...found,
        ...(typeof pct === "number" ? { rolloutPct: pct } : {}),
        version: found.version + 1,
        updatedAt: "2026-12-07T10:15:02.000Z",
        updaterEmail: "dana.okafor@lumenfold.example",
      });
    }
  }

  if (method === "GET" && p === "/api/admin/killswitches") {
    return json(res, 200, { data: [KILLSWITCH], next_cursor: null });
  }
  const ks = /^\/api\/admin\/killswitches\/([^/]+)\/switch$/.exec(p);
  if (ks && method === "PUT") {
    const id = decodeURIComponent(ks[1]!);
    if (id !== KILLSWITCH.id && id !== KILLSWITCH.name) return shpError(res, 404, NOT_FOUND);
    return json(res, 200, {
      id: KILLSWITCH.id,
      env: input.env,
      switchKey: input.switchKey,
      value: input.value,
    });
  }

  if (method === "GET" && p === "/api/admin/experiments") {
    return json(res, 200, { data: EXPERIMENTS, next_cursor: null });
  }
  const exp = /^\/api\/admin\/experiments\/([^/]+)(\/results|\/status)?$/.exec(p);
  if (exp) {
    const found = findExperiment(decodeURIComponent(exp[1]!));
    if (!found) return shpError(res, 404, NOT_FOUND);
    const tail = exp[2];
    if (method === "GET" && !tail) return json(res, 200, found);
    if (method === "GET" && tail === "/results") {
      if (found.status === "draft") {
        return json(res, 200, {
          experiment: { id: found.id, name: found.name, status: found.status },
          results: [],
          verdict: "not_started",
        });
      }
      return json(res, 200, {
        experiment: { id: found.id, name: found.name, status: found.status },
        results: [
          resultRow("control", 9188, 0.4127, null, null),
          resultRow("checklist", 9154, 0.4408, 0.0281, 0.012),
        ],
        verdict: "winning",
      });
    }
    if (method === "POST" && tail === "/status") {
      const to = input.status;
      if (to === "running" && !found.goalMetric) {
        return shpError(res, 422, {
          error: "The experiment has no goal metric set, which the requested action requires.",
          code: "EXPERIMENT_NO_GOAL_METRIC",
          instructions:
            "Attach a goal metric first (release_experiments_set_metrics with role `goal`, or set `goal_metric` via release_experiments_update), then start the experiment.",
        });
      }
      if (to === "stopped" && found.status !== "running") {
        return shpError(res, 422, {
          error: "The action requires the experiment to be running.",
          code: "EXPERIMENT_NOT_RUNNING",
        });
      }
      return json(res, 200, { id: found.id, status: to });
    }
    if (method === "PATCH" && !tail) {
      if (input.sequential_testing === true && PROJECT.plan !== "premium") {
        return shpError(res, 403, {
          error:
            "The requested feature requires a higher plan tier (e.g. sequential testing, custom alpha, holdout, group count).",
          code: "PLAN_REQUIRED",
          detail: "sequential_testing requires the Premium plan; this project is on Starter.",
        });
      }
      return json(res, 200, { ...found, ...input, updatedAt: "2026-12-07T10:20:44.000Z" });
    }
  }

  unknownRequests.push(`shipeasy ${method} ${p}`);
  return shpError(res, 404, NOT_FOUND);
}

export const shipeasyApi = httpStandin(SHIPEASY_PORT, shipeasy);
export const ALL_STANDINS = [shipeasyApi];
