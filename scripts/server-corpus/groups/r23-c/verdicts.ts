// Verdicts for group r23-c, written from the captured exchanges (test/fixtures/server-corpus/groups/r23-c.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, silent, tool, wire } from "../../verdict-helpers.js";

const EXPORT_STARTED =
  'ok text {"success": true, "info": {"export_id": …}}: GetCourse accepted the export request and answered its id (the rows come later from the export); a success';

export const VERDICTS: Record<string, Verdict> = {
  // ------------------------------------------------------------------- @theyahia/getcourse-mcp (stdio)
  "gtc-001": ok(EXPORT_STARTED),
  "gtc-002": ok(`active students: ${EXPORT_STARTED}`),
  "gtc-003": ok(`orders waiting for payment: ${EXPORT_STARTED}`),
  "gtc-004": silent(
    "rate_limited",
    "905",
    true,
    'ok text {"success": false, "error_code": 905, "error": "Уже запущен один экспорт"} (an export is already running): GetCourse refused the export; the JSON carries code 905. One export at a time is a throttle on the export API, so rate_limited, and the same call succeeds once the running export is done (retryable). Uncertain: business (a state conflict) is the other reading.',
  ),
  "gtc-005": silent(
    "rate_limited",
    "905",
    true,
    "the same 905 'Уже запущен один экспорт' for the same arguments; the previous failure was retryable, so repeating it is no wasted retry",
  ),
  "gtc-006": ok(
    '{"success": true, "user_id": 418830551, "added_to_group": true}: the student was created and enrolled',
  ),
  "gtc-007": ok(
    '{"success": true, "user_id": 402117336, "added_to_group": true}: the existing student was added to the group',
  ),
  "gtc-008": ok('{"success": true, "user_id": …, "deal_created": true}: student and order created'),
  "gtc-009": silent(
    "validation",
    null,
    false,
    'ok text "Error creating user: Предложение с кодом ESP-B1-LEGACY не найдено или находится в архиве" (the offer was not found or is archived): the import was refused; the named offer does not exist for this call, so validation; no code',
  ),
  "gtc-010": tool(
    "validation",
    "-32602",
    false,
    'isError "MCP error -32602: Input validation error: … Invalid email at email": the SDK refused the argument',
  ),
  "gtc-011": ok(`blocked users: ${EXPORT_STARTED}`),
  "gtc-012": tool(
    "validation",
    "-32602",
    false,
    "isError \"MCP error -32602: Input validation error: … Invalid enum value. Expected 'active' | 'in_base' | 'blocked', received 'deleted'\"",
  ),
  "gtc-013": ok(`users registered in a week: ${EXPORT_STARTED}`),
  "gtc-014": silent(
    "auth",
    null,
    false,
    'ok text {"success": false, "error_message": "Не авторизовано", "error": true} (not authorised: the key is refused): the API key was refused; the JSON has no code',
  ),
  "gtc-015": silent(
    "auth",
    null,
    false,
    'ok text "Error creating user: Не авторизовано" (not authorised): the import was refused for the key; no code',
  ),
  "gtc-016": silent(
    "rate_limited",
    null,
    true,
    'ok text {"success": false, "error_message": "Слишком много запросов. Лимит: 100 запросов за 2 часа"} (too many requests): the export quota is spent; no code',
  ),
  "gtc-017": tool(
    "rate_limited",
    null,
    true,
    'isError "Rate limit. Повторите через 120с…" (retry in 120 s): the 429 and its Retry-After, told in words; no status or code quoted',
  ),
  "gtc-018": tool(
    "internal",
    "http_500",
    true,
    'isError "Ошибка сервера (HTTP 500). Внешний API временно недоступен…": GetCourse answered 500; internal by the contract, retryable once',
  ),
  "gtc-019": tool(
    "transient",
    "http_502",
    true,
    'isError "Ошибка сервера (HTTP 502). Внешний API временно недоступен…": the gateway answered 502',
  ),
  "gtc-020": tool(
    "transient",
    "http_503",
    true,
    'isError "Ошибка сервера (HTTP 503). Внешний API временно недоступен…": the maintenance page answered 503',
  ),
  "gtc-021": wire(
    "transient",
    "timeout",
    true,
    "No answer within 3 s: the client raised -32001 Request timed out.",
  ),
  "gtc-022": tool(
    "transient",
    null,
    true,
    'isError "Ошибка: Таймаут запроса (15с). API не ответил вовремя…" (request timeout, 15 s): the server gave up on GetCourse; no code',
  ),
  "gtc-023": tool("unknown_tool", "-32602", false, 'isError "MCP error -32602: Tool get_courses not found"'),
  "gtc-024": tool(
    "transient",
    null,
    true,
    'isError "Ошибка: fetch failed…": the school\'s host could not be reached; no network code on the wire',
  ),
};
