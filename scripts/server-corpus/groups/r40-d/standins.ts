// Loopback stand-ins for group r40-d, answering as the services behind its two servers answer:
//
// - Clerk's Backend API (`https://api.clerk.com/v1`) for @clerk/agent-toolkit's local MCP server, whose API URL is a
//   setting (`CLERK_API_URL`): a plain HTTP listener. Errors are Clerk's envelope
//   `{"errors": [{message, long_message, code, meta?}], "clerk_trace_id"}`.
// - Microsoft Graph (`https://graph.microsoft.com`) for @merill/lokka, whose host is written into the Graph SDK: an
//   HTTPS listener with a certificate for graph.microsoft.com, reached through a preload that points Node's
//   https.globalAgent at it (graph-preload.mjs; the server's fetch is node-fetch 2). Errors are Graph's
//   `{"error": {code, message, innerError: {date, request-id, client-request-id}}}`.
//
// README.md says where each body's shape comes from and which values were written for the capture. `state` is
// switched by the sessions' hooks.

import type http from "node:http";
import {
  certificate,
  clearTimers,
  cloudflare502,
  httpStandin,
  later,
  parse,
  text,
  tlsStandin,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r40-d";
export const CLERK_PORT = 44350;
export const GRAPH_PORT = 44351;

export const CERT = `${DATA}/standin-cert.pem`;
export const ensureCertificate = (): Certificate => certificate(DATA, ["graph.microsoft.com"]);

export const CLERK_SECRET = "sk_test_r40dStandInKey8fQ2mZ7xW4pL9sT3vB6nC1kJ5hG0aE";

export const state = {
  clerkRateLimited: false,
  clerkServerError: false,
  clerkBadGateway: false,
  clerkKeyRevoked: false,
  clerkSlow: false,
  graphRateLimited: false,
  graphTokenExpired: false,
  graphServerError: false,
  graphBadGateway: false,
  graphSlow: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

// ── Clerk ───────────────────────────────────────────────────────────────────────────────────────────────────────────

// Clerk answers `application/json` exactly; the Backend SDK only parses a body as JSON when the header is exactly that.
function clerkJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  text(res, status, JSON.stringify(body), "application/json", headers);
}

let trace = 0;
const traceId = () => `7d1c0f3e9b2a48e6a5f4c3d2b1a0${(9000 + ++trace).toString(16)}`;

const clerkError = (
  res: http.ServerResponse,
  status: number,
  code: string,
  message: string,
  longMessage: string,
  meta?: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  clerkJson(
    res,
    status,
    {
      errors: [{ message, long_message: longMessage, code, ...(meta ? { meta } : {}) }],
      clerk_trace_id: traceId(),
    },
    headers,
  );

const T0 = 1764950400000; // 2025-12-05T16:00:00Z

function emailAddress(id: string, address: string) {
  return {
    id,
    object: "email_address",
    email_address: address,
    reserved: false,
    verification: {
      object: "verification_email_code",
      status: "verified",
      strategy: "email_code",
      attempts: 1,
      expire_at: T0 + 600000,
    },
    linked_to: [],
    matches_sso_connection: false,
    created_at: T0 - 86400000 * 40,
    updated_at: T0 - 86400000 * 40,
  };
}

interface UserSeed {
  id: string;
  first: string;
  last: string;
  username: string;
  email: string;
  publicMetadata: Record<string, unknown>;
}

const USERS: Record<string, UserSeed> = {
  user_2pQm7Rk4Xw9ZsLbT1vNcY8dHfJe: {
    id: "user_2pQm7Rk4Xw9ZsLbT1vNcY8dHfJe",
    first: "Marta",
    last: "Lindqvist",
    username: "mlindqvist",
    email: "marta.lindqvist@northwind-labs.io",
    publicMetadata: { plan: "team", onboarding: { completed: true } },
  },
  user_2rVn3Hd8Ky6QpWcM5tZaB1gXsLo: {
    id: "user_2rVn3Hd8Ky6QpWcM5tZaB1gXsLo",
    first: "Dev",
    last: "Okafor",
    username: "dokafor",
    email: "dev.okafor@northwind-labs.io",
    publicMetadata: {},
  },
};

function userJson(u: UserSeed) {
  const emailId = `idn_${u.id.slice(5, 22)}Em`;
  return {
    id: u.id,
    object: "user",
    username: u.username,
    first_name: u.first,
    last_name: u.last,
    image_url: `https://img.clerk.com/eyJ0eXBlIjoiZGVmYXVsdCIsImlpZCI6Imluc18ycjQwZCIsInJpZCI6IiR7dS5pZH0ifQ`,
    has_image: false,
    primary_email_address_id: emailId,
    primary_phone_number_id: null,
    primary_web3_wallet_id: null,
    password_enabled: true,
    two_factor_enabled: false,
    totp_enabled: false,
    backup_code_enabled: false,
    email_addresses: [emailAddress(emailId, u.email)],
    phone_numbers: [],
    web3_wallets: [],
    passkeys: [],
    external_accounts: [],
    saml_accounts: [],
    enterprise_accounts: [],
    public_metadata: u.publicMetadata,
    private_metadata: { stripeCustomerId: "cus_R40dPrivate" },
    unsafe_metadata: {},
    external_id: null,
    last_sign_in_at: T0 - 3600000 * 5,
    banned: false,
    locked: false,
    lockout_expires_in_seconds: null,
    verification_attempts_remaining: 100,
    created_at: T0 - 86400000 * 40,
    updated_at: T0 - 3600000,
    delete_self_enabled: true,
    create_organization_enabled: true,
    last_active_at: T0 - 3600000,
    legal_accepted_at: null,
  };
}

const ORG = {
  id: "org_2sKd9Lm3Pq7WxRtZ4nBvC6yHgFa",
  slug: "northwind-labs",
  name: "Northwind Labs",
};

function orgJson(id: string, name: string, slug: string, extra: Record<string, unknown> = {}) {
  return {
    object: "organization",
    id,
    name,
    slug,
    image_url: "https://img.clerk.com/eyJ0eXBlIjoiZGVmYXVsdCIsImlpZCI6Imluc18ycjQwZCJ9",
    has_image: false,
    max_allowed_memberships: 5,
    admin_delete_enabled: true,
    public_metadata: {},
    private_metadata: {},
    created_by: "user_2pQm7Rk4Xw9ZsLbT1vNcY8dHfJe",
    created_at: T0 - 86400000 * 30,
    updated_at: T0 - 86400000 * 2,
    ...extra,
  };
}

function invitationJson(id: string, email: string, status: string) {
  return {
    object: "invitation",
    id,
    email_address: email,
    public_metadata: {},
    revoked: status === "revoked",
    status,
    url: `https://accounts.northwind-labs.io/sign-up?__clerk_ticket=eyJhbGciOiJIUzI1NiJ9.${id}`,
    expires_at: T0 + 86400000 * 30,
    created_at: T0,
    updated_at: T0,
  };
}

function clerkHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  seen.push(`clerk ${req.method} ${url.pathname}${url.search}`);
  const auth = req.headers.authorization ?? "";
  if (state.clerkSlow)
    return later(15000, () => clerkJson(res, 200, { object: "total_count", total_count: 42 }));
  if (auth !== `Bearer ${CLERK_SECRET}` || state.clerkKeyRevoked)
    return clerkError(
      res,
      401,
      "clerk_key_invalid",
      "The provided Clerk Secret Key is invalid. Make sure that your Clerk Secret Key is correct.",
      "The provided Clerk Secret Key is invalid. Make sure that your Clerk Secret Key is correct.",
    );
  if (state.clerkRateLimited)
    return clerkError(
      res,
      429,
      "too_many_requests",
      "Too many requests",
      "Too many requests, please try again later.",
      undefined,
      { "retry-after": "10" },
    );
  if (state.clerkServerError)
    return clerkError(
      res,
      500,
      "internal_clerk_error",
      "Oops, something went wrong",
      "There was an internal error on our servers. We've been notified and are working on fixing it.",
    );
  if (state.clerkBadGateway)
    return text(res, 502, cloudflare502("api.clerk.com", "8e1f4c2b7a9d3e05"), "text/html; charset=UTF-8");

  const path = url.pathname.replace(/^\/v1/, "");
  const payload = parse(body);
  const m = (re: RegExp) => re.exec(path);
  let hit: RegExpExecArray | null;

  if (req.method === "GET" && path === "/users/count")
    return clerkJson(res, 200, { object: "total_count", total_count: 42 });

  if ((hit = m(/^\/users\/([^/]+)$/))) {
    const user = USERS[decodeURIComponent(hit[1]!)];
    if (!user) return clerkError(res, 404, "resource_not_found", "not found", "User not found", undefined);
    if (req.method === "GET") return clerkJson(res, 200, userJson(user));
    if (req.method === "PATCH") {
      if (payload.username === "dokafor")
        return clerkError(
          res,
          422,
          "form_identifier_exists",
          "That username is taken. Please try another.",
          "That username is taken. Please try another.",
          { param_name: "username" },
        );
      const next = { ...user };
      if (typeof payload.first_name === "string") next.first = payload.first_name;
      if (typeof payload.last_name === "string") next.last = payload.last_name;
      if (typeof payload.username === "string") next.username = payload.username;
      return clerkJson(res, 200, userJson(next));
    }
  }
  if (req.method === "PATCH" && (hit = m(/^\/users\/([^/]+)\/metadata$/))) {
    const user = USERS[decodeURIComponent(hit[1]!)];
    if (!user) return clerkError(res, 404, "resource_not_found", "not found", "User not found");
    const merged = {
      ...user.publicMetadata,
      ...((payload.public_metadata as Record<string, unknown>) ?? {}),
    };
    return clerkJson(res, 200, userJson({ ...user, publicMetadata: merged }));
  }

  if (req.method === "GET" && (hit = m(/^\/organizations\/([^/]+)$/))) {
    const key = decodeURIComponent(hit[1]!);
    if (key === ORG.id || key === ORG.slug)
      return clerkJson(
        res,
        200,
        orgJson(
          ORG.id,
          ORG.name,
          ORG.slug,
          url.searchParams.get("include_members_count") ? { members_count: 5 } : {},
        ),
      );
    return clerkError(res, 404, "resource_not_found", "not found", "Given organization not found.");
  }
  if (req.method === "POST" && path === "/organizations") {
    if (payload.slug === ORG.slug)
      return clerkError(
        res,
        422,
        "form_identifier_exists",
        "That slug is taken. Please try another.",
        "That slug is taken. Please try another.",
        { param_name: "slug" },
      );
    const name = String(payload.name ?? "");
    const slug = String(payload.slug ?? name.toLowerCase().replace(/[^a-z0-9]+/g, "-"));
    return clerkJson(
      res,
      200,
      orgJson("org_2tWq8Nc5Vb1XzKmR3pLd7HsYgAe", name, slug, { created_at: T0, updated_at: T0 }),
    );
  }
  if (req.method === "DELETE" && (hit = m(/^\/organizations\/([^/]+)$/)))
    return clerkJson(res, 200, { object: "organization", id: decodeURIComponent(hit[1]!), deleted: true });
  if (req.method === "POST" && m(/^\/organizations\/([^/]+)\/memberships$/))
    return clerkError(
      res,
      403,
      "organization_membership_quota_exceeded",
      "Membership quota exceeded",
      "You have reached your limit of 5 organization memberships, including outstanding invitations.",
    );
  if (req.method === "POST" && (hit = m(/^\/organizations\/([^/]+)\/invitations$/)))
    return clerkJson(res, 200, {
      object: "organization_invitation",
      id: "orginv_2tXb4Qm9Rk2WnVcL6sHd1ZpYfGa",
      email_address: String(payload.email_address ?? ""),
      role: String(payload.role ?? ""),
      role_name: "Member",
      organization_id: decodeURIComponent(hit[1]!),
      public_organization_data: {
        id: ORG.id,
        name: ORG.name,
        slug: ORG.slug,
        image_url: "",
        has_image: false,
      },
      status: "pending",
      public_metadata: {},
      private_metadata: {},
      url: null,
      expires_at: T0 + 86400000 * 30,
      created_at: T0,
      updated_at: T0,
    });

  if (req.method === "POST" && path === "/invitations") {
    const email = String(payload.email_address ?? "");
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
      return clerkError(
        res,
        422,
        "form_param_format_invalid",
        "is invalid",
        "email_address must be a valid email address.",
        { param_name: "email_address" },
      );
    if (email === "dev.okafor@northwind-labs.io")
      return clerkError(
        res,
        400,
        "duplicate_record",
        "duplicate invitation",
        "There are already pending invitations for the following email addresses: dev.okafor@northwind-labs.io",
      );
    return clerkJson(res, 200, invitationJson("inv_2tYc6Rn1Sm4XpWdM8uJe3BqZhHb", email, "pending"));
  }
  if (req.method === "POST" && (hit = m(/^\/invitations\/([^/]+)\/revoke$/))) {
    const id = decodeURIComponent(hit[1]!);
    if (id !== "inv_2tYc6Rn1Sm4XpWdM8uJe3BqZhHb")
      return clerkError(res, 404, "resource_not_found", "not found", "Invitation not found");
    return clerkJson(res, 200, invitationJson(id, "priya.raman@contoso-partners.com", "revoked"));
  }

  unknownRequests.push(`clerk ${req.method} ${url.href}`);
  return clerkError(res, 404, "resource_not_found", "not found", "Resource not found");
}

export const clerkApi = httpStandin(CLERK_PORT, clerkHandler);

// ── Microsoft Graph ─────────────────────────────────────────────────────────────────────────────────────────────────

let request = 0;
const requestId = () => `5c8a1f2e-7b3d-4e9a-a${(100 + ++request).toString().padStart(3, "0")}-3f6b2d9c1e0a`;
const GRAPH_DATE = "2026-12-07T10:15:42";

function graphJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const id = requestId();
  text(
    res,
    status,
    JSON.stringify(body),
    "application/json;odata.metadata=minimal;odata.streaming=true;IEEE754Compatible=false;charset=utf-8",
    {
      "request-id": id,
      "client-request-id": id,
      "x-ms-ags-diagnostic":
        '{"ServerInfo":{"DataCenter":"West Europe","Slice":"E","Ring":"5","ScaleUnit":"001","RoleInstance":"AM2PEPF0001A2B3"}}',
      ...headers,
    },
  );
}

