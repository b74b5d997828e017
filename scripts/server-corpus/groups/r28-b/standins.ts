// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from):
// - Home Assistant's REST API (`/api/…`, homeassistant/components/api and the history, logbook, calendar and
//   config views) for @coffeerunhobby/mcp-ha-connect, whose base URL is the documented `HA_URL`: a plain HTTP
//   listener. Its rate limit and 502 come from the Cloudflare tunnel a remote Home Assistant usually sits behind.
// - A UniFi console's Protect Integration API (`/proxy/protect/integration/v1/…`) for @owine/unifi-protect-mcp,
//   whose host is the documented `UNIFI_PROTECT_HOST` and always spoken to over HTTPS: a TLS listener with the
//   stand-in certificate (trusted by NODE_EXTRA_CA_CERTS, as a console's own certificate would be).
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import path from "node:path";
import {
  certificate,
  clearTimers,
  cloudflare502,
  httpStandin,
  json,
  later,
  parse,
  text,
  tlsStandin,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r28-b";
export const CERT = path.join(DATA, "standin-cert.pem");

export const HA_PORT = 42150;
export const PROTECT_PORT = 42151;

export const ensureCertificate = (): Certificate => certificate(DATA, ["unifi.local"]);

export const state = {
  haNonAdmin: false,
  haIpBanned: false,
  haRateLimited: false,
  haBadGateway: false,
  haServerError: false,
  upKeyRevoked: false,
  upBadGateway: false,
};

export const unknownRequests: string[] = [];

// ---------------------------------------------------------------------------------------------- Home Assistant

export const HA_TOKEN =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiI3ZjNhOWM0ZTJiMWQ0YTZmOGUwYzNiNWQ3YTlmMWUyYyIsImlhdCI6MTc2NDk3NjAwMCwiZXhwIjoyMDgwMzM2MDAwfQ.3q0vY1b7cQkq2x0yHn8cYx0aLr6dE4rN9vS1kM2pW5o";

/** An entity that exists but answers after 15 s (a Z-Wave camera entity whose integration hangs). */
export const HA_SLOW_ENTITY = "camera.driveway";

const HOUR = 3_600_000;
const stamp = (msAgo: number) => new Date(Math.floor((Date.now() - msAgo) / 1000) * 1000).toISOString();

function entity(entityId: string, value: string, attributes: Record<string, unknown>, msAgo = 2 * HOUR) {
  const changed = stamp(msAgo);
  return {
    entity_id: entityId,
    state: value,
    attributes,
    last_changed: changed,
    last_reported: changed,
    last_updated: changed,
    context: { id: "01JEGQ5T3V8W2X4Y6Z8A0B2C4D", parent_id: null, user_id: null },
  };
}

const STATES = [
  entity("sun.sun", "above_horizon", {
    next_dawn: "2026-12-08T06:48:12.000Z",
    next_dusk: "2026-12-07T16:31:40.000Z",
    elevation: 14.2,
    azimuth: 196.7,
    rising: false,
    friendly_name: "Sun",
  }),
  entity("light.living_room", "on", {
    supported_color_modes: ["color_temp", "xy"],
    color_mode: "color_temp",
    brightness: 153,
    color_temp_kelvin: 2702,
    min_color_temp_kelvin: 2202,
    max_color_temp_kelvin: 6535,
    friendly_name: "Living Room Ceiling",
    supported_features: 44,
  }),
  entity("light.living_room_floor_lamp", "off", {
    supported_color_modes: ["brightness"],
    color_mode: null,
    brightness: null,
    friendly_name: "Living Room Floor Lamp",
    supported_features: 32,
  }),
  entity("light.kitchen", "off", {
    supported_color_modes: ["onoff"],
    color_mode: null,
    friendly_name: "Kitchen Pendants",
    supported_features: 0,
  }),
  entity("sensor.outdoor_temperature", "4.6", {
    state_class: "measurement",
    unit_of_measurement: "°C",
    device_class: "temperature",
    friendly_name: "Outdoor Temperature",
  }),
  entity("sensor.living_room_humidity", "47", {
    state_class: "measurement",
    unit_of_measurement: "%",
    device_class: "humidity",
    friendly_name: "Living Room Humidity",
  }),
  entity(
    "binary_sensor.front_door",
    "off",
    { device_class: "door", friendly_name: "Front Door" },
    25 * 60_000,
  ),
  entity("climate.hallway", "heat", {
    hvac_modes: ["off", "heat"],
    min_temp: 7,
    max_temp: 35,
    current_temperature: 19.5,
    temperature: 20,
    hvac_action: "idle",
    friendly_name: "Hallway Thermostat",
    supported_features: 385,
  }),
  entity("person.anna", "home", {
    editable: true,
    id: "anna",
    device_trackers: ["device_tracker.pixel_8"],
    latitude: 52.3731,
    longitude: 4.8922,
    gps_accuracy: 12,
    source: "device_tracker.pixel_8",
    user_id: "6d1f0a9e2b3c4d5e6f708192a3b4c5d6",
    friendly_name: "Anna",
  }),
  entity("automation.porch_lights_at_sunset", "on", {
    id: "1700000000001",
    last_triggered: stamp(22 * HOUR),
    mode: "single",
    current: 0,
    friendly_name: "Porch lights at sunset",
  }),
  entity("automation.night_mode", "on", {
    id: "1700000000002",
    last_triggered: stamp(14 * HOUR),
    mode: "restart",
    current: 0,
    friendly_name: "Night mode",
  }),
  entity("automation.vacation_lights", "off", {
    id: "1700000000003",
    last_triggered: null,
    mode: "single",
    current: 0,
    friendly_name: "Vacation lights",
  }),
  entity("calendar.family", "off", {
    message: "Bin collection",
    all_day: true,
    start_time: "2026-12-09 00:00:00",
    end_time: "2026-12-10 00:00:00",
    location: "",
    description: "",
    friendly_name: "Family",
  }),
  entity(HA_SLOW_ENTITY, "idle", {
    access_token: "9a1c6e0b4d2f8a7c",
    frontend_stream_type: "hls",
    friendly_name: "Driveway",
    supported_features: 2,
  }),
];

const stateOf = (id: string) => STATES.find((s) => s.entity_id === id);

// aiohttp's default bodies for the HTTP exceptions Home Assistant raises (text/plain "<status>: <reason>"), and
// its default 500 page for an unhandled exception in a view.
function aiohttpError(res: http.ServerResponse, status: number, reason: string) {
  text(res, status, `${status}: ${reason}`, "text/plain; charset=utf-8");
}
const AIOHTTP_500 = "500 Internal Server Error\n\nServer got itself in trouble";

// Cloudflare's rate-limiting page (error 1015) as its edge answers in front of a Cloudflare Tunnel.
const CLOUDFLARE_1015 = `<!DOCTYPE html>
<html class="no-js" lang="en-US">
<head>
<title>You are being rate limited | ha.example-home.net | Cloudflare</title>
<meta charset="UTF-8" />
</head>
<body>
<div id="cf-wrapper">
<div id="cf-error-details" class="p-0">
<header class="mx-auto pt-10 lg:pt-6 lg:px-8 w-240 lg:w-full mb-15 antialiased">
<h1 class="inline-block md:block mr-2 md:mb-2 font-light text-60 md:text-3xl text-black-dark leading-tight">
<span data-translate="error">Error</span>
<span>1015</span>
</h1>
<h2 class="text-gray-600 leading-1.3 text-3xl font-light">You are being rate limited</h2>
</header>
<section class="w-240 lg:w-full mx-auto mb-8 lg:px-8">
<div id="what-happened-section" class="w-1/2 md:w-full">
<h2 class="text-3xl leading-tight font-normal mb-4 text-black-dark antialiased" data-translate="what_happened">What happened?</h2>
<p>The owner of this website (ha.example-home.net) has banned you temporarily from accessing this website.</p>
</div>
</section>
<div class="cf-error-footer cf-wrapper w-240 lg:w-full py-10 sm:py-4 sm:px-8 mx-auto text-center sm:text-left border-solid border-0 border-t border-gray-300">
<p class="text-13">
<span class="cf-footer-item sm:block sm:mb-1">Cloudflare Ray ID: <strong class="font-semibold">8ef4a1c7b9d23e51</strong></span>
</p>
</div>
</div>
</div>
</body>
</html>
`;

/** History of the outdoor temperature: one list per entity, the first entry the state at the period's start. */
function temperatureHistory() {
  const readings = ["5.8", "5.4", "5.1", "4.9", "4.6"];
  return [
    readings.map((value, i) => {
      const at = stamp((readings.length - 1 - i) * 80 * 60_000 + 5 * 60_000);
      const row: Record<string, unknown> = {
        entity_id: "sensor.outdoor_temperature",
        state: value,
        attributes: {},
        last_changed: at,
        last_updated: at,
      };
      if (i === 0) {
        row.attributes = {
          state_class: "measurement",
          unit_of_measurement: "°C",
          device_class: "temperature",
          friendly_name: "Outdoor Temperature",
        };
      }
      return row;
    }),
  ];
}

const LOGBOOK_FRONT_DOOR = [
  {
    when: stamp(95 * 60_000),
    state: "on",
    entity_id: "binary_sensor.front_door",
    name: "Front Door",
    context_user_id: null,
  },
  {
    when: stamp(94 * 60_000),
    state: "off",
    entity_id: "binary_sensor.front_door",
    name: "Front Door",
    context_user_id: null,
  },
  {
    when: stamp(26 * 60_000),
    state: "on",
    entity_id: "binary_sensor.front_door",
    name: "Front Door",
    context_user_id: null,
  },
  {
    when: stamp(25 * 60_000),
    state: "off",
    entity_id: "binary_sensor.front_door",
    name: "Front Door",
    context_user_id: null,
  },
];

const FAMILY_EVENTS = [
  {
    start: { date: "2026-12-09" },
    end: { date: "2026-12-10" },
    summary: "Bin collection",
    description: null,
    location: null,
    uid: "b1n-2026-12-09@family",
    recurrence_id: "20261209",
    rrule: "FREQ=WEEKLY;BYDAY=WE",
  },
  {
    start: { dateTime: "2026-12-11T18:30:00+01:00" },
    end: { dateTime: "2026-12-11T20:00:00+01:00" },
    summary: "Boiler service",
    description: "Technician from Feenstra, 2-hour window",
    location: "Home",
    uid: "9f3c2a71-boiler@family",
    recurrence_id: null,
    rrule: null,
  },
];

const KNOWN_SERVICES: Record<string, string[]> = {
  light: ["turn_on", "turn_off", "toggle"],
  switch: ["turn_on", "turn_off", "toggle"],
  climate: ["set_temperature", "set_hvac_mode", "turn_on", "turn_off"],
  automation: ["trigger", "turn_on", "turn_off", "toggle", "reload"],
  homeassistant: ["turn_on", "turn_off", "toggle", "restart"],
};

function haHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  const p = url.pathname;
  res.setHeader("server", "cloudflare");
  if (state.haRateLimited) {
    return text(res, 429, CLOUDFLARE_1015, "text/html; charset=UTF-8", {
      "retry-after": "60",
      "cf-ray": "8ef4a1c7b9d23e51-AMS",
    });
  }
  if (state.haBadGateway) {
    return text(
      res,
      502,
      cloudflare502("ha.example-home.net", "8ef4a2d05c1b7f33"),
      "text/html; charset=UTF-8",
      {
        "cf-ray": "8ef4a2d05c1b7f33-AMS",
      },
    );
  }
  // http.ban: an address banned after failed logins (ip_bans.yaml) is refused before any auth, HTTPForbidden.
  if (state.haIpBanned) return aiohttpError(res, 403, "Forbidden");
  if (req.headers.authorization !== `Bearer ${HA_TOKEN}`) {
    return aiohttpError(res, 401, "Unauthorized");
  }
  if (state.haServerError) return text(res, 500, AIOHTTP_500, "text/plain; charset=utf-8");
  let m: RegExpMatchArray | null;
  if (method === "GET" && p === "/api/") return json(res, 200, { message: "API running." });
  if (method === "GET" && p === "/api/config") {
    return json(res, 200, {
      allowlist_external_dirs: ["/config/www", "/media"],
      allowlist_external_urls: [],
      components: [
        "api",
        "automation",
        "calendar",
        "climate",
        "history",
        "http",
        "light",
        "logbook",
        "person",
      ],
      config_dir: "/config",
      config_source: "storage",
      country: "NL",
      currency: "EUR",
      elevation: 2,
      external_url: "https://ha.example-home.net",
      internal_url: null,
      language: "en",
      latitude: 52.3731,
      location_name: "Home",
      longitude: 4.8922,
      radius: 100,
      recovery_mode: false,
      safe_mode: false,
      state: "RUNNING",
      time_zone: "Europe/Amsterdam",
      unit_system: {
        length: "km",
        accumulated_precipitation: "mm",
        area: "m²",
        mass: "g",
        pressure: "Pa",
        temperature: "°C",
        volume: "L",
        wind_speed: "m/s",
      },
      version: "2026.11.3",
      whitelist_external_dirs: ["/config/www", "/media"],
    });
  }
  if (method === "GET" && p === "/api/states") return json(res, 200, STATES);
  if (method === "GET" && (m = p.match(/^\/api\/states\/(.+)$/))) {
    const id = decodeURIComponent(m[1]!);
    if (id === HA_SLOW_ENTITY) return later(15_000, () => json(res, 200, stateOf(id)));
    const found = stateOf(id);
    return found ? json(res, 200, found) : json(res, 404, { message: "Entity not found." });
  }
  if (method === "POST" && (m = p.match(/^\/api\/services\/([^/]+)\/([^/]+)$/))) {
    const [domain, service] = [decodeURIComponent(m[1]!), decodeURIComponent(m[2]!)];
    // ServiceNotFound and vol.Invalid are raised as HTTPBadRequest (homeassistant/components/api).
    if (!KNOWN_SERVICES[domain]?.includes(service)) return aiohttpError(res, 400, "Bad Request");
    const input = parse(body) as { entity_id?: string | string[] };
    const ids = ([] as string[]).concat(input.entity_id ?? []);
    const changed = ids.flatMap((id) => {
      const found = stateOf(id);
      if (!found) return [];
      if (domain === "light" && service === "turn_on") {
        return [{ ...found, state: "on", last_changed: stamp(0), last_updated: stamp(0) }];
      }
      if (domain === "automation" && service === "trigger") {
        return [
          { ...found, attributes: { ...found.attributes, last_triggered: stamp(0) }, last_updated: stamp(0) },
        ];
      }
      return [found];
    });
    return json(res, 200, changed);
  }
  if (method === "GET" && (m = p.match(/^\/api\/history\/period\/(.+)$/))) {
    const filter = url.searchParams.get("filter_entity_id") ?? "";
    if (filter === "sensor.outdoor_temperature") return json(res, 200, temperatureHistory());
    // Entities the recorder never saw: no list for them at all.
    return json(res, 200, []);
  }
  if (method === "GET" && (m = p.match(/^\/api\/logbook\/(.+)$/))) {
    const entityId = url.searchParams.get("entity");
    return json(res, 200, entityId === "binary_sensor.front_door" || !entityId ? LOGBOOK_FRONT_DOOR : []);
  }
  if (method === "GET" && p === "/api/calendars") {
    return json(res, 200, [{ entity_id: "calendar.family", name: "Family" }]);
  }
  if (method === "GET" && (m = p.match(/^\/api\/calendars\/(.+)$/))) {
    const id = decodeURIComponent(m[1]!);
    if (id !== "calendar.family") return aiohttpError(res, 400, "Bad Request");
    return json(res, 200, FAMILY_EVENTS);
  }
  if ((m = p.match(/^\/api\/config\/automation\/config\/([^/]+)$/))) {
    // Config views are @require_admin: a non-admin user's token is refused with Unauthorized (401).
    if (state.haNonAdmin) return aiohttpError(res, 401, "Unauthorized");
    const known = STATES.some((s) => s.attributes.id === m![1]);
    if (!known) return json(res, 404, { message: "Resource not found" });
    if (method === "DELETE") return json(res, 200, { result: "ok" });
  }
  unknownRequests.push(`ha ${method} ${p}`);
  return aiohttpError(res, 404, "Not Found");
}

