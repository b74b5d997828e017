// Loopback stand-in for what lies behind this group's two Microsoft Dataverse servers, answering with the real
// services' bodies and error bodies (README.md cites where each comes from and which wordings could not be sourced):
// Microsoft Entra ID's v2.0 endpoints on login.microsoftonline.com (instance discovery, the tenant's OpenID
// configuration, the client-credentials token endpoint) and the Dataverse Web API (`/api/data/v9.2/`) of two
// environments, contoso.crm4.dynamics.com (powerplatform-mcp) and fabrikam.crm.dynamics.com (mcp-dataverse). Both hosts
// are written into the servers (MSAL's authority) or checked by them (mcp-dataverse wants a *.dynamics.com host), so
// one TLS listener answers for all three names and a preload sends the servers' connections to it
// (route-preload.mjs).
//
// `state` is switched by the session's hooks.

import crypto from "node:crypto";
import type http from "node:http";
import { certificate, json, later, text, tlsStandin, type Certificate } from "../../standin-kit.js";
import { clearTimers } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r32-b";
export const STANDIN_PORT = 42750;

export const PP_HOST = "contoso.crm4.dynamics.com";
export const DV_HOST = "fabrikam.crm.dynamics.com";
const LOGIN = "login.microsoftonline.com";

export const CERT = `${DATA}/standin-cert.pem`;
export const ensureCertificate = (): Certificate => certificate(DATA, [LOGIN, PP_HOST, DV_HOST]);

export const TENANT = "8f3d2c71-5b0e-4a9d-9c61-2e7f4b1a6d05";
export const PP_CLIENT = {
  id: "3b9a7e42-0c1d-4f58-a6e2-91d4c8b75f10",
  secret: "Kq78Q~pXvR2mT.9sLdW4yHcN0bEjUf6aZo3Gi",
};
/** An app registration whose only client secret has expired (every token request answers AADSTS7000222). */
export const DV_EXPIRED_CLIENT = {
  id: "51d8a3f6-e02b-4c97-8b14-7f6a9c2e0d53",
  secret: "Hw92Q~sLp4Vx.nDf7KqT1bZe8cRy3UaMj6Go0",
};
export const DV_CLIENT = {
  id: "c6e1f093-7a24-4d8b-b5f3-0e92a4d71c38",
  secret: "Zt41Q~hMw8Ue.KpC2rVx7nYdS5aLq0JbFg9Ti",
};

export const state = {
  ppTokenRevoked: false,
  rateLimited: false,
  serverError: false,
  badGateway: false,
};

export const unknownRequests: string[] = [];
/** Every request the stand-in saw, for the README's "what the servers asked" checks. */
export const seen: string[] = [];

// ------------------------------------------------------------------------------------------- Microsoft Entra ID

const issued = new Set<string>();

function accessToken(host: string): string {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const token = [
    b64({ typ: "JWT", alg: "RS256", x5t: "3PaK4EfyBNQu3CtjYsa3YmhQ5E0", kid: "3PaK4EfyBNQu3CtjYsa3YmhQ5E0" }),
    b64({
      aud: `https://${host}`,
      iss: `https://sts.windows.net/${TENANT}/`,
      appidacr: "1",
      tid: TENANT,
      ver: "1.0",
    }),
    crypto.randomBytes(32).toString("base64url"),
  ].join(".");
  issued.add(token);
  return token;
}

const aadTrace = () => crypto.randomUUID();

// The v2.0 token endpoint's error body, as quoted in public issue threads (README.md).
function aadError(
  status: number,
  error: string,
  code: number,
  description: string,
  res: http.ServerResponse,
) {
  const trace = aadTrace();
  const correlation = aadTrace();
  const stamp = new Date()
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d+Z$/, "Z");
  json(res, status, {
    error,
    error_description: `AADSTS${code}: ${description}\r\nTrace ID: ${trace}\r\nCorrelation ID: ${correlation}\r\nTimestamp: ${stamp}`,
    error_codes: [code],
    timestamp: stamp,
    trace_id: trace,
    correlation_id: correlation,
    error_uri: `https://${LOGIN}/error?code=${code}`,
  });
}

