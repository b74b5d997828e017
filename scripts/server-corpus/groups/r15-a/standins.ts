// Loopback stand-ins for the services behind this group's servers, answering with the real APIs' bodies and
// error bodies:
// - Hostinger's public API (`developers.hostinger.com/api/vps/v1`, bearer token, Laravel-style errors
//   `{"message", "errors"?, "correlation_id"}`), reached through the server's own `API_BASE_URL`;
// - the Hetzner Cloud API (`api.hetzner.cloud/v1`, bearer token, errors `{"error":{"code","message","details"}}`),
//   written into both Hetzner servers and reached through a forward proxy each (standin-kit's `forwardProxy`):
//   @lazyants/hetzner-mcp-server uses axios, which sends absolute-form requests to an `HTTPS_PROXY`;
//   hcloud-mcp uses Node's built-in fetch, which `proxy-preload.mjs` routes through the proxy (CONNECT);
// - the Azure Cosmos DB REST API (the account endpoint is the connection string's `AccountEndpoint`, so a plain
//   loopback HTTP listener; errors `{"code","message"}` with `x-ms-substatus` and `x-ms-activity-id` headers).
// `state` is switched by the sessions' hooks (a revoked key, a rate limit, an outage, …).

import { randomUUID } from "node:crypto";
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

export const DATA = "/tmp/faultline-corpus-r15-a";
export const CERT = path.join(DATA, "standin-cert.pem");

export const HOSTINGER_API_PORT = 40150;
export const HOSTINGER_MCP_PORT = 40151;
export const HETZNER_PROXY_PORT = 40152;
export const HCLOUD_PROXY_PORT = 40153;
export const COSMOS_PORT = 40154;

export const HOSTINGER_TOKEN = "hst_r15aCorpusStandinToken_Wq8xLm2Np4Rv6Ty9Zb3Cd5Fg";
export const HETZNER_TOKEN = "r15aHcloudStandinTokenQ2w4E6r8T0y2U4i6O8p0A2s4D6f8G0h2J4k6L8z0X2c4";
export const COSMOS_KEY =
  "C2y6yDjf5/R+ob0N8A7Cgv30VRDJIWEHLM+4QDU5DE2nQ9nDuVTqobD4b8mGGyPMbIZnqyMsEcaGQy67XIw/Jw==";

const HOSTS = ["api.hetzner.cloud", "api.hetzner.com"];

export const state = {
  hstTokenRevoked: false,
  hstRateLimited: false,
  hstServerError: false,
  hstOriginDns: false,
  hzTokenInvalid: false,
  hzTokenReadonly: false,
  hzRateLimited: false,
  hzServerError: false,
  hzBadGateway: false,
  hzMaintenance: false,
  hzSlow: false,
  cosmosKeyRotated: false,
  cosmosFirewall: false,
  cosmosThrottled: false,
  cosmosServerError: false,
};

let cert: Certificate | undefined;
export function ensureCertificate(): Certificate {
  cert ??= certificate(DATA, HOSTS);
  return cert;
}
const tls = () => ensureCertificate();

const NGINX_502 = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx</center>
</body>
</html>
`;

// Cloudflare's page for error 1016, served with HTTP 530 (hostinger/api#44 quotes it for api.hostinger.com).
const CLOUDFLARE_1016 = `<!DOCTYPE html>
<!--[if lt IE 7]> <html class="no-js ie6 oldie" lang="en-US"> <![endif]-->
<!--[if gt IE 8]><!--> <html class="no-js" lang="en-US"> <!--<![endif]-->
<head>
<title>Origin DNS error | developers.hostinger.com | Cloudflare</title>
<meta charset="UTF-8" />
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />
<meta name="robots" content="noindex, nofollow" />
</head>
<body>
  <div id="cf-wrapper">
    <div id="cf-error-details" class="cf-error-details-wrapper">
      <div class="cf-wrapper cf-header cf-error-overview">
        <h1>
          <span class="cf-error-type" data-translate="error">Error</span>
          <span class="cf-error-code">1016</span>
          <small class="heading-ray-id">Ray ID: 8f2c41d7be0a91c3 &bull; 2026-12-06 14:20:11 UTC</small>
        </h1>
        <h2 class="cf-subheadline" data-translate="error_desc">Origin DNS error</h2>
      </div>
      <section></section>
      <div class="cf-section cf-wrapper">
        <div class="clearfix">
          <div class="cf-column">
            <h2 data-translate="what_happened">What happened?</h2>
            <p>You've requested a page on a website (developers.hostinger.com) that is on the <a href="https://www.cloudflare.com/5xx-error-landing/" target="_blank">Cloudflare</a> network. Cloudflare is currently unable to resolve your requested domain (developers.hostinger.com).</p>
          </div>
        </div>
      </div>
    </div>
  </div>
