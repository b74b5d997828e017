// Group r24-c: social publishing and developer chat — Moltbook, the social network for AI agents
// (moltbook-http-mcp), and /vibe, a DM-and-presence network for developers (slashvibe-mcp): each published MCP
// server behind a loopback stand-in that answers with the service's bodies and error bodies (standins.ts).
// The npm mirror this round was captured from holds no Mastodon, Bluesky, Telegram-bot, Mattermost, Zulip,
// Rocket.Chat, LinkedIn or Pinterest MCP server that can reach a loopback stand-in (README.md says which were
// looked up), so the group has two servers.
//
//   (cd scripts/server-corpus/groups/r24-c && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r24-c

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  DATA,
  MOLT_KEY,
  MOLT_POST,
  MOLT_POST_MISSING,
  MOLT_POST_OTHER,
  MOLT_POST_SLOW,
  MOLT_PROXY_PORT,
  VIBE_HANDLE,
  VIBE_PORT,
  VIBE_PROXY_PORT,
  VIBE_TOKEN,
  clearTimers,
  ensureCertificate,
  moltProxy,
  state,
  vibeStandin,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "moltbook-http-mcp": "1.1.1",
  "slashvibe-mcp": "0.4.10",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");
const PRELOAD = `--import ${path.join(FROM, "proxy-preload.mjs")}`;

// ------------------------------------------------------------------------------------------------- Moltbook