function openIdConfiguration(tenant: string) {
  const base = `https://${LOGIN}/${tenant}`;
  return {
    token_endpoint: `${base}/oauth2/v2.0/token`,
    token_endpoint_auth_methods_supported: ["client_secret_post", "private_key_jwt", "client_secret_basic"],
    jwks_uri: `${base}/discovery/v2.0/keys`,
    response_modes_supported: ["query", "fragment", "form_post"],
    subject_types_supported: ["pairwise"],
    id_token_signing_alg_values_supported: ["RS256"],
    response_types_supported: ["code", "id_token", "code id_token", "id_token token"],
    scopes_supported: ["openid", "profile", "email", "offline_access"],
    issuer: `${base}/v2.0`,
    request_uri_parameter_supported: false,
    userinfo_endpoint: "https://graph.microsoft.com/oidc/userinfo",
    authorization_endpoint: `${base}/oauth2/v2.0/authorize`,
    device_authorization_endpoint: `${base}/oauth2/v2.0/devicecode`,
    http_logout_supported: true,
    frontchannel_logout_supported: true,
    end_session_endpoint: `${base}/oauth2/v2.0/logout`,
    claims_supported: [
      "sub",
      "iss",
      "cloud_instance_name",
      "cloud_instance_host_name",
      "cloud_graph_host_name",
    ],
    kerberos_endpoint: `${base}/kerberos`,
    tenant_region_scope: "EU",
    cloud_instance_name: "microsoftonline.com",
    cloud_graph_host_name: "graph.windows.net",
    msgraph_host: "graph.microsoft.com",
    rbac_url: "https://pas.windows.net",
  };
}

function entra(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const path = url.pathname;
  if (path === "/common/discovery/instance") {
    return json(res, 200, {
      tenant_discovery_endpoint: `https://${LOGIN}/${TENANT}/v2.0/.well-known/openid-configuration`,
      "api-version": "1.1",
      metadata: [
        {
          preferred_network: LOGIN,
          preferred_cache: "login.windows.net",
          aliases: [LOGIN, "login.windows.net", "login.microsoft.com", "sts.windows.net"],
        },
      ],
    });
  }
  const conf = /^\/([^/]+)\/v2\.0\/\.well-known\/openid-configuration$/.exec(path);
  if (conf && req.method === "GET") return json(res, 200, openIdConfiguration(conf[1]!));
  const token = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(path);
  if (token && req.method === "POST") {
    const form = new URLSearchParams(body);
    const client = form.get("client_id");
    const scope = form.get("scope") ?? "";
    const known = [PP_CLIENT, DV_CLIENT, DV_EXPIRED_CLIENT].find((c) => c.id === client);
    if (token[1] !== TENANT)
      return aadError(
        400,
        "invalid_tenant",
        90002,
        `Tenant '${token[1]}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud. Check with your subscription administrator, this may happen if there are no active subscriptions for the tenant.`,
        res,
      );
    if (!known)
      return aadError(
        400,
        "unauthorized_client",
        700016,
        `Application with identifier '${client}' was not found in the directory 'Contoso'. This can happen if the application has not been installed by the administrator of the tenant or consented to by any user in the tenant. You may have sent your authentication request to the wrong tenant.`,
        res,
      );
    if (known === DV_EXPIRED_CLIENT)
      return aadError(
        401,
        "invalid_client",
        7000222,
        `The provided client secret keys for app '${client}' are expired. Visit the Azure portal to create new keys for your app: https://aka.ms/NewClientSecret, or consider using certificate credentials for added security: https://aka.ms/certCreds.`,
        res,
      );
    if (form.get("client_secret") !== known.secret)
      return aadError(
        401,
        "invalid_client",
        7000215,
        `Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${client}'.`,
        res,
      );
    const host = /https:\/\/([^/]+)\//.exec(scope)?.[1] ?? PP_HOST;
    return json(res, 200, {
      token_type: "Bearer",
      expires_in: 3599,
      ext_expires_in: 3599,
      access_token: accessToken(host),
    });
  }
  unknownRequests.push(`Entra ${req.method} ${path}${url.search}`);
  return aadError(
    404,
    "invalid_request",
    900561,
    "The endpoint only accepts POST requests. Received a GET request.",
    res,
  );
}

// ------------------------------------------------------------------------------------------------- Dataverse

