// Group r40-d: identity and user management — Clerk's Backend API through Clerk's own agent toolkit
// (@clerk/agent-toolkit, its `local-mcp` stdio server: users, organizations, invitations) and Microsoft Entra ID through
// Microsoft Graph with Lokka (@merill/lokka, one generic `Lokka-Microsoft` tool plus token tools). Both published
// servers run unpatched against loopback stand-ins (standins.ts).
//
//   (cd scripts/server-corpus/groups/r40-d && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r40-d

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  CLERK_PORT,
  CLERK_SECRET,
  DATA,
  GRAPH_PORT,
  clearTimers,
  clerkApi,
  ensureCertificate,
  graphApi,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@clerk/agent-toolkit": "0.3.15",
  "@merill/lokka": "0.3.0",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");

const MARTA = "user_2pQm7Rk4Xw9ZsLbT1vNcY8dHfJe";
const ORG = "org_2sKd9Lm3Pq7WxRtZ4nBvC6yHgFa";

const clerk: SessionSpec = {
  label: "r40-d-clerk",
  server: "@clerk/agent-toolkit",
  transport: "stdio",
  start: stdioServer("r40-d-clerk", "@clerk/agent-toolkit", {
    from: FROM,
    cwd: DATA,
    bin: "local-mcp",
    env: { HOME, CLERK_SECRET_KEY: CLERK_SECRET, CLERK_API_URL: `http://127.0.0.1:${CLERK_PORT}` },
  }),
  steps: [
    step("clk-001", "getUserCount", {}, "the instance's user count"),
    step(
      "clk-002",
      "getUser",
      { userId: MARTA },
      "one user by ID (email addresses, metadata; private metadata pruned)",
    ),
    step(
      "clk-003",
      "getUser",
      { userId: "user_2zzNoSuchUser000000000000" },
      "a user ID that does not exist: 404 resource_not_found",
    ),
    step(
      "clk-004",
      "getUser",
      { userId: "user_2zzNoSuchUser000000000000" },
      "the same call again, unchanged",
    ),
    step("clk-005", "getUserId", {}, "the current signed-in user's ID (the local server has no session)"),
    step(
      "clk-006",
      "updateUser",
      { userId: MARTA, firstName: "Märta", lastName: "Lindqvist-Berg" },
      "rename a user",
    ),
    step(
      "clk-007",
      "updateUser",
      { userId: MARTA, username: "dokafor" },
      "a username another user has: 422 form_identifier_exists",
    ),
    step(
      "clk-008",
      "updateUserPublicMetadata",
      { userId: MARTA, metadata: { plan: "business", seats: 12 } },
      "merge public metadata",
    ),
    step(
      "clk-009",
      "getOrganization",
      { organizationId: ORG, includeMembersCount: true },
      "an organization by ID with its member count",
    ),
    step(
      "clk-010",
      "getOrganization",
      { slug: "northwind-labs" },
      "an organization by slug only (the tool's documented alternative)",
    ),
    step(
      "clk-011",
      "createOrganization",
      { name: "Northwind Field Ops", createdBy: MARTA, maxAllowedMemberships: 25 },
      "create an organization",
    ),
    step(
      "clk-012",
      "createOrganization",
      { name: "Northwind Labs", slug: "northwind-labs", createdBy: MARTA },
      "a slug already taken: 422 form_identifier_exists",
    ),
    step(
      "clk-013",
      "createOrganizationMembership",
      { organizationId: ORG, userId: "user_2rVn3Hd8Ky6QpWcM5tZaB1gXsLo", role: "org:member" },
      "add a member to an organization at its membership limit: 403 organization_membership_quota_exceeded",
    ),
    step(
      "clk-014",
      "createOrganizationInvitation",
      {
        organizationId: ORG,
        emailAddress: "sam.ortiz@northwind-labs.io",
        role: "org:member",
        inviterUserId: MARTA,
      },
      "invite an address to the organization",
    ),
    step(
      "clk-015",
      "createInvitation",
      { emailAddress: "priya.raman@contoso-partners", notify: false },
      "an application invitation to an address with no top-level domain: 422 form_param_format_invalid",
    ),
    step(
      "clk-016",
      "createInvitation",
      { emailAddress: "dev.okafor@northwind-labs.io" },
      "an invitation to an address with one pending: 400 duplicate_record",
    ),
    step(
      "clk-017",
      "revokeInvitation",
      { invitationId: "inv_2tYc6Rn1Sm4XpWdM8uJe3BqZhHb" },
      "revoke a pending invitation",
    ),
    step(
      "clk-018",
      "deleteOrganization",
      { organizationId: "org_2tWq8Nc5Vb1XzKmR3pLd7HsYgAe" },
      "delete the organization made in clk-011 (Clerk answers its deleted-object body)",
    ),
    step("clk-019", "getUserCount", {}, "Clerk answers 429 with Retry-After: 10", flag("clerkRateLimited")),
    step("clk-020", "getUser", { userId: MARTA }, "Clerk answers 500", flag("clerkServerError")),
    step(
      "clk-021",
      "getUser",
      { userId: MARTA },
      "Cloudflare's HTML 502 in front of the API",
      flag("clerkBadGateway"),
    ),
    step(
      "clk-022",
      "getUser",
      { userId: MARTA },
      "the secret key was rotated in the dashboard: 401 clerk_key_invalid",
      flag("clerkKeyRevoked"),
    ),
    step(
      "clk-023",
      "getUserCount",
      {},
      "an answer 15 s late; the client waits 4 s",
      flag("clerkSlow", { timeoutMs: 4000 }),
    ),
    step("clk-024", "getUser", { userId: MARTA }, "the API unreachable (connection refused)", down(clerkApi)),
    step("clk-025", "getUser", {}, "no userId at all"),
    step("clk-026", "listUsers", { limit: 10 }, "a tool the toolkit does not have (a Backend API list call)"),
  ],
};