const graphError = (
  res: http.ServerResponse,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
) => {
  const id = requestId();
  graphJson(
    res,
    status,
    { error: { code, message, innerError: { date: GRAPH_DATE, "request-id": id, "client-request-id": id } } },
    headers,
  );
};

const TENANT = "contoso.onmicrosoft.com";
const gUser = (id: string, name: string, upn: string, job: string | null, dept: string | null) => ({
  id,
  displayName: name,
  userPrincipalName: upn,
  mail: upn.replace(TENANT, "contoso.com"),
  jobTitle: job,
  department: dept,
  accountEnabled: true,
});

const GRAPH_USERS = [
  gUser(
    "3f2a9c1e-6b4d-4a8e-9f1c-2d7e5b3a8c01",
    "Adele Vance",
    `AdeleV@${TENANT}`,
    "Retail Manager",
    "Retail",
  ),
  gUser(
    "8b1d4e7a-2c9f-4b3e-a6d5-1f8c3e9b7a02",
    "Alex Wilber",
    `AlexW@${TENANT}`,
    "Marketing Assistant",
    "Marketing",
  ),
  gUser("c4e8a2f1-9d3b-4c7e-8a1f-5b2d9e6c3f03", "Diego Siciliani", `DiegoS@${TENANT}`, "HR Manager", "HR"),
  gUser("e7b3c9d5-1a4f-4e2b-9c8d-3f6a1b5e8d04", "Grady Archie", `GradyA@${TENANT}`, "Designer", "R&D"),
  gUser("1a9f6e3c-8d2b-4f5a-b7c4-9e1d3a6f2b05", "Isaiah Langer", `IsaiahL@${TENANT}`, "Sales Rep", "Sales"),
];

