// A loopback stand-in for group r41-c: a UniFi console (UniFi OS) running the UniFi Network application, as
// unifi-mcp 0.1.0 calls it with `UNIFI_API_URL=http://127.0.0.1:44600`:
//
// - the Network application's integration API under `/proxy/network/integration/v1/…` (`/info`, `/sites`,
//   `/sites/{siteId}/devices`, `/devices/{id}`, `/devices/{id}/statistics/latest`, `/pending-devices`, `/clients`,
//   `/clients/{id}/actions`, `/hotspot/vouchers`, `/wans`, `/networks`), authenticated by `X-API-KEY`; bodies and
//   pages (`offset`, `limit`, `count`, `totalCount`, `data`) follow the OpenAPI document the package ships
//   (`docs/ref/unifi-openapi.json`, UniFi Network API 10.1.84), and its errors follow that document's "Error Message"
//   schema (`statusCode`, `statusName`, `code`, `message`, `timestamp`, `requestPath`, `requestId`);
// - the classic Network REST API under `/proxy/network/api/s/{site}/rest/…` (`user`, `device/{_id}`), answering
//   `{"meta": {"rc": "ok"|"error", "msg"?}, "data": […]}`;
// - UniFi OS itself in front of both: a key it does not accept is its own 401 `{"error": {"code": 401, "message":
//   "Unauthorized"}}`, and while the Network application restarts its nginx answers 502 with its HTML page.
//
// README.md says where each body's shape comes from. `state` is switched by the session's hooks.

import type http from "node:http";
import { clearTimers, httpStandin, json, later, parse, text } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r41-c";
export const PORT = 44600;
export const API_KEY = "hX3kQ9vL2mN7pR4tW8yB1cF6gJ0sD5aE";

