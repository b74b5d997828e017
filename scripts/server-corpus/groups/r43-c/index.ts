// Group r43-c: push notifications to phones — Firebase Cloud Messaging through Firebase's own MCP server (the Firebase
// CLI's `firebase mcp`, limited to its messaging feature with `--only messaging`: FCM sends to a device token or a
// topic, plus the CLI's core project tools). The CLI calls Google's hosts, written into it, through HTTPS_PROXY, so it
// runs against the kit's forward proxy on 45300 with the stand-in certificate trusted by NODE_EXTRA_CA_CERTS
// (standins.ts). It authenticates with a CI refresh token (FIREBASE_TOKEN), as `firebase login:ci` issues one.
//
//   (cd scripts/server-corpus/groups/r43-c && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r43-c

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  DATA,
  FOREIGN_TOKEN,
  MISSING_APP_ID,
  OTHER_PROJECT_ID,
  PHONE_TOKEN,
  PROJECT_ID,
  PROXY_PORT,
  REFRESH_TOKEN,
  REVOKED_REFRESH_TOKEN,
  STALE_TOKEN,
  TRUNCATED_TOKEN,
  certificateFile,
  clearTimers,
  googleProxy,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "firebase-tools": "15.37.0",
};

const flag = stateFlags(state);
const FIREBASE = "firebase-tools";
const PROJECT_DIR = path.join(DATA, "harbor-alerts");