const ORG = "6a1c93e0-2f7b-4d15-8e4a-b02c7d9f3e61";
const BU = "0e4b9a27-61c3-ef11-b8e8-000d3a2b8c41";
export const APP_USER = "9d2f4e18-71c3-ef11-b8e8-000d3a2b8c41";

export const ACCOUNTS = {
  northwind: "5e0c2f1a-84b3-ef11-b8e8-000d3a2b8c41",
  adatum: "7a91d4c2-84b3-ef11-b8e8-000d3a2b8c41",
  litware: "b3f65e07-84b3-ef11-b8e8-000d3a2b8c41",
};
export const MISSING_ACCOUNT = "00c4e7d1-3b9a-ef11-b8e8-000d3a2b8c41";
export const SLOW_ACCOUNT = "f1ee7c0d-5a2b-ef11-b8e8-000d3a2b8c41";

const account = (
  id: string,
  name: string,
  city: string,
  revenue: number,
  employees: number,
  number: string,
) => ({
  "@odata.etag": `W/"${3_104_000 + employees}"`,
  accountid: id,
  name,
  accountnumber: number,
  address1_city: city,
  address1_country: city === "Seattle" ? "United States" : "Germany",
  revenue,
  numberofemployees: employees,
  statecode: 0,
  statuscode: 1,
  createdon: "2026-09-14T08:21:07Z",
  modifiedon: "2026-11-30T16:02:44Z",
  _ownerid_value: APP_USER,
  _transactioncurrencyid_value: "e1b0a9d5-61c3-ef11-b8e8-000d3a2b8c41",
});

const ACCOUNT_ROWS = [
  account(ACCOUNTS.northwind, "Northwind Traders", "Seattle", 4_200_000, 310, "NW-1001"),
  account(ACCOUNTS.adatum, "Adatum Corporation", "Munich", 18_750_000, 1_240, "AD-2040"),
  account(ACCOUNTS.litware, "Litware, Inc.", "Hamburg", 960_000, 42, "LW-0317"),
];

const CONTACT_ROWS = [
  {
    "@odata.etag": 'W/"3104512"',
    contactid: "2c8d1e90-85b3-ef11-b8e8-000d3a2b8c41",
    fullname: "Maria Schneider",
    emailaddress1: "maria.schneider@adatum.example",
    jobtitle: "Head of Procurement",
    _parentcustomerid_value: ACCOUNTS.adatum,
    statecode: 0,
  },
  {
    "@odata.etag": 'W/"3104519"',
    contactid: "4f17a3b6-85b3-ef11-b8e8-000d3a2b8c41",
    fullname: "Daniel Brooks",
    emailaddress1: "dbrooks@northwind.example",
    jobtitle: "Operations Manager",
    _parentcustomerid_value: ACCOUNTS.northwind,
    statecode: 0,
  },
];

const SOLUTIONS = [
  {
    solutionid: "d7a4c2e1-6b1f-4e0a-9a73-5c2b8e4f1d60",
    uniquename: "ContosoFieldService",
    friendlyname: "Contoso Field Service",
    version: "1.4.2.0",
    ismanaged: false,
    isvisible: true,
    installedon: "2026-10-02T09:14:55Z",
    createdon: "2026-10-02T09:14:55Z",
    _publisherid_value: "a0f3b6c1-2d8e-4f7a-b951-3e6c0d2a4b87",
  },
  {
    solutionid: "fd140aae-4df4-11dd-bd17-0019b9312238",
    uniquename: "Default",
    friendlyname: "Default Solution",
    version: "1.0",
    ismanaged: false,
    isvisible: true,
    installedon: "2026-03-11T12:00:00Z",
    createdon: "2026-03-11T12:00:00Z",
    _publisherid_value: "d21aab71-79e7-11dd-8874-00188b01e34f",
  },
];

const PUBLISHERS = [
  {
    publisherid: "a0f3b6c1-2d8e-4f7a-b951-3e6c0d2a4b87",
    uniquename: "contoso",
    friendlyname: "Contoso Ltd",
    customizationprefix: "cts",
    customizationoptionvalueprefix: 41_200,
    isreadonly: false,
  },
];