// An access token as Entra ID issues one for Microsoft Graph (delegated, `scp`); Lokka only decodes it for its scopes.
function accessToken(): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
  const header = { typ: "JWT", alg: "RS256", x5t: "r40dStandInKeyThumb", kid: "r40dStandInKeyThumb" };
  const claims = {
    aud: "00000003-0000-0000-c000-000000000000",
    iss: "https://sts.windows.net/6c1f4e2a-9b3d-4f8e-a7c5-2e1d8b4f6a90/",
    iat: 1796630400,
    nbf: 1796630400,
    exp: 4102444800,
    app_displayname: "Lokka",
    appid: "a9bac4c3-af0d-4292-9453-9da89e390140",
    name: "Adele Vance",
    oid: "3f2a9c1e-6b4d-4a8e-9f1c-2d7e5b3a8c01",
    scp: "Directory.Read.All Group.ReadWrite.All User.ReadWrite.All openid profile email",
    tid: "6c1f4e2a-9b3d-4f8e-a7c5-2e1d8b4f6a90",
    upn: "AdeleV@contoso.onmicrosoft.com",
    ver: "1.0",
  };
  return `${b64(header)}.${b64(claims)}.c3RhbmQtaW4tc2lnbmF0dXJlLW5vdC12ZXJpZmllZA`;
}

const TOOL = "Lokka-Microsoft";
const ADELE = "3f2a9c1e-6b4d-4a8e-9f1c-2d7e5b3a8c01";
const GROUP = "02bd9fd6-8f93-4758-87c3-1fb73740a315";
const graph = (p: string, method: string, extra: Record<string, unknown> = {}) => ({
  apiType: "graph",
  path: p,
  method,
  ...extra,
});