function firebase(label: string, refreshToken: string) {
  const home = path.join(DATA, "home", label);
  return stdioServer(label, FIREBASE, {
    from: FROM,
    bin: "firebase",
    cwd: PROJECT_DIR,
    args: ["mcp", "--only", "messaging", "--dir", PROJECT_DIR],
    env: {
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, ".config"),
      FIREBASE_TOKEN: refreshToken,
      HTTPS_PROXY: `http://127.0.0.1:${PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: certificateFile(),
      CI: "true",
    },
  });
}

const alert = {
  title: "Reefer unit 14 above setpoint",
  body: "Container MSKU 4471203 at berth 6 reads 9.8 °C (setpoint 4 °C) since 02:10.",
};

const fcmSession: SessionSpec = {
  label: "r43-c-fcm",
  server: FIREBASE,
  transport: "stdio",
  start: firebase("r43-c-fcm", REFRESH_TOKEN),
  steps: [
    step(
      "c-fcm-001",
      "firebase_get_environment",
      {},
      "the project directory, active project and signed-in account",
    ),
    step(
      "c-fcm-002",
      "messaging_send_message",
      { topic: "ops-alerts", ...alert },
      "an alert to every phone subscribed to the ops-alerts topic",
    ),
    step(
      "c-fcm-003",
      "messaging_send_message",
      {
        registration_token: PHONE_TOKEN,
        title: "Gate 3 scanner offline",
        body: "No reads for 12 minutes; trucks are queueing on lane B.",
        image: "https://status.harborlogistics.com/img/gate3.png",
      },
      "an alert to the on-call phone's registration token, with an image",
    ),
    step("c-fcm-004", "firebase_get_project", {}, "the active project"),
    step("c-fcm-005", "firebase_list_apps", {}, "the project's apps (Android and iOS)"),
    step("c-fcm-006", "firebase_list_apps", { platform: "web" }, "web apps: the project has none"),
    step(
      "c-fcm-007",
      "firebase_get_sdk_config",
      { platform: "android" },
      "the Android app's google-services.json",
    ),
    step(
      "c-fcm-008",
      "firebase_get_sdk_config",
      { app_id: MISSING_APP_ID },
      "the SDK config of an app id that was deleted (the project's app list does not have it)",
    ),
    step(
      "c-fcm-009",
      "messaging_send_message",
      { registration_token: STALE_TOKEN, ...alert },
      "a token whose app was uninstalled: 404 NOT_FOUND, FcmError UNREGISTERED",
    ),
    step(
      "c-fcm-010",
      "messaging_send_message",
      { registration_token: TRUNCATED_TOKEN, ...alert },
      "a token cut off when pasted: 400 INVALID_ARGUMENT, not a valid FCM registration token",
    ),
    step(
      "c-fcm-011",
      "messaging_send_message",
      { registration_token: TRUNCATED_TOKEN, ...alert },
      "the same truncated token again",
    ),
    step(
      "c-fcm-012",
      "messaging_send_message",
      { ...alert },
      "neither a token nor a topic: the server's own argument check",
    ),
    step(
      "c-fcm-013",
      "messaging_send_message",
      { registration_token: PHONE_TOKEN, topic: "ops-alerts", ...alert },
      "both a token and a topic: the server's own argument check",
    ),
    step(
      "c-fcm-014",
      "messaging_send_message",
      { registration_token: FOREIGN_TOKEN, ...alert },
      "a token registered to another project's sender: 403 PERMISSION_DENIED, SENDER_ID_MISMATCH",
    ),
    step(
      "c-fcm-015",
      "messaging_send_message",
      { topic: "ops-alerts", ...alert },
      "the project's send quota is spent: 429 RESOURCE_EXHAUSTED, QUOTA_EXCEEDED, Retry-After 60",
      flag("rateLimited"),
    ),
    step(
      "c-fcm-016",
      "firebase_get_project",
      {},
      "Resource Manager's read quota is spent: 429 RESOURCE_EXHAUSTED",
      flag("rateLimited"),
    ),
    step(
      "c-fcm-017",
      "firebase_get_project",
      {},
      "Resource Manager answers 500 INTERNAL",
      flag("serverError"),
    ),
    step(
      "c-fcm-018",
      "firebase_get_project",
      {},
      "the account's role on the project was removed: 403 PERMISSION_DENIED",
      flag("noPermission"),
    ),
    step(
      "c-fcm-019",
      "messaging_send_message",
      { registration_token: PHONE_TOKEN, ...alert },
      "Google's front end answers its 502 HTML page",
      flag("badGateway"),
    ),
    step(
      "c-fcm-020",
      "messaging_send_message",
      { registration_token: PHONE_TOKEN, ...alert },
      "FCM answers 15 s late; the client waits 4 s",
      flag("slow", { timeoutMs: 4000 }),
    ),
    step(
      "c-fcm-021",
      "messaging_send_message",
      { topic: "ops-alerts", ...alert },
      "Google's APIs unreachable (connection refused at the proxy)",
      down(googleProxy),
    ),
    step("c-fcm-022", "messaging_list_topics", {}, "a tool the server does not have"),
    step(
      "c-fcm-023",
      "firebase_update_environment",
      { active_project: OTHER_PROJECT_ID },
      "switch the active project to the staging project, which this account cannot see (Resource Manager 403)",
    ),
  ],
};

const revokedSession: SessionSpec = {
  label: "r43-c-fcm-revoked",
  server: FIREBASE,
  transport: "stdio",
  start: firebase("r43-c-fcm-revoked", REVOKED_REFRESH_TOKEN),
  steps: [
    step(
      "c-fcm-024",
      "messaging_send_message",
      { topic: "ops-alerts", ...alert },
      "a CI refresh token that was revoked: the token grant answers invalid_grant, FCM 401 UNAUTHENTICATED",
    ),
    step("c-fcm-025", "firebase_get_project", {}, "the same revoked token on the project lookup"),
  ],
};

export const SESSIONS: SessionSpec[] = [fcmSession, revokedSession];

export async function prepare(): Promise<() => Promise<void>> {
  fs.rmSync(DATA, { recursive: true, force: true });
  fs.mkdirSync(PROJECT_DIR, { recursive: true });
  fs.writeFileSync(
    path.join(PROJECT_DIR, ".firebaserc"),
    JSON.stringify({ projects: { default: PROJECT_ID } }, null, 2) + "\n",
  );
  fs.writeFileSync(path.join(PROJECT_DIR, "firebase.json"), "{}\n");
  certificateFile();
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