export const state = {
  keyRevoked: false,
  readOnlyKey: false,
  networkAppRestarting: false,
  vouchersInternalError: false,
  statsSlow: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

// ── Data ────────────────────────────────────────────────────────────────────────────────────────────────────────────

export const SITE_ID = "88f7af54-98f8-306a-a1c7-c9349722b1f6";
export const GATEWAY_ID = "5f2c1b7e-3a4d-4e9f-8c21-0b6d7e8f9a10";
export const SWITCH_ID = "6a3d2c8f-4b5e-4fa0-9d32-1c7e8f9a0b21";
export const AP_OFFICE_ID = "7b4e3d9a-5c6f-40b1-ae43-2d8f9a0b1c32";
export const AP_GARAGE_ID = "8c5f4eab-6d70-41c2-bf54-3e9a0b1c2d43";
export const MISSING_DEVICE_ID = "9d6a5fbc-7e81-42d3-8065-4fab1c2d3e54";
export const GUEST_CLIENT_ID = "2e7b6a0d-8f92-4a3e-9176-5a0b1c2d3e65";
const LAPTOP_CLIENT_ID = "3f8c7b1e-9a03-4b4f-a287-6b1c2d3e4f76";
const THERMOSTAT_CLIENT_ID = "4a9d8c2f-ab14-4c50-b398-7c2d3e4f5a87";

const device = (
  id: string,
  name: string,
  model: string,
  mac: string,
  ip: string,
  status: string,
  features: string[],
  firmware: string,
  updatable: boolean,
) => ({
  id,
  macAddress: mac,
  ipAddress: ip,
  name,
  model,
  state: status,
  supported: true,
  firmwareVersion: firmware,
  firmwareUpdatable: updatable,
  features,
  interfaces: model === "USW-Lite-8-PoE" ? ["ports"] : model === "UCG-Ultra" ? ["ports"] : ["radios"],
});

const DEVICES = [
  device(
    GATEWAY_ID,
    "gw-office",
    "UCG-Ultra",
    "9c:05:d6:4a:11:20",
    "192.168.10.1",
    "ONLINE",
    ["switching"],
    "4.1.13",
    false,
  ),
  device(
    SWITCH_ID,
    "sw-desk",
    "USW-Lite-8-PoE",
    "74:83:c2:1b:22:31",
    "192.168.10.2",
    "ONLINE",
    ["switching"],
    "7.1.26",
    true,
  ),
  device(
    AP_OFFICE_ID,
    "ap-office",
    "U6-Lite",
    "e4:38:83:5c:33:42",
    "192.168.10.21",
    "ONLINE",
    ["accessPoint"],
    "6.6.77",
    false,
  ),
  device(
    AP_GARAGE_ID,
    "ap-garage",
    "U6-Mesh",
    "e4:38:83:6d:44:53",
    "192.168.10.22",
    "OFFLINE",
    ["accessPoint"],
    "6.6.55",
    true,
  ),
];

const AP_OFFICE_DETAILS = {
  id: AP_OFFICE_ID,
  macAddress: "e4:38:83:5c:33:42",
  ipAddress: "192.168.10.21",
  name: "ap-office",
  model: "U6-Lite",
  supported: true,
  state: "ONLINE",
  firmwareVersion: "6.6.77",
  firmwareUpdatable: false,
  adoptedAt: "2025-03-14T09:12:44Z",
  provisionedAt: "2026-11-30T22:05:10Z",
  configurationId: "7596498d2f367dc2",
  uplink: { deviceId: SWITCH_ID },
  features: { accessPoint: {} },
  interfaces: {
    radios: [
      { wlanStandard: "802.11ax", frequencyGHz: 2.4, channelWidthMHz: 20, channel: 6 },
      { wlanStandard: "802.11ax", frequencyGHz: 5, channelWidthMHz: 80, channel: 36 },
    ],
  },
};

const AP_OFFICE_STATS = {
  uptimeSec: 604812,
  lastHeartbeatAt: "2026-12-07T13:40:02Z",
  nextHeartbeatAt: "2026-12-07T13:40:12Z",
  loadAverage1Min: 0.41,
  loadAverage5Min: 0.37,
  loadAverage15Min: 0.35,
  cpuUtilizationPct: 11.2,
  memoryUtilizationPct: 63.8,
  uplink: { txRateBps: 1843200, rxRateBps: 9216000 },
  interfaces: {
    radios: [
      { frequencyGHz: 2.4, txRetriesPct: 9.4 },
      { frequencyGHz: 5, txRetriesPct: 3.1 },
    ],
  },
};

const CLIENTS = [
  {
    type: "WIRELESS",
    id: LAPTOP_CLIENT_ID,
    name: "laptop-dana",
    connectedAt: "2026-12-07T07:58:31Z",
    ipAddress: "192.168.10.57",
    access: { type: "DEFAULT" },
    macAddress: "5a:1f:c3:8e:72:0b",
    uplinkDeviceId: AP_OFFICE_ID,
  },
  {
    type: "WIRED",
    id: THERMOSTAT_CLIENT_ID,
    name: "ecobee-hallway",
    connectedAt: "2026-11-29T18:20:03Z",
    ipAddress: "192.168.30.14",
    access: { type: "DEFAULT" },
    macAddress: "44:61:32:0a:9c:e1",
    uplinkDeviceId: SWITCH_ID,
  },
  {
    type: "WIRELESS",
    id: GUEST_CLIENT_ID,
    name: "98:b6:e9:12:4d:7f",
    connectedAt: "2026-12-07T13:31:47Z",
    ipAddress: "192.168.40.112",
    access: { type: "GUEST", authorized: false },
    macAddress: "98:b6:e9:12:4d:7f",
    uplinkDeviceId: AP_OFFICE_ID,
  },
];

const KNOWN_CLIENTS = [
  {
    _id: "656f1a2b3c4d5e6f70819203",
    mac: "44:61:32:0a:9c:e1",
    site_id: "656f19f03c4d5e6f708191ff",
    oui: "ecobee inc",
    hostname: "ecobee-hallway",
    is_wired: true,
    first_seen: 1701711915,
    last_seen: 1796565123,
    last_connection_network_name: "IoT",
  },
  {
    _id: "656f1a2b3c4d5e6f70819204",
    mac: "98:b6:e9:12:4d:7f",
    site_id: "656f19f03c4d5e6f708191ff",
    oui: "Nintendo Co.,Ltd",
    is_wired: false,
    last_radio: "ng",
    first_seen: 1796563907,
    last_seen: 1796565099,
    last_connection_network_name: "Guest",
  },
];

// ── Answers ─────────────────────────────────────────────────────────────────────────────────────────────────────────

let requestCounter = 0;
const requestId = () => `3fa85f64-5717-4562-b3fc-${String(2963 + ++requestCounter).padStart(12, "0")}`;

/** The integration API's error body ("Error Message" in the shipped OpenAPI document). */
function apiError(
  res: http.ServerResponse,
  url: URL,
  statusCode: number,
  statusName: string,
  code: string,
  message: string,
) {
  json(res, statusCode, {
    statusCode,
    statusName,
    code,
    message,
    timestamp: "2026-12-07T13:41:09.318Z",
    requestPath: url.pathname.replace("/proxy/network", ""),
    ...(statusCode >= 500 ? { requestId: requestId() } : {}),
  });
}

function page(res: http.ServerResponse, url: URL, items: unknown[]) {
  const offset = Number(url.searchParams.get("offset") ?? 0);
  const limit = Number(url.searchParams.get("limit") ?? 25);
  const data = items.slice(offset, offset + limit);
  json(res, 200, { offset, limit, count: data.length, totalCount: items.length, data });
}

function classic(res: http.ServerResponse, status: number, data: unknown[], msg?: string) {
  json(res, status, { meta: msg ? { rc: "error", msg } : { rc: "ok" }, data });
}

/** Devices matching the few filter expressions the session uses (UniFi's `field.eq('value')`). */
function filterItems<T extends Record<string, unknown>>(items: T[], filter: string): T[] | undefined {
  const match = /^([A-Za-z.]+)\.eq\('([^']*)'\)$/.exec(filter);
  if (!match) return undefined;
  const [, field, value] = match;
  return items.filter((item) => {
    let v: unknown = item;
    for (const key of field!.split(".")) v = (v as Record<string, unknown> | undefined)?.[key];
    return String(v) === value;
  });
}