</body>
</html>
`;

// ----------------------------------------------------------------------------------------- Hostinger

const correlation = () => randomUUID();

function hstError(
  res: http.ServerResponse,
  status: number,
  message: string,
  extra: object = {},
  headers = {},
) {
  json(res, status, { message, ...extra, correlation_id: correlation() }, headers);
}

const VM_RUNNING = {
  id: 1268054,
  firewall_group_id: 3817,
  subscription_id: "Azz3KXUdtRmpe4tGX",
  data_center_id: 17,
  plan: "KVM 2",
  hostname: "srv1268054.hstgr.cloud",
  state: "running",
  actions_lock: "unlocked",
  cpus: 2,
  memory: 8192,
  disk: 102400,
  bandwidth: 8192000,
  ns1: "153.92.2.6",
  ns2: "1.1.1.1",
  ipv4: [{ id: 52347, address: "203.0.113.54", ptr: "srv1268054.hstgr.cloud" }],
  ipv6: [{ id: 52348, address: "2001:db8:4::54", ptr: null }],
  template: {
    id: 1077,
    name: "Ubuntu 24.04 LTS",
    description: "Ubuntu 24.04 LTS",
    documentation: null,
  },
  created_at: "2026-03-14T09:21:07Z",
};

const VM_LOCKED = {
  ...VM_RUNNING,
  id: 1268071,
  hostname: "srv1268071.hstgr.cloud",
  actions_lock: "locked",
  ipv4: [{ id: 52391, address: "203.0.113.71", ptr: "srv1268071.hstgr.cloud" }],
  ipv6: [],
  firewall_group_id: null,
};

const FIREWALLS = [
  {
    id: 3817,
    name: "web-default",
    is_synced: true,
    rules: [
      {
        id: 91201,
        action: "accept",
        protocol: "SSH",
        port: "22",
        source: "custom",
        source_detail: "198.51.100.0/24",
      },
      { id: 91202, action: "accept", protocol: "HTTPS", port: "443", source: "any", source_detail: "any" },
    ],
    created_at: "2026-03-14T09:30:00Z",
    updated_at: "2026-10-02T11:04:51Z",
  },
];

const DATA_CENTERS = [
  { id: 17, name: "us-bos", location: "us", city: "Boston", continent: "North America" },
  { id: 19, name: "fr-mrs", location: "fr", city: "Marseille", continent: "Europe" },
  { id: 21, name: "lt-vno", location: "lt", city: "Vilnius", continent: "Europe" },
];

function page<T>(data: T[]) {
  return { data, meta: { current_page: 1, per_page: 15, total: data.length } };
}

let hstActionId = 4401877;

function hostinger(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  if (state.hstOriginDns) return text(res, 530, CLOUDFLARE_1016, "text/html; charset=UTF-8");
  if (req.headers.authorization !== `Bearer ${HOSTINGER_TOKEN}` || state.hstTokenRevoked)
    return hstError(res, 401, "Unauthenticated.");
  if (state.hstRateLimited)
    return hstError(
      res,
      429,
      "Too Many Attempts.",
      {},
      { "retry-after": "58", "x-ratelimit-limit": "60", "x-ratelimit-remaining": "0" },
    );
  if (state.hstServerError) return hstError(res, 500, "Server Error");
  const p = url.pathname.replace(/^\/api\/vps\/v1/, "");
  const method = req.method ?? "GET";
  const input = body ? parse(body) : {};
  let m: RegExpMatchArray | null;

  if (method === "GET" && p === "/virtual-machines") return json(res, 200, [VM_RUNNING, VM_LOCKED]);
  if (method === "GET" && p === "/data-centers") return json(res, 200, DATA_CENTERS);
  if (method === "GET" && p === "/firewall") return json(res, 200, page(FIREWALLS));
  if (method === "GET" && p === "/post-install-scripts") return json(res, 200, page([]));
  if ((m = p.match(/^\/virtual-machines\/([^/]+)(\/.*)?$/))) {
    const id = m[1];
    const rest = m[2] ?? "";
    if (!/^\d+$/.test(id!))
      return hstError(res, 422, "The virtual machine id must be an integer.", {
        errors: { virtualMachineId: ["The virtual machine id must be an integer."] },
      });
    const vm = [VM_RUNNING, VM_LOCKED].find((v) => String(v.id) === id);
    if (id === "1190042") return hstError(res, 403, "This action is unauthorized.");
    if (!vm) return hstError(res, 404, "Virtual machine not found");
    if (method === "GET" && rest === "") return json(res, 200, vm);
    if (method === "GET" && rest === "/backups") return json(res, 200, page([]));
    if (method === "GET" && rest === "/metrics") {
      const from = String(url.searchParams.get("date_from") ?? "");
      const to = String(url.searchParams.get("date_to") ?? "");
      if (from && to && from > to)
        return hstError(res, 422, "The date to field must be a date after date from.", {
          errors: { date_to: ["The date to field must be a date after date from."] },
        });
      if (id === "1268054" && from.startsWith("2026-12-06T14:00"))
        return later(15_000, () => json(res, 200, {}));
      return json(res, 200, {
        cpu_usage: { unit: "%", usage: { "1764979200": 3.2, "1764982800": 4.1 } },
        ram_usage: { unit: "bytes", usage: { "1764979200": 1840234496, "1764982800": 1861271552 } },
        disk_space: { unit: "bytes", usage: { "1764979200": 9663676416, "1764982800": 9663676416 } },
        outgoing_traffic: { unit: "bytes", usage: { "1764979200": 1882112, "1764982800": 2019328 } },
        incoming_traffic: { unit: "bytes", usage: { "1764979200": 912384, "1764982800": 977920 } },
        uptime: { unit: "milliseconds", usage: { "1764979200": 2160000000, "1764982800": 2163600000 } },
      });
    }
    if (method === "PUT" && rest === "/hostname") {
      const hostname = input.hostname;
      if (
        typeof hostname !== "string" ||
        !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i.test(hostname)
      )
        return hstError(res, 422, "The hostname field format is invalid.", {
          errors: { hostname: ["The hostname field format is invalid."] },
        });
      return json(res, 200, {
        id: hstActionId++,
        name: "set_hostname",
        state: "success",
        created_at: "2026-12-06T14:21:03Z",
        updated_at: "2026-12-06T14:21:03Z",
      });
    }
    if (method === "POST" && ["/restart", "/stop", "/start", "/snapshot"].includes(rest)) {
      if (vm.actions_lock === "locked")
        return hstError(res, 422, "Virtual machine is locked: another action is already in progress.");
      return json(res, 200, {
        id: hstActionId++,
        name: rest.slice(1),
        state: "sent",
        created_at: "2026-12-06T14:21:03Z",
        updated_at: "2026-12-06T14:21:03Z",
      });
    }
    if (method === "POST" && rest === "/recovery") {
      const pw = String(input.root_password ?? "");
      if (pw.length < 12)
        return hstError(res, 422, "The root password field must be at least 12 characters.", {
          errors: { root_password: ["The root password field must be at least 12 characters."] },
        });
      return json(res, 200, {
        id: hstActionId++,
        name: "recovery_start",
        state: "sent",
        created_at: "2026-12-06T14:21:03Z",
        updated_at: "2026-12-06T14:21:03Z",
      });
    }
    return hstError(res, 404, "Not found.");
  }
  if (method === "POST" && p === "/virtual-machines")
    return hstError(res, 422, "[Billing] The payment could not be processed: the card on file was declined.");
  if ((m = p.match(/^\/firewall\/(\d+)$/)) && method === "GET") {
    const fw = FIREWALLS.find((f) => String(f.id) === m![1]);
    return fw ? json(res, 200, fw) : hstError(res, 404, "Firewall not found");
  }
  if ((m = p.match(/^\/firewall\/(\d+)\/rules$/)) && method === "POST") {
    if (m[1] !== "3817") return hstError(res, 404, "Firewall not found");
    const dup = FIREWALLS[0]!.rules.some(
      (r) => r.port === String(input.port) && r.protocol === input.protocol,
    );
    if (dup)
      return hstError(res, 422, "Firewall rule with the same protocol, port and source already exists.");
    return json(res, 200, {
      id: 91277,
      action: "accept",
      protocol: input.protocol,
      port: input.port,
      source: input.source,
      source_detail: input.source_detail,
    });
  }
  hstError(res, 404, "Not found.");
}

export const hostingerStandin = httpStandin(HOSTINGER_API_PORT, hostinger);

// -------------------------------------------------------------------------------------- Hetzner Cloud

function hzError(
  res: http.ServerResponse,
  status: number,
  code: string,
  message: string,
  details: unknown = {},
  headers = {},
) {
  json(res, status, { error: { code, message, details } }, headers);
}

const pagination = (n: number) => ({
  meta: {
    pagination: {
      page: 1,
      per_page: 25,
      previous_page: null,
      next_page: null,
      last_page: 1,
      total_entries: n,
    },
  },
});

const LOCATION_FSN1 = {
  id: 1,
  name: "fsn1",
  description: "Falkenstein DC Park 1",
  country: "DE",
  city: "Falkenstein",
  latitude: 50.47612,
  longitude: 12.370071,
  network_zone: "eu-central",
};

const CX22 = {
  id: 104,
  name: "cx22",
  description: "CX22",
  cores: 2,
  memory: 4.0,
  disk: 40,
  deprecated: false,
  prices: [
    {
      location: "fsn1",
      price_hourly: { net: "0.0063000000", gross: "0.0074970000000000" },
      price_monthly: { net: "3.7900000000", gross: "4.5101000000000000" },
      included_traffic: 21990232555520,
      price_per_tb_traffic: { net: "1.0000000000", gross: "1.1900000000000000" },
    },
  ],
  storage_type: "local",
  cpu_type: "shared",
  architecture: "x86",
  deprecation: null,
};

function hzServer(id: number, name: string, status: string, labels: Record<string, string>, protect = false) {
  return {
    id,
    name,
    status,
    created: "2026-02-11T08:14:55+00:00",
    public_net: {
      ipv4: {
        id: id + 90000,
        ip: `198.51.100.${id % 200}`,
        blocked: false,
        dns_ptr: `static.${id}.clients.your-server.de`,
      },
      ipv6: { id: id + 90001, ip: "2a01:4f8:c012:8b5a::/64", blocked: false, dns_ptr: [] },
      floating_ips: [],
      firewalls: [{ id: 1200441, status: "applied" }],
    },
    private_net: [],
    server_type: CX22,
    datacenter: {
      id: 4,
      name: "fsn1-dc14",
      description: "Falkenstein 1 virtual DC 14",
      location: LOCATION_FSN1,
    },
    image: {
      id: 161547269,
      type: "system",
      status: "available",
      name: "ubuntu-24.04",
      description: "Ubuntu 24.04",
      os_flavor: "ubuntu",
      os_version: "24.04",
      architecture: "x86",
    },
    iso: null,
    rescue_enabled: false,
    locked: false,
    backup_window: null,
    outgoing_traffic: 1284718592,
    ingoing_traffic: 3921846272,
    included_traffic: 21990232555520,
    protection: { delete: protect, rebuild: protect },
    labels,
    volumes: [],
    load_balancers: [],
    primary_disk_size: 40,
    placement_group: null,
  };
}

const HZ_SERVERS = [
  hzServer(58912044, "web-1", "running", { env: "prod", role: "web" }),
  hzServer(58912045, "web-2", "running", { env: "prod", role: "web" }),
  hzServer(58912101, "db-1", "off", { env: "prod", role: "db" }, true),
];

const SSH_KEYS = [
  {
    id: 21804417,
    name: "deploy@ci",
    fingerprint: "b7:2f:30:a0:2f:6c:58:6c:21:04:58:61:ba:06:3b:2f",
    public_key: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBnm0Jq4v0qN1pTz3Vv0uJ6rQeO2Xw7kL9sD1fGhJkLm deploy@ci",
    labels: {},
    created: "2026-02-10T16:02:11+00:00",
  },
];

let hzActionId = 1839201457;
function hzAction(command: string, resourceId: number, status = "running") {
  return {
    id: hzActionId++,
    command,
    status,
    progress: status === "success" ? 100 : 0,
    started: "2026-12-06T14:22:31+00:00",
    finished: status === "success" ? "2026-12-06T14:22:31+00:00" : null,
    resources: [{ id: resourceId, type: "server" }],
    error: null,
  };
}

function hetzner(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const limits = {
    "ratelimit-limit": "3600",
    "ratelimit-remaining": "3571",
    "ratelimit-reset": "1765031011",
  };
  if (state.hzSlow) return later(15_000, () => json(res, 200, { servers: [], ...pagination(0) }));
  if (state.hzBadGateway) return text(res, 502, NGINX_502, "text/html");
  if (req.headers.authorization !== `Bearer ${HETZNER_TOKEN}` || state.hzTokenInvalid)
    return hzError(res, 401, "unauthorized", "unable to authenticate");
  const method = req.method ?? "GET";
  if (state.hzTokenReadonly && method !== "GET")
    return hzError(res, 401, "token_readonly", "The token is only allowed to perform GET requests");
  if (state.hzRateLimited)
    return hzError(
      res,
      429,
      "rate_limit_exceeded",
      "Limit of '3600' requests per hour for token 'r15aHcloudStandinTokenQ2w4E6r8T0y2U4i6...' reached.",
      null,
      {
        "ratelimit-limit": "3600",
        "ratelimit-remaining": "0",
        "ratelimit-reset": "1765031011",
        "retry-after": "1",
      },
    );
  if (state.hzServerError) return hzError(res, 500, "server_error", "internal server error", {});
  if (state.hzMaintenance && method !== "GET")
    return hzError(res, 403, "maintenance", "operation is currently blocked due to maintenance", {});
  const p = url.pathname.replace(/^\/v1/, "");
  const input = body ? parse(body) : {};
  let m: RegExpMatchArray | null;

  if (method === "GET" && p === "/servers") {
    let list = HZ_SERVERS;
    const name = url.searchParams.get("name");
    if (name) list = list.filter((s) => s.name === name);
    const status = url.searchParams.get("status");
    if (status) list = list.filter((s) => s.status === status);
    const selector = url.searchParams.get("label_selector");
    if (selector) {
      const pairs = selector.split(",").map((pair) => pair.split(/==?/));
      if (pairs.some((pair) => pair.length !== 2 || !pair[0]))
        return hzError(res, 422, "invalid_input", `invalid label_selector: ${selector}`, {
          fields: [{ name: "label_selector", messages: ["invalid label selector"] }],
        });
      list = list.filter((s) => pairs.every(([k, v]) => (s.labels as Record<string, string>)[k!] === v));
    }
    if (url.searchParams.get("name") === "slow-1")
      return later(15_000, () => json(res, 200, { servers: [], ...pagination(0) }, limits));
    return json(res, 200, { servers: list, ...pagination(list.length) }, limits);
  }
  if ((m = p.match(/^\/servers\/(\d+)$/))) {
    const server = HZ_SERVERS.find((s) => String(s.id) === m![1]);
    if (!server) return hzError(res, 404, "not_found", `server with ID '${m[1]}' not found`, {});
    if (method === "GET") return json(res, 200, { server }, limits);
    if (method === "DELETE") {
      if (server.protection.delete) return hzError(res, 423, "protected", "server deletion is protected", {});
      return json(res, 200, { action: hzAction("delete_server", server.id) }, limits);
    }
    if (method === "PUT") {
      const name = input.name;
      if (typeof name === "string" && HZ_SERVERS.some((s) => s.name === name && s.id !== server.id))
        return hzError(res, 409, "uniqueness_error", "server name is already used", {
          fields: [{ name: "name" }],
        });
      return json(
        res,
        200,
        { server: { ...server, ...(name ? { name } : {}), labels: input.labels ?? server.labels } },
        limits,
      );
    }
  }
  if ((m = p.match(/^\/servers\/(\d+)\/actions\/(\w+)$/)) && method === "POST") {
    const server = HZ_SERVERS.find((s) => String(s.id) === m![1]);
    if (!server) return hzError(res, 404, "not_found", `server with ID '${m[1]}' not found`, {});
    const action = m[2]!;
    if (action === "change_type") {
      if (server.status !== "off")
        return hzError(res, 412, "server_not_stopped", "server must be stopped before changing type", {});
      return json(res, 201, { action: hzAction("change_server_type", server.id) }, limits);
    }
    if (action === "rebuild" && server.protection.rebuild)
      return hzError(res, 423, "protected", "server rebuild is protected", {});
    if (action === "reboot" && server.id === 58912045)
      return hzError(res, 423, "locked", "server is locked", {});
    const command =
      {
        poweron: "start_server",
        poweroff: "stop_server",
        reboot: "reboot_server",
        shutdown: "shutdown_server",
        reset: "reset_server",
      }[action] ?? action;
    return json(res, 201, { action: hzAction(command, server.id) }, limits);
  }
  if ((m = p.match(/^\/servers\/(\d+)\/metrics$/)) && method === "GET") {
    const start = url.searchParams.get("start") ?? "";
    const end = url.searchParams.get("end") ?? "";
    if (!start || Number.isNaN(Date.parse(start)) || Number.isNaN(Date.parse(end)))
      return hzError(res, 422, "invalid_input", "invalid input in field 'start'", {
        fields: [{ name: "start", messages: ["invalid RFC3339 timestamp"] }],
      });
    if (Date.parse(start) >= Date.parse(end))
      return hzError(res, 422, "invalid_input", "invalid input in field 'end': must be after start", {
        fields: [{ name: "end", messages: ["must be after start"] }],
      });
    return json(
      res,
      200,
      {
        metrics: {
          start,
          end,
          step: 60,
          time_series: {
            cpu: {
              values: [
                [1765029600, "4.2163"],
                [1765029660, "3.9512"],
                [1765029720, "5.1007"],
              ],
            },
          },
        },
      },
      limits,
    );
  }
  if (method === "POST" && p === "/servers") {
    const name = String(input.name ?? "");
    if (!/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i.test(name))
      return hzError(res, 422, "invalid_input", "invalid input in field 'name'", {
        fields: [{ name: "name", messages: ["Must be a valid hostname."] }],
      });
    if (HZ_SERVERS.some((s) => s.name === name))
      return hzError(res, 409, "uniqueness_error", "server name is already used", {
        fields: [{ name: "name" }],
      });
    if (input.server_type === "cx11")
      return hzError(res, 422, "invalid_input", "server type cx11 not found", {
        fields: [{ name: "server_type", messages: ["server type cx11 not found"] }],
      });
    if (input.server_type === "ccx63")
      return hzError(res, 403, "resource_limit_exceeded", "dedicated core limit exceeded", {
        limits: [{ name: "dedicated_core_limit" }],
      });
    if (input.location === "sin")
      return hzError(res, 412, "resource_unavailable", "server type cx22 is unavailable in location sin", {});
    const created = hzServer(58913370, name, "initializing", (input.labels as Record<string, string>) ?? {});
    return json(
      res,
      201,
      {
        server: created,
        action: hzAction("create_server", created.id),
        next_actions: [hzAction("start_server", created.id)],
        root_password: input.ssh_keys ? null : "kV4mR9qT2wXz",
      },
      limits,
    );
  }
  if (method === "GET" && p === "/ssh_keys") {
    const name = url.searchParams.get("name");
    const list = name ? SSH_KEYS.filter((k) => k.name === name) : SSH_KEYS;
    return json(res, 200, { ssh_keys: list, ...pagination(list.length) }, limits);
  }
  if (method === "POST" && p === "/ssh_keys") {
    const key = String(input.public_key ?? "");
    if (!/^ssh-(ed25519|rsa) AAAA/.test(key))
      return hzError(res, 422, "invalid_input", "invalid input in field 'public_key'", {
        fields: [{ name: "public_key", messages: ["invalid public key"] }],
      });
    if (key.split(" ")[1] === SSH_KEYS[0]!.public_key.split(" ")[1])
      return hzError(res, 409, "uniqueness_error", "SSH key with the same fingerprint already exists", {
        fields: [{ name: "public_key" }],
      });
    return json(
      res,
      201,
      { ssh_key: { ...SSH_KEYS[0], id: 21804590, name: input.name, public_key: key } },
      limits,
    );
  }
  if (method === "GET" && p === "/volumes") return json(res, 200, { volumes: [], ...pagination(0) }, limits);
  if (method === "GET" && p === "/locations")
    return json(res, 200, { locations: [LOCATION_FSN1], ...pagination(1) }, limits);
  if (method === "GET" && p === "/server_types") {
    const name = url.searchParams.get("name");
    const list = !name || name === "cx22" ? [CX22] : [];
    return json(res, 200, { server_types: list, ...pagination(list.length) }, limits);
  }
  hzError(res, 404, "not_found", "not found", {});
}

export const hetznerStandin = forwardProxy(HETZNER_PROXY_PORT, tls, hetzner);
export const hcloudStandin = forwardProxy(HCLOUD_PROXY_PORT, tls, hetzner);

// ------------------------------------------------------------------------------------- Azure Cosmos DB

const COSMOS_ENDPOINT = `http://127.0.0.1:${COSMOS_PORT}/`;