export const haStandin = httpStandin(HA_PORT, haHandler);

// ------------------------------------------------------------------------------------------------ UniFi Protect

export const PROTECT_KEY = "Q2x0VnBxN3RkR1p3bF9rY3lRb0hqM2Z1WkRmN0N4";

export const CAM_FRONT = "672094f900e26303e800062a";
export const CAM_GARAGE = "672094f900e26303e800062b";
export const CAM_PTZ = "672094f900e26303e800062c";
export const CAM_MISSING = "66d025b301ebc903e80003ff";
export const CAM_SLOW = "672094f900e26303e800062d";

function camera(
  id: string,
  name: string,
  type: string,
  mac: string,
  extra: { state?: string; hasPackageCamera?: boolean; activePatrolSlot?: number | null } = {},
) {
  return {
    id,
    modelKey: "camera",
    state: extra.state ?? "CONNECTED",
    name,
    mac,
    type,
    guid: "b8a3c1d0-5e6f-4a7b-9c8d-0e1f2a3b4c5d",
    isMicEnabled: true,
    osdSettings: { isNameEnabled: true, isDateEnabled: true, isLogoEnabled: false, isDebugEnabled: false },
    ledSettings: { isEnabled: true },
    lcdMessage: {},
    micVolume: 100,
    activePatrolSlot: extra.activePatrolSlot ?? null,
    videoMode: "default",
    hdrType: "auto",
    featureFlags: {
      supportFullHdSnapshot: true,
      hasHdr: true,
      smartDetectTypes: ["person", "vehicle", "animal", "package"],
      smartDetectAudioTypes: ["alrmSmoke", "alrmCmonx"],
      videoModes: ["default", "highFps"],
      hasMic: true,
      hasLedStatus: true,
      hasSpeaker: id === CAM_FRONT,
    },
    smartDetectSettings: { objectTypes: ["person", "vehicle"], audioTypes: [] },
    hasPackageCamera: extra.hasPackageCamera ?? false,
  };
}

