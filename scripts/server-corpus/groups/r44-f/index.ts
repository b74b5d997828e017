// Group r44-f: mobile app testing and device clouds — BrowserStack's App Automate and App Live through BrowserStack's own
// MCP server (@browserstack/mcp-server), and an Android emulator driven over adb through mobile-next's mobile-mcp
// (@mobilenext/mobile-mcp). Both run on stdio behind loopback stand-ins (standins.ts): BrowserStack's hosts through the
// kit's forward proxy on 45960, the emulator through an adb stand-in at $ANDROID_HOME/platform-tools/adb that asks the
// device stand-in on 45961.
//
//   (cd scripts/server-corpus/groups/r44-f && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r44-f

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  BS_ACCESS_KEY,
  BS_OLD_ACCESS_KEY,
  BS_USERNAME,
  BUILD_ID,
  DATA,
  EMULATOR,
  MISSING_BUILD_ID,
  MISSING_SESSION,
  PROXY_PORT,
  SESSION_FAILED,
  SESSION_PASSED,
  UNAUTHORIZED_PHONE,
  browserstackProxy,
  certificateFile,
  clearTimers,
  deviceStandin,
  seen,
  state,
  unknownRequests,
  writeAdb,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));
const BROWSERSTACK = "@browserstack/mcp-server";
const MOBILE = "@mobilenext/mobile-mcp";

export const PACKAGES: Record<string, string> = {
  [BROWSERSTACK]: "1.4.2",
  [MOBILE]: "1.0.4",
};

const flag = stateFlags(state);
const UPLOADS = path.join(DATA, "uploads");
const WORK = path.join(DATA, "work");
const SDK = path.join(DATA, "android-sdk");
const APP = path.join(UPLOADS, "shop-release.apk");
const TEST_SUITE = path.join(UPLOADS, "shop-androidTest.apk");
const MISSING_APP = path.join(UPLOADS, "shop-2.5.0-release.apk");
const OLD_BUILD_APK = path.join(DATA, "apks", "shop-2.4.0-debug.apk");
const NEW_BUILD_APK = path.join(DATA, "apks", "shop-2.4.1-debug.apk");