function activity() {
  return randomUUID();
}

function cosmosHeaders(extra: Record<string, string> = {}) {
  return {
    "x-ms-activity-id": activity(),
    "x-ms-request-charge": "1",
    "x-ms-session-token": "0:-1#1942",
    "x-ms-gatewayversion": "2.0.0",
    "x-ms-serviceversion": "version=2.14.0.0",
    ...extra,
  };
}

function cosmosError(
  res: http.ServerResponse,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
) {
  const id = activity();
  json(
    res,
    status,
    { code, message: `${message}\r\nActivityId: ${id}, Microsoft.Azure.Documents.Common/2.14.0` },
    { ...cosmosHeaders({ "x-ms-activity-id": id }), ...headers },
  );
}

const DB = {
  id: "shop",
  _rid: "8tRvAA==",
  _self: "dbs/8tRvAA==/",
  _etag: '"0000d01a-0000-0d00-0000-6571c2a90000"',
  _colls: "colls/",
  _users: "users/",
  _ts: 1701954217,
};
const DB2 = { ...DB, id: "telemetry", _rid: "8tRvBB==", _self: "dbs/8tRvBB==/" };

function coll(id: string, rid: string, pk: string) {
  return {
    id,
    indexingPolicy: {
      indexingMode: "consistent",
      automatic: true,
      includedPaths: [{ path: "/*" }],
      excludedPaths: [{ path: '/"_etag"/?' }],
    },
    partitionKey: { paths: [pk], kind: "Hash", version: 2 },
    conflictResolutionPolicy: {
      mode: "LastWriterWins",
      conflictResolutionPath: "/_ts",
      conflictResolutionProcedure: "",
    },
    geospatialConfig: { type: "Geography" },
    _rid: rid,
    _ts: 1701954230,
    _self: `dbs/8tRvAA==/colls/${rid}/`,
    _etag: '"0000d21a-0000-0d00-0000-6571c2b60000"',
    _docs: "docs/",
    _sprocs: "sprocs/",
    _triggers: "triggers/",
    _udfs: "udfs/",
    _conflicts: "conflicts/",
  };
}