const moltbook: SessionSpec = {
  label: "r24-c-moltbook",
  server: "moltbook-http-mcp",
  transport: "stdio",
  start: stdioServer("r24-c-moltbook", "moltbook-http-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      MOLTBOOK_API_KEY: MOLT_KEY,
      HTTPS_PROXY: `http://127.0.0.1:${MOLT_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: PRELOAD,
      HOME,
    },
  }),
  steps: [
    step("mbk-001", "moltbook_agent_me", {}, "the agent's own profile"),
    step("mbk-002", "moltbook_agent_status", {}, "whether the agent has been claimed by its human"),
    step("mbk-003", "moltbook_feed", { sort: "hot", limit: 5 }, "the personalised feed"),
    step(
      "mbk-004",
      "moltbook_search",
      { q: "how do agents handle memory between sessions", type: "posts", limit: 5 },
      "a semantic search for posts about memory",
    ),
    step(
      "mbk-005",
      "moltbook_search",
      { q: "kubernetes operators for aquarium chillers", type: "posts", limit: 5 },
      "a search nothing matches",
    ),
    step("mbk-006", "moltbook_post_get", { post_id: MOLT_POST }, "one post by id"),
    step("mbk-007", "moltbook_comments_list", { post_id: MOLT_POST, sort: "top" }, "the post's comments"),
    step(
      "mbk-008",
      "moltbook_post_get",
      { post_id: MOLT_POST_MISSING },
      "a post id that does not exist (404 Post not found)",
    ),
    step(
      "mbk-009",
      "moltbook_comment_add",
      {
        post_id: MOLT_POST,
        content: "I window the last 40 and compact weekly into a 'decisions' page. Drift stayed low.",
      },
      "reply on the memory post",
    ),
    step("mbk-010", "moltbook_post_upvote", { post_id: MOLT_POST }, "upvote the memory post"),
    step(
      "mbk-011",
      "moltbook_post_create",
      {
        submolt: "aithoughts",
        title: "Ledger vs. diary: a week of numbers",
        content:
          "Seven days, two memory styles, same tasks. Ledger kept 94% of decisions; diary summaries kept 71%.",
      },
      "create a post (the API answers with a verification challenge)",
    ),
    step(
      "mbk-012",
      "moltbook_post_create",
      {
        submolt: "general",
        title: "Follow-up: how I compact my ledger",
        content: "The weekly compaction step, with the prompt I use.",
      },
      "a second post two minutes later (429, 1 post per 30 minutes, retry_after_minutes)",
    ),
    step("mbk-013", "moltbook_submolt_get", { name: "aithoughts" }, "a submolt's info"),
    step(
      "mbk-014",
      "moltbook_submolt_get",
      { name: "ai-thoughts" },
      "a submolt name that does not exist (404 Submolt not found)",
    ),
    step(
      "mbk-015",
      "moltbook_submolt_create",
      { name: "Ledger Keepers!", display_name: "Ledger Keepers", description: "Agents who keep ledgers" },
      "create a submolt with a name that has capitals, a space and punctuation (400)",
    ),
    step(
      "mbk-016",
      "moltbook_post_create",
      { submolt: "general", content: "Forgot the title" },
      "a post without a title (400 Title is required)",
    ),
    step(
      "mbk-017",
      "moltbook_post_pin",
      { post_id: MOLT_POST_OTHER },
      "pin a post in a submolt the agent does not moderate (403)",
    ),
    step("mbk-018", "moltbook_agent_profile", { name: "MemoryMolty" }, "another molty's profile"),
    step(
      "mbk-019",
      "moltbook_agent_profile",
      { name: "MemoryMoltyy" },
      "a molty name with a typo (404 Agent not found)",
    ),
    step(
      "mbk-020",
      "moltbook_feed",
      { sort: "new", limit: 10 },
      "the feed after the human rotated the API key (401 Authentication required)",
      flag("moltBadKey"),
    ),
    step(
      "mbk-021",
      "moltbook_feed",
      { sort: "new", limit: 10 },
      "the same call again, unchanged, the key still rotated",
      flag("moltBadKey"),
    ),
    step(
      "mbk-022",
      "moltbook_posts_list",
      { submolt: "general", sort: "new", limit: 10 },
      "new posts in m/general while the API answers 500",
      flag("moltServerError"),
    ),
    step(
      "mbk-023",
      "moltbook_search",
      { q: "agents sharing memory formats", limit: 10 },
      "a search while Cloudflare answers an HTML 502",
      flag("moltBadGateway"),
    ),
    step(
      "mbk-024",
      "moltbook_post_get",
      { post_id: MOLT_POST_SLOW },
      "a post the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "mbk-025",
      "moltbook_submolts_list",
      {},
      "the submolts while www.moltbook.com cannot be reached (proxy stopped)",
      down(moltProxy),
    ),
    step("mbk-026", "moltbook_post_bookmark", { post_id: MOLT_POST }, "a tool the server does not have"),
  ],
};

// ---------------------------------------------------------------------------------------------------- /vibe

const vibe: SessionSpec = {
  label: "r24-c-vibe",
  server: "slashvibe-mcp",
  transport: "stdio",
  start: stdioServer("r24-c-vibe", "slashvibe-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      VIBE_API_URL: `http://127.0.0.1:${VIBE_PORT}`,
      HTTPS_PROXY: `http://127.0.0.1:${VIBE_PROXY_PORT}`,
      NO_PROXY: "127.0.0.1",
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: PRELOAD,
      HOME,
    },
  }),
  steps: [
    // The server registers its presence session at start; the first call waits for it.
    step("vb-001", "vibe_who", {}, "who is around", {
      before: async () => {
        await sleep(1500);
      },
    }),
    step("vb-002", "vibe_inbox", {}, "unread messages"),
    step(
      "vb-003",
      "vibe_dm",
      { handle: "@mira", message: "yes — 4pm works. bring the failing cursor test and I'll bring coffee" },
      "reply to a DM",
    ),
    step("vb-004", "vibe_discover", { command: "search", query: "mcp" }, "people building MCP things"),
    step(
      "vb-005",
      "vibe_discover",
      { command: "search", query: "cobol" },
      "people building COBOL things, of whom there are none",
    ),
    step(
      "vb-006",
      "vibe_ship",
      {
        what: "corpus capture harness v2: stand-ins for 2 social APIs",
        url: "https://github.com/example/faultline",
        tags: ["mcp", "testing"],
      },
      "announce a ship on the board",
    ),
    step("vb-007", "vibe_status", { mood: "shipping" }, "set the mood"),
    step("vb-008", "vibe_status", { mood: "hungry" }, "a mood that is not one of the options"),
    step(
      "vb-009",
      "vibe_dm",
      { handle: "@kestrel", message: "note to self: rotate the token" },
      "a DM to oneself",
    ),
    step(
      "vb-010",
      "vibe_dm",
      { handle: "@mirra", message: "did the pairing slot move?" },
      "a DM to a handle with a typo (404 Recipient not found)",
    ),
    step("vb-011", "vibe_dm", { handle: "@otto", message: "   " }, "a DM whose message is blank"),
    step(
      "vb-012",
      "vibe_dm",
      { handle: "@otto", message: "congrats on the eval runner — trying it tonight" },
      "a DM while the API's KV store fails the write (500 storage_error)",
      flag("vibeStorageError"),
    ),
    step(
      "vb-013",
      "vibe_dm",
      { handle: "@juno", message: "ping me when you're back, gateway question" },
      "a DM after the session token expired (401)",
      flag("vibeTokenExpired"),
    ),
    step(
      "vb-014",
      "vibe_dm",
      { handle: "@juno", message: "ping me when you're back, gateway question" },
      "the same DM again, unchanged, the token still expired",
      flag("vibeTokenExpired"),
    ),
    step(
      "vb-015",
      "vibe_ship",
      { what: "a Tauri build of the eval viewer" },
      "a ship while the board answers 503",
      flag("vibeBoardUnavailable"),
    ),
    step(
      "vb-016",
      "vibe_ship",
      { what: "a Tauri build of the eval viewer" },
      "the ship again while Cloudflare answers an HTML 502",
      flag("vibeBoardBadGateway"),
    ),
    step(
      "vb-017",
      "vibe_ship",
      { what: "a Tauri build of the eval viewer" },
      "the ship while the API cannot be reached (stand-in stopped)",
      down(vibeStandin),
    ),
    step(
      "vb-018",
      "vibe_ship",
      { what: "slow build notes, part 1" },
      "a ship the board takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("vb-019", "vibe_status", {}, "set the mood without saying which"),
    step("vb-020", "vibe_follow", { handle: "@mira" }, "a tool the server does not have"),
    step("vb-021", "vibe_help", {}, "the server's help"),
    step("vb-022", "vibe_discover", { command: "active" }, "who is building right now"),
    step(
      "vb-023",
      "vibe_ship",
      { what: "slow build notes, part 2" },
      "a slow ship; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [moltbook, vibe];

export async function prepare(): Promise<() => Promise<void>> {
  // slashvibe-mcp keeps its identity and session files under $HOME/.vibecodings: start from a signed-in user.
  fs.rmSync(HOME, { recursive: true, force: true });
  fs.mkdirSync(path.join(HOME, ".vibecodings"), { recursive: true });
  fs.writeFileSync(
    path.join(HOME, ".vibecodings", "config.json"),
    JSON.stringify(
      {
        username: VIBE_HANDLE,
        workingOn: "an MCP capture harness",
        createdAt: "2026-11-20",
        privyToken: VIBE_TOKEN,
        authMethod: "privy",
      },
      null,
      2,
    ),
  );
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
