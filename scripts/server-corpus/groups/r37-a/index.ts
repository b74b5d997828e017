// Group r37-a: human task marketplaces — HumanAgent (agents post bounties for people to attend events, meetings and
// errands in person, with conversations and a forum) and Loopuman (microtasks, synchronous questions to a person,
// creative competitions and social contests), two servers by two authors. The brief's kind, event ticketing and
// venues, had no server that installs from this round's registry mirror (README.md lists the packages tried); this is
// the neighbouring kind taken instead: booking people for real-world, in-person work.
//
//   (cd scripts/server-corpus/groups/r37-a && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r37-a

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  DATA,
  HA_AGENT_ID,
  HA_KEY,
  HA_REVOKED_KEY,
  HUMANAGENT_PROXY_PORT,
  LOOPUMAN_PORT,
  LP_KEY,
  LP_SUB,
  LP_SUB_2,
  LP_TASK_DONE,
  LP_TASK_NEW,
  LP_TASK_QUIET,
  LP_WRONG_KEY,
  clearTimers,
  ensureCertificate,
  humanAgentProxy,
  loopumanApi,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "humanagent-mcp": "1.0.11",
  "loopuman-mcp": "1.5.3",
};

const flag = stateFlags(state);

// ---- HumanAgent -----------------------------------------------------------------------------------------------------

/** A HOME whose ~/.humanagent/config.json holds `key` (none: the agent was never registered). */
function humanAgentHome(name: string, key?: string): string {
  const home = path.join(DATA, "home", name);
  fs.mkdirSync(home, { recursive: true });
  if (key) {
    fs.mkdirSync(path.join(home, ".humanagent"), { recursive: true });
    fs.writeFileSync(
      path.join(home, ".humanagent", "config.json"),
      JSON.stringify(
        {
          agent_id: HA_AGENT_ID,
          api_key: key,
          name: "EventOps",
          public_key: "pk_5f0c2e9a41d7",
          created_at: "2026-10-02T07:15:44Z",
          server_url: "https://mcp-server.jeele.cn",
        },
        null,
        2,
      ),
    );
  }
  return home;
}

const haStart = (label: string, home: string) =>
  stdioServer(label, "humanagent-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      HOME: home,
      HTTPS_PROXY: `http://127.0.0.1:${HUMANAGENT_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import ${path.join(FROM, "proxy-preload.mjs")}`,
    },
  });