const ROLES = [
  {
    roleid: "5d1b7c40-61c3-ef11-b8e8-000d3a2b8c41",
    name: "System Administrator",
    _businessunitid_value: BU,
    ismanaged: true,
    iscustomizable: {
      Value: false,
      CanBeChanged: false,
      ManagedPropertyLogicalName: "iscustomizableanddeletable",
    },
    roletemplateid: "627090ff-40a3-4053-8790-584edc5be201",
  },
  {
    roleid: "8e2c4a17-61c3-ef11-b8e8-000d3a2b8c41",
    name: "Basic User",
    _businessunitid_value: BU,
    ismanaged: true,
    iscustomizable: {
      Value: true,
      CanBeChanged: false,
      ManagedPropertyLogicalName: "iscustomizableanddeletable",
    },
    roletemplateid: "d58407f2-48d5-e711-a82c-000d3a37c848",
  },
  {
    roleid: "c41f9b06-9a2e-ef11-b8e8-000d3a2b8c41",
    name: "Contoso Field Technician",
    _businessunitid_value: BU,
    ismanaged: false,
    iscustomizable: {
      Value: true,
      CanBeChanged: true,
      ManagedPropertyLogicalName: "iscustomizableanddeletable",
    },
    roletemplateid: null,
  },
];

const USERS = [
  {
    systemuserid: "1a7f3e52-62c3-ef11-b8e8-000d3a2b8c41",
    fullname: "Priya Natarajan",
    internalemailaddress: "priya.natarajan@fabrikam.example",
    domainname: "priya.natarajan@fabrikam.example",
    isdisabled: false,
    accessmode: 0,
    _businessunitid_value: BU,
  },
  {
    systemuserid: "3c9e2b71-62c3-ef11-b8e8-000d3a2b8c41",
    fullname: "Tomasz Wojcik",
    internalemailaddress: "tomasz.wojcik@fabrikam.example",
    domainname: "tomasz.wojcik@fabrikam.example",
    isdisabled: false,
    accessmode: 0,
    _businessunitid_value: BU,
  },
];

const label = (text: string) => ({
  LocalizedLabels: [{ Label: text, LanguageCode: 1033, IsManaged: true }],
  UserLocalizedLabel: { Label: text, LanguageCode: 1033, IsManaged: true },
});

const ENTITIES: Record<string, Record<string, unknown>> = {
  account: {
    MetadataId: "70816501-edb9-4740-a16c-6a5efbc05d84",
    LogicalName: "account",
    SchemaName: "Account",
    EntitySetName: "accounts",
    LogicalCollectionName: "accounts",
    PrimaryIdAttribute: "accountid",
    PrimaryNameAttribute: "name",
    ObjectTypeCode: 1,
    IsCustomEntity: false,
    IsActivity: false,
    OwnershipType: "UserOwned",
    DisplayName: label("Account"),
    DisplayCollectionName: label("Accounts"),
    Description: label("Business that represents a customer or potential customer."),
    IsAuditEnabled: { Value: true, CanBeChanged: true, ManagedPropertyLogicalName: "canmodifyauditsettings" },
  },
  contact: {
    MetadataId: "608861bc-50a4-4c5f-a02c-21fe1943e2cf",
    LogicalName: "contact",
    SchemaName: "Contact",
    EntitySetName: "contacts",
    LogicalCollectionName: "contacts",
    PrimaryIdAttribute: "contactid",
    PrimaryNameAttribute: "fullname",
    ObjectTypeCode: 2,
    IsCustomEntity: false,
    IsActivity: false,
    OwnershipType: "UserOwned",
    DisplayName: label("Contact"),
    DisplayCollectionName: label("Contacts"),
    Description: label(
      "Person with whom a business unit has a relationship, such as customer, supplier, and colleague.",
    ),
    IsAuditEnabled: { Value: true, CanBeChanged: true, ManagedPropertyLogicalName: "canmodifyauditsettings" },
  },
  cts_workorder: {
    MetadataId: "2b7e0c94-61d8-4f3a-9e15-c0a7d42b8f63",
    LogicalName: "cts_workorder",
    SchemaName: "cts_WorkOrder",
    EntitySetName: "cts_workorders",
    LogicalCollectionName: "cts_workorders",
    PrimaryIdAttribute: "cts_workorderid",
    PrimaryNameAttribute: "cts_name",
    ObjectTypeCode: 10_482,
    IsCustomEntity: true,
    IsActivity: false,
    OwnershipType: "UserOwned",
    DisplayName: label("Work Order"),
    DisplayCollectionName: label("Work Orders"),
    Description: label("A job a field technician carries out at a customer's site."),
    IsAuditEnabled: {
      Value: false,
      CanBeChanged: true,
      ManagedPropertyLogicalName: "canmodifyauditsettings",
    },
  },
};

