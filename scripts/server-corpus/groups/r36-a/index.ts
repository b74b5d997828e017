// Group r36-a: mobile app stores and app business — Apple's App Store Connect (apps, TestFlight groups and testers,
// App Store versions, bundle ids, devices, users), the Google Play Console (edits, tracks, store listings, reviews and
// replies) and RevenueCat (offerings and products of an in-app subscription), three servers by three authors.
//
//   (cd scripts/server-corpus/groups/r36-a && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r36-a

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  APP_HABITS,
  ASC_ISSUER,
  ASC_KEY_ID,
  ASC_PROXY_PORT,
  ASC_REVOKED_KEY_ID,
  CERT_PATH,
  DATA,
  GOOGLE_PROXY_PORT,
  GROUP_EXTERNAL,
  GROUP_INTERNAL,
  PKG_HABITS,
  PKG_PANTRY,
  PKG_PARTNER,
  RC_KEY,
  RC_OTHER_PROJECT,
  RC_PORT,
  RC_PROJECT,
  RC_WRONG_KEY,
  ascKeyPath,
  ascProxy,
  clearTimers,
  googleProxy,
  playKeyPath,
  resetCounters,
  revenueCat,
  seen,
  state,
  unknownRequests,
  writeKeys,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "appstore-connect-mcp-server": "1.1.3",
  "@blocktopus/mcp-google-play": "0.1.2",
  "revenuecat-mcp": "1.0.0",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");
const RC_CWD = path.join(DATA, "revenuecat");

// ---- App Store Connect ----------------------------------------------------------------------------------------------

