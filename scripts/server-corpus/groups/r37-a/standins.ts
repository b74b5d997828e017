// Loopback stand-ins for group r37-a (README.md says where each body's shape comes from and which wordings were written
// for the capture):
// - HumanAgent's MCP backend (`mcp-server.jeele.cn`: `/api/auth/agent/register`, `/api/auth/agent/me` and the tool
//   relay `POST /call` with `{name, arguments}`, every answer the envelope `{code, msg, data}`), for humanagent-mcp,
//   whose host is written into it and which calls Node's own fetch: a forward proxy reached through a preload that sets
//   undici's ProxyAgent (proxy-preload.mjs), with a certificate the server trusts by NODE_EXTRA_CA_CERTS.
// - The Loopuman API v1 (`/api/v1/balance`, `/tasks`, `/tasks/sync`, `/tasks/{id}`, `/tasks/{id}/submissions`,
//   `/submissions/{id}/approve|reject`, `/competitions`, `/social-contests`), for loopuman-mcp, a plain HTTP stand-in
//   reached through the server's own `LOOPUMAN_API_URL`.
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import {
  certificate,
  clearTimers,
  forwardProxy,
  httpStandin,
  json,
  later,
  parse,
  text,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r37-a";

export const LOOPUMAN_PORT = 43450;
export const HUMANAGENT_PROXY_PORT = 43451;

export const CERT = `${DATA}/standin-cert.pem`;
export const ensureCertificate = (): Certificate => certificate(DATA, ["mcp-server.jeele.cn"]);

export const state = {
  // HumanAgent
  haRateLimited: false,
  haServerError: false,
  haBadGateway: false,
  haSlow: false,
  // Loopuman
  lpRateLimited: false,
  lpServerError: false,
  lpBadGateway: false,
  lpSlow: false,
  lpNoHuman: false,
  lpBroke: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

// nginx's standard error page (which front end either service has is not sourced).
const nginxPage = (status: number, reason: string) =>
  `<html>\r\n<head><title>${status} ${reason}</title></head>\r\n<body>\r\n<center><h1>${status} ${reason}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;

// ── HumanAgent ───────────────────────────────────────────────────────────────────────────────────────────────────────

export const HA_KEY = "ha_live_7Qm2xVt9LpR4cN8sKd3WjY6b";
export const HA_REVOKED_KEY = "ha_live_0Zr5uHe1TqB7mXo2FgA9sLc4";
export const HA_AGENT_ID = "agt_5f0c2e9a41d7";

const HUMANS = [
  {
    id: "hm_71c3a9",
    name: "Chen Jing",
    skills: ["Event Attendance", "Photography"],
    hourly_rate: 80,
    location: "上海市静安区",
    rating: 4.9,
    completed_tasks: 57,
    available: true,
  },
  {
    id: "hm_2b8f40",
    name: "Li Wei",
    skills: ["Event Attendance", "In-Person Meetings"],
    hourly_rate: 65,
    location: "上海市徐汇区",
    rating: 4.7,
    completed_tasks: 23,
    available: true,
  },
];

const ok = (data: unknown) => ({ code: 0, msg: "success", data });
const refused = (code: number, msg: string) => ({ code, msg, data: null });

function humanAgentCall(name: string, args: Record<string, unknown>): unknown {
  switch (name) {
    case "list_skills":
      return ok({
        skills: [
          { name: "In-Person Meetings", category: "Physical", human_count: 41 },
          { name: "Event Attendance", category: "Physical", human_count: 36 },
          { name: "Photography", category: "Creative", human_count: 29 },
          { name: "Package Pickup", category: "Errands", human_count: 52 },
        ],
      });
    case "get_platform_stats":
      return ok({ humans: 1284, agents: 317, bounties_total: 2210, bounties_completed: 1876 });
    case "search_humans": {
      const location = String(args.location ?? "");
      const found = location.includes("拉萨") || location.toLowerCase().includes("lhasa") ? [] : HUMANS;
      return ok({ humans: found, total: found.length, limit: args.limit ?? 10, offset: args.offset ?? 0 });
    }
    case "get_human":
      if (args.human_id === "hm_71c3a9")
        return ok({ ...HUMANS[0], bio: "活动签到、现场拍照，十年会展经验。" });
      return refused(404, `人类服务者不存在: ${String(args.human_id)}`);
    case "get_reviews":
      return ok({
        reviews: [
          {
            rating: 5,
            comment: "准时到场，签到表和现场照片都很清楚。",
            agent_name: "EventOps",
            created_at: "2026-11-28T10:12:00Z",
          },
          {
            rating: 5,
            comment: "Great photos of the booth.",
            agent_name: "ExpoBot",
            created_at: "2026-11-02T16:40:00Z",
          },
        ],
        average_rating: 4.9,
        total: 2,
      });
    case "create_bounty":
      if (Number(args.price) > 1000)
        return refused(40201, "余额不足：当前余额 ¥128.50，发布该任务需要 ¥5000.00，请先充值");
      return ok({
        id: "TASK_118",
        title: args.title,
        price: args.price,
        status: "pending",
        created_at: "2026-12-07T09:30:00Z",
      });
    case "list_bounties":
    case "query_bounty":
      return ok({
        bounties: [
          {
            id: "TASK_112",
            title: "代为出席 12 月 12 日 AI 开发者大会并签到",
            price: 300,
            status: "pending",
          },
          { id: "TASK_109", title: "拍摄展位照片 20 张", price: 200, status: "pending" },
        ],
        total: 2,
      });
    case "get_bounty_applications":
      return ok({
        applications: [
          { id: "app_3391", human_id: "hm_71c3a9", human_name: "Chen Jing", status: "pending" },
          { id: "app_3387", human_id: "hm_2b8f40", human_name: "Li Wei", status: "withdrawn" },
        ],
      });
    case "accept_bounty_application":
      if (args.application_id === "app_3387") return refused(409, "该申请已被申请人撤回，无法接受");
      return ok({ bounty_id: args.bounty_id, application_id: args.application_id, status: "confirmed" });
    case "start_conversation":
      return ok({
        conversation_id: "conv_8d21",
        human_id: args.human_id,
        subject: args.subject,
        status: "active",
      });
    case "list_forum_posts":
      return ok({
        posts: [
          {
            id: "post_551",
            title: "雇人去展会签到的经验",
            comment_count: 4,
            likes: 18,
            views: 230,
            creator_name: "EventOps",
            creator_type: "agent",
          },
        ],
        total: 1,
      });
    case "create_forum_post":
      return ok({ id: "post_560", title: args.title, category: args.category ?? "general" });
    default:
      return refused(404, `未知工具: ${name}`);
  }
}

function humanAgent(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const key = String(req.headers["x-api-key"] ?? "");
  const request = `${req.method} ${url.pathname}`;
  if (state.haSlow) return later(15_000, () => json(res, 200, ok({ humans: 1284 })));
  if (state.haBadGateway) return text(res, 502, nginxPage(502, "Bad Gateway"), "text/html");
  if (state.haServerError) return json(res, 500, { detail: "Internal Server Error" });
  if (request === "POST /api/auth/agent/register") {
    const input = parse(body);
    return json(
      res,
      200,
      ok({
        agent: {
          id: "agt_9e44b1c07a2f",
          name: input.name,
          agent_type: input.agent_type ?? "mcp_client",
          public_key: "pk_9e44b1c07a2f",
          created_at: "2026-12-07T09:41:07Z",
        },
        api_key: { key: "ha_live_N3v8Rk2QpW6tYc1Ls5Hd9Jm0" },
        webhook: null,
      }),
    );
  }
  if (key === HA_REVOKED_KEY) return json(res, 401, { code: 401, msg: "API Key 无效或已被撤销", data: null });
  if (key !== HA_KEY) return json(res, 401, { code: 401, msg: "缺少 API Key", data: null });
  if (request === "GET /api/auth/agent/me")
    return json(
      res,
      200,
      ok({
        agent: {
          id: HA_AGENT_ID,
          name: "EventOps",
          agent_type: "mcp_client",
          balance: 128.5,
          status: "active",
        },
        key: { permissions: ["read", "write", "bounty"], environment: "live" },
      }),
    );
  if (request === "POST /call") {
    const input = parse(body) as { name?: string; arguments?: Record<string, unknown> };
    if (state.haRateLimited)
      return json(
        res,
        429,
        { code: 429, msg: "请求过于频繁，请 60 秒后再试", data: null },
        { "retry-after": "60" },
      );
    return json(res, 200, humanAgentCall(String(input.name), input.arguments ?? {}));
  }
  unknownRequests.push(`humanagent ${request}`);
  return json(res, 404, { detail: "Not Found" });
}

// ── Loopuman ─────────────────────────────────────────────────────────────────────────────────────────────────────────

export const LP_KEY = "lpm_sk_4f9a2c7e1b8d6035";
export const LP_WRONG_KEY = "lpm_sk_0000deadbeef1111";
export const LP_TASK_NEW = "7c1e4b2a-93d5-4f60-8a17-2e5b9c0d4f31";
export const LP_TASK_DONE = "3a8f6d10-5b2c-4e97-b1a4-6c0e7d9f2a58";
export const LP_TASK_QUIET = "b5d20e7f-1c43-4a86-9e3b-0f7a6c5d8e12";
export const LP_SUB = "sub_5e71c0";
export const LP_SUB_2 = "sub_5e71c4";

const lpError = (
  res: http.ServerResponse,
  status: number,
  error: string,
  extra: Record<string, unknown> = {},
) => json(res, status, { error, ...extra });

function loopuman(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const request = `${req.method} ${url.pathname}`;
  const key = String(req.headers["x-api-key"] ?? "");
  if (state.lpSlow) return later(15_000, () => json(res, 200, { available_usd: 12.5, available_vae: 1250 }));
  if (state.lpBadGateway) return text(res, 502, nginxPage(502, "Bad Gateway"), "text/html");
  if (key !== LP_KEY) return lpError(res, 401, "Invalid API key");
  if (state.lpServerError) return lpError(res, 500, "Internal server error");
  if (state.lpRateLimited)
    return lpError(res, 429, "Rate limit exceeded. Try again in 30 seconds.", { retry_after: 30 });
  const input = parse(body);
  if (request === "GET /api/v1/balance") return json(res, 200, { available_usd: 12.5, available_vae: 1250 });
  if (request === "POST /api/v1/tasks")
    return json(res, 201, {
      success: true,
      task: { id: LP_TASK_NEW, title: input.title, budget: input.budget, status: "pending" },
    });
  if (request === `GET /api/v1/tasks/${LP_TASK_NEW}`)
    return json(res, 200, { task: { id: LP_TASK_NEW, status: "pending", submission: null } });
  if (request === `GET /api/v1/tasks/${LP_TASK_DONE}`)
    return json(res, 200, {
      task: {
        id: LP_TASK_DONE,
        status: "completed",
        submission: {
          id: LP_SUB,
          content: "Venue confirmed: Hall 3B, doors at 18:30, capacity 240.",
          worker_id: "wkr_1182",
        },
      },
    });
  if (request === `GET /api/v1/tasks/${LP_TASK_DONE}/submissions`)
    return json(res, 200, {
      submissions: [
        {
          submission_id: LP_SUB,
          content: "Venue confirmed: Hall 3B, doors at 18:30, capacity 240.",
          worker_id: "wkr_1182",
          submitted_at: "2026-12-07T08:55:12Z",
        },
        {
          submission_id: LP_SUB_2,
          content: "Called the venue, nobody answered.",
          worker_id: "wkr_2047",
          submitted_at: "2026-12-07T09:02:40Z",
        },
      ],
    });
  if (request === `GET /api/v1/tasks/${LP_TASK_QUIET}/submissions`)
    return json(res, 200, { submissions: [] });
  const approve = /^POST \/api\/v1\/submissions\/([^/]+)\/approve$/.exec(request);
  if (approve) {
    if (state.lpBroke)
      return lpError(res, 402, "Insufficient balance: 45 VAE available, 50 VAE required", {
        available_vae: 45,
      });
    if (approve[1] !== LP_SUB) return lpError(res, 404, "Submission not found");
    return json(res, 200, {
      success: true,
      paid_vae: 50,
      tx_hash: "0x8f3c2a91d0b7e4456a1c9d2e7b30f58a6c4e1d92",
    });
  }
  const reject = /^POST \/api\/v1\/submissions\/([^/]+)\/reject$/.exec(request);
  if (reject) {
    if (reject[1] !== LP_SUB_2) return lpError(res, 404, "Submission not found");
    return json(res, 200, { success: true, submission_id: LP_SUB_2, refunded_vae: 50 });
  }
  if (request === "POST /api/v1/tasks/sync") {
    if (state.lpNoHuman)
      return json(res, 200, { status: "timeout", task_id: "e2c7a9b4-6d18-4f35-a0c1-9b8e5d3f7a26" });
    return json(res, 200, {
      status: "completed",
      response: "SAFE — it is an ordinary event announcement.",
      worker_id: "wkr_0931",
    });
  }
  if (request === "POST /api/v1/competitions") {
    if (Number(input.prize_usd) < 50) return lpError(res, 400, "Minimum prize is $50");
    return json(res, 201, { competition: { id: "cmp_2291", share_link: "https://loopuman.com/c/cmp_2291" } });
  }
  if (request === "POST /api/v1/social-contests")
    return json(res, 201, { contest: { id: "sc_0417", share_link: "https://loopuman.com/s/sc_0417" } });
  unknownRequests.push(`loopuman ${request}`);
  return lpError(res, 404, "Not found");
}

// ── Listeners ────────────────────────────────────────────────────────────────────────────────────────────────────────

function recorded(name: string, handler: typeof loopuman) {
  return (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) => {
    seen.push(`${name} ${req.method} ${url.host}${url.pathname}${url.search} ${body.slice(0, 200)}`);
    handler(req, url, body, res);
  };
}

export const loopumanApi = httpStandin(LOOPUMAN_PORT, recorded("loopuman", loopuman));
export const humanAgentProxy = forwardProxy(
  HUMANAGENT_PROXY_PORT,
  ensureCertificate,
  recorded("humanagent", humanAgent),
);

export const ALL_STANDINS = [loopumanApi, humanAgentProxy];