const NGINX_502 =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";

function integration(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const p = url.pathname.replace("/proxy/network/integration", "");
  const site = `/v1/sites/${SITE_ID}`;
  const method = req.method ?? "GET";

  if (p === "/v1/info" && method === "GET") return json(res, 200, { applicationVersion: "10.1.84" });
  if (p === "/v1/sites" && method === "GET")
    return page(res, url, [{ id: SITE_ID, internalReference: "default", name: "Default" }]);
  if (p === "/v1/pending-devices" && method === "GET") return page(res, url, []);

  if (p === `${site}/devices` && method === "GET") {
    const filter = url.searchParams.get("filter");
    if (!filter) return page(res, url, DEVICES);
    const found = filterItems(DEVICES, filter);
    if (!found)
      return apiError(
        res,
        url,
        400,
        "BAD_REQUEST",
        "api.request.argument-type-mismatch",
        `Invalid filter expression: ${filter}`,
      );
    return page(res, url, found);
  }
  const deviceMatch = new RegExp(`^${site}/devices/([^/]+)(/statistics/latest)?$`).exec(p);
  if (deviceMatch && method === "GET") {
    const [, id, stats] = deviceMatch;
    if (id !== AP_OFFICE_ID)
      return apiError(res, url, 404, "NOT_FOUND", "api.device.not-found", `Device with id '${id}' not found`);
    if (stats) {
      if (state.statsSlow) return later(15_000, () => json(res, 200, AP_OFFICE_STATS));
      return json(res, 200, AP_OFFICE_STATS);
    }
    return json(res, 200, AP_OFFICE_DETAILS);
  }

  if (p === `${site}/clients` && method === "GET") {
    const filter = url.searchParams.get("filter");
    return page(res, url, filter ? (filterItems(CLIENTS, filter) ?? []) : CLIENTS);
  }
  const clientAction = new RegExp(`^${site}/clients/([^/]+)/actions$`).exec(p);
  if (clientAction && method === "POST") {
    const action = String(parse(body).action ?? "");
    if (clientAction[1] !== GUEST_CLIENT_ID)
      return apiError(
        res,
        url,
        404,
        "NOT_FOUND",
        "api.client.not-found",
        `Client with id '${clientAction[1]}' not found`,
      );
    return json(res, 200, {
      action,
      grantedAuthorization: {
        authorizedAt: "2026-12-07T13:41:09Z",
        authorizationMethod: "API",
        expiresAt: "2026-12-08T13:41:09Z",
      },
    });
  }

  if (p === `${site}/hotspot/vouchers`) {
    if (method === "GET") {
      if (state.vouchersInternalError)
        return apiError(
          res,
          url,
          500,
          "INTERNAL_SERVER_ERROR",
          "api.internal-error",
          "Internal Server Error",
        );
      return page(res, url, []);
    }
    if (method === "POST") {
      if (state.readOnlyKey)
        return apiError(
          res,
          url,
          403,
          "FORBIDDEN",
          "api.authorization.insufficient-permissions",
          "The API key does not have permission to perform this action",
        );
      const request = parse(body);
      const count = Number(request.count ?? 1);
      const vouchers = Array.from({ length: count }, (_, i) => ({
        id: `b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d${String(50 + i)}`,
        createdAt: "2026-12-07T13:41:09Z",
        name: request.name,
        code: ["4861029375", "7302916458", "1598473620"][i % 3],
        authorizedGuestLimit: request.authorizedGuestLimit ?? 1,
        authorizedGuestCount: 0,
        timeLimitMinutes: request.timeLimitMinutes,
        expired: false,
      }));
      return json(res, 201, { vouchers });
    }
  }

  if (p === `${site}/wans` && method === "GET") return page(res, url, [{ id: "wan1", name: "Internet 1" }]);
  if (p === `${site}/networks` && method === "GET")
    return page(res, url, [{ id: "net-default", name: "Default", vlanId: 1 }]);

  unknownRequests.push(`${method} ${url.pathname}${url.search}`);
  return apiError(res, url, 404, "NOT_FOUND", "api.request.not-found", "Not Found");
}

