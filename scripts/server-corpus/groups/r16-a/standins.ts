// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies
// and error bodies (README.md says where each comes from):
// - Auth0's Management API v2 (`https://<tenant>.us.auth0.com/api/v2/...`) for @auth0/auth0-mcp-server, whose
//   host is its AUTH0_DOMAIN: reached through a loopback forward proxy (standin-kit's `forwardProxy`);
// - a Keycloak server (the `master` realm's token endpoint and the admin REST API under `/admin/realms`) for
//   keycloak-mcp, on a plain loopback port named by KEYCLOAK_URL, as a self-hosted Keycloak is;
// - a Bitwarden server's identity (`/identity/connect/token`) and organization Public API (`/api/public/...`) for
//   @bitwarden/mcp-server, on a plain loopback port named by BW_IDENTITY_URL and BW_API_BASE_URL, as a
//   self-hosted Bitwarden is;
// - Didit's verification API v3 (`/v3/...`, `x-api-key`) for @didit-protocol/mcp-server, on a plain loopback
//   port named by DIDIT_API_BASE_URL.
//
// Each service has its own listener, so stopping one refuses connections for that server alone. `state` is
// switched by the sessions' hooks (a revoked token, a rate limit, an outage, …).

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
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r16-a";
export const CERT = path.join(DATA, "standin-cert.pem");

export const AUTH0_PROXY_PORT = 40300;
export const KEYCLOAK_PORT = 40301;
export const BITWARDEN_PORT = 40302;
export const DIDIT_PORT = 40303;

export const AUTH0_DOMAIN = "acme-retail.us.auth0.com";
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
/** A Management API token shaped like Auth0's (RS256 JWT, expiring in 2100; the signature is not checked). */
export const AUTH0_TOKEN = [
  b64({ alg: "RS256", typ: "JWT", kid: "hT3kQ0xw7m2VbN9cRr1sP" }),
  b64({
    iss: `https://${AUTH0_DOMAIN}/`,
    sub: "Fq8vP2kLm9XcR4tWz7bN1yHs3dJ6eA0u@clients",
    aud: `https://${AUTH0_DOMAIN}/api/v2/`,
    iat: 1765000000,
    exp: 4102444800,
    scope:
      "read:clients create:clients read:resource_servers create:resource_servers read:actions read:logs read:forms",
    gty: "client-credentials",
    azp: "Fq8vP2kLm9XcR4tWz7bN1yHs3dJ6eA0u",
  }),
  "c3RhbmQtaW4tc2lnbmF0dXJl",
].join(".");

export const KEYCLOAK_ADMIN = "admin";
export const KEYCLOAK_PASSWORD = "S3cure-admin-pass";
export const BW_CLIENT_ID = "organization.5b1f3c2e-8d4a-4f6b-9e7c-a1b2c3d4e5f6";
export const BW_CLIENT_SECRET = "Yc2m9QkP4xT7wV1nR8sL3dF6hJ0gB5";
export const BW_REVOKED_SECRET = "Zr7u2NcX9kQ4mW6pT1yH8vL3sD5fG0";
export const DIDIT_API_KEY = "dk_live_7Qm2xV9pR4tK8wN3cZ6bH1sJ5yL0fA";

export const state = {
  a0TokenExpired: false,
  a0InsufficientScope: false,
  /** Answers 429 to the next two Management API requests, then normally (the SDK retries 429). */
  a0RateLimitedTwice: false,
  a0ServerError: false,
  a0Unavailable: false,
  kcBadPassword: false,
  kcForbidden: false,
  kcUnavailable: false,
  kcServerError: false,
  bwRateLimited: false,
  bwServerError: false,
  bwBadGateway: false,
  bwSeatLimit: false,
  diRevokedKey: false,
  diThrottled: false,
  diServerError: false,
  diBadGateway: false,
  diBillingSuspended: false,
};

let a0Throttled = 0;

let cert: Certificate | undefined;
export function ensureCertificate(): Certificate {
  cert ??= certificate(DATA, [AUTH0_DOMAIN]);
  return cert;
}

// ------------------------------------------------------------------------------------------- pages

const CLOUDFLARE_502 = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>cloudflare</center>
</body>
</html>`;

const NGINX_503 = `<html>
<head><title>503 Service Temporarily Unavailable</title></head>
<body>
<center><h1>503 Service Temporarily Unavailable</h1></center>
<hr><center>nginx</center>
</body>
</html>`;

const DJANGO_500 = `
<!doctype html>
<html lang="en">
<head>
  <title>Server Error (500)</title>
