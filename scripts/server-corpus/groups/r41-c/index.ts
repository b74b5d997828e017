// Group r41-c: IoT, devices and telemetry — a UniFi network's devices (gateway, switch, access points), their live
// statistics and the clients on them (laptops, a thermostat, a guest's console), through Pedro Proença's unifi-mcp
// (the UniFi Network application's integration API, and its classic REST API for renames and client aliases). The
// kind's other servers (ThingsBoard, Particle, SmartThings, Tuya, MQTT, Node-RED, OctoPrint, Hue, Shelly, Tesla,
// weather stations) had no package this machine's registry serves; README.md says which were tried. The published
// server runs against a loopback stand-in of a UniFi console (standins.ts); its API base URL is configurable.
//
//   (cd scripts/server-corpus/groups/r41-c && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r41-c

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  API_KEY,
  AP_OFFICE_ID,
  AP_GARAGE_ID,
  DATA,
  GUEST_CLIENT_ID,
  MISSING_DEVICE_ID,
  PORT,
  clearTimers,
  console_,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "unifi-mcp": "0.1.0",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");

const unifi: SessionSpec = {
  label: "r41-c-unifi",
  server: "unifi-mcp",
  transport: "stdio",
  start: stdioServer("r41-c-unifi", "unifi-mcp", {
    from: FROM,
    env: {
      HOME,
      UNIFI_API_URL: `http://127.0.0.1:${PORT}`,
      UNIFI_API_KEY: API_KEY,
    },
  }),
  steps: [
    step("unf-001", "get_system_info", {}, "the Network application's version"),
    step("unf-002", "list_sites", {}, "the console's sites (one)"),
    step("unf-003", "list_devices", {}, "the adopted devices: a gateway, a switch, two access points"),
    step(
      "unf-004",
      "list_devices",
      { filter: "state.eq('OFFLINE')" },
      "devices filtered to those offline (the garage access point)",
    ),
    step(
      "unf-005",
      "list_devices",
      { filter: "model.eq('U7-Pro')" },
      "devices of a model the site does not have",
    ),
    step(
      "unf-006",
      "list_devices",
      { filter: "state = OFFLINE" },
      "a filter that is not UniFi's expression syntax: the API answers 400",
    ),
    step("unf-007", "get_device", { deviceId: AP_OFFICE_ID }, "one access point's details and radios"),
    step(
      "unf-008",
      "get_device",
      { deviceId: MISSING_DEVICE_ID },
      "a device id the site does not have: the API answers 404",
    ),
    step("unf-009", "get_device", { deviceId: MISSING_DEVICE_ID }, "the same call again, unchanged"),
    step(
      "unf-010",
      "get_device_stats",
      { deviceId: AP_OFFICE_ID },
      "an access point's latest CPU, memory, load and radio statistics",
    ),
    step("unf-011", "list_pending_devices", {}, "devices waiting for adoption (none)"),
    step("unf-012", "list_clients", {}, "the connected clients: two wireless, one wired"),
    step(
      "unf-013",
      "client_action",
      { clientId: GUEST_CLIENT_ID, action: "AUTHORIZE_GUEST_ACCESS" },
      "authorize a guest's client on the hotspot",
    ),
    step(
      "unf-014",
      "manage_vouchers",
      { action: "create", name: "guest-24h", count: 3, timeLimitMinutes: 1440 },
      "generate vouchers with a key of a read-only admin: the API answers 403",
      flag("readOnlyKey"),
    ),
    step(
      "unf-015",
      "manage_vouchers",
      { action: "create", name: "guest-24h", count: 3, timeLimitMinutes: 1440 },
      "generate three one-day hotspot vouchers",
    ),
    step(
      "unf-016",
      "manage_vouchers",
      { action: "delete" },
      "delete one voucher without naming it (the tool needs voucherId)",
    ),
    step(
      "unf-017",
      "manage_device",
      { action: "update", deviceId: AP_GARAGE_ID, name: "ap-garage-mesh" },
      "rename a device: the tool sends the integration UUID to the classic API, which answers 400 api.err.IdInvalid",
    ),
    step("unf-018", "list_known_clients", {}, "every client the site has seen, from the classic REST API"),
    step(
      "unf-019",
      "manage_client",
      { action: "update", macAddress: "5A:1F:C3:8E:72:0B", name: "laptop-dana" },
      "give a client an alias",
    ),
    step(
      "unf-020",
      "get_wan_status",
      {},
      "the WAN interfaces after the API key was deleted on the console: UniFi OS answers 401",
      flag("keyRevoked"),
    ),
    step(
      "unf-021",
      "list_clients",
      {},
      "the Network application is restarting: the console's nginx answers 502 with its HTML page",
      flag("networkAppRestarting"),
    ),
    step(
      "unf-022",
      "manage_vouchers",
      { action: "list" },
      "list vouchers: the API answers 500 with a request id",
      flag("vouchersInternalError"),
    ),
    step(
      "unf-023",
      "get_device_stats",
      { deviceId: AP_OFFICE_ID },
      "an answer 15 s late; the client waits 4 s",
      flag("statsSlow", { timeoutMs: 4000 }),
    ),
    step(
      "unf-024",
      "list_networks",
      {},
      "a call while the console is unreachable (connection refused)",
      down(console_),
    ),
    step(
      "unf-025",
      "restart_device",
      { deviceId: AP_GARAGE_ID },
      "a tool the server does not have (it is device_action)",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [unifi];

export async function prepare(): Promise<() => Promise<void>> {
  fs.rmSync(HOME, { recursive: true, force: true });
  fs.mkdirSync(HOME, { recursive: true });
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