const ascStart = (label: string, keyId: string) =>
  stdioServer(label, "appstore-connect-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      HOME,
      APP_STORE_CONNECT_KEY_ID: keyId,
      APP_STORE_CONNECT_ISSUER_ID: ASC_ISSUER,
      APP_STORE_CONNECT_P8_PATH: ascKeyPath(keyId),
      HTTPS_PROXY: `http://127.0.0.1:${ASC_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT_PATH(),
    },
  });

const MISSING_APP = "1499999999";

const asc: SessionSpec = {
  label: "r36-a-app-store-connect",
  server: "appstore-connect-mcp-server",
  transport: "stdio",
  start: ascStart("r36-a-app-store-connect", ASC_KEY_ID),
  steps: [
    step("asc-001", "list_apps", { limit: 50 }, "the team's apps (two)"),
    step(
      "asc-002",
      "get_app_info",
      { appId: APP_HABITS, include: ["builds"] },
      "one app with its builds included",
    ),
    step("asc-003", "list_beta_groups", {}, "the TestFlight groups (one external, one internal)"),
    step("asc-004", "list_group_testers", { groupId: GROUP_EXTERNAL }, "the external group's two testers"),
    step("asc-005", "list_group_testers", { groupId: GROUP_INTERNAL }, "the internal group's testers (none)"),
    step(
      "asc-006",
      "add_tester_to_group",
      { groupId: GROUP_EXTERNAL, email: "noor.haddad@example.com", firstName: "Noor", lastName: "Haddad" },
      "inviting a tester to the external group",
    ),
    step(
      "asc-007",
      "add_tester_to_group",
      { groupId: GROUP_EXTERNAL, email: "kai.lindqvist@", firstName: "Kai", lastName: "Lindqvist" },
      "a tester whose e-mail address is not valid (409 ENTITY_ERROR.ATTRIBUTE.INVALID)",
    ),
    step("asc-008", "get_app_info", { appId: MISSING_APP }, "an app id that does not exist (404 NOT_FOUND)"),
    step("asc-009", "get_app_info", { appId: MISSING_APP }, "the same lookup again, unchanged"),
    step("asc-010", "list_app_store_versions", { appId: APP_HABITS }, "the app's App Store versions"),
    step(
      "asc-011",
      "create_app_store_version",
      { appId: APP_HABITS, platform: "IOS", versionString: "3.9.0" },
      "a new version while 3.8.0 is still waiting for review (409)",
    ),
    step(
      "asc-012",
      "create_app_store_version",
      { appId: APP_HABITS, platform: "IOS", versionString: "3.9.0-beta" },
      "a version string the server's own check refuses",
    ),
    step("asc-013", "list_bundle_ids", {}, "the team's bundle ids"),
    step("asc-014", "list_devices", { filter: { platform: "MAC_OS" } }, "registered Mac devices (none)"),
    step("asc-015", "list_users", {}, "the team's users with a key whose role may not list them (403)"),
    step(
      "asc-016",
      "list_beta_feedback_screenshots",
      { bundleId: "com.northwind.habits.watchkitapp" },
      "TestFlight feedback for a bundle id no app has",
    ),
    step("asc-017", "get_app_info", {}, "an app lookup without its appId"),
    step(
      "asc-018",
      "list_apps",
      {},
      "the apps while Apple answers 429 RATE_LIMIT_EXCEEDED with Retry-After",
      flag("ascRateLimited"),
    ),
    step(
      "asc-019",
      "list_beta_groups",
      {},
      "the beta groups while Apple answers 500 UNEXPECTED_ERROR",
      flag("ascServerError"),
    ),
    step(
      "asc-020",
      "list_apps",
      {},
      "the apps while a gateway answers a 502 HTML page",
      flag("ascBadGateway"),
    ),
    step(
      "asc-021",
      "list_apps",
      {},
      "an answer 15 s late; the client waits 3 s",
      flag("ascSlow", { timeoutMs: 3000 }),
    ),
    step(
      "asc-022",
      "list_bundle_ids",
      {},
      "the bundle ids while the API is unreachable (connection refused)",
      down(ascProxy),
    ),
    step("asc-023", "list_builds", { appId: APP_HABITS }, "a tool the server does not have"),
    step(
      "asc-024",
      "download_sales_report",
      { frequency: "DAILY", reportDate: "2026-12-06" },
      "a sales report on a server started without a vendor number (the tool is not listed)",
    ),
  ],
};

const ascRevoked: SessionSpec = {
  label: "r36-a-app-store-connect-revoked-key",
  server: "appstore-connect-mcp-server",
  transport: "stdio",
  start: ascStart("r36-a-app-store-connect-revoked-key", ASC_REVOKED_KEY_ID),
  steps: [
    step("asc-025", "list_apps", {}, "the apps with a key Apple no longer accepts (401 NOT_AUTHORIZED)"),
  ],
};

// ---- Google Play Console --------------------------------------------------------------------------------------------

const playStart = (label: string, keyFile: string) =>
  stdioServer(label, "@blocktopus/mcp-google-play", {
    from: FROM,
    cwd: DATA,
    args: ["--api-key", playKeyPath(keyFile)],
    env: {
      HOME,
      HTTPS_PROXY: `http://127.0.0.1:${GOOGLE_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT_PATH(),
    },
  });

const REVIEW_ID = "gp:AOqpTOFk2mZ0a7w1nB3c5D7e9F1h3J5l7N9p1R3t5V7x9Z1b3D5f7H9j1L3n5P7r";
const MISSING_PKG = "com.northwind.habbits";