</head>
<body>
  <h1>Server Error (500)</h1><p></p>
</body>
</html>
`;

// ------------------------------------------------------------------------------------------- Auth0

const A0_APPS = [
  {
    client_id: "Xk2pL9mQ4vR7tW1nZ8cB3sD6fH0jG5aY",
    name: "Storefront SPA",
    description: "Customer-facing web shop",
    app_type: "spa",
    is_first_party: true,
    oidc_conformant: true,
    callbacks: ["https://shop.acme-retail.example/callback"],
    allowed_origins: ["https://shop.acme-retail.example"],
    web_origins: ["https://shop.acme-retail.example"],
    allowed_logout_urls: ["https://shop.acme-retail.example"],
    grant_types: ["authorization_code", "implicit", "refresh_token"],
    token_endpoint_auth_method: "none",
    jwt_configuration: { alg: "RS256", lifetime_in_seconds: 36000, secret_encoded: false },
    signing_keys: [{ cert: "[REDACTED]", pkcs7: "[REDACTED]", subject: "deprecated" }],
    tenant: "acme-retail",
    callback_url_template: false,
    custom_login_page_on: true,
    sso_disabled: false,
    cross_origin_authentication: false,
  },
  {
    client_id: "Fq8vP2kLm9XcR4tWz7bN1yHs3dJ6eA0u",
    name: "Order Sync Worker",
    description: "M2M client for the order sync job",
    app_type: "non_interactive",
    is_first_party: true,
    oidc_conformant: true,
    callbacks: [],
    grant_types: ["client_credentials"],
    token_endpoint_auth_method: "client_secret_post",
    client_secret: "kQ7nX2vB9mL4pR8tW1zC6sD3fH5jG0aYqE2uI9oP7lK4",
    jwt_configuration: { alg: "RS256", lifetime_in_seconds: 36000, secret_encoded: false },
    tenant: "acme-retail",
  },
  {
    client_id: "Mn4bV7cX1zL8kJ5hG2fD9sA6pO3iU0yT",
    name: "Store Manager iOS",
    description: "-",
    app_type: "native",
    is_first_party: true,
    oidc_conformant: true,
    callbacks: ["com.acmeretail.manager://acme-retail.us.auth0.com/ios/com.acmeretail.manager/callback"],
    grant_types: ["authorization_code", "refresh_token"],
    token_endpoint_auth_method: "none",
    tenant: "acme-retail",
  },
];

const A0_APIS = [
  {
    id: "6759f1c2a8b4d3e2f1a0b9c8",
    name: "Auth0 Management API",
    identifier: `https://${AUTH0_DOMAIN}/api/v2/`,
    is_system: true,
    allow_offline_access: false,
    skip_consent_for_verifiable_first_party_clients: false,
    token_lifetime: 86400,
    token_lifetime_for_web: 7200,
    signing_alg: "RS256",
  },
  {
    id: "6759f3a7c1d2e4f5a6b7c8d9",
    name: "Orders API",
    identifier: "https://api.acme-retail.example/orders",
    allow_offline_access: true,
    skip_consent_for_verifiable_first_party_clients: true,
    token_lifetime: 86400,
    token_lifetime_for_web: 7200,
    signing_alg: "RS256",
    scopes: [
      { value: "read:orders", description: "Read orders" },
      { value: "write:orders", description: "Create and update orders" },
    ],
    enforce_policies: true,
    token_dialect: "access_token_authz",
  },
];

const A0_ACTIONS = [
  {
    id: "d1f7c2a4-9b3e-4c6d-8a5f-2e1b0c9d8a7f",
    name: "Add roles to ID token",
    supported_triggers: [{ id: "post-login", version: "v3" }],
    code: "exports.onExecutePostLogin = async (event, api) => {\n  api.idToken.setCustomClaim('https://acme-retail.example/roles', event.authorization?.roles ?? []);\n};",
    dependencies: [],
    runtime: "node22",
    status: "built",
    secrets: [],
    all_changes_deployed: true,
    created_at: "2026-09-02T10:14:22.418Z",
    updated_at: "2026-11-28T08:01:55.902Z",
    deployed_version: { id: "a8c2e1f4-3b5d-4e7a-9c6b-1d0f2e3a4b5c", number: 4, status: "built" },
  },
];