const attribute = (
  entity: string,
  logical: string,
  type: string,
  display: string,
  required: string,
  custom = false,
) => ({
  "@odata.type": `#Microsoft.Dynamics.CRM.${type === "String" ? "String" : type === "Lookup" ? "Lookup" : type === "Money" ? "Money" : type === "Integer" ? "Integer" : type === "Uniqueidentifier" ? "" : "Picklist"}AttributeMetadata`,
  LogicalName: logical,
  SchemaName: logical,
  AttributeType: type,
  DisplayName: label(display),
  RequiredLevel: {
    Value: required,
    CanBeChanged: true,
    ManagedPropertyLogicalName: "canmodifyrequirementlevelsettings",
  },
  IsCustomAttribute: custom,
  EntityLogicalName: entity,
  MetadataId: crypto
    .createHash("md5")
    .update(`${entity}.${logical}`)
    .digest("hex")
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5"),
});

const ATTRIBUTES: Record<string, ReturnType<typeof attribute>[]> = {
  account: [
    attribute("account", "accountid", "Uniqueidentifier", "Account", "SystemRequired"),
    attribute("account", "name", "String", "Account Name", "ApplicationRequired"),
    attribute("account", "accountnumber", "String", "Account Number", "None"),
    attribute("account", "address1_city", "String", "Address 1: City", "None"),
    attribute("account", "revenue", "Money", "Annual Revenue", "None"),
    attribute("account", "numberofemployees", "Integer", "Number of Employees", "None"),
    attribute("account", "primarycontactid", "Lookup", "Primary Contact", "None"),
    attribute("account", "industrycode", "Picklist", "Industry", "None"),
  ],
  cts_workorder: [
    attribute("cts_workorder", "cts_workorderid", "Uniqueidentifier", "Work Order", "SystemRequired", true),
    attribute("cts_workorder", "cts_name", "String", "Name", "ApplicationRequired", true),
    attribute("cts_workorder", "cts_accountid", "Lookup", "Customer", "ApplicationRequired", true),
    attribute("cts_workorder", "cts_priority", "Picklist", "Priority", "None", true),
  ],
};

// Dataverse's Web API error envelope: `{"error": {"code": "0x…", "message": "…"}}` (README.md cites its sources).
const dvError = (res: http.ServerResponse, status: number, code: string, message: string, headers = {}) =>
  json(res, status, { error: { code, message } }, { "OData-Version": "4.0", ...headers });

const REQ_ID = () => ({ REQ_ID: crypto.randomUUID(), "x-ms-service-request-id": crypto.randomUUID() });

// IIS's own 502.3 page (README.md: what sits in front of a Dataverse environment's host is not known).
const IIS_502 = `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
<html xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"/>
<title>502 - Web server received an invalid response while acting as a gateway or proxy server.</title>
</head>
<body>
<div id="header"><h1>Server Error</h1></div>
<div id="content">
 <div class="content-container"><fieldset>
  <h2>502 - Web server received an invalid response while acting as a gateway or proxy server.</h2>
  <h3>There is a problem with the page you are looking for, and it cannot be displayed. When the Web server (while acting as a gateway or proxy) contacted the upstream content server, it received an invalid response from the content server.</h3>
 </fieldset></div>
</div>
</body>
</html>
`;

const context = (host: string, what: string) => `https://${host}/api/data/v9.2/$metadata#${what}`;

function filterRows<T extends Record<string, unknown>>(rows: T[], filter: string | null): T[] | string {
  if (!filter) return rows;
  const unknown = /\b(nmae|cityname|emailadress1)\b/.exec(filter);
  if (unknown) return unknown[1]!;
  const eq = /(\w+) eq '([^']*)'/.exec(filter);
  if (eq) return rows.filter((row) => String(row[eq[1]!] ?? "").toLowerCase() === eq[2]!.toLowerCase());
  const contains = /contains\((\w+),\s*'([^']*)'\)/.exec(filter);
  if (contains)
    return rows.filter((row) =>
      String(row[contains[1]!] ?? "")
        .toLowerCase()
        .includes(contains[2]!.toLowerCase()),
    );
  const gt = /(\w+) gt (\d+)/.exec(filter);
  if (gt) return rows.filter((row) => Number(row[gt[1]!] ?? 0) > Number(gt[2]));
  return rows;
}

