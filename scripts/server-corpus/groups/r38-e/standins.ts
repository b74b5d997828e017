// Loopback stand-in for group r38-e, answering with the Heroku Platform API's bodies (README.md says where each comes
// from and which wordings were written for the capture):
// - The Heroku Platform API (`https://api.heroku.com`, `Accept: application/vnd.heroku+json; version=3`, resources
//   as JSON, errors as `{id, message, url?}`) for @heroku/mcp-server, which drives the Heroku CLI (`heroku repl`, the
//   CLI installed from npm in this group's node_modules). The CLI's own API-address setting (`HEROKU_HOST`, which it
//   accepts for 127.0.0.1) points it at a plain HTTP server on 43850.
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import { httpStandin, json, later, text } from "../../standin-kit.js";
import { clearTimers } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r38-e";

export const HEROKU_API_PORT = 43850;

export const API_KEY = "HRKU-AAc9Yb7xPq2LmN4rT8vW1zK3sD6fG0hJ5kE_2wQ9uVxYzAbCdEf";

export const state = {
  invalidToken: false,
  rateLimited: false,
  serverError: false,
  badGateway: false,
  unavailable: false,
  slow: false,
  slower: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

// ── Heroku Platform API ──────────────────────────────────────────────────────────────────────────────────────────────

const HEADERS = {
  "content-type": "application/json",
  "ratelimit-remaining": "4387",
  "request-id": "7f2c1e0a-5b3d-4c9e-8a61-2d4f6b8e0c13",
};

const OWNER = { email: "dana@acme-robotics.io", id: "0f1e2d3c-4b5a-4697-8887-a9b0c1d2e3f4" };
const TEAM = { id: "5c1a7e93-2b4d-4f80-9e36-1d8b0a6c4e72", name: "acme-platform" };

function app(name: string, id: string, region: string, created: string, team: typeof TEAM | null) {
  return {
    acm: false,
    archived_at: null,
    build_stack: { id: "e1c0e7d8-3a4f-4b5c-9d6e-7f8a9b0c1d2e", name: "heroku-24" },
    buildpack_provided_description: "Node.js",
    created_at: created,
    generation: { id: "a6d7b8c9-0e1f-4a2b-8c3d-4e5f6a7b8c9d", name: "cedar" },
    git_url: `https://git.heroku.com/${name}.git`,
    id,
    internal_routing: null,
    maintenance: false,
    name,
    owner: team ? { email: `${team.name}@herokumanager.com`, id: team.id } : OWNER,
    organization: team,
    team,
    region: {
      id: region === "eu" ? "ed30241c-ed8c-4bb6-9714-61953675d0b4" : "59accabd-516d-4f0e-83e6-6e3757701145",
      name: region,
    },
    released_at: "2025-06-02T09:14:07Z",
    repo_size: null,
    slug_size: 48213504,
    space: null,
    stack: { id: "e1c0e7d8-3a4f-4b5c-9d6e-7f8a9b0c1d2e", name: "heroku-24" },
    updated_at: "2025-06-02T09:14:07Z",
    web_url: `https://${name}-3f9c1a2b7d4e.herokuapp.com/`,
  };
}

const APPS = {
  "acme-api": app("acme-api", "3b9d1f2a-6c4e-4a8b-b0d1-2e3f4a5b6c7d", "us", "2024-11-18T15:02:41Z", null),
  "acme-worker": app(
    "acme-worker",
    "8e7d6c5b-4a39-4281-9f0e-1d2c3b4a5968",
    "eu",
    "2025-01-07T10:21:09Z",
    null,
  ),
};

const POSTGRES = {
  actions: [],
  addon_service: { id: "6c67493d-8fc2-4cd4-9161-4f1ec11cbe69", name: "heroku-postgresql" },
  app: { id: APPS["acme-api"].id, name: "acme-api" },
  billed_price: { cents: 500, contract: false, unit: "month" },
  billing_entity: { id: APPS["acme-api"].id, name: "acme-api", type: "app" },
  config_vars: ["DATABASE_URL"],
  created_at: "2024-11-18T15:05:12Z",
  id: "b4c3d2e1-f0a9-4876-8543-21fedcba9876",
  name: "postgresql-curved-48213",
  plan: {
    id: "062a1cc7-f79f-404c-9f91-135f70175577",
    name: "heroku-postgresql:essential-0",
    price: { cents: 500, contract: false, unit: "month" },
  },
  provider_id: "resource84213@heroku.com",
  state: "provisioned",
  updated_at: "2024-11-18T15:06:40Z",
  web_url: "https://addons-sso.heroku.com/apps/acme-api/addons/b4c3d2e1-f0a9-4876-8543-21fedcba9876",
};

const ADDONS = [POSTGRES];

const ATTACHMENTS = [
  {
    addon: { id: POSTGRES.id, name: POSTGRES.name, app: { id: APPS["acme-api"].id, name: "acme-api" } },
    app: { id: APPS["acme-api"].id, name: "acme-api" },
    created_at: "2024-11-18T15:05:12Z",
    id: "c5d4e3f2-a1b0-4987-9654-32fedcba0987",
    name: "DATABASE",
    namespace: null,
    updated_at: "2024-11-18T15:05:12Z",
    web_url: POSTGRES.web_url,
  },
];

function dyno(name: string, type: string, command: string, size: string, state: string, updated: string) {
  return {
    attach_url: null,
    command,
    created_at: updated,
    id: `d${name.replace(/\W/g, "")}-7a1b-4c2d-8e3f-9a0b1c2d3e4f`,
    name,
    release: { id: "a9b8c7d6-e5f4-4321-8fed-cba987654321", version: 42 },
    app: { id: APPS["acme-api"].id, name: "acme-api" },
    size,
    state,
    type,
    updated_at: updated,
  };
}

const DYNOS = [
  dyno("web.1", "web", "npm start", "Basic", "up", "2025-06-02T09:15:30Z"),
  dyno("web.2", "web", "npm start", "Basic", "up", "2025-06-02T09:15:33Z"),
  dyno("worker.1", "worker", "node worker.js", "Basic", "crashed", "2025-06-02T11:48:02Z"),
];

const FORMATION = [
  {
    command: "npm start",
    quantity: 2,
    size: "Basic",
    type: "web",
    id: "f1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8",
  },
  {
    command: "node worker.js",
    quantity: 1,
    size: "Basic",
    type: "worker",
    id: "f2b3c4d5-e6f7-4081-92a3-b4c5d6e7f8a9",
  },
];

const TEAMS = [
  {
    created_at: "2023-03-14T08:00:00Z",
    credit_card_collections: false,
    default: true,
    enterprise_account: null,
    id: TEAM.id,
    identity_provider: null,
    membership_limit: 25,
    name: TEAM.name,
    provisioned_licenses: false,
    role: "member",
    type: "team",
    updated_at: "2025-02-10T12:00:00Z",
  },
  {
    created_at: "2024-07-01T08:00:00Z",
    credit_card_collections: false,
    default: false,
    enterprise_account: null,
    id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
    name: "acme-data",
    provisioned_licenses: false,
    role: "viewer",
    type: "team",
    updated_at: "2025-02-10T12:00:00Z",
  },
];

const PLANS = [
  {
    compliance: null,
    default: false,
    description: "Heroku Key-Value Store Mini",
    human_name: "Mini",
    id: "6d2f0d4a-3d31-4e40-8f4a-2c1bd3f2c1aa",
    installable_inside_private_space: false,
    installable_outside_private_space: true,
    name: "heroku-redis:mini",
    price: { cents: 300, contract: false, unit: "month" },
    space_default: false,
    state: "ga",
    visible: true,
  },
  {
    compliance: null,
    default: false,
    description: "Heroku Key-Value Store Premium 0",
    human_name: "Premium 0",
    id: "7e3a1e5b-4e42-4f51-9a5b-3d2ce4a3d2bb",
    installable_inside_private_space: false,
    installable_outside_private_space: true,
    name: "heroku-redis:premium-0",
    price: { cents: 1500, contract: false, unit: "month" },
    space_default: false,
    state: "ga",
    visible: true,
  },
];

// Bodies of the Platform API's errors: `{id, message, url?}` (Platform API reference, "Errors").
const apiError = (res: http.ServerResponse, status: number, id: string, message: string, headers = {}) =>
  json(res, status, { id, message }, { ...HEADERS, ...headers });

const notFoundApp = (res: http.ServerResponse) =>
  json(res, 404, { id: "not_found", message: "Couldn't find that app.", resource: "app" }, HEADERS);

// The gateway in front of the API: nginx's standard error page (which front end api.heroku.com has is not sourced).
const nginx502 =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";

function route(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  const p = url.pathname;
  seen.push(`${method} ${p}${url.search} ${body}`.trim());

  if (req.headers.authorization !== `Bearer ${API_KEY}` || state.invalidToken) {
    return apiError(res, 401, "unauthorized", "Invalid credentials provided.");
  }
  if (state.rateLimited) {
    return json(
      res,
      429,
      {
        id: "rate_limit",
        message:
          "Your account reached the API rate limit\nPlease wait a few minutes before making new requests",
        url: "https://devcenter.heroku.com/articles/platform-api-reference#rate-limits",
      },
      { ...HEADERS, "ratelimit-remaining": "0", "retry-after": "60" },
    );
  }
  if (state.serverError) {
    return apiError(res, 500, "internal_server_error", "Internal server error.");
  }
  if (state.badGateway) {
    return text(res, 502, nginx502, "text/html");
  }
  if (state.unavailable) {
    return apiError(res, 503, "unavailable", "API is temporarily unavailable.", { "retry-after": "120" });
  }
  if (state.slow || state.slower) {
    return later(state.slower ? 14_000 : 6_000, () => answer(method, p, url, body, res));
  }
  return answer(method, p, url, body, res);
}

function answer(method: string, p: string, url: URL, body: string, res: http.ServerResponse) {
  const ok = (value: unknown, status = 200) => json(res, status, value, HEADERS);
  const m = /^\/apps\/([^/]+)(\/.*)?$/.exec(p);
  const appName = m?.[1] ? decodeURIComponent(m[1]) : null;
  const rest = m?.[2] ?? "";
  const known = appName ? (APPS as Record<string, ReturnType<typeof app>>)[appName] : undefined;

  if (method === "GET" && p === "/account") {
    return ok({
      allow_tracking: true,
      beta: false,
      created_at: "2021-05-03T14:22:10Z",
      default_team: null,
      delinquent_at: null,
      email: OWNER.email,
      federated: false,
      id: OWNER.id,
      name: "Dana Whitfield",
      suspended_at: null,
      two_factor_authentication: true,
      verified: false,
    });
  }
  if (method === "GET" && p === "/users/~/apps") return ok(Object.values(APPS));
  if (method === "GET" && p === "/apps") return ok(Object.values(APPS));
  if (method === "GET" && /^\/teams\/[^/]+\/apps$/.test(p)) return ok([]);
  if (method === "GET" && p === "/teams") return ok(TEAMS);
  if (method === "GET" && p === "/teams/acme-platform") return ok(TEAMS[0]);
  if (method === "GET" && p === "/addon-attachments") return ok(ATTACHMENTS);
  if (method === "GET" && p === "/spaces") return ok([]);
  if (method === "GET" && p === "/pipelines") return ok([]);
  if (method === "GET" && /^\/addon-services\/heroku-redis\/plans$/.test(p)) return ok(PLANS);

  if (appName && !known) {
    return notFoundApp(res);
  }
  if (appName && known) {
    if (method === "GET" && rest === "") return ok(known);
    if (method === "PATCH" && rest === "") {
      const wanted = String(JSON.parse(body || "{}").name ?? "");
      if (wanted in APPS) return apiError(res, 422, "invalid_params", "Name is already taken");
      if (JSON.parse(body || "{}").maintenance !== undefined) {
        if (appName === "acme-worker") {
          return apiError(res, 403, "forbidden", "You do not have access to the app acme-worker.");
        }
        return ok({ ...known, maintenance: JSON.parse(body).maintenance });
      }
      return ok({ ...known, name: wanted });
    }
    if (method === "GET" && rest === "/dynos") return ok(appName === "acme-api" ? DYNOS : []);
    if (method === "GET" && rest === "/formation") return ok(appName === "acme-api" ? FORMATION : []);
    if (method === "GET" && rest === "/addons") return ok(appName === "acme-api" ? ADDONS : []);
    if (method === "GET" && rest === "/addon-attachments")
      return ok(appName === "acme-api" ? ATTACHMENTS : []);
    if (method === "GET" && rest === "/collaborators") return ok([]);
    if (method === "GET" && rest === "/pipeline-couplings") return notFoundPipelineCoupling(res);
    if (method === "POST" && rest === "/addons") {
      return apiError(
        res,
        402,
        "verification_required",
        "Please verify your account to install this add-on plan (please enter a credit card) For more information, see https://devcenter.heroku.com/categories/billing Verify now at https://heroku.com/verify",
      );
    }
  }
  unknownRequests.push(`${method} ${p}${url.search}`);
  return json(res, 404, { id: "not_found", message: "Not found." }, HEADERS);
}

const notFoundPipelineCoupling = (res: http.ServerResponse) =>
  json(
    res,
    404,
    { id: "not_found", message: "Couldn't find that pipeline coupling.", resource: "pipeline_coupling" },
    HEADERS,
  );

export const herokuApi = httpStandin(HEROKU_API_PORT, route);

export const ALL_STANDINS = [herokuApi];
