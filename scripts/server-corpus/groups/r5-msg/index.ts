// Group r5-msg of the server corpus: message queues and chat/notification services.
// BullMQ and Redis servers run against a private redis-server; the Lark and Resend servers
// against loopback stand-ins (standins.ts). See README.md.

import path from "node:path";
import { fileURLToPath } from "node:url";
import { httpServer, sleep, stdioServer, type SessionSpec, type Step } from "../../harness.js";
import {
  ALERTMANAGER_PORT,
  LARK_PORT,
  REDIS_PORT,
  RESEND_PORT,
  modes,
  prepare as prepareStandIns,
  redisCli,
  startRedis,
  startStandIn,
  stopRedis,
  stopStandIn,
} from "./standins.js";
import { VERDICTS as GROUP_VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));
const REDIS_URL = `redis://127.0.0.1:${REDIS_PORT}`;

export const PACKAGES: Record<string, string> = {
  "@adamhancock/bullmq-mcp": "1.0.7",
  "@larksuiteoapi/lark-mcp": "0.5.1",
  "resend-mcp": "2.6.0",
  "mcp-alertmanager": "2.1.1",
  "@gongrzhe/server-redis-mcp": "1.0.0",
};

export const VERDICTS = GROUP_VERDICTS;
export const prepare = prepareStandIns;

const killSoon = async (live: { kill(): void }) => {
  await sleep(30);
  live.kill();
};

// --- @adamhancock/bullmq-mcp ---------------------------------------------------------------
const bullmqSteps: Step[] = [
  {
    id: "bmq-001",
    tool: "list_queues",
    args: { pattern: "r5msg-*" },
    scenario: "list queues before connecting",
  },
  {
    id: "bmq-002",
    tool: "connect",
    args: { id: "r5msg", url: REDIS_URL },
    scenario: "connect to the queue's redis",
  },
  {
    id: "bmq-003",
    tool: "add_job",
    args: {
      queue: "r5msg-email",
      name: "welcome",
      data: { to: "ann@r5msg.example.com", template: "welcome" },
    },
    scenario: "add a job to a queue",
  },
  {
    id: "bmq-004",
    tool: "add_job",
    args: {
      queue: "r5msg-email",
      name: "digest",
      data: { to: "bob@r5msg.example.com" },
      opts: { delay: 600000 },
    },
    scenario: "add a delayed job",
  },
  { id: "bmq-005", tool: "stats", args: { queue: "r5msg-email" }, scenario: "queue counts" },
  {
    id: "bmq-006",
    tool: "get_jobs",
    args: { queue: "r5msg-email", status: "waiting" },
    scenario: "list waiting jobs",
  },
  {
    id: "bmq-007",
    tool: "get_jobs",
    args: { queue: "r5msg-email", status: "failed" },
    scenario: "list failed jobs (there are none)",
  },
  {
    id: "bmq-008",
    tool: "get_job",
    args: { queue: "r5msg-email", jobId: "4242" },
    scenario: "get a job id that does not exist",
  },
  {
    id: "bmq-009",
    tool: "get_job",
    args: { queue: "r5msg-email", jobId: "4242" },
    scenario: "the same lookup again, unchanged",
  },
  {
    id: "bmq-010",
    tool: "promote_job",
    args: { queue: "r5msg-email", jobId: "1" },
    scenario: "promote a job that is waiting, not delayed",
  },
  {
    id: "bmq-011",
    tool: "retry_job",
    args: { queue: "r5msg-email", jobId: "1" },
    scenario: "retry a job that has not failed",
  },
  {
    id: "bmq-012",
    tool: "get_jobs",
    args: { queue: "r5msg-email", status: "stuck" },
    scenario: "a status outside the enum",
  },
  { id: "bmq-013", tool: "stats", args: { queue: 42 }, scenario: "queue name of the wrong type" },
  { id: "bmq-014", tool: "purge_all_queues", args: {}, scenario: "a tool the server does not have" },
  {
    id: "bmq-015",
    tool: "query_dead_letter_queue",
    args: { dlqKey: "r5msg:dlq" },
    scenario: "a dead-letter queue with nothing in it",
  },
  {
    id: "bmq-016",
    tool: "stats",
    args: { queue: "r5msg-email" },
    scenario: "redis stopped before the call",
    timeoutMs: 6000,
    before: async () => stopRedis(),
    after: async () => startRedis(),
  },
  {
    id: "bmq-017",
    tool: "get_jobs",
    args: { queue: "r5msg-email", status: "delayed" },
    scenario: "server process killed mid-call",
    during: killSoon,
  },
];