function collection(
  res: http.ServerResponse,
  host: string,
  set: string,
  entity: string,
  rows: Record<string, unknown>[],
  url: URL,
) {
  const filtered = filterRows(rows, url.searchParams.get("$filter"));
  if (typeof filtered === "string")
    return dvError(
      res,
      400,
      "0x80060888",
      `Could not find a property named '${filtered}' on type 'Microsoft.Dynamics.CRM.${entity}'.`,
    );
  const top = Number(url.searchParams.get("$top") ?? 5000);
  return json(
    res,
    200,
    { "@odata.context": context(host, set), value: filtered.slice(0, top) },
    { "OData-Version": "4.0" },
  );
}

function dataverse(
  req: http.IncomingMessage,
  url: URL,
  body: string,
  res: http.ServerResponse,
  host: string,
) {
  const auth = req.headers.authorization ?? "";
  const bearer = auth.replace(/^Bearer /, "");
  const challenge = {
    "WWW-Authenticate": `Bearer authorization_uri=https://${LOGIN}/${TENANT}/oauth2/authorize, resource_id=https://${host}/`,
  };
  if (!issued.has(bearer) || (host === PP_HOST && state.ppTokenRevoked))
    return text(res, 401, "", "text/plain", challenge);
  if (state.badGateway) return text(res, 502, IIS_502, "text/html", { server: "Microsoft-IIS/10.0" });
  if (state.rateLimited)
    return dvError(
      res,
      429,
      "0x80072322",
      "Number of requests exceeded the limit of 6000 over time window of 300 seconds.",
      { "Retry-After": "1", ...REQ_ID() },
    );
  if (state.serverError) return dvError(res, 500, "0x80040216", "An unexpected error occurred.", REQ_ID());

  const path = decodeURIComponent(url.pathname.replace(/^\/api\/data\/v9\.[0-2]\//, ""));
  const q = url.searchParams;

  if (path === "WhoAmI" || path === "WhoAmI()")
    return json(res, 200, {
      "@odata.context": context(host, "Microsoft.Dynamics.CRM.WhoAmIResponse"),
      BusinessUnitId: BU,
      UserId: APP_USER,
      OrganizationId: ORG,
    });

  // Records.
  const one = /^(accounts|contacts)\(([^)]+)\)$/.exec(path);
  if (one && req.method === "GET") {
    const set = one[1]!;
    const id = one[2]!;
    if (id === SLOW_ACCOUNT)
      return later(15_000, () => dvError(res, 404, "0x80040217", `account With Id = ${id} Does Not Exist`));
    const rows: Record<string, unknown>[] = set === "accounts" ? ACCOUNT_ROWS : CONTACT_ROWS;
    const key = set === "accounts" ? "accountid" : "contactid";
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
      return dvError(res, 400, "0x80060888", `Bad Request - Error in query syntax.`);
    const row = rows.find((r) => r[key] === id);
    if (!row)
      return dvError(
        res,
        404,
        "0x80040217",
        `${set === "accounts" ? "account" : "contact"} With Id = ${id} Does Not Exist`,
      );
    return json(res, 200, { "@odata.context": context(host, `${set}/$entity`), ...row });
  }
  if (path === "accounts" && req.method === "GET") {
    if (q.get("fetchXml")) {
      const fetch = q.get("fetchXml") ?? "";
      const city = /attribute="address1_city" operator="eq" value="([^"]+)"/.exec(fetch)?.[1];
      const rows = city ? ACCOUNT_ROWS.filter((r) => r.address1_city === city) : ACCOUNT_ROWS;
      return json(res, 200, { "@odata.context": context(host, "accounts"), value: rows });
    }
    return collection(res, host, "accounts", "account", ACCOUNT_ROWS, url);
  }
  if (path === "contacts" && req.method === "GET")
    return collection(res, host, "contacts", "contact", CONTACT_ROWS, url);
  if (path === "accounts" && req.method === "POST") {
    const id = crypto.randomUUID();
    res.writeHead(204, {
      "OData-Version": "4.0",
      "OData-EntityId": `https://${host}/api/data/v9.2/accounts(${id})`,
      Location: `https://${host}/api/data/v9.2/accounts(${id})`,
    });
    return res.end();
  }
  const patch = /^accounts\(([^)]+)\)$/.exec(path);
  if (patch && req.method === "PATCH") {
    if (!ACCOUNT_ROWS.some((r) => r.accountid === patch[1]))
      return dvError(res, 404, "0x80040217", `account With Id = ${patch[1]} Does Not Exist`);
    res.writeHead(204, {
      "OData-Version": "4.0",
      "OData-EntityId": `https://${host}/api/data/v9.2/accounts(${patch[1]})`,
    });
    return res.end();
  }
  // A table the application user holds no read privilege on (the privilege message is quoted from an issue thread).
  if (/^cts_payrollentries/.test(path))
    return dvError(
      res,
      403,
      "0x80040220",
      `Principal user (Id=${APP_USER}, type=8, roleCount=1, privilegeCount=612, accessMode=4), is missing prvReadcts_PayrollEntry privilege (Id=7c3e9a15-2b4d-4f61-8e0a-d95b1c7f2e34) on OTC=10491 for entity 'cts_payrollentry' (LocalizedName='Payroll Entry'). context.Caller=${APP_USER}`,
    );

  // Metadata.
  const def =
    /^EntityDefinitions\(LogicalName='([^']+)'\)(?:\/(Attributes|Keys|OneToManyRelationships|ManyToOneRelationships|ManyToManyRelationships))?$/.exec(
      path,
    );
  if (def && req.method === "GET") {
    const name = def[1]!;
    const sub = def[2];
    const meta = ENTITIES[name];
    if (!meta)
      return dvError(
        res,
        404,
        "0x80040217",
        `Could not find entity with logical name '${name}'.`.replace(
          "Could not find entity",
          "Could not find an entity",
        ),
      );
    if (!sub) {
      const expand = q.get("$expand") ?? "";
      return json(res, 200, {
        "@odata.context": context(host, "EntityDefinitions/$entity"),
        ...meta,
        ...(expand.includes("Attributes") ? { Attributes: ATTRIBUTES[name] ?? [] } : {}),
      });
    }
    if (sub === "Attributes")
      return json(res, 200, {
        "@odata.context": context(host, `EntityDefinitions('${meta.MetadataId}')/Attributes`),
        value: ATTRIBUTES[name] ?? [],
      });
    if (sub === "Keys")
      return json(res, 200, {
        "@odata.context": context(host, `EntityDefinitions('${meta.MetadataId}')/Keys`),
        value: [],
      });
    return json(res, 200, {
      "@odata.context": context(host, `EntityDefinitions('${meta.MetadataId}')/${sub}`),
      value: [],
    });
  }
  if (path === "EntityDefinitions" && req.method === "GET") {
    const filter = q.get("$filter") ?? "";
    const rows = Object.values(ENTITIES).filter((e) =>
      filter.includes("IsCustomEntity eq true") ? e.IsCustomEntity : true,
    );
    return json(res, 200, { "@odata.context": context(host, "EntityDefinitions"), value: rows });
  }

  // Solutions, publishers, roles, users, business units, environment variables, workflows.
  if (path === "solutions") {
    const unique = /uniquename eq '([^']*)'/.exec(q.get("$filter") ?? "")?.[1];
    const rows = unique === undefined ? SOLUTIONS : SOLUTIONS.filter((s) => s.uniquename === unique);
    return json(res, 200, { "@odata.context": context(host, "solutions"), value: rows });
  }
  if (path === "publishers")
    return json(res, 200, { "@odata.context": context(host, "publishers"), value: PUBLISHERS });
  if (path === "roles") {
    const name = /contains\(name,\s*'([^']*)'\)/.exec(q.get("$filter") ?? "")?.[1];
    const rows = name ? ROLES.filter((r) => r.name.toLowerCase().includes(name.toLowerCase())) : ROLES;
    return json(res, 200, { "@odata.context": context(host, "roles"), value: rows });
  }
  if (path === "systemusers") {
    const filter = q.get("$filter") ?? "";
    const term = /contains\(fullname,\s*'([^']*)'\)/.exec(filter)?.[1];
    const rows = term ? USERS.filter((u) => u.fullname.toLowerCase().includes(term.toLowerCase())) : USERS;
    return json(res, 200, { "@odata.context": context(host, "systemusers"), value: rows });
  }
  if (/^organizations\(/.test(path))
    return json(res, 200, {
      "@odata.context": context(host, "organizations(name)/$entity"),
      "@odata.etag": 'W/"4417352"',
      name: "fabrikam",
      organizationid: ORG,
    });
  if (path === "businessunits")
    return json(res, 200, {
      "@odata.context": context(host, "businessunits"),
      value: [{ businessunitid: BU, name: "fabrikam", isdisabled: false, _parentbusinessunitid_value: null }],
    });
  if (path === "environmentvariabledefinitions" || path === "environmentvariablevalues")
    return json(res, 200, { "@odata.context": context(host, path), value: [] });
  if (path === "workflows")
    return json(res, 200, {
      "@odata.context": context(host, "workflows"),
      value: [
        {
          workflowid: "e5a2c913-7b40-ef11-b8e8-000d3a2b8c41",
          name: "Notify technician on new work order",
          category: 5,
          statecode: 1,
          statuscode: 2,
          type: 1,
          primaryentity: "cts_workorder",
          createdon: "2026-10-05T10:31:12Z",
          modifiedon: "2026-11-20T07:45:03Z",
          ismanaged: false,
        },
      ],
    });
  if (path === "$batch" && req.method === "POST") return batch(req, body, res, host);

  unknownRequests.push(`Dataverse ${req.method} ${host}${url.pathname}${url.search}`);
  return dvError(res, 404, "0x8006088a", `Resource not found for the segment '${path.split(/[/(?]/)[0]}'.`);
}