const A0_LOGS = [
  {
    log_id: "90020261206150412873000000000000001223372036854775807",
    date: "2026-12-06T15:04:12.873Z",
    type: "f",
    description: "Wrong email or password.",
    connection: "Username-Password-Authentication",
    client_id: "Xk2pL9mQ4vR7tW1nZ8cB3sD6fH0jG5aY",
    client_name: "Storefront SPA",
    ip: "203.0.113.45",
    user_agent: "Chrome 131.0.0 / Mac OS X 10.15.7",
    user_name: "j.doe@example.com",
    strategy: "auth0",
    strategy_type: "database",
  },
  {
    log_id: "90020261206150533114000000000000001223372036854775807",
    date: "2026-12-06T15:05:33.114Z",
    type: "s",
    description: "Successful login",
    connection: "Username-Password-Authentication",
    client_id: "Xk2pL9mQ4vR7tW1nZ8cB3sD6fH0jG5aY",
    client_name: "Storefront SPA",
    ip: "203.0.113.45",
    user_agent: "Chrome 131.0.0 / Mac OS X 10.15.7",
    user_name: "j.doe@example.com",
    user_id: "auth0|6745c2e1a9f04d0008a1b2c3",
  },
];

const a0Error = (
  res: http.ServerResponse,
  status: number,
  error: string,
  message: string,
  errorCode?: string,
  headers: Record<string, string> = {},
) => json(res, status, { statusCode: status, error, message, ...(errorCode ? { errorCode } : {}) }, headers);