// --- @gongrzhe/server-redis-mcp ------------------------------------------------------------
const redisSteps: Step[] = [
  {
    id: "grd-001",
    tool: "set",
    args: { key: "r5msg:last-alert", value: "queue backed up" },
    scenario: "set a key",
  },
  { id: "grd-002", tool: "get", args: { key: "r5msg:last-alert" }, scenario: "get it back" },
  { id: "grd-003", tool: "get", args: { key: "r5msg:nope" }, scenario: "get a key that does not exist" },
  { id: "grd-004", tool: "list", args: { pattern: "r5msg:*" }, scenario: "list keys by pattern" },
  {
    id: "grd-005",
    tool: "list",
    args: { pattern: "nothing-here:*" },
    scenario: "list keys matching nothing",
  },
  {
    id: "grd-006",
    tool: "get",
    args: { key: "r5msg:outbox" },
    scenario: "GET on a key that holds a list (WRONGTYPE)",
    before: async () => redisCli("RPUSH", "r5msg:outbox", "m1", "m2"),
  },
  { id: "grd-007", tool: "get", args: { key: "r5msg:outbox" }, scenario: "the same GET again" },
  {
    id: "grd-008",
    tool: "set",
    args: { key: "r5msg:ttl", value: "x", expireSeconds: -5 },
    scenario: "a negative expiry",
  },
  {
    id: "grd-009",
    tool: "delete",
    args: { key: ["r5msg:ttl", "r5msg:none"] },
    scenario: "delete two keys, one missing",
  },
  { id: "grd-010", tool: "set", args: { key: 7 }, scenario: "wrong type, value missing" },
  {
    id: "grd-011",
    tool: "publish",
    args: { channel: "r5msg", message: "hi" },
    scenario: "a tool the server does not have",
  },
  {
    id: "grd-012",
    tool: "get",
    args: { key: "r5msg:last-alert" },
    scenario: "redis stopped before the call",
    timeoutMs: 6000,
    before: async () => stopRedis(),
    after: async () => startRedis(),
  },
  {
    id: "grd-013",
    tool: "list",
    args: { pattern: "r5msg:*" },
    scenario: "a call after the server process exited",
  },
];