const COLLS: Record<string, ReturnType<typeof coll>> = {
  orders: coll("orders", "8tRvAK2xQ0A=", "/customerId"),
  customers: coll("customers", "8tRvAO5mL1E=", "/id"),
};

const ORDERS = [
  {
    id: "ord-10041",
    customerId: "cust-17",
    status: "shipped",
    total: 84.5,
    items: 3,
    createdAt: "2026-11-28T10:02:00Z",
  },
  {
    id: "ord-10042",
    customerId: "cust-17",
    status: "pending",
    total: 19.99,
    items: 1,
    createdAt: "2026-12-01T08:45:13Z",
  },
  {
    id: "ord-10043",
    customerId: "cust-42",
    status: "shipped",
    total: 240.0,
    items: 6,
    createdAt: "2026-12-02T17:30:41Z",
  },
].map((doc, i) => ({
  ...doc,
  _rid: `8tRvAK2xQ0ABAAAAAAAAA${i}==`,
  _self: `dbs/8tRvAA==/colls/8tRvAK2xQ0A=/docs/8tRvAK2xQ0ABAAAAAAAAA${i}==/`,
  _etag: `"7700f7c3-0000-0d00-0000-6571c2d${i}0000"`,
  _attachments: "attachments/",
  _ts: 1764580000 + i * 3600,
}));

