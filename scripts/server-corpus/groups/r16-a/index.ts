// Group r16-a: identity, secrets and security services — Auth0's Management API, a Keycloak server's admin API,
// a Bitwarden organization's Public API and Didit's identity-verification API — each published MCP server
// behind a loopback stand-in that answers with the real service's bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r16-a && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r16-a

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  AUTH0_DOMAIN,
  AUTH0_PROXY_PORT,
  AUTH0_TOKEN,
  BITWARDEN_PORT,
  BW_CLIENT_ID,
  BW_CLIENT_SECRET,
  BW_REVOKED_SECRET,
  CERT,
  DATA,
  DI_SESSION,
  DI_WORKFLOW_ID,
  DIDIT_API_KEY,
  DIDIT_PORT,
  KEYCLOAK_ADMIN,
  KEYCLOAK_PASSWORD,
  KEYCLOAK_PORT,
  auth0Standin,
  bitwardenStandin,
  clearTimers,
  diditStandin,
  ensureCertificate,
  keycloakStandin,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@auth0/auth0-mcp-server": "0.1.0-beta.19",
  "keycloak-mcp": "1.2.5",
  "@bitwarden/mcp-server": "2026.7.0",
  "@didit-protocol/mcp-server": "4.0.0",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");

// ------------------------------------------------------------------------------------------- Auth0

const APP_SPA = "Xk2pL9mQ4vR7tW1nZ8cB3sD6fH0jG5aY";
const APP_MISSING = "Zz9yX8wV7uT6sR5qP4oN3mL2kJ1iH0gF";