// --- @larksuiteoapi/lark-mcp -----------------------------------------------------------------
const setLark = (mode: typeof modes.lark) => async () => {
  modes.lark = mode;
};
const larkText = (chat: string, text: string) => ({
  data: { receive_id: chat, msg_type: "text", content: JSON.stringify({ text }) },
  params: { receive_id_type: "chat_id" },
});
const larkSteps: Step[] = [
  {
    id: "lark-001",
    tool: "im_v1_chat_list",
    args: { params: { page_size: 20 } },
    scenario: "list the bot's chats",
  },
  {
    id: "lark-002",
    tool: "im_v1_message_list",
    args: { params: { container_id_type: "chat", container_id: "oc_r5msg_ops" } },
    scenario: "read a chat's messages",
  },
  {
    id: "lark-003",
    tool: "im_v1_message_list",
    args: { params: { container_id_type: "chat", container_id: "oc_r5msg_quiet" } },
    scenario: "a chat with no messages",
  },
  {
    id: "lark-004",
    tool: "im_v1_message_create",
    args: larkText("oc_r5msg_ops", "queue drained"),
    scenario: "send a message",
  },
  {
    id: "lark-005",
    tool: "im_v1_message_create",
    args: larkText("oc_r5msg_gone", "hello?"),
    scenario: "send to a chat id that does not exist",
  },
  {
    id: "lark-006",
    tool: "im_v1_message_create",
    args: larkText("oc_r5msg_gone", "hello?"),
    scenario: "the same send again",
  },
  {
    id: "lark-007",
    tool: "im_v1_message_create",
    args: {
      data: { receive_id: "oc_r5msg_ops", msg_type: "text", content: "plain, not JSON" },
      params: { receive_id_type: "chat_id" },
    },
    scenario: "message content that is not the JSON the API wants",
  },
  {
    id: "lark-008",
    tool: "im_v1_message_create",
    args: larkText("oc_r5msg_archived", "ping"),
    scenario: "send to a chat the bot is not in",
  },
  {
    id: "lark-009",
    tool: "im_v1_chatMembers_get",
    args: { path: { chat_id: "oc_r5msg_ops" }, params: { member_id_type: "open_id" } },
    scenario: "an endpoint the app has no scope for",
  },
  {
    id: "lark-010",
    tool: "im_v1_message_create",
    args: { data: { receive_id: "oc_r5msg_ops", msg_type: "text" }, params: { receive_id_type: "room_id" } },
    scenario: "an unknown receive_id_type and a missing content",
  },
  {
    id: "lark-011",
    tool: "im_v1_chat_list",
    args: { params: { page_size: 20 } },
    scenario: "API answers 429 frequency limit",
    before: setLark("rate_limited"),
    after: setLark("normal"),
  },
  {
    id: "lark-012",
    tool: "im_v1_chat_list",
    args: { params: { page_size: 10 } },
    scenario: "gateway answers 503 HTML",
    before: setLark("unavailable"),
    after: setLark("normal"),
  },
  {
    id: "lark-013",
    tool: "im_v1_message_list",
    args: { params: { container_id_type: "chat", container_id: "oc_r5msg_ops" } },
    scenario: "API answers 500 system error",
    before: setLark("error_500"),
    after: setLark("normal"),
  },
  {
    id: "lark-014",
    tool: "im_v1_chat_list",
    args: { params: { page_size: 5 } },
    scenario: "the tenant token is refused",
    before: setLark("bad_token"),
    after: setLark("normal"),
  },
  {
    id: "lark-015",
    tool: "im_v1_chat_list",
    args: { params: { page_size: 50 } },
    scenario: "API slower than the client waits",
    timeoutMs: 3000,
    before: setLark("slow"),
    after: async () => {
      await sleep(3500);
      modes.lark = "normal";
    },
  },
  {
    id: "lark-016",
    tool: "im_v1_chat_list",
    args: { params: { page_size: 20 } },
    scenario: "stand-in stopped (connection refused)",
    before: async () => stopStandIn("lark"),
    after: async () => startStandIn("lark"),
  },
  {
    id: "lark-017",
    tool: "im_v1_chat_delete",
    args: { path: { chat_id: "oc_r5msg_ops" } },
    scenario: "a tool the server does not have",
  },
];

const larkBadSecretSteps: Step[] = [
  {
    id: "lark-018",
    tool: "im_v1_chat_list",
    args: { params: { page_size: 20 } },
    scenario: "app secret refused when the tenant token is fetched",
  },
  {
    id: "lark-019",
    tool: "im_v1_chat_list",
    args: { params: { page_size: 20 } },
    scenario: "the same call again",
  },
];

const LARK_HTTP_PORT = 38453;
const larkHttpSteps: Step[] = [
  {
    id: "lark-020",
    tool: "im_v1_chat_list",
    args: { params: { page_size: 20 } },
    scenario: "list chats over Streamable HTTP",
  },
  {
    id: "lark-021",
    tool: "im_v1_message_create",
    args: larkText("oc_r5msg_ops", "over http"),
    scenario: "send a message over HTTP",
  },
  {
    id: "lark-022",
    tool: "im_v1_message_list",
    args: { params: { container_id_type: "chat", container_id: "oc_r5msg_unknown" } },
    scenario: "read a chat the bot is not in, over HTTP",
  },
  {
    id: "lark-023",
    tool: "im_v1_chat_list",
    args: { params: { page_size: 20 } },
    scenario: "server process killed while the API is slow",
    timeoutMs: 8000,
    before: setLark("slow"),
    during: async (live) => {
      await sleep(500);
      live.kill();
    },
    after: async () => {
      await sleep(6000);
      modes.lark = "normal";
    },
  },
  {
    id: "lark-024",
    tool: "im_v1_chat_list",
    args: { params: { page_size: 20 } },
    scenario: "the server process started again, the client keeps its session id",
    before: async (live) => live.restart?.(),
  },
];

