// Group r41-e: social media publishing and reading — a Mastodon account (home and hashtag timelines, search, posting
// single statuses and threads, favourites, boosts, deletes, who the account follows) through Pipedream's own MCP
// server, @pipedream/mcp, over stdio with `--app mastodon`. The server registers one tool per Pipedream action of the
// app and runs each through Pipedream Connect. It is behind a loopback stand-in of Pipedream's REST API (standins.ts),
// reached through a forward proxy by a preload (proxy-preload.mjs) since the API host is written into its SDK. No
// server made for Mastodon, Bluesky, X, LinkedIn, Threads and the like could be installed from this machine's
// registry: README.md says which were tried.
//
//   (cd scripts/server-corpus/groups/r41-e && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r41-e

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  CLIENT_ID,
  CLIENT_SECRET,
  DATA,
  EXTERNAL_USER_ID,
  FRIEND_STATUS,
  MISSING_STATUS,
  OWN_STATUS,
  PRIVATE_STATUS,
  PROJECT_ID,
  PROXY_PORT,
  clearTimers,
  ensureCertificate,
  proxy,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@pipedream/mcp": "0.0.1",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");

const LONG_STATUS =
  "Field notes, 7 December. " +
  "Salt marsh at dawn: merlin hunting low over the pickleweed, two northern harriers quartering the levee, a " +
  "peregrine on the PG&E tower as usual. Mudflats at mid-tide: marbled godwits, long-billed curlews, a single " +
  "whimbrel, dunlin in the hundreds, western and least sandpipers mixed in. Back channel: buffleheads, a pair of " +
  "hooded mergansers, ruddy ducks everywhere. Willows by the creek: ruby-crowned kinglets, yellow-rumped warblers, a " +
  "Hutton's vireo that took twenty minutes to see properly. Sixty-one species in four hours, best December morning " +
  "since 2023.";