function databaseAccount() {
  const location = { name: "West Europe", databaseAccountEndpoint: COSMOS_ENDPOINT };
  return {
    _self: "",
    id: "contoso-shop",
    _rid: "contoso-shop.documents.azure.com",
    media: "//media/",
    addresses: "//addresses/",
    _dbs: "//dbs/",
    writableLocations: [location],
    readableLocations: [location],
    enableMultipleWriteLocations: false,
    userReplicationPolicy: { asyncReplication: false, minReplicaSetSize: 3, maxReplicasetSize: 4 },
    userConsistencyPolicy: { defaultConsistencyLevel: "Session" },
    systemReplicationPolicy: { minReplicaSetSize: 3, maxReplicasetSize: 4 },
    readPolicy: { primaryReadCoefficient: 1, secondaryReadCoefficient: 1 },
    queryEngineConfiguration:
      '{"maxSqlQueryInputLength":262144,"maxJoinsPerSqlQuery":5,"maxLogicalAndPerSqlQuery":500,"maxLogicalOrPerSqlQuery":500,"maxUdfRefPerSqlQuery":10,"maxInExpressionItemsCount":16000,"queryMaxInMemorySortDocumentCount":500,"maxQueryRequestTimeoutFraction":0.9,"sqlAllowNonFiniteNumbers":false,"sqlAllowAggregateFunctions":true,"sqlAllowSubQuery":true,"sqlAllowScalarSubQuery":true,"allowNewKeywords":true,"sqlAllowLike":true,"sqlAllowGroupByClause":true,"maxSpatialQueryCells":12,"spatialMaxGeometryPointCount":256,"sqlDisableOptimizationFlags":0,"sqlAllowTop":true,"enableSpatialIndexing":true}',
  };
}