// --- resend-mcp ------------------------------------------------------------------------------
const setResend = (mode: typeof modes.resend) => async () => {
  modes.resend = mode;
};
const mail = (from: string, to: string[]) => ({
  from,
  to,
  subject: "r5msg queue alert",
  text: "12 000 jobs waiting",
});
const resendSteps: Step[] = [
  { id: "rsd-001", tool: "list-emails", args: {}, scenario: "list sent emails" },
  {
    id: "rsd-002",
    tool: "send-email",
    args: mail("alerts@r5msg.example.com", ["oncall@r5msg.example.com"]),
    scenario: "send an email",
  },
  {
    id: "rsd-003",
    tool: "get-email",
    args: { id: "4ef9a417-02e9-4d39-ad75-9611e0fcc33c" },
    scenario: "get one email",
  },
  {
    id: "rsd-004",
    tool: "get-email",
    args: { id: "00000000-0000-4000-8000-000000000000" },
    scenario: "an email id that does not exist",
  },
  {
    id: "rsd-005",
    tool: "get-email",
    args: { id: "00000000-0000-4000-8000-000000000000" },
    scenario: "the same lookup again",
  },
  {
    id: "rsd-006",
    tool: "send-email",
    args: mail("alerts@unverified.example.org", ["oncall@r5msg.example.com"]),
    scenario: "send from an unverified domain",
  },
  { id: "rsd-007", tool: "list-domains", args: {}, scenario: "list domains" },
  { id: "rsd-008", tool: "list-contacts", args: {}, scenario: "list contacts (there are none)" },
  {
    id: "rsd-009",
    tool: "send-email",
    args: mail("alerts@r5msg.example.com", ["not-an-address"]),
    scenario: "a recipient that is not an email address",
  },
  { id: "rsd-010", tool: "list-emails", args: { limit: 500 }, scenario: "limit above the maximum" },
  {
    id: "rsd-011",
    tool: "send-email",
    args: mail("alerts@r5msg.example.com", ["oncall@r5msg.example.com"]),
    scenario: "API answers 429 rate_limit_exceeded with Retry-After",
    before: setResend("rate_limited"),
    after: setResend("normal"),
  },
  {
    id: "rsd-012",
    tool: "list-emails",
    args: {},
    scenario: "API answers 500 application_error",
    before: setResend("error_500"),
    after: setResend("normal"),
  },
  {
    id: "rsd-013",
    tool: "list-domains",
    args: {},
    scenario: "API key refused",
    before: setResend("bad_token"),
    after: setResend("normal"),
  },
  {
    id: "rsd-014",
    tool: "list-emails",
    args: {},
    scenario: "stand-in stopped (connection refused)",
    before: async () => stopStandIn("resend"),
    after: async () => startStandIn("resend"),
  },
  {
    id: "rsd-015",
    tool: "send-sms",
    args: { to: "+15550100", body: "hi" },
    scenario: "a tool the server does not have",
  },
];

// --- mcp-alertmanager --------------------------------------------------------------------------
const setAm = (mode: typeof modes.alertmanager) => async () => {
  modes.alertmanager = mode;
};
const alertmanagerSteps: Step[] = [
  { id: "am-001", tool: "getAlerts", args: {}, scenario: "list firing alerts" },
  {
    id: "am-002",
    tool: "getAlerts",
    args: { filterLabel: "team=nobody" },
    scenario: "alerts for a team that has none",
  },
  { id: "am-003", tool: "getAlertGroups", args: {}, scenario: "alerts grouped by route" },
  { id: "am-004", tool: "getReceivers", args: {}, scenario: "notification receivers" },
  {
    id: "am-005",
    tool: "createSilence",
    args: { alertName: "R5msgConsumerLag", duration: "2h", comment: "r5msg draining" },
    scenario: "silence an alert for 2h",
  },
  {
    id: "am-006",
    tool: "createSilence",
    args: { alertName: "R5msgConsumerLag", duration: "-2h" },
    scenario: "a negative duration",
  },
  {
    id: "am-007",
    tool: "createSilence",
    args: { alertName: "R5msgConsumerLag", duration: "forever" },
    scenario: "a duration that does not parse",
  },
  {
    id: "am-008",
    tool: "deleteSilence",
    args: { silenceId: "00000000-0000-4000-8000-000000000000" },
    scenario: "expire a silence that does not exist",
  },
  {
    id: "am-009",
    tool: "deleteSilence",
    args: { silenceId: "00000000-0000-4000-8000-000000000000" },
    scenario: "the same again",
  },
  {
    id: "am-010",
    tool: "getAlerts",
    args: { filterLabel: "no matcher here" },
    scenario: "a label filter without key=value",
  },
  {
    id: "am-011",
    tool: "investigateAlert",
    args: { alertName: "R5msgNoSuchAlert" },
    scenario: "investigate an alert name that is not firing",
  },
  {
    id: "am-012",
    tool: "getAlertmanagerStatus",
    args: {},
    scenario: "API answers 503",
    before: setAm("unavailable"),
    after: setAm("normal"),
  },
  {
    id: "am-013",
    tool: "getCriticalAlerts",
    args: {},
    scenario: "API answers 500",
    before: setAm("error_500"),
    after: setAm("normal"),
  },
  {
    id: "am-014",
    tool: "getSilences",
    args: { state: "active" },
    scenario: "API slower than the client waits",
    timeoutMs: 3000,
    before: setAm("slow"),
    after: async () => {
      await sleep(3500);
      modes.alertmanager = "normal";
    },
  },
  {
    id: "am-015",
    tool: "getAlerts",
    args: {},
    scenario: "stand-in stopped (connection refused)",
    before: async () => stopStandIn("alertmanager"),
    after: async () => startStandIn("alertmanager"),
  },
  { id: "am-016", tool: "silenceAll", args: {}, scenario: "a tool the server does not have" },
];

