// Group r44-b: stock market data APIs — an analyst's quotes, charts, fundamentals, news and screeners from Yahoo
// Finance through yahoo-finance-mcp (phields' server on yahoo-finance2), and daily, weekly and monthly price series from
// Alpha Vantage through alphavantage-stock-mcp (Xweety and Godfrey Huang's server on axios). Both published servers run
// behind loopback stand-ins (standins.ts).
//
//   (cd scripts/server-corpus/groups/r44-b && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r44-b

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  AV_BAD_KEY,
  AV_KEY,
  AV_PROXY_PORT,
  CERT,
  DATA,
  YAHOO_PROXY_PORT,
  avProxy,
  clearTimers,
  ensureCertificate,
  seen,
  state,
  unknownRequests,
  yahooProxy,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "yahoo-finance-mcp": "1.6.2",
  "alphavantage-stock-mcp": "2.0.2",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");

// yahoo-finance2 calls Node's built-in fetch, which ignores HTTPS_PROXY on Node 20: the preload makes undici's
// ProxyAgent the global dispatcher. Its hosts (finance.yahoo.com, query1/query2.finance.yahoo.com) are written into it.
const yahooEnv = {
  HOME,
  NODE_OPTIONS: `--import ${path.join(FROM, "proxy-preload.mjs")}`,
  HTTPS_PROXY: `http://127.0.0.1:${YAHOO_PROXY_PORT}`,
  NODE_EXTRA_CA_CERTS: CERT,
  TZ: "UTC",
};

const yahoo = (label: string) =>
  stdioServer(label, "yahoo-finance-mcp", { from: FROM, env: yahooEnv, cwd: path.join(DATA, "yahoo") });

const yahooSession: SessionSpec = {
  label: "r44-b-yahoo",
  server: "yahoo-finance-mcp",
  transport: "stdio",
  start: yahoo("r44-b-yahoo"),
  steps: [
    step(
      "b-yf-001",
      "get_quote",
      { symbol: "AAPL" },
      "Apple's quote (the first call fetches Yahoo's cookie and crumb)",
    ),
    step(
      "b-yf-002",
      "get_quote",
      { symbol: "ZZQXW" },
      "a symbol Yahoo does not know: quoteResponse.result is []",
    ),
    step(
      "b-yf-003",
      "get_historical_data",
      { symbol: "AAPL", period1: "2026-11-02", period2: "2026-12-05", interval: "1d" },
      "five weeks of daily bars (yahoo-finance2 maps historical() onto the v8 chart)",
    ),
    step(
      "b-yf-004",
      "get_chart",
      { symbol: "MSFT" },
      "a chart with the tool's own defaults: period1 '1mo', period2 'now'",
    ),
    step(
      "b-yf-005",
      "get_chart",
      { symbol: "TWTR", period1: "2026-11-02", period2: "2026-12-05" },
      "a delisted symbol: 404 chart.error Not Found",
    ),
    step(
      "b-yf-006",
      "get_chart",
      { symbol: "AAPL", period1: "2026-11-02", period2: "2026-12-05", interval: "2h" },
      "an interval Yahoo does not have",
    ),
    step("b-yf-007", "search_symbols", { query: "tesla" }, "a symbol search: three listings and a story"),
    step("b-yf-008", "search_symbols", { query: "zzqx holdings" }, "a search that finds nothing"),
    step("b-yf-009", "get_news", { query: "nvidia earnings", newsCount: 3 }, "three news stories"),
    step(
      "b-yf-010",
      "get_company_info",
      { symbol: "AAPL" },
      "key statistics and the company profile (two quoteSummary requests)",
    ),
    step(
      "b-yf-011",
      "get_quote_summary",
      { symbol: "APPL", modules: ["price", "summaryDetail"] },
      "a misspelt symbol: 404 quoteSummary.error Not Found",
    ),
    step(
      "b-yf-012",
      "get_quote_summary",
      { symbol: "APPL", modules: ["price", "summaryDetail"] },
      "the same call again, unchanged",
    ),
    step("b-yf-013", "get_recommendations", { symbol: "AAPL" }, "symbols Yahoo recommends alongside Apple"),
    step("b-yf-014", "get_trending_symbols", {}, "the US trending tickers"),
    step("b-yf-015", "get_daily_gainers", { count: 5 }, "the day-gainers screener, five rows"),
    step("b-yf-016", "get_market_summary", {}, "five index quotes"),
    step(
      "b-yf-017",
      "get_quote",
      { symbol: "MSFT" },
      "Yahoo no longer accepts the cached crumb: 401 finance.error Unauthorized, Invalid Crumb",
      flag("yfInvalidCrumb"),
    ),
    step(
      "b-yf-018",
      "get_quote_summary",
      { symbol: "AAPL", modules: ["price", "calendarEvents"] },
      "Yahoo's edge answers 429 Too Many Requests (plain text)",
      flag("yfRateLimited"),
    ),
    step(
      "b-yf-019",
      "search_symbols",
      { query: "microsoft" },
      "Yahoo's 503 'Will be right back...' page",
      flag("yfUnavailable"),
    ),
    step(
      "b-yf-020",
      "get_recommendations",
      { symbol: "NVDA" },
      "Yahoo answers 15 s late; the client waits 4 s",
      flag("yfSlow", { timeoutMs: 4000 }),
    ),
    step("b-yf-021", "get_trending_symbols", {}, "Yahoo unreachable", down(yahooProxy)),
    step("b-yf-022", "get_earnings_calendar", { symbol: "AAPL" }, "a tool the server does not have"),
    step("b-yf-023", "get_quote", {}, "no symbol argument"),
  ],
};

