// Verdicts for group r40-f, written from the captured exchanges (test/fixtures/server-corpus/groups/r40-f.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, silent, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // freee-mcp 0.35.2 (freee's own server, stdio, SDK 1.x McpServer). The generic API tools (freee_api_get/post/put)
  // answer the API's JSON pretty-printed; every thrown error becomes isError "APIリクエストエラー: <message>": for a
  // non-2xx answer "API request failed: <status>" and the messages of the body's errors[] ("エラー詳細:"), or the body
  // quoted whole after its status for 401/403/429 (429 adds "<Retry-After>秒後に再試行してください。"); a body that is
  // not JSON becomes "(JSON parse failed: …)". Its own checks (company_id against the current company, the token
  // refresh) are thrown the same way. Two gaps make silent failures: a path not in its bundled OpenAPI schema is an
  // ordinary "パス検証エラー: …" text, and the company and user tools answer "…の取得に失敗: <message>" without isError.
  "fre-001": ok("'認証状態: 有効' with the expiry time: the stored OAuth token is valid"),
  "fre-002": ok(
    "the HR API's login user: id 71034, one company with role company_admin and own employee id 1401",
  ),
  "fre-003": ok("four employees on November's payroll, each with number, name, entry date and pay-day rule"),
  "fre-004": tool(
    "validation",
    "http_404",
    false,
    "isError 'API request failed: 404 … エラー詳細: 従業員が見つかりません。': an employee id that does not exist",
  ),
  "fre-005": tool(
    "validation",
    "http_404",
    false,
    "the same 404 '従業員が見つかりません。' for the same tool and arguments, after a non-retryable failure",
    true,
  ),
  "fre-006": ok("November's four payroll statements with basic pay, gross, deductions and net amounts"),
  "fre-007": ok('bonus statements for November: {"employee_payroll_statements": [], "total_count": 0}', true),
  "fre-008": ok(
    "an employee's November attendance summary: 19 work days, minutes worked, overtime, paid holidays",
  ),
  "fre-009": ok("today's three time clocks (clock in, break begin, break end)"),
  "fre-010": tool(
    "validation",
    "http_400",
    false,
    "isError 'API request failed: 400 … 打刻の種類が正しくありません。' and the server's hint: a second clock-in on a day already clocked in",
  ),
  "fre-011": ok(
    "the day's work record rewritten: clock-in and clock-out, one break, 480 normal minutes, the note",
  ),
  "fre-012": ok("one paid-holiday request in_progress for 2026-12-18 with its comment and approval log"),
  "fre-013": ok("the request approved: status approved, the approve action appended to its approval log"),
  "fre-014": ok("three departments with code, level and parent"),
  "fre-015": tool(
    "validation",
    null,
    false,
    "isError 'company_id の不整合: リクエストの company_id (2981107) と現在の事業所 (3042519) が異なります。': the server refused a company id other than the current one before sending anything",
  ),
  "fre-016": silent(
    "validation",
    null,
    false,
    "an ordinary text 'パス検証エラー: Path '/api/v1/payrolls' not found in freee人事労務 API schema…' with no isError: the path does not exist, nothing was fetched",
  ),
  "fre-017": tool(
    "permission",
    "http_403",
    false,
    "isError 'アクセス拒否 (403): {…\"このアプリケーションにはアクセス権限がありません。\"}': the app lacks the permission; the server's own advice that it may be a rate limit and to wait minutes is a guess the body contradicts (see README, Ambiguous)",
  ),
  "fre-018": tool(
    "auth",
    "invalid_grant",
    false,
    'isError \'Token refresh failed: 401 {"error":"invalid_grant",…}\': the access token had expired and the token endpoint refused the refresh token; re-authentication is needed',
  ),
  "fre-019": silent(
    "auth",
    "expired_access_token",
    false,
    'an ordinary text \'事業所一覧の取得に失敗: 認証エラーが発生しました… 401 {…"code":"expired_access_token"}\' with no isError: the company list failed on an expired token',
  ),
  "fre-020": tool(
    "rate_limited",
    "http_429",
    true,
    "isError 'レートリミットに達しました (429): …' with '60秒後に再試行してください。' from Retry-After",
  ),
  "fre-021": tool(
    "internal",
    "http_500",
    true,
    "isError 'API request failed: 500 … サーバー内部でエラーが発生しました。': the API's internal error",
  ),
  "fre-022": tool(
    "transient",
    "http_502",
    true,
    "isError 'API request failed: 502 詳細: (JSON parse failed: Response body was not valid JSON)': a gateway's 502 page in front of the API",
  ),
  "fre-023": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out (the API answers 15 s late; the server waits 30 s)",
  ),
  "fre-024": tool(
    "transient",
    null,
    true,
    "isError 'APIリクエストエラー: fetch failed': the API could not be reached (connection refused; the cause is not shown)",
  ),
  "fre-025": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool freee_hr_list_employees not found'",
  ),
};