function classicApi(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const p = url.pathname.replace("/proxy/network/api/s/default", "");
  const method = req.method ?? "GET";
  if (p === "/rest/user" && method === "GET") return classic(res, 200, KNOWN_CLIENTS);
  if (p === "/rest/user" && method === "POST") {
    const request = parse(body);
    return classic(res, 200, [
      {
        _id: "6571c0de3c4d5e6f70819a17",
        mac: request.mac,
        name: request.name,
        site_id: "656f19f03c4d5e6f708191ff",
        noted: true,
      },
    ]);
  }
  const deviceMatch = /^\/rest\/device\/([^/]+)$/.exec(p);
  if (deviceMatch && method === "PUT") {
    // The classic API names a device by its 24-hex `_id`; the integration API's UUID is not one.
    if (!/^[0-9a-f]{24}$/.test(deviceMatch[1]!)) return classic(res, 400, [], "api.err.IdInvalid");
    return classic(res, 200, [{ _id: deviceMatch[1], name: parse(body).name }]);
  }
  unknownRequests.push(`${method} ${url.pathname}${url.search}`);
  return classic(res, 400, [], "api.err.Invalid");
}

export const console_ = httpStandin(PORT, (req, url, body, res) => {
  seen.push(`${req.method} ${url.pathname}${url.search}`);
  if (state.networkAppRestarting && url.pathname.startsWith("/proxy/network/"))
    return text(res, 502, NGINX_502, "text/html");
  if (req.headers["x-api-key"] !== API_KEY || state.keyRevoked)
    return json(res, 401, { error: { code: 401, message: "Unauthorized" } });
  if (url.pathname.startsWith("/proxy/network/integration/")) return integration(req, url, body, res);
  if (url.pathname.startsWith("/proxy/network/api/s/default/")) return classicApi(req, url, body, res);
  unknownRequests.push(`${req.method} ${url.pathname}`);
  return text(res, 404, "Not Found");
});

export const ALL_STANDINS = [console_];