const CAMERAS: Record<string, ReturnType<typeof camera>> = {
  [CAM_FRONT]: camera(CAM_FRONT, "Front Door", "UVC G4 Doorbell Pro", "F4E2C6A1B201", {
    hasPackageCamera: true,
  }),
  [CAM_GARAGE]: camera(CAM_GARAGE, "Garage", "UVC G5 Bullet", "F4E2C6A1B202", { state: "DISCONNECTED" }),
  [CAM_PTZ]: camera(CAM_PTZ, "Backyard PTZ", "UVC G5 PTZ", "F4E2C6A1B203"),
  [CAM_SLOW]: camera(CAM_SLOW, "Side Gate", "UVC G6 Turret", "F4E2C6A1B204"),
};

const SENSORS = [
  {
    id: "672094f900e26303e8000710",
    modelKey: "sensor",
    state: "CONNECTED",
    name: "Back Door Contact",
    mac: "F4E2C6A1C301",
    type: "UP Sense",
    guid: "0c1d2e3f-4a5b-6c7d-8e9f-a0b1c2d3e4f5",
    mountType: "door",
    batteryStatus: { percentage: 9, isLow: true },
    stats: {
      light: { value: 12, status: "neutral" },
      humidity: { value: 55, status: "neutral" },
      temperature: { value: 17.4, status: "neutral" },
    },
    isOpened: false,
    openStatusChangedAt: 1796540012000,
    isMotionDetected: false,
    motionDetectedAt: null,
    leakDetectedAt: null,
    tamperingDetectedAt: null,
  },
];