const GROUP_ID = "02bd9fd6-8f93-4758-87c3-1fb73740a315";
const GROUPS_PAGE_2 =
  "https://graph.microsoft.com/v1.0/groups?$top=2&$skiptoken=RFNwdAIAAQAAABlHcm91cF8wMmJkOWZkNg";
const group = (id: string, name: string, mail: string) => ({
  id,
  displayName: name,
  mailNickname: mail,
  securityEnabled: false,
  mailEnabled: true,
  groupTypes: ["Unified"],
});
const GROUPS = [
  group(GROUP_ID, "HR Taskforce", "HRTaskforce"),
  group("06f62f70-9827-4e6e-93ef-8e0f2d74b366", "Mark 8 Project Team", "Mark8ProjectTeam"),
  group("0a53828f-36c9-44c3-be3d-99a7fce977ac", "Retail", "Retail"),
];

function graphHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  seen.push(`graph ${req.method} ${url.pathname}${decodeURIComponent(url.search)}`);
  if (state.graphSlow) return later(15000, () => graphJson(res, 200, { value: [] }));
  if (state.graphTokenExpired)
    return graphError(
      res,
      401,
      "InvalidAuthenticationToken",
      "Lifetime validation failed, the token is expired.",
      {
        "www-authenticate":
          'Bearer realm="", authorization_uri="https://login.microsoftonline.com/common/oauth2/authorize", client_id="00000003-0000-0000-c000-000000000000"',
      },
    );
  if (state.graphRateLimited)
    return graphError(
      res,
      429,
      "TooManyRequests",
      "Too many requests from Identifier:a9bac4c3-af0d-4292-9453-9da89e390140+oid:3f2a9c1e-6b4d-4a8e-9f1c-2d7e5b3a8c01 under category:throttle.ags.directory. Please try again later.",
      { "retry-after": "1" },
    );
  if (state.graphServerError) return graphError(res, 500, "UnknownError", "");
  if (state.graphBadGateway)
    return text(
      res,
      502,
      '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN""http://www.w3.org/TR/html4/strict.dtd">\r\n<HTML><HEAD><TITLE>Bad Gateway</TITLE>\r\n<META HTTP-EQUIV="Content-Type" Content="text/html; charset=us-ascii"></HEAD>\r\n<BODY><h2>Bad Gateway</h2>\r\n<hr><p>HTTP Error 502. The server returned an invalid or unrecognized response.</p>\r\n</BODY></HTML>\r\n',
      "text/html; charset=us-ascii",
    );

  const path = url.pathname.replace(/^\/(v1\.0|beta)/, "");
  const ctx = (what: string) => `https://graph.microsoft.com/v1.0/$metadata#${what}`;
  const q = url.searchParams;
  let hit: RegExpExecArray | null;

  if (req.method === "GET" && path === "/users") {
    const filter = q.get("$filter");
    if (filter) {
      const prefix = /startswith\(displayName,'([^']*)'\)/.exec(filter)?.[1] ?? "";
      const found = GRAPH_USERS.filter((u) => u.displayName.startsWith(prefix));
      return graphJson(res, 200, {
        "@odata.context": ctx("users(displayName,userPrincipalName,jobTitle)"),
        ...(q.get("$count") ? { "@odata.count": found.length } : {}),
        value: found.map(({ displayName, userPrincipalName, jobTitle, id }) => ({
          id,
          displayName,
          userPrincipalName,
          jobTitle,
        })),
      });
    }
    const top = Number(q.get("$top") ?? "100");
    return graphJson(res, 200, {
      "@odata.context": ctx("users(id,displayName,userPrincipalName,jobTitle)"),
      "@odata.nextLink":
        top < GRAPH_USERS.length
          ? "https://graph.microsoft.com/v1.0/users?$select=id,displayName,userPrincipalName,jobTitle&$top=3&$skiptoken=RFNwdAIAAQAAACo6QWxleFdAY29udG9zby5vbm1pY3Jvc29mdC5jb20"
          : undefined,
      value: GRAPH_USERS.slice(0, top).map(({ id, displayName, userPrincipalName, jobTitle }) => ({
        id,
        displayName,
        userPrincipalName,
        jobTitle,
      })),
    });
  }
  if (req.method === "POST" && path === "/users") {
    const p = parse(body);
    if (!p.passwordProfile)
      return graphError(
        res,
        400,
        "Request_BadRequest",
        "Property 'passwordProfile' is missing on the request.",
      );
    return graphJson(res, 201, {
      "@odata.context": ctx("users/$entity"),
      id: "9d4f2b8e-3c1a-4e7f-b5d2-6a8c1e4f9b06",
      ...p,
      passwordProfile: undefined,
    });
  }
  if ((hit = /^\/users\/([^/]+)$/.exec(path))) {
    const key = decodeURIComponent(hit[1]!);
    const user = GRAPH_USERS.find(
      (u) => u.id === key || u.userPrincipalName.toLowerCase() === key.toLowerCase(),
    );
    if (!user)
      return graphError(
        res,
        404,
        "Request_ResourceNotFound",
        `Resource '${key}' does not exist or one of its queried reference-property objects are not present.`,
      );
    if (req.method === "GET")
      return graphJson(res, 200, {
        "@odata.context": ctx("users/$entity"),
        businessPhones: [],
        ...user,
        officeLocation: "18/2111",
        preferredLanguage: "en-US",
      });
    if (req.method === "PATCH") {
      res.writeHead(204, { "request-id": requestId() });
      return res.end();
    }
    if (req.method === "DELETE")
      return graphError(
        res,
        403,
        "Authorization_RequestDenied",
        "Insufficient privileges to complete the operation.",
      );
  }
  if (req.method === "GET" && path === "/groups") {
    const filter = q.get("$filter");
    if (filter) {
      const name = /displayName eq '([^']*)'/.exec(filter)?.[1];
      return graphJson(res, 200, {
        "@odata.context": ctx("groups"),
        value: GROUPS.filter((g) => g.displayName === name),
      });
    }
    if (q.get("$skiptoken"))
      return graphJson(res, 200, { "@odata.context": ctx("groups"), value: GROUPS.slice(2) });
    return graphJson(res, 200, {
      "@odata.context": ctx("groups"),
      "@odata.nextLink": GROUPS_PAGE_2,
      value: GROUPS.slice(0, 2),
    });
  }
  if (req.method === "POST" && (hit = /^\/groups\/([^/]+)\/members\/\$ref$/.exec(path))) {
    const ref = String(parse(body)["@odata.id"] ?? "");
    if (ref.endsWith(GRAPH_USERS[0]!.id))
      return graphError(
        res,
        400,
        "Request_BadRequest",
        "One or more added object references already exist for the following modified properties: 'members'.",
      );
    res.writeHead(204, { "request-id": requestId() });
    return res.end();
  }
  if (req.method === "GET" && path === "/auditLogs/signIns")
    return graphError(
      res,
      403,
      "Authentication_RequestFromNonPremiumTenantOrB2CTenant",
      "Neither tenant is B2C or tenant doesn't have premium license",
    );

  unknownRequests.push(`graph ${req.method} ${url.href}`);
  return graphError(
    res,
    400,
    "BadRequest",
    `Resource not found for the segment '${path.split("/")[1] ?? ""}'.`,
  );
}

export const graphApi = tlsStandin(GRAPH_PORT, ensureCertificate, graphHandler);

export const ALL_STANDINS = [clerkApi, graphApi];
