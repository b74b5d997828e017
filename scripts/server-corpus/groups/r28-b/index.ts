// Group r28-b: home automation, IoT and devices — a Home Assistant server (@coffeerunhobby/mcp-ha-connect) over
// Home Assistant's REST API, and a UniFi Protect server (@owine/unifi-protect-mcp) over a UniFi console's Protect
// Integration API (cameras, sensors, chimes, PTZ, live views, arm profiles): each published MCP server behind a
// loopback stand-in that answers with the real service's bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r28-b && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r28-b

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CAM_FRONT,
  CAM_GARAGE,
  CAM_MISSING,
  CAM_PTZ,
  CAM_SLOW,
  CERT,
  DATA,
  HA_PORT,
  HA_SLOW_ENTITY,
  HA_TOKEN,
  PROTECT_KEY,
  PROTECT_PORT,
  clearTimers,
  ensureCertificate,
  haStandin,
  protectStandin,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@coffeerunhobby/mcp-ha-connect": "1.7.3",
  "@owine/unifi-protect-mcp": "2.14.0",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");

// ----------------------------------------------------------------------------------- Home Assistant (stdio)

const ha: SessionSpec = {
  label: "r28-b-ha",
  server: "@coffeerunhobby/mcp-ha-connect",
  transport: "stdio",
  start: stdioServer("r28-b-ha", "@coffeerunhobby/mcp-ha-connect", {
    from: FROM,
    cwd: DATA,
    env: {
      HA_PLUGIN_ENABLED: "true",
      HA_URL: `http://127.0.0.1:${HA_PORT}`,
      HA_TOKEN,
      HA_TIMEOUT: "5000",
      MCP_SERVER_LOG_LEVEL: "info",
      HOME,
    },
  }),
  steps: [
    step("ha-001", "getVersion", {}, "the Home Assistant version and configuration"),
    step(
      "ha-002",
      "searchEntities",
      { query: "living room" },
      "entities whose id or name mentions the living room",
    ),
    step("ha-003", "searchEntities", { query: "pool pump" }, "a search that finds no entity"),
    step("ha-004", "getState", { entity_id: "light.living_room" }, "one light's state and attributes"),
    step(
      "ha-005",
      "getState",
      { entity_id: "light.attic" },
      "an entity id that does not exist (404 Entity not found.)",
    ),
    step("ha-006", "getState", { entity_id: "light.attic" }, "the same call again, id unchanged"),
    step(
      "ha-007",
      "controlLight",
      { entity_id: "light.living_room_floor_lamp", action: "turn_on", brightness_pct: 40 },
      "turn the floor lamp on at 40 %",
    ),
    step(
      "ha-008",
      "callService",
      { domain: "light", service: "blink", target: { entity_id: "light.kitchen" } },
      "a service the light domain does not have (400 Bad Request)",
    ),
    step(
      "ha-009",
      "getHistory",
      { entity_id: "sensor.outdoor_temperature", hours: 6 },
      "six hours of the outdoor temperature",
    ),
    step(
      "ha-010",
      "getHistory",
      { entity_id: "sensor.garage_co2", hours: 24 },
      "the history of an entity the recorder never saw (an empty list)",
    ),
    step("ha-011", "listAutomations", { state: "on" }, "the enabled automations"),
    step(
      "ha-012",
      "triggerAutomation",
      { entity_id: "automation.porch_lights_at_sunset" },
      "run an automation by hand",
    ),
    step(
      "ha-013",
      "getAutomationTrace",
      { entity_id: "automation.night_mode" },
      "an automation's traces, which the server asks of a REST path Home Assistant does not serve (404)",
    ),
    step(
      "ha-014",
      "getCalendarEvents",
      { entity_id: "calendar.family", days: 7 },
      "the family calendar's next week",
    ),
    step(
      "ha-015",
      "controlClimate",
      { entity_id: "climate.hallway", temperature: 21, hvac_mode: "heat" },
      "set the hallway thermostat to 21 °C",
    ),
    step(
      "ha-016",
      "getSystemLog",
      { hours: 2, entity_id: "binary_sensor.front_door" },
      "the front door's logbook for two hours",
    ),
    step("ha-017", "listCalendars", {}, "every calendar"),
    step(
      "ha-018",
      "deleteAutomation",
      { automation_id: "1700000000003" },
      "delete an automation with a non-admin user's token (Home Assistant's 401 for require_admin)",
      flag("haNonAdmin"),
    ),
    step(
      "ha-019",
      "getStates",
      {},
      "every state while Home Assistant has banned the server's address after failed logins (403)",
      flag("haIpBanned"),
    ),
    step(
      "ha-020",
      "listEntities",
      { domain: "sensor" },
      "the sensors while Cloudflare in front of Home Assistant rate-limits the client (429, Retry-After)",
      flag("haRateLimited"),
    ),
    step(
      "ha-021",
      "getState",
      { entity_id: "sensor.outdoor_temperature" },
      "a state while Cloudflare answers its 502 page (Home Assistant restarting behind the tunnel)",
      flag("haBadGateway"),
    ),
    step(
      "ha-022",
      "getAllSensors",
      {},
      "every sensor while Home Assistant answers 500",
      flag("haServerError"),
    ),
    step(
      "ha-023",
      "getState",
      { entity_id: HA_SLOW_ENTITY },
      "an entity Home Assistant takes 15 s for; the server gives up at its HA_TIMEOUT of 5 s",
    ),
    step(
      "ha-024",
      "entityAction",
      { entity_id: "light.kitchen", action: "toggle" },
      "toggle a light while Home Assistant cannot be reached",
      down(haStandin),
    ),
    step(
      "ha-025",
      "setAlarmPanel",
      { entity_id: "alarm_control_panel.home" },
      "a tool the server does not have",
    ),
  ],
};