const ha: SessionSpec = {
  label: "r37-a-humanagent",
  server: "humanagent-mcp",
  transport: "stdio",
  start: haStart("r37-a-humanagent", path.join(DATA, "home", "registered")),
  steps: [
    step("ha-001", "get_agent_identity", {}, "the agent's identity, verified by the service"),
    step("ha-002", "get_agent_balance", {}, "the agent's balance"),
    step("ha-003", "list_skills", {}, "the skills people offer"),
    step(
      "ha-004",
      "search_humans",
      { skill: "Event Attendance", location: "上海", max_rate: 100 },
      "people in Shanghai who attend events for at most ¥100 an hour (two)",
    ),
    step(
      "ha-005",
      "search_humans",
      { skill: "Photography", location: "拉萨" },
      "photographers in Lhasa (none)",
    ),
    step("ha-006", "get_human", { human_id: "hm_71c3a9" }, "one person's profile"),
    step("ha-007", "get_human", { human_id: "hm_000000" }, "a person id that does not exist"),
    step("ha-008", "get_human", { human_id: "hm_000000" }, "the same lookup again, unchanged"),
    step("ha-009", "get_reviews", { human_id: "hm_71c3a9", limit: 5 }, "a person's reviews"),
    step(
      "ha-010",
      "create_bounty",
      {
        title: "代为出席 12 月 12 日 AI 开发者大会并签到",
        description: "12 月 12 日 9:00 到国家会展中心 3 号馆签到，拍摄主会场照片 10 张。",
        price: 300,
        estimated_hours: 4,
        location: "上海市青浦区国家会展中心",
      },
      "a bounty to attend a conference and sign in",
    ),
    step(
      "ha-011",
      "create_bounty",
      {
        title: "三天展会驻场",
        description: "12 月 15–17 日全天驻场展位，接待访客。",
        price: 5000,
        location: "上海",
      },
      "a bounty larger than the agent's balance",
    ),
    step("ha-012", "list_bounties", { status: "pending" }, "the agent's pending bounties"),
    step("ha-013", "get_bounty_applications", { bounty_id: "TASK_112" }, "applications to a bounty"),
    step(
      "ha-014",
      "accept_bounty_application",
      { bounty_id: "TASK_112", application_id: "app_3387" },
      "accepting an application its applicant withdrew",
    ),
    step(
      "ha-015",
      "start_conversation",
      { human_id: "hm_71c3a9", subject: "TASK_112 签到", message: "您好，12 日早上 8:45 能到吗？" },
      "a conversation with a person",
    ),
    step("ha-016", "list_forum_posts", { sort_by: "likes", limit: 5 }, "the forum's most liked posts"),
    step(
      "ha-017",
      "create_forum_post",
      { title: "展会签到任务的定价", content: "大家一般给多少？", category: "discussion" },
      "a forum post while the service answers 429 with Retry-After",
      flag("haRateLimited"),
    ),
    step("ha-018", "list_bounties", {}, "the bounties while the service answers 500", flag("haServerError")),
    step(
      "ha-019",
      "search_humans",
      { skill: "In-Person Meetings" },
      "a search while a gateway answers a 502 HTML page",
      flag("haBadGateway"),
    ),
    step(
      "ha-020",
      "get_platform_stats",
      {},
      "an answer 15 s late; the client waits 3 s",
      flag("haSlow", { timeoutMs: 3000 }),
    ),
    step(
      "ha-021",
      "list_skills",
      {},
      "the skills while the service is unreachable (connection refused)",
      down(humanAgentProxy),
    ),
    step("ha-022", "hire_human", { human_id: "hm_71c3a9" }, "a tool the server does not have"),
  ],
};

const haRevoked: SessionSpec = {
  label: "r37-a-humanagent-revoked-key",
  server: "humanagent-mcp",
  transport: "stdio",
  start: haStart("r37-a-humanagent-revoked-key", path.join(DATA, "home", "revoked")),
  steps: [step("ha-023", "get_agent_balance", {}, "the balance with an API key the service revoked (401)")],
};

const haNew: SessionSpec = {
  label: "r37-a-humanagent-unregistered",
  server: "humanagent-mcp",
  transport: "stdio",
  start: haStart("r37-a-humanagent-unregistered", path.join(DATA, "home", "unregistered")),
  steps: [
    step("ha-024", "search_humans", { skill: "Event Attendance" }, "a search before the agent is registered"),
    step(
      "ha-025",
      "register_agent",
      { name: "VenueScout", agent_type: "mcp_client", description: "Books people to check venues" },
      "registering the agent",
    ),
  ],
};

// ---- Loopuman -------------------------------------------------------------------------------------------------------

const lpStart = (label: string, key: string) =>
  stdioServer(label, "loopuman-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      HOME: path.join(DATA, "home", "loopuman"),
      LOOPUMAN_API_KEY: key,
      LOOPUMAN_API_URL: `http://127.0.0.1:${LOOPUMAN_PORT}`,
    },
  });