const auth0: SessionSpec = {
  label: "r16-a-auth0",
  server: "@auth0/auth0-mcp-server",
  transport: "stdio",
  start: stdioServer("r16-a-auth0", "@auth0/auth0-mcp-server", {
    from: FROM,
    cwd: DATA,
    args: ["run"],
    env: {
      AUTH0_DOMAIN,
      AUTH0_TOKEN,
      AUTH0_MCP_ANALYTICS: "false",
      HTTPS_PROXY: `http://127.0.0.1:${AUTH0_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import=${path.join(FROM, "proxy-preload.mjs")}`,
      HOME,
    },
  }),
  steps: [
    step("a0-001", "auth0_list_applications", {}, "list the tenant's applications"),
    step(
      "a0-002",
      "auth0_list_applications",
      { page: 4, per_page: 5 },
      "a page of applications past the last one",
    ),
    step("a0-003", "auth0_get_application", { client_id: APP_SPA }, "one application by client id"),
    step(
      "a0-004",
      "auth0_get_application",
      { client_id: APP_MISSING },
      "an application client id that does not exist",
    ),
    step(
      "a0-005",
      "auth0_get_application",
      { client_id: APP_MISSING },
      "the same missing application again, unchanged",
    ),
    step("a0-006", "auth0_list_resource_servers", {}, "list the tenant's APIs"),
    step(
      "a0-007",
      "auth0_get_resource_server",
      { id: "6759ffffffffffffffffffff" },
      "an API id that does not exist",
    ),
    step(
      "a0-008",
      "auth0_create_resource_server",
      { name: "Orders API v2", identifier: "https://api.acme-retail.example/orders" },
      "create an API whose identifier is already taken (409)",
    ),
    step(
      "a0-009",
      "auth0_create_application",
      { name: "<script>Admin Portal</script>", app_type: "regular_web" },
      "create an application whose name has angle brackets (400 invalid_body)",
    ),
    step(
      "a0-010",
      "auth0_create_application",
      {
        name: "Returns Portal",
        app_type: "regular_web",
        callbacks: ["https://returns.acme-retail.example/callback"],
      },
      "create a regular web application",
    ),
    step("a0-011", "auth0_list_actions", {}, "list the tenant's actions"),
    step("a0-012", "auth0_list_logs", { q: "type:f" }, "failed-login log entries"),
    step(
      "a0-013",
      "auth0_list_logs",
      { q: 'user_name:"nobody@acme-retail.example"' },
      "log entries for a user who never signed in",
    ),
    step(
      "a0-014",
      "auth0_get_log",
      { id: "90020261206000000000000000000000000000000000000000000" },
      "a log id that does not exist",
    ),
    step("a0-015", "auth0_list_forms", {}, "list forms (the tenant has none)"),
    step(
      "a0-016",
      "auth0_list_applications",
      { include_totals: true, archived: true },
      "an argument the tool does not declare",
    ),
    step(
      "a0-017",
      "auth0_list_applications",
      {},
      "applications after the Management API token expired (401)",
      flag("a0TokenExpired"),
    ),
    step(
      "a0-018",
      "auth0_list_logs",
      { q: "type:s" },
      "logs with a token that lacks read:logs (403 insufficient_scope)",
      flag("a0InsufficientScope"),
    ),
    step(
      "a0-019",
      "auth0_list_resource_servers",
      {},
      "APIs while the tenant's rate limit answers 429 twice before the SDK's retry gets through",
      flag("a0RateLimitedTwice"),
    ),
    step(
      "a0-020",
      "auth0_list_applications",
      {},
      "applications while the Management API answers 500",
      flag("a0ServerError"),
    ),
    step(
      "a0-021",
      "auth0_get_application",
      { client_id: APP_SPA },
      "one application while the edge answers an HTML 503",
      flag("a0Unavailable"),
    ),
    step(
      "a0-022",
      "auth0_list_logs",
      { q: "type:slow" },
      "logs the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("a0-023", "auth0_delete_application", { client_id: APP_SPA }, "a tool the server does not have"),
    step(
      "a0-024",
      "auth0_list_applications",
      {},
      "applications while the tenant cannot be reached (stand-in stopped)",
      down(auth0Standin),
    ),
    step(
      "a0-025",
      "auth0_list_logs",
      { q: "type:slow" },
      "a slow log query; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ---------------------------------------------------------------------------------------- Keycloak

const KC_USER = "8c0f1e2d-3b4a-4c5d-9e6f-7a8b9c0d1e2f";
const KC_STOREFRONT = "5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9";
const KC_MANAGERS = "7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a";

const keycloak: SessionSpec = {
  label: "r16-a-keycloak",
  server: "keycloak-mcp",
  transport: "stdio",
  start: stdioServer("r16-a-keycloak", "keycloak-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      KEYCLOAK_URL: `http://127.0.0.1:${KEYCLOAK_PORT}`,
      KEYCLOAK_ADMIN,
      KEYCLOAK_ADMIN_PASSWORD: KEYCLOAK_PASSWORD,
      HOME,
    },
  }),
  steps: [
    step("kc-001", "list-realms", {}, "list the server's realms"),
    step("kc-002", "list-users", { realm: "acme" }, "users of the acme realm"),
    step("kc-003", "list-users", { realm: "staging" }, "users of a realm that has none"),
    step("kc-004", "list-users", { realm: "acme-prod" }, "users of a realm that does not exist"),
    step("kc-005", "list-users", { realm: "acme-prod" }, "the same missing realm again, unchanged"),
    step("kc-006", "list-clients", { realm: "acme" }, "clients of the acme realm"),
    step("kc-007", "list-groups", { realm: "acme" }, "groups of the acme realm"),
    step("kc-008", "list-groups", { realm: "staging" }, "groups of a realm that has none"),
    step(
      "kc-009",
      "list-client-roles",
      { realm: "acme", clientUniqueId: KC_STOREFRONT },
      "roles of the storefront client",
    ),
    step(
      "kc-010",
      "list-client-roles",
      { realm: "acme", clientUniqueId: "storefront" },
      "client roles by the clientId instead of the client's internal id",
    ),
    step(
      "kc-011",
      "create-user",
      {
        realm: "acme",
        username: "akim",
        email: "a.kim@acme-retail.example",
        firstName: "Ana",
        lastName: "Kim",
      },
      "create a user",
    ),
    step(
      "kc-012",
      "create-user",
      {
        realm: "acme",
        username: "jdoe",
        email: "jane.doe2@acme-retail.example",
        firstName: "Jane",
        lastName: "Doe",
      },
      "create a user whose username is taken (409)",
    ),
    step(
      "kc-013",
      "create-user",
      { realm: "acme", username: "bwong", email: "b.wong-at-acme", firstName: "Bo", lastName: "Wong" },
      "create a user with a malformed email",
    ),
    step(
      "kc-014",
      "create-user",
      { realm: "acme", username: "cdiaz", email: "c.diaz@acme-retail.example" },
      "create a user without first and last name",
    ),
    step(
      "kc-015",
      "assign-client-role-to-user",
      { realm: "acme", userId: KC_USER, clientUniqueId: KC_STOREFRONT, roleName: "admin" },
      "assign a client role the client does not have",
    ),
    step(
      "kc-016",
      "assign-client-role-to-user",
      { realm: "acme", userId: KC_USER, clientUniqueId: KC_STOREFRONT, roleName: "store-manager" },
      "assign a client role",
    ),
    step(
      "kc-017",
      "add-user-to-group",
      { realm: "acme", userId: KC_USER, groupId: "0000dead-beef-4000-8000-000000000000" },
      "add a user to a group that does not exist",
    ),
    step(
      "kc-018",
      "add-user-to-group",
      { realm: "acme", userId: KC_USER, groupId: KC_MANAGERS },
      "add a user to a group",
    ),
    step(
      "kc-019",
      "delete-user",
      { realm: "acme", userId: "ffffffff-0000-4000-8000-000000000000" },
      "delete a user that does not exist",
    ),
    step(
      "kc-020",
      "list-users",
      { realm: "acme" },
      "users after the admin password was changed (token endpoint 401 invalid_grant)",
      flag("kcBadPassword"),
    ),
    step(
      "kc-021",
      "list-realms",
      {},
      "realms with an admin account that lost its realm-management roles (403)",
      flag("kcForbidden"),
    ),
    step(
      "kc-022",
      "list-clients",
      { realm: "acme" },
      "clients while the admin API answers 500",
      flag("kcServerError"),
    ),
    step(
      "kc-023",
      "list-groups",
      { realm: "acme" },
      "groups while the reverse proxy answers an HTML 503",
      flag("kcUnavailable"),
    ),
    step(
      "kc-024",
      "list-users",
      { realm: "archive" },
      "users of a realm the server takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "kc-025",
      "reset-user-password",
      { realm: "acme", userId: KC_USER, password: "Temp-1234" },
      "a tool the server does not have",
    ),
    step(
      "kc-026",
      "list-realms",
      {},
      "realms while Keycloak cannot be reached (stand-in stopped)",
      down(keycloakStandin),
    ),
    step(
      "kc-027",
      "list-users",
      { realm: "archive" },
      "a slow user listing; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// --------------------------------------------------------------------------------------- Bitwarden

const BW_MEMBER = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
const BW_MISSING = "9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b";

const bitwardenEnv = (secret: string) => ({
  BW_CLIENT_ID,
  BW_CLIENT_SECRET: secret,
  BW_API_BASE_URL: `http://127.0.0.1:${BITWARDEN_PORT}/api`,
  BW_IDENTITY_URL: `http://127.0.0.1:${BITWARDEN_PORT}/identity`,
  HOME,
});

const bitwarden: SessionSpec = {
  label: "r16-a-bitwarden",
  server: "@bitwarden/mcp-server",
  transport: "stdio",
  start: stdioServer("r16-a-bitwarden", "@bitwarden/mcp-server", {
    from: FROM,
    cwd: DATA,
    env: bitwardenEnv(BW_CLIENT_SECRET),
  }),
  steps: [
    step("bw-001", "list_org_members", {}, "the organization's members"),
    step("bw-002", "get_org_member", { memberId: BW_MEMBER }, "one member by id"),
    step("bw-003", "get_org_member", { memberId: BW_MISSING }, "a member id that does not exist"),
    step("bw-004", "get_org_member", { memberId: BW_MISSING }, "the same missing member again, unchanged"),
    step(
      "bw-005",
      "get_org_member",
      { memberId: "m.lopez@acme-retail.example" },
      "a member looked up by e-mail where an id is required",
    ),
    step("bw-006", "list_org_collections", {}, "the organization's collections"),
    step("bw-007", "list_org_groups", {}, "the organization's groups (it has none)"),
    step("bw-008", "list_org_policies", {}, "the organization's policies"),
    step(
      "bw-009",
      "get_org_events",
      { start: "2026-12-01T00:00:00Z", end: "2026-12-02T00:00:00Z", memberId: BW_MEMBER },
      "one member's events on a day with none",
    ),
    step(
      "bw-010",
      "invite_org_member",
      { email: "a.kim@acme-retail.example", type: 2 },
      "invite a new member as a user",
    ),
    step(
      "bw-011",
      "invite_org_member",
      { email: "j.doe@acme-retail.example", type: 2 },
      "invite someone who is already a member (400)",
    ),
    step(
      "bw-012",
      "invite_org_member",
      { email: "ops@acme-retail.example", type: 3 },
      "invite with the removed Manager role (type 3)",
    ),
    step("bw-013", "get_org_subscription", {}, "the organization's subscription"),
    step(
      "bw-014",
      "update_org_subscription",
      { passwordManager: { seats: 3 } },
      "cut the seats below the seats in use (400)",
    ),
    step(
      "bw-015",
      "list",
      { type: "items", search: "github" },
      "search the personal vault (needs the Bitwarden CLI, which is not installed)",
    ),
    step(
      "bw-016",
      "list_org_members",
      {},
      "members while the API answers 429 (Retry-After: 37)",
      flag("bwRateLimited"),
    ),
    step(
      "bw-017",
      "list_org_collections",
      {},
      "collections while the API answers 500",
      flag("bwServerError"),
    ),
    step(
      "bw-018",
      "list_org_policies",
      {},
      "policies while Cloudflare answers an HTML 502",
      flag("bwBadGateway"),
    ),
    step(
      "bw-019",
      "invite_org_member",
      { email: "slow@acme-retail.example", type: 2 },
      "an invite the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("bw-020", "export_vault", { format: "json" }, "a tool the server does not have"),
    step(
      "bw-021",
      "list_org_members",
      {},
      "members while the Bitwarden server cannot be reached (stand-in stopped)",
      down(bitwardenStandin),
    ),
    step(
      "bw-022",
      "invite_org_member",
      { email: "slow@acme-retail.example", type: 2 },
      "a slow invite; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

const bitwardenRevoked: SessionSpec = {
  label: "r16-a-bitwarden-revoked",
  server: "@bitwarden/mcp-server",
  transport: "stdio",
  start: stdioServer("r16-a-bitwarden-revoked", "@bitwarden/mcp-server", {
    from: FROM,
    cwd: DATA,
    env: bitwardenEnv(BW_REVOKED_SECRET),
  }),
  steps: [
    step(
      "bwr-001",
      "list_org_members",
      {},
      "members with an organization API key that was rotated (identity answers invalid_client)",
    ),
    step("bwr-002", "list_org_members", {}, "the same call again with the same rotated key"),
  ],
};

// ------------------------------------------------------------------------------------------- Didit

const didit: SessionSpec = {
  label: "r16-a-didit",
  server: "@didit-protocol/mcp-server",
  transport: "stdio",
  start: stdioServer("r16-a-didit", "@didit-protocol/mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      DIDIT_API_KEY,
      DIDIT_API_BASE_URL: `http://127.0.0.1:${DIDIT_PORT}/v3`,
      DIDIT_AUTH_BASE_URL: `http://127.0.0.1:${DIDIT_PORT}/auth/v2`,
      HOME,
    },
  }),
  steps: [
    step("di-001", "didit_list_workflows", {}, "the application's verification workflows"),
    step("di-002", "didit_list_sessions", {}, "verification sessions"),
    step("di-003", "didit_list_sessions", { status: "Declined" }, "declined sessions (there are none)"),
    step(
      "di-004",
      "didit_get_session_decision",
      { session_id: DI_SESSION },
      "the decision and extracted data of one session",
    ),
    step(
      "di-005",
      "didit_get_session_decision",
      { session_id: "55d6e7f8-a9b0-4c1d-8e2f-3a4b5c6d7e8f" },
      "a session id that does not exist",
    ),
    step(
      "di-006",
      "didit_get_session_decision",
      { session_id: "55d6e7f8-a9b0-4c1d-8e2f-3a4b5c6d7e8f" },
      "the same missing session again, unchanged",
    ),
    step("di-007", "didit_get_session_decision", {}, "a session decision with no session id"),
    step(
      "di-008",
      "didit_create_session",
      { vendor_data: "customer-90017" },
      "create a session without the required workflow id (400)",
    ),
    step(
      "di-009",
      "didit_create_session",
      {
        workflow_id: DI_WORKFLOW_ID,
        vendor_data: "customer-90017",
        callback: "https://shop.acme-retail.example/kyc/done",
      },
      "create a verification session",
    ),
    step(
      "di-010",
      "didit_update_session_status",
      { session_id: DI_SESSION, new_status: "Declined", comment: "Document looks edited" },
      "decline a session that was already approved (400)",
    ),
    step("di-011", "didit_get_balance", {}, "the credit balance"),
    step(
      "di-012",
      "didit_aml_screening",
      { full_name: "Viktor Ivanov", date_of_birth: "1952-05-12", nationality: "RU" },
      "AML screening of a name with a sanctions hit",
    ),
    step(
      "di-013",
      "didit_aml_screening",
      { full_name: "Ana Kim", date_of_birth: "1991-03-08", nationality: "KR" },
      "AML screening with no hits",
    ),
    step(
      "di-014",
      "didit_get_user",
      { vendor_data: "customer-00000" },
      "a verified user that does not exist",
    ),
    step(
      "di-015",
      "didit_create_session",
      { workflow_id: DI_WORKFLOW_ID, vendor_data: "customer-90018" },
      "create a session while the organization's paid services are suspended (403)",
      flag("diBillingSuspended"),
    ),
    step(
      "di-016",
      "didit_list_sessions",
      {},
      "sessions after the API key was revoked (401)",
      flag("diRevokedKey"),
    ),
    step(
      "di-017",
      "didit_list_sessions",
      {},
      "sessions while the API throttles the key (429, Retry-After: 37)",
      flag("diThrottled"),
    ),
    step(
      "di-018",
      "didit_list_workflows",
      {},
      "workflows while the API answers Django's HTML 500",
      flag("diServerError"),
    ),
    step(
      "di-019",
      "didit_get_balance",
      {},
      "the balance while Cloudflare answers an HTML 502",
      flag("diBadGateway"),
    ),
    step(
      "di-020",
      "didit_get_session_decision",
      { session_id: "33b4c5d6-slow" },
      "a decision the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "di-021",
      "didit_get_verification_link",
      { session_id: DI_SESSION },
      "a tool the server does not have",
    ),
    step(
      "di-022",
      "didit_list_sessions",
      {},
      "sessions while Didit cannot be reached (stand-in stopped)",
      down(diditStandin),
    ),
    step(
      "di-023",
      "didit_get_session_decision",
      { session_id: "33b4c5d6-slow" },
      "a slow decision; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [auth0, keycloak, bitwarden, bitwardenRevoked, didit];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