const play: SessionSpec = {
  label: "r36-a-google-play",
  server: "@blocktopus/mcp-google-play",
  transport: "stdio",
  start: playStart("r36-a-google-play", "play-service-account"),
  steps: [
    step("gp-001", "get_app_info", { packageName: PKG_HABITS }, "the app's details (through an edit)"),
    step(
      "gp-002",
      "list_releases",
      { packageName: PKG_HABITS, track: "production" },
      "the production track's releases",
    ),
    step(
      "gp-003",
      "list_releases",
      { packageName: PKG_HABITS, track: "beta" },
      "the beta track, which has no releases",
    ),
    step("gp-004", "get_reviews", { packageName: PKG_HABITS, maxResults: 5 }, "the app's recent reviews"),
    step("gp-005", "get_reviews", { packageName: PKG_PANTRY }, "reviews of an app that has none lately"),
    step(
      "gp-006",
      "reply_to_review",
      {
        packageName: PKG_HABITS,
        reviewId: REVIEW_ID,
        replyText: "Sorry about your streak! 3.8.0 restores it — update and it will be back.",
      },
      "a reply to a review",
    ),
    step(
      "gp-007",
      "reply_to_review",
      { packageName: PKG_HABITS, reviewId: "gp:AOqpTOGdeleted000000", replyText: "Thanks!" },
      "a reply to a review that does not exist (404)",
    ),
    step("gp-008", "get_listing", { packageName: PKG_HABITS, language: "en-US" }, "the en-US store listing"),
    step(
      "gp-009",
      "get_app_info",
      { packageName: MISSING_PKG },
      "a package name with a typo (404 Package not found)",
    ),
    step("gp-010", "get_app_info", { packageName: MISSING_PKG }, "the same lookup again, unchanged"),
    step(
      "gp-011",
      "create_release",
      { packageName: PKG_HABITS, track: "production", versionCode: 413, releaseNotes: "Bug fixes." },
      "a release whose edit Google refuses to commit (the last submission was rejected)",
    ),
    step(
      "gp-012",
      "update_listing",
      {
        packageName: PKG_PANTRY,
        language: "en-US",
        shortDescription: "Plan meals, share lists, waste less.",
      },
      "updating a listing's short description",
    ),
    step("gp-013", "list_apps", {}, "the console's apps (the API has no such listing)"),
    step(
      "gp-014",
      "get_reviews",
      { packageName: PKG_PARTNER },
      "reviews of an app the service account was not granted (403)",
    ),
    step(
      "gp-015",
      "get_reviews",
      { packageName: PKG_HABITS },
      "reviews while Google answers 429 RESOURCE_EXHAUSTED (the client retries)",
      flag("playRateLimited", { timeoutMs: 30000 }),
    ),
    step(
      "gp-016",
      "get_listing",
      { packageName: PKG_HABITS, language: "en-US" },
      "a listing while Google answers 500 INTERNAL",
      flag("playServerError", { timeoutMs: 30000 }),
    ),
    step(
      "gp-017",
      "list_releases",
      { packageName: PKG_HABITS, track: "production" },
      "the releases while Google answers 503 UNAVAILABLE",
      flag("playUnavailable", { timeoutMs: 30000 }),
    ),
    step(
      "gp-018",
      "get_reviews",
      { packageName: PKG_HABITS },
      "an answer 15 s late; the client waits 3 s",
      flag("playSlow", { timeoutMs: 3000 }),
    ),
    step(
      "gp-019",
      "get_reviews",
      { packageName: PKG_HABITS },
      "reviews while the API is unreachable (connection refused)",
      down(googleProxy, { timeoutMs: 30000 }),
    ),
    step(
      "gp-020",
      "list_releases",
      { packageName: PKG_HABITS, track: "qa" },
      "a track name the tool's schema does not allow",
    ),
    step("gp-021", "get_vitals", { packageName: PKG_HABITS }, "a tool the server does not have"),
  ],
};

const playRevoked: SessionSpec = {
  label: "r36-a-google-play-revoked-key",
  server: "@blocktopus/mcp-google-play",
  transport: "stdio",
  start: playStart("r36-a-google-play-revoked-key", "play-service-account-old"),
  steps: [
    step(
      "gp-022",
      "get_reviews",
      { packageName: PKG_HABITS },
      "reviews with a service-account key that was deleted (invalid_grant)",
    ),
  ],
};

// ---- RevenueCat -----------------------------------------------------------------------------------------------------

const rcStart = (label: string, key: string) =>
  stdioServer(label, "revenuecat-mcp", {
    from: FROM,
    cwd: RC_CWD,
    env: {
      HOME,
      REVENUECAT_SECRET_KEY: key,
      RC_API_URL: `http://127.0.0.1:${RC_PORT}/v2`,
    },
  });