export const SESSIONS: SessionSpec[] = [
  {
    label: "r5-msg-bullmq",
    server: "@adamhancock/bullmq-mcp",
    transport: "stdio",
    start: stdioServer("r5-msg-bullmq", "@adamhancock/bullmq-mcp", { from: FROM, env: { REDIS_URL } }),
    steps: bullmqSteps,
  },
  {
    label: "r5-msg-redis",
    server: "@gongrzhe/server-redis-mcp",
    transport: "stdio",
    start: stdioServer("r5-msg-redis", "@gongrzhe/server-redis-mcp", { from: FROM, args: [REDIS_URL] }),
    steps: redisSteps,
  },
  {
    label: "r5-msg-lark",
    server: "@larksuiteoapi/lark-mcp",
    transport: "stdio",
    start: stdioServer("r5-msg-lark", "@larksuiteoapi/lark-mcp", {
      from: FROM,
      args: ["mcp", "-a", "cli_r5msg", "-s", "r5msg-secret", "-d", `http://127.0.0.1:${LARK_PORT}`],
    }),
    steps: larkSteps,
  },
  {
    label: "r5-msg-lark-badsecret",
    server: "@larksuiteoapi/lark-mcp",
    transport: "stdio",
    start: stdioServer("r5-msg-lark-badsecret", "@larksuiteoapi/lark-mcp", {
      from: FROM,
      args: ["mcp", "-a", "cli_r5msg", "-s", "r5msg-rotated", "-d", `http://127.0.0.1:${LARK_PORT}`],
    }),
    steps: larkBadSecretSteps,
  },
  {
    label: "r5-msg-lark-http",
    server: "@larksuiteoapi/lark-mcp",
    transport: "http",
    start: httpServer("r5-msg-lark-http", "@larksuiteoapi/lark-mcp", {
      from: FROM,
      port: LARK_HTTP_PORT,
      path: "/mcp",
      args: [
        "mcp",
        "-a",
        "cli_r5msg",
        "-s",
        "r5msg-secret",
        "-d",
        `http://127.0.0.1:${LARK_PORT}`,
        "-m",
        "streamable",
        "--host",
        "127.0.0.1",
        "-p",
        String(LARK_HTTP_PORT),
      ],
    }),
    steps: larkHttpSteps,
  },
  {
    label: "r5-msg-resend",
    server: "resend-mcp",
    transport: "stdio",
    start: stdioServer("r5-msg-resend", "resend-mcp", {
      from: FROM,
      env: { RESEND_API_KEY: "re_r5msg_test", RESEND_BASE_URL: `http://127.0.0.1:${RESEND_PORT}` },
    }),
    steps: resendSteps,
  },
  {
    label: "r5-msg-alertmanager",
    server: "mcp-alertmanager",
    transport: "stdio",
    start: stdioServer("r5-msg-alertmanager", "mcp-alertmanager", {
      from: FROM,
      env: { ALERTMANAGER_URL: `http://127.0.0.1:${ALERTMANAGER_PORT}` },
    }),
    steps: alertmanagerSteps,
  },
];
