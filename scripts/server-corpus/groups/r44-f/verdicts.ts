// Verdicts for group r44-f, written from the captured exchanges (test/fixtures/server-corpus/groups/r44-f.jsonl)
// without reading or running Faultline's classifier.
//
// @browserstack/mcp-server answers a success as text (JSON of sessions, log excerpts, a launch URL, images) and most
// failures as result.isError with a tool label and the error's message ("Error listing session IDs: Failed to list
// sessions: 429 Too Many Requests"). Its log fetchers turn an HTTP error into ordinary text ("Unable to access device
// logs - please check your credentials", "Unable to fetch device logs at this time") with no isError.
// @mobilenext/mobile-mcp answers its own ActionableError as ordinary text ending "Please fix the issue and try again."
// with no isError, and any other exception (adb exiting non-zero) as isError "Error: Command failed: <adb …>\n<stderr>".
// Both answer an unknown tool as isError "MCP error -32602: Tool <name> not found".

import type { Verdict } from "../../verdicts.js";
import { ok, silent, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // ── BrowserStack ────────────────────────────────────────────────────────────────────────────────────────────────────
  "f-bs-001": ok(
    "The build's three App Automate sessions as JSON (ids, status, device, dashboard and video URLs).",
  ),
  "f-bs-002": ok("The same list filtered to status failed: one session."),
  "f-bs-003": ok(
    '"No sessions found for this hashed build ID." for a status filter nothing matched: a list that found nothing, so empty (the build itself was found).',
    true,
  ),
  "f-bs-004": tool(
    "validation",
    null,
    false,
    'isError: "No app-automate build found for id …. Pass the … hashed build id …" — a named thing that does not exist. The 404 behind it is not quoted, so no code.',
  ),
  "f-bs-005": ok(
    "Device, Appium and crash log excerpts of the failed session (FATAL EXCEPTION, NoSuchElementError): data about the app's errors, fetched as asked.",
  ),
  "f-bs-006": ok(
    '"No crash logs available for this session" for a session that passed: there are none to fetch. A query that found nothing, so empty.',
    true,
  ),
  "f-bs-007": ok("The failed session's video URL."),
  "f-bs-008": tool(
    "validation",
    null,
    false,
    "isError: \"Log type 'networkLogs' is only available for automate sessions.\" — an argument that does not fit the session type. No code.",
  ),
  "f-bs-009": tool(
    "validation",
    null,
    false,
    'isError: "Failed to fetch failure logs: Build ID is required for app-automate sessions" — the session id is unknown, so no build could be resolved; either way the arguments are what is wrong. No code.',
  ),
  "f-bs-010": ok("Three screenshots of the failed session as images, with a one-line summary."),
  "f-bs-011": tool(
    "validation",
    null,
    false,
    'isError: "No screenshots found in the session or some unexpected error occurred" — the session exists and took no screenshots; the server flags that as an error. Read as nothing-to-fetch for that session (validation, not retryable) rather than an unexpected fault.',
  ),
  "f-bs-012": tool(
    "validation",
    null,
    false,
    'isError: "Error during fetching screenshots: Invalid session ID for Session" — a session id the account does not have (a 404 behind it, not quoted). No code.',
  ),
  "f-bs-013": ok(
    "App uploaded, App Live launch URL for a Pixel 8 on Android 14, with the xdg-open command to open it.",
  ),
  "f-bs-014": ok(
    'A launch URL on Android 14.0 with the note "The requested version \\"12.0\\" is not available. Using \\"14.0\\" instead." The session was started; the substitution is stated, not a failed part.',
  ),
  "f-bs-015": tool(
    "validation",
    null,
    false,
    'isError: "Failed to start app live session: The app path does not exist or is not readable." — a bad argument. No code.',
  ),
  "f-bs-016": ok("Espresso run started: app and suite uploaded, build id and dashboard URL."),
  "f-bs-017": tool(
    "rate_limited",
    "http_429",
    true,
    'isError: "Error listing session IDs: Failed to list sessions: 429 Too Many Requests" — the status quoted.',
  ),
  "f-bs-018": silent(
    "transient",
    null,
    true,
    'No isError: "Unable to fetch device logs at this time" is the whole answer — the logs were not fetched (the API answered 500, which the text does not show). "at this time" reads as a passing fault: transient, retryable.',
  ),
  "f-bs-019": tool(
    "transient",
    "http_502",
    true,
    'isError: "Error listing session IDs: Failed to list sessions: 502 Bad Gateway" — a gateway failure, status quoted.',
  ),
  "f-bs-020": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 4 s: -32001 Request timed out.",
  ),
  "f-bs-021": tool(
    "transient",
    "econnrefused",
    true,
    'isError: "Error listing session IDs: connect ECONNREFUSED 127.0.0.1:45960" — BrowserStack unreachable.',
  ),
  "f-bs-022": tool(
    "validation",
    null,
    false,
    "The same screenshots call as f-bs-012 with the same unknown session id, failing the same way: Invalid session ID. A wasted retry.",
    true,
  ),
  "f-bs-023": tool(
    "unknown_tool",
    "-32602",
    false,
    'isError: "MCP error -32602: Tool getAppProfilingData not found" — the tool does not exist; code quoted from the text.',
  ),
  "f-bsx-001": tool(
    "auth",
    "http_401",
    false,
    'isError: "Error listing session IDs: Failed to list sessions: 401 Unauthorized" — the regenerated key is refused.',
  ),
  "f-bsx-002": silent(
    "auth",
    null,
    false,
    'No isError: "Unable to access device logs - please check your credentials" is the whole answer — no logs, credentials refused (401 behind it, not quoted).',
  ),

  // ── mobile-mcp over adb ─────────────────────────────────────────────────────────────────────────────────────────────
  "f-mm-001": ok(
    "One Android emulator online (Pixel 7 API 34, Android 14); the unauthorized phone is not listed.",
  ),
  "f-mm-002": ok("The emulator's five launchable apps."),
  "f-mm-003": ok("Launched app com.example.shop."),
  "f-mm-004": ok("The sign-in screen's five elements with ids, bounds and the focused field."),
  "f-mm-005": ok("Clicked on screen at 540, 490."),
  "f-mm-006": ok("Typed text: dana.okafor@example.com."),
  "f-mm-007": silent(
    "validation",
    null,
    false,
    'No isError: "Button \\"MENU\\" is not supported. Please fix the issue and try again." — a bad argument answered as ordinary text, nothing pressed.',
  ),
  "f-mm-008": ok("A 108x240 PNG screenshot with the mapping to 1080x2400 screen coordinates."),
  "f-mm-009": ok("Screen size is 1080x2400 pixels."),
  "f-mm-010": ok("Swiped up on screen."),
  "f-mm-011": silent(
    "validation",
    null,
    false,
    'No isError: "Failed launching app with package name \\"com.example.shop.beta\\", please make sure it exists. Please fix the issue and try again." — a package the device does not have; nothing launched.',
  ),
  "f-mm-012": silent(
    "validation",
    null,
    false,
    "The same launch as f-mm-011 with the same arguments, failing the same way. A wasted retry.",
    true,
  ),
  "f-mm-013": silent(
    "validation",
    "INSTALL_FAILED_UPDATE_INCOMPATIBLE",
    false,
    "No isError: adb's \"failed to install …: Failure [INSTALL_FAILED_UPDATE_INCOMPATIBLE: Existing package com.example.shop signatures do not match newer version; ignoring!]\" — the APK given conflicts with the installed app's signature. Nothing installed; the code is Android's.",
  ),
  "f-mm-014": ok("Installed app from the 2.4.1 APK."),
  "f-mm-015": silent(
    "validation",
    "DELETE_FAILED_INTERNAL_ERROR",
    false,
    'No isError: "Failure [DELETE_FAILED_INTERNAL_ERROR]. Please fix the issue and try again." — Android\'s answer for uninstalling a package that is not installed (it says internal error, but nothing is wrong with the device). Judged validation, not retryable.',
  ),
  "f-mm-016": ok("Opened the URL on the emulator."),
  "f-mm-017": silent(
    "validation",
    null,
    false,
    'No isError: "Device \\"R58M42ABCDE\\" not found. Use the mobile_list_available_devices tool …" — adb lists the phone only as unauthorized, so the server does not know it; a named thing not found.',
  ),
  "f-mm-018": silent(
    "permission",
    null,
    false,
    'No isError: "\\"/etc/qa\\" is not in the list of allowed directories. …" — the server\'s path policy refused the target; no screenshot saved.',
  ),
  "f-mm-019": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 4 s (the UI dump took 9 s): -32001 Request timed out.",
  ),
  "f-mm-020": ok("Current device orientation is portrait."),
  "f-mm-021": tool(
    "transient",
    null,
    true,
    'isError: "Error: Command failed: …/adb -s emulator-5554 shell wm size\\nadb: device offline" — the device dropped off adb; it can come back.',
  ),
  "f-mm-022": tool(
    "transient",
    null,
    true,
    'isError: "Error: Command failed: …/adb … shell input keyevent KEYCODE_BACK\\n* daemon not running …* failed to start daemon\\nadb: failed to check server version: cannot connect to daemon" — adb\'s server cannot be reached. No error name in the text.',
  ),
  "f-mm-023": tool(
    "unknown_tool",
    "-32602",
    false,
    'isError: "MCP error -32602: Tool mobile_get_battery_level not found" — the tool does not exist.',
  ),
};