const yahooFreshSession: SessionSpec = {
  label: "r44-b-yahoo-fresh",
  server: "yahoo-finance-mcp",
  transport: "stdio",
  start: yahoo("r44-b-yahoo-fresh"),
  steps: [
    step(
      "b-yf-024",
      "get_quote",
      { symbol: "NVDA" },
      "a new process fetches a crumb and the getcrumb endpoint answers 429",
      flag("yfCrumbLimited"),
    ),
    step(
      "b-yf-025",
      "get_quote",
      { symbol: "NVDA" },
      "the same call again, still 429 on the crumb",
      flag("yfCrumbLimited"),
    ),
  ],
};

// axios follows HTTPS_PROXY itself: it sends the absolute https URL to the forward proxy (no tunnel). The server writes
// its winston logs to ./logs, so it runs in a folder of its own.
const av = (label: string, key: string) =>
  stdioServer(label, "alphavantage-stock-mcp", {
    from: FROM,
    cwd: path.join(DATA, "alphavantage"),
    env: {
      HOME,
      HTTPS_PROXY: `http://127.0.0.1:${AV_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      ALPHAVANTAGE_API_KEY: key,
    },
  });

const avSession: SessionSpec = {
  label: "r44-b-alphavantage",
  server: "alphavantage-stock-mcp",
  transport: "stdio",
  start: av("r44-b-alphavantage", AV_KEY),
  steps: [
    step("b-av-001", "get-stock-data", { symbol: "IBM", interval: "daily" }, "IBM's daily bars"),
    step("b-av-002", "get-stock-data", { symbol: "AAPL", interval: "weekly" }, "Apple's weekly bars"),
    step("b-av-003", "get-stock-data", { symbol: "MSFT", interval: "monthly" }, "Microsoft's monthly bars"),
    step(
      "b-av-004",
      "get-stock-data",
      { symbol: "TSCO.LON", interval: "daily" },
      "a London listing's daily bars",
    ),
    step("b-av-005", "get-stock-data", { symbol: "NVDA" }, "no interval: the tool's default, daily"),
    step(
      "b-av-006",
      "get-stock-data",
      { symbol: "APPL", interval: "daily" },
      "a misspelt symbol: 200 with Alpha Vantage's 'Error Message'",
    ),
    step(
      "b-av-007",
      "get-stock-data",
      { symbol: "APPL", interval: "daily" },
      "the same call again, unchanged",
    ),
    step(
      "b-av-008",
      "get-stock-data",
      { symbol: "IBM", interval: "daily" },
      "the per-minute call frequency is exceeded: 200 with a 'Note'",
      flag("avMinuteLimit"),
    ),
    step(
      "b-av-009",
      "get-stock-data",
      { symbol: "AAPL", interval: "weekly" },
      "the free key's 25 requests a day are spent: 200 with an 'Information'",
      flag("avDailyLimit"),
    ),
    step(
      "b-av-010",
      "get-stock-data",
      { symbol: "IBM", interval: "hourly" },
      "an interval the tool's enum lacks",
    ),
    step("b-av-011", "get-stock-data", { interval: "daily" }, "no symbol argument"),
    step(
      "b-av-012",
      "get-stock-data",
      { symbol: "MSFT", interval: "daily" },
      "Alpha Vantage answers 500 with an HTML page",
      flag("avServerError"),
    ),
    step(
      "b-av-013",
      "get-stock-data",
      { symbol: "NVDA", interval: "daily" },
      "nginx's 502 page",
      flag("avBadGateway"),
    ),
    step(
      "b-av-014",
      "get-stock-data",
      { symbol: "IBM", interval: "weekly" },
      "Alpha Vantage answers 15 s late; the client waits 4 s",
      flag("avSlow", { timeoutMs: 4000 }),
    ),
    step(
      "b-av-015",
      "get-stock-data",
      { symbol: "AAPL", interval: "daily" },
      "Alpha Vantage unreachable",
      down(avProxy),
    ),
    step("b-av-016", "get-quote", { symbol: "IBM" }, "a tool the server does not have"),
    step("b-av-017", "get-stock-data", { symbol: "IBM", interval: "daily" }, "IBM again, after the failures"),
  ],
};

const avBadKeySession: SessionSpec = {
  label: "r44-b-alphavantage-badkey",
  server: "alphavantage-stock-mcp",
  transport: "stdio",
  start: av("r44-b-alphavantage-badkey", AV_BAD_KEY),
  steps: [
    step(
      "b-av-018",
      "get-stock-data",
      { symbol: "IBM", interval: "daily" },
      "a mistyped API key: 200 with 'the parameter apikey is invalid or missing'",
    ),
    step(
      "b-av-019",
      "get-stock-data",
      { symbol: "IBM", interval: "daily" },
      "the same call again, unchanged",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [yahooSession, yahooFreshSession, avSession, avBadKeySession];

export async function prepare(): Promise<() => Promise<void>> {
  for (const dir of [HOME, path.join(DATA, "yahoo"), path.join(DATA, "alphavantage")]) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
  }
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