function auth0(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const p = url.pathname.replace(/^\/api\/v2/, "");
  const method = req.method ?? "GET";
  if (state.a0TokenExpired)
    return json(res, 401, {
      statusCode: 401,
      error: "Unauthorized",
      message: "Expired token received for JSON Web Token validation",
      attributes: { error: "Expired token received for JSON Web Token validation" },
    });
  if (state.a0InsufficientScope)
    return a0Error(
      res,
      403,
      "Forbidden",
      "Insufficient scope, expected any of: read:logs,read:logs_users",
      "insufficient_scope",
    );
  if (!state.a0RateLimitedTwice) a0Throttled = 0;
  else if (a0Throttled < 2) {
    a0Throttled += 1;
    return a0Error(res, 429, "Too Many Requests", "Global limit has been reached", "too_many_requests", {
      "x-ratelimit-limit": "50",
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset": String(Math.floor(Date.now() / 1000) + 1),
    });
  }
  if (state.a0ServerError) return a0Error(res, 500, "Internal Server Error", "Internal Server Error");
  if (state.a0Unavailable)
    return text(
      res,
      503,
      CLOUDFLARE_502.replace(/502 Bad Gateway/g, "503 Service Temporarily Unavailable"),
      "text/html",
    );

  if (p === "/clients" && method === "GET") {
    const page = Number(url.searchParams.get("page") ?? 0);
    const perPage = Number(url.searchParams.get("per_page") ?? 50);
    const slice = A0_APPS.slice(page * perPage, page * perPage + perPage);
    if (url.searchParams.get("include_totals") === "true")
      return json(res, 200, { total: A0_APPS.length, start: page * perPage, limit: perPage, clients: slice });
    return json(res, 200, slice);
  }
  if (p.startsWith("/clients/") && method === "GET") {
    const id = decodeURIComponent(p.slice("/clients/".length));
    const app = A0_APPS.find((candidate) => candidate.client_id === id);
    if (!app) return a0Error(res, 404, "Not Found", "The client does not exist", "inexistent_client");
    return json(res, 200, app);
  }
  if (p === "/clients" && method === "POST") {
    const input = parse(body);
    const name = String(input.name ?? "");
    if (/[<>]/.test(name))
      return a0Error(
        res,
        400,
        "Bad Request",
        "Payload validation error: 'String does not match pattern ^[^<>]+$' on property name (The name of the client. Must contain at least one character. Does not allow '<' or '>').",
        "invalid_body",
      );
    return json(res, 201, {
      ...input,
      client_id: "Rw3eT6yU9iO2pA5sD8fG1hJ4kL7zX0cV",
      client_secret: "pL0kM9nB8vC7xZ6aS5dF4gH3jK2lQ1wE2rT3yU4iO5pA6sD7f",
      tenant: "acme-retail",
      is_first_party: true,
      oidc_conformant: true,
      jwt_configuration: { alg: "RS256", lifetime_in_seconds: 36000, secret_encoded: false },
      callback_url_template: false,
      custom_login_page_on: true,
    });
  }
  if (p === "/resource-servers" && method === "GET") {
    if (url.searchParams.get("include_totals") === "true")
      return json(res, 200, { total: A0_APIS.length, start: 0, limit: 50, resource_servers: A0_APIS });
    return json(res, 200, A0_APIS);
  }
  if (p.startsWith("/resource-servers/") && method === "GET") {
    const id = decodeURIComponent(p.slice("/resource-servers/".length));
    const api = A0_APIS.find((candidate) => candidate.id === id || candidate.identifier === id);
    if (!api)
      return a0Error(
        res,
        404,
        "Not Found",
        "The resource server does not exist",
        "inexistent_resource_server",
      );
    return json(res, 200, api);
  }
  if (p === "/resource-servers" && method === "POST") {
    const input = parse(body);
    if (A0_APIS.some((api) => api.identifier === input.identifier))
      return a0Error(
        res,
        409,
        "Conflict",
        "A resource server with the same identifier already exists",
        "operation_not_supported",
      );
    return json(res, 201, { id: "675a0b1c2d3e4f5a6b7c8d9e", ...input });
  }
  if (p === "/actions/actions" && method === "GET") {
    const name = url.searchParams.get("actionName");
    const actions = name ? A0_ACTIONS.filter((action) => action.name === name) : A0_ACTIONS;
    return json(res, 200, { actions, total: actions.length, page: 0, per_page: 50 });
  }
  if (p === "/logs" && method === "GET") {
    const q = url.searchParams.get("q") ?? "";
    if (q.includes("slow")) return later(15_000, () => json(res, 200, []));
    const logs = q ? A0_LOGS.filter((log) => q.includes(`type:${log.type}`)) : A0_LOGS;
    if (url.searchParams.get("include_totals") === "true")
      return json(res, 200, { length: logs.length, start: 0, limit: 50, total: logs.length, logs });
    return json(res, 200, logs);
  }
  if (p.startsWith("/logs/") && method === "GET") {
    const id = decodeURIComponent(p.slice("/logs/".length));
    const log = A0_LOGS.find((candidate) => candidate.log_id === id);
    if (!log) return a0Error(res, 404, "Not Found", "log not found");
    return json(res, 200, log);
  }
  if (p === "/forms" && method === "GET") {
    if (url.searchParams.get("include_totals") === "true")
      return json(res, 200, { start: 0, limit: 50, total: 0, forms: [] });
    return json(res, 200, []);
  }
  return a0Error(res, 404, "Not Found", "Not Found");
}

export const auth0Standin = forwardProxy(AUTH0_PROXY_PORT, ensureCertificate, auth0);

// ---------------------------------------------------------------------------------------- Keycloak

const KC_REALMS = [
  { id: "2f1c9e0a-6b7d-4c3e-8a5f-1d2e3f4a5b6c", realm: "master", displayName: "Keycloak", enabled: true },
  { id: "acme", realm: "acme", displayName: "ACME Retail", enabled: true, sslRequired: "external" },
  { id: "staging", realm: "staging", displayName: "ACME staging", enabled: true },
];

const KC_USERS: Record<
  string,
  { id: string; username: string; email: string; firstName: string; lastName: string }[]
> = {
  acme: [
    {
      id: "8c0f1e2d-3b4a-4c5d-9e6f-7a8b9c0d1e2f",
      username: "jdoe",
      email: "j.doe@acme-retail.example",
      firstName: "Jane",
      lastName: "Doe",
    },
    {
      id: "4b5c6d7e-8f9a-4b0c-8d1e-2f3a4b5c6d7e",
      username: "mlopez",
      email: "m.lopez@acme-retail.example",
      firstName: "Miguel",
      lastName: "Lopez",
    },
    {
      id: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
      username: "service-account-order-sync",
      email: "",
      firstName: "",
      lastName: "",
    },
  ],
  staging: [],
  master: [],
  archive: [],
};

