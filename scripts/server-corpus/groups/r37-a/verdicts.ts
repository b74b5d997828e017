// Verdicts for group r37-a, written from the captured exchanges (test/fixtures/server-corpus/groups/r37-a.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, silent, wire } from "../../verdict-helpers.js";

const WASTED = "The previous call in this session with the same tool and arguments failed non-retryably.";

export const VERDICTS: Record<string, Verdict> = {
  // humanagent-mcp: never isError, never a JSON-RPC error. Every failure is ordinary text: "❌ 调用失败: <msg>" when
  // the service's envelope says code ≠ 0 (the code itself is dropped), "❌ 调用失败: HTTP <status>: <body>" for a
  // non-2xx answer, "❌ 调用失败: fetch failed" when the service is unreachable; a local check answers "❌ 需要先注册
  // Agent" without calling anything. Unknown tools are relayed to the service's /call.
  "ha-001": ok(
    "the agent's identity, verified: id, name, type, balance ¥128.5, status active, key permissions",
  ),
  "ha-002": ok("'当前资金余额: ¥128.50' — the balance"),
  "ha-003": ok("four skills with their categories and head counts"),
  "ha-004": ok("two people in Shanghai who attend events, with rates and ratings"),
  "ha-005": ok("a search for photographers in Lhasa: humans [], total 0", true),
  "ha-006": ok("one person's profile with a bio"),
  "ha-007": silent(
    "validation",
    null,
    false,
    "ok text '❌ 调用失败: 人类服务者不存在: hm_000000' ('call failed: the person does not exist') — a lookup of a named person that does not exist; the service's code is not relayed",
  ),
  "ha-008": silent(
    "validation",
    null,
    false,
    `The same '❌ 调用失败: 人类服务者不存在: hm_000000' again. ${WASTED}`,
    true,
  ),
  "ha-009": ok("two reviews and an average rating of 4.9"),
  "ha-010": ok("the bounty TASK_118 created, status pending"),
  "ha-011": silent(
    "business",
    null,
    false,
    "ok text '❌ 调用失败: 余额不足：当前余额 ¥128.50，发布该任务需要 ¥5000.00，请先充值' — insufficient balance, top up first: the account cannot pay for the bounty",
  ),
  "ha-012": ok("two pending bounties"),
  "ha-013": ok("two applications to TASK_112, one pending and one withdrawn"),
  "ha-014": silent(
    "validation",
    null,
    false,
    "ok text '❌ 调用失败: 该申请已被申请人撤回，无法接受' — the application was withdrawn by its applicant and cannot be accepted: the named application is not in an acceptable state",
  ),
  "ha-015": ok("a conversation conv_8d21 started, status active"),
  "ha-016": ok("the forum's most liked post"),
  "ha-017": silent(
    "rate_limited",
    "http_429",
    true,
    'ok text \'❌ 调用失败: HTTP 429: {"code":429,"msg":"请求过于频繁，请 60 秒后再试","data":null}\' — too many requests, try again in 60 s (the Retry-After header is not relayed)',
  ),
  "ha-018": silent(
    "internal",
    "http_500",
    true,
    'ok text \'❌ 调用失败: HTTP 500: {"detail":"Internal Server Error"}\'',
  ),
  "ha-019": silent(
    "transient",
    "http_502",
    true,
    "ok text '❌ 调用失败: HTTP 502: <html>…502 Bad Gateway…nginx…' — a gateway's error page",
  ),
  "ha-020": wire("transient", "timeout", true, "no answer within the client's 3 s: -32001 Request timed out"),
  "ha-021": silent(
    "transient",
    null,
    true,
    "ok text '❌ 调用失败: fetch failed' — the service was unreachable (undici's bare message, no code)",
  ),
  "ha-022": silent(
    "unknown_tool",
    null,
    false,
    "ok text '❌ 调用失败: 未知工具: hire_human' ('unknown tool') — the server relays any tool name to the service, which does not know it",
  ),
  "ha-023": silent(
    "auth",
    "http_401",
    false,
    'ok text \'❌ 获取余额失败: HTTP 401: {"code":401,"msg":"API Key 无效或已被撤销","data":null}\' — the API key is invalid or revoked',
  ),
  "ha-024": silent(
    "auth",
    null,
    false,
    "ok text '❌ 需要先注册 Agent …请调用 register_agent 获取 API Key' — no API key: the agent must register first (a local check, nothing was called)",
  ),
  "ha-025": ok("'✅ Agent 注册成功！' — the agent registered, with its id and API key"),

  // loopuman-mcp: a hand-written JSON-RPC loop; never isError, never a JSON-RPC error. It reads every API answer as
  // JSON whatever its status: approve/reject spread the body into their fixed success text (so an error body shows as
  // `error` beside "status": "approved"), the other tools keep only the fields they expect, a body that is not JSON
  // or a network failure is caught as {"error": "<message>"}, and an unknown tool is {"error": "Unknown tool: X"}.
  "lp-001": ok("the balance: $12.50, 1250 VAE"),
  "lp-002": ok("a task posted, with its task_id"),
  "lp-003": ok(
    "the new task is still pending: 'Not yet completed. Poll again in 10-30 seconds.' — a status, not a failure",
  ),
  "lp-004": ok("a completed task with the worker's answer and the submission id"),
  "lp-005": ok("two submissions awaiting approval"),
  "lp-006": ok("a task with no submissions yet: submissions [], count 0", true),
  "lp-007": ok(
    "approved: 'Worker paid instantly via blockchain', success true, 50 VAE paid, a transaction hash",
  ),
  "lp-008": ok("rejected: success true, 50 VAE refunded"),
  "lp-009": ok(
    "a person answered the question synchronously: 'SAFE — it is an ordinary event announcement.'",
  ),
  "lp-010": silent(
    "transient",
    null,
    true,
    "status 'timeout': 'No human responded in time. Try increasing budget_usd or timeout_seconds.' — the question asked got no answer; a person may answer the same question another time",
  ),
  "lp-011": silent(
    "validation",
    null,
    false,
    "{status: 'approved', message: 'Worker paid instantly via blockchain.', error: 'Submission not found'} — the server's fixed success words over the API's error: the named submission does not exist, nothing was approved",
  ),
  "lp-012": silent(
    "validation",
    null,
    false,
    `The same 'approved' text with error 'Submission not found' again. ${WASTED}`,
    true,
  ),
  "lp-013": silent(
    "unknown",
    null,
    false,
    "{status: 'live', message: 'Competition live! Share: undefined'} — no competition_id and a share link of undefined: the competition was not created, and nothing on the wire says why (the API's 400 'Minimum prize is $50' was dropped)",
  ),
  "lp-014": ok("a social contest live, with its id and share link"),
  "lp-015": silent(
    "business",
    null,
    false,
    "{status: 'approved', message: 'Worker paid instantly…', error: 'Insufficient balance: 45 VAE available, 50 VAE required'} — the account cannot pay the worker; nothing was approved",
  ),
  "lp-016": silent(
    "internal",
    "http_500",
    true,
    "{status: 'rejected', error: 'Internal server error'} — the API's 500, its reason phrase as the error",
  ),
  "lp-017": silent(
    "rate_limited",
    null,
    true,
    "{status: 'approved', …, error: 'Rate limit exceeded. Try again in 30 seconds.', retry_after: 30}",
  ),
  "lp-018": silent(
    "transient",
    null,
    true,
    '{"error":"Unexpected token \'<\', \\"<html>\\r\\n<h\\"... is not valid JSON"} — an HTML page where the API\'s JSON was expected (a gateway\'s error page)',
  ),
  "lp-019": wire("transient", "timeout", true, "no answer within the client's 3 s: -32001 Request timed out"),
  "lp-020": silent(
    "transient",
    null,
    true,
    '{"error":"fetch failed"} — the API was unreachable (undici\'s bare message, no code)',
  ),
  "lp-021": silent(
    "unknown_tool",
    null,
    false,
    '{"error": "Unknown tool: hire_human"} as an ordinary result',
  ),
  "lp-022": silent(
    "auth",
    null,
    false,
    "{status: 'rejected', error: 'Invalid API key'} — the key is not known to the service; nothing was rejected",
  ),
};