// ------------------------------------------------------------------------------------ UniFi Protect (stdio)

const protect: SessionSpec = {
  label: "r28-b-protect",
  server: "@owine/unifi-protect-mcp",
  transport: "stdio",
  start: stdioServer("r28-b-protect", "@owine/unifi-protect-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      UNIFI_PROTECT_HOST: `127.0.0.1:${PROTECT_PORT}`,
      UNIFI_PROTECT_API_KEY: PROTECT_KEY,
      UNIFI_PROTECT_READ_ONLY: "false",
      NODE_EXTRA_CA_CERTS: CERT,
      HOME,
    },
  }),
  steps: [
    step("up-001", "protect_get_info", {}, "the Protect application's version"),
    step("up-002", "protect_list_cameras", {}, "every camera (one of them disconnected)"),
    step("up-003", "protect_get_camera", { id: CAM_FRONT }, "the doorbell camera"),
    step(
      "up-004",
      "protect_get_camera",
      { id: CAM_MISSING },
      "a camera id that does not exist (404 Entity 'camera' not found)",
    ),
    step("up-005", "protect_get_camera", { id: CAM_MISSING }, "the same call again, id unchanged"),
    step("up-006", "protect_get_snapshot", { id: CAM_FRONT, highQuality: true }, "a JPEG snapshot"),
    step(
      "up-007",
      "protect_get_rtsp_streams",
      { id: CAM_GARAGE },
      "a camera's RTSPS sessions when none is active (every quality null)",
    ),
    step(
      "up-008",
      "protect_create_rtsp_stream",
      { id: CAM_FRONT, qualities: ["high", "low"] },
      "start RTSPS streams at two qualities",
    ),
    step(
      "up-009",
      "protect_create_rtsp_stream",
      { id: CAM_FRONT, qualities: ["4k"] },
      "a quality the tool's schema does not allow",
    ),
    step("up-010", "protect_list_lights", {}, "the floodlights, of which there are none"),
    step("up-011", "protect_list_sensors", {}, "the sensors (one door contact, battery low)"),
    step("up-012", "protect_list_liveviews", {}, "the live views"),
    step("up-013", "protect_list_arm_profiles", {}, "the alarm manager's arm profiles"),
    step(
      "up-014",
      "protect_update_camera",
      { id: CAM_FRONT, settings: { micVolume: 150 } },
      "set a microphone volume past the API's maximum of 100 (400)",
    ),
    step(
      "up-015",
      "protect_update_camera",
      { id: CAM_FRONT, settings: { name: "Front Porch" }, dryRun: true },
      "a dry run of renaming the doorbell",
    ),
    step(
      "up-016",
      "protect_goto_ptz_preset",
      { id: CAM_PTZ, slot: 3 },
      "move the PTZ camera to a preset slot that holds no preset (404 Entity 'preset' not found)",
    ),
    step("up-017", "protect_goto_ptz_preset", { id: CAM_PTZ, slot: 0 }, "move it to its first preset (204)"),
    step(
      "up-018",
      "protect_list_files",
      { fileType: "animations" },
      "the uploaded doorbell animations: none",
    ),
    step(
      "up-019",
      "protect_list_files",
      { fileType: "ringtones" },
      "a file type the API does not support (400)",
    ),
    step(
      "up-020",
      "protect_list_nvrs",
      {},
      "the NVR after the API key was deleted in the console (401)",
      flag("upKeyRevoked"),
    ),
    step(
      "up-021",
      "protect_list_chimes",
      {},
      "the chimes while the console's nginx answers 502 (Protect restarting for an update)",
      flag("upBadGateway"),
    ),
    step(
      "up-022",
      "protect_get_camera",
      { id: CAM_SLOW },
      "a camera the console takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "up-023",
      "protect_list_cameras",
      {},
      "every camera while the console cannot be reached",
      down(protectStandin),
    ),
    step("up-024", "protect_reboot_camera", { id: CAM_GARAGE }, "a tool the server does not have"),
    step("up-025", "protect_get_liveview", { id: "66d025b301ebc903e80003ea" }, "the default live view"),
  ],
};

export const SESSIONS: SessionSpec[] = [ha, protect];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
