// Verdicts for group r28-b, written from the captured exchanges (test/fixtures/server-corpus/groups/r28-b.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, silent, tool, wire } from "../../verdict-helpers.js";

const WASTED =
  "The previous call in this session was the same tool with the same arguments and failed non-retryably: a wasted retry.";

export const VERDICTS: Record<string, Verdict> = {
  // ------------------------------------------------------------------- @coffeerunhobby/mcp-ha-connect (stdio)
  "ha-001": ok("the version 2026.11.3, location name, time zone and unit system"),
  "ha-002": ok("three entities match 'living room' (two lights and a humidity sensor), totalCount 3"),
  "ha-003": ok("a search that found nothing: totalCount 0, entities []", true),
  "ha-004": ok("the light's state 'on' with brightness, colour temperature and supported modes"),
  "ha-005": tool(
    "validation",
    null,
    false,
    'isError {"error":"Entity not found","entity_id":"light.attic","hint":…}: the named entity does not exist (Home Assistant\'s 404)',
  ),
  "ha-006": tool(
    "validation",
    null,
    false,
    `isError "Entity not found" again for light.attic. ${WASTED}`,
    true,
  ),
  "ha-007": ok('{"success":true, …, "settings":{"brightness_pct":40}}: the lamp was turned on'),
  "ha-008": tool(
    "validation",
    "http_400",
    false,
    'isError {"error":"Failed to execute callService","message":"API request failed: Bad Request"}: the light domain has no service "blink"; the message is the 400\'s reason phrase after the client\'s label',
  ),
  "ha-009": ok("five readings of the outdoor temperature over six hours, in one list for the entity"),
  "ha-010": silent(
    "validation",
    null,
    false,
    "an ok result whose whole text is '[]': the history of one named entity came back with no list at all (Home Assistant gives an existing entity's state at the period's start, so nothing means sensor.garage_co2 does not exist) — a lookup of one named thing answered empty",
  ),
  "ha-011": ok("two enabled automations with their aliases, modes and last triggers (count 2)"),
  "ha-012": ok('{"success":true, "message":"Automation triggered successfully"}'),
  "ha-013": tool(
    "validation",
    "http_404",
    false,
    'isError "API request failed: Not Found": the traces of a named automation were not found (the 404\'s reason phrase; the server asks a REST path Home Assistant does not serve, so no change of arguments will help either)',
  ),
  "ha-014": ok("two events in the family calendar's next week (bin collection, boiler service)"),
  "ha-015": ok(
    '{"success":true, "actions":[set_hvac_mode heat, set_temperature 21]}: the thermostat was set',
  ),
  "ha-016": ok("four logbook entries for the front door (opened and closed twice)"),
  "ha-017": ok("one calendar, calendar.family (count 1)"),
  "ha-018": tool(
    "auth",
    null,
    false,
    "isError \"Invalid Home Assistant token\": the server's words for Home Assistant's 401 (here the token of a non-admin user on an admin-only endpoint, which Home Assistant also answers 401); the wire says only that the token was refused, no code",
  ),
  "ha-019": tool(
    "permission",
    "http_403",
    false,
    "isError \"API request failed: Forbidden\": the 403's reason phrase (Home Assistant has banned the server's address after failed logins); it stays refused until someone lifts the ban",
  ),
  "ha-020": tool(
    "rate_limited",
    "http_429",
    true,
    "isError \"API request failed: Too Many Requests\": the 429's reason phrase (Cloudflare's rate-limit page in front of Home Assistant; its Retry-After does not reach the text)",
  ),
  "ha-021": tool(
    "transient",
    "http_502",
    true,
    'isError "API request failed: Bad Gateway": the 502\'s reason phrase (Cloudflare could not reach Home Assistant behind the tunnel)',
  ),
  "ha-022": tool(
    "internal",
    "http_500",
    true,
    'isError "API request failed: Internal Server Error": Home Assistant\'s 500, relayed by its reason phrase',
  ),
  "ha-023": tool(
    "transient",
    null,
    true,
    'isError "Request failed: The operation was aborted due to timeout": the server\'s own 5 s timeout on Home Assistant fired (no system error code)',
  ),
  "ha-024": tool(
    "transient",
    null,
    true,
    'isError "Request failed: fetch failed": Home Assistant could not be reached (no code in the text)',
  ),
  "ha-025": tool(
    "unknown_tool",
    "-32602",
    false,
    'isError "MCP error -32602: Tool setAlarmPanel not found": the server has no such tool',
  ),

  // ------------------------------------------------------------------------ @owine/unifi-protect-mcp (stdio)
  "up-001": ok("the Protect application's version, 6.2.83"),
  "up-002": ok(
    "four cameras with their states (one DISCONNECTED, which is data about a device, not a failure of the call)",
  ),
  "up-003": ok("the doorbell camera in full (state, feature flags, LED and OSD settings)"),
  "up-004": tool(
    "validation",
    "NOT_FOUND",
    false,
    'isError "Error: HTTP 404: {\\"error\\":\\"Entity \'camera\' not found\\",\\"name\\":\\"NOT_FOUND\\",…}": the camera id does not exist; the body\'s name NOT_FOUND is its machine code',
  ),
  "up-005": tool(
    "validation",
    "NOT_FOUND",
    false,
    `isError HTTP 404 Entity 'camera' not found again. ${WASTED}`,
    true,
  ),
  "up-006": ok("an image/jpeg snapshot, base64"),
  "up-007": ok(
    "every RTSPS quality null: the camera has no active stream session (the tool's description says so), a query that found nothing",
    true,
  ),
  "up-008": ok("two RTSPS URLs, high and low; medium and package null as not asked for"),
  "up-009": tool(
    "validation",
    "-32602",
    false,
    'isError "MCP error -32602: Input validation error: … expected one of \\"high\\"|\\"medium\\"|\\"low\\"|\\"package\\" at qualities[0]": the SDK\'s schema check refused "4k"',
  ),
  "up-010": ok("'[]': the console has no floodlights, an empty listing", true),
  "up-011": ok("one door sensor, its battery at 9 % and isLow true (data about the device)"),
  "up-012": ok("one live view with its four slots"),
  "up-013": ok("two arm profiles, Away current"),
  "up-014": tool(
    "validation",
    "BAD_REQUEST",
    false,
    'isError "Error: HTTP 400: {\\"error\\":\\"\'micVolume\' must be less than or equal to 100\\",\\"name\\":\\"BAD_REQUEST\\"}": the value is out of range',
  ),
  "up-015": ok("a dry-run preview {dryRun:true, action:PATCH, path, body}: nothing was changed, as asked"),
  "up-016": tool(
    "validation",
    "NOT_FOUND",
    false,
    'isError "Error: HTTP 404: {\\"error\\":\\"Entity \'preset\' not found\\",\\"name\\":\\"NOT_FOUND\\",…}": slot 3 holds no preset',
  ),
  "up-017": ok(
    '\'""\' with structuredContent {result: ""}: the move was accepted (the API\'s 204 has no body)',
  ),
  "up-018": ok("'[]': no uploaded animations, an empty listing", true),
  "up-019": tool(
    "validation",
    "BAD_REQUEST",
    false,
    'isError "Error: HTTP 400: {\\"error\\":\\"\'fileType\' must be one of [animations]\\",\\"name\\":\\"BAD_REQUEST\\"}": an unsupported file type',
  ),
  "up-020": tool(
    "auth",
    "http_401",
    false,
    'isError "Error: HTTP 401: {\\"error\\":{\\"code\\":401,\\"message\\":\\"Unauthorized\\"}}": the API key is no longer accepted; the only code is the numeric status',
  ),
  "up-021": tool(
    "transient",
    "http_502",
    true,
    'isError "Error: HTTP 502: <html>…502 Bad Gateway…nginx…": the console\'s nginx page while the Protect application restarts',
  ),
  "up-022": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s (the console took 15 s): the client's -32001 Request timed out",
  ),
  "up-023": tool("transient", null, true, 'isError "Error: fetch failed": the console could not be reached'),
  "up-024": tool(
    "unknown_tool",
    "-32602",
    false,
    'isError "MCP error -32602: Tool protect_reboot_camera not found": the server has no such tool',
  ),
  "up-025": ok("the default live view with its four camera slots"),
};