// A $batch answer: each part answered as the same request would be on its own.
function batch(req: http.IncomingMessage, body: string, res: http.ServerResponse, host: string) {
  const boundary = /boundary=([^;]+)/.exec(req.headers["content-type"] ?? "")?.[1] ?? "batch";
  const parts = body.split(`--${boundary}`).filter((p) => /^(GET|POST|PATCH|DELETE) /m.test(p));
  const out = `batchresponse_${crypto.randomUUID()}`;
  const answers = parts.map((part) => {
    const line = /^(GET|POST|PATCH|DELETE) (\S+) HTTP\/1\.1/m.exec(part);
    const target = line?.[2] ?? "";
    const m = /accounts\(([^)]+)\)/.exec(target);
    const found = m ? ACCOUNT_ROWS.find((r) => r.accountid === m[1]) : undefined;
    const status = found ? "200 OK" : "404 Not Found";
    const payload = found
      ? JSON.stringify({ "@odata.context": context(host, "accounts/$entity"), ...found })
      : JSON.stringify({
          error: { code: "0x80040217", message: `account With Id = ${m?.[1] ?? ""} Does Not Exist` },
        });
    return `--${out}\r\nContent-Type: application/http\r\nContent-Transfer-Encoding: binary\r\n\r\nHTTP/1.1 ${status}\r\nContent-Type: application/json; odata.metadata=minimal\r\nOData-Version: 4.0\r\n\r\n${payload}\r\n`;
  });
  text(res, 200, `${answers.join("")}--${out}--\r\n`, `multipart/mixed; boundary=${out}`, {
    "OData-Version": "4.0",
  });
}

function handler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const host = (req.headers.host ?? "").replace(/:\d+$/, "");
  seen.push(`${req.method} ${host}${url.pathname}${url.search}`);
  if (host === LOGIN) return entra(req, url, body, res);
  if (host === PP_HOST || host === DV_HOST) return dataverse(req, url, body, res, host);
  unknownRequests.push(`${req.method} ${host}${url.pathname}`);
  return text(res, 421, "Misdirected Request");
}

export const standin = tlsStandin(STANDIN_PORT, ensureCertificate, handler);

export const ALL_STANDINS = [standin];

export function resetCounters() {
  for (const key of Object.keys(state) as (keyof typeof state)[]) state[key] = false;
  issued.clear();
  unknownRequests.length = 0;
  seen.length = 0;
}