const mastodon: SessionSpec = {
  label: "r41-e-pipedream-mastodon",
  server: "@pipedream/mcp",
  transport: "stdio",
  start: stdioServer("r41-e-pipedream-mastodon", "@pipedream/mcp", {
    from: FROM,
    cwd: DATA,
    args: ["stdio", "--app", "mastodon", "--external-user-id", EXTERNAL_USER_ID],
    // The server's documented variables; Node 20's fetch ignores HTTPS_PROXY, so the preload routes it through the
    // stand-in proxy, whose certificate the process trusts.
    env: {
      HOME,
      HTTPS_PROXY: `http://127.0.0.1:${PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import ${path.join(FROM, "proxy-preload.mjs")}`,
      PIPEDREAM_CLIENT_ID: CLIENT_ID,
      PIPEDREAM_CLIENT_SECRET: CLIENT_SECRET,
      PIPEDREAM_PROJECT_ID: PROJECT_ID,
      PIPEDREAM_PROJECT_ENVIRONMENT: "production",
    },
  }),
  steps: [
    step(
      "md-001",
      "mastodon-view-home-timeline",
      { max: 5 },
      "the five newest statuses on the home timeline",
    ),
    step(
      "md-002",
      "mastodon-post-status",
      { status: "Merlin, harriers and 61 species at the salt marsh this morning. Notes later. #birding" },
      "publish a public status",
    ),
    step("md-003", "mastodon-view-single-status", { statusId: FRIEND_STATUS }, "a friend's status by its id"),
    step(
      "md-004",
      "mastodon-view-single-status",
      { statusId: MISSING_STATUS },
      "a status id that does not exist (deleted): Mastodon's 404 inside the action run",
    ),
    step(
      "md-005",
      "mastodon-view-single-status",
      { statusId: MISSING_STATUS },
      "the same call again, unchanged",
    ),
    step(
      "md-006",
      "mastodon-perform-search",
      { q: "birding", type: "hashtags", max: 5 },
      "hashtags matching a word",
    ),
    step(
      "md-007",
      "mastodon-perform-search",
      { q: "kestrelwatchers2026", type: "accounts" },
      "an account search that matches nobody",
    ),
    step(
      "md-008",
      "mastodon-view-hashtag-timeline",
      { hashtag: "birding", max: 10 },
      "public statuses with a hashtag",
    ),
    step(
      "md-009",
      "mastodon-boost-status",
      { statusId: PRIVATE_STATUS },
      "boost a followers-only status: Mastodon refuses (403)",
    ),
    step(
      "md-010",
      "mastodon-post-status",
      { status: LONG_STATUS, visibility: "unlisted" },
      "a status over the instance's 500-character limit: 422 from Mastodon",
    ),
    step(
      "md-011",
      "mastodon-post-multiple-statuses",
      {
        statuses: [
          "Field notes, 7 December: a thread. 🧵",
          "Salt marsh at dawn: merlin low over the pickleweed, two harriers on the levee, the usual peregrine.",
          "Mudflats: godwits, curlews, one whimbrel, dunlin in the hundreds. 61 species in four hours.",
        ],
      },
      "a three-status thread",
    ),
    step(
      "md-012",
      "mastodon-post-multiple-statuses",
      { statuses: ["Field notes, 7 December, the long version:", LONG_STATUS] },
      "a thread one of whose statuses is over 500 characters: the action's own check refuses it",
    ),
    step("md-013", "mastodon-get-accounts-following", { max: 10 }, "the accounts the user follows"),
    step(
      "md-014",
      "mastodon-delete-status",
      { statusId: OWN_STATUS },
      "delete one of the user's own statuses",
    ),
    step(
      "md-015",
      "mastodon-delete-status",
      { statusId: FRIEND_STATUS },
      "delete someone else's status: Mastodon answers 404",
    ),
    step(
      "md-016",
      "mastodon-view-home-timeline",
      { max: 5 },
      "the Mastodon access token behind the connected account was revoked on the instance (401)",
      flag("mastodonTokenRevoked"),
    ),
    step(
      "md-017",
      "mastodon-post-status",
      { status: "Test post from the new setup." },
      "the end user has no connected Mastodon account: the server answers a Connect link",
      flag("noAccount"),
    ),
    step(
      "md-018",
      "mastodon-post-status",
      { status: "One more from the marsh: a white-tailed kite hovering over the east field." },
      "Mastodon's posting rate limit is used up (429 with X-RateLimit-Reset)",
      flag("mastodonRateLimited"),
    ),
    step(
      "md-019",
      "mastodon-view-hashtag-timeline",
      { hashtag: "birding", max: 10 },
      "the instance's nginx answers 502 to the action's request",
      flag("mastodonBadGateway"),
    ),
    step(
      "md-020",
      "mastodon-view-single-status",
      { statusId: FRIEND_STATUS },
      "Pipedream's API answers 429 with Retry-After: 60 to the action run",
      flag("pipedreamRateLimited"),
    ),
    step(
      "md-021",
      "mastodon-perform-search",
      { q: "harrier", type: "statuses", max: 5 },
      "Pipedream's API answers 500 to the action run",
      flag("pipedreamServerError"),
    ),
    step(
      "md-022",
      "mastodon-get-accounts-following",
      { max: 10 },
      "the project's OAuth client was deleted: Pipedream's token endpoint answers 401 invalid_client",
      flag("pipedreamClientRevoked"),
    ),
    step(
      "md-023",
      "mastodon-view-home-timeline",
      { max: 5 },
      "the action run answers 15 s late; the client waits 4 s",
      flag("slow", { timeoutMs: 4000 }),
    ),
    step(
      "md-024",
      "mastodon-favorite-status",
      { statusId: FRIEND_STATUS },
      "Pipedream's API is unreachable (the stand-in proxy refuses connections)",
      down(proxy),
    ),
    step(
      "md-025",
      "mastodon-view-notifications",
      { max: 5 },
      "a tool this server does not have (Pipedream has no such Mastodon action)",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [mastodon];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