const lokka: SessionSpec = {
  label: "r40-d-lokka",
  server: "@merill/lokka",
  transport: "stdio",
  start: stdioServer("r40-d-lokka", "@merill/lokka", {
    from: FROM,
    cwd: DATA,
    bin: "lokka",
    env: {
      HOME,
      USE_CLIENT_TOKEN: "true",
      ACCESS_TOKEN: accessToken(),
      USE_GRAPH_BETA: "false",
      R40D_GRAPH_PORT: String(GRAPH_PORT),
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import ${path.join(FROM, "graph-preload.mjs")}`,
    },
  }),
  steps: [
    step("ent-001", "get-auth-status", {}, "the auth mode and the token's scopes"),
    step(
      "ent-002",
      TOOL,
      graph("/users", "get", {
        queryParams: { $select: "id,displayName,userPrincipalName,jobTitle", $top: "3" },
      }),
      "the first page of users (Graph adds @odata.nextLink)",
    ),
    step("ent-003", TOOL, graph(`/users/${ADELE}`, "get"), "one user by object ID"),
    step(
      "ent-004",
      TOOL,
      graph("/users/megan.bowen@contoso.onmicrosoft.com", "get"),
      "a user principal name not in the directory: 404 Request_ResourceNotFound",
    ),
    step(
      "ent-005",
      TOOL,
      graph("/users/megan.bowen@contoso.onmicrosoft.com", "get"),
      "the same call again, unchanged",
    ),
    step(
      "ent-006",
      TOOL,
      graph("/users", "get", {
        queryParams: {
          $filter: "startswith(displayName,'A')",
          $count: "true",
          $select: "displayName,userPrincipalName,jobTitle",
        },
        consistencyLevel: "eventual",
      }),
      "an advanced query with ConsistencyLevel: eventual and $count",
    ),
    step(
      "ent-007",
      TOOL,
      graph("/groups", "get", { queryParams: { $filter: "displayName eq 'Finance Approvers'" } }),
      "groups filtered by a name no group has",
    ),
    step(
      "ent-008",
      TOOL,
      graph("/users", "post", {
        body: {
          accountEnabled: true,
          displayName: "Lee Gu",
          mailNickname: "LeeG",
          userPrincipalName: "LeeG@contoso.onmicrosoft.com",
        },
      }),
      "create a user without passwordProfile: 400 Request_BadRequest",
    ),
    step(
      "ent-009",
      TOOL,
      graph(`/groups/${GROUP}/members/$ref`, "post", {
        body: {
          "@odata.id":
            "https://graph.microsoft.com/v1.0/directoryObjects/8b1d4e7a-2c9f-4b3e-a6d5-1f8c3e9b7a02",
        },
      }),
      "add a member to a group (Graph answers 204 No Content)",
    ),
    step(
      "ent-010",
      TOOL,
      graph(`/groups/${GROUP}/members/$ref`, "post", {
        body: { "@odata.id": `https://graph.microsoft.com/v1.0/directoryObjects/${ADELE}` },
      }),
      "add a member the group already has: 400 'references already exist'",
    ),
    step(
      "ent-011",
      TOOL,
      graph(`/users/${ADELE}`, "patch", { body: { jobTitle: "Retail Director", department: "Retail" } }),
      "update a user (204 No Content)",
    ),
    step(
      "ent-012",
      TOOL,
      graph("/users/e7b3c9d5-1a4f-4e2b-9c8d-3f6a1b5e8d04", "delete"),
      "delete a user with a token that may not: 403 Authorization_RequestDenied",
    ),
    step(
      "ent-013",
      TOOL,
      graph("/auditLogs/signIns", "get", { queryParams: { $top: "10" } }),
      "sign-in logs on a tenant without Entra ID P1: 403 Authentication_RequestFromNonPremiumTenantOrB2CTenant",
    ),
    step(
      "ent-014",
      TOOL,
      {
        apiType: "azure",
        path: "/resourceGroups",
        method: "get",
        subscriptionId: "b4f2c8e1-3a9d-4e6b-8c7f-1d5a2e9b3c60",
      },
      "an Azure Resource Manager call with no apiVersion",
    ),
    step(
      "ent-015",
      TOOL,
      graph("/users", "get", { queryParams: { $top: "5" } }),
      "Graph throttles: 429 with Retry-After: 1 on every try (the SDK retries three times)",
      flag("graphRateLimited"),
    ),
    step(
      "ent-016",
      TOOL,
      graph(`/users/${ADELE}`, "get"),
      "Graph answers 500 UnknownError",
      flag("graphServerError"),
    ),
    step("ent-017", TOOL, graph("/groups", "get"), "an HTML 502 from the front end", flag("graphBadGateway")),
    step(
      "ent-018",
      TOOL,
      graph("/users", "get"),
      "Graph rejects the token: 401 InvalidAuthenticationToken 'the token is expired'",
      flag("graphTokenExpired"),
    ),
    step(
      "ent-019",
      TOOL,
      graph("/users", "get", { queryParams: { $top: "2" } }),
      "an answer 15 s late; the client waits 4 s",
      flag("graphSlow", { timeoutMs: 4000 }),
    ),
    step(
      "ent-020",
      TOOL,
      graph(`/users/${ADELE}`, "get"),
      "graph.microsoft.com unreachable (connection refused)",
      down(graphApi),
    ),
    step(
      "ent-021",
      "add-graph-permission",
      { scopes: ["AuditLog.Read.All"] },
      "ask for another scope (only possible in interactive mode)",
    ),
    step(
      "ent-022",
      "set-access-token",
      { accessToken: accessToken(), expiresOn: "2025-01-01T00:00:00Z" },
      "hand the server a token whose expiry has passed",
    ),
    step("ent-023", TOOL, graph("/me", "get"), "a Graph call with that expired token held by the server"),
    step(
      "ent-024",
      "set-access-token",
      { accessToken: accessToken() },
      "hand the server a fresh token again (its default lifetime: one hour)",
    ),
    step(
      "ent-025",
      TOOL,
      graph("/groups", "get", { fetchAll: true }),
      "all groups over two pages (fetchAll), last: it never returns",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [clerk, lokka];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