const rc: SessionSpec = {
  label: "r36-a-revenuecat",
  server: "revenuecat-mcp",
  transport: "stdio",
  start: rcStart("r36-a-revenuecat", RC_KEY),
  steps: [
    step("rc-001", "ListOfferings", { project_id: RC_PROJECT }, "the project's offerings (two)"),
    step("rc-002", "GetOffering", { project_id: RC_PROJECT, id: "ofrng1a2b3c4d5e" }, "the current offering"),
    step("rc-003", "ListProducts", { project_id: RC_PROJECT }, "the project's products (three)"),
    step("rc-004", "GetProduct", { project_id: RC_PROJECT, id: "prod6f7g8h9i0j" }, "the annual product"),
    step(
      "rc-005",
      "CreateOffering",
      { project_id: RC_PROJECT, name: "Holiday 2026", description: "Holiday paywall" },
      "a new offering (the server sends name, the API asks for lookup_key)",
    ),
    step(
      "rc-006",
      "CreateProduct",
      {
        project_id: RC_PROJECT,
        identifier: "habits_lifetime",
        name: "Habits Lifetime",
        type: "non_consumable",
      },
      "a new product (the server sends identifier, the API asks for store_identifier)",
    ),
    step(
      "rc-007",
      "GetOffering",
      { project_id: RC_PROJECT, id: "ofrng0000000000" },
      "an offering id that does not exist (404 resource_missing)",
    ),
    step(
      "rc-008",
      "GetOffering",
      { project_id: RC_PROJECT, id: "ofrng0000000000" },
      "the same lookup again, unchanged",
    ),
    step("rc-009", "ListEntitlements", {}, "the entitlements (the server asks a path outside any project)"),
    step(
      "rc-010",
      "ListProducts",
      { project_id: RC_OTHER_PROJECT },
      "products of a project the key does not belong to (403 authorization_error)",
    ),
    step(
      "rc-011",
      "DeleteOffering",
      { project_id: RC_PROJECT, id: "ofrng9f8e7d6c5b" },
      "deleting the win-back offering",
    ),
    step("rc-012", "GetOffering", { project_id: RC_PROJECT }, "an offering lookup without its id"),
    step(
      "rc-013",
      "ListOfferings",
      { project_id: RC_PROJECT },
      "the offerings while RevenueCat answers 429 rate_limit_error with Retry-After",
      flag("rcRateLimited"),
    ),
    step(
      "rc-014",
      "ListProducts",
      { project_id: RC_PROJECT },
      "the products while RevenueCat answers 500 server_error (the client retries)",
      flag("rcServerError", { timeoutMs: 30000 }),
    ),
    step(
      "rc-015",
      "GetOffering",
      { project_id: RC_PROJECT, id: "ofrng1a2b3c4d5e" },
      "an offering while another request modifies it (423 resource_locked_error)",
      flag("rcLocked"),
    ),
    step(
      "rc-016",
      "ListOfferings",
      { project_id: RC_PROJECT },
      "an answer 15 s late; the client waits 3 s",
      flag("rcSlow", { timeoutMs: 3000 }),
    ),
    step(
      "rc-017",
      "ListProducts",
      { project_id: RC_PROJECT },
      "the products while the API is unreachable (connection refused; the client retries)",
      down(revenueCat, { timeoutMs: 30000 }),
    ),
    step(
      "rc-018",
      "GetCustomer",
      { project_id: RC_PROJECT, id: "user_456" },
      "a tool the server does not have",
    ),
  ],
};

const rcWrongKey: SessionSpec = {
  label: "r36-a-revenuecat-wrong-key",
  server: "revenuecat-mcp",
  transport: "stdio",
  start: rcStart("r36-a-revenuecat-wrong-key", RC_WRONG_KEY),
  steps: [
    step(
      "rc-019",
      "ListOfferings",
      { project_id: RC_PROJECT },
      "the offerings with a secret key that was rotated away (401 authentication_error)",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [asc, ascRevoked, play, playRevoked, rc, rcWrongKey];

export async function prepare(): Promise<() => Promise<void>> {
  fs.rmSync(DATA, { recursive: true, force: true });
  fs.mkdirSync(HOME, { recursive: true });
  fs.mkdirSync(RC_CWD, { recursive: true });
  // revenuecat-mcp loads dotenv-safe, which reads the list of required variables from ./.env.example.
  fs.writeFileSync(path.join(RC_CWD, ".env.example"), "REVENUECAT_SECRET_KEY=\n");
  writeKeys();
  resetCounters();
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
