// Verdicts for group r44-b, written from the captured exchanges (test/fixtures/server-corpus/groups/r44-b.jsonl)
// before anything was run on them. README.md lists the ambiguous ones.

import type { Verdict } from "../../verdicts.js";
import { ok, rpc, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // ── yahoo-finance-mcp ────────────────────────────────────────────────────────────────────────────────────────────
  "b-yf-001": ok("Apple's quote as JSON (price, volume, market cap)."),
  "b-yf-002": rpc(
    "internal",
    "-32602",
    true,
    "JSON-RPC error -32602 'Invalid tools/call result … expected string, received undefined at text': the unknown symbol made yahoo-finance2 return undefined and the server sent a text item with no text, which the SDK rejected. The server's own bug, not the caller's arguments: internal, retryable by the contract's default for internal (it will fail the same way).",
  ),
  "b-yf-003": ok("Five weeks of daily OHLCV bars for AAPL."),
  "b-yf-004": tool(
    "validation",
    null,
    false,
    "isError: \"yahooFinance.chart() option 'period1' invalid date provided: '1mo'\" — the tool's own default period is rejected by the library; an argument problem.",
  ),
  "b-yf-005": tool(
    "validation",
    null,
    false,
    "isError: 'No data found, symbol may be delisted' — the named symbol has no data; a missing thing, no code in the text.",
  ),
  "b-yf-006": tool(
    "validation",
    null,
    false,
    "isError: 'yahooFinance.chart called with invalid options.' for interval 2h — a bad argument.",
  ),
  "b-yf-007": ok("Symbol search for 'tesla': three listings and one news story."),
  "b-yf-008": ok("Search finds nothing: count 0, quotes [] and news [].", true),
  "b-yf-009": ok("Three news stories about Nvidia's earnings."),
  "b-yf-010": ok("Key statistics, financial data and the company profile for AAPL."),
  "b-yf-011": tool(
    "validation",
    null,
    false,
    "isError: 'Quote not found for symbol: APPL' — a misspelt symbol that does not exist.",
  ),
  "b-yf-012": tool(
    "validation",
    null,
    false,
    "The same call with the same arguments after b-yf-011 failed non-retryably, failing the same way: a wasted retry.",
    true,
  ),
  "b-yf-013": ok("Five symbols recommended alongside AAPL."),
  "b-yf-014": ok("Six trending US tickers."),
  "b-yf-015": ok("Day gainers screener: five rows of 112."),
  "b-yf-016": ok("Five index quotes (S&P 500, Dow, Nasdaq, Russell 2000, VIX)."),
  "b-yf-017": tool(
    "auth",
    null,
    false,
    "isError: 'Error: Invalid Crumb' — Yahoo refused the session token the client holds (its body was 401 Unauthorized, but only the description reaches the text). The client does not fetch a new crumb on it, so the same call fails again.",
  ),
  "b-yf-018": tool(
    "rate_limited",
    "http_429",
    true,
    "isError whose cause is nothing but the reason phrase 'Too Many Requests' after the wrapper's label: a quoted 429, rate limited, retryable.",
  ),
  "b-yf-019": tool(
    "transient",
    null,
    true,
    "isError carrying Yahoo's HTML 'Will be right back… Our engineers are working quickly to resolve the issue' page where JSON was expected, no status shown: a front end's outage page, transient, retryable.",
  ),
  "b-yf-020": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 4 s: -32001 Request timed out.",
  ),
  "b-yf-021": tool(
    "transient",
    null,
    true,
    "isError 'Error: fetch failed' with no code — the connection to Yahoo failed; transient, retryable.",
  ),
  "b-yf-022": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool get_earnings_calendar not found'.",
  ),
  "b-yf-023": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error … Required at symbol' — a missing argument.",
  ),
  "b-yf-024": tool(
    "rate_limited",
    "http_429",
    true,
    "isError 'Failed to get crumb, status 429, statusText: Too Many Requests' — Yahoo rate-limits the crumb request; quoted 429, retryable.",
  ),
  "b-yf-025": tool(
    "rate_limited",
    "http_429",
    true,
    "The same 429 on the crumb again; the previous failure was retryable, so not a wasted retry.",
  ),

  // ── alphavantage-stock-mcp ───────────────────────────────────────────────────────────────────────────────────────
  "b-av-001": ok("IBM's daily bars as text."),
  "b-av-002": ok("AAPL's weekly bars as text."),
  "b-av-003": ok("MSFT's monthly bars as text."),
  "b-av-004": ok("TSCO.LON's daily bars as text."),
  "b-av-005": ok("NVDA's daily bars (the default interval)."),
  "b-av-006": tool(
    "validation",
    null,
    false,
    "isError quoting Alpha Vantage's 'Invalid API call. Please retry or visit the documentation … for TIME_SERIES_DAILY.' — its answer for a symbol it does not have (APPL); a bad argument. 'Please retry' does not make the same call succeed later.",
  ),
  "b-av-007": tool(
    "validation",
    null,
    false,
    "The same call with the same arguments after b-av-006 failed non-retryably, failing the same way: a wasted retry.",
    true,
  ),
  "b-av-008": tool(
    "unknown",
    null,
    false,
    "isError 'No time series data found in the response'. Behind it was Alpha Vantage's per-minute frequency Note (HTTP 200), which the server only logs to stderr; the wire carries no sign of a rate limit, so no usable signal: unknown, not retryable by default.",
  ),
  "b-av-009": tool(
    "unknown",
    null,
    false,
    "isError 'No time series data found in the response'. Behind it was the free key's daily limit (an 'Information' body with HTTP 200), dropped by the server; the wire carries no usable signal: unknown.",
  ),
  "b-av-010": tool(
    "validation",
    "-32602",
    false,
    'isError \'MCP error -32602: Input validation error … expected one of "daily"|"weekly"|"monthly" at interval\'.',
  ),
  "b-av-011": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error … expected string, received undefined at symbol' — missing argument.",
  ),
  "b-av-012": tool(
    "internal",
    "http_500",
    true,
    "isError 'Request failed with status code 500' — the API's 500, internal, retryable.",
  ),
  "b-av-013": tool(
    "transient",
    "http_502",
    true,
    "isError 'Request failed with status code 502' — a bad gateway, transient, retryable.",
  ),
  "b-av-014": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 4 s: -32001 Request timed out.",
  ),
  "b-av-015": tool(
    "transient",
    "econnrefused",
    true,
    "isError 'connect ECONNREFUSED 127.0.0.1:45751' — the API (through its proxy) unreachable; transient, retryable.",
  ),
  "b-av-016": tool("unknown_tool", "-32602", false, "isError 'MCP error -32602: Tool get-quote not found'."),
  "b-av-017": ok("IBM's daily bars again after the failures."),
  "b-av-018": tool(
    "auth",
    null,
    false,
    "isError quoting 'the parameter apikey is invalid or missing. Please claim your free API key …' — a bad API key, auth.",
  ),
  "b-av-019": tool(
    "auth",
    null,
    false,
    "The same call with the same arguments after b-av-018 failed non-retryably (invalid key), failing again: a wasted retry.",
    true,
  ),
};