const lp: SessionSpec = {
  label: "r37-a-loopuman",
  server: "loopuman-mcp",
  transport: "stdio",
  start: lpStart("r37-a-loopuman", LP_KEY),
  steps: [
    step("lp-001", "get_balance", {}, "the account's balance"),
    step(
      "lp-002",
      "post_task",
      {
        title: "Call the venue and confirm hall and door time",
        description: "Call +44 20 7946 0018, ask which hall the Friday meetup is in and when doors open.",
        budget_usd: 0.5,
        category: "verification",
      },
      "posting a task",
    ),
    step("lp-003", "check_task", { task_id: LP_TASK_NEW }, "the new task, still waiting for a worker"),
    step("lp-004", "check_task", { task_id: LP_TASK_DONE }, "a completed task with its answer"),
    step("lp-005", "get_submissions", { task_id: LP_TASK_DONE }, "a task's two submissions"),
    step("lp-006", "get_submissions", { task_id: LP_TASK_QUIET }, "a task with no submissions yet"),
    step(
      "lp-007",
      "approve_submission",
      { submission_id: LP_SUB, feedback: "Thanks!" },
      "approving a submission",
    ),
    step(
      "lp-008",
      "reject_submission",
      { submission_id: LP_SUB_2, reason: "Please try again during opening hours (10:00–18:00)." },
      "rejecting a submission",
    ),
    step(
      "lp-009",
      "ask_human",
      {
        question: "Is this event announcement safe to post? Reply SAFE or UNSAFE.",
        context: "Friday meetup at Hall 3B, doors 18:30, free entry.",
        budget_usd: 0.25,
        category: "moderation",
      },
      "a synchronous question a person answers",
    ),
    step(
      "lp-010",
      "ask_human",
      {
        question: "Is 14 Rue des Acacias, Lomé a real venue address?",
        budget_usd: 0.1,
        category: "verification",
      },
      "a synchronous question nobody answered in time",
      flag("lpNoHuman"),
    ),
    step(
      "lp-011",
      "approve_submission",
      { submission_id: "sub_000000" },
      "approving a submission id that does not exist (404)",
    ),
    step(
      "lp-012",
      "approve_submission",
      { submission_id: "sub_000000" },
      "the same approval again, unchanged",
    ),
    step(
      "lp-013",
      "post_competition",
      { title: "Name our meetup series", description: "Short, friendly, English.", prize_usd: 20 },
      "a competition whose prize is below the $50 minimum (400)",
    ),
    step(
      "lp-014",
      "post_social_contest",
      {
        title: "Post a photo from our Friday meetup",
        description: "Photo from Hall 3B with #HallThreeFridays.",
        platform: "Instagram",
        base_pay_usd: 5,
        hashtag: "HallThreeFridays",
      },
      "a social contest",
    ),
    step(
      "lp-015",
      "approve_submission",
      { submission_id: LP_SUB },
      "approving while the balance is too low to pay the worker (402)",
      flag("lpBroke"),
    ),
    step(
      "lp-016",
      "reject_submission",
      { submission_id: LP_SUB_2, reason: "Wrong hall." },
      "rejecting while the API answers 500",
      flag("lpServerError"),
    ),
    step(
      "lp-017",
      "approve_submission",
      { submission_id: LP_SUB },
      "approving while the API answers 429 with retry_after",
      flag("lpRateLimited"),
    ),
    step(
      "lp-018",
      "get_balance",
      {},
      "the balance while a gateway answers a 502 HTML page",
      flag("lpBadGateway"),
    ),
    step(
      "lp-019",
      "get_balance",
      {},
      "an answer 15 s late; the client waits 3 s",
      flag("lpSlow", { timeoutMs: 3000 }),
    ),
    step(
      "lp-020",
      "get_balance",
      {},
      "the balance while the API is unreachable (connection refused)",
      down(loopumanApi),
    ),
    step("lp-021", "hire_human", { skill: "event staff" }, "a tool the server does not have"),
  ],
};

const lpWrongKey: SessionSpec = {
  label: "r37-a-loopuman-wrong-key",
  server: "loopuman-mcp",
  transport: "stdio",
  start: lpStart("r37-a-loopuman-wrong-key", LP_WRONG_KEY),
  steps: [
    step(
      "lp-022",
      "reject_submission",
      { submission_id: LP_SUB_2, reason: "Wrong hall." },
      "rejecting with an API key the service does not know (401)",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [ha, haRevoked, haNew, lp, lpWrongKey];

export async function prepare(): Promise<() => Promise<void>> {
  fs.rmSync(DATA, { recursive: true, force: true });
  fs.mkdirSync(path.join(DATA, "home", "loopuman"), { recursive: true });
  humanAgentHome("registered", HA_KEY);
  humanAgentHome("revoked", HA_REVOKED_KEY);
  humanAgentHome("unregistered");
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
