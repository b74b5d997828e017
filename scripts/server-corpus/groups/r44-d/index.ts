// Group r44-d: RSS and feed readers — a self-hosted FreshRSS reader through freshrss-mcp-server, a community server for
// FreshRSS's Fever API. It takes the instance's root URL from FRESHRSS_API_URL, so it runs against a plain HTTP stand-in
// on loopback (standins.ts).
//
//   (cd scripts/server-corpus/groups/r44-d && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r44-d

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  DATA,
  FRESHRSS_PORT,
  IDS,
  OLD_PASSWORD,
  PASSWORD,
  USER,
  clearTimers,
  freshrssStandin,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "freshrss-mcp-server": "0.1.0",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");
const FRESHRSS = "freshrss-mcp-server";

function freshrss(label: string, password: string) {
  return stdioServer(label, FRESHRSS, {
    from: FROM,
    cwd: DATA,
    bin: "freshrss-server",
    env: {
      HOME,
      FRESHRSS_API_URL: `http://127.0.0.1:${FRESHRSS_PORT}/`,
      FRESHRSS_USERNAME: USER,
      FRESHRSS_PASSWORD: password,
    },
  });
}

const freshrssSession: SessionSpec = {
  label: "r44-d-freshrss",
  server: FRESHRSS,
  transport: "stdio",
  start: freshrss("r44-d-freshrss", PASSWORD),
  steps: [
    step("fr-001", "list_feeds", {}, "the six subscriptions"),
    step("fr-002", "get_feed_groups", {}, "the categories and which feeds are in each"),
    step("fr-003", "get_unread", {}, "unread items (the server filters the 50 newest on its side)"),
    step("fr-004", "get_feed_items", { feed_id: "3" }, "items of one security feed"),
    step(
      "fr-005",
      "get_feed_items",
      { feed_id: "7" },
      "items of a feed that list_feeds shows, whose posts are all older than the 50 newest: the server asks for " +
        "`feed_id`, which FreshRSS ignores, and filters the newest 50 itself",
    ),
    step("fr-006", "get_feed_items", { feed_id: "42" }, "a feed id that no subscription has"),
    step("fr-007", "get_items", { item_ids: [IDS.newest, IDS.second] }, "two items by id"),
    step(
      "fr-008",
      "get_items",
      { item_ids: [IDS.purged] },
      "an item id that FreshRSS's purge of old articles removed",
    ),
    step(
      "fr-009",
      "get_items",
      { item_ids: [IDS.third, IDS.purged] },
      "one existing item and one purged item asked together",
    ),
    step("fr-010", "mark_item_read", { item_id: IDS.newest }, "mark the newest item read"),
    step("fr-011", "mark_item_unread", { item_id: IDS.newest }, "and unread again"),
    step("fr-012", "mark_feed_read", { feed_id: "6" }, "mark the newsletter feed read"),
    step("fr-013", "get_feed_items", {}, "the required feed_id left out"),
    step(
      "fr-014",
      "subscribe_feed",
      { url: "https://simonwillison.net/atom/everything/" },
      "a tool the server does not have",
    ),
    step(
      "fr-015",
      "list_feeds",
      {},
      "an administrator switched API access off: FreshRSS's fever.php answers 503 'Service Unavailable!'",
      flag("apiDisabled"),
    ),
    step(
      "fr-016",
      "get_unread",
      {},
      "the nginx in front of FreshRSS answers 502 (php-fpm restarting)",
      flag("nginxBadGateway"),
    ),
    step(
      "fr-017",
      "get_feed_items",
      { feed_id: "3" },
      "a forward-auth portal in front of the instance answers its login page (200 HTML) instead of the API",
      flag("ssoLoginPage"),
    ),
    step(
      "fr-018",
      "list_feeds",
      {},
      "the reverse proxy's rate limit: nginx 429 with Retry-After: 30",
      flag("proxyRateLimited"),
    ),
    step(
      "fr-019",
      "get_feed_groups",
      {},
      "the reverse proxy now asks for HTTP basic auth: 401 with WWW-Authenticate",
      flag("proxyBasicAuth"),
    ),
    step(
      "fr-020",
      "get_items",
      { item_ids: [IDS.second] },
      "PHP dies on a database error: an empty 500",
      flag("phpFatal"),
    ),
    step(
      "fr-021",
      "mark_item_read",
      { item_id: IDS.second },
      "FreshRSS answers 15 s late (a feed refresh holds the database); the client waits 4 s",
      flag("slow", { timeoutMs: 4000 }),
    ),
    step("fr-022", "get_unread", {}, "the instance unreachable (connection refused)", down(freshrssStandin)),
    step("fr-023", "get_items", { item_ids: [IDS.purged] }, "the purged item asked for again"),
  ],
};

const oldPasswordSession: SessionSpec = {
  label: "r44-d-freshrss-old-password",
  server: FRESHRSS,
  transport: "stdio",
  start: freshrss("r44-d-freshrss-old-password", OLD_PASSWORD),
  steps: [
    step(
      "fr-024",
      "list_feeds",
      {},
      "an API password that was changed in FreshRSS's profile: fever.php answers 200 {api_version: 3, auth: 0}",
    ),
    step(
      "fr-025",
      "mark_item_read",
      { item_id: IDS.third },
      "the same stale password on a write: FreshRSS answers auth 0 and marks nothing",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [freshrssSession, oldPasswordSession];

export async function prepare(): Promise<() => Promise<void>> {
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