/** A query the stand-in understands: `SELECT [TOP n] * | c.x, … FROM c [WHERE c.f = @p | 'v' [AND …]] [ORDER BY …]`. */
function runQuery(
  spec: { query?: string; parameters?: { name: string; value: unknown }[] },
  docs: typeof ORDERS,
) {
  const query = String(spec.query ?? "");
  const syntax = query.match(/\bFORM\b|\bSELEC\b|\bWHER\b/i);
  if (syntax)
    return { error: { start: syntax.index!, end: syntax.index! + syntax[0].length, near: syntax[0] } };
  if (!/^\s*SELECT\s/i.test(query) || !/\sFROM\s+c\b/i.test(query))
    return { error: { start: 0, end: Math.min(query.length, 6), near: query.split(/\s+/)[0] ?? "" } };
  const params = Object.fromEntries((spec.parameters ?? []).map((p) => [p.name, p.value]));
  let out = [...docs] as Record<string, unknown>[];
  const where = query.match(/\sWHERE\s+(.+?)(\s+ORDER\s+BY\s|$)/i);
  if (where) {
    for (const cond of where[1]!.split(/\s+AND\s+/i)) {
      const c = cond.match(/c\.(\w+)\s*=\s*(@\w+|'[^']*'|\d+(\.\d+)?|true|false)/i);
      if (!c) continue;
      const raw = c[2]!;
      const value = raw.startsWith("@")
        ? params[raw]
        : raw.startsWith("'")
          ? raw.slice(1, -1)
          : JSON.parse(raw);
      out = out.filter((d) => d[c[1]!] === value);
    }
  }
  const top = query.match(/SELECT\s+TOP\s+(\d+)/i);
  if (top) out = out.slice(0, Number(top[1]));
  const fields = query.match(/SELECT\s+(?:TOP\s+\d+\s+)?(.+?)\s+FROM/i)?.[1] ?? "*";
  if (fields.trim() !== "*") {
    const names = fields.split(",").map((f) => f.trim().replace(/^c\./, ""));
    out = out.map((d) => Object.fromEntries(names.map((n) => [n, d[n]]).filter(([, v]) => v !== undefined)));
  }
  return { docs: out, top: top ? Number(top[1]) : null };
}

function cosmos(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const p = decodeURIComponent(url.pathname).replace(/\/$/, "");
  const method = req.method ?? "GET";
  if (state.cosmosKeyRotated)
    return cosmosError(
      res,
      401,
      "Unauthorized",
      `The input authorization token can't serve the request. The wrong key is being used or the expected payload is not built as per the protocol. For more info: https://aka.ms/cosmosdb-tsg-mac-signature. Server used the following payload to sign: '${method.toLowerCase()}\n${p.includes("/docs") ? "docs" : "colls"}\n${p.replace(/^\//, "")}\n${new Date().toUTCString().toLowerCase()}\n\n'`,
    );
  if (state.cosmosFirewall)
    return cosmosError(
      res,
      403,
      "Forbidden",
      "Request originated from IP 203.0.113.77 through public internet. This is blocked by your Cosmos DB account firewall settings. More info: https://aka.ms/cosmosdb-tsg-forbidden",
      { "x-ms-substatus": "5200" },
    );
  if (p === "" && method === "GET") return json(res, 200, databaseAccount(), cosmosHeaders());
  if (state.cosmosThrottled)
    return cosmosError(
      res,
      429,
      "429",
      'Message: {"Errors":["Request rate is large. More Request Units may be needed, so no changes were made. Please retry this request later. Learn more: http://aka.ms/cosmosdb-error-429"]}',
      { "x-ms-retry-after-ms": "100", "x-ms-substatus": "3200" },
    );
  if (state.cosmosServerError)
    return cosmosError(
      res,
      500,
      "InternalServerError",
      'Message: {"Errors":["An unknown error occurred while processing this request. If the issue persists, please contact Azure Support: http://aka.ms/azure-support"]}',
    );
  let m: RegExpMatchArray | null;
  if (p === "/dbs" && method === "GET")
    return json(
      res,
      200,
      { _rid: "", Databases: [DB, DB2], _count: 2 },
      cosmosHeaders({ "x-ms-item-count": "2" }),
    );
  if ((m = p.match(/^\/dbs\/([^/]+)$/)) && method === "GET") {
    const db = [DB, DB2].find((d) => d.id === m![1]);
    if (!db)
      return cosmosError(
        res,
        404,
        "NotFound",
        'Message: {"Errors":["Resource Not Found. Learn more: https://aka.ms/cosmosdb-tsg-not-found"]}',
      );
    return json(res, 200, db, cosmosHeaders());
  }
  if (p === "/offers" && method === "POST")
    return json(
      res,
      200,
      {
        _rid: "",
        Offers: [
          {
            resource: "dbs/8tRvAA==/colls/8tRvAK2xQ0A=/",
            offerType: "Invalid",
            offerResourceId: "8tRvAK2xQ0A=",
            offerVersion: "V2",
            content: { offerThroughput: 400, offerIsRUPerMinuteThroughputEnabled: false },
            id: "q0Zy",
            _rid: "q0Zy",
            _self: "offers/q0Zy/",
            _etag: '"00000b01-0000-0d00-0000-6571c2b60000"',
            _ts: 1701954230,
          },
        ],
        _count: 1,
      },
      cosmosHeaders(),
    );
  if ((m = p.match(/^\/dbs\/shop\/colls$/)) && method === "GET")
    return json(
      res,
      200,
      { _rid: "8tRvAA==", DocumentCollections: Object.values(COLLS), _count: 2 },
      cosmosHeaders(),
    );
  if ((m = p.match(/^\/dbs\/shop\/colls\/([^/]+)(\/.*)?$/))) {
    const c = COLLS[m[1]!];
    const rest = m[2] ?? "";
    if (!c)
      return cosmosError(
        res,
        404,
        "NotFound",
        'Message: {"Errors":["Resource Not Found. Learn more: https://aka.ms/cosmosdb-tsg-not-found"]}',
      );
    const docs = c.id === "orders" ? ORDERS : [];
    if (rest === "" && method === "GET") return json(res, 200, c, cosmosHeaders());
    if (rest === "/pkranges" && method === "GET")
      return json(
        res,
        200,
        {
          _rid: c._rid,
          PartitionKeyRanges: [
            {
              _rid: `${c._rid}AgAAAAAAAAA=`,
              id: "0",
              _etag: '"00009e00-0000-0d00-0000-6571c2b60000"',
              minInclusive: "",
              maxExclusive: "FF",
              ridPrefix: 0,
              _self: `${c._self}pkranges/${c._rid}AgAAAAAAAAA=/`,
              throughputFraction: 1,
              status: "online",
              parents: [],
              ownedArchivalPKRangeIds: [],
              _ts: 1701954230,
              lsn: 19,
            },
          ],
          _count: 1,
        },
        cosmosHeaders({ etag: '"19"', "x-ms-item-count": "1" }),
      );
    if (rest === "/docs" && method === "POST") {
      const isQuery =
        String(req.headers["x-ms-documentdb-isquery"] ?? "").toLowerCase() === "true" ||
        req.headers["content-type"] === "application/query+json";
      const isPlan = String(req.headers["x-ms-cosmos-is-query-plan-request"] ?? "").toLowerCase() === "true";
      if (isPlan || isQuery) {
        const spec = parse(body) as { query?: string; parameters?: { name: string; value: unknown }[] };
        const result = runQuery(spec, docs);
        if (result.error)
          return cosmosError(
            res,
            400,
            "BadRequest",
            JSON.stringify({
              errors: [
                {
                  severity: "Error",
                  location: { start: result.error.start, end: result.error.end },
                  code: "SC1001",
                  message: `Syntax error, incorrect syntax near '${result.error.near}'.`,
                },
              ],
            }),
            { "x-ms-substatus": "0" },
          );
        if (/slow/i.test(String(spec.query)))
          return later(15_000, () => json(res, 200, { Documents: [], _count: 0 }, cosmosHeaders()));
        if (isPlan)
          return json(
            res,
            200,
            {
              partitionedQueryExecutionInfoVersion: 2,
              queryInfo: {
                distinctType: "None",
                top: result.top,
                offset: null,
                limit: null,
                orderBy: [],
                orderByExpressions: [],
                groupByExpressions: [],
                groupByAliases: [],
                aggregates: [],
                groupByAliasToAggregateType: {},
                rewrittenQuery: "",
                hasSelectValue: false,
                dCountInfo: null,
                hasNonStreamingOrderBy: false,
              },
              queryRanges: [{ min: "", max: "FF", isMinInclusive: true, isMaxInclusive: false }],
            },
            cosmosHeaders(),
          );
        return json(
          res,
          200,
          { _rid: c._rid, Documents: result.docs, _count: result.docs!.length },
          cosmosHeaders({ "x-ms-item-count": String(result.docs!.length), "x-ms-request-charge": "2.83" }),
        );
      }
      const doc = parse(body) as Record<string, unknown>;
      if (JSON.stringify(doc).length > 2 * 1024 * 1024)
        return cosmosError(
          res,
          413,
          "RequestEntityTooLarge",
          'Message: {"Errors":["Request size is too large"]}',
        );
      const upsert = String(req.headers["x-ms-documentdb-is-upsert"] ?? "").toLowerCase() === "true";
      if (!upsert && docs.some((d) => d.id === doc.id))
        return cosmosError(
          res,
          409,
          "Conflict",
          'Message: {"Errors":["Entity with the specified id already exists in the system., "]}',
          { "x-ms-substatus": "0" },
        );
      return json(
        res,
        upsert && docs.some((d) => d.id === doc.id) ? 200 : 201,
        {
          ...doc,
          _rid: "8tRvAK2xQ0ABBBBBBBBBBA==",
          _self: `${c._self}docs/8tRvAK2xQ0ABBBBBBBBBBA==/`,
          _etag: '"7700a1b2-0000-0d00-0000-6574d9f10000"',
          _attachments: "attachments/",
          _ts: 1765030897,
        },
        cosmosHeaders({ "x-ms-request-charge": "7.62" }),
      );
    }
    if ((m = rest.match(/^\/docs\/([^/]+)$/))) {
      const doc = docs.find((d) => d.id === m![1]);
      const pk = String(req.headers["x-ms-documentdb-partitionkey"] ?? "");
      const matches =
        doc && pk === JSON.stringify([doc[c.partitionKey.paths[0]!.slice(1) as keyof typeof doc]]);
      if (!doc || !matches)
        return cosmosError(
          res,
          404,
          "NotFound",
          "Entity with the specified id does not exist in the system. More info: https://aka.ms/cosmosdb-tsg-not-found",
          { "x-ms-substatus": "0" },
        );
      if (method === "GET") return json(res, 200, doc, cosmosHeaders());
      if (method === "PUT") {
        const next = parse(body) as Record<string, unknown>;
        if (next.customerId !== doc.customerId)
          return cosmosError(
            res,
            400,
            "BadRequest",
            'Message: {"Errors":["PartitionKey extracted from document doesn\'t match the one specified in the header. Learn more: https://aka.ms/CosmosDB/sql/errors/wrong-pk-value"]}',
            { "x-ms-substatus": "1001" },
          );
        return json(
          res,
          200,
          { ...doc, ...next, _ts: 1765030950, _etag: '"7700a1c9-0000-0d00-0000-6574da260000"' },
          cosmosHeaders({ "x-ms-request-charge": "10.67" }),
        );
      }
      if (method === "DELETE") {
        res.writeHead(204, cosmosHeaders({ "x-ms-request-charge": "7.62" }));
        return res.end();
      }
    }
  }
  cosmosError(
    res,
    404,
    "NotFound",
    'Message: {"Errors":["Resource Not Found. Learn more: https://aka.ms/cosmosdb-tsg-not-found"]}',
  );
}

export const cosmosStandin = httpStandin(COSMOS_PORT, cosmos);

export const ALL_STANDINS = [hostingerStandin, hetznerStandin, hcloudStandin, cosmosStandin];