const KC_CLIENTS = [
  { id: "5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9", clientId: "storefront", enabled: true, publicClient: true },
  { id: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", clientId: "order-sync", enabled: true, publicClient: false },
  { id: "f0e1d2c3-b4a5-4968-8776-655443322110", clientId: "account", enabled: true, publicClient: true },
];

const KC_ROLES: Record<string, { id: string; name: string; composite: boolean; clientRole: boolean }[]> = {
  "5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9": [
    { id: "c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f", name: "customer", composite: false, clientRole: true },
    { id: "d2e3f4a5-b6c7-4d8e-9f0a-1b2c3d4e5f6a", name: "store-manager", composite: false, clientRole: true },
  ],
  "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d": [
    { id: "e3f4a5b6-c7d8-4e9f-8a1b-2c3d4e5f6a7b", name: "sync-writer", composite: false, clientRole: true },
  ],
};

const KC_GROUPS: Record<string, { id: string; name: string; path: string; subGroups: unknown[] }[]> = {
  acme: [
    {
      id: "7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a",
      name: "store-managers",
      path: "/store-managers",
      subGroups: [],
    },
    { id: "9f0a1b2c-3d4e-4f5a-8b6c-7d8e9f0a1b2c", name: "support", path: "/support", subGroups: [] },
  ],
  staging: [],
  master: [],
};

const KC_SERVER_ERROR = {
  error: "unknown_error",
  error_description: "For more on this error consult the server log.",
};

function keycloak(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const p = url.pathname;
  const method = req.method ?? "GET";
  if (state.kcUnavailable) return text(res, 503, NGINX_503, "text/html");
  if (p === "/realms/master/protocol/openid-connect/token" && method === "POST") {
    const form = parse(body);
    if (state.kcBadPassword || form.password !== KEYCLOAK_PASSWORD)
      return json(res, 401, { error: "invalid_grant", error_description: "Invalid user credentials" });
    return json(res, 200, {
      access_token: AUTH0_TOKEN.replace(/^[^.]+/, b64({ alg: "RS256", typ: "JWT", kid: "kc-master-rs256" })),
      expires_in: 60,
      refresh_expires_in: 1800,
      refresh_token: "eyJhbGciOiJIUzUxMiIsInR5cCI6IkpXVCJ9.eyJ0eXAiOiJSZWZyZXNoIn0.c3RhbmQtaW4",
      token_type: "Bearer",
      "not-before-policy": 0,
      session_state: "b7c1e2d3-4f5a-4b6c-8d7e-9f0a1b2c3d4e",
      scope: "profile email",
    });
  }
  if (!p.startsWith("/admin/realms"))
    return json(res, 404, { error: "Unable to find matching target resource method" });
  if (state.kcForbidden) return json(res, 403, { error: "HTTP 403 Forbidden" });
  if (state.kcServerError) return json(res, 500, KC_SERVER_ERROR);
  const parts = p.split("/").slice(3).filter(Boolean).map(decodeURIComponent); // after /admin/realms
  if (parts.length === 0) return json(res, 200, KC_REALMS);
  const [realm, kind, id, ...rest] = parts;
  if (!KC_USERS[realm!]) return json(res, 404, { error: "Realm not found." });
  if (kind === "users" && !id && method === "GET") {
    if (realm === "archive") return later(15_000, () => json(res, 200, []));
    return json(
      res,
      200,
      KC_USERS[realm!]!.map((user) => ({
        ...user,
        emailVerified: true,
        createdTimestamp: 1764000000000,
        enabled: true,
        totp: false,
        disableableCredentialTypes: [],
        requiredActions: [],
        notBefore: 0,
        access: { manageGroupMembership: true, view: true, mapRoles: true, impersonate: false, manage: true },
      })),
    );
  }
  if (kind === "users" && !id && method === "POST") {
    const input = parse(body);
    if (KC_USERS[realm!]!.some((user) => user.username === input.username))
      return json(res, 409, { errorMessage: "User exists with same username" });
    if (KC_USERS[realm!]!.some((user) => user.email && user.email === input.email))
      return json(res, 409, { errorMessage: "User exists with same email" });
    const created = "3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b";
    res.writeHead(201, {
      location: `${url.origin}/admin/realms/${realm}/users/${created}`,
      "content-length": "0",
    });
    return res.end();
  }
  if (kind === "users" && id) {
    const user = KC_USERS[realm!]!.find((candidate) => candidate.id === id);
    if (!user) return json(res, 404, { error: "User not found" });
    if (rest[0] === "groups") {
      const group = (KC_GROUPS[realm!] ?? []).find((candidate) => candidate.id === rest[1]);
      if (!group) return json(res, 404, { error: "Could not find group by id" });
      res.writeHead(204);
      return res.end();
    }
    if (rest[0] === "role-mappings") {
      res.writeHead(204);
      return res.end();
    }
    if (method === "DELETE") {
      res.writeHead(204);
      return res.end();
    }
    return json(res, 200, user);
  }
  if (kind === "clients" && !id) return json(res, 200, KC_CLIENTS);
  if (kind === "clients" && id) {
    const roles = KC_ROLES[id];
    if (!roles) return json(res, 404, { error: "Could not find client" });
    if (rest[0] === "roles") {
      return json(
        res,
        200,
        roles.map((role) => ({ ...role, containerId: id })),
      );
    }
  }
  if (kind === "groups") return json(res, 200, KC_GROUPS[realm!] ?? []);
  return json(res, 404, { error: "Unable to find matching target resource method" });
}

export const keycloakStandin = httpStandin(KEYCLOAK_PORT, keycloak);

// --------------------------------------------------------------------------------------- Bitwarden

const BW_MEMBERS = [
  {
    object: "member",
    id: "0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0",
    userId: "6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d",
    name: "Jane Doe",
    email: "j.doe@acme-retail.example",
    twoFactorEnabled: true,
    status: 2,
    collections: [],
    type: 0,
    externalId: null,
    resetPasswordEnrolled: true,
    permissions: null,
  },
  {
    object: "member",
    id: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
    userId: "7b8c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0e",
    name: "Miguel Lopez",
    email: "m.lopez@acme-retail.example",
    twoFactorEnabled: false,
    status: 2,
    collections: [
      { id: "c0ffee00-1111-4222-8333-444455556666", readOnly: false, hidePasswords: false, manage: true },
    ],
    type: 2,
    externalId: null,
    resetPasswordEnrolled: false,
    permissions: null,
  },
];

const BW_COLLECTIONS = [
  { object: "collection", id: "c0ffee00-1111-4222-8333-444455556666", externalId: null, groups: [] },
  { object: "collection", id: "d00dfeed-7777-4888-9999-aaaabbbbcccc", externalId: "payments", groups: [] },
];

const BW_POLICIES = [
  { object: "policy", id: "e1e2e3e4-f5f6-4a7b-8c9d-0e1f2a3b4c5d", type: 0, enabled: true, data: null },
  {
    object: "policy",
    id: "f1f2f3f4-a5a6-4b7c-8d9e-0f1a2b3c4d5e",
    type: 1,
    enabled: true,
    data: {
      minComplexity: 3,
      minLength: 14,
      requireUpper: true,
      requireLower: true,
      requireNumbers: true,
      requireSpecial: false,
      enforceOnLogin: false,
    },
  },
];

const bwError = (res: http.ServerResponse, status: number, message: string, errors: unknown = null) =>
  json(res, status, { object: "error", message, errors });

function bitwarden(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const p = url.pathname;
  const method = req.method ?? "GET";
  if (p === "/identity/connect/token" && method === "POST") {
    const form = parse(body);
    if (form.client_secret !== BW_CLIENT_SECRET) return json(res, 400, { error: "invalid_client" });
    return json(res, 200, {
      access_token: AUTH0_TOKEN.replace(/^[^.]+/, b64({ alg: "RS256", kid: "bw-identity", typ: "at+jwt" })),
      expires_in: 3600,
      token_type: "Bearer",
      scope: "api.organization",
    });
  }
  if (!p.startsWith("/api/public/")) return text(res, 404, "", "text/plain");
  if (state.bwRateLimited)
    return text(res, 429, "API calls quota exceeded! maximum admitted 200 per 1m.", "text/plain", {
      "retry-after": "37",
    });
  if (state.bwServerError) return bwError(res, 500, "An error has occurred.");
  if (state.bwBadGateway) return text(res, 502, CLOUDFLARE_502, "text/html");
  const route = p.slice("/api/public".length);
  if (route === "/members" && method === "GET")
    return json(res, 200, { object: "list", data: BW_MEMBERS, continuationToken: null });
  if (route === "/members" && method === "POST") {
    const input = parse(body);
    if (BW_MEMBERS.some((member) => member.email === input.email))
      return bwError(res, 400, "User already invited.");
    if (input.email === "slow@acme-retail.example")
      return later(15_000, () => bwError(res, 504, "Gateway Timeout"));
    return json(res, 200, {
      object: "member",
      id: "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e",
      userId: null,
      name: null,
      email: input.email,
      twoFactorEnabled: false,
      status: 0,
      collections: input.collections ?? [],
      type: input.type,
      externalId: input.externalId ?? null,
      resetPasswordEnrolled: false,
      permissions: null,
    });
  }
  if (route.startsWith("/members/") && method === "GET") {
    const member = BW_MEMBERS.find((candidate) => candidate.id === route.slice("/members/".length));
    if (!member) return bwError(res, 404, "Resource not found.");
    return json(res, 200, member);
  }
  if (route === "/collections")
    return json(res, 200, { object: "list", data: BW_COLLECTIONS, continuationToken: null });
  if (route === "/groups") return json(res, 200, { object: "list", data: [], continuationToken: null });
  if (route === "/policies")
    return json(res, 200, { object: "list", data: BW_POLICIES, continuationToken: null });
  if (route === "/events") return json(res, 200, { object: "list", data: [], continuationToken: null });
  if (route === "/organization/subscription" && method === "GET")
    return json(res, 200, {
      object: "organizationSubscription",
      passwordManager: { seats: 25, maxAutoscaleSeats: 30, storage: 1 },
      secretsManager: null,
    });
  if (route === "/organization/subscription" && method === "PUT") {
    const input = parse(body) as { passwordManager?: { seats?: number } };
    if ((input.passwordManager?.seats ?? 0) < BW_MEMBERS.length + 20)
      return bwError(
        res,
        400,
        "Your organization currently has 22 seats filled. Your new plan only has (3) seats. Remove some users.",
      );
    return json(res, 200, {
      object: "organizationSubscription",
      passwordManager: input.passwordManager,
      secretsManager: null,
    });
  }
  return bwError(res, 404, "Resource not found.");
}

export const bitwardenStandin = httpStandin(BITWARDEN_PORT, bitwarden);

// ------------------------------------------------------------------------------------------- Didit

const DI_WORKFLOW = "b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e";
export const DI_SESSION = "11f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b";
export const DI_WORKFLOW_ID = DI_WORKFLOW;

const DI_SESSIONS = [
  {
    session_id: DI_SESSION,
    session_number: 1043,
    session_token: "f3Xq9LmP2w",
    vendor_data: "customer-88412",
    status: "Approved",
    workflow_id: DI_WORKFLOW,
    features: "OCR + LIVENESS + FACE_MATCH",
    created_at: "2026-12-05T09:12:44.120Z",
  },
  {
    session_id: "22a3b4c5-d6e7-4f8a-9b0c-1d2e3f4a5b6c",
    session_number: 1044,
    session_token: "k8Tn2VbQ7r",
    vendor_data: "customer-88519",
    status: "In Review",
    workflow_id: DI_WORKFLOW,
    features: "OCR + LIVENESS + FACE_MATCH",
    created_at: "2026-12-05T11:40:02.871Z",
  },
];

function didit(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const p = url.pathname.replace(/^\/v3/, "");
  const method = req.method ?? "GET";
  if (state.diRevokedKey || req.headers["x-api-key"] !== DIDIT_API_KEY)
    return json(res, 401, { detail: "Invalid API key." });
  if (state.diThrottled)
    return json(
      res,
      429,
      { detail: "Request was throttled. Expected available in 37 seconds." },
      { "retry-after": "37" },
    );
  if (state.diServerError) return text(res, 500, DJANGO_500, "text/html; charset=utf-8");
  if (state.diBadGateway) return text(res, 502, CLOUDFLARE_502, "text/html");
  if (p === "/workflows/")
    return json(res, 200, [
      {
        uuid: DI_WORKFLOW,
        workflow_label: "KYC standard",
        workflow_type: "kyc",
        is_default: true,
        features: ["OCR", "LIVENESS", "FACE_MATCH"],
        total_price: "0.33",
        status: "published",
      },
    ]);
  if (p === "/sessions/") {
    const status = url.searchParams.get("status");
    const results = status ? DI_SESSIONS.filter((session) => session.status === status) : DI_SESSIONS;
    return json(res, 200, { count: results.length, next: null, previous: null, results });
  }
  const decision = /^\/session\/([^/]+)\/decision\/$/.exec(p);
  if (decision) {
    if (decision[1] === "33b4c5d6-slow") return later(15_000, () => json(res, 200, {}));
    if (decision[1] !== DI_SESSION) return json(res, 404, { detail: "Not found." });
    return json(res, 200, {
      session_id: DI_SESSION,
      session_number: 1043,
      session_url: "https://verify.didit.me/session/f3Xq9LmP2w",
      status: "Approved",
      workflow_id: DI_WORKFLOW,
      features: ["ID_VERIFICATION", "LIVENESS", "FACE_MATCH"],
      vendor_data: "customer-88412",
      metadata: null,
      callback: "https://shop.acme-retail.example/kyc/done",
      id_verification: {
        status: "Approved",
        document_type: "Identity Card",
        document_number: "CAA000000",
        personal_number: "99999999R",
        date_of_birth: "1980-01-01",
        age: 46,
        expiration_date: "2031-06-02",
        date_of_issue: "2021-06-02",
        issuing_state: "ESP",
        issuing_state_name: "Spain",
        first_name: "Carmen",
        last_name: "Española Española",
        full_name: "Carmen Española Española",
        gender: "F",
        nationality: "ESP",
        warnings: [],
      },
      liveness: { status: "Approved", method: "PASSIVE", score: 89.92, age_estimation: 44.1, warnings: [] },
      face_match: { status: "Approved", score: 95.1, warnings: [] },
      reviews: [],
      created_at: "2026-12-05T09:12:44.120Z",
    });
  }
  if (p === "/session/" && method === "POST") {
    if (state.diBillingSuspended)
      return json(res, 403, {
        code: "contract_billing_suspended",
        detail: "Paid services are suspended for your organization. Contact billing to restore them.",
      });
    const input = parse(body);
    if (!input.workflow_id) return json(res, 400, { workflow_id: ["This field is required."] });
    return json(res, 201, {
      session_id: "44c5d6e7-f8a9-4b0c-8d1e-2f3a4b5c6d7e",
      session_number: 1045,
      session_token: "q4Wz8NcR1m",
      url: "https://verify.didit.me/session/q4Wz8NcR1m",
      vendor_data: input.vendor_data ?? null,
      metadata: input.metadata ?? null,
      status: "Not Started",
      callback: input.callback ?? null,
      workflow_id: input.workflow_id,
    });
  }
  const statusUpdate = /^\/session\/([^/]+)\/update-status\/$/.exec(p);
  if (statusUpdate)
    return json(res, 400, {
      detail: "Session status cannot be changed: the session is already Approved.",
    });
  if (p === "/billing/balance/")
    return json(res, 200, {
      balance: "42.170",
      auto_refill_enabled: false,
      auto_refill_amount: null,
      auto_refill_threshold: null,
    });
  if (p === "/aml/" && method === "POST") {
    const input = parse(body);
    if (/Ivanov/i.test(String(input.full_name)))
      return json(res, 200, {
        request_id: "aml-7f1e2d3c",
        aml: {
          status: "In Review",
          total_hits: 1,
          score: 87.5,
          hits: [
            {
              id: "Q4235791",
              caption: "Viktor Ivanov",
              match: false,
              score: 0.875,
              datasets: ["eu_fsf", "us_ofac_sdn"],
              properties: { birthDate: ["1952-05-12"], country: ["ru"], topics: ["sanction"] },
              risk_view: { crimes: { score: 0 }, sanctions: { score: 100 } },
            },
          ],
          warnings: [],
        },
        created_at: "2026-12-06T15:20:41.004Z",
      });
    return json(res, 200, {
      request_id: "aml-8a2b3c4d",
      aml: { status: "Approved", total_hits: 0, score: 0, hits: [], warnings: [] },
      created_at: "2026-12-06T15:21:02.552Z",
    });
  }
  if (/^\/users\/[^/]+\/$/.test(p)) return json(res, 404, { detail: "Not found." });
  return json(res, 404, { detail: "Not found." });
}

export const diditStandin = httpStandin(DIDIT_PORT, didit);

export const ALL_STANDINS = [auth0Standin, keycloakStandin, bitwardenStandin, diditStandin];