const LIVEVIEWS = [
  {
    id: "66d025b301ebc903e80003ea",
    modelKey: "liveview",
    name: "Default",
    isDefault: true,
    isGlobal: true,
    owner: "66d025b301ebc903e8000301",
    layout: 4,
    slots: [
      { cameras: [CAM_FRONT], cycleMode: "time", cycleInterval: 10 },
      { cameras: [CAM_GARAGE], cycleMode: "time", cycleInterval: 10 },
      { cameras: [CAM_PTZ], cycleMode: "time", cycleInterval: 10 },
      { cameras: [CAM_SLOW], cycleMode: "time", cycleInterval: 10 },
    ],
  },
];

const ARM_PROFILES = [
  {
    id: "6720a1b200e26303e8000901",
    modelKey: "armProfile",
    name: "Away",
    isCurrent: true,
    armDelay: 60,
    alarmDelay: 30,
    recordEverything: false,
  },
  {
    id: "6720a1b200e26303e8000902",
    modelKey: "armProfile",
    name: "Night",
    isCurrent: false,
    armDelay: 0,
    alarmDelay: 15,
    recordEverything: true,
  },
];

// A 1×1 JPEG, as small as a snapshot can be.
const JPEG = Buffer.from(
  "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==",
  "base64",
);

// What a UniFi console's nginx answers while the Protect application restarts (an update, a crash loop).
const UNIFI_NGINX_502 = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx</center>
</body>
</html>
`;

/** Protect's error body: `error` (the message) and `name` (its kind), with the entity and id when one is missing. */
function protectError(res: http.ServerResponse, status: number, error: string, name: string, extra = {}) {
  json(res, status, { error, name, ...extra });
}

function protectHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  if (state.upBadGateway) return text(res, 502, UNIFI_NGINX_502, "text/html", { server: "nginx" });
  // UniFi OS checks the key before the request reaches Protect.
  if (req.headers["x-api-key"] !== PROTECT_KEY || state.upKeyRevoked) {
    return json(res, 401, { error: { code: 401, message: "Unauthorized" } });
  }
  const base = "/proxy/protect/integration/v1";
  if (!url.pathname.startsWith(base)) {
    unknownRequests.push(`protect ${method} ${url.pathname}`);
    return text(res, 404, "Not Found");
  }
  const p = url.pathname.slice(base.length);
  let m: RegExpMatchArray | null;
  if (method === "GET" && p === "/meta/info") return json(res, 200, { applicationVersion: "6.2.83" });
  if (method === "GET" && p === "/cameras") return json(res, 200, Object.values(CAMERAS));
  if ((m = p.match(/^\/cameras\/([^/]+)(\/.*)?$/))) {
    const id = m[1]!;
    const rest = m[2] ?? "";
    if (id === CAM_SLOW && method === "GET" && rest === "") {
      return later(15_000, () => json(res, 200, CAMERAS[CAM_SLOW]));
    }
    const cam = CAMERAS[id];
    if (!cam)
      return protectError(res, 404, "Entity 'camera' not found", "NOT_FOUND", { entity: "camera", id });
    if (method === "GET" && rest === "") return json(res, 200, cam);
    if (method === "PATCH" && rest === "") {
      const patch = parse(body) as Record<string, unknown>;
      const volume = patch.micVolume;
      if (typeof volume === "number" && (volume < 0 || volume > 100)) {
        return protectError(res, 400, "'micVolume' must be less than or equal to 100", "BAD_REQUEST");
      }
      return json(res, 200, { ...cam, ...patch });
    }
    if (method === "GET" && rest === "/snapshot") {
      res.writeHead(200, { "content-type": "image/jpeg", "content-length": String(JPEG.length) });
      return res.end(JPEG);
    }
    if (method === "GET" && rest === "/rtsps-stream") {
      return json(res, 200, { high: null, medium: null, low: null, package: null });
    }
    if (method === "POST" && rest === "/rtsps-stream") {
      const qualities = ((parse(body) as { qualities?: string[] }).qualities ?? []) as string[];
      const out: Record<string, string | null> = { high: null, medium: null, low: null, package: null };
      for (const q of qualities) out[q] = `rtsps://unifi.local:7441/${id.slice(-8)}${q[0]}?enableSrtp`;
      return json(res, 200, out);
    }
    if (method === "POST" && (m = rest.match(/^\/ptz\/goto\/(-?\d+)$/))) {
      // Slots with no saved preset: the answer a console gives before presets exist.
      if (id !== CAM_PTZ || m[1] !== "0") {
        return protectError(res, 404, "Entity 'preset' not found", "NOT_FOUND", { entity: "preset" });
      }
      res.writeHead(204);
      return res.end();
    }
  }
  if (method === "GET" && p === "/sensors") return json(res, 200, SENSORS);
  if (method === "GET" && p === "/lights") return json(res, 200, []);
  if (method === "GET" && p === "/chimes") {
    return json(res, 200, [
      {
        id: "672094f900e26303e8000801",
        modelKey: "chime",
        state: "CONNECTED",
        name: "Hallway Chime",
        mac: "F4E2C6A1D401",
        type: "UP Chime PoE",
        guid: "7e8f9a0b-1c2d-3e4f-5a6b-7c8d9e0f1a2b",
        cameraIds: [CAM_FRONT],
        ringSettings: [{ cameraId: CAM_FRONT, volume: 80, ringtoneId: "default", repeatTimes: 1 }],
      },
    ]);
  }
  if (method === "GET" && p === "/nvrs") {
    return json(res, 200, {
      id: "66d025b301ebc903e8000101",
      modelKey: "nvr",
      name: "UNVR Home",
      type: "UNVR",
      doorbellSettings: { defaultMessageText: "Welcome", customMessages: [], customImages: [] },
    });
  }
  if (method === "GET" && p === "/liveviews") return json(res, 200, LIVEVIEWS);
  if (method === "GET" && (m = p.match(/^\/liveviews\/([^/]+)$/))) {
    const found = LIVEVIEWS.find((l) => l.id === m![1]);
    return found
      ? json(res, 200, found)
      : protectError(res, 404, "Entity 'liveview' not found", "NOT_FOUND", { entity: "liveview", id: m[1] });
  }
  if (method === "GET" && p === "/arm-profiles") return json(res, 200, ARM_PROFILES);
  if (method === "GET" && (m = p.match(/^\/files\/([^/]+)$/))) {
    if (m[1] !== "animations") {
      return protectError(res, 400, `'fileType' must be one of [animations]`, "BAD_REQUEST");
    }
    return json(res, 200, []);
  }
  unknownRequests.push(`protect ${method} ${p}`);
  return protectError(res, 404, "Not Found", "NOT_FOUND");
}

export const protectStandin = tlsStandin(PROTECT_PORT, ensureCertificate, protectHandler);

export const ALL_STANDINS = [haStandin, protectStandin];