function browserstackMcp(label: string, accessKey: string) {
  return stdioServer(label, BROWSERSTACK, {
    from: FROM,
    cwd: WORK,
    env: {
      HOME: path.join(DATA, `home-${label}`),
      BROWSERSTACK_USERNAME: BS_USERNAME,
      BROWSERSTACK_ACCESS_KEY: accessKey,
      MCP_UPLOAD_BASE_DIR: UPLOADS,
      HTTPS_PROXY: `http://127.0.0.1:${PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: certificateFile(),
    },
  });
}

function mobileMcp(label: string) {
  return stdioServer(label, MOBILE, {
    from: FROM,
    cwd: WORK,
    env: {
      HOME: path.join(DATA, `home-${label}`),
      ANDROID_HOME: SDK,
      // The server's documented switch to drive Android through adb itself rather than mobilecli's device agent.
      MOBILEMCP_LEGACY_ROBOT: "1",
      MOBILEMCP_DISABLE_TELEMETRY: "1",
      TMPDIR: path.join(DATA, "tmp"),
    },
  });
}

// ── BrowserStack App Automate and App Live (stdio), with a working access key ─────────────────────────────────────────

const browserstack: SessionSpec = {
  label: "r44-f-browserstack",
  server: BROWSERSTACK,
  transport: "stdio",
  start: browserstackMcp("r44-f-browserstack", BS_ACCESS_KEY),
  steps: [
    step(
      "f-bs-001",
      "listSessions",
      { sessionType: "app-automate", buildId: BUILD_ID },
      "the sessions of last night's App Automate build: three",
    ),
    step(
      "f-bs-002",
      "listSessions",
      { sessionType: "app-automate", buildId: BUILD_ID, status: "failed" },
      "the same build's failed sessions: one",
    ),
    step(
      "f-bs-003",
      "listSessions",
      { sessionType: "app-automate", buildId: BUILD_ID, status: "timedout" },
      "the same build's timed-out sessions: none",
    ),
    step(
      "f-bs-004",
      "listSessions",
      { sessionType: "app-automate", buildId: MISSING_BUILD_ID },
      "a hashed build id the account does not have (404, and no observability build either)",
    ),
    step(
      "f-bs-005",
      "getFailureLogs",
      {
        sessionType: "app-automate",
        sessionId: SESSION_FAILED,
        logTypes: ["deviceLogs", "appiumLogs", "crashLogs"],
      },
      "device, Appium and crash logs of the failed session (the build id resolved from the session)",
    ),
    step(
      "f-bs-006",
      "getFailureLogs",
      { sessionType: "app-automate", sessionId: SESSION_PASSED, buildId: BUILD_ID, logTypes: ["crashLogs"] },
      "the crash logs of a session that passed (404: it has none)",
    ),
    step(
      "f-bs-007",
      "getFailureLogs",
      { sessionType: "app-automate", sessionId: SESSION_FAILED, logTypes: ["video"] },
      "the failed session's video URL",
    ),
    step(
      "f-bs-008",
      "getFailureLogs",
      { sessionType: "app-automate", sessionId: SESSION_FAILED, logTypes: ["networkLogs"] },
      "network logs, which only Automate (browser) sessions have",
    ),
    step(
      "f-bs-009",
      "getFailureLogs",
      { sessionType: "app-automate", sessionId: MISSING_SESSION, logTypes: ["deviceLogs"] },
      "device logs of a session id the account does not have (its details answer 404)",
    ),
    step(
      "f-bs-010",
      "fetchAutomationScreenshots",
      { sessionId: SESSION_FAILED, sessionType: "app-automate" },
      "the screenshots the failed session took: three",
    ),
    step(
      "f-bs-011",
      "fetchAutomationScreenshots",
      { sessionId: SESSION_PASSED, sessionType: "app-automate" },
      "the screenshots of a session whose test took none",
    ),
    step(
      "f-bs-012",
      "fetchAutomationScreenshots",
      { sessionId: MISSING_SESSION, sessionType: "app-automate" },
      "screenshots of a session id the account does not have (404)",
    ),
    step(
      "f-bs-013",
      "runAppLiveSession",
      {
        desiredPhone: "Google Pixel 8",
        desiredPlatformVersion: "14.0",
        desiredPlatform: "android",
        appPath: APP,
      },
      "an App Live session on a Pixel 8 with Android 14: the app uploaded, the launch URL",
    ),
    step(
      "f-bs-014",
      "runAppLiveSession",
      {
        desiredPhone: "Google Pixel 8",
        desiredPlatformVersion: "12.0",
        desiredPlatform: "android",
        appPath: APP,
      },
      "the same device with an Android version BrowserStack does not offer for it",
    ),
    step(
      "f-bs-015",
      "runAppLiveSession",
      {
        desiredPhone: "Samsung Galaxy S24",
        desiredPlatformVersion: "latest",
        desiredPlatform: "android",
        appPath: MISSING_APP,
      },
      "an app path that does not exist",
    ),
    step(
      "f-bs-016",
      "runAppTestsOnBrowserStack",
      {
        appPath: APP,
        testSuitePath: TEST_SUITE,
        devices: [{ platform: "android", deviceName: "Samsung Galaxy S24", osVersion: "14.0" }],
        project: "Shop Android",
        detectedAutomationFramework: "espresso",
      },
      "an Espresso suite run on a Galaxy S24: app and suite uploaded, the build started",
    ),
    step(
      "f-bs-017",
      "listSessions",
      { sessionType: "app-automate", buildId: BUILD_ID },
      "a call while the API answers 429 with Retry-After: 60",
      flag("rateLimited"),
    ),
    step(
      "f-bs-018",
      "getFailureLogs",
      { sessionType: "app-automate", sessionId: SESSION_FAILED, buildId: BUILD_ID, logTypes: ["deviceLogs"] },
      "device logs while the API answers 500",
      flag("serverError"),
    ),
    step(
      "f-bs-019",
      "listSessions",
      { sessionType: "app-automate", buildId: BUILD_ID, limit: 5 },
      "a call while the load balancer in front of the API answers its 502 page",
      flag("badGateway"),
    ),
    step(
      "f-bs-020",
      "listSessions",
      { sessionType: "app-automate", buildId: BUILD_ID, offset: 1 },
      "an answer 12 s late; the client waits 4 s",
      flag("slow", { timeoutMs: 4000 }),
    ),
    step(
      "f-bs-021",
      "listSessions",
      { sessionType: "app-automate", buildId: BUILD_ID, limit: 2 },
      "a call while BrowserStack is unreachable (connection refused)",
      {
        ...down(browserstackProxy),
        before: async () => {
          await sleep(9_000); // the late answer of f-bs-020 arrives first
          await browserstackProxy.stop();
          await sleep(300);
        },
      },
    ),
    step(
      "f-bs-022",
      "fetchAutomationScreenshots",
      { sessionId: MISSING_SESSION, sessionType: "app-automate" },
      "the screenshots of the unknown session again, unchanged",
    ),
    step(
      "f-bs-023",
      "getAppProfilingData",
      { sessionId: SESSION_FAILED },
      "a tool this server does not have (App Automate's app profiling is not among its tools)",
    ),
  ],
};

// ── the same server started with an access key that was regenerated in the account settings ───────────────────────────

const browserstackOldKey: SessionSpec = {
  label: "r44-f-browserstack-old-key",
  server: BROWSERSTACK,
  transport: "stdio",
  start: browserstackMcp("r44-f-browserstack-old-key", BS_OLD_ACCESS_KEY),
  steps: [
    step(
      "f-bsx-001",
      "listSessions",
      { sessionType: "app-automate", buildId: BUILD_ID },
      "the build's sessions with a key that was regenerated (401)",
    ),
    step(
      "f-bsx-002",
      "getFailureLogs",
      { sessionType: "app-automate", sessionId: SESSION_FAILED, buildId: BUILD_ID, logTypes: ["deviceLogs"] },
      "device logs with the same key",
    ),
  ],
};

// ── an Android emulator over adb through mobile-mcp (stdio) ──────────────────────────────────────────────────────────

const mobile: SessionSpec = {
  label: "r44-f-mobile",
  server: MOBILE,
  transport: "stdio",
  start: mobileMcp("r44-f-mobile"),
  steps: [
    step(
      "f-mm-001",
      "mobile_list_available_devices",
      {},
      "the devices adb sees: one emulator online, one phone unauthorized",
    ),
    step("f-mm-002", "mobile_list_apps", { device: EMULATOR }, "the emulator's launchable apps"),
    step(
      "f-mm-003",
      "mobile_launch_app",
      { device: EMULATOR, packageName: "com.example.shop" },
      "the shop app launched",
    ),
    step("f-mm-004", "mobile_list_elements_on_screen", { device: EMULATOR }, "the sign-in screen's elements"),
    step(
      "f-mm-005",
      "mobile_click_on_screen_at_coordinates",
      { device: EMULATOR, x: 540, y: 490 },
      "a tap on the email field",
    ),
    step(
      "f-mm-006",
      "mobile_type_keys",
      { device: EMULATOR, text: "dana.okafor@example.com", submit: false },
      "the email typed",
    ),
    step(
      "f-mm-007",
      "mobile_press_button",
      { device: EMULATOR, button: "MENU" },
      "a button the server does not map",
    ),
    step("f-mm-008", "mobile_take_screenshot", { device: EMULATOR }, "a screenshot of the emulator"),
    step("f-mm-009", "mobile_get_screen_size", { device: EMULATOR }, "the screen size"),
    step("f-mm-010", "mobile_swipe_on_screen", { device: EMULATOR, direction: "up" }, "a swipe up"),
    step(
      "f-mm-011",
      "mobile_launch_app",
      { device: EMULATOR, packageName: "com.example.shop.beta" },
      "a package the emulator does not have (monkey aborts)",
    ),
    step(
      "f-mm-012",
      "mobile_launch_app",
      { device: EMULATOR, packageName: "com.example.shop.beta" },
      "the same launch again, unchanged",
    ),
    step(
      "f-mm-013",
      "mobile_install_app",
      { device: EMULATOR, path: OLD_BUILD_APK },
      "a debug build signed with another key than the installed app (INSTALL_FAILED_UPDATE_INCOMPATIBLE)",
    ),
    step(
      "f-mm-014",
      "mobile_install_app",
      { device: EMULATOR, path: NEW_BUILD_APK },
      "an update signed with the right key",
    ),
    step(
      "f-mm-015",
      "mobile_uninstall_app",
      { device: EMULATOR, bundle_id: "com.example.legacyshop" },
      "a package that is not installed",
    ),
    step(
      "f-mm-016",
      "mobile_open_url",
      { device: EMULATOR, url: "https://shop.example.com/cart?ref=qa" },
      "a URL opened in the emulator's browser",
    ),
    step(
      "f-mm-017",
      "mobile_list_apps",
      { device: UNAUTHORIZED_PHONE },
      "the apps of the phone that adb lists as unauthorized (the USB debugging prompt not accepted)",
    ),
    step(
      "f-mm-018",
      "mobile_save_screenshot",
      { device: EMULATOR, saveTo: "/etc/qa/sign-in.png" },
      "a screenshot saved outside the directories the server writes to",
    ),
    step(
      "f-mm-019",
      "mobile_list_elements_on_screen",
      { device: EMULATOR, format: "json" },
      "a UI dump that takes 9 s; the client waits 4 s",
      flag("slowDump", { timeoutMs: 4000 }),
    ),
    step(
      "f-mm-020",
      "mobile_get_orientation",
      { device: EMULATOR },
      "the orientation, after the late dump returned",
      {
        before: async () => {
          await sleep(7_000);
        },
      },
    ),
    step(
      "f-mm-021",
      "mobile_get_screen_size",
      { device: EMULATOR },
      "the screen size while the emulator is offline to adb",
      flag("deviceOffline"),
    ),
    step(
      "f-mm-022",
      "mobile_press_button",
      { device: EMULATOR, button: "BACK" },
      "the back button while adb's server cannot be reached",
      down(deviceStandin),
    ),
    step("f-mm-023", "mobile_get_battery_level", { device: EMULATOR }, "a tool this server does not have"),
  ],
};

export const SESSIONS: SessionSpec[] = [browserstack, browserstackOldKey, mobile];

export async function prepare(): Promise<() => Promise<void>> {
  fs.rmSync(DATA, { recursive: true, force: true });
  for (const dir of [UPLOADS, WORK, path.join(DATA, "apks"), path.join(DATA, "tmp")])
    fs.mkdirSync(dir, { recursive: true });
  // Small stand-ins for the builds (an APK is a zip; the servers only upload or hand over the path).
  const zip = Buffer.from("504b0506000000000000000000000000000000000000", "hex");
  for (const file of [APP, TEST_SUITE, OLD_BUILD_APK, NEW_BUILD_APK]) fs.writeFileSync(file, zip);
  writeAdb(SDK);
  certificateFile();
  await browserstackProxy.start();
  await deviceStandin.start();
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled([browserstackProxy.stop(), deviceStandin.stop()]);
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
